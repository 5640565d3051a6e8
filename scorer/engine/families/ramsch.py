"""Ramsch, the Bavarian club tariff: everybody alone when all pass; the most points pays,
virgins are paid more, a Durchmarsch wins like a solo."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from scorer.engine.breakdown import Breakdown, Multiplier, Share, Term, doublings, one_against_rest, worth
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families.base import Carry, Outcome, RuleSet, Table
from scorer.engine.families.bavarian_value import announced, check_modifiers
from scorer.engine.families.checks import no_trick, player_points, the_one
from scorer.engine.families.house_rules import bavarian_rules
from scorer.engine.families.payouts import against_all
from scorer.engine.options import Option
from scorer.engine.values import whole


def ramsch(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """All passed: the most points pays; virgins double; a Durchmarsch wins."""
    check_modifiers(deal, table)
    active = table.active
    points = player_points(deal, table)
    house = bavarian_rules(rules)
    if house.virgin_by == "tricks":
        virgins = no_trick(deal, table, points)
    else:
        virgins = frozenset(who for who in active if points[who] == 0)
    made_it = _durchmarsch_by(rules, deal, table, points)
    if made_it is not None:
        return _durchmarsch(rules, table, deal, carry, made_it)
    most = max(points.values())
    tied = [w for w in active if points[w] == most]
    loser = the_one(deal.loser, tied, table, "loser", "most")
    payouts, breakdown = _ramsch_lost(
        rules.tariffs["ramsch"], deal.doubles, house.virgin, active, loser, virgins
    )
    return Outcome(payouts, carry, breakdown=breakdown)


def _durchmarsch_by(rules: RuleSet, deal: Deal, table: Table, points: Mapping[str, int]) -> str | None:
    """Who made a Durchmarsch, if anyone: by card points from the threshold on, or by every trick.

    By tricks (``durchmarsch_by``), every other active player took no trick;
    the threshold is not read, any non-null ``durchmarsch`` switches it on.
    """
    house = bavarian_rules(rules)
    threshold = house.durchmarsch
    if threshold is None:
        return None
    if house.durchmarsch_by == "tricks":
        took = [who for who in table.active if who not in no_trick(deal, table, points)]
        return took[0] if len(took) == 1 else None
    return next((who for who in table.active if points[who] >= threshold), None)


def _durchmarsch(rules: RuleSet, table: Table, deal: Deal, carry: Carry, who: str) -> Outcome:
    """A Ramsch won by one player taking (nearly) every point: paid like a solo."""
    if deal.loser is not None:
        raise ScoringError(
            "loser", N_("%(name)s made a Durchmarsch: nobody else loses alone"), name=who,
        )
    tariffs = rules.tariffs
    terms: tuple[Term, ...] = (Term("durchmarsch", tariffs["solo"]),)
    if bavarian_rules(rules).durchmarsch_value == "schwarz":
        terms += (Term("schneider", tariffs["schneider"]), Term("schwarz", tariffs["schwarz"]))
    value = worth(terms) << deal.doubles
    return Outcome(
        against_all(table, who, value), carry, events=frozenset({"durchmarsch"}),
        breakdown=Breakdown(terms, announced(deal), value, one_against_rest("winner", who, table.active, 1)),
    )


def _ramsch_lost(
    tariff: int, doubles: int, virgin: str, active: tuple[str, ...], loser: str,
    virgins: frozenset[str],
) -> tuple[dict[str, int], Breakdown]:
    """A lost Ramsch's payouts and breakdown: the loser pays every other player a share.

    The knocks double everything. By the house's ``virgin``: a virgin's share
    is two shares (``own``), one share (``none``), or doubled once for each
    virgin of the deal (``each``); or each virgin doubles everything (``all``).
    """
    value = tariff << doubles
    multipliers: tuple[Multiplier, ...] = (doublings("doubles", doubles),) if doubles else ()
    if virgin == "all" and virgins:
        value <<= len(virgins)
        multipliers += (doublings("virgins", len(virgins)),)
    virgin_times = {"own": 2, "each": 1 << len(virgins)}.get(virgin, 1)
    winners = tuple(who for who in active if who != loser and who not in virgins)
    own = tuple(who for who in active if who != loser and who in virgins)
    payouts = {who: value * virgin_times if who in virgins else value for who in active if who != loser}
    payouts[loser] = -sum(payouts.values())
    shares: tuple[Share, ...] = (
        *((Share("winner", winners, 1),) if winners else ()),
        *((Share("virgin", own, virgin_times),) if own else ()),
        Share("loser", (loser,), -(len(winners) + virgin_times * len(own))),
    )
    return payouts, Breakdown((Term("ramsch", tariff),), multipliers, value, shares)


# -- the house rule of the Durchmarsch -------------------------------------------------------

@dataclass(frozen=True)
class Durchmarsch(Option):
    """Points from which a Ramsch is won by Durchmarsch, "all" (120) or null (off)."""

    kind = "number"
    low = 61
    high = 120
    nullable = True
    spelled: ClassVar[Mapping[int, str]] = MappingProxyType({120: "all"})
    spelled_words: ClassVar[Mapping[str, str]] = MappingProxyType({"all": N_("only with all 120")})

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> int | None:
        if value is None:
            return None
        if value == "all":
            return 120
        if isinstance(value, str):
            raise ScoringError(
                where, N_('must be points, "all" or null, not %(value)s'), value=shown(value)
            )
        return whole(value, where, low=61, high=120)

    def dump(self, value: Any) -> Any:
        return "all" if value == 120 else value

    def type_words(self) -> str:
        return 'int 61..120, `"all"` or null'
