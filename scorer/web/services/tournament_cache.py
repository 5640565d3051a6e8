"""A tournament's standings, worked out once per state of its tables' lists.

Followers of a tournament (phones, a projector) ask for its standings every
few seconds, and each table's list changes with every deal. The standings are
kept under a key read from the database in one small query: the tournament's
rounds, participants and tables, and each table list's id, revision and last
change. Every change to a list bumps its revision (``services.base``), so a
key names one state of all the tables: a kept standing is never stale, and a
tournament nobody played in since is answered without reading a deal. When a
table's list changed, only that table is replayed: each table's result is kept
under its own list's revision too.

What is kept lives in each worker process, as the lists' replays do
(``services.state.ByRevision``): every worker works the standings out once
per change, from a key any worker or app server sharing the database reads
alike, so nothing needs sharing between them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa

from scorer.tournaments.standings import RoundResult, Standing, standings, table_result
from scorer.web.extensions import db
from scorer.web.models import ParticipantRow, ScoreListRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from scorer.web.services.base import locked
from scorer.web.services.state import ByRevision, list_state, revision_key

#: Standings by the key of their tournament's state: a few per tournament followed at once.
_STANDINGS = ByRevision(kept=64)
#: A table's results (its players' points and solo games won) by its list's revision
#: and the names seated: enough for every table of the tournaments being played.
_TABLES = ByRevision(kept=4096)

Drawn = Sequence[tuple[TournamentRoundRow, Sequence[TournamentTableRow]]]


def list_revisions(list_ids: Iterable[str]) -> dict[str, tuple[str, int, Any]]:
    """Each list's revision key (as ``revision_key``), read in one query; a deleted list is missing."""
    ids = list(list_ids)
    if not ids:
        return {}
    query = sa.select(ScoreListRow.id, ScoreListRow.revision, ScoreListRow.updated_at) \
        .where(ScoreListRow.id.in_(ids))
    return {found.id: (found.id, found.revision, found.updated_at) for found in db.session.execute(query)}


def standings_key(
    row: TournamentRow, people: Sequence[ParticipantRow], drawn: Drawn,
    revisions: dict[str, tuple[str, int, Any]],
) -> str:
    """What names one state of the standings: the rounds, who sits where under which name, each list's revision."""
    state = (
        row.id, row.rounds,
        tuple((p.number, p.name) for p in people),
        tuple((r.number, tuple((t.number, t.list_id, tuple(t.seats), revisions.get(t.list_id or ""))
                               for t in tables)) for r, tables in drawn),
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()


def kept_standings(row: TournamentRow, people: Sequence[ParticipantRow], drawn: Drawn) -> list[Standing]:
    """The standings (participants by start number), worked out again only when a table's list changed."""
    list_ids = [t.list_id for _r, tables in drawn for t in tables if t.list_id]
    revisions = list_revisions(list_ids)
    # A list this transaction is changing has a revision nobody else sees yet: keep nothing.
    keep = not any(locked(list_id) for list_id in list_ids)
    key = standings_key(row, people, drawn, revisions)
    found: list[Standing] | None = _STANDINGS.peek(key) if keep else None
    if found is not None:
        return found
    names = {p.number: p.name for p in people}
    tables_results, current = _table_results(drawn, names, revisions, keep)
    results: dict[int, list[RoundResult]] = {p.number: [] for p in people}
    for index, (_round, tables) in enumerate(drawn):
        seated: dict[int, RoundResult] = {}
        for table in tables:
            for number, result in tables_results.get((index, table.number), ()):
                seated[number] = result
        for number, played in results.items():
            played.append(seated.get(number, RoundResult()))
    ranked = standings(results, row.rounds)
    if keep and current:
        _STANDINGS.put(key, ranked)
    return ranked


def _table_results(
    drawn: Drawn, names: dict[int, str], revisions: dict[str, tuple[str, int, Any]], keep: bool,
) -> tuple[dict[tuple[int, int], tuple[tuple[int, RoundResult], ...]], bool]:
    """Each table's results by (round index, table number), replaying only the lists not kept at their revision.

    Also answers whether every list was read at the revision in ``revisions``
    (no change committed in between): only then may the standings be kept.
    """
    out: dict[tuple[int, int], tuple[tuple[int, RoundResult], ...]] = {}
    missing: list[tuple[tuple[int, int], TournamentTableRow, tuple[Any, ...]]] = []
    for index, (_round, tables) in enumerate(drawn):
        for table in tables:
            revision = revisions.get(table.list_id or "")
            if revision is None:  # no list, or its list was deleted: the table counts nothing
                continue
            table_key = (revision, tuple((n, names[n]) for n in table.seats))
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
        state = list_state(list_row)
        results = tuple((n, table_result(state.result, names[n])) for n in table.seats)
        out[place] = results
        if state.current and revision_key(list_row) == table_key[0]:
            if keep:
                _TABLES.put(table_key, results)
        else:
            current = False
    return out, current
