"""The tournament API: making a tournament, drawing rounds (a list per table), the standings."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from itertools import combinations
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import ParticipantRow, TournamentRow

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}


def names(count: int) -> list[str]:
    return [f"Player {n}" for n in range(1, count + 1)]


def tournament(**given: Any) -> dict[str, Any]:
    return {"name": "Cup", "rules": RULES, "players": names(40), "rounds": 3, "deals_per_round": 32, **given}


def create(client: FlaskClient, **given: Any) -> dict[str, Any]:
    response = client.post("/api/tournaments", json=tournament(**given))
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def draw(client: FlaskClient, made: dict[str, Any], **body: Any) -> Any:
    return client.post(f"/api/tournaments/{made['id']}/rounds", json=body or None,
                       headers={"X-Edit-Key": made["edit_key"]})


def read(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/tournaments/{made['id']}")
    assert response.status_code == 200
    return dict(response.get_json())


def test_a_tournament_is_made_with_its_links_and_key(client: FlaskClient) -> None:
    made = create(client)
    assert set(made) == {"id", "url", "edit_key", "edit_url"}
    answer = read(client, made)
    assert answer["name"] == "Cup" and answer["rounds"] == []
    assert [p["number"] for p in answer["players"]] == list(range(1, 41))
    assert [s["place"] for s in answer["standings"]] == [1] * 40  # nobody has played: all tie
    assert answer["standings"][0] == {
        "place": 1, "player": "Player 1", "number": 1, "points": 0, "solos_won": 0,
        "rounds": [0, 0, 0], "withdrawn": False}


@pytest.mark.parametrize(("given", "key"), [
    ({"name": " "}, "name"),
    ({"rules": {"preset": "nothing"}}, "rules.preset"),
    ({"rules": {"preset": "bavarian"}}, "rules.table_points"),
    ({"rules": {**RULES, "games": ["sauspiel", "ramsch"]}}, "rules.table_points"),
    ({"players": "Anna"}, "players"),
    ({"rounds": 0}, "rounds"),
    ({"rounds": True}, "rounds"),
])
def test_refusals_name_the_key(client: FlaskClient, given: dict[str, Any], key: str) -> None:
    response = client.post("/api/tournaments", json=tournament(**given))
    assert response.status_code == 422
    body = response.get_json()
    assert body["key"] == key and body["deal"] is None and body["error"]


def test_three_rounds_of_forty_seat_nobody_together_twice(client: FlaskClient) -> None:
    made = create(client)
    met: set[tuple[str, str]] = set()
    for number in (1, 2, 3):
        response = draw(client, made)
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
        assert answer["round"] == number and answer["seed"]
        assert len(answer["tables"]) == 10
        seated = [name for table in answer["tables"] for name in table["players"]]
        assert sorted(seated) == sorted(names(40))
        for table in answer["tables"]:
            pairs = set(combinations(sorted(table["players"]), 2))
            assert not pairs & met
            met |= pairs
            assert client.get(table["list"]["url"]).status_code == 200
            document = client.get(f"/api/lists/{table['list']['id']}").get_json()
            assert document["players"] == table["players"]
            assert document["ends"] == {"kind": "deals", "count": 32}
            assert document["title"] == f"Cup · Round {number} · Table {table['table']}"
    refused = draw(client, made)
    assert refused.status_code == 422 and refused.get_json()["key"] == "rounds"
    rounds = read(client, made)["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert "edit_key" not in str(rounds)


def test_the_organiser_reads_the_tables_edit_keys_again(client: FlaskClient) -> None:
    made = create(client, players=names(8))
    tables = draw(client, made).get_json()["tables"]
    path = f"/api/tournaments/{made['id']}"
    kept = client.get(path, headers={"X-Edit-Key": made["edit_key"]}).get_json()["rounds"][0]["tables"]
    assert [t["list"] for t in kept] == [t["list"] for t in tables]
    guessed = client.get(path, headers={"X-Edit-Key": "guess"}).get_json()["rounds"][0]["tables"]
    assert "edit_key" not in str(guessed)


def test_a_round_with_the_same_seed_seats_the_same_tables(client: FlaskClient) -> None:
    first, second = create(client), create(client)
    a = draw(client, first, seed="fixed").get_json()
    b = draw(client, second, seed="fixed").get_json()
    assert a["seed"] == b["seed"] == "fixed"
    # The tournament's id is part of the draw's seed: two tournaments differ.
    assert [t["players"] for t in a["tables"]] != [t["players"] for t in b["tables"]]
    again = draw(client, first, seed=7).get_json()
    assert again["seed"] == "7"


def test_standings_follow_the_deals_of_the_table_lists(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    tables = draw(client, made).get_json()["tables"]
    first, second = tables
    a, b, c, d = first["players"]
    headers = {"X-Edit-Key": first["list"]["edit_key"]}
    deals = f"/api/lists/{first['list']['id']}/deals"
    assert client.post(deals, json={"game": "sauspiel", "declarer": a, "partner": c, "points": 72},
                       headers=headers).status_code == 201
    assert client.post(deals, json={"game": "solo", "declarer": b, "points": 61},
                       headers=headers).status_code == 201
    document = client.get(f"/api/lists/{first['list']['id']}").get_json()
    totals = document["totals"]
    standings = {s["player"]: s for s in read(client, made)["standings"]}
    for name in first["players"]:
        assert standings[name]["points"] == totals[name]
        assert standings[name]["rounds"] == [totals[name], 0]
    assert standings[b]["solos_won"] == 1 and standings[a]["solos_won"] == 0
    ordered = read(client, made)["standings"]
    assert ordered[0]["player"] == b and ordered[0]["place"] == 1
    # The four of the other table have played nothing: equal, they share a place.
    untouched = [s for s in ordered if s["player"] in second["players"]]
    assert len({s["place"] for s in untouched}) == 1
    places = [s["place"] for s in ordered]
    assert places == sorted(places)


def test_the_edit_key_is_needed(client: FlaskClient) -> None:
    made = create(client, players=names(8))
    path = f"/api/tournaments/{made['id']}"
    assert client.post(f"{path}/rounds").status_code == 403
    assert client.post(f"{path}/rounds", headers={"X-Edit-Key": "guess"}).status_code == 403
    assert client.post(f"{path}/players", json={"players": ["Late"]}).status_code == 403
    assert client.post(f"{path}/players/1/withdraw").status_code == 403
    assert client.get("/api/tournaments/" + "A" * 22).status_code == 404
    assert read(client, made)["rounds"] == []


def test_an_idempotency_key_makes_the_tournament_once(client: FlaskClient) -> None:
    headers = {"Idempotency-Key": "cup-2026"}
    first = client.post("/api/tournaments", json=tournament(), headers=headers)
    again = client.post("/api/tournaments", json=tournament(), headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    other = client.post("/api/tournaments", json=tournament(name="Other"), headers=headers)
    assert other.status_code == 422 and other.get_json()["key"] == "Idempotency-Key"
    bad = client.post("/api/tournaments", json=tournament(), headers={"Idempotency-Key": "é"})
    assert bad.status_code == 400


def test_fifteen_play_sheepshead_at_tables_of_five(client: FlaskClient) -> None:
    made = create(client, rules={"preset": "sheepshead"}, players=names(15), deals_per_round=20)
    answer = draw(client, made).get_json()
    assert [len(t["players"]) for t in answer["tables"]] == [5, 5, 5]
    document = client.get(f"/api/lists/{answer['tables'][0]['list']['id']}").get_json()
    assert document["ends"] == {"kind": "deals", "count": 20}
    assert draw(client, made).status_code == 201


def test_a_sixth_at_a_sheepshead_table_plays_more_deals(client: FlaskClient) -> None:
    made = create(client, rules={"preset": "sheepshead"}, players=names(16), deals_per_round=20)
    tables = draw(client, made).get_json()["tables"]
    assert sorted(len(t["players"]) for t in tables) == [5, 5, 6]
    six = next(t for t in tables if len(t["players"]) == 6)
    assert client.get(f"/api/lists/{six['list']['id']}").get_json()["ends"]["count"] == 24


def test_participants_who_do_not_fill_tables_are_refused(client: FlaskClient) -> None:
    made = create(client, players=names(7))
    response = draw(client, made)
    assert response.status_code == 422
    body = response.get_json()
    assert body["key"] == "players" and "add 1" in body["error"]


def test_late_participants_and_withdrawals_change_the_next_round(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    path = f"/api/tournaments/{made['id']}"
    headers = {"X-Edit-Key": made["edit_key"]}
    first = draw(client, made).get_json()
    added = client.post(f"{path}/players", json={"players": ["Late", "Later"]},
                        headers=headers)
    assert added.status_code == 201
    assert [p["number"] for p in added.get_json()["players"]] == [9, 10]
    taken = client.post(f"{path}/players", json={"players": [{"number": 1, "name": "Zenzi"}]}, headers=headers)
    assert taken.status_code == 422 and taken.get_json()["key"] == "players"
    gone = client.post(f"{path}/players/3/withdraw", headers=headers)
    assert gone.status_code == 200 and gone.get_json()["withdrawn"] is True
    assert client.post(f"{path}/players/99/withdraw", headers=headers).status_code == 404
    second = draw(client, made).get_json()
    seated = sorted(name for t in second["tables"] for name in t["players"])
    assert seated == sorted([n for n in names(8) if n != "Player 3"] + ["Late", "Later"])
    assert len(first["tables"]) == 2 and [len(t["players"]) for t in second["tables"]] == [5, 4]
    standings = {s["number"]: s for s in read(client, made)["standings"]}
    assert standings[3]["withdrawn"] is True and standings[9]["rounds"] == [0, 0]
    full = client.post(f"{path}/players", json={"players": ["Too late"]}, headers=headers)
    assert full.status_code == 422 and full.get_json()["key"] == "players"


def test_a_draw_sent_twice_naming_its_round_draws_once(client: FlaskClient) -> None:
    made = create(client, players=names(8))
    first = draw(client, made, round=1)
    assert first.status_code == 201
    again = draw(client, made, round=1)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert len(read(client, made)["rounds"]) == 1
    skipped = draw(client, made, round=3)
    assert skipped.status_code == 422 and skipped.get_json()["key"] == "round"
    assert draw(client, made, round=2).status_code == 201
    assert len(read(client, made)["rounds"]) == 2


def test_a_draw_resent_with_its_idempotency_key_answers_the_round_it_drew(client: FlaskClient) -> None:
    made = create(client, players=names(8))
    path = f"/api/tournaments/{made['id']}/rounds"
    headers = {"X-Edit-Key": made["edit_key"], "Idempotency-Key": "round-1"}
    first = client.post(path, headers=headers)
    assert first.status_code == 201
    again = client.post(path, headers=headers)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert len(read(client, made)["rounds"]) == 1
    other = client.post(path, json={"seed": "another"}, headers=headers)
    assert other.status_code == 422 and other.get_json()["key"] == "Idempotency-Key"
    assert len(read(client, made)["rounds"]) == 1
    bad = client.post(path, headers={**headers, "Idempotency-Key": "é"})
    assert bad.status_code == 400
    second = client.post(path, headers={**headers, "Idempotency-Key": "round-2"})
    assert second.status_code == 201 and second.get_json()["round"] == 2


def end(app: Flask, made: dict[str, Any]) -> None:
    """End the tournament as the organiser's button does."""
    with app.app_context():
        row = db.session.get(TournamentRow, made["id"])
        assert row is not None
        row.ended_at = datetime.now(timezone.utc).replace(tzinfo=None)
        db.session.commit()


def keep_sheets(client: FlaskClient, made: dict[str, Any], number: int, points: dict[str, int]) -> None:
    """Keep every table's sheet of a round: the points given, the first other player of a table balancing them."""
    tables = next(r for r in read(client, made)["rounds"] if r["round"] == number)["tables"]
    for table in tables:
        sheet = {name: points.get(name, 0) for name in table["players"]}
        balancing = next(name for name in table["players"] if name not in points)
        sheet[balancing] -= sum(sheet.values())
        kept = client.put(f"/api/tournaments/{made['id']}/rounds/{number}/tables/{table['table']}/sheet",
                          json={"points": sheet}, headers={"X-Edit-Key": made["edit_key"]})
        assert kept.status_code == 200, kept.get_json()


def test_after_round_two_of_three_the_second_round_tells_equals_apart(client: FlaskClient) -> None:
    made = create(client, players=names(9), rounds=3, deals_per_round=4)
    assert draw(client, made, round=1).status_code == 201
    assert read(client, made)["rounds_counted"] == []
    keep_sheets(client, made, 1, {"Player 1": 10, "Player 2": 20, "Player 5": 7})
    gone = client.post(f"/api/tournaments/{made['id']}/players/5/withdraw", headers={"X-Edit-Key": made["edit_key"]})
    assert gone.status_code == 200
    assert draw(client, made, round=2).status_code == 201
    assert read(client, made)["rounds_counted"] == [1]
    keep_sheets(client, made, 2, {"Player 1": 20, "Player 2": 10})
    assert draw(client, made, round=3).status_code == 201  # drawn, not played: round 2 still decides
    answer = read(client, made)
    assert answer["rounds_counted"] == [1, 2] and "final" not in answer
    standings = {s["player"]: s for s in answer["standings"]}
    one, two = standings["Player 1"], standings["Player 2"]
    assert (one["points"], one["solos_won"]) == (two["points"], two["solos_won"]) == (30, 0)
    assert one["place"] < two["place"]
    # A withdrawn participant stays, marked, with the points of the rounds played.
    assert standings["Player 5"]["withdrawn"] is True and standings["Player 5"]["points"] == 7


def test_an_ended_tournament_draws_no_more_and_its_standings_are_final(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=3, deals_per_round=4)
    draw(client, made, round=1)
    keep_sheets(client, made, 1, {"Player 1": 10})
    draw(client, made, round=2)
    end(app, made)
    refused = draw(client, made, round=3)
    assert refused.status_code == 409 and "ended" in refused.get_json()["error"]
    assert draw(client, made).status_code == 409
    assert draw(client, made, round=2).status_code == 200  # a resend is still answered
    answer = read(client, made)
    assert answer["final"] is True and answer["after_round"] == 1 and answer["rounds_counted"] == [1]
    assert len(answer["rounds"]) == 2


def test_a_name_the_form_takes_can_always_be_drawn(client: FlaskClient) -> None:
    name = "Großer Frühjahrs-Preisschafkopf des Schafkopfvereins Oberammergau e. V. 2026 Nr1"
    assert len(name) == 80
    made = create(client, name=name, players=names(8))
    response = draw(client, made)
    assert response.status_code == 201, response.get_json()
    for table in response.get_json()["tables"]:
        title = client.get(f"/api/lists/{table['list']['id']}").get_json()["title"]
        assert len(title) <= 80 and title.startswith(name[:40])
        assert title.endswith(f" · Round 1 · Table {table['table']}")


@pytest.mark.parametrize(("given", "key"), [
    ({"name": "Cup\x00"}, "name"),
    ({"name": "Cup\ud800"}, "name"),
    ({"name": "Cup\u202e"}, "name"),
])
def test_a_tournament_name_is_checked_as_a_list_title_is(
        client: FlaskClient, given: dict[str, Any], key: str) -> None:
    # Sent as JSON text: a lone surrogate survives only escaped.
    body = json.dumps(tournament(**given))
    response = client.post("/api/tournaments", data=body, content_type="application/json")
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.get_json()["key"] == key


def test_participants_of_one_name_are_told_apart_by_start_number_at_their_tables(
        app: Flask, client: FlaskClient) -> None:
    made = create(client, players=names(8))
    with app.app_context():  # two of the same name, as registration by start number allows
        for participant in db.session.scalars(sa.select(ParticipantRow).where(
                ParticipantRow.tournament_id == made["id"], ParticipantRow.number.in_([2, 7]))):
            participant.name = "Sepp"
        db.session.commit()
    answer = draw(client, made).get_json()
    seated = {name for table in answer["tables"] for name in table["seated"]}
    assert {"Sepp (2)", "Sepp (7)"} <= seated and "Sepp" not in seated
    for table in answer["tables"]:
        players = client.get(f"/api/lists/{table['list']['id']}").get_json()["players"]
        assert players == table["seated"] and len(set(players)) == len(players)


def test_thirty_deals_a_round_at_tables_of_four_are_drawn(client: FlaskClient) -> None:
    # Self-bar plays two rounds of 30: not whole turns of the deal at four, and still a round.
    made = create(client, deals_per_round=30)
    answer = draw(client, made)
    assert answer.status_code == 201, answer.get_json()
    for table in answer.get_json()["tables"]:
        listed = client.get(f"/api/lists/{table['list']['id']}").get_json()
        assert listed["ends"] == {"kind": "deals", "count": 30 if len(table["players"]) == 4 else 40}
