"""The house game penalty (docs/rules.md): the offender pays every other active player."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import ScoringError, read_list, score_document
from scorer.engine.families import FAMILIES

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = [*FOUR, "Emil"]


def scored(preset: str, deals: list[dict[str, Any]], players: list[str] = FOUR, **rules: Any) -> dict[str, Any]:
    rules = {"games": [*FAMILIES[preset].option("games").default, "penalty"], **rules}
    if preset == "german":
        rules["solo"] = True  # the German solo is listed among the games by default
    return score_document({"rules": {"preset": preset, **rules}, "players": players, "deals": deals})


CHRIS = {"game": "penalty", "offender": "Chris"}


@pytest.mark.parametrize(
    ("preset", "players", "each"),
    [
        ("bavarian", FOUR, 40),  # the solo tariff
        ("bavarian3", FOUR[:3], 40),  # the solo tariff
        ("german", FOUR, 20),  # 2 x game_point
        ("sheepshead", FIVE, 2),
    ],
)
def test_the_offender_pays_the_familys_penalty_to_every_other_player(
    preset: str, players: list[str], each: int
) -> None:
    deal = scored(preset, [CHRIS], players)["deals"][0]
    others = [who for who in players if who != "Chris"]
    assert deal["payouts"] == {**dict.fromkeys(others, each), "Chris": -each * len(others)}
    assert sum(deal["payouts"].values()) == 0
    assert deal["breakdown"]["terms"] == [{"name": "penalty", "units": each}]
    assert deal["breakdown"]["shares"][0] == {"role": "offender", "players": ["Chris"], "times": -len(others)}


def test_the_penalty_follows_the_lists_solo_tariff_unless_it_sets_its_own() -> None:
    assert scored("bavarian", [CHRIS], tariffs={"solo": 50})["totals"]["Chris"] == -150
    assert scored("bavarian", [CHRIS], tariffs={"solo": 50, "penalty": 10})["totals"]["Chris"] == -30
    assert scored("german", [CHRIS], tariffs={"game_point": 5})["totals"]["Chris"] == -30
    rules = read_list({"rules": {"preset": "bavarian", "tariffs": {"solo": 60}}, "players": FOUR}).rules
    assert rules.tariffs["penalty"] == 60
    # Written back, a penalty that follows the solo tariff is left out, and keeps following it.
    assert "penalty" not in rules.to_dict()["tariffs"]
    own = read_list({"rules": {"preset": "bavarian", "tariffs": {"solo": 60, "penalty": 10}}, "players": FOUR})
    assert own.rules.to_dict()["tariffs"]["penalty"] == 10


def test_a_penalty_is_a_house_game_off_by_default() -> None:
    for preset in ("bavarian", "bavarian3", "german", "sheepshead"):
        assert "penalty" not in FAMILIES[preset].option("games").default
    with pytest.raises(ScoringError, match="do not allow penalty") as refused:
        score_document({"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [CHRIS]})
    assert refused.value.key == "game"
    assert "penalty" not in FAMILIES["sheepshead3"].games


def test_a_penalty_names_a_seated_offender_and_nothing_else() -> None:
    with pytest.raises(ScoringError, match="who pays the penalty") as missing:
        scored("bavarian", [{"game": "penalty"}])
    assert (missing.value.key, missing.value.deal) == ("offender", 1)
    with pytest.raises(ScoringError, match="not a player"):
        scored("bavarian", [{"game": "penalty", "offender": "Zenzi"}])
    with pytest.raises(ScoringError, match="has no declarer"):
        scored("bavarian", [{**CHRIS, "declarer": "Anna"}])
    with pytest.raises(ScoringError, match="has no offender"):
        scored("bavarian", [{"game": "solo", "declarer": "Anna", "points": 70, "offender": "Chris"}])
    # The dealer sitting out at five cannot renege.
    with pytest.raises(ScoringError, match="offender"):
        scored("bavarian", [{**CHRIS, "dealer": "Chris"}], FIVE)


def test_a_penalty_counts_as_a_deal_doubles_under_bock_starts_none_and_moves_no_pot() -> None:
    passed = {"game": "passed"}
    result = scored("bavarian", [passed, CHRIS, CHRIS], bock={}, stock={})
    first, under, after = result["deals"]
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Anna", "Bene"]
    assert first["pot"] == 80 and under["pot"] == after["pot"] == 80
    assert under["under_bock"] == 2 and under["payouts"]["Chris"] == -240
    # A penalty starts no Bock round of its own, whatever the events.
    alone = scored("bavarian", [CHRIS, CHRIS], bock={"after": ["passed", "sixty", "re", "contra"]})
    assert [d["under_bock"] for d in alone["deals"]] == [1, 1]


def test_a_penalty_is_written_back_as_read() -> None:
    document = {"rules": {"preset": "german", "games": ["normal", "passed", "penalty"]},
                "players": FOUR, "deals": [CHRIS]}
    written = read_list(document).to_document()
    assert written["deals"] == [CHRIS]
    assert read_list(written).replay().totals == read_list(document).replay().totals
