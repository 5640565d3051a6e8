"""The house games, Bock rounds and the Stock through the command line, as FORMAT.md prints them."""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]


def score(document):
    finished = subprocess.run(
        [sys.executable, "-m", "scorer", "score", "-"],
        input=json.dumps(document).encode(), capture_output=True, cwd=ROOT, timeout=60,
    )
    return finished


def test_an_evening_with_bock_and_the_stock_prints_each_deals_multiplier_and_pot():
    document = {
        "rules": {"preset": "bavarian", "games": ["sauspiel", "solo", "hochzeit", "bettel", "ramsch"],
                  "bock": {"deals": 2}, "stock": {}},
        "players": PLAYERS,
        "deals": [
            {"game": "passed"},
            {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 50},
            {"game": "bettel", "declarer": "Bene", "won": True},
            {"game": "hochzeit", "declarer": "Dora", "partner": "Bene", "points": 80},
        ],
    }
    finished = score(document)
    assert finished.returncode == 0, finished.stderr
    result = json.loads(finished.stdout)
    assert [(d["bock"], d["pot"]) for d in result["deals"]] == [(1, 80), (2, 160), (2, 160), (1, 0)]
    # The multiplier's one name, and its older one beside it for a version.
    assert [d["under_bock"] for d in result["deals"]] == [d["bock"] for d in result["deals"]]
    assert [d["payouts"] for d in result["deals"]] == [
        {"Anna": -20, "Bene": -20, "Chris": -20, "Dora": -20},
        {"Anna": -40 - 40, "Bene": 40, "Chris": -40 - 40, "Dora": 40},
        {"Anna": -60, "Bene": 180, "Chris": -60, "Dora": -60},
        {"Anna": -20, "Bene": 20 + 80, "Chris": -20, "Dora": 20 + 80},
    ]
    assert result["pot"] == 0
    assert sum(result["totals"].values()) == 0


def test_a_list_ending_with_a_full_pot_pays_it_back_before_the_transfers():
    document = {"rules": {"preset": "bavarian", "stock": {"pay": 5}}, "players": PLAYERS,
                "deals": [{"game": "passed"}, {"game": "solo", "declarer": "Anna", "points": 70}]}
    result = json.loads(score(document).stdout)
    assert result["pot"] == 20
    assert result["pot_back"] == {"Anna": 5, "Bene": 5, "Chris": 5, "Dora": 5}
    assert result["totals"] == {"Anna": 115, "Bene": -45, "Chris": -45, "Dora": -45}
    assert sorted((t["from"], t["to"], t["amount"]) for t in result["settlement"]) == [
        ("Bene", "Anna", 40), ("Chris", "Anna", 40), ("Dora", "Anna", 40),
    ]


def test_a_called_ace_of_hearts_is_refused_on_the_command_line_in_one_line():
    document = {"rules": {"preset": "bavarian"}, "players": PLAYERS,
                "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70,
                           "called_ace": "hearts"}]}
    finished = score(document)
    assert finished.returncode == 2 and finished.stdout == b""
    assert finished.stderr.decode().strip() == "deal 1: called_ace: the ace of hearts cannot be called"


def test_an_unknown_bock_event_is_refused_naming_the_key():
    document = {"rules": {"preset": "bavarian", "bock": {"after": ["thunder"]}}, "players": PLAYERS}
    finished = score(document)
    assert finished.returncode == 2
    assert finished.stderr.decode().startswith("rules.bock.after: ")
