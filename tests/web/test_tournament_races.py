"""Draws and creations sent at once from several phones: one is made, every sender is answered it.

Each request runs in a thread of its own against the app. So that the
race is certain (not left to the scheduler), every thread is held after it
looked for what was made before, until all of them have looked: each then
goes on to make the round or the tournament itself, and all but one meet
the unique constraint.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, TournamentRoundRow, TournamentRow
from scorer.web.services import tournament_draw, tournaments
from tests.web.test_tournaments_api import create, names, tournament

SENDERS = 4


def stored(app: Flask, model: Any) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0)


@contextmanager
def held_after_first_look(
    monkeypatch: pytest.MonkeyPatch, module: Any, name: str,
) -> Iterator[None]:
    """Hold each thread after its first call of ``module.name`` until every sender has made it."""
    gate = threading.Barrier(SENDERS)
    looked = threading.local()
    real: Callable[..., Any] = getattr(module, name)

    def looks_then_waits(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        if not getattr(looked, "once", False):
            looked.once = True
            gate.wait(timeout=60)  # a sender that never comes breaks the gate instead of hanging
        return found

    monkeypatch.setattr(module, name, looks_then_waits)
    yield


def at_once(app: Flask, send: Callable[[Any], Any]) -> list[tuple[int, Any]]:
    """Send from SENDERS threads at once, each with a client of its own; answer each status and body."""
    answers: list[tuple[int, Any]] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def sender() -> None:
        try:
            response = send(app.test_client())
            with lock:
                answers.append((response.status_code, response.get_json()))
        except BaseException as error:  # noqa: BLE001 - a 500 surfaces here in testing
            with lock:
                failures.append(error)

    threads = [threading.Thread(target=sender) for _ in range(SENDERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    return answers


def drawn_once(app: Flask, answers: list[tuple[int, Any]], number: int) -> None:
    """Every answer is 200 or 201 with the one round stored, and one of them drew it."""
    assert sorted(status for status, _body in answers) == [200] * (SENDERS - 1) + [201], answers
    assert {body["round"] for _status, body in answers} == {number}
    tables = [[(t["table"], t["players"], t["list"]["id"]) for t in body["tables"]] for _s, body in answers]
    assert all(seen == tables[0] for seen in tables)
    assert stored(app, TournamentRoundRow) == number
    assert stored(app, ScoreListRow) == 2 * number


@pytest.mark.parametrize("headers", [{}, {"Idempotency-Key": "round-two"}], ids=["plain", "with-key"])
def test_a_round_sent_at_once_is_drawn_once_and_answered_to_all(
    app: Flask, monkeypatch: pytest.MonkeyPatch, headers: dict[str, str],
) -> None:
    made = create(app.test_client(), players=names(8))
    key = {"X-Edit-Key": made["edit_key"]}
    assert app.test_client().post(f"/api/tournaments/{made['id']}/rounds", json={"round": 1},
                                  headers=key).status_code == 201
    with held_after_first_look(monkeypatch, tournament_draw, "drawn_rounds"):
        answers = at_once(app, lambda client: client.post(
            f"/api/tournaments/{made['id']}/rounds", json={"round": 2}, headers={**key, **headers}))
    drawn_once(app, answers, 2)


def test_a_draw_with_its_key_alone_sent_at_once_is_drawn_once(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(app.test_client(), players=names(8))
    headers = {"X-Edit-Key": made["edit_key"], "Idempotency-Key": "first"}
    with held_after_first_look(monkeypatch, tournament_draw, "drawn_rounds"):
        answers = at_once(app, lambda client: client.post(
            f"/api/tournaments/{made['id']}/rounds", headers=headers))
    drawn_once(app, answers, 1)


def test_a_tournament_sent_at_once_with_one_key_is_made_once(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    with held_after_first_look(monkeypatch, tournaments, "_made_with"):
        answers = at_once(app, lambda client: client.post(
            "/api/tournaments", json=tournament(players=names(8)), headers={"Idempotency-Key": "cup"}))
    assert [status for status, _body in answers] == [201] * SENDERS, answers
    assert len({(body["id"], body["edit_key"]) for _status, body in answers}) == 1
    assert stored(app, TournamentRow) == 1
