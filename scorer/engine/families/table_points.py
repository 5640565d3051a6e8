"""Tournament points (Preisschafkopf): the rules key ``table_points``, its systems and how it is read.

The key (null by default) names a system and what the organiser adds to it.
A system is a table of points per game and result, not the value formula:
``"1/5"`` (self-bar: a Sauspiel 1/2/3, every solo game 5/6/7, Tout 14, Sie
28), ``"1/2"`` (1/2/3, 2/3/4, 6, 8), ``"1/5-dr"`` (Donau-Ries), ``"1/2-m"``
(Münchsmünster), ``"5-10-15"`` (Niederfüllbach) or ``"custom"`` (``points``
as given). Each of ``laufende``, ``schneider_free_at``, ``kontra``,
``passed`` and ``plus_only`` may be set over a system's own; left out, a
list scores as the third version scored it. How a deal is worth its points
is ``scorer.engine.families.table_points_games``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families.base import Game, Gate, RuleSet
from scorer.engine.options import Option
from scorer.engine.values import flag, mapping, unknown_key, whole

_KEY = "table_points"
CUSTOM = "custom"
#: A Tout or Sie worth the game's plain value and Laufende, times k: ``{"times": k}``.
TIMES = "times"
_TOUT_TWICE: Mapping[str, int] = MappingProxyType({TIMES: 2})
_SIE_FOUR_TIMES: Mapping[str, int] = MappingProxyType({TIMES: 4})

#: The systems by name: a partner game's triple, every solo game's, Tout and Sie, and
#: what each sets besides its points (the keys of ``_RULES``).
SYSTEMS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "1/5": MappingProxyType({"partner": (1, 2, 3), "solo": (5, 6, 7), "tout": 14, "sie": 28}),
    "1/2": MappingProxyType({"partner": (1, 2, 3), "solo": (2, 3, 4), "tout": 6, "sie": 8}),
    "1/5-dr": MappingProxyType({
        "partner": (1, 2, 3), "solo": (5, 6, 7), "tout": _TOUT_TWICE, "sie": _SIE_FOUR_TIMES,
        "passed": "cross",
    }),
    "1/2-m": MappingProxyType({
        "partner": (1, 2, 3), "solo": (2, 3, 4), "tout": 6, "sie": 8,
        "schneider_free_at": 30, "passed": "cross",
    }),
    # Niederfüllbach's sheet names no Sie: it is taken four times the game, as at Donau-Ries.
    "5-10-15": MappingProxyType({
        "partner": (5, 10, 15), "solo": (20, 20, 20), "hearts_solo": (30, 30, 30),
        "tout": _TOUT_TWICE, "sie": _SIE_FOUR_TIMES,
        "laufende": MappingProxyType({"from": 2, "max": 4, "every": 5}),
        "plus_only": True, "passed": "cross",
    }),
})

#: The keys besides ``system`` and ``points``, and their values left out (as the third version).
_RULES: Mapping[str, Any] = MappingProxyType({
    "plus_only": False, "laufende": None, "schneider_free_at": 31, "kontra": "refused", "passed": "zero",
})
_KEYS = ("system", "points", *_RULES)
_CHOICES: Mapping[str, tuple[Any, ...]] = MappingProxyType({
    "schneider_free_at": (31, 30),
    "kontra": ("refused", "ignored", "loses"),
    "passed": ("zero", "cross", "forced"),
})
#: Points a custom system may name besides one triple per game.
_ANNOUNCED = ("tout", "sie")
_EXTRA = ("hearts_solo", "bettel")
#: What tournament points leave out: the house rules, and the game everybody plays alone.
_NOT_PLAYED = ("bock", "stock")
_ALONE = "all"
#: The most points one result may be worth, and the largest k of "times k".
_MOST = 10_000
_MOST_TIMES = 16


@dataclass(frozen=True)
class SystemGate(Gate):
    """A deal key that needs tournament points with one of their rules at a value (a cross game's points)."""

    def opens(self, rules: RuleSet) -> bool:
        """Tell whether these rules play tournament points with the rule at the gate's value."""
        system = rules.get(_KEY)
        return system is not None and bool(system[self._setting] == self.value)

    def current(self, rules: RuleSet) -> Any:
        """The rule's value under these rules: null where the list plays no tournament points."""
        system = rules.get(_KEY)
        return None if system is None else system[self._setting]

    @property
    def _setting(self) -> str:
        return self.rule.removeprefix(f"{_KEY}.")


def _choices(values: tuple[Any, ...]) -> str:
    return ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in values)


@dataclass(frozen=True)
class TablePoints(Option):
    """The rules key ``table_points``: null, or the system, its points and the organiser's rules."""

    #: The family's games, to know each one's kind and which need points.
    games: Mapping[str, Game] = field(default_factory=lambda: MappingProxyType({}))
    kind = "table_points"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> Mapping[str, Any] | None:
        if value is None:
            return None
        given = mapping(value, where)
        for key in given:
            if key not in _KEYS:
                raise unknown_key(key, _KEYS, "object", path=where)
        system = given.get("system")
        if system not in (*SYSTEMS, CUSTOM):
            raise ScoringError(
                f"{where}.system", N_("must be one of %(choices)s, not %(value)s"),
                choices=_choices((*SYSTEMS, CUSTOM)), value=shown(system),
            )
        self._check_not_played(where, before)
        played = [self.games[name] for name in self.games if name in before["games"]]
        own: Mapping[str, Any] = SYSTEMS.get(system, MappingProxyType({}))
        if system == CUSTOM:
            points = self._custom(given.get("points"), f"{where}.points", played)
        elif "points" in given:
            raise ScoringError(f"{where}.points", N_("is read only with the system \"custom\""))
        else:
            points = {
                **{g.name: own[g.kind] for g in played if g.kind in ("partner", "solo")},
                **{name: own[name] for name in (*_ANNOUNCED, "hearts_solo") if name in own},
            }
        out: dict[str, Any] = {"system": system, "points": MappingProxyType(points)}
        for key, left_out in _RULES.items():
            if key in given:
                out[key] = self._rule(key, given[key], f"{where}.{key}", played)
            elif key == "laufende" and own.get(key) is not None:
                out[key] = _every(own[key], played)
            else:
                out[key] = own.get(key, left_out)
        return MappingProxyType(out)

    def _rule(self, key: str, value: Any, where: str, played: list[Game]) -> Any:
        if key == "plus_only":
            return flag(value, where)
        if key == "laufende":
            return None if value is None else _laufende(value, where, played)
        if value not in _CHOICES[key] or isinstance(value, bool):
            raise ScoringError(
                where, N_("must be one of %(choices)s, not %(value)s"),
                choices=_choices(_CHOICES[key]), value=shown(value),
            )
        return value

    def _check_not_played(self, where: str, before: Mapping[str, Any]) -> None:
        for rule in _NOT_PLAYED:
            if before.get(rule) is not None:
                raise ScoringError(
                    where, N_("tournament points are played without %(rule)s: set it to null"), rule=rule,
                )

    def games_under(self, value: Any, games: frozenset[str], chosen: bool) -> frozenset[str]:
        """Leave the game everybody plays alone (Ramsch) out of the defaults; refuse it where named."""
        if value is None:
            return games
        alone = [name for name, game in self.games.items() if game.kind == _ALONE and name in games]
        if alone and chosen:
            raise ScoringError(
                f"rules.{self.key}", N_("tournament points are played without %(game)s: leave it out of games"),
                game=alone[0],
            )
        return games - frozenset(alone)

    def _custom(self, value: Any, where: str, played: list[Game]) -> dict[str, Any]:
        given = mapping(value, where)
        wanted = [g.name for g in played if g.kind in ("partner", "solo")]
        for name in given:
            if name not in (*wanted, *_ANNOUNCED, *_EXTRA):
                raise unknown_key(name, (*wanted, *_ANNOUNCED, *_EXTRA), "object", path=where)
        points: dict[str, Any] = {}
        for name in wanted:
            if name == "bettel" and isinstance(given.get(name), int):
                continue  # one value, read below with the other extras
            if name not in given:
                raise ScoringError(f"{where}.{name}", N_("is missing: the points of a %(game)s"), game=name)
            points[name] = _triple(given[name], f"{where}.{name}")
        for name in _ANNOUNCED:
            if name not in given:
                raise ScoringError(f"{where}.{name}", N_("is missing: the points of a %(game)s"), game=name)
            points[name] = _announced(given[name], f"{where}.{name}")
        if "hearts_solo" in given:
            points["hearts_solo"] = _triple(given["hearts_solo"], f"{where}.hearts_solo")
        if "bettel" in given and "bettel" not in points:
            points["bettel"] = whole(given["bettel"], f"{where}.bettel", low=0, high=_MOST)
        return points

    def dump(self, value: Any) -> Any:
        if value is None:
            return None
        out: dict[str, Any] = {"system": value["system"]}
        if value["system"] == CUSTOM:
            out["points"] = {name: _dumped(v) for name, v in value["points"].items()}
        out["plus_only"] = value["plus_only"]
        # The fourth version's keys are written only where set: a third-version list reads back as it was.
        for key, left_out in _RULES.items():
            if key != "plus_only" and value[key] != left_out:
                out[key] = _dumped(value[key])
        return out

    def type_words(self) -> str:
        return (
            'object or null: `{"system": "1/5", "1/2", "1/5-dr", "1/2-m", "5-10-15" or "custom", '
            '"points": {...}, "plus_only": bool, "laufende": {...} or null, "schneider_free_at": 31 or 30, '
            '"kontra": "refused", "ignored" or "loses", "passed": "zero", "cross" or "forced"}`'
        )


def _triple(value: Any, where: str) -> tuple[int, int, int]:
    if not isinstance(value, list) or len(value) != 3:
        raise ScoringError(
            where, N_("must be three points: plain, schneider, schwarz, not %(value)s"), value=shown(value),
        )
    plain, cut, black = (whole(p, where, low=0, high=_MOST) for p in value)
    return plain, cut, black


def _announced(value: Any, where: str) -> int | Mapping[str, int]:
    """A Tout's or Sie's points: a number, or ``{"times": k}`` the game's."""
    if isinstance(value, dict):
        given = mapping(value, where)
        for key in given:
            if key != TIMES:
                raise unknown_key(key, (TIMES,), "object", path=where)
        if TIMES not in given:
            raise ScoringError(f"{where}.{TIMES}", N_("is missing: how many times the game's points"))
        return MappingProxyType({TIMES: whole(given[TIMES], f"{where}.{TIMES}", low=1, high=_MOST_TIMES)})
    return whole(value, where, low=0, high=_MOST)


def _laufende(value: Any, where: str, played: list[Game]) -> Mapping[str, Any]:
    """Laufende in points: from how many, at most how many, and each game's value per Laufender."""
    given = mapping(value, where)
    for key in given:
        if key not in ("from", "max", "value"):
            raise unknown_key(key, ("from", "max", "value"), "object", path=where)
    for key in ("from", "value"):
        if key not in given:
            raise ScoringError(f"{where}.{key}", N_("is missing: Laufende in points need from and value"))
    start = whole(given["from"], f"{where}.from", low=1, high=14)
    cap = given.get("max")
    if cap is not None:
        cap = whole(cap, f"{where}.max", low=start, high=14)
    named = (*(g.name for g in played if g.trumps), *_ANNOUNCED)
    each = mapping(given.get("value"), f"{where}.value")
    for name in each:
        if name not in named:
            raise unknown_key(name, named, "object", path=f"{where}.value")
    per = {name: whole(v, f"{where}.value.{name}", low=0, high=_MOST) for name, v in each.items()}
    return MappingProxyType({"from": start, "max": cap, "value": MappingProxyType(per)})


def _every(own: Mapping[str, int], played: list[Game]) -> Mapping[str, Any]:
    """A system's Laufende: the same value per Laufender in every game that has trumps."""
    per = {g.name: own["every"] for g in played if g.trumps}
    return MappingProxyType({"from": own["from"], "max": own["max"], "value": MappingProxyType(per)})


def _dumped(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return {k: _dumped(v) for k, v in value.items()}
    return value
