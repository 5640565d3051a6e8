"""Edit keys stay secret: not derivable from the database, not in logs, not readable in the cookie."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.conftest import FOUR, bavarian_list
from tests.web.test_pages import form_defaults


def stored_row(app: Flask, list_id: str) -> dict[str, Any]:
    with app.app_context():
        row = db.session.get(ScoreListRow, list_id)
        return {column.name: getattr(row, column.key) for column in ScoreListRow.__table__.columns}


def list_id_of(response: Any) -> str:
    return str(response.headers["Location"]).rsplit("/", 1)[-1]


def test_a_creation_token_read_from_the_database_gives_no_edit_key(app: Flask) -> None:
    phone, thief = app.test_client(), app.test_client()
    form = form_defaults(phone, "bavarian")
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora"})
    made = phone.post("/new?family=bavarian", data=form)
    list_id = list_id_of(made)
    row = stored_row(app, list_id)
    assert form["once"] not in json.dumps(row, default=str)
    # Whoever reads the database (a backup, a replica) replays what it holds.
    replayed = thief.post("/new?family=bavarian", data={**form, "once": row["creation_token"]})
    assert list_id_of(replayed) != list_id
    assert thief.post(f"/l/{list_id}/finish").status_code == 403
    # The phone that sent the form twice still finds its list and may edit it.
    again = phone.post("/new?family=bavarian", data=form)
    assert list_id_of(again) == list_id
    assert phone.post(f"/l/{list_id}/finish").status_code == 302


def test_an_import_token_read_from_the_database_gives_no_edit_key(app: Flask) -> None:
    phone, thief = app.test_client(), app.test_client()
    text = json.dumps(bavarian_list())
    made = phone.post("/import", data={"text": text, "once": "a-token-only-this-phone-knows"})
    list_id = list_id_of(made)
    token = stored_row(app, list_id)["creation_token"]
    assert token != "a-token-only-this-phone-knows"
    replayed = thief.post("/import", data={"text": text, "once": token})
    assert list_id_of(replayed) != list_id
    assert thief.post(f"/l/{list_id}/finish").status_code == 403
