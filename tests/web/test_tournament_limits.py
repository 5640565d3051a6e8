"""A tournament pays for its lists when it is made, from a budget of its own; its draws cost nothing."""

from __future__ import annotations

import re
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from scorer.web.services.tournament_budget import registration_cost, require_paid
from scorer.web.services.base import Conflict
from tests.web.conftest import bavarian_list
from tests.web.test_tournament_pages import form
from tests.web.test_tournaments_api import create, draw, names, tournament


def stored(app: Flask, model: Any) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0)


def test_the_default_budget_lets_a_large_tournament_be_made_a_few_times_a_day(app: Flask) -> None:
    assert app.config["TOURNAMENT_LIST_LIMIT"] == "2400 per day"


def test_a_client_cannot_make_more_lists_by_tournaments_than_its_budget(app: Flask, client: FlaskClient) -> None:
    # 8 participants fill 2 tables: 3 rounds cost 6 lists, so the budget of 20 pays for three.
    app.config["TOURNAMENT_LIST_LIMIT"] = "20 per minute"
    made = [create(client, players=names(8)) for _ in range(3)]
    over = client.post("/api/tournaments", json=tournament(players=names(8)))
    assert over.status_code == 429 and over.get_json()["error"]
    assert stored(app, TournamentRow) == 3  # refused: nothing made
    # Two lists are left: a tournament that needs no more still fits.
    assert create(client, players=names(4), rounds=2)["id"]
    assert client.post("/api/tournaments", json=tournament(players=names(4), rounds=1)).status_code == 429
    for tournament_made in made:
        for number in (1, 2, 3):
            assert draw(client, tournament_made, round=number).status_code == 201
    assert stored(app, ScoreListRow) == 18


def test_a_tournament_dearer_than_the_whole_budget_is_refused(app: Flask, client: FlaskClient) -> None:
    app.config["TOURNAMENT_LIST_LIMIT"] = "5 per minute"
    assert client.post("/api/tournaments", json=tournament(players=names(8))).status_code == 429
    assert stored(app, TournamentRow) == 0
    # A refusal costs nothing: what fits is still made.
    assert create(client, players=names(8), rounds=2)["id"]


def test_each_client_has_a_tournament_budget_of_its_own(app: Flask, client: FlaskClient) -> None:
    app.config["TOURNAMENT_LIST_LIMIT"] = "6 per minute"
    create(client, players=names(8))
    assert client.post("/api/tournaments", json=tournament(players=names(8))).status_code == 429
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert other.post("/api/tournaments", json=tournament(players=names(8))).status_code == 201


def test_draws_never_touch_the_list_budget(app: Flask, client: FlaskClient) -> None:
    app.config["LIST_CREATION_LIMIT"] = "1 per minute"
    made = create(client, players=names(40))
    for number in (1, 2, 3):
        assert draw(client, made).status_code == 201
    assert stored(app, ScoreListRow) == 30
    # The venue's one list is still there to make, and the budget still holds after it.
    assert client.post("/api/lists", json=bavarian_list()).status_code == 201
    assert client.post("/api/lists", json=bavarian_list()).status_code == 429


def test_the_tournament_form_pays_from_the_tournament_budget(app: Flask, client: FlaskClient) -> None:
    app.config["TOURNAMENT_LIST_LIMIT"] = "6 per minute"
    made = client.post("/t/new", data=form())  # 8 participants, 3 rounds: 6 lists
    assert made.status_code == 302
    tournament_id = re.fullmatch(r"/t/([\w-]+)", made.headers["Location"]).group(1)  # type: ignore[union-attr]
    assert client.post("/t/new", data=form(name="Another cup")).status_code == 429
    assert stored(app, TournamentRow) == 1
    with app.app_context():
        row = db.session.get(TournamentRow, tournament_id)
        assert row is not None and row.name == "Schafkopf-Cup"


def test_a_400_player_6_round_tournament_draws_every_round(app: Flask, client: FlaskClient) -> None:
    app.config["LIST_CREATION_LIMIT"] = "1 per minute"
    made = create(client, players=names(400), rounds=6, deals_per_round=32)
    for number in range(1, 7):
        response = draw(client, made, round=number)
        assert response.status_code == 201, response.get_json()
        assert len(response.get_json()["tables"]) == 100
    assert stored(app, ScoreListRow) == 600
    assert client.post("/api/lists", json=bavarian_list()).status_code == 201


def test_late_participants_pay_for_the_tables_they_add(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=3)
    with app.app_context():
        row = db.session.get(TournamentRow, made["id"])
        assert row is not None
        assert registration_cost(row, 8, 1) == 3  # a ninth opens a third table in each of 3 rounds
        assert registration_cost(row, 9, 3) == 0  # up to twelve fill it
        assert registration_cost(row, 12, 5) == 6


def test_a_draw_is_bounded_by_the_lists_its_tournament_paid_for(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2)
    assert draw(client, made, round=1).status_code == 201
    with app.app_context():
        row = db.session.get(TournamentRow, made["id"])
        assert row is not None
        # Two tables more than the round drew (as if stored behind the draw's back): all 4 paid are used.
        first = db.session.scalar(sa.select(TournamentRoundRow).where(TournamentRoundRow.tournament_id == row.id))
        assert first is not None
        db.session.add_all(TournamentTableRow(round_id=first.id, number=n, seats=[]) for n in (3, 4))
        db.session.commit()
        try:
            require_paid(row, 2)
        except Conflict as refused:
            assert "paid for 4" in str(refused)
        else:
            raise AssertionError("a draw past what was paid went ahead")
    response = draw(client, made, round=2)
    assert response.status_code == 409 and "paid for" in response.get_json()["error"]
    assert stored(app, ScoreListRow) == 2
