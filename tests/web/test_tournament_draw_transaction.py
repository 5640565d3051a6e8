"""Drawing a round stores its tables' lists and the round together, or nothing of it."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, TournamentRoundRow, TournamentTableRow
from scorer.web.services import tournament_draw as tournaments
from scorer.web.services.lists import create_list
from tests.web.test_tournaments_api import create, draw, names, read


class Broken(RuntimeError):
    """The failure injected midway through a draw."""


def stored(app: Flask) -> tuple[int, int, int]:
    """How many lists, rounds and tables are stored."""
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model))  # type: ignore[return-value]
                     for model in (ScoreListRow, TournamentRoundRow, TournamentTableRow))


def test_a_draw_that_fails_midway_stores_nothing_of_the_round(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client, players=names(16))
    made_lists: list[Any] = []
    real = create_list

    def fails_at_the_third(*args: Any, **kwargs: Any) -> Any:
        if len(made_lists) == 2:
            raise Broken("the database went away")
        made_lists.append(real(*args, **kwargs))
        return made_lists[-1]

    monkeypatch.setattr(tournaments, "create_list", fails_at_the_third)
    with pytest.raises(Broken):
        draw(client, made, round=1, seed="fixed")
    assert len(made_lists) == 2  # two lists were made before the failure
    assert stored(app) == (0, 0, 0)
    assert read(client, made)["rounds"] == []
    monkeypatch.setattr(tournaments, "create_list", real)
    again = draw(client, made, round=1, seed="fixed")
    assert again.status_code == 201
    assert stored(app) == (4, 1, 4)
    for table in again.get_json()["tables"]:
        assert client.get(f"/api/lists/{table['list']['id']}").status_code == 200


def test_a_round_that_cannot_be_stored_takes_its_lists_with_it(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client, players=names(8))
    original = db.session.add_all

    def refuses_the_tables(rows: Any) -> None:
        rows = list(rows)
        if rows and isinstance(rows[0], TournamentTableRow):
            raise Broken("no room for the tables")
        original(rows)

    monkeypatch.setattr(db.session, "add_all", refuses_the_tables)
    with pytest.raises(Broken):
        draw(client, made)
    assert stored(app) == (0, 0, 0)
