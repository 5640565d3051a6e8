"""Undo the last deal, and bring a deleted deal back."""

from __future__ import annotations

import bisect
from typing import Any

import sqlalchemy as sa

from scorer.engine.changes import shift_changes
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from scorer.web.services import table_scope
from scorer.web.services.base import NotFound, _lock, by_id, require_open, transaction
from scorer.web.services.deals import _replay_with, delete_deal
from scorer.web.services.lists import _all_deals, kept_deals


def undo_last(row: ScoreListRow, *, deal_id: int | None = None) -> DealRow | None:
    """Delete the last deal (the one a page showed as last, when it names it)."""
    count = len(kept_deals(row))
    if not count and deal_id is None:
        raise NotFound("there is no deal to undo")
    return delete_deal(row, count, deal_id=deal_id)




@transaction
def restore_deal(row: ScoreListRow, deal_id: int) -> None:
    """Bring a deleted deal back to its place."""
    _lock(row)
    table_scope.deal_work(row)
    require_open(row)
    target = by_id(DealRow, deal_id)
    if target is None or target.list_id != row.id or target.deleted_at is None:
        raise NotFound("no such deleted deal")
    deal_rows = [d for d in _all_deals(row) if d.deleted_at is None or d.id == deal_id]
    table_scope.refuse_past_end(row, len(deal_rows) - 1)  # back, it is one more deal played
    number = next(n for n, d in enumerate(deal_rows, start=1) if d.id == deal_id)
    changes = restored_changes(row.changes, target.changes_before, number)
    _replay_with(row, [d.data for d in deal_rows], changes or [])
    target.deleted_at = None
    target.changes_before = None
    if row.changes:
        row.changes = changes
    table_scope.note(row, number, "restored")
    db.session.commit()


def restored_changes(
    changes: list[dict[str, Any]] | None, before: list[dict[str, Any]] | None, number: int,
) -> list[dict[str, Any]] | None:
    """The list's changes once deal ``number`` is back.

    The changes kept when it was deleted come back whole if nothing moved
    them since (a change that began at the deal begins at it again, two that
    met are two again); otherwise the deal goes in front of the changes at its place.
    """
    if before and shift_changes(before, number, -1) == (changes or None):
        return before
    return shift_changes(changes, number, +1)


def restorable(row: ScoreListRow) -> list[tuple[int, DealRow]]:
    """The deleted deals, most recently deleted first, each with the number it takes back."""
    kept = sorted(db.session.scalars(
        sa.select(DealRow.position).where(DealRow.list_id == row.id, DealRow.deleted_at.is_(None))
    ))
    return [(bisect.bisect_left(kept, gone.position) + 1, gone) for gone in deleted_deals(row)]


def deleted_deals(row: ScoreListRow) -> list[DealRow]:
    """The list's deleted deals, most recently deleted first."""
    query = (
        sa.select(DealRow)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_not(None))
        .order_by(DealRow.deleted_at.desc())
    )
    return list(db.session.scalars(query))
