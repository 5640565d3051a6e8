"""The house game ``penalty``: a renege or a misdeal settled as a deal of its own.

The ``offender`` pays the list's ``penalty`` tariff to every other active
player. The deal counts (the dealer moves on), doubles under a running Bock
round, starts none and moves no pot. A family offers it by listing
:func:`penalty_game` among its games, :data:`OFFENDER` among its keys, and
its tariffs as :class:`PenaltyTariffs`, which say what the penalty is when
the list does not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import Breakdown, Term, one_against_rest
from scorer.engine.deals import Deal, Key
from scorer.engine.errors import N_
from scorer.engine.families.base import Carry, Example, Game, Gate, Outcome, RuleSet, Table
from scorer.engine.families.checks import seated
from scorer.engine.families.payouts import against_all
from scorer.engine.options import MAX_TARIFF, Tariffs
from scorer.engine.values import mapping, name, whole

NAME = "penalty"

#: Who reneged or misdealt, and pays.
OFFENDER = Key("offender", name, "player", label=N_("Offender"))


def penalty(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The offender pays the penalty tariff to each other active player."""
    offender = seated(table, OFFENDER.of(deal), OFFENDER.name)
    value = rules.tariffs[NAME]
    return Outcome(
        against_all(table, offender, -value), carry,
        breakdown=Breakdown(
            (Term(NAME, value),), (), value,
            one_against_rest(OFFENDER.name, offender, table.active, -1, rest="player"),
        ),
    )


def penalty_game(
    keys: frozenset[str] = frozenset(), gated: Mapping[str, Gate] | None = None, *,
    tariff: int | None = None, examples: tuple[Example, ...] = (),
) -> Game:
    """The penalty as a family's house game; its deal may also take ``keys``.

    ``tariff`` is its own where the family has one; without it the family's
    :class:`PenaltyTariffs` give it from the other tariffs.
    """
    return Game(
        NAME, penalty, frozenset({OFFENDER.name}) | keys,
        MappingProxyType({OFFENDER.name: N_("is missing: who pays the penalty?")}),
        MappingProxyType(dict(gated or {})), kind="none", points=None,
        label=N_("Penalty"), german="Strafe",
        terms=MappingProxyType({OFFENDER.name: (N_("Offender"), "Schuldiger")}),
        tariff=tariff, seed=False, examples=examples,
    )


@dataclass(frozen=True)
class PenaltyTariffs(Tariffs):
    """Tariffs with the penalty's, whose default follows the list's other tariffs.

    ``penalty_default`` gives it from the tariffs read (the solo tariff, or
    twice the game point), so a table that raises its solo raises its penalty
    too unless it sets one.
    """

    penalty_default: Callable[[Mapping[str, int]], int] = field(default=lambda tariffs: 0)
    #: The penalty's field on a form, saying what an empty one means (marked with N_).
    empty_label: str = N_("Penalty (empty: the solo tariff)")

    #: The entries whose default follows the other tariffs: a form leaves them empty to follow.
    derived = (NAME,)

    def follows(self, key: str, tariffs: Mapping[str, int]) -> bool:
        """Whether entry ``key`` of these tariffs is what it would be if the list did not set it."""
        return key in self.derived and tariffs.get(key) == self.penalty_default(tariffs)

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> Mapping[str, int]:
        given = dict(mapping(value, where))
        own = given.pop(NAME, None)
        tariffs = dict(super().parse(given, where, before))
        if own is None:
            tariffs[NAME] = self.penalty_default(tariffs)
        else:
            tariffs[NAME] = whole(own, f"{where}.{NAME}", low=self.low, high=MAX_TARIFF)
        return MappingProxyType(tariffs)

    def dump(self, value: Any) -> Any:
        # A penalty that follows the other tariffs is left out, so that it goes on following them.
        return {key: amount for key, amount in value.items() if not self.follows(key, value)}

    def default_for(self, before: Mapping[str, Any]) -> Mapping[str, int]:
        return self.parse({}, "rules.tariffs", before)


def with_penalty(
    tariffs: Tariffs, default: Callable[[Mapping[str, int]], int], empty_label: str | None = None,
) -> PenaltyTariffs:
    """A family's tariffs with the penalty's, ``default`` giving it when the list does not.

    ``empty_label`` names the penalty's field and what leaving it empty means;
    without it, the solo tariff where the family has one, else twice the game point.
    """
    if empty_label is None:
        empty_label = (
            N_("Penalty (empty: the solo tariff)") if "solo" in tariffs.default
            else N_("Penalty (empty: twice the game point)")
        )
    return PenaltyTariffs(
        tariffs.key, tariffs.default, tariffs.label, tariffs.help, section=tariffs.section,
        folded=tariffs.folded, low=tariffs.low, high=tariffs.high, penalty_default=default,
        empty_label=empty_label,
    )
