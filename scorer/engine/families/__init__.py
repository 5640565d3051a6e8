"""The rule families, one module each, found through this registry.

A family module defines ``FAMILY``: its seats, its games (one ``Game`` each),
its house-rule options as typed specs, the rules it carries across deals,
its tally and how a list of it can end. Adding a game or an option touches
the family's module and its tests, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorer.engine.families import bavarian, bavarian3, german, sheepshead, sheepshead3
from scorer.engine.families.base import Family

#: Every family by name, in the order the app offers them.
FAMILIES: Mapping[str, Family] = MappingProxyType(
    {f.name: f for f in (bavarian.FAMILY, bavarian3.FAMILY, sheepshead3.FAMILY, sheepshead.FAMILY, german.FAMILY)}
)

__all__ = ["FAMILIES", "Family"]
