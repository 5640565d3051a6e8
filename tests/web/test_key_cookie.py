"""An edit link's key handed over in the proxy's cookie opens the page as ``?key=`` does.

Behind nginx (deploy/nginx.conf) no address with a key reaches the app:
nginx sets the ``edit_key`` cookie for the link's page, for a minute, and
sends the phone there without the query. The app takes the cookie on that
page and deletes it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import bavarian_list

TOURNAMENT = {"name": "Cup", "rules": {"preset": "sheepshead"}, "rounds": 2, "deals_per_round": 20,
              "players": ["Anna", "Bene", "Chris", "Dora", "Emil", "Fritz", "Gerd", "Hanna", "Ida", "Jakob"]}


def handed_over(phone: FlaskClient, path: str, key: str) -> Any:
    """Open ``path`` with the key in the cookie nginx sets for it; the answer."""
    phone.set_cookie("edit_key", key, path=path, secure=True, httponly=True, samesite="Lax")
    return phone.get(path)


def cookie_deleted(answer: Any, path: str) -> bool:
    """Tell whether the answer deletes the ``edit_key`` cookie of ``path``."""
    return any(header.startswith("edit_key=;") and f"Path={path}" in header and "Max-Age=0" in header
               for header in answer.headers.getlist("Set-Cookie"))


def test_a_list_s_key_in_the_cookie_gives_the_phone_its_edit_rights(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    path = made["url"].removeprefix("http://localhost")
    phone = app.test_client()
    assert phone.post(f"{path}/finish").status_code == 403
    answer = handed_over(phone, path, made["edit_key"])
    assert answer.status_code == 302 and answer.headers["Location"] == path
    assert cookie_deleted(answer, path)
    assert phone.get_cookie("edit_key", path=path) is None
    assert phone.post(f"{path}/finish").status_code == 302


def test_a_group_s_and_a_tournament_s_key_in_the_cookie_open_their_pages_for_editing(
    app: Flask, client: FlaskClient,
) -> None:
    group = client.post("/api/groups", json={"name": "Stammtisch", "players": ["Anna", "Bene", "Chris"]}).get_json()
    tournament = client.post("/api/tournaments", json=TOURNAMENT).get_json()
    # A group's editor is shown its edit link; a tournament's organiser, the draw.
    for made, editing in ((group, f"key={group['edit_key']}"), (tournament, "Draw round 1")):
        path = made["url"].removeprefix("http://localhost")
        phone = app.test_client()
        assert editing not in phone.get(path).get_data(as_text=True)
        answer = handed_over(phone, path, made["edit_key"])
        assert answer.status_code == 302 and answer.headers["Location"] == path
        assert cookie_deleted(answer, path)
        assert editing in phone.get(path).get_data(as_text=True), path


def test_a_wrong_key_in_the_cookie_says_so_and_gives_no_rights(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    path = made["url"].removeprefix("http://localhost")
    phone = app.test_client()
    answer = handed_over(phone, path, "a-guess-that-fits-nothing")
    assert answer.status_code == 302 and cookie_deleted(answer, path)
    assert "does not fit this list" in phone.get(path).get_data(as_text=True)
    assert phone.post(f"{path}/finish").status_code == 403

