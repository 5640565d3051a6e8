"""One rule for names and titles on every path: the form, the API, import and the list file."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine.values import MAX_NAME, MAX_TITLE
from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.test_pages import form_defaults


def document(players: list[str], **more: Any) -> dict[str, Any]:
    return {"rules": {"preset": "bavarian"}, "players": players, **more}


def lists_stored(app: Flask) -> int:
    with app.app_context():
        return db.session.query(ScoreListRow).count()


def test_a_name_of_200_kilobytes_is_refused_by_the_api_and_by_import(app: Flask, client: FlaskClient) -> None:
    huge = "x" * 200_000
    players = ["Anna", "Bene", "Chris", huge]
    refused = client.post("/api/lists", json=document(players))
    assert refused.status_code == 422
    assert refused.get_json()["key"] == "players"
    assert f"longer than {MAX_NAME} characters" in refused.get_json()["error"]
    page = client.post("/import", data={"text": json.dumps(document(players))})
    assert page.status_code == 200 and f"longer than {MAX_NAME} characters" in page.get_data(as_text=True)
    assert lists_stored(app) == 0


def test_the_form_api_and_import_take_names_up_to_the_same_limit(app: Flask, client: FlaskClient) -> None:
    longest = "N" * MAX_NAME
    assert client.post("/api/lists", json=document(["Anna", "Bene", "Chris", longest])).status_code == 201
    assert client.post("/import", data={"text": json.dumps(document(["A", "B", "C", longest]))}).status_code == 302
    form = form_defaults(client, "bavarian")
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": longest})
    assert client.post("/new?family=bavarian", data=form).status_code == 302
    form = form_defaults(client, "bavarian")
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": longest + "N"})
    assert client.post("/new?family=bavarian", data=form).status_code == 200
    assert client.post("/api/lists", json=document(["Anna", "Bene", "Chris", longest + "N"])).status_code == 422
    assert lists_stored(app) == 3


@pytest.mark.parametrize("twin", ["anna", "\uff21nna", "An\u200bna", "\u200fAnna", " Anna"])
def test_names_that_only_look_different_are_refused_by_the_api_and_import_as_by_the_form(
    app: Flask, client: FlaskClient, twin: str
) -> None:
    players = ["Anna", "Bene", "Chris", twin]
    refused = client.post("/api/lists", json=document(players))
    assert refused.status_code == 422 and "names must differ" in refused.get_json()["error"]
    page = client.post("/import", data={"text": json.dumps(document(players))})
    assert page.status_code == 200 and "names must differ" in page.get_data(as_text=True)
    assert lists_stored(app) == 0


def test_a_title_longer_than_the_limit_is_refused_by_the_api_as_by_the_form(
    app: Flask, client: FlaskClient
) -> None:
    players = ["Anna", "Bene", "Chris", "Dora"]
    refused = client.post("/api/lists", json=document(players, title="T" * (MAX_TITLE + 1)))
    assert refused.status_code == 422 and refused.get_json()["key"] == "title"
    made = client.post("/api/lists", json=document(players, title="T" * MAX_TITLE)).get_json()
    assert client.get(f"/api/lists/{made['id']}").get_json()["title"] == "T" * MAX_TITLE
    assert lists_stored(app) == 1
