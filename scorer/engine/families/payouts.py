"""How the families' games pay: schneider, Laufende, who pays whom, the tally."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from scorer.engine.breakdown import Breakdown, everybody
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import Carry, Game, Outcome, RuleSet, Table


def schneider(rules: RuleSet, deal: Deal, points: int, won: bool) -> bool:
    """Schneider goes with the result: won at 91, lost at the house threshold."""
    if deal.schwarz:
        return True
    return points >= 91 if won else points <= rules.schneider_loss_max


def laufende_paid(rules: RuleSet, game: Game, deal: Deal) -> int:
    """How many Laufende are paid: none below the game's threshold, at most the house's cap.

    A deal may report up to the game's trumps; ``laufende_max`` (where the
    family has it and it is set) pays a longer run as that many.
    """
    if deal.laufende > game.trumps:
        raise ScoringError(
            "laufende", N_("a %(game)s has only %(most)s trumps, not %(count)s"),
            game=deal.game, most=game.trumps, count=deal.laufende,
        )
    if deal.laufende < rules.laufende_from.get(game.name, 1):
        return 0
    cap = rules.laufende_max
    return deal.laufende if cap is None else min(deal.laufende, cap)


def against_all(table: Table, declarer: str, value: int) -> dict[str, int]:
    """A solo's payouts: each opponent pays the declarer the value (or is paid)."""
    active = table.active
    payouts = dict.fromkeys(active, -value)
    payouts[declarer] = value * (len(active) - 1)
    return payouts


def side_against_side(table: Table, side: set[str], value: int) -> dict[str, int]:
    """A partner game's payouts: each winner +value, each loser -value."""
    return {who: value if who in side else -value for who in table.active}


def nothing(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """A hand thrown in: nobody pays."""
    active = table.active
    return Outcome(
        dict.fromkeys(active, 0), carry, events=_PASSED,
        breakdown=Breakdown((), (), 0, everybody(active)),
    )


_PASSED = frozenset({"passed"})


def added_tally(carry: Carry, gained: Mapping[str, int]) -> Carry:
    """The carry with points added to the tally."""
    tally = dict(carry.tally)
    for key, amount in gained.items():
        tally[key] = tally.get(key, 0) + amount
    return replace(carry, tally=MappingProxyType(tally))
