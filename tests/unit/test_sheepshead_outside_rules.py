"""Sheepshead house rules from outside sources (docs/rules.md): several no-pick
games at one table, and seven or eight at the table."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import ScoringError, read_list, score_document

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SEVEN = [*FIVE, "Fritz", "Gustl"]
EIGHT = [*SEVEN, "Hans"]
LEASTER = {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 30, "Emil": 30}}
PICK = {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 70}


def scored(deals: list[dict[str, Any]], players: list[str] = FIVE, **rules: Any) -> dict[str, Any]:
    return score_document({"rules": {"preset": "sheepshead", **rules}, "players": players,
                           "first_dealer": players[-1], "deals": deals})


def test_a_table_with_leasters_and_doublers_names_which_with_each_deal() -> None:
    both = ["leaster", "doubler"]
    deals = scored([LEASTER, {"game": "doubler"}, PICK], no_pick=both)["deals"]
    # The leaster: the fewest points win 1 from each other player; the doubler doubles the pick.
    assert deals[0]["payouts"] == {"Anna": 4, "Bene": -1, "Chris": -1, "Dora": -1, "Emil": -1}
    assert set(deals[1]["payouts"].values()) == {0}
    assert deals[2]["payouts"] == {"Anna": 4, "Bene": 2, "Chris": -2, "Dora": -2, "Emil": -2}
    with pytest.raises(ScoringError, match="leaster or doubler") as refused:
        scored([{"game": "moster", "points": LEASTER["points"]}], no_pick=both)
    assert (refused.value.deal, refused.value.key) == (1, "game")


def test_a_word_still_means_that_one_game_and_is_written_back_as_a_word() -> None:
    assert scored([LEASTER], no_pick="leaster") == scored([LEASTER], no_pick=["leaster"])
    with pytest.raises(ScoringError, match="house rule no_pick"):
        scored([{"game": "doubler"}], no_pick="leaster")
    one = read_list({"rules": {"preset": "sheepshead", "no_pick": "moster"}, "players": FIVE}).rules
    two = read_list({"rules": {"preset": "sheepshead", "no_pick": ["moster", "leaster"]}, "players": FIVE}).rules
    assert one.to_dict()["no_pick"] == "moster"
    assert two.to_dict()["no_pick"] == ["leaster", "moster"]
    for wrong in ([], ["leaster", "skat"], 3):
        with pytest.raises(ScoringError) as refused:
            scored([PICK], no_pick=wrong)
        assert refused.value.key == "rules.no_pick"


def picked(by: list[str]) -> dict[str, Any]:
    return {**PICK, "declarer": by[0], "partner": by[1]}


@pytest.mark.parametrize(("players", "out"), [(SEVEN, 2), (EIGHT, 3)])
def test_seven_or_eight_at_the_table_the_dealer_and_the_next_sit_out(players: list[str], out: int) -> None:
    # The last player deals first: they and the players after them clockwise sit out.
    sitting = [players[-1], *players[: out - 1]]
    playing = [who for who in players if who not in sitting]
    first_deal = picked(playing)
    first = scored([first_deal], players)["deals"][0]
    assert len(playing) == 5 and first["dealer"] == players[-1]
    assert first["payouts"] == {**dict.fromkeys(players, -1), **dict.fromkeys(sitting, 0),
                                playing[0]: 2, playing[1]: 1}
    # Anna sits out after the dealer: a pick of hers is refused, naming why.
    with pytest.raises(ScoringError, match="Anna sits out this deal, after the dealer") as refused:
        scored([PICK], players)
    assert (refused.value.deal, refused.value.key) == (1, "declarer")
    # The next deal is Anna's: she and the players after her sit out.
    sitting = players[:out]
    playing = [who for who in players if who not in sitting]
    second = scored([first_deal, picked(playing)], players)["deals"][1]
    assert second["dealer"] == "Anna"
    assert second["payouts"] == {**dict.fromkeys(players, -1), **dict.fromkeys(sitting, 0),
                                 playing[0]: 2, playing[1]: 1}
