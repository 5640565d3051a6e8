"""The seat draw of a tournament round: tables of four (Sheepshead: five), never a table short.

When the participants do not divide into full tables, some tables take one
more player, who sits out while dealing (tables of five; Sheepshead: six).
A draw is reproducible: the same tournament, round, seed and participants
give the same tables. From the second round on, the draw avoids seating
two participants together again where it can: it starts from a shuffled
seating and swaps players between tables while a swap lowers the number of
pairs who met before (a pair that met twice counts twice), for a bounded
number of tries, keeping the best seating found.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorer.engine import Family

#: Swaps tried per participant: enough to clear the repeats a 3-round tournament of 40 can avoid.
_TRIES_PER_PLAYER = 400


class DrawError(ValueError):
    """The participants cannot be seated at full tables."""


@dataclass(frozen=True)
class Draw:
    """A round's tables, each a tuple of start numbers in seating order."""

    tables: tuple[tuple[int, ...], ...]
    #: Pairs seated together who had met in an earlier round (a pair met twice before counts twice).
    repeats: int


def seats_per_table(family: Family) -> int:
    """How many sit at a full table: as many as play a deal (the dealer of a larger table sits out)."""
    return family.most_active or min(family.seats)


def tables_filled(count: int, seats: int) -> int:
    """How many tables ``count`` participants fill, tables of ``seats`` rounded up: the most a round draws.

    >>> tables_filled(40, 4), tables_filled(42, 4), tables_filled(0, 4)
    (10, 11, 0)
    """
    return -(-count // seats)


def table_sizes(count: int, seats: int) -> tuple[int, ...]:
    """How many sit at each table: ``seats``, and ``seats + 1`` where the count does not divide.

    >>> table_sizes(40, 4), table_sizes(42, 4), table_sizes(17, 5)
    ((4, 4, 4, 4, 4, 4, 4, 4, 4, 4), (5, 5, 4, 4, 4, 4, 4, 4, 4, 4), (6, 6, 5))
    """
    tables, extra = divmod(count, seats)
    if tables == 0 or extra > tables:
        raise DrawError(
            f"{count} participants cannot sit at tables of {seats} or {seats + 1}: "
            f"{_fewest_fitting(count, seats)}"
        )
    return (seats + 1,) * extra + (seats,) * (tables - extra)


def _fewest_fitting(count: int, seats: int) -> str:
    fits = next(n for n in range(count + 1, count + seats * (seats + 1)) if divmod(n, seats)[1] <= n // seats)
    return f"add {fits - count} (or leave out some) to reach {fits}"


def met_before(rounds: Iterable[Sequence[Sequence[int]]]) -> Counter[tuple[int, int]]:
    """How often each pair sat at one table in the rounds given."""
    pairs: Counter[tuple[int, int]] = Counter()
    for tables in rounds:
        for table in tables:
            pairs.update(combinations(sorted(table), 2))
    return pairs


def draw_round(
    participants: Sequence[int], seats: int, earlier: Sequence[Sequence[Sequence[int]]], seed: str,
) -> Draw:
    """Seat the participants (start numbers) at tables for the next round.

    ``earlier`` are the rounds drawn before, ``seed`` makes the draw
    reproducible (the tournament, the round and the seed shown on the page).
    """
    rng = random.Random(seed)
    players = sorted(participants)
    sizes = table_sizes(len(players), seats)
    rng.shuffle(players)
    tables = [players[sum(sizes[:i]):sum(sizes[:i + 1])] for i in range(len(sizes))]
    pairs = met_before(earlier)
    if pairs:
        _fewer_repeats(tables, pairs, rng, tries=_TRIES_PER_PLAYER * len(players))
    repeats = sum(pairs[pair] for table in tables for pair in combinations(sorted(table), 2))
    return Draw(tuple(tuple(table) for table in tables), repeats)


def _cost(who: int, table: list[int], pairs: Counter[tuple[int, int]], without: int | None = None) -> int:
    """The earlier meetings of ``who`` with the others at ``table`` (leaving out ``without``)."""
    return sum(pairs[(min(who, other), max(who, other))] for other in table if other not in (who, without))


def _fewer_repeats(
    tables: list[list[int]], pairs: Counter[tuple[int, int]], rng: random.Random, tries: int,
) -> None:
    """Swap players between tables while a swap lowers the repeated meetings (in place)."""
    if len(tables) < 2:
        return
    left = sum(pairs[pair] for table in tables for pair in combinations(sorted(table), 2))
    for _ in range(tries):
        if not left:
            return
        a, b = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
        x, y = tables[a][i], tables[b][j]
        now = _cost(x, tables[a], pairs) + _cost(y, tables[b], pairs)
        after = _cost(y, tables[a], pairs, without=x) + _cost(x, tables[b], pairs, without=y)
        if after <= now:  # equal moves too: the seating wanders to where a better swap waits
            tables[a][i], tables[b][j] = y, x
            left -= now - after


def deals_at(table_size: int, seats: int, deals_per_round: int) -> int:
    """How many deals a table plays in a round: more at a table where the dealer sits out.

    Each player there sits out one deal in ``table_size``; the table plays
    whole turns of the deal until each of its players has played at least the
    round's count, so everyone sits out equally often and plays as many games
    as at a full table (Kohler Falls: 20 hands, 24 at a table of six).

    A full table plays the count as given, whole turns of the deal or not:
    30 deals at four (self-bar) are seven turns and two deals more, so the
    first two dealers deal eight times and the others seven. Dealing pays
    nothing, so nobody's points gain or lose by it; only where a hand
    everyone passed is played (a cross or forced game) does the player
    after the dealer lead once more than another.

    >>> deals_at(4, 4, 32), deals_at(5, 4, 32), deals_at(6, 5, 20), deals_at(5, 4, 30), deals_at(4, 4, 30)
    (32, 40, 24, 40, 30)
    """
    if table_size == seats:
        return deals_per_round
    turns = -(-deals_per_round // seats)  # whole turns of the deal, rounded up
    return turns * table_size
