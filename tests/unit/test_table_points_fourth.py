"""Tournament systems as organisers publish them (docs/rules.md): each example scores as the rules say.

Every case quotes the sentence of the rules it checks; its numbers are the
ones that sentence gives (a Herz-Solo 30, a solo Tout 10 per opponent, ...).
Anna, Bene, Chris and Dora sit in that order and Dora deals, so Anna is the
first player after the dealer.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import ScoringError, read_list, score_document

FOUR = ["Anna", "Bene", "Chris", "Dora"]
WITH_CHRIS = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris"}
SCHWARZ = {"points": 120, "schwarz": True}
# Oberwallenstadt: a solo 20, a Herz-Solo 25.
OBERWALLENSTADT = {"system": "custom", "points": {
    "sauspiel": [10, 10, 10], "solo": [20, 20, 20], "wenz": [20, 20, 20], "hearts_solo": [25, 25, 25],
    "tout": 40, "sie": 80, "bettel": 10,
}}
# The expydoc sheet: points sauspiel 1/2/3, solo and wenz 2/3/4, tout 6, sie 14; Laufende
# sauspiel 1, solo 1, wenz 1, tout 2.
EXPYDOC = {"system": "custom", "points": {
    "sauspiel": [1, 2, 3], "solo": [2, 3, 4], "wenz": [2, 3, 4], "tout": 6, "sie": 14,
}, "laufende": {"from": 3, "max": None, "value": {"sauspiel": 1, "solo": 1, "wenz": 1, "tout": 2}}}


def listed(table_points: dict[str, Any], *deals: dict[str, Any], **rules: Any) -> dict[str, Any]:
    if table_points["system"] == "custom" and "games" not in rules:
        # A custom system names the games it pays; the list plays those.
        rules["games"] = [name for name in table_points["points"] if name not in ("tout", "sie", "hearts_solo")]
    return {"rules": {"preset": "bavarian", "table_points": table_points, **rules}, "players": FOUR,
            "deals": list(deals)}


def scored(table_points: dict[str, Any], *deals: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return score_document(listed(table_points, *deals, **rules))


def rules_of(table_points: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return read_list(listed(table_points, **rules)).rules.to_dict()


def payouts(table_points: dict[str, Any], deal: dict[str, Any], **rules: Any) -> dict[str, int]:
    return dict(scored(table_points, deal, **rules)["deals"][0]["payouts"])


CASES = [
    ("Herz-Solo pays more: Niederfüllbach 30",
     {"system": "5-10-15"}, {"game": "solo", "declarer": "Anna", "suit": "hearts", "points": 70},
     {"Anna": 90, "Bene": 0, "Chris": 0, "Dora": 0}),
    ("hearts_solo Oberwallenstadt 25",
     OBERWALLENSTADT, {"game": "solo", "declarer": "Anna", "suit": "hearts", "points": 70},
     {"Anna": 75, "Bene": -25, "Chris": -25, "Dora": -25}),
    ("against 20: a solo in another suit pays the solo's",
     OBERWALLENSTADT, {"game": "solo", "declarer": "Anna", "suit": "acorns", "points": 70},
     {"Anna": 60, "Bene": -20, "Chris": -20, "Dora": -20}),
    ("bettel (one V; a Bettel pays like a solo game, declarer +-3V, won or lost as the deal says)",
     OBERWALLENSTADT, {"game": "bettel", "declarer": "Anna", "won": False},
     {"Anna": -30, "Bene": 10, "Chris": 10, "Dora": 10}),
    ("Donau-Ries: a solo Tout is +30/-10",
     {"system": "1/5-dr"}, {"game": "solo", "declarer": "Anna", "tout": True, **SCHWARZ},
     {"Anna": 30, "Bene": -10, "Chris": -10, "Dora": -10}),
    ("the app's \"1/5\" pays +42/-14, which is self-bar's",
     {"system": "1/5"}, {"game": "solo", "declarer": "Anna", "tout": True, **SCHWARZ},
     {"Anna": 42, "Bene": -14, "Chris": -14, "Dora": -14}),
    ("Donau-Ries: sie times 4",
     {"system": "1/5-dr"}, {"game": "solo", "declarer": "Anna", "sie": True, "laufende": 8, **SCHWARZ},
     {"Anna": 60, "Bene": -20, "Chris": -20, "Dora": -20}),
    ("Niederfüllbach: tout times 2, V is the game's plain value plus its Laufende",
     {"system": "5-10-15", "plus_only": False},
     {"game": "wenz", "declarer": "Anna", "tout": True, "laufende": 3, **SCHWARZ},
     {"Anna": 210, "Bene": -70, "Chris": -70, "Dora": -70}),
    ("Niederfüllbach: from 2, max 4, every game 5",
     {"system": "5-10-15"}, {**WITH_CHRIS, "points": 70, "laufende": 6},
     {"Anna": 25, "Bene": 0, "Chris": 25, "Dora": 0}),
    ("Niederfüllbach: a run below 2 adds nothing",
     {"system": "5-10-15"}, {**WITH_CHRIS, "points": 70, "laufende": 1},
     {"Anna": 5, "Bene": 0, "Chris": 5, "Dora": 0}),
    ("Expydoc: sauspiel 1 per Laufender",
     EXPYDOC, {**WITH_CHRIS, "points": 70, "laufende": 4},
     {"Anna": 5, "Bene": -5, "Chris": 5, "Dora": -5}),
    ("Expydoc: in a Tout with a number tout, the value per Laufender is value.tout",
     EXPYDOC, {"game": "solo", "declarer": "Anna", "tout": True, "laufende": 3, **SCHWARZ},
     {"Anna": 36, "Bene": -12, "Chris": -12, "Dora": -12}),
    ("Münchsmünster: \"30 Augen schneiderfrei\"",
     {"system": "1/2-m"}, {**WITH_CHRIS, "points": 30},
     {"Anna": -1, "Bene": 1, "Chris": -1, "Dora": 1}),
    ("schneider_free_at 30: 29 is still schneider",
     {"system": "1/2", "schneider_free_at": 30}, {**WITH_CHRIS, "points": 29},
     {"Anna": -2, "Bene": 2, "Chris": -2, "Dora": 2}),
    ("31 (default: a side with 30 or less is schneider)",
     {"system": "1/2"}, {**WITH_CHRIS, "points": 30},
     {"Anna": -2, "Bene": 2, "Chris": -2, "Dora": 2}),
    ("\"ignored\" (Grossreuth: scored as if no contra or re was said)",
     {"system": "1/5", "kontra": "ignored"}, {**WITH_CHRIS, "points": 70, "contra": True, "re": True},
     {"Anna": 1, "Bene": -1, "Chris": 1, "Dora": -1}),
    ("\"loses\": the side that said contra loses; the declaring side wins",
     {"system": "1/5", "kontra": "loses"}, {"game": "solo", "declarer": "Anna", "points": 30, "contra": True},
     {"Anna": 15, "Bene": -5, "Chris": -5, "Dora": -5}),
    ("\"loses\": with schneider only where its points reach them",
     {"system": "1/5", "kontra": "loses"}, {**WITH_CHRIS, "points": 95, "contra": True},
     {"Anna": 2, "Bene": -2, "Chris": 2, "Dora": -2}),
    ("\"zero\" (default: a thrown-in hand scores 0)",
     {"system": "1/5"}, {"game": "passed"},
     {"Anna": 0, "Bene": 0, "Chris": 0, "Dora": 0}),
    ("\"cross\": the first and third active players after the dealer play against the second and fourth",
     {"system": "1/5-dr"}, {"game": "passed", "points": 40},
     {"Anna": -1, "Bene": 1, "Chris": -1, "Dora": 1}),
    ("\"cross\" as a Sauspiel: schneider",
     {"system": "1/5", "passed": "cross"}, {"game": "passed", "points": 100},
     {"Anna": 2, "Bene": -2, "Chris": 2, "Dora": -2}),
    ("\"cross\": 60 scores 0, the hand is replayed",
     {"system": "1/5-dr"}, {"game": "passed", "points": 60},
     {"Anna": 0, "Bene": 0, "Chris": 0, "Dora": 0}),
    ("\"forced\" (self-bar): won with 60",
     {"system": "1/5", "passed": "forced"}, {**WITH_CHRIS, "points": 60, "forced": True},
     {"Anna": 1, "Bene": -1, "Chris": 1, "Dora": -1}),
    ("\"forced\": the declaring side is schneider-free at 30",
     {"system": "1/5", "passed": "forced"}, {**WITH_CHRIS, "points": 30, "forced": True},
     {"Anna": -1, "Bene": 1, "Chris": -1, "Dora": 1}),
    ("\"1/2-m\" (Münchsmünster in full: the 1/2 values)",
     {"system": "1/2-m"}, {"game": "solo", "declarer": "Anna", "points": 70},
     {"Anna": 6, "Bene": -2, "Chris": -2, "Dora": -2}),
    ("\"5-10-15\" (Niederfüllbach: sauspiel 5/10/15)",
     {"system": "5-10-15", "plus_only": False}, {**WITH_CHRIS, "points": 0, "schwarz": True},
     {"Anna": -15, "Bene": 15, "Chris": -15, "Dora": 15}),
    ("\"5-10-15\": every solo game 20/20/20, plus_only",
     {"system": "5-10-15"}, {"game": "wenz", "declarer": "Anna", "points": 20},
     {"Anna": 0, "Bene": 20, "Chris": 20, "Dora": 20}),
]


@pytest.mark.parametrize(("said", "table_points", "deal", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_example_of_the_rules_scores_as_written(
    said: str, table_points: dict[str, Any], deal: dict[str, Any], expected: dict[str, int]
) -> None:
    assert payouts(table_points, deal) == expected, said


def test_the_default_games_leave_ramsch_out_and_a_ramsch_deal_is_refused_at_that_deal() -> None:
    games = rules_of({"system": "1/5"})["games"]
    assert "ramsch" not in games and "sauspiel" in games
    with pytest.raises(ScoringError) as refused:
        scored({"system": "1/5"}, {**WITH_CHRIS, "points": 70},
               {"game": "ramsch", "points": {"Anna": 30, "Bene": 30, "Chris": 30, "Dora": 30}})
    assert refused.value.deal == 2 and refused.value.key == "game"


def test_only_games_that_name_ramsch_refuse_the_rules() -> None:
    with pytest.raises(ScoringError) as refused:
        scored({"system": "1/5"}, games=["sauspiel", "ramsch"])
    assert refused.value.key == "rules.table_points" and refused.value.deal is None


@pytest.mark.parametrize(("table_points", "deal", "key"), [
    # When hearts_solo is given, every solo deal must name its suit.
    ({"system": "5-10-15"}, {"game": "solo", "declarer": "Anna", "points": 70}, "suit"),
    # Kontra "refused" (default, as before: the deal is refused).
    ({"system": "1/5"}, {**WITH_CHRIS, "points": 70, "contra": True}, "contra"),
    # Knocks stay refused when Kontra is ignored.
    ({"system": "1/5", "kontra": "ignored"}, {**WITH_CHRIS, "points": 70, "doubles": 1}, "doubles"),
    # "cross": the deal gives points.
    ({"system": "1/5-dr"}, {"game": "passed"}, "points"),
    # "forced": the hand is not thrown in.
    ({"system": "1/5", "passed": "forced"}, {"game": "passed"}, "game"),
    # The first active player after the dealer must play it.
    ({"system": "1/5", "passed": "forced"},
     {"game": "sauspiel", "declarer": "Bene", "partner": "Chris", "points": 70, "forced": True}, "declarer"),
    # A forced game is only where the system plays one; points on a passed hand only over the cross.
    ({"system": "1/5"}, {**WITH_CHRIS, "points": 70, "forced": True}, "forced"),
    ({"system": "1/5"}, {"game": "passed", "points": 40}, "points"),
])
def test_a_deal_the_system_cannot_score_is_refused_naming_its_key(
    table_points: dict[str, Any], deal: dict[str, Any], key: str
) -> None:
    with pytest.raises(ScoringError) as refused:
        scored(table_points, deal)
    assert refused.value.key == key and refused.value.deal == 1


@pytest.mark.parametrize(("table_points", "key"), [
    ({"system": "1/5", "kontra": "maybe"}, "rules.table_points.kontra"),
    ({"system": "1/5", "schneider_free_at": 29}, "rules.table_points.schneider_free_at"),
    ({"system": "1/5", "passed": "replay"}, "rules.table_points.passed"),
    ({"system": "1/5", "laufende": {"value": {"sauspiel": 1}}}, "rules.table_points.laufende.from"),
    ({"system": "1/5", "laufende": {"from": 2, "value": {"ramsch": 1}}}, "rules.table_points.laufende.value.ramsch"),
    ({**EXPYDOC, "points": {**EXPYDOC["points"], "tout": {"twice": 2}}}, "rules.table_points.points.tout.twice"),
    ({"system": "5-10-15", "points": {}}, "rules.table_points.points"),
])
def test_a_key_out_of_its_values_refuses_the_rules_naming_it(table_points: dict[str, Any], key: str) -> None:
    with pytest.raises(ScoringError) as refused:
        scored(table_points)
    assert refused.value.key == key


def test_the_rules_read_back_from_their_own_dump_score_the_same() -> None:
    deals = [{**WITH_CHRIS, "points": 70, "laufende": 5}, {"game": "passed", "points": 100},
             {"game": "solo", "declarer": "Bene", "suit": "hearts", "tout": True, "laufende": 2, **SCHWARZ}]
    for system in ({"system": "5-10-15"}, {**EXPYDOC, "passed": "cross"}, {"system": "1/5-dr", "kontra": "loses"}):
        first = scored(system, *deals)
        dumped = rules_of(system)
        again = score_document({"rules": dumped, "players": FOUR, "deals": deals})
        assert again["totals"] == first["totals"]
        assert read_list({"rules": dumped, "players": FOUR}).rules.to_dict() == dumped


def test_a_third_version_system_dumps_as_it_did() -> None:
    dumped = rules_of({"system": "1/5"}, games=["sauspiel", "wenz", "solo", "passed"])
    assert dumped["table_points"] == {"system": "1/5", "plus_only": False}
