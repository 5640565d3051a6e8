"""A season: several lists of a group added up, per player, over the lists each one played.

A player may be absent from some lists: the standings count only the lists
a player sat at, and a running total stays where it was over a missed list.

>>> season = [
...     ListTotals(("Anna", "Bene", "Chris", "Dora"), {"Anna": 30, "Bene": -10, "Chris": -20, "Dora": 0}, 10),
...     ListTotals(("Anna", "Bene", "Chris", "Emil"), {"Anna": -5, "Bene": 15, "Chris": 0, "Emil": -10}, 50),
... ]
>>> for s in standings(season):
...     print(s.player, s.lists, s.units, s.money, s.average)
Bene 2 5 650 325
Anna 2 25 50 25
Dora 1 0 0 0
Chris 2 -20 -200 -100
Emil 1 -10 -500 -500
>>> running_over_lists(season, ("Anna", "Emil"))
[[0, 0], [30, 0], [25, -10]]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ListTotals:
    """What one list came to: who sat at it, and each balance."""

    #: The players of the list, in seating order.
    players: tuple[str, ...]
    #: Each player's balance in units, the pot paid back (they sum to zero).
    balances: Mapping[str, int]
    #: Cents per unit: the list's own point value.
    point_value: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's season."""

    player: str
    #: Lists the player sat at.
    lists: int = 0
    #: The balances summed, in units.
    units: int = 0
    #: The balances summed, in cents (each list at its own point value).
    money: int = 0

    @property
    def average(self) -> int:
        """Cents per list played, rounded to the nearest cent (halves away from zero).

        >>> Standing("A", 3, 0, 100).average, Standing("A", 2, 0, -5).average, Standing("A").average
        (33, -3, 0)
        """
        if not self.lists:
            return 0
        whole, rest = divmod(abs(self.money), self.lists)
        rounded = whole + (2 * rest >= self.lists)
        return rounded if self.money >= 0 else -rounded


def standings(lists: Iterable[ListTotals]) -> tuple[Standing, ...]:
    """Every player who played a list, the most money won first (then units, then first seen)."""
    season: dict[str, Standing] = {}
    for played in lists:
        for who in played.players:
            before = season.get(who, Standing(who))
            units = played.balances.get(who, 0)
            season[who] = Standing(
                who, before.lists + 1, before.units + units,
                before.money + units * played.point_value,
            )
    order = {who: n for n, who in enumerate(season)}
    return tuple(sorted(season.values(), key=lambda s: (-s.money, -s.units, order[s.player])))


def running_over_lists(lists: Iterable[ListTotals], players: Sequence[str]) -> list[list[int]]:
    """Each player's total in units after each list, starting from 0 before the first."""
    totals = [0] * len(players)
    rows = [list(totals)]
    for played in lists:
        for i, who in enumerate(players):
            totals[i] += played.balances.get(who, 0)
        rows.append(list(totals))
    return rows
