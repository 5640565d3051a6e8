"""Bavarian Schafkopf for three: ten cards, two in the blind, bidding by points."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorer.engine.breakdown import HAND, Breakdown, one_against_rest
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import LOWEST_BID, Carry, Family, Game, Gate, Outcome, RuleSet, Table
from scorer.engine.families.bavarian_value import check_modifiers, declarer_won, game_value
from scorer.engine.families.checks import seated, side_points
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, THREE, games_option, laufende_max_option, listed, point_value_option,
    schneider_option, tariffs_option, thrown_in,
)
from scorer.engine.families.payouts import against_all
from scorer.engine.families.penalty import NAME as PENALTY
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


def _bid_game(name: str, trumps: int, *, label: str, roles: Mapping[str, str] = MappingProxyType({})) -> Game:
    return Game(name, bid_solo, _KEYS, NEEDS_DECLARER, _GATES, kind="solo", trumps=trumps, label=label, roles=roles)


GAMES = MappingProxyType(
    {
        "geier": _bid_game("geier", 4, label=N_("Geier")),
        "wenz": _bid_game("wenz", 4, label=N_("Wenz")),
        # The Solo names its trump suit: the deal form asks it, the rows call the game by it.
        "solo": _bid_game("solo", 14, label=N_("Solo"), roles=MappingProxyType({"suit": N_("%(suit)s solo")})),
        "penalty": penalty_game(),
        "passed": thrown_in(),
    }
)
TRUMPS = MappingProxyType({name: game.trumps for name, game in GAMES.items() if game.trumps})

#: The names in a breakdown of three hands besides the games' and the common ones: English, German.
TERMS = MappingProxyType({"hand": (N_("Hand"), "Hand")})

#: (what happens in English, the same in German, the list file whose last deal it is).
EXAMPLES = (
    ("three hands: Bene plays a Wenz by hand and makes 95",
     "zu dritt: Bene spielt einen Wenz aus der Hand und macht 95",
     listed(NAME, {"game": "wenz", "declarer": "Bene", "points": 95, "hand": True}, players=THREE)),
)

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
        # Every game but the house game penalty, which a table switches on.
        games_option(tuple(GAMES), tuple(name for name in GAMES if name != PENALTY)),
        with_penalty(tariffs_option(
            {
                "sauspiel": 20, "wenz": 40, "solo": 40, "geier": 40, "farbwenz": 40,
                "schneider": 10, "schwarz": 10, "laufende": 5, "ramsch": 10,
            }
        ), lambda tariffs: tariffs["solo"]),
        LaufendeFrom(
            "laufende_from", MappingProxyType({"solo": 3, "wenz": 2, "geier": 2}),
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
    examples=EXAMPLES,
    keys=(OFFENDER,),
)
