"""The API refuses a deal that would take an amount past what a JSON number holds exactly
(I-JSON: +-(2**53 - 1)), as every other path does; a list stored before reads as it did."""

from __future__ import annotations

import html
import json
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine import read_list
from scorer.engine.exact import MOST
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from tests.unit.test_exact_amounts import CALL, SOLO, SOLO_VALUE, bock_list

#: Bene's total after two solos under 45 stacked Bock rounds: past the limit.
TWO_SOLOS = 2 * 3 * SOLO_VALUE * 2**45
GERMAN = {"Accept-Language": "de"}


def made(client: FlaskClient, calls: int, solos: int) -> dict[str, Any]:
    response = client.post("/api/lists", json=bock_list(calls, solos))
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def add(client: FlaskClient, lst: dict[str, Any], deal: dict[str, Any], **headers: str) -> Any:
    return client.post(f"/api/lists/{lst['id']}/deals", json=deal,
                       headers={"X-Edit-Key": lst["edit_key"], **headers})


def lists_stored(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(ScoreListRow)) or 0)


def assert_refused_at_47(response: Any) -> None:
    assert response.status_code == 422
    answer = response.get_json()
    assert set(answer) == {"error", "deal", "key", "message"}
    assert (answer["deal"], answer["key"]) == (47, "totals")
    assert answer["error"] == (f"deal 47: totals: Bene's total would reach {TWO_SOLOS}: amounts stay "
                               f"within ±{MOST}, the most a JSON number holds exactly")


def test_a_list_file_past_the_limit_is_refused_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    response = client.post("/api/lists", json=bock_list(45, 2), headers=GERMAN)
    assert_refused_at_47(response)
    assert response.get_json()["message"] == (
        f"Spiel 47: totals: der Stand von Bene erreichte {TWO_SOLOS}: Beträge bleiben innerhalb "
        f"von ±{MOST}, der größten Zahl, die JSON genau darstellt")
    assert lists_stored(app) == 0


def test_a_deal_added_past_the_limit_is_refused_and_the_list_stays(client: FlaskClient) -> None:
    # Made with its deals (no end kept: the add replays the list), then added one by one
    # (each add resumes from the end and totals the one before kept).
    for calls, solos in ((45, 1), (45, 0)):
        lst = made(client, calls, solos)
        for _ in range(1 - solos):
            assert add(client, lst, SOLO).status_code == 201
        before = client.get(f"/api/lists/{lst['id']}").get_json()
        assert before["totals"]["Bene"] == TWO_SOLOS // 2
        assert_refused_at_47(add(client, lst, SOLO, **{"Idempotency-Key": "solo-2"}))
        assert client.get(f"/api/lists/{lst['id']}").get_json() == before
        # Within the limit the list goes on: Anna's lost solo brings Bene's total down.
        assert add(client, lst, {"game": "solo", "declarer": "Anna", "points": 20}).status_code == 201


def test_a_deal_refused_past_the_limit_is_refused_by_the_preview_and_the_edit(client: FlaskClient) -> None:
    # Deal 47 was passed; made a second solo of Bene's, it would take his total past the limit.
    lst = made(client, 45, 1)
    assert add(client, lst, {"game": "passed"}).status_code == 201
    headers = {"X-Edit-Key": lst["edit_key"]}
    assert_refused_at_47(client.post(f"/api/lists/{lst['id']}/preview?number=47", json=SOLO))
    assert_refused_at_47(client.put(f"/api/lists/{lst['id']}/deals/47", json=SOLO, headers=headers))


def test_the_deal_form_says_why_in_german(client: FlaskClient) -> None:
    lst = made(client, 45, 1)
    with client.session_transaction() as session:
        session["edit_keys"] = {lst["id"]: lst["edit_key"]}
    response = client.post(f"/l/{lst['id']}/deals/new", headers=GERMAN, data={
        "game": "solo", "declarer": "Bene", "points": "95", "token": "form-solo-2"})
    assert response.status_code == 200  # the form again, not a redirect
    page = html.unescape(response.get_data(as_text=True))
    assert f"Der Stand von Bene erreichte {TWO_SOLOS}: Beträge bleiben innerhalb von ±{MOST}" in page
    assert len(client.get(f"/api/lists/{lst['id']}").get_json()["deals"]) == 46


def test_a_list_stored_past_the_limit_before_reads_as_it_did(app: Flask, client: FlaskClient) -> None:
    # Stored before the limit was checked: the deal past it is put in the database directly.
    lst = made(client, 45, 1)
    with app.app_context():
        db.session.add(DealRow(list_id=lst["id"], position=47, data=dict(SOLO)))
        db.session.execute(sa.update(ScoreListRow).where(ScoreListRow.id == lst["id"])
                           .values(revision=ScoreListRow.revision + 1))
        db.session.commit()
    document = bock_list(45, 2)
    read = client.get(f"/api/lists/{lst['id']}")
    assert read.status_code == 200
    replayed = read_list(document).replay(exact=False)
    assert read.get_json()["totals"] == json.loads(json.dumps(dict(replayed.totals)))
    assert read.get_json()["totals"]["Bene"] == TWO_SOLOS
    assert client.get(f"/l/{lst['id']}").status_code == 200
    # A change to it is refused, naming the deal past the limit; taking that deal out is not.
    assert_refused_at_47(add(client, lst, {"game": "passed"}))
    headers = {"X-Edit-Key": lst["edit_key"]}
    assert client.delete(f"/api/lists/{lst['id']}/deals/47", headers=headers).status_code == 204
    assert add(client, lst, CALL).status_code == 201
