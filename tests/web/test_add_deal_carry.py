"""Adding to a list whose rules read the carry (Bock, the Stock) gives what a full replay gives.

The app stores the list's end and carry with each deal it adds (``lists.list_end``, see
services.list_end.kept_end) and the next add, on any worker or server, resumes from it; every
other change to the list must make it start over. What an add sends to the database:
test_add_one_way.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import sqlalchemy as sa
from sqlalchemy import event as sa_event

from scorer.engine import score_document
from scorer.web.models import ScoreListRow
from scorer.web.services import list_end

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
RULES = {"preset": "bavarian", "bock": {"after": ["sixty", "passed"]}, "stock": {}}

#: Deals that start Bock rounds, pay into the Stock and take it out again.
DEALS = [
    {"game": "passed"},
    {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 60},
    {"game": "sauspiel", "declarer": "Chris", "partner": "Dora", "points": 80},
    {"game": "solo", "declarer": "Bene", "points": 95},
    {"game": "sauspiel", "declarer": "Dora", "partner": "Anna", "points": 40, "contra": True},
]


def expected_last(deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The last deal as a full replay of the list scores it, as the API answers it."""
    whole = json.loads(json.dumps(score_document({"rules": RULES, "players": PLAYERS, "deals": deals})))
    last = whole["deals"][-1]
    del last["game"]
    return dict(last)


def stored_end(app: Flask, list_id: str) -> Any:
    """The list's end as the last add stored it (None: none)."""
    with app.app_context():
        return list_end.db.session.get(ScoreListRow, list_id).list_end


def store_end(app: Flask, list_id: str, end: Any) -> None:
    """Put this end in the list's row, as if stored then, leaving the revision as it is."""
    with app.app_context():
        list_end.db.session.execute(
            sa.update(ScoreListRow).where(ScoreListRow.id == list_id).values(list_end=end))
        list_end.db.session.commit()


def new_list(client: FlaskClient) -> tuple[str, dict[str, str]]:
    made = client.post("/api/lists", json={"rules": RULES, "players": PLAYERS}).get_json()
    return made["id"], {"X-Edit-Key": made["edit_key"]}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=st.lists(st.tuples(st.sampled_from(["add", "add", "add", "delete", "edit"]),
                               st.integers(0, len(DEALS) - 1)), min_size=1, max_size=12))
def test_each_deal_added_under_bock_and_the_stock_is_scored_as_a_full_replay_scores_it(
    app: Flask, plan: list[tuple[str, int]]
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    client = app.test_client()
    list_id, headers = new_list(client)
    deals: list[dict[str, Any]] = []
    for action, pick in plan:
        if action == "delete" and deals:
            number = pick % len(deals) + 1
            answer = client.delete(f"/api/lists/{list_id}/deals/{number}", headers=headers)
            if answer.status_code == 204:
                del deals[number - 1]
        elif action == "edit" and deals:
            number = pick % len(deals) + 1
            edited = [*deals[:number - 1], DEALS[pick], *deals[number:]]
            answer = client.put(f"/api/lists/{list_id}/deals/{number}", json=DEALS[pick], headers=headers)
            if answer.status_code == 200:
                deals = edited
        else:
            answer = client.post(f"/api/lists/{list_id}/deals", json=DEALS[pick], headers=headers)
            assert answer.status_code == 201, answer.get_json()
            deals.append(DEALS[pick])
            assert answer.get_json() == expected_last(deals)


def test_a_carry_kept_before_another_change_is_not_resumed_from(app: Flask, client: FlaskClient) -> None:
    list_id, headers = new_list(client)
    for deal in DEALS[:3]:
        assert client.post(f"/api/lists/{list_id}/deals", json=deal, headers=headers).status_code == 201
    stale = stored_end(app, list_id)
    # The fourth deal is added; the end stored with the third is put back: one change behind.
    assert client.post(f"/api/lists/{list_id}/deals", json=DEALS[0], headers=headers).status_code == 201
    store_end(app, list_id, stale)
    answer = client.post(f"/api/lists/{list_id}/deals", json=DEALS[3], headers=headers)
    assert answer.status_code == 201
    assert answer.get_json() == expected_last([*DEALS[:3], DEALS[0], DEALS[3]])
    assert answer.get_json()["pot"] == 80  # what the passed fourth deal paid in stays


def test_the_carry_stored_is_resumed_from_without_reading_the_deals(app: Flask, client: FlaskClient) -> None:
    list_id, headers = new_list(client)
    for deal in DEALS[:2]:
        assert client.post(f"/api/lists/{list_id}/deals", json=deal, headers=headers).status_code == 201
    kept = list_end.KeptEnd.from_stored(stored_end(app, list_id))
    assert kept.played == 2 and kept.carry.pot == 160 and kept.carry.bock_rounds
    assert list_end.KeptEnd.from_stored(kept.stored()) == kept
    answer = client.post(f"/api/lists/{list_id}/deals", json=DEALS[2], headers=headers)
    assert answer.get_json() == expected_last(DEALS[:3])
    assert stored_end(app, list_id)["revision"] == kept.revision + 1


@pytest.mark.parametrize(
    ("rules", "players", "deals"),
    [
        # Sheepshead: a hand nobody picks doubles the next picks (the carry's doublers).
        ({"preset": "sheepshead", "no_pick": "doubler"}, [*PLAYERS, "Emil"],
         [{"game": "doubler"}, {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 70},
          {"game": "doubler"}, {"game": "doubler"}, {"game": "pick", "declarer": "Chris", "points": 40}]),
        # The German game settled per head: strokes run on a head (the carry's tally).
        ({"preset": "german", "settle_per_head": True}, PLAYERS,
         [{"game": "normal", "declarer": who, "points": points}
          for who, points in [("Anna", 70), ("Bene", 20), ("Chris", 95), ("Dora", 61), ("Anna", 119), ("Bene", 0)]]),
    ],
)
def test_a_carry_stored_with_each_add_scores_as_a_full_replay_does(
    app: Flask, client: FlaskClient, rules: dict[str, Any], players: list[str], deals: list[dict[str, Any]],
) -> None:
    made = client.post("/api/lists", json={"rules": rules, "players": players}).get_json()
    headers = {"X-Edit-Key": made["edit_key"]}
    carried = []
    for count, deal in enumerate(deals, start=1):
        answer = client.post(f"/api/lists/{made['id']}/deals", json=deal, headers=headers)
        assert answer.status_code == 201, answer.get_json()
        whole = score_document({"rules": rules, "players": players, "deals": deals[:count]})
        last = json.loads(json.dumps(whole["deals"][-1]))
        del last["game"]
        assert answer.get_json() == last
        assert stored_end(app, made["id"])["played"] == count
        carried.append("carry" in stored_end(app, made["id"]))
    assert any(carried)  # the next add resumed from a carry read back from the row


# -- any list: the end of the list kept, so an add reads nothing more under the lock --------


def plain_list(client: FlaskClient, players: list[str]) -> tuple[str, dict[str, str]]:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": players}).get_json()
    return made["id"], {"X-Edit-Key": made["edit_key"]}


SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70}


def test_an_end_stored_before_another_add_is_not_used(app: Flask, client: FlaskClient) -> None:
    list_id, headers = plain_list(client, PLAYERS)
    for _ in range(2):
        assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    stale = stored_end(app, list_id)
    # The third deal names its dealer; the end stored with the second is put back: one change behind.
    third = {**SAUSPIEL, "dealer": "Anna"}
    assert client.post(f"/api/lists/{list_id}/deals", json=third, headers=headers).status_code == 201
    store_end(app, list_id, stale)
    answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
    assert answer.status_code == 201
    assert answer.get_json()["number"] == 4 and answer.get_json()["dealer"] == "Bene"
    deals = client.get(f"/api/lists/{list_id}").get_json()["deals"]
    assert [d["number"] for d in deals] == [1, 2, 3, 4]


def test_a_list_stored_without_an_end_reads_its_deals_and_stores_one(app: Flask, client: FlaskClient) -> None:
    # Lists stored before migration 0015 have none: their next add reads the deals.
    list_id, headers = plain_list(client, PLAYERS)
    for deal in (SAUSPIEL, {**SAUSPIEL, "dealer": "Chris"}):
        assert client.post(f"/api/lists/{list_id}/deals", json=deal, headers=headers).status_code == 201
    store_end(app, list_id, None)
    answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
    assert answer.status_code == 201
    assert (answer.get_json()["number"], answer.get_json()["dealer"]) == (3, "Dora")
    assert stored_end(app, list_id) == {"revision": stored_end(app, list_id)["revision"],
                                        "next_dealer": "Anna", "played": 3, "last_position": 3,
                                        "totals": {"Anna": 60, "Bene": 60, "Chris": -60, "Dora": -60}}


def test_an_end_stored_without_the_totals_is_not_resumed_from(app: Flask, client: FlaskClient) -> None:
    # An end stored before the totals were kept with it: the next add replays the list
    # (a deal past what JSON holds exactly is refused by the totals, services.list_end.next_deal).
    list_id, headers = plain_list(client, PLAYERS)
    for _ in range(2):
        assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    end = stored_end(app, list_id)
    assert end["totals"] == {"Anna": 40, "Bene": 40, "Chris": -40, "Dora": -40}
    store_end(app, list_id, {key: value for key, value in end.items() if key != "totals"})
    answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
    assert answer.status_code == 201 and answer.get_json()["number"] == 3
    assert stored_end(app, list_id)["totals"] == client.get(f"/api/lists/{list_id}").get_json()["totals"]
    assert stored_end(app, list_id)["totals"]["Anna"] == 60


def test_a_deleted_deal_leaves_the_stored_end_unused(app: Flask, client: FlaskClient) -> None:
    answers = []
    for keep_end in (True, False):
        list_id, headers = plain_list(client, PLAYERS)
        for _ in range(3):
            assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
        assert client.delete(f"/api/lists/{list_id}/deals/1", headers=headers).status_code == 204
        assert stored_end(app, list_id)["played"] == 3  # as the third add stored it
        if not keep_end:
            store_end(app, list_id, None)  # the next add reads the deals, as a list stored before would
        answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
        assert answer.status_code == 201 and answer.get_json()["number"] == 3
        assert stored_end(app, list_id)["last_position"] == 4 and stored_end(app, list_id)["played"] == 3
        answers.append(answer.get_json())
    # Two deals kept: the third is dealt as the deals kept say, not as the end stored before said.
    assert answers[0] == answers[1] and answers[0]["dealer"] == "Bene"


def test_a_deal_sent_again_is_answered_as_stored_though_it_would_now_be_refused(
    client: FlaskClient,
) -> None:
    # Five at the table: the dealer sits out. Anna declares the first deal; she deals the
    # second, so the same deal sent again as a new one would be refused.
    list_id, headers = plain_list(client, [*PLAYERS, "Emil"])
    first = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                        headers={**headers, "Idempotency-Key": "tap-1"})
    assert first.status_code == 201 and first.get_json()["dealer"] == "Emil"
    fresh = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
    assert fresh.status_code == 422 and fresh.get_json()["key"] == "declarer"
    again = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                        headers={**headers, "Idempotency-Key": "tap-1"})
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert len(client.get(f"/api/lists/{list_id}").get_json()["deals"]) == 1


def test_an_add_hands_its_connection_back_to_the_pool_out_of_pipeline_mode(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    """Every connection an add hands back to the pool is out of psycopg's pipeline mode.

    The pool hands it to another thread at once, and one still in pipeline
    mode fails that thread's first statement (a poll answered with a 500).
    A key sent again is answered as stored, and nothing of psycopg's is logged.
    """
    caplog.set_level(logging.WARNING)
    list_id, headers = plain_list(client, PLAYERS)
    modes: list[int] = []

    def checked_in(dbapi_connection: Any, _record: Any) -> None:
        pgconn = getattr(dbapi_connection, "pgconn", None)  # psycopg's; SQLite's has no pipeline
        modes.append(0 if pgconn is None else int(pgconn.pipeline_status))

    def prepared_at_once(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        # psycopg prepares a statement once it has run it often: a busy server's INSERT is.
        if hasattr(dbapi_connection, "prepare_threshold"):
            dbapi_connection.prepare_threshold = 0

    with app.app_context():
        engine = list_end.db.engine
    sa_event.listen(engine, "checkin", checked_in)
    sa_event.listen(engine, "checkout", prepared_at_once)
    try:
        numbers = [
            client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                        headers={**headers, "Idempotency-Key": key}).get_json()["number"]
            for key in ("1", "2", "3", "3", "4")
        ]
    finally:
        sa_event.remove(engine, "checkin", checked_in)
        sa_event.remove(engine, "checkout", prepared_at_once)
    assert numbers == [1, 2, 3, 3, 4]
    assert modes and all(mode == 0 for mode in modes), modes
    assert not [r.getMessage() for r in caplog.records if r.name.startswith("psycopg")]
    stored = client.get(f"/api/lists/{list_id}").get_json()["deals"]
    assert [deal["number"] for deal in stored] == [1, 2, 3, 4]
