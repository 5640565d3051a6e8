"""The rule families, one module each, found through this registry.

A family module defines ``FAMILY``: its seats, its games (one ``Game`` each:
the keys a deal of it takes and must take, how it scores, its names in
English and German, the tariff and Laufende a new list starts it from,
whether a new list plays it, its worked examples), the deal keys of its own
(``keys``), its house-rule options as typed specs (the games played, the
tariffs and Laufende derived from its games), the words of its breakdowns
(``terms``, ``counted``), the rules it carries across deals, its tally and
how a list of it can end. The list file's reader, the deal form, the
breakdown's words, the examples and the rules table all derive from these
declarations: adding a game or an option touches the family's module, its
tests, the catalog and the docs, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorer.engine.deals import KEYS as SHARED_KEYS
from scorer.engine.deals import Key
from scorer.engine.families import bavarian, bavarian3, german, sheepshead, sheepshead3
from scorer.engine.families.base import Family, Game
from scorer.engine.families.common import thrown_in

#: Every family by name, in the order the app offers them.
FAMILIES: Mapping[str, Family] = MappingProxyType(
    {f.name: f for f in (bavarian.FAMILY, bavarian3.FAMILY, sheepshead3.FAMILY, sheepshead.FAMILY, german.FAMILY)}
)



def _every_game() -> tuple[str, ...]:
    games: dict[str, Game] = {}
    for family in FAMILIES.values():
        for game in family.games.values():
            games.setdefault(game.name, game)
    # The games played, then the hand thrown in (which scores nothing, or a cross game).
    return tuple(sorted(games, key=lambda game: game == thrown_in().name))


def _every_key() -> Mapping[str, Key]:
    keys = dict(SHARED_KEYS)
    for family in FAMILIES.values():
        for key in family.keys:
            if keys.setdefault(key.name, key) != key:
                raise ValueError(f"two families declare the deal key {key.name!r} differently")
    return MappingProxyType(keys)


#: Every game of every family by name, in the families' order (a name means one game).
GAMES: tuple[str, ...] = _every_game()
#: Every key a deal may carry: the shared ones, then the families' own.
KEYS: Mapping[str, Key] = _every_key()

__all__ = ["FAMILIES", "GAMES", "KEYS", "Family"]
