"""The house rules from outside sources score through the API as through the command line."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.engine import score_document

FOUR = ["Anna", "Bene", "Chris", "Dora"]
SEVEN = [*FOUR, "Emil", "Finn", "Gina"]
RAMSCH = {"game": "ramsch", "points": {"Anna": 0, "Bene": 0, "Chris": 50, "Dora": 70}}

DOCUMENTS: list[tuple[str, dict[str, Any]]] = [
    ("virgin each", {"rules": {"preset": "bavarian", "virgin": "each"}, "players": FOUR, "deals": [RAMSCH]}),
    ("virgin none", {"rules": {"preset": "bavarian", "virgin": "none"}, "players": FOUR, "deals": [RAMSCH]}),
    ("durchmarsch by tricks", {
        "rules": {"preset": "bavarian", "durchmarsch_by": "tricks"}, "players": FOUR,
        "deals": [{"game": "ramsch", "points": {"Anna": 120, "Bene": 0, "Chris": 0, "Dora": 0},
                   "no_trick": ["Bene", "Chris", "Dora"]}]}),
    ("laufende at most 4", {
        "rules": {"preset": "bavarian", "laufende_max": 4}, "players": FOUR,
        "deals": [{"game": "solo", "declarer": "Anna", "points": 70, "laufende": 6}]}),
    ("bock after contra", {
        "rules": {"preset": "bavarian", "bock": {"after": ["contra"]}}, "players": FOUR,
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 70, "contra": True},
                  {"game": "sauspiel", "declarer": "Bene", "partner": "Dora", "points": 70}]}),
    ("penalty", {
        "rules": {"preset": "bavarian", "games": ["sauspiel", "solo", "passed", "penalty"]}, "players": FOUR,
        "deals": [{"game": "penalty", "offender": "Chris"}]}),
    ("leasters and doublers", {
        "rules": {"preset": "sheepshead", "no_pick": ["leaster", "doubler"]}, "players": FOUR + ["Emil"],
        "deals": [{"game": "doubler"},
                  {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 70}]}),
    ("seven at a Sheepshead table", {
        "rules": {"preset": "sheepshead"}, "players": SEVEN,
        "deals": [{"game": "pick", "declarer": "Bene", "partner": "Chris", "points": 70},
                  {"game": "pick", "declarer": "Dora", "partner": "Emil", "points": 40}]}),
    ("tournament points 1/5", {
        "rules": {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"],
                  "table_points": {"system": "1/5"}}, "players": FOUR,
        "deals": [{"game": "wenz", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True}]}),
]


@pytest.mark.parametrize(("what", "document"), DOCUMENTS, ids=[what for what, _ in DOCUMENTS])
def test_the_api_scores_it_as_the_engine_does(client: FlaskClient, what: str, document: dict[str, Any]) -> None:
    expected = score_document(document)
    made = client.post("/api/lists", json=document)
    assert made.status_code == 201, made.get_json()
    answer = client.get(f"/api/lists/{made.get_json()['id']}").get_json()
    assert answer["totals"] == expected["totals"], what
    assert [d["payouts"] for d in answer["deals"]] == [d["payouts"] for d in expected["deals"]], what
    assert [d["breakdown"] for d in answer["deals"]] == [d["breakdown"] for d in expected["deals"]], what
