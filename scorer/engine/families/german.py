"""German Schafkopf: fixed partnerships, game points, and the nine-stroke sheep's head."""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from scorer.engine.breakdown import Breakdown, Term, breakdown_of, one_against_rest, side_against_rest, terms_of
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import (
    LOWEST_BID, Carry, Family, Game, Outcome, Table, against_all, nothing, outcome_of, schneider, seated,
    side_points,
)
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, games_option, point_value_option, schneider_option, tariffs_option,
)
from scorer.engine.options import Flag
from scorer.engine.quick import plain, quick_replace

if TYPE_CHECKING:
    from scorer.engine.rules import RuleSet

NAME = "german"
#: Strokes that complete a sheep's head.
HEAD = 9


def teams(players: tuple[str, ...]) -> tuple[tuple[str, str], tuple[str, str]]:
    """The fixed partnerships: players 1 and 3 against 2 and 4."""
    return (players[0], players[2]), (players[1], players[3])


def game_points(rules: RuleSet, deal: Deal, points: int, won: bool) -> int:
    """Game points to the winner: 1/2 declaring, 2/4 defending, 9 schwarz."""
    if deal.schwarz:
        return 9
    single = 1 if won or deal.forced else 2
    return single * 2 if schneider(rules, deal, points, won) else single


#: The tally's keys of each team's strokes and completed heads, by the team's number (1 or 2).
_TEAM = ("", "team1", "team2")
_HEADS = ("", "heads1", "heads2")


@lru_cache(maxsize=64)
def _seats(players: tuple[str, ...]) -> dict[str, tuple[int, str, tuple[str, str], tuple[str, str]]]:
    """For each player: the index of their team in :func:`teams`, their mate, their team and the other."""
    pairs = teams(players)
    seats = {}
    for ours, (first, second) in enumerate(pairs):
        seats[first] = (ours, second, pairs[ours], pairs[1 - ours])
        seats[second] = (ours, first, pairs[ours], pairs[1 - ours])
    return seats


def normal(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Team against team; the winners' game points are strokes on their head.

    Every deal of a German list but a few is one: the checks call the checking
    functions (which raise) only for a deal that may fail them, and what the
    deal pays is looked up once for each way it adds up (:func:`_normal_scored`).
    """
    declarer = deal.declarer
    assert declarer is not None
    if declarer not in table.active:
        seated(table, declarer, "declarer")
    ours, mate, pair, others = _seats(table.players)[declarer]
    if deal.partner is not None and deal.partner != mate:
        raise ScoringError(
            "partner", N_("partners are fixed: %(declarer)s plays with %(mate)s"),
            declarer=declarer, mate=mate,
        )
    points = deal.points
    if not isinstance(points, int) or deal.schwarz:
        points = side_points(deal, widow=False)
    won = points >= LOWEST_BID
    gained = game_points(rules, deal, points, won)
    winners, team = (pair, 1 + ours) if won else (others, 2 - ours)
    # The strokes on the winners' head: a completed head starts both teams from nothing.
    tally = plain(carry.tally)
    total = tally.get(_TEAM[team], 0) + gained
    completed = total >= HEAD
    if completed:
        tally["team1"] = tally["team2"] = 0
        tally[_HEADS[team]] = tally.get(_HEADS[team], 0) + 1
    else:
        tally[_TEAM[team]] = total
    after = quick_replace(carry, tally=MappingProxyType(tally))
    per_head = rules.values["settle_per_head"]
    breakdown, payouts, side = _normal_scored(
        per_head, rules.tariffs["head" if per_head else "game_point"], gained, completed, won,
        declarer, mate, winners, table.active,
    )
    return outcome_of(payouts.copy(), after, 1, won, side, breakdown=breakdown)


@lru_cache(maxsize=4096)
def _normal_scored(
    per_head: bool, tariff: int, gained: int, completed: bool, won: bool,
    declarer: str, mate: str, winners: tuple[str, str], active: tuple[str, ...],
) -> tuple[Breakdown, dict[str, int], tuple[str, str]]:
    """A normal game's breakdown, payouts and side, kept once for each way it adds up.

    ``tariff`` is the head's when the list settles per head, else the game
    point's. The payouts are a pattern: each deal takes a copy.
    """
    terms: tuple[Term, ...]
    if per_head:
        value = tariff if completed else 0
        terms = terms_of(("head", value)) if completed else ()
    else:
        value = gained * tariff
        terms = terms_of(("game_points", value, gained))
    payouts = {who: value if who in winners else -value for who in active}
    shares = side_against_rest(declarer, mate, active, 1 if won else -1)
    tally = terms_of(("strokes", gained), ("head", 1)) if completed else terms_of(("strokes", gained))
    return breakdown_of(terms, (), value, shares, tally), payouts, (declarer, mate)


def german_solo(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The declarer alone against three, game points paid three times; no strokes."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    points = side_points(deal, widow=False)
    won = points >= LOWEST_BID
    gained = game_points(rules, deal, points, won)
    value = gained * rules.tariffs["game_point"]
    sign = 1 if won else -1
    return outcome_of(
        against_all(table, declarer, value * sign), carry, won=won, side=(declarer,),
        breakdown=breakdown_of(
            terms_of(("game_points", value, gained)), (), value,
            one_against_rest("declarer", declarer, table.active, sign),
        ),
    )


GAMES = MappingProxyType(
    {
        "normal": Game(
            "normal", normal, DECLARED | {"partner", "forced"}, NEEDS_DECLARER,
            kind="partner", partner="fixed",
            label=N_("Normal game")),
        "solo": Game("solo", german_solo, DECLARED, NEEDS_DECLARER, kind="solo", label="Solo"),
        "passed": Game("passed", nothing, frozenset(), kind="none", points=None, label=N_("Thrown in")),
    }
)


def _tally(players: tuple[str, ...], carry: Carry) -> dict[str, Any]:
    return {
        "teams": [
            {
                "players": list(pair),
                "strokes": carry.tally.get(f"team{i}", 0),
                "heads": carry.tally.get(f"heads{i}", 0),
            }
            for i, pair in enumerate(teams(players), start=1)
        ]
    }


def _measure(kind: str, players: tuple[str, ...], carry: Carry) -> int:
    return max(carry.tally.get("heads1", 0), carry.tally.get("heads2", 0))


FAMILY = Family(
    name=NAME,
    label=N_("German game (4 players)"),
    description=N_(
        "The old German game: fixed partners across the table, game points, "
        "and nine strokes make a sheep's head."
    ),
    seats=(4,),
    games=GAMES,
    options=(
        games_option(tuple(GAMES), tuple(GAMES)),
        tariffs_option({"game_point": 10, "head": 90}),
        # "winner > 90": the declaring team is schneider at 29 or less.
        schneider_option(29),
        Flag("solo", False, N_("Solo games are played"), section="games", folded=False),
        Flag(
            "settle_per_head", False, N_("Pay per completed head, not per deal"),
            N_("Money changes hands when a sheep's head is completed, not after every deal."),
            section="scoring",
        ),
        point_value_option(1),
    ),
    ends=("heads",),
    tally=_tally,
    measure=_measure,
    reads_carry=lambda rules: bool(rules["settle_per_head"]),
)
