"""Input no page or API route was made for gets a 4xx that says why: never a 500.

On SQLite and PostgreSQL alike: integers too large for a column, lone
surrogates, NUL characters, line breaks in a redirect target, and JSON
objects that give a key twice.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from tests.web.conftest import FOUR, bavarian_list

HUGE = "9" * 30
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def held(client: FlaskClient, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """A list made through the API whose edit key this client holds."""
    made = client.post("/api/lists", json={**bavarian_list(), "deals": deals}).get_json()
    client.get(made["edit_url"])
    return dict(made)


def stored_deals(app: Flask) -> int:
    with app.app_context():
        return db.session.query(DealRow).filter(DealRow.deleted_at.is_(None)).count()


def test_a_huge_preset_number_on_the_new_list_page_is_not_found(client: FlaskClient) -> None:
    assert client.get(f"/new?preset={HUGE}").status_code == 404
    assert client.get(f"/new?preset=-{HUGE}").status_code == 404


def test_a_huge_preset_number_to_delete_is_not_found(client: FlaskClient) -> None:
    assert client.post("/presets", data={"action": "delete", "preset_id": HUGE}).status_code < 500
    assert client.get(f"/presets/{HUGE}/delete").status_code == 404
    assert client.post(f"/presets/{HUGE}/delete", data={"confirm": "y"}).status_code == 404


def test_a_huge_deal_number_to_undo_restore_or_delete_changes_nothing(app: Flask, client: FlaskClient) -> None:
    made = held(client, [SAUSPIEL])
    base = f"/l/{made['id']}"
    assert client.post(f"{base}/undo", data={"last": HUGE}).status_code < 500
    assert client.post(f"{base}/deals/{HUGE}/restore").status_code == 404
    assert client.post(f"{base}/deals/1/delete", data={"deal": HUGE}).status_code == 404
    assert client.post(f"{base}/deals/{HUGE}/delete", data={"deal": "1"}).status_code == 404
    assert stored_deals(app) == 1


@pytest.mark.parametrize("bad", ["\ud800", "Do\udfffra", "Do\x00ra"])
def test_a_name_with_a_lone_surrogate_or_a_nul_is_refused_by_the_api_and_import(
    app: Flask, client: FlaskClient, bad: str
) -> None:
    document = {"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", bad]}
    body = json.dumps(document)  # lone surrogates and NUL travel as \u escapes
    refused = client.post("/api/lists", data=body, content_type="application/json")
    assert refused.status_code == 422 and refused.get_json()["key"] == "players"
    page = client.post("/import", data={"text": body})
    assert page.status_code == 200 and "not allowed here" in page.get_data(as_text=True)
    titled = client.post("/api/lists", data=json.dumps({**bavarian_list(), "title": bad}),
                         content_type="application/json")
    assert titled.status_code == 422 and titled.get_json()["key"] == "title"
    with app.app_context():
        assert db.session.query(ScoreListRow).count() == 0


def test_a_lone_surrogate_anywhere_in_an_imported_file_gets_a_page_not_a_500(client: FlaskClient) -> None:
    for document in (
        {"rules": {"preset": "bavarian", "\udead": 1}, "players": FOUR},
        {"rules": {"preset": "\ud800"}, "players": FOUR},
        {**bavarian_list(), "deals": [{"game": "solo", "declarer": "\ud800", "points": 70}]},
        {**bavarian_list(), "\ud800": 1},
    ):
        page = client.post("/import", data={"text": json.dumps(document)})
        assert page.status_code == 200, document


def test_a_nul_in_a_title_or_preset_name_from_a_form_is_refused_at_the_field(client: FlaskClient) -> None:
    from tests.web.test_pages import form_defaults

    form = form_defaults(client, "bavarian")
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora",
                 "title": "Stamm\x00tisch"})
    page = client.post("/new?family=bavarian", data=form)
    assert page.status_code == 200 and "not allowed here" in page.get_data(as_text=True)
    form.update({"title": "", "save_house_rules": "Wirts\x00haus"})
    assert client.post("/new?family=bavarian", data=form).status_code == 302
    made = held(client, [])
    saved = client.post("/presets", data={"action": "save", "list_id": made["id"], "name": "Wirts\x00haus"})
    assert saved.status_code == 200 and "not allowed here" in saved.get_data(as_text=True)


@pytest.mark.parametrize("target", ["/\r\nSet-Cookie: x=1", "/x\ny", "/\x00", "/%0d%0a"])
def test_a_language_switch_back_to_a_target_with_a_line_break_is_refused(client: FlaskClient, target: str) -> None:
    answer = client.get("/lang/de", query_string={"next": target})
    if "%" in target:  # the escaped form is a plain path of this site
        assert answer.status_code == 302 and "\n" not in answer.headers["Location"]
    else:
        assert answer.status_code == 400
        assert "x=1" not in answer.headers.get("Set-Cookie", "")
        assert "control character" in answer.get_data(as_text=True)


def test_a_deal_body_that_gives_a_key_twice_is_refused_like_an_imported_file(
    app: Flask, client: FlaskClient
) -> None:
    made = held(client, [SAUSPIEL])
    headers = {"X-Edit-Key": made["edit_key"], "Content-Type": "application/json"}
    body = '{"game": "solo", "declarer": "Anna", "points": 90, "points": 30}'
    base = f"/api/lists/{made['id']}"
    for method, path in (("POST", f"{base}/deals"), ("PUT", f"{base}/deals/1"), ("POST", f"{base}/preview")):
        refused = client.open(path, method=method, data=body, headers=headers)
        assert refused.status_code == 400, (method, path)
        assert "given twice" in refused.get_json()["error"]
    nested = json.dumps(bavarian_list())[:-1] + ', "rules": {"preset": "german"}}'
    created = client.post("/api/lists", data=nested, headers=headers)
    assert created.status_code == 400 and "given twice" in created.get_json()["error"]
    assert client.get(base).get_json()["deals"][0]["points"] == 72
    assert stored_deals(app) == 1
