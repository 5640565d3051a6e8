"""A tournament's standings: each participant's points over the rounds, ranked.

Ranked by points, then by solo games won, then by the better last round
played (the last round in which any table has a deal or a sheet: before
the last planned round is played, the round just played decides);
participants equal in all three share a place (1, 1, 3: the next place is
counted on). A table's list scores the points; :func:`table_result` reads a
participant's points and solo games won from it, :func:`sheet_results` from a
table's paper sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorer.engine import ListResult


@dataclass(frozen=True)
class RoundResult:
    """What a participant made in one round: points and solo games won."""

    points: int = 0
    solos_won: int = 0


@dataclass(frozen=True)
class Standing:
    """A participant's place, points, solo games won and the points of each round."""

    place: int
    participant: int
    points: int
    solos_won: int
    rounds: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        """As the JSON API answers it."""
        return {
            "place": self.place, "player": self.participant, "points": self.points,
            "solos_won": self.solos_won, "rounds": list(self.rounds),
        }


#: The kinds of game a declarer may play alone: a solo, or a partner game played without one
#: (a Sheepshead pick gone alone).
_DECLARED = ("solo", "partner")


def table_result(result: ListResult, player: str) -> RoundResult:
    """A player's points at one table (their total) and the solo games they won there.

    A solo game is one the player declared and won alone: a solo, or a
    Sheepshead pick played alone.
    """
    family = result.rules.family
    won = sum(
        1 for deal in result.deals
        if deal.won and deal.side == (player,) and family.games[deal.deal.game].kind in _DECLARED
    )
    return RoundResult(points=result.totals.get(player, 0), solos_won=won)


def sheet_results(seats: Sequence[int], sheet: Mapping[str, Mapping[str, int]]) -> dict[int, RoundResult]:
    """What each participant seated at a table made by its paper sheet (points and solo games
    won by start number, written as text as JSON keeps them)."""
    points, solos = sheet.get("points", {}), sheet.get("solos_won", {})
    return {n: RoundResult(points=points.get(str(n), 0), solos_won=solos.get(str(n), 0)) for n in seats}


def standings(
    results: Mapping[int, Sequence[RoundResult]], rounds: int, played: int | None = None,
) -> list[Standing]:
    """Rank the participants (start numbers) by their results in the rounds played so far.

    ``results`` holds each participant's result per round, in order; a round
    they did not play (withdrawn, or not yet drawn) counts 0. ``played`` is
    the last round played (0: none yet; None: the last of ``rounds``): the
    better last round compares that one, since a round drawn but not yet
    played would tell nobody apart.
    """
    last = rounds if played is None else min(played, rounds)
    rows = []
    for participant, theirs in results.items():
        per_round = tuple(theirs[i].points if i < len(theirs) else 0 for i in range(rounds))
        rows.append((sum(per_round), sum(r.solos_won for r in theirs), per_round, participant))

    def rank(row: tuple[int, int, tuple[int, ...], int]) -> tuple[int, int, int]:
        points, solos, per_round, _ = row
        return points, solos, per_round[last - 1] if last > 0 else 0

    rows.sort(key=lambda row: (*(-v for v in rank(row)), row[3]))
    out: list[Standing] = []
    for index, row in enumerate(rows):
        place = out[-1].place if out and rank(row) == rank(rows[index - 1]) else index + 1
        out.append(Standing(place, row[3], row[0], row[1], row[2]))
    return out
