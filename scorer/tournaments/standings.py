"""A tournament's standings: each participant's points over the rounds, ranked.

Ranked by points, then by the tournament's tie-breaks in the order it gives
them (by default solo games won, then the better last round played: the last
round in which any table has a deal or a sheet, so before the last planned
round is played the round just played decides). Participants equal in all
of them share a place (1, 1, 3: the next place is counted on), unless the
last tie-break is ``lot``: then the places still equal are drawn from the
tournament's seed, the same every time the standings are read, and marked
as drawn. A table's list scores the points; :func:`table_result` reads a
participant's points and counts from it, :func:`sheet_results` from a
table's paper sheet.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.engine import N_, ListResult, ScoringError
from scorer.engine.errors import shown

#: The counts a table gives each player besides points, as a paper sheet names them.
COUNTS = ("solos_won", "solos_played", "games_won", "tout_won")
#: Every tie-break, by the name a tournament gives it; ``lot`` only last.
TIE_BREAKS = (*COUNTS, "last_round", "lot")
#: The tie-breaks of a tournament that names none: as the standings always ranked.
DEFAULT_TIE_BREAKS = ("solos_won", "last_round")


@dataclass(frozen=True)
class RoundResult:
    """What a participant made in one round: points, and the games that tell equals apart."""

    points: int = 0
    solos_won: int = 0
    solos_played: int = 0
    #: Partner and solo games won, as declarer or as partner.
    games_won: int = 0
    tout_won: int = 0


@dataclass(frozen=True)
class Standing:
    """A participant's place, points, counts over the rounds and the points of each round."""

    place: int
    participant: int
    points: int
    solos_won: int
    rounds: tuple[int, ...]
    solos_played: int = 0
    games_won: int = 0
    tout_won: int = 0
    #: The place was drawn by lot among participants equal in everything else.
    drawn: bool = False

    def to_dict(self) -> dict[str, object]:
        """As the JSON API answers it."""
        out: dict[str, object] = {
            "place": self.place, "player": self.participant, "points": self.points,
            "solos_won": self.solos_won, "rounds": list(self.rounds),
        }
        if self.drawn:
            out["drawn"] = True
        return out


def checked_tie_breaks(value: Any) -> tuple[str, ...]:
    """The tie-breaks a tournament gives, checked: known names, none twice, ``lot`` only last.

    None gives the default (solo games won, then the last round).
    """
    if value is None:
        return DEFAULT_TIE_BREAKS
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ScoringError("tie_breaks", N_("must be a list of tie-breaks, not %(value)s"), value=shown(value))
    for index, name in enumerate(value):
        if name not in TIE_BREAKS:
            raise ScoringError("tie_breaks", N_("%(name)s is not a tie-break (%(known)s)"),
                               name=shown(name), known=", ".join(TIE_BREAKS))
        if name in value[:index]:
            raise ScoringError("tie_breaks", N_("%(name)s is named twice"), name=shown(name))
        if name == "lot" and index != len(value) - 1:
            raise ScoringError("tie_breaks", N_("lot can only be the last tie-break"))
    return tuple(value)


#: The kinds of game a declarer may play alone: a solo, or a partner game played without one
#: (a Sheepshead pick gone alone).
_DECLARED = ("solo", "partner")


def table_result(result: ListResult, player: str) -> RoundResult:
    """A player's points at one table (their total) and the games they played and won there.

    A solo game is one the player declared alone: a solo, or a Sheepshead
    pick played alone. A game won is a partner or solo game the player's
    declaring side won, as declarer or partner; a Tout won is one they
    declared.
    """
    family = result.rules.family
    solos_won = solos_played = games_won = tout_won = 0
    for deal in result.deals:
        if player not in deal.side or family.games[deal.deal.game].kind not in _DECLARED:
            continue
        alone = deal.side == (player,)
        solos_played += alone
        if deal.won:
            games_won += 1
            solos_won += alone
            tout_won += deal.deal.tout and deal.side[0] == player
    return RoundResult(result.totals.get(player, 0), solos_won, solos_played, games_won, tout_won)


def sheet_results(seats: Sequence[int], sheet: Mapping[str, Mapping[str, int]]) -> dict[int, RoundResult]:
    """What each participant seated at a table made by its paper sheet (points and counts by start
    number, written as text as JSON keeps them). A count the sheet does not give is 0: a sheet
    kept before the tournament asked for it reads as before."""
    points = sheet.get("points", {})
    counts = {name: sheet.get(name, {}) for name in COUNTS}
    return {n: RoundResult(points.get(str(n), 0), **{name: got.get(str(n), 0) for name, got in counts.items()})
            for n in seats}


def _lot(seed: str, participant: int) -> str:
    """A participant's draw: the same for the same seed every time, unforeseeable without it."""
    return hashlib.sha256(f"{seed}:{participant}".encode()).hexdigest()


def standings(
    results: Mapping[int, Sequence[RoundResult]], rounds: int, played: int | None = None,
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS, seed: str = "",
) -> list[Standing]:
    """Rank the participants (start numbers) by their results in the rounds played so far.

    ``results`` holds each participant's result per round, in order; a round
    they did not play (withdrawn, or not yet drawn) counts 0. ``played`` is
    the last round played (0: none yet; None: the last of ``rounds``): the
    last round compares that one, since a round drawn but not yet played
    would tell nobody apart. ``seed`` draws the places ``lot`` decides.
    """
    last = rounds if played is None else min(played, rounds)
    by_lot = bool(tie_breaks) and tie_breaks[-1] == "lot"
    rows: list[tuple[tuple[int, ...], Standing]] = []
    for participant, theirs in results.items():
        per_round = tuple(theirs[i].points if i < len(theirs) else 0 for i in range(rounds))
        totals = {name: sum(getattr(r, name) for r in theirs) for name in COUNTS}
        totals["last_round"] = per_round[last - 1] if last > 0 else 0
        rank = (sum(per_round), *(totals[name] for name in tie_breaks if name != "lot"))
        rows.append((rank, Standing(0, participant, rank[0], totals["solos_won"], per_round,
                                    totals["solos_played"], totals["games_won"], totals["tout_won"])))
    rows.sort(key=lambda row: (
        tuple(-v for v in row[0]), _lot(seed, row[1].participant) if by_lot else "", row[1].participant))
    out: list[Standing] = []
    for index, (rank, standing) in enumerate(rows):
        equal_before = index > 0 and rows[index - 1][0] == rank
        equal_after = index + 1 < len(rows) and rows[index + 1][0] == rank
        if by_lot:
            place, drawn = index + 1, equal_before or equal_after
        else:
            place, drawn = out[-1].place if equal_before else index + 1, False
        out.append(Standing(place, standing.participant, standing.points, standing.solos_won, standing.rounds,
                            standing.solos_played, standing.games_won, standing.tout_won, drawn))
    return out
