"""The Bavarian house rules from outside sources (docs/rules.md), by their numbers."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import ScoringError, score_document

FOUR = ["Anna", "Bene", "Chris", "Dora"]


def scored(deals: list[dict[str, Any]], players: list[str] = FOUR, preset: str = "bavarian",
           **rules: Any) -> dict[str, Any]:
    return score_document({"rules": {"preset": preset, **rules}, "players": players, "deals": deals})


def payouts(deal: dict[str, Any], **rules: Any) -> dict[str, int]:
    return scored([deal], **rules)["deals"][0]["payouts"]


RAMSCH_TWO_VIRGINS = {"game": "ramsch", "points": {"Anna": 0, "Bene": 0, "Chris": 50, "Dora": 70}}


@pytest.mark.parametrize(
    ("virgin", "expected"),
    [
        # own (the default): a virgin's own share doubles: 20 each, Chris 10.
        ("own", {"Anna": 20, "Bene": 20, "Chris": 10, "Dora": -50}),
        # none: a virgin's share is not doubled.
        ("none", {"Anna": 10, "Bene": 10, "Chris": 10, "Dora": -30}),
        # each: with k = 2 virgins each virgin receives ramsch x 2^k = 40, the other winner 10.
        ("each", {"Anna": 40, "Bene": 40, "Chris": 10, "Dora": -90}),
        # all: each of the 2 virgins doubles everything: 10 x 4 to each winner.
        ("all", {"Anna": 40, "Bene": 40, "Chris": 40, "Dora": -120}),
    ],
)
def test_a_virgins_share_follows_the_house(virgin: str, expected: dict[str, int]) -> None:
    assert payouts(RAMSCH_TWO_VIRGINS, virgin=virgin) == expected


def test_each_virgin_with_one_virgin_is_the_seed_tables_double_share() -> None:
    seed = {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}
    assert payouts(seed, virgin="each") == payouts(seed, virgin="own") == {
        "Anna": 10, "Bene": 20, "Chris": 10, "Dora": -40,
    }


def test_a_durchmarsch_by_tricks_is_every_trick_not_the_points() -> None:
    every_trick = {"game": "ramsch", "points": {"Anna": 120, "Bene": 0, "Chris": 0, "Dora": 0},
                   "no_trick": ["Bene", "Chris", "Dora"]}
    # Won like a solo at the solo base: +3 x 40, each other -40.
    assert payouts(every_trick, durchmarsch_by="tricks") == {"Anna": 120, "Bene": -40, "Chris": -40, "Dora": -40}
    # 120 points without every trick is an ordinary Ramsch, lost by the player with 120
    # (the others are virgins by points: 20 each).
    one_trick_short = {"game": "ramsch", "points": {"Anna": 120, "Bene": 0, "Chris": 0, "Dora": 0},
                       "no_trick": ["Bene", "Chris"]}
    assert payouts(one_trick_short, durchmarsch_by="tricks") == {"Anna": -60, "Bene": 20, "Chris": 20, "Dora": 20}
    # The threshold is not read: 95 points does not win by tricks.
    many_points = {"game": "ramsch", "points": {"Anna": 95, "Bene": 25, "Chris": 0, "Dora": 0}}
    assert payouts(many_points, durchmarsch_by="tricks") == {"Anna": -50, "Bene": 10, "Chris": 20, "Dora": 20}
    # By points (the default) the same 95 wins.
    assert payouts(many_points)["Anna"] == 120
    # durchmarsch null switches it off however it is counted.
    assert payouts(every_trick, durchmarsch_by="tricks", durchmarsch=None)["Anna"] == -60


def test_no_trick_opens_for_a_durchmarsch_by_tricks_and_stays_shut_otherwise() -> None:
    deal = {"game": "ramsch", "points": {"Anna": 120, "Bene": 0, "Chris": 0, "Dora": 0},
            "no_trick": ["Bene", "Chris", "Dora"]}
    with pytest.raises(ScoringError, match="virgin_by"):
        scored([deal])
    assert payouts(deal, durchmarsch_by="tricks")["Anna"] == 120


def test_laufende_past_the_cap_are_paid_as_the_cap() -> None:
    # Niederfüllbach: at most 4. A solo with 6 Laufende won: 40 + 4 x 5 = 60, x3 for the declarer.
    solo = {"game": "solo", "declarer": "Anna", "points": 70, "laufende": 6}
    capped = scored([solo], laufende_max=4)["deals"][0]
    assert capped["payouts"]["Anna"] == 180
    assert {"name": "laufende", "units": 20, "count": 4} in capped["breakdown"]["terms"]
    assert payouts(solo)["Anna"] == 3 * (40 + 6 * 5)
    # A run under the cap is paid in full; the game's own maximum still refuses.
    assert payouts({**solo, "laufende": 3}, laufende_max=4)["Anna"] == 3 * (40 + 15)
    with pytest.raises(ScoringError, match="only 4 trumps"):
        scored([{**solo, "game": "wenz", "laufende": 5}], laufende_max=4)
    with pytest.raises(ScoringError, match="laufende_max"):
        scored([solo], laufende_max=0)


def test_laufende_cap_in_the_game_for_three() -> None:
    three = {"game": "solo", "declarer": "Anna", "points": 70, "laufende": 6}
    assert payouts_for_three(three, laufende=True, laufende_max=4)["Anna"] == 2 * (40 + 4 * 5)
    assert payouts_for_three(three, laufende=True)["Anna"] == 2 * (40 + 6 * 5)


def payouts_for_three(deal: dict[str, Any], **rules: Any) -> dict[str, int]:
    return scored([deal], players=FOUR[:3], preset="bavarian3", **rules)["deals"][0]["payouts"]


@pytest.mark.parametrize(
    ("event", "deal"),
    [
        ("contra", {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 70, "contra": True}),
        ("tout", {"game": "wenz", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True}),
        ("sie", {"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True, "sie": True,
                 "laufende": 8}),
    ],
)
def test_contra_tout_and_sie_may_start_a_bock_round(event: str, deal: dict[str, Any]) -> None:
    plain = {"game": "sauspiel", "declarer": "Bene", "partner": "Dora", "points": 70}
    on = scored([deal, plain], bock={"after": [event]})["deals"]
    off = scored([deal, plain], bock={"after": ["sixty"]})["deals"]
    assert (on[1]["under_bock"], off[1]["under_bock"]) == (2, 1)
    assert on[1]["payouts"]["Bene"] == 2 * off[1]["payouts"]["Bene"] == 40
