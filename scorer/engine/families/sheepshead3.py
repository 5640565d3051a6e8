"""Classic three-hand Schafkopf (Sheep's Head): the widow, 2/4/6 victory points, least."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import Breakdown, Term, one_against_rest
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import LOWEST_BID, Carry, Family, Game, Gate, Outcome, RuleSet, Table
from scorer.engine.families.checks import no_trick, player_points, seated, side_points, the_one
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, THREE, examples_of, games_option, listed, needs, point_value_option,
    schneider_option, tariffs_of, tariffs_option, thrown_in,
)
from scorer.engine.families.house_rules import sheepshead3_rules
from scorer.engine.families.payouts import added_tally, against_all, schneider
from scorer.engine.options import Choice

NAME = "sheepshead3"


def pick(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The picker against two: 2, 4 or 6 victory points each way."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    points = side_points(deal, widow=True)
    schwarz = deal.schwarz
    if sheepshead3_rules(rules).schwarz_by == "points":
        if schwarz and points not in (0, 120):
            raise ScoringError(
                "schwarz",
                N_("with %(points)s points nobody was schwarz: this list counts schwarz by points (0 or 120)"),
                points=points,
            )
        schwarz = points in (0, 120)
    won = points >= LOWEST_BID
    value = rules.tariffs["game"]
    terms = [Term("pick", value)]
    if schwarz or schneider(rules, deal, points, won):
        value += rules.tariffs["schneider"]
        terms.append(Term("schneider", rules.tariffs["schneider"]))
    if schwarz:
        value += rules.tariffs["schwarz"]
        terms.append(Term("schwarz", rules.tariffs["schwarz"]))
    sign = 1 if won else -1
    victory = value * sign
    return Outcome(
        against_all(table, declarer, victory), added_tally(carry, {declarer: victory}),
        won=won, side=(declarer,),
        breakdown=Breakdown(
            tuple(terms), (), value, one_against_rest("picker", declarer, table.active, sign)
        ),
    )


def least(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """All passed: the fewest card points wins; all 120 in one hand loses."""
    points = player_points(deal, table)
    for who in table.active:
        if points[who] == 120:
            if deal.winner is not None:
                raise ScoringError(
                    "winner", N_("%(name)s took all 120: nobody wins this least"), name=who
                )
            loss = rules.tariffs["least_all"]
            return Outcome(
                against_all(table, who, -loss), added_tally(carry, {who: -loss}),
                breakdown=Breakdown(
                    (Term("least_all", loss),), (), loss,
                    one_against_rest("loser", who, table.active, -1),
                ),
            )
    fewest = min(points.values())
    tied = [who for who in table.active if points[who] == fewest]
    if len(tied) == len(table.active):
        if deal.winner is not None and deal.winner != table.dealer:
            raise ScoringError(
                "winner", N_("all on %(points)s: the dealer, %(dealer)s, wins"),
                points=fewest, dealer=table.dealer,
            )
        winner = table.dealer
    else:
        winner = the_one(deal.winner, tied, table, "winner", "fewest")
    if sheepshead3_rules(rules).least_zero_by == "tricks":
        zero = winner in no_trick(deal, table, points)
    else:
        zero = fewest == 0
    victory = rules.tariffs["least"]
    terms: tuple[Term, ...] = (Term("least", victory),)
    if zero:
        victory += rules.tariffs["least_zero"]
        terms += (Term("least_zero", rules.tariffs["least_zero"]),)
    return Outcome(
        against_all(table, winner, victory), added_tally(carry, {winner: victory}),
        breakdown=Breakdown(terms, (), victory, one_against_rest("winner", winner, table.active, 1)),
    )


GAMES = MappingProxyType(
    {
        "pick": Game(
            "pick", pick, DECLARED, NEEDS_DECLARER, kind="solo", label=N_("Pick"), examples=(
                ("classic three-hand: Anna picks and makes 67",
                 "klassisch zu dritt: Anna nimmt auf und macht 67",
                 listed(NAME, {"game": "pick", "declarer": "Anna", "points": 67}, players=THREE)),
            )),
        "least": Game(
            "least", least, frozenset({"points", "winner", "no_trick"}),
            needs(points=NEEDS_DECLARER["points"]),
            MappingProxyType({"no_trick": Gate("least_zero_by", "tricks")}),
            kind="all", points="players",
            label=N_("Least"), tariff=2, examples=(
                ("a Least: Anna takes no points",
                 "ein Least: Anna macht keine Augen",
                 listed(NAME, {"game": "least", "points": {"Anna": 0, "Bene": 50, "Chris": 70}}, players=THREE)),
                ("a Least: Anna takes all 120",
                 "ein Least: Anna macht alle 120",
                 listed(NAME, {"game": "least", "points": {"Anna": 120, "Bene": 0, "Chris": 0}}, players=THREE)),
            )),
        "passed": thrown_in(),
    }
)

#: What a pick is worth in victory points (its tariff is "game"), and what schneider and
#: schwarz add; then, after the games' own, what a least adds when nobody takes a point,
#: or pays when one player takes all 120.
PICK_TARIFFS = MappingProxyType({"game": 2, "schneider": 2, "schwarz": 2})
LEAST_TARIFFS = MappingProxyType({"least_zero": 2, "least_all": 4})

#: The names in a classic breakdown besides the games' and the common ones: English, German.
TERMS = MappingProxyType({
    "least_zero": (N_("Least with no points"), "Least ohne Augen"),
    "least_all": (N_("All 120 in one hand"), "Alle 120 in einer Hand"),
})


def _tally(players: tuple[str, ...], carry: Carry) -> dict[str, Any]:
    return {"classic": {who: carry.tally.get(who, 0) for who in players}}


def _measure(kind: str, players: tuple[str, ...], carry: Carry) -> int:
    return max((carry.tally.get(who, 0) for who in players), default=0)


#: The labels of the tariffs that are neither games nor shared terms.
TARIFF_LABELS = MappingProxyType({
    "least_zero": N_("Least with no points (extra)"),
    "least_all": N_("One player takes all 120"),
})

#: The three-hand game's own words where the common ones speak of another family's
#: games (see base.WORDS): it has no Kontra, and when all pass they play least.
WORDS = MappingProxyType({
    "stats_doubled": N_("Doubled: won"),
    "stats_all_play": N_("Least won"),
})

FAMILY = Family(
    name=NAME,
    label=N_("Sheepshead (3 players)"),
    description=N_(
        "The classic three-hand game with a widow: the picker plays alone for "
        "2, 4 or 6 points; when all pass, least wins."
    ),
    seats=(3,),
    games=GAMES,
    options=(
        games_option(GAMES),
        tariffs_option({**PICK_TARIFFS, **tariffs_of(GAMES.values()), **LEAST_TARIFFS}),
        schneider_option(30),
        Choice(
            "schwarz_by", "tricks", N_("Schwarz is"),
            N_("Whether schwarz is ticked (a side took no trick) or read from 0 or 120 points."),
            section="scoring", choices=("tricks", "points"),
            labels=MappingProxyType({
                "tricks": N_("ticked: a side took no trick"),
                "points": N_("read from the points (0 or 120)"),
            }),
        ),
        Choice(
            "least_zero_by", "points", N_("Least: the bonus goes to a winner with"),
            N_("Whether the least bonus needs no card points or no trick."),
            section="scoring", choices=("points", "tricks"),
            labels=MappingProxyType({"points": N_("no card points"), "tricks": N_("no trick")}),
        ),
        point_value_option(10),
    ),
    ends=("classic",),
    tally=_tally,
    measure=_measure,
    terms=TERMS,
    examples=examples_of(GAMES),
    tariff_labels=TARIFF_LABELS,
    words=WORDS,
)
