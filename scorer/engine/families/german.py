"""German Schafkopf: fixed partnerships, game points, and the nine-stroke sheep's head."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import Breakdown, Term, one_against_rest, side_against_rest
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import LOWEST_BID, Carry, Family, Game, Outcome, RuleSet, Table
from scorer.engine.families.checks import seated, side_points
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, N_plural, examples_of, games_option, listed, point_value_option, schneider_option,
    tariffs_of, tariffs_option, thrown_in,
)
from scorer.engine.families.house_rules import german_rules
from scorer.engine.families.payouts import against_all, schneider, side_against_side
from scorer.engine.families.penalty import OFFENDER, penalty_game, with_penalty
from scorer.engine.options import Flag

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
def normal(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Team against team; the winners' game points are strokes on their head."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    pair, others = teams(table.players)
    if declarer not in pair:
        pair, others = others, pair
    mate = pair[1] if pair[0] == declarer else pair[0]
    if deal.partner is not None and deal.partner != mate:
        raise ScoringError(
            "partner", N_("partners are fixed: %(declarer)s plays with %(mate)s"),
            declarer=declarer, mate=mate,
        )
    points = side_points(deal, widow=False)
    won = points >= LOWEST_BID
    gained = game_points(rules, deal, points, won)
    winners = pair if won else others
    team = teams(table.players).index(winners) + 1
    tally = dict(carry.tally)
    total = tally.get(f"team{team}", 0) + gained
    completed = total >= HEAD
    if completed:
        tally["team1"] = tally["team2"] = 0
        tally[f"heads{team}"] = tally.get(f"heads{team}", 0) + 1
    else:
        tally[f"team{team}"] = total
    terms: tuple[Term, ...]
    if german_rules(rules).settle_per_head:
        value = rules.tariffs["head"] if completed else 0
        terms = (Term("head", value),) if completed else ()
    else:
        value = gained * rules.tariffs["game_point"]
        terms = (Term("game_points", value, gained),)
    strokes = (Term("strokes", gained), Term("head", 1)) if completed else (Term("strokes", gained),)
    shares = side_against_rest(declarer, mate, table.active, 1 if won else -1)
    return Outcome(
        side_against_side(table, set(winners), value), replace(carry, tally=MappingProxyType(tally)),
        won=won, side=(declarer, mate), breakdown=Breakdown(terms, (), value, shares, tally=strokes),
    )


def german_solo(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The declarer alone against three, game points paid three times; no strokes."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    points = side_points(deal, widow=False)
    won = points >= LOWEST_BID
    gained = game_points(rules, deal, points, won)
    value = gained * rules.tariffs["game_point"]
    sign = 1 if won else -1
    return Outcome(
        against_all(table, declarer, value * sign), carry, won=won, side=(declarer,),
        breakdown=Breakdown(
            (Term("game_points", value, gained),), (), value,
            one_against_rest("declarer", declarer, table.active, sign),
        ),
    )


GAMES = MappingProxyType(
    {
        # Their breakdowns say game points (or a head), not the game.
        "normal": Game(
            "normal", normal, DECLARED | {"partner", "forced"}, NEEDS_DECLARER,
            kind="partner", partner="fixed",
            label=N_("Normal game"), german="Normalspiel", in_breakdown=False,
            examples=(
                ("German game: Anna and Chris make 70",
                 "Deutsches Spiel: Anna und Chris machen 70",
                 listed(NAME, {"game": "normal", "declarer": "Anna", "points": 70})),
            )),
        "solo": Game(
            "solo", german_solo, DECLARED, NEEDS_DECLARER, kind="solo", label=N_("Solo"), in_breakdown=False
        ),
        "penalty": penalty_game(),
        "passed": thrown_in(),
    }
)

#: The names in a German breakdown besides the common ones (the tally's too): English, German.
TERMS = MappingProxyType({
    "game_points": (N_("Game points"), "Spielpunkte"),
    "head": (N_("Head"), "Kopf"),
    "strokes": (N_("Strokes"), "Striche"),
})
COUNTED = MappingProxyType({
    "game_points": (
        N_plural("%(num)s Game point", "%(num)s Game points"), ("%(num)s Spielpunkt", "%(num)s Spielpunkte"),
    ),
    "strokes": (N_plural("%(num)s Stroke", "%(num)s Strokes"), ("%(num)s Strich", "%(num)s Striche")),
    "head": (N_plural("%(num)s Head", "%(num)s Heads"), ("%(num)s Kopf", "%(num)s Köpfe")),
})

#: The tariffs of no game: a game point, and a completed head when a list pays per head.
TERM_TARIFFS = MappingProxyType({"game_point": 10, "head": 90})

#: The examples of the house rules (what happens in English, the same in German, the list
#: file whose last deal it is).
HOUSE_RULE_EXAMPLES = (
    ("settled per head, their schwarz completes a head",
     "nach Köpfen abgerechnet: ihr Schwarz macht einen Kopf voll",
     listed(NAME, {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True},
            settle_per_head=True)),
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


#: The labels of the tariffs that are neither games nor shared terms.
TARIFF_LABELS = MappingProxyType({
    "game_point": N_("Game point"),
    "head": N_("Completed head"),
})

#: The German game's own words where the common ones speak of another family's
#: games (see base.WORDS): it has no Kontra, so its doubled row is not Kontra's.
WORDS = MappingProxyType({
    "stats_doubled": N_("Doubled: won"),
})

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
        games_option(GAMES),
        with_penalty(
            tariffs_option({**tariffs_of(GAMES.values()), **TERM_TARIFFS}), lambda tariffs: 2 * tariffs["game_point"]
        ),
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
    reads_carry=lambda rules: german_rules(rules).settle_per_head,
    terms=TERMS,
    counted=COUNTED,
    examples=examples_of(GAMES, *HOUSE_RULE_EXAMPLES),
    settled=frozenset({"heads1", "heads2"}),
    keys=(OFFENDER,),
    tariff_labels=TARIFF_LABELS,
    words=WORDS,
)
