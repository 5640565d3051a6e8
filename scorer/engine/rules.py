"""A list's house rules: its family and the value of every option, frozen when the list starts.

Three things are kept apart: the **family** (``bavarian``, ``german``, ...:
a module of ``scorer.engine.families``), the family's **defaults** (each
option's default), and a group's **saved house rules** (kept by the app).
The list file names the family with the key ``preset``, as it always has.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families import FAMILIES
from scorer.engine.families.base import Family, RuleSet
from scorer.engine.options import MAX_TARIFF
from scorer.engine.values import mapping, unknown_key

__all__ = ["MAX_TARIFF", "RuleSet", "family_named", "parse_rules", "rule_keys"]


def rule_keys(family: Family) -> tuple[str, ...]:
    """Every key a ``rules`` object of this family may carry."""
    return ("preset", *(option.key for option in family.options))


def parse_rules(data: Any) -> RuleSet:
    """Read a ``rules`` object: a family and the overrides of its defaults."""
    data = mapping(data, "rules")
    if "preset" not in data:
        raise ScoringError(
            "rules.preset", N_("is missing: name one of %(families)s"), families=", ".join(FAMILIES)
        )
    name = data["preset"]
    if not isinstance(name, str) or name not in FAMILIES:
        raise ScoringError(
            "rules.preset", N_("%(value)s is not a family: one of %(families)s"),
            value=shown(name), families=", ".join(FAMILIES),
        )
    family = FAMILIES[name]
    known = rule_keys(family)
    for key in data:
        if key not in known:
            raise unknown_key(key, known, "rules", path="rules", family_name=name)
    values: dict[str, Any] = {}
    for option in family.options:
        if option.key in data:
            values[option.key] = option.parse(data[option.key], f"rules.{option.key}", values)
        else:
            values[option.key] = option.default_for(values)
    _games_follow_their_rules(family, data, values)
    if "games" in values:
        for option in family.options:
            values["games"] = option.games_under(values[option.key], values["games"], "games" in data)
    return RuleSet(family=family, values=MappingProxyType(values))


def family_named(data: Mapping[str, Any]) -> str | None:
    """The family a ``rules`` object names (its ``preset``), or None when it names none the app knows."""
    name = data.get("preset")
    return name if isinstance(name, str) and name in FAMILIES else None


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
