"""A list's house rules: its family and the value of every option, frozen when the list starts.

Three things are kept apart: the **family** (``bavarian``, ``german``, ...:
a module of ``scorer.engine.families``), the family's **defaults** (each
option's default), and a group's **saved house rules** (kept by the app).
The list file names the family with the key ``preset``, as it always has.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families import FAMILIES
from scorer.engine.families.base import CarryRule, Family
from scorer.engine.options import MAX_TARIFF
from scorer.engine.values import mapping, unknown_key

__all__ = ["MAX_TARIFF", "RuleSet", "parse_rules", "rule_keys"]

_NONE_COUNTED: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class RuleSet:
    """A list's own copy of its house rules, every default filled in."""

    family: Family
    #: Every option's value, by key, as parsed (see the family's options).
    values: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        """An option's value, or the default when the family has no such option."""
        return self.values.get(key, default)

    @property
    def tariffs(self) -> Mapping[str, int]:
        """Units per game and per term, by name."""
        tariffs: Mapping[str, int] = self.values["tariffs"]
        return tariffs

    @property
    def laufende_from(self) -> Mapping[str, int]:
        """Laufende count from this many on, per game (empty where none are counted)."""
        counted: Mapping[str, int] = self.values.get("laufende_from", _NONE_COUNTED)
        return counted

    @property
    def schneider_loss_max(self) -> int:
        """The declaring side is schneidered at this many points or fewer."""
        return cast(int, self.values["schneider_loss_max"])

    @property
    def preset(self) -> str:
        """The family's name, as the list file's ``preset`` key names it."""
        return self.family.name

    @property
    def games(self) -> frozenset[str]:
        """The games this list allows (``passed`` always, where the family has it)."""
        return cast(frozenset[str], self.values["games"])

    @property
    def point_value(self) -> int:
        """Cents per unit, for the settlement."""
        return cast(int, self.values["point_value"])

    @property
    def carry_rules(self) -> tuple[CarryRule, ...]:
        """The family's rules across deals that these house rules switch on, in order."""
        return tuple(
            rule for keys, rule in self.family.carry_rules
            if any(self.values.get(key) is not None for key in keys)
        )

    @property
    def plays_bock(self) -> bool:
        """Tell whether this list plays Bock rounds (every scored deal says its Bock multiplier)."""
        return self.values.get("bock") is not None

    @property
    def plays_stock(self) -> bool:
        """Tell whether this list plays the Stock (every scored deal says the pot after it)."""
        return self.values.get("stock") is not None

    @property
    def reads_carry(self) -> bool:
        """Tell whether scoring a deal reads what earlier deals carried over."""
        return self.family.reads_carry(self)

    def allows(self, game: str) -> bool:
        """Tell whether a deal of this game may be entered."""
        return game in self.games

    def to_dict(self) -> dict[str, Any]:
        """Write the rules as the list file's ``rules`` object, defaults filled in."""
        out: dict[str, Any] = {"preset": self.family.name}
        for option in self.family.options:
            out[option.key] = option.dump(self.values[option.key])
        return out


def rule_keys(family: Family) -> tuple[str, ...]:
    """Every key a ``rules`` object of this family may carry."""
    return ("preset", *(option.key for option in family.options))


def parse_rules(data: Any) -> RuleSet:
    """Read a ``rules`` object: a family and the overrides of its defaults."""
    data = mapping(data, "rules")
    if "preset" not in data:
        raise ScoringError(
            "rules.preset", N_("is missing: name one of %(presets)s"), presets=", ".join(FAMILIES)
        )
    name = data["preset"]
    if not isinstance(name, str) or name not in FAMILIES:
        raise ScoringError(
            "rules.preset", N_("%(value)s is not a family: one of %(presets)s"),
            value=shown(name), presets=", ".join(FAMILIES),
        )
    family = FAMILIES[name]
    known = rule_keys(family)
    for key in data:
        if key not in known:
            raise unknown_key(key, known, "rules", path="rules", preset=name)
    values: dict[str, Any] = {}
    for option in family.options:
        if option.key in data:
            values[option.key] = option.parse(data[option.key], f"rules.{option.key}", values)
        else:
            values[option.key] = option.default_for(values)
    _games_follow_their_rules(family, data, values)
    return RuleSet(family=family, values=MappingProxyType(values))


def _games_follow_their_rules(family: Family, data: Mapping[str, Any], values: dict[str, Any]) -> None:
    """A game switched on by a house rule of its own name (the German solo) follows the rule."""
    for game in family.games:
        option = next((o for o in family.options if o.key == game and o.kind == "flag"), None)
        if option is None or values[game] or game not in values["games"]:
            continue
        if "games" in data:
            raise ScoringError(
                "rules.games", N_("%(game)s needs the house rule %(game)s set to true"), game=game
            )
        values["games"] = values["games"] - {game}
