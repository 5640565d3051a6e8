"""The standings are kept per state of the tables' lists: never stale, and nothing replayed while nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.web.services import state
from tests.web.test_tournaments_api import create, draw

SOLO = {"game": "solo", "points": 80}


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the lists replayed through the engine, in order, counted from now.

    The lists' own replays are kept for one list only, as when a tournament
    has more tables than that cache holds: the standings must not lean on it.
    """
    monkeypatch.setattr(state, "_STATES", state.ByRevision(kept=1))
    replayed: list[str] = []
    replay = state._replayed

    def counted(row: Any, deal_rows: Any) -> Any:
        replayed.append(row.id)
        return replay(row, deal_rows)

    monkeypatch.setattr(state, "_replayed", counted)
    return replayed


def played(client: FlaskClient) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A tournament of eight, round 1 drawn: it and its two tables."""
    made = create(client, players=[f"Player {n}" for n in range(1, 9)], rounds=2, deals_per_round=4)
    tables = draw(client, made).get_json()["tables"]
    return made, tables


def standings(client: FlaskClient, made: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Each participant's points and solo games won, as the API answers them."""
    response = client.get(f"/api/tournaments/{made['id']}")
    assert response.status_code == 200
    return {s["player"]: (s["points"], s["solos_won"]) for s in response.get_json()["standings"]}


def add(client: FlaskClient, table: dict[str, Any], deal: dict[str, Any]) -> None:
    response = client.post(f"/api/lists/{table['list']['id']}/deals", json=deal,
                           headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert response.status_code == 201, response.get_json()


def totals(client: FlaskClient, table: dict[str, Any]) -> dict[str, int]:
    return dict(client.get(f"/api/lists/{table['list']['id']}").get_json()["totals"])


def test_the_standings_follow_every_add_delete_and_edit_at_once(client: FlaskClient) -> None:
    made, (first, _second) = played(client)
    a, b, _c, _d = first["players"]
    headers = {"X-Edit-Key": first["list"]["edit_key"]}
    deals = f"/api/lists/{first['list']['id']}/deals"
    assert standings(client, made)[a] == (0, 0)  # read, and so kept, before each change

    add(client, first, {**SOLO, "declarer": a})
    shown = standings(client, made)
    assert shown[a] == (totals(client, first)[a], 1) and shown[a][0] > 0

    add(client, first, {**SOLO, "declarer": b})
    assert standings(client, made)[b] == (totals(client, first)[b], 1)

    assert client.delete(f"{deals}/2", headers=headers).status_code == 204
    shown = standings(client, made)
    assert shown[b] == (totals(client, first)[b], 0)
    assert shown[a] == (totals(client, first)[a], 1)

    edited = client.put(f"{deals}/1", json={**SOLO, "declarer": a, "points": 40}, headers=headers)
    assert edited.status_code == 200, edited.get_json()
    shown = standings(client, made)
    assert shown[a] == (totals(client, first)[a], 0) and shown[a][0] < 0


def test_an_unchanged_tournament_is_answered_without_replaying(client: FlaskClient, replays: list[str]) -> None:
    made, (first, second) = played(client)
    add(client, first, {**SOLO, "declarer": first["players"][0]})
    add(client, second, {**SOLO, "declarer": second["players"][1]})
    shown = standings(client, made)
    replays.clear()
    for _ in range(3):
        assert standings(client, made) == shown
    assert replays == []


def test_a_deal_at_one_table_replays_that_table_alone(client: FlaskClient, replays: list[str]) -> None:
    made, (first, second) = played(client)
    add(client, second, {**SOLO, "declarer": second["players"][1]})
    standings(client, made)
    add(client, first, {**SOLO, "declarer": first["players"][0]})
    replays.clear()
    shown = standings(client, made)
    assert shown[first["players"][0]][1] == 1
    assert replays == [first["list"]["id"]]


def test_a_follower_holding_the_standings_is_answered_304_until_a_deal_changes_them(client: FlaskClient) -> None:
    made, (first, _second) = played(client)
    path = f"/api/tournaments/{made['id']}"
    answer = client.get(path)
    tag = answer.headers["ETag"]
    assert tag and answer.headers["Cache-Control"] == "no-cache"
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag and not again.data

    add(client, first, {**SOLO, "declarer": first["players"][0]})
    changed = client.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert {s["player"]: s["solos_won"] for s in changed.get_json()["standings"]}[first["players"][0]] == 1


def test_the_organisers_answer_is_tagged_apart_from_the_followers(client: FlaskClient) -> None:
    made, _tables = played(client)
    path = f"/api/tournaments/{made['id']}"
    follower = client.get(path).headers["ETag"]
    organiser = client.get(path, headers={"X-Edit-Key": made["edit_key"], "If-None-Match": follower})
    assert organiser.status_code == 200 and "edit_key" in organiser.get_data(as_text=True)


def test_a_withdrawal_or_a_late_participant_is_never_answered_304(client: FlaskClient) -> None:
    made, _tables = played(client)
    path = f"/api/tournaments/{made['id']}"
    headers = {"X-Edit-Key": made["edit_key"]}
    tag = client.get(path).headers["ETag"]
    assert client.post(f"{path}/players/3/withdraw", headers=headers).status_code == 200
    withdrawn = client.get(path, headers={"If-None-Match": tag})
    assert withdrawn.status_code == 200
    assert [p["withdrawn"] for p in withdrawn.get_json()["players"]][2] is True
    assert {s["number"]: s["withdrawn"] for s in withdrawn.get_json()["standings"]}[3] is True

    tag = withdrawn.headers["ETag"]
    assert client.post(f"{path}/players", json={"players": ["Late"]}, headers=headers).status_code == 201
    joined = client.get(path, headers={"If-None-Match": tag})
    assert joined.status_code == 200
    assert "Late" in {s["player"] for s in joined.get_json()["standings"]}


def test_a_paper_sheet_or_a_substitute_is_never_answered_304(client: FlaskClient) -> None:
    made, (first, _second) = played(client)
    path = f"/api/tournaments/{made['id']}"
    headers = {"X-Edit-Key": made["edit_key"]}
    tag = client.get(path).headers["ETag"]
    a, b, c, d = first["players"]
    kept = client.put(f"{path}/rounds/1/tables/1/sheet", headers=headers,
                      json={"points": {a: 12, b: -4, c: -3, d: -5}, "solos_won": {a: 2}})
    assert kept.status_code == 200, kept.get_json()
    counted = client.get(path, headers={"If-None-Match": tag})
    assert counted.status_code == 200
    assert {s["player"]: (s["points"], s["solos_won"]) for s in counted.get_json()["standings"]}[a] == (12, 2)

    tag = counted.headers["ETag"]
    named = client.post(f"{path}/players/5/substitute", json={"name": "Sub"}, headers=headers)
    assert named.status_code == 200, named.get_json()
    shown = client.get(path, headers={"If-None-Match": tag})
    assert shown.status_code == 200
    assert {p["number"]: p["substitute"] for p in shown.get_json()["players"]}[5] == "Sub"
