"""What a Bavarian game is worth: the checks of its modifiers, when the declarer wins,
and its value from the tariffs (shared by the games for four and for three)."""

from __future__ import annotations

from scorer.engine.breakdown import CONTRA, OUVERT, RE, SIE, TOUT, Multiplier, Term, doublings, worth
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import LOWEST_BID, Game, RuleSet, Table
from scorer.engine.families.payouts import laufende_paid, schneider
from scorer.engine.families.table_points_games import plays_table_points, table_value


def check_modifiers(deal: Deal, table: Table) -> None:
    """Check contra/re, doubles, tout and sie against each other."""
    if deal.re and not deal.contra:
        raise ScoringError("re", N_("re answers a contra, and nobody said contra"))
    if deal.doubles > len(table.active):
        raise ScoringError(
            "doubles", N_("only %(most)s players can double, not %(count)s"),
            most=len(table.active), count=deal.doubles,
        )
    if deal.tout and deal.sie:
        raise ScoringError("sie", N_("a Sie is not announced tout as well"))


def declarer_won(deal: Deal, points: int, bid: int = LOWEST_BID) -> bool:
    """Tout and Sie win only schwarz with all 120; other games at the bid."""
    if deal.tout or deal.sie:
        return deal.schwarz and points == 120
    return points >= bid


def game_value(
    rules: RuleSet, game: Game, deal: Deal, points: int, won: bool
) -> tuple[tuple[Term, ...], tuple[Multiplier, ...], int]:
    """Add up a partner or solo game's value: its terms, its multipliers and the value.

    A Tout (x2) or a Sie (x4) counts no schneider or schwarz: its multiplier
    stands for them. Contra, re and the doubles double last.
    """
    if plays_table_points(rules):
        points_terms, times = table_value(rules, game, deal, points, won)
        return points_terms, times, worth(points_terms, times)
    tariffs = rules.tariffs
    terms = [Term(game.name, tariffs[game.name])]
    if not (deal.tout or deal.sie) and schneider(rules, deal, points, won):
        terms.append(Term("schneider", tariffs["schneider"]))
        if deal.schwarz:
            terms.append(Term("schwarz", tariffs["schwarz"]))
    running = laufende_paid(rules, game, deal)
    if running:
        terms.append(Term("laufende", tariffs["laufende"] * running, running))
    multipliers = ((SIE,) if deal.sie else (TOUT,) if deal.tout else ()) + announced(deal)
    return tuple(terms), multipliers, worth(terms, multipliers)


def announced(deal: Deal, *, ouvert: bool = False) -> tuple[Multiplier, ...]:
    """Contra, re and the doubles (knocks), each doubling the value; a Bettel's ouvert first."""
    said = ((OUVERT,) if ouvert else ()) + ((CONTRA, RE) if deal.re else (CONTRA,) if deal.contra else ())
    return (*said, doublings("doubles", deal.doubles)) if deal.doubles else said


def events(deal: Deal, points: int | None = None) -> frozenset[str]:
    """What a game did that may start a Bock round (a Bettel has no points)."""
    return frozenset(name for name, on in (
        ("sixty", points == 60), ("contra", deal.contra), ("re", deal.re),
        ("schwarz", deal.schwarz), ("tout", deal.tout), ("sie", deal.sie),
    ) if on)


