"""The organiser's night: how far each table is, undoing a draw, closing a round, ending the tournament.

Progress is read for every table of every round in two queries (the tables
with their lists' planned deal counts, then the kept deals of those lists),
never one per table: a 400-player tournament has a hundred tables a round.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from scorer.engine import N_, ScoringError
from scorer.web.extensions import db
from scorer.web.models import (
    ChangeKeyRow, DealRow, RetiredListRow, ScoreListRow, TableCorrectionRow, TournamentRoundRow, TournamentRow,
    TournamentTableRow, now,
)
from scorer.web.services.base import lock_list, transaction
from scorer.web.services.lists import deal_counts
from scorer.web.services.tournaments import tables_turned


@dataclass(frozen=True)
class TableProgress:
    """How far a table is: its kept deals against the deals it plays, or its paper sheet handed in."""

    number: int
    list_id: str | None
    played: int
    of: int
    sheet: bool

    @property
    def finished(self) -> bool:
        """Whether the table is done: a sheet in, or every deal it plays kept."""
        return self.sheet or self.played >= self.of

    @property
    def started(self) -> bool:
        """Whether anything of the table counts yet: a deal or a sheet."""
        return self.sheet or self.played > 0


@dataclass(frozen=True)
class RoundProgress:
    """A drawn round's tables and how far each is."""

    number: int
    closed: bool
    tables: tuple[TableProgress, ...]

    def unfinished(self) -> list[TableProgress]:
        """The tables still playing, in order."""
        return [t for t in self.tables if not t.finished]

    @property
    def started(self) -> bool:
        """Whether any table of the round has a deal or a sheet."""
        return any(t.started for t in self.tables)


def progress(row: TournamentRow) -> list[RoundProgress]:
    """Every drawn round, in order, with each table's progress: two queries for all the tables."""
    found = db.session.execute(
        sa.select(TournamentRoundRow.number.label("round"), TournamentRoundRow.closed_at,
                  TournamentTableRow.number, TournamentTableRow.list_id,
                  TournamentTableRow.sheet.is_not(None).label("has_sheet"), ScoreListRow.ends)
        .select_from(TournamentRoundRow)
        .outerjoin(TournamentTableRow, TournamentTableRow.round_id == TournamentRoundRow.id)
        .outerjoin(ScoreListRow, ScoreListRow.id == TournamentTableRow.list_id)
        .where(TournamentRoundRow.tournament_id == row.id)
        .order_by(TournamentRoundRow.number, TournamentTableRow.number)).all()
    counts = deal_counts([f.list_id for f in found if f.list_id])
    rounds: dict[int, tuple[datetime | None, list[TableProgress]]] = {}
    for f in found:
        closed, tables = rounds.setdefault(f.round, (f.closed_at, []))
        if f.number is None:  # a round without tables keeps its place
            continue
        # A table whose list is gone plays nothing more: it counts as finished unless its sheet is due.
        planned = int((f.ends or {}).get("count", 0)) if f.list_id else 0
        tables.append(TableProgress(f.number, f.list_id, counts.get(f.list_id or "", 0), planned,
                                    bool(f.has_sheet)))
    return [RoundProgress(number, closed is not None, tuple(tables)) for number, (closed, tables) in rounds.items()]


def rounds_played(rounds: list[RoundProgress]) -> int:
    """The last round any table has played in (a deal or a sheet): what the standings count; 0 for none."""
    return max((r.number for r in rounds if r.started), default=0)


def _latest(row: TournamentRow, number: int, refusal: str) -> TournamentRoundRow:
    """The last round drawn, if it is the one named; else refused with these words."""
    latest = db.session.scalar(
        sa.select(TournamentRoundRow).where(TournamentRoundRow.tournament_id == row.id)
        .order_by(TournamentRoundRow.number.desc()).limit(1))
    if latest is None or latest.number != number:
        raise ScoringError("round", refusal)
    return latest


@transaction
def undo_draw(row: TournamentRow, number: int) -> None:
    """Take back the last round's draw while none of its tables has a deal or a sheet.

    The round, its tables and their lists go in one transaction, the lists as
    a deleted list goes (their ids never used again); the next draw may draw
    the round again. Each list's write lock is taken first, so a deal sent
    meanwhile either lands before (and the undo is refused) or finds no list.
    """
    if row.ended_at is not None:
        raise ScoringError("round", N_("the tournament is over; its rounds stay as they are"))
    round_row = _latest(row, number, N_("only the last round drawn can be undone"))
    before_open = db.session.scalar(sa.select(TournamentRoundRow.closed_at).where(
        TournamentRoundRow.tournament_id == row.id, TournamentRoundRow.number == number - 1)) is None
    tables = list(db.session.scalars(
        sa.select(TournamentTableRow).where(TournamentTableRow.round_id == round_row.id)))
    if any(t.sheet is not None for t in tables):
        raise ScoringError("round", N_("a table of round %(number)s has handed in its sheet"), number=number)
    list_ids = sorted(t.list_id for t in tables if t.list_id)
    for list_id in list_ids:
        lock_list(list_id)
    counts = deal_counts(list_ids)
    played = sorted(t.number for t in tables if counts.get(t.list_id or "", 0))
    if played:
        raise ScoringError("round", N_("round %(number)s has deals already (table %(tables)s)"),
                           tables=", ".join(map(str, played)), number=number)
    db.session.execute(sa.delete(TournamentTableRow).where(TournamentTableRow.round_id == round_row.id))
    db.session.execute(sa.delete(TournamentRoundRow).where(TournamentRoundRow.id == round_row.id))
    before = db.session.scalar(sa.select(TournamentRoundRow.id).where(
        TournamentRoundRow.tournament_id == row.id, TournamentRoundRow.number == number - 1))
    if before is not None and before_open:  # its tables' keys enter deals again
        tables_turned(before)
    if list_ids:
        for model in (DealRow, ChangeKeyRow, TableCorrectionRow):
            db.session.execute(sa.delete(model).where(model.list_id.in_(list_ids)))
        db.session.execute(sa.delete(ScoreListRow).where(ScoreListRow.id.in_(list_ids)))
        db.session.add_all(RetiredListRow(id=list_id) for list_id in list_ids)
    db.session.commit()


@transaction
def close_round(row: TournamentRow, number: int) -> None:
    """Close the last round drawn: its tables' keys change their lists no more; closed already is no change."""
    round_row = _latest(row, number, N_("only the last round drawn can be closed"))
    if round_row.closed_at is None:
        round_row.closed_at = now()
        tables_turned(round_row.id)
    db.session.commit()


@transaction
def end_tournament(row: TournamentRow) -> None:
    """End the tournament after the rounds drawn: no more draws, the standings are final.

    Ending it twice is no change; a tournament with no round drawn has nothing to end.
    """
    if row.ended_at is None:
        drawn = db.session.scalar(
            sa.select(sa.func.count()).select_from(TournamentRoundRow)
            .where(TournamentRoundRow.tournament_id == row.id))
        if not drawn:
            raise ScoringError("tournament", N_("draw a round before ending the tournament"))
        row.ended_at = now()
        last = _latest(row, drawn, N_("only the last round drawn can be closed"))
        if last.closed_at is None:
            tables_turned(last.id)
    db.session.commit()
