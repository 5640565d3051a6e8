"""The tournament systems as organisers publish them, through the JSON API and the command line."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import FOUR

ROOT = pathlib.Path(__file__).resolve().parents[2]
NIEDERFUELLBACH = {"preset": "bavarian", "table_points": {"system": "5-10-15"}}
DONAU_RIES = {"preset": "bavarian", "table_points": {"system": "1/5-dr"}}
HEARTS_SOLO = {"game": "solo", "declarer": "Anna", "suit": "hearts", "points": 70, "laufende": 5}
SOLO_TOUT = {"game": "solo", "declarer": "Anna", "tout": True, "points": 120, "schwarz": True}


def made(client: FlaskClient, rules: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/lists", json={"rules": rules, "players": FOUR})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def added(client: FlaskClient, made_list: dict[str, Any], deal: dict[str, Any]) -> Any:
    return client.post(f"/api/lists/{made_list['id']}/deals", headers={"X-Edit-Key": made_list["edit_key"]},
                       json=deal)


def test_a_herz_solo_with_laufende_pays_niederfuellbach_s_points(client: FlaskClient) -> None:
    niederfuellbach = made(client, NIEDERFUELLBACH)
    answer = added(client, niederfuellbach, HEARTS_SOLO)
    # Herz-Solo 30, Laufende from 2 at 5 each, at most 4: 50 from each opponent, plus only.
    assert answer.status_code == 201
    assert answer.get_json()["payouts"] == {"Anna": 150, "Bene": 0, "Chris": 0, "Dora": 0}
    listed = client.get(f"/api/lists/{niederfuellbach['id']}").get_json()
    assert [t["name"] for t in listed["deals"][0]["breakdown"]["terms"]] == ["hearts_solo", "laufende"]
    assert listed["rules"]["table_points"]["passed"] == "cross"
    assert "ramsch" not in listed["rules"]["games"]
    # The answer is a list file: it goes back in as the same list.
    again = client.post("/api/lists", json=listed)
    assert again.status_code == 201
    assert client.get(f"/api/lists/{again.get_json()['id']}").get_json()["totals"] == listed["totals"]


@pytest.mark.parametrize(("rules", "deal", "key"), [
    (NIEDERFUELLBACH, {"game": "solo", "declarer": "Anna", "points": 70}, "suit"),
    (NIEDERFUELLBACH, {"game": "ramsch", "points": {"Anna": 30, "Bene": 30, "Chris": 30, "Dora": 30}}, "game"),
    (DONAU_RIES, {"game": "passed"}, "points"),
    (DONAU_RIES, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 70, "contra": True},
     "contra"),
])
def test_a_deal_the_system_cannot_score_is_refused_with_its_key(
    client: FlaskClient, rules: dict[str, Any], deal: dict[str, Any], key: str
) -> None:
    answer = added(client, made(client, rules), deal)
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["key"] == key and body["deal"] == 1 and body["error"]


def test_a_hand_passed_at_donau_ries_is_played_over_the_cross(client: FlaskClient) -> None:
    donau_ries = made(client, DONAU_RIES)
    assert added(client, donau_ries, SOLO_TOUT).get_json()["payouts"] == {
        "Anna": 30, "Bene": -10, "Chris": -10, "Dora": -10}
    crossed = added(client, donau_ries, {"game": "passed", "points": 40})
    # Anna deals the second deal: Bene and Dora (first and third after her) have 40 and lose.
    assert crossed.status_code == 201
    assert crossed.get_json()["payouts"] == {"Anna": 1, "Bene": -1, "Chris": 1, "Dora": -1}


def test_a_game_list_that_names_ramsch_refuses_the_rules(client: FlaskClient) -> None:
    rules = {**DONAU_RIES, "games": ["sauspiel", "solo", "ramsch"]}
    answer = client.post("/api/lists", json={"rules": rules, "players": FOUR})
    assert answer.status_code == 422 and answer.get_json()["key"] == "rules.table_points"


def test_a_tournament_of_the_1_5_system_plays_thirty_deals_a_round_at_tables_of_four(
    client: FlaskClient,
) -> None:
    document = {"name": "self-bar", "rules": {"preset": "bavarian", "table_points": {"system": "1/5"}},
                "players": [f"Player {n}" for n in range(1, 9)], "rounds": 2, "deals_per_round": 30}
    answer = client.post("/api/tournaments", json=document)
    assert answer.status_code == 201, answer.get_json()
    tournament = client.get(f"/api/tournaments/{answer.get_json()['id']}").get_json()
    assert tournament["deals_per_round"] == 30


def scored_by_the_command_line(document: dict[str, Any]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "scorer", "score", "-"], input=json.dumps(document).encode(),
                          capture_output=True, cwd=ROOT, timeout=60)


def test_the_command_line_scores_the_systems_as_the_api_does() -> None:
    document = {"rules": NIEDERFUELLBACH, "players": FOUR,
                "deals": [HEARTS_SOLO, {"game": "passed", "points": 100}]}
    finished = scored_by_the_command_line(document)
    assert finished.returncode == 0, finished.stderr
    result = json.loads(finished.stdout)
    # Anna deals the second: Bene and Dora (first and third after her) win it schneider, 10 each.
    assert [deal["payouts"] for deal in result["deals"]] == [
        {"Anna": 150, "Bene": 0, "Chris": 0, "Dora": 0},
        {"Anna": 0, "Bene": 10, "Chris": 0, "Dora": 10},
    ]


def test_the_command_line_refuses_a_solo_without_its_suit_in_one_line() -> None:
    document = {"rules": NIEDERFUELLBACH, "players": FOUR,
                "deals": [{"game": "solo", "declarer": "Anna", "points": 70}]}
    finished = scored_by_the_command_line(document)
    assert finished.returncode == 2 and finished.stdout == b""
    assert finished.stderr.decode().startswith("deal 1: suit: ")
