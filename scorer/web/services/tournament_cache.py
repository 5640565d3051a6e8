"""A tournament's standings and its answer, worked out once per state of its tables' lists.

Followers of a tournament (phones, a projector) ask for it every few
seconds, and each table's list changes with every deal. What the answer is
made of is read in three small queries of plain values (``seen``): the
participants, the rounds with their tables, and each table list's revision
and last change. Every change to a list bumps its revision
(``services.base``), so the key made of them names one state of all the
tables: standings kept under it are never stale, and a tournament nobody
played in since is answered without reading a deal. When one table's list
changed, only that table is replayed: each table's result is kept under its
own list's revision too.

What is kept lives in each worker process, as the lists' replays do
(``services.state.ByRevision``): every worker works the standings out once
per change, from a key any worker or app server sharing the database reads
alike, so nothing needs sharing between them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from scorer.tournaments.standings import RoundResult, Standing, sheet_results, standings, table_result
from scorer.web.extensions import db
from scorer.web.models import ParticipantRow, ScoreListRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from scorer.web.services.base import locked
from scorer.web.services.state import ByRevision, list_state, revision_key
from scorer.web.services.tournament_system import system_of

#: Standings by the key of their tournament's state: a few per tournament followed at once.
_STANDINGS = ByRevision(kept=64)
#: A table's results (its players' points and counts) by its list's revision
#: and the seats: enough for every table of the tournaments being played.
_TABLES = ByRevision(kept=4096)


@dataclass(frozen=True)
class SeenTable:
    """A table of a drawn round, as plain values."""

    number: int
    seats: tuple[int, ...]
    list_id: str | None
    #: The table's paper sheet as canonical JSON text, or None: a table with one counts it.
    sheet: str | None = None


@dataclass(frozen=True)
class SeenRound:
    """A drawn round, as plain values: its number, seed and tables in order."""

    number: int
    seed: str
    tables: tuple[SeenTable, ...]


@dataclass(frozen=True)
class Seen:
    """What a tournament's answer is made of, read at one moment: plain values, and the key naming them."""

    #: Each participant's start number, name, whether withdrawn and their substitute, by start number.
    people: tuple[tuple[int, str, bool, str | None], ...]
    #: The rounds drawn, in order, each its tables in order.
    rounds: tuple[SeenRound, ...]
    #: Each table list's revision key (``revision_key``); a deleted list is missing.
    revisions: dict[str, tuple[str, int, Any]]
    #: Names this state: the tournament, who sits where under which name, each list's revision.
    key: str

    def names(self) -> dict[int, str]:
        """Each participant's name by start number."""
        return {number: name for number, name, _withdrawn, _substitute in self.people}


def list_revisions(list_ids: Iterable[str]) -> dict[str, tuple[str, int, Any]]:
    """Each list's revision key (as ``revision_key``), read in one query; a deleted list is missing."""
    ids = list(list_ids)
    if not ids:
        return {}
    query = sa.select(ScoreListRow.id, ScoreListRow.revision, ScoreListRow.updated_at) \
        .where(ScoreListRow.id.in_(ids))
    return {found.id: (found.id, found.revision, found.updated_at) for found in db.session.execute(query)}


def seen(row: TournamentRow) -> Seen:
    """Read what the tournament's answer is made of, in three small queries of plain values."""
    people = tuple(
        (p.number, p.name, p.withdrawn, p.substitute) for p in db.session.execute(
            sa.select(ParticipantRow.number, ParticipantRow.name, ParticipantRow.withdrawn,
                      ParticipantRow.substitute)
            .where(ParticipantRow.tournament_id == row.id).order_by(ParticipantRow.number)))
    rounds: dict[tuple[int, str], list[SeenTable]] = {}
    for found in db.session.execute(
            sa.select(TournamentRoundRow.number.label("round"), TournamentRoundRow.seed,
                      TournamentTableRow.number, TournamentTableRow.seats, TournamentTableRow.list_id,
                      TournamentTableRow.sheet)
            .select_from(TournamentRoundRow)
            .outerjoin(TournamentTableRow, TournamentTableRow.round_id == TournamentRoundRow.id)
            .where(TournamentRoundRow.tournament_id == row.id)
            .order_by(TournamentRoundRow.number, TournamentTableRow.number)):
        tables = rounds.setdefault((found.round, found.seed), [])
        if found.number is not None:  # a round without tables keeps its place
            sheet = None if found.sheet is None else json.dumps(found.sheet, sort_keys=True)
            tables.append(SeenTable(found.number, tuple(found.seats), found.list_id, sheet))
    drawn = tuple(SeenRound(number, seed, tuple(tables)) for (number, seed), tables in rounds.items())
    revisions = list_revisions(t.list_id for r in drawn for t in r.tables if t.list_id)
    state = (row.id, row.rounds, row.tie_breaks, people, drawn, tuple(sorted(revisions.values())))
    return Seen(people, drawn, revisions, hashlib.sha256(repr(state).encode()).hexdigest())


@dataclass(frozen=True)
class WorkedOut:
    """The standings of one state of the tables, and the rounds whose points they hold."""

    ranked: list[Standing]
    #: The rounds played (any table with a deal or a sheet), in order: the standings count these.
    counted: tuple[int, ...]


#: What one table made: each seat's participant and result, and whether it played (a deal or a sheet).
TableResults = tuple[tuple[tuple[int, RoundResult], ...], bool]


def kept_standings(row: TournamentRow, state: Seen) -> list[Standing]:
    """The standings (participants by start number), worked out again only when a table's list changed."""
    return worked_out(row, state).ranked


def counted_rounds(row: TournamentRow, state: Seen) -> tuple[int, ...]:
    """The rounds whose points the standings hold: those in which any table has a deal or a sheet."""
    return worked_out(row, state).counted


def worked_out(row: TournamentRow, state: Seen) -> WorkedOut:
    """The standings and the rounds they count, worked out again only when a table's list changed."""
    # A list this transaction is changing has a revision nobody else sees yet: keep nothing.
    keep = not any(locked(list_id) for list_id in state.revisions)
    found: WorkedOut | None = _STANDINGS.peek(state.key) if keep else None
    if found is not None:
        return found
    names = state.names()
    tables_results, current = _table_results(state, keep)
    results: dict[int, list[RoundResult]] = {number: [] for number in names}
    counted: list[int] = []
    for index, drawn in enumerate(state.rounds):
        seated: dict[int, RoundResult] = {}
        for table in drawn.tables:
            seats, played = tables_results.get((index, table.number), ((), False))
            seated.update(seats)
            if played and counted[-1:] != [drawn.number]:
                counted.append(drawn.number)
        for number, theirs in results.items():
            theirs.append(seated.get(number, RoundResult()))
    # The tournament's id seeds the lot: the same draw every time, unknown before it is made.
    ranked = standings(results, row.rounds, played=max(counted, default=0),
                       tie_breaks=system_of(row).tie_breaks, seed=row.id)
    worked = WorkedOut(ranked, tuple(counted))
    if keep and current:
        _STANDINGS.put(state.key, worked)
    return worked


def _table_results(state: Seen, keep: bool) -> tuple[dict[tuple[int, int], TableResults], bool]:
    """Each table's results by (round index, table number), replaying only the lists not kept at their revision.

    A table with a paper sheet counts the sheet; a list names its seats in the
    table's order (a substitute by their own name), so the list's n-th player
    is the participant in the n-th seat.

    Also answers whether every list was read at its revision in ``state``
    (no change committed in between): only then may the standings be kept.
    """
    out: dict[tuple[int, int], TableResults] = {}
    missing: list[tuple[tuple[int, int], SeenTable, tuple[Any, ...]]] = []
    for index, drawn in enumerate(state.rounds):
        for table in drawn.tables:
            if table.sheet is not None:  # a table without a phone: its paper sheet counts
                out[(index, table.number)] = (
                    tuple(sheet_results(table.seats, json.loads(table.sheet)).items()), True)
                continue
            revision = state.revisions.get(table.list_id or "")
            if revision is None:  # no list, or its list was deleted: the table counts nothing
                continue
            table_key = (revision, table.seats)
            kept = _TABLES.peek(table_key) if keep else None
            if kept is not None:
                out[(index, table.number)] = kept
            else:
                missing.append(((index, table.number), table, table_key))
    if not missing:
        return out, True
    rows = {r.id: r for r in db.session.scalars(
        sa.select(ScoreListRow).where(ScoreListRow.id.in_({t.list_id for _p, t, _k in missing}))
        .execution_options(populate_existing=True))}
    current = True
    for place, table, table_key in missing:
        list_row = rows.get(table.list_id or "")
        if list_row is None:  # deleted since the revisions were read
            current = False
            continue
        replayed = list_state(list_row)
        results: TableResults = (
            tuple((n, table_result(replayed.result, name)) for n, name in zip(table.seats, list_row.players)),
            bool(replayed.result.deals))
        out[place] = results
        if replayed.current and revision_key(list_row) == table_key[0]:
            if keep:
                _TABLES.put(table_key, results)
        else:
            current = False
    return out, current
