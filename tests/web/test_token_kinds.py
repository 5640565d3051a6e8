"""One-time tokens and Idempotency-Keys: each kind of thing made has a namespace of its own."""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import GroupRow, ScoreListRow, TournamentRow
from scorer.web.services import hash_key

FORM = {"family": "bavarian", "player_1": "Anna", "player_2": "Bene", "player_3": "Chris",
        "player_4": "Dora", "ends_kind": "open", "games": ["sauspiel", "solo"]}
TOURNAMENT = {"name": "Cup", "rules": {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"],
                                       "table_points": {"system": "1/5"}},
              "players": [f"Player {n}" for n in range(1, 9)], "rounds": 1, "deals_per_round": 8}


def only_list(app: Flask) -> ScoreListRow:
    with app.app_context():
        return db.session.scalars(db.select(ScoreListRow)).one()


def make_tournament(client: FlaskClient, key: str) -> dict[str, Any]:
    made = client.post("/api/tournaments", json=TOURNAMENT, headers={"Idempotency-Key": key})
    assert made.status_code == 201, made.get_json()
    return dict(made.get_json())


def test_a_list_made_with_a_tournament_s_token_does_not_get_the_tournament_s_key(
    app: Flask, client: FlaskClient,
) -> None:
    assert client.post("/new", data={**FORM, "once": "tournament:K"}).status_code == 302
    made = make_tournament(client, "K")
    assert only_list(app).edit_key_hash != hash_key(made["edit_key"])


def test_a_tournament_made_first_does_not_hand_its_key_to_a_list_made_with_its_token(
    app: Flask, client: FlaskClient,
) -> None:
    made = make_tournament(client, "K")
    assert client.post("/new", data={**FORM, "once": "tournament:K"}).status_code == 302
    with app.app_context():
        kept = db.session.get(TournamentRow, made["id"])
        assert kept is not None and kept.edit_key_hash == hash_key(made["edit_key"])
    assert only_list(app).edit_key_hash != hash_key(made["edit_key"])


def test_a_group_and_a_list_made_with_one_token_get_different_keys(app: Flask, client: FlaskClient) -> None:
    assert client.post("/new", data={**FORM, "once": "same-token"}).status_code == 302
    made = client.post("/groups/new", data={"name": "Stammtisch", "players": "Anna\nBene\nChris\nDora",
                                            "once": "same-token"})
    assert made.status_code == 302
    with app.app_context():
        group = db.session.scalars(db.select(GroupRow)).one()
        assert group.edit_key_hash != only_list(app).edit_key_hash


def test_a_list_s_token_stored_as_before_still_finds_its_list_and_its_key(app: Flask, client: FlaskClient) -> None:
    token = "a-form-sent-before"
    first = client.post("/new", data={**FORM, "once": token})
    row = only_list(app)
    # What a list's token was stored as, and its key derived from, before kinds had namespaces.
    assert row.creation_token == hashlib.sha256(b"creation-token:" + token.encode()).hexdigest()
    secret = str(app.config["SECRET_KEY"]).encode()
    key = base64.urlsafe_b64encode(hmac.new(secret, b"edit-key:" + token.encode(), hashlib.sha256)
                                   .digest()[:24]).decode()
    assert row.edit_key_hash == hash_key(key)
    again = client.post("/new", data={**FORM, "once": token})
    assert again.headers["Location"] == first.headers["Location"]
    assert only_list(app).id == row.id
