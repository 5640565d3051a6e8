"""Tournament points (Preisschafkopf): a table of points per game and result, not the value formula.

The rules key ``table_points`` (null by default) names a system: ``"1/5"``
(Donau-Ries Schafkopf-Cup: a Sauspiel 1/2/3, every solo game 5/6/7, Tout
14, Sie 28), ``"1/2"`` (Münchsmünster: 1/2/3, 2/3/4, 6, 8) or ``"custom"``
(``points`` as given: a triple ``[plain, schneider, schwarz]`` for every
game the list allows, and one ``tout`` and one ``sie`` value). A game pays
its points won or lost alike, as the Bavarian game pays its value: no
Laufende, no Kontra, Re or knocks, no Bock, no Stock and no Ramsch. With
``plus_only`` every negative payout becomes 0: a deal and the totals no
longer sum to zero, and nobody settles money on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import Term
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families.base import Carry, Game, Outcome, RuleSet, Table
from scorer.engine.families.payouts import schneider
from scorer.engine.options import Option
from scorer.engine.values import flag, mapping, unknown_key, whole

#: The systems by name: a partner game's triple, every solo game's, Tout and Sie.
SYSTEMS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "1/5": MappingProxyType({"partner": (1, 2, 3), "solo": (5, 6, 7), "tout": 14, "sie": 28}),
    "1/2": MappingProxyType({"partner": (1, 2, 3), "solo": (2, 3, 4), "tout": 6, "sie": 8}),
})
CUSTOM = "custom"
#: What tournament points leave out: the house rules, and the game everybody plays alone.
_NOT_PLAYED = ("bock", "stock")
_ALONE = "all"
#: The most points one result may be worth.
_MOST = 10_000


@dataclass(frozen=True)
class TablePoints(Option):
    """The rules key ``table_points``: null, or the system, its points and ``plus_only``."""

    #: The family's games, to know each one's kind and which need points.
    games: Mapping[str, Game] = field(default_factory=lambda: MappingProxyType({}))
    kind = "table_points"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> Mapping[str, Any] | None:
        if value is None:
            return None
        given = mapping(value, where)
        for key in given:
            if key not in ("system", "points", "plus_only"):
                raise unknown_key(key, ("system", "points", "plus_only"), "object", path=where)
        system = given.get("system")
        if system not in (*SYSTEMS, CUSTOM):
            raise ScoringError(
                f"{where}.system", N_("must be one of %(choices)s, not %(value)s"),
                choices=", ".join(f'"{s}"' for s in (*SYSTEMS, CUSTOM)), value=shown(system),
            )
        self._check_not_played(where, before)
        played = [self.games[name] for name in self.games if name in before["games"]]
        if system == CUSTOM:
            points = self._custom(given.get("points"), f"{where}.points", played)
        elif "points" in given:
            raise ScoringError(f"{where}.points", N_("is read only with the system \"custom\""))
        else:
            table = SYSTEMS[system]
            points = {
                **{g.name: table[g.kind] for g in played if g.kind in ("partner", "solo")},
                "tout": table["tout"], "sie": table["sie"],
            }
        plus_only = flag(given.get("plus_only", False), f"{where}.plus_only")
        return MappingProxyType({"system": system, "points": MappingProxyType(points), "plus_only": plus_only})

    def _check_not_played(self, where: str, before: Mapping[str, Any]) -> None:
        for rule in _NOT_PLAYED:
            if before.get(rule) is not None:
                raise ScoringError(
                    where, N_("tournament points are played without %(rule)s: set it to null"), rule=rule,
                )
        alone = [name for name, game in self.games.items() if game.kind == _ALONE and name in before["games"]]
        if alone:
            raise ScoringError(
                where, N_("tournament points are played without %(game)s: leave it out of games"),
                game=alone[0],
            )

    def _custom(self, value: Any, where: str, played: list[Game]) -> dict[str, Any]:
        given = mapping(value, where)
        wanted = [g.name for g in played if g.kind in ("partner", "solo")]
        for name in given:
            if name not in (*wanted, "tout", "sie"):
                raise unknown_key(name, (*wanted, "tout", "sie"), "object", path=where)
        points: dict[str, Any] = {}
        for name in wanted:
            if name not in given:
                raise ScoringError(f"{where}.{name}", N_("is missing: the points of a %(game)s"), game=name)
            triple = given[name]
            if not isinstance(triple, list) or len(triple) != 3:
                raise ScoringError(
                    f"{where}.{name}", N_("must be three points: plain, schneider, schwarz, not %(value)s"),
                    value=shown(triple),
                )
            points[name] = tuple(whole(p, f"{where}.{name}", low=0, high=_MOST) for p in triple)
        for name in ("tout", "sie"):
            if name not in given:
                raise ScoringError(f"{where}.{name}", N_("is missing: the points of a %(game)s"), game=name)
            points[name] = whole(given[name], f"{where}.{name}", low=0, high=_MOST)
        return points

    def dump(self, value: Any) -> Any:
        if value is None:
            return None
        out: dict[str, Any] = {"system": value["system"]}
        if value["system"] == CUSTOM:
            out["points"] = {k: list(v) if isinstance(v, tuple) else v for k, v in value["points"].items()}
        out["plus_only"] = value["plus_only"]
        return out

    def type_words(self) -> str:
        return 'object or null: `{"system": "1/5", "1/2" or "custom", "points": {...}, "plus_only": bool}`'


def plays_table_points(rules: RuleSet) -> bool:
    """Tell whether this list scores tournament points."""
    return rules.get("table_points") is not None


def table_value(rules: RuleSet, game: Game, deal: Deal, points: int | None, won: bool) -> tuple[Term, ...]:
    """A game's points from the table: plain, schneider or schwarz; Tout and Sie their own."""
    _refuse_doubling(deal)
    table = rules["table_points"]["points"]
    if deal.sie or deal.tout:
        name = "sie" if deal.sie else "tout"
        return (Term(name, table[name]),)
    plain, cut, black = table[game.name]
    terms = [Term(game.name, plain)]
    if points is not None and schneider(rules, deal, points, won):
        terms.append(Term("schneider", cut - plain))
        if deal.schwarz:
            terms.append(Term("schwarz", black - cut))
    return tuple(terms)


def _refuse_doubling(deal: Deal) -> None:
    for key in ("contra", "re", "doubles"):
        if deal.value(key):
            raise ScoringError(key, N_("tournament points are played without Kontra, Re or knocks"))


def plus_only(
    rules: RuleSet, table: Table, deal: Deal, game: Game, outcome: Outcome, before: Carry
) -> Outcome:
    """With ``plus_only``, nobody's payout is below 0 (the winners' amounts stay)."""
    if not rules["table_points"]["plus_only"]:
        return outcome
    return replace(outcome, payouts=MappingProxyType({who: max(0, a) for who, a in outcome.payouts.items()}))
