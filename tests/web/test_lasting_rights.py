"""Edit rights and a phone's lists last past a browser restart; a new list asks once to keep its edit link."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.web import access
from tests.web.conftest import FOUR, bavarian_list
from tests.web.test_pages import edit_keys, form_defaults, text


def session_cookie_header(response: Any) -> str:
    """The Set-Cookie header of the session cookie in an answer."""
    found = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("session=")]
    assert len(found) == 1, response.headers.getlist("Set-Cookie")
    return found[0]


def new_list_by_form(client: FlaskClient) -> str:
    form = form_defaults(client, "bavarian")
    form.update({f"player_{i}": name for i, name in enumerate(FOUR, start=1)})
    response = client.post("/new?family=bavarian", data=form)
    assert response.status_code == 302, text(response)
    return str(response.headers["Location"]).rsplit("/", 1)[-1]


def test_the_session_cookie_of_an_editing_phone_lasts_400_days_and_keeps_its_protections(
    client: FlaskClient,
) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    header = session_cookie_header(client.get(made["edit_url"]))
    attributes = {part.split("=", 1)[0].strip().lower(): part.split("=", 1)[-1]
                  for part in header.split(";")[1:]}
    expires = parsedate_to_datetime(attributes["expires"])
    assert expires - datetime.now(timezone.utc) > timedelta(days=399)
    assert "httponly" in attributes and "secure" in attributes
    assert attributes["samesite"] == "Lax"


def test_a_phone_that_only_watched_a_list_keeps_it_on_its_home_page_too(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={**bavarian_list(), "title": "Watched only"}).get_json()
    header = session_cookie_header(client.get(made["url"]))
    assert "Expires=" in header
    assert "Watched only" in text(client.get("/"))


def test_the_oldest_edit_key_goes_first_when_a_phone_holds_too_many(
    app: Flask, client: FlaskClient
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "1000 per minute"
    made = [client.post("/api/lists", json=bavarian_list()).get_json() for _ in range(access.REMEMBERED + 1)]
    for one in made:
        client.get(one["edit_url"])
    kept = edit_keys(client)
    assert len(kept) == access.REMEMBERED
    assert made[0]["id"] not in kept and made[1]["id"] in kept and made[-1]["id"] in kept
    assert client.post(f"/l/{made[0]['id']}/finish").status_code == 403
    assert client.post(f"/l/{made[-1]['id']}/finish").status_code == 302


def test_a_deleted_lists_rights_and_place_on_the_home_page_are_dropped(client: FlaskClient) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    client.get(made["edit_url"])
    client.get(made["url"])
    assert made["id"] in edit_keys(client)
    response = client.post(f"/l/{made['id']}/delete", data={"confirm": "y"})
    assert response.status_code == 302
    assert made["id"] not in edit_keys(client)
    with client.session_transaction() as session:
        assert made["id"] not in session.get("seen_lists", [])


def test_a_new_lists_page_asks_once_to_keep_the_edit_link(client: FlaskClient) -> None:
    list_id = new_list_by_form(client)
    response = client.get(f"/l/{list_id}")
    assert response.headers["Cache-Control"] == "private, no-store"  # it holds the edit link
    first = text(response)
    assert 'id="keep-link-heading"' in first
    key_link = first.split('<p class="link"><a href="', 1)[1].split('"', 1)[0]
    assert f"/l/{list_id}?key=" in key_link
    assert f"/l/{list_id}/qr.svg?link=edit" in first
    assert "data-copy=" in first and "data-share-url=" in first and "data-dismiss" in first
    again = text(client.get(f"/l/{list_id}"))
    assert 'id="keep-link-heading"' not in again


def test_only_the_phone_that_made_the_list_is_asked(app: Flask, client: FlaskClient) -> None:
    list_id = new_list_by_form(client)
    other = app.test_client()
    assert 'id="keep-link-heading"' not in text(other.get(f"/l/{list_id}"))
    assert 'id="keep-link-heading"' in text(client.get(f"/l/{list_id}"))


def test_an_imported_list_asks_to_keep_its_edit_link_too(client: FlaskClient) -> None:
    import json

    response = client.post("/import", data={"text": json.dumps(bavarian_list())})
    assert response.status_code == 302, text(response)
    assert 'id="keep-link-heading"' in text(client.get(response.headers["Location"]))


def test_a_list_deleted_on_another_phone_is_dropped_when_the_home_page_opens(
    app: Flask, client: FlaskClient
) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    kept = client.post("/api/lists", json=bavarian_list()).get_json()
    for one in (made, kept):
        client.get(one["edit_url"])
    other = app.test_client()
    other.get(made["edit_url"])
    assert other.post(f"/l/{made['id']}/delete", data={"confirm": "y"}).status_code == 302
    assert made["id"] in edit_keys(client)
    client.get("/")
    assert made["id"] not in edit_keys(client) and kept["id"] in edit_keys(client)
    with client.session_transaction() as session:
        assert made["id"] not in session.get("seen_lists", [])


def test_the_language_chosen_lasts_too(client: FlaskClient) -> None:
    header = session_cookie_header(client.get("/lang/de"))
    assert "Expires=" in header


def test_a_lasting_session_is_sent_again_once_a_day_not_with_every_answer(client: FlaskClient) -> None:
    """Each cookie sent is the session as its request found it: a slow answer
    sent with every response would undo a change made meanwhile (the language
    just chosen, while a service worker's fetch was on its way)."""
    client.get("/lang/de?next=/")
    client.get("/")  # the first page's form puts its CSRF token into the session
    assert [h for h in client.get("/").headers.getlist("Set-Cookie") if h.startswith("session=")] == []
    with client.session_transaction() as session:
        session["renewed"] = (datetime.now(timezone.utc) - timedelta(days=1)).date().isoformat()
    renewed = session_cookie_header(client.get("/"))
    assert "Expires=" in renewed
    with client.session_transaction() as session:
        assert session["lang"] == "de" and session["renewed"] == datetime.now().date().isoformat()


def test_a_page_seen_again_sends_no_cookie_so_it_cannot_undo_a_change_made_meanwhile(
    client: FlaskClient,
) -> None:
    """A service worker fetches the edit link again while the phone switches language:
    an answer that changes nothing must not write back the session it started with."""
    made = client.post("/api/lists", json=bavarian_list()).get_json()

    def cookies(path: str) -> list[str]:
        return [h for h in client.get(path).headers.getlist("Set-Cookie") if h.startswith("session=")]

    assert cookies(made["edit_url"])  # the edit key is kept: the session is written
    client.get(made["url"])  # the page's form puts its CSRF token into the session
    assert cookies(made["edit_url"]) == []
    assert cookies(made["url"]) == []
