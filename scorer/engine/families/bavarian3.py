"""Bavarian Schafkopf for three: ten cards, two in the blind, bidding by points."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorer.engine.breakdown import HAND, Breakdown, one_against_rest
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families import bavarian
from scorer.engine.families.base import LOWEST_BID, Carry, Example, Family, Game, Gate, Outcome, RuleSet, Table
from scorer.engine.families.bavarian_value import check_modifiers, declarer_won, game_value
from scorer.engine.families.checks import seated, side_points
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, THREE, examples_of, games_option, laufende_from_of, laufende_max_option, listed,
    point_value_option, schneider_option, tariffs_of, tariffs_option, thrown_in, trumps_of,
)
from scorer.engine.families.payouts import against_all
from scorer.engine.families.penalty import OFFENDER, penalty_game, with_penalty
from scorer.engine.options import Flag, LaufendeFrom

NAME = "bavarian3"
#: Bids above the lowest go in steps of five.
BID_STEP = 5


def bid_solo(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The bid winner against two; hand and tout double."""
    assert deal.declarer is not None
    game = GAMES[deal.game]
    declarer = seated(table, deal.declarer, "declarer")
    check_modifiers(deal, table)
    bid = LOWEST_BID if deal.bid is None else deal.bid
    if not (bid == LOWEST_BID or (bid % BID_STEP == 0 and LOWEST_BID < bid <= 120)):
        raise ScoringError(
            "bid", N_("%(bid)s is not a bid: %(lowest)s, or 65 to 120 in steps of %(step)s"),
            bid=bid, lowest=LOWEST_BID, step=BID_STEP,
        )
    points = side_points(deal, widow=True)
    won = declarer_won(deal, points, bid)
    terms, multipliers, value = game_value(rules, game, deal, points, won)
    if deal.hand:
        multipliers += (HAND,)
        value *= 2
    sign = 1 if won else -1
    return Outcome(
        against_all(table, declarer, value * sign), carry, won=won, side=(declarer,),
        breakdown=Breakdown(
            terms, multipliers, value, one_against_rest("declarer", declarer, table.active, sign)
        ),
    )


_KEYS = DECLARED | {"bid", "hand", "tout", "contra", "re", "laufende"}
_GATES = MappingProxyType(
    {"contra": Gate("contra"), "re": Gate("contra"), "laufende": Gate("laufende")}
)


def _bid_game(
    name: str, trumps: int, *, label: str, laufende_from: int, roles: Mapping[str, str] = MappingProxyType({}),
    examples: tuple[Example, ...] = (),
) -> Game:
    return Game(
        name, bid_solo, _KEYS, NEEDS_DECLARER, _GATES, kind="solo", trumps=trumps, label=label, roles=roles,
        tariff=40, laufende_from=laufende_from, examples=examples,
    )


GAMES = MappingProxyType(
    {
        "geier": _bid_game("geier", 4, label=N_("Geier"), laufende_from=2),
        "wenz": _bid_game("wenz", 4, label=N_("Wenz"), laufende_from=2, examples=(
            ("three hands: Bene plays a Wenz by hand and makes 95",
             "zu dritt: Bene spielt einen Wenz aus der Hand und macht 95",
             listed(NAME, {"game": "wenz", "declarer": "Bene", "points": 95, "hand": True}, players=THREE)),
        )),
        # The Solo names its trump suit: the deal form asks it, the rows call the game by it.
        "solo": _bid_game(
            "solo", 14, label=N_("Solo"), laufende_from=3, roles=MappingProxyType({"suit": N_("%(suit)s solo")})
        ),
        "penalty": penalty_game(),
        "passed": thrown_in(),
    }
)
TRUMPS = trumps_of(GAMES)
#: A new list's tariffs: its games' over the four-hand seed tariffs, which lists for three
#: have always carried (the Sauspiel's and Ramsch's too), in their order.
TARIFFS = MappingProxyType({**bavarian.SEED_TARIFFS, **tariffs_of(GAMES.values())})
_OWN_LAUFENDE = laufende_from_of(GAMES.values())
#: A new list's Laufende thresholds, in the four-hand game's order (as stored lists have them).
LAUFENDE_FROM = MappingProxyType({
    **{name: _OWN_LAUFENDE[name] for name in bavarian.LAUFENDE_FROM if name in _OWN_LAUFENDE}, **_OWN_LAUFENDE,
})

#: The names in a breakdown of three hands besides the games' and the common ones: English, German.
TERMS = MappingProxyType({"hand": (N_("Hand"), "Hand")})

FAMILY = Family(
    name=NAME,
    label=N_("Three-hand Schafkopf"),
    description=N_(
        "The Bavarian game for three: bid by points, play Geier, Wenz or Solo "
        "against the other two."
    ),
    seats=(3,),
    games=GAMES,
    options=(
        games_option(GAMES),
        with_penalty(tariffs_option(TARIFFS), lambda tariffs: tariffs["solo"]),
        LaufendeFrom(
            "laufende_from", LAUFENDE_FROM,
            N_("Laufende count from"), N_("Per game: how many top trumps in a row start to count."),
            section="tariffs", high=TRUMPS,
        ),
        laufende_max_option(),
        schneider_option(30),
        Flag("contra", False, N_("Contra and re are played"), section="scoring", folded=False),
        Flag("laufende", False, N_("Laufende are counted"), section="scoring", folded=False),
        point_value_option(1),
    ),
    terms=TERMS,
    examples=examples_of(GAMES),
    keys=(OFFENDER,),
)
