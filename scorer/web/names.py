"""Players' names shortened for narrow columns, never two the same way.

The table's head, the statistics, the dealer under a deal's number and the
preview beside Save show each player in a few letters. Each gets the shortest
form that tells them from everybody else at the table: a name that fits stays
whole; a longer one is cut after as many letters as it takes to differ from
every other name, and ends in a full stop (Christoph and Christian read
"Christo." and "Christi.", never both "Chri.").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from jinja2 import pass_context

#: The letters a name shows in a column of the table (the cut one's full stop besides).
COLUMN = 5


def short_names(players: Sequence[str], length: int = COLUMN) -> Mapping[str, str]:
    """Each player's shortest form that no other player shares, at most ``length`` when it can be.

    >>> dict(short_names(("Christoph", "Christian", "Sepp", "Annemarie")))
    {'Christoph': 'Christo.', 'Christian': 'Christi.', 'Sepp': 'Sepp', 'Annemarie': 'Anne.'}
    >>> dict(short_names(("Chris", "Christoph"), 4))
    {'Chris': 'Chris', 'Christoph': 'Christ.'}
    """
    return _short_names(tuple(players), length)


@lru_cache(maxsize=256)
def _short_names(players: tuple[str, ...], length: int) -> Mapping[str, str]:
    folded = {who: who.casefold() for who in players}
    forms = {}
    for who in players:
        if len(who) <= length:
            forms[who] = who
            continue
        others = [name for other, name in folded.items() if other != who]
        mine = folded[who]
        cut = length - 1
        # Cut where no other name starts the same way (nor is the cut itself).
        while cut < len(who) and any(name.startswith(mine[:cut]) for name in others):
            cut += 1
        forms[who] = who if cut + 1 >= len(who) else who[:cut] + "."
    return MappingProxyType(forms)


def short_name(name: str, players: Sequence[str], length: int = COLUMN) -> str:
    """One player's shortest form among ``players`` (the name itself if not among them)."""
    return short_names(players, length).get(name, name)


@pass_context
def short_filter(context: Any, name: str, players: Sequence[str] | None = None) -> str:
    """The template filter ``short``: a player's form among the page's players.

    Without ``players``, those of the list the page shows (its ``result``).
    """
    if players is None:
        result = context.get("result")
        players = result.players if result is not None else (name,)
    return short_name(name, players)
