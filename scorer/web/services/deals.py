"""A list's deals: preview the next one, change one, delete one."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from scorer.engine import DealResult, ListResult, Replay, ScoringError, parse_deal
from scorer.engine.changes import shift_changes
from scorer.engine.families import FAMILIES
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow, now
from scorer.web.services import table_scope
from scorer.web.services.base import Conflict, NotFound, _lock, by_id, require_open, transaction
from scorer.web.services.list_end import replay_to_end
from scorer.web.services.lists import kept_deals
from scorer.web.services.state import engine_list, list_state, parsed


def _replay_with(
    row: ScoreListRow, deal_data: Sequence[Mapping[str, Any]],
    changes: Sequence[Mapping[str, Any]] | None = None,
) -> ListResult:
    return engine_list(row, parsed(deal_data), changes).replay()


def _numbered(deal_rows: Sequence[DealRow], wanted: int) -> DealRow:
    if not 1 <= wanted <= len(deal_rows):
        raise NotFound(f"no deal {wanted}")
    return deal_rows[wanted - 1]



def after_waiting(row: ScoreListRow, waiting: Sequence[Mapping[str, Any]]) -> Replay | None:
    """The list running as it will stand once these deals waiting on a phone are stored.

    Ready to score one more deal (:func:`score_next`): its next dealer, rules
    and seating (``players``) are the ones the phone's next deal is dealt
    under. None if one of the waiting deals would be refused.
    """
    try:
        replay = replay_to_end(engine_list(row, parsed([*(d.data for d in kept_deals(row)),
                                                        *(dict(deal) for deal in waiting)])))
        replay.settle_changes()
    except ScoringError:
        return None
    return replay


def score_next(replay: Replay, data: Mapping[str, Any]) -> DealResult:
    """Score a deal as the next of a running replay (keeping nothing in the database)."""
    return replay.add(parse_deal(data, replay.played + 1, replay.rules.family))


def preview_deal(row: ScoreListRow, data: Mapping[str, Any], *, number: int | None = None) -> DealResult:
    """Score a deal as it would be added (or replace deal ``number``), keeping nothing.

    After deals waiting on a phone, :func:`after_waiting` and :func:`score_next` do.
    """
    deal_rows = kept_deals(row)
    deal_data = [d.data for d in deal_rows]
    if number is None:
        deal_data.append(dict(data))
        position = len(deal_data)
    else:
        _numbered(deal_rows, number)
        deal_data[number - 1] = dict(data)
        position = number
    return _replay_with(row, deal_data).deals[position - 1]



@transaction
def update_deal(
    row: ScoreListRow, number: int, data: Mapping[str, Any], *, version: int | None = None
) -> DealResult:
    """Replace deal ``number``; refuse it if another phone changed it meanwhile."""
    _lock(row)
    table_scope.deal_work(row)
    require_open(row)
    deal_rows = kept_deals(row)
    target = _numbered(deal_rows, number)
    deal = parse_deal(data, number, FAMILIES.get(row.family_name))
    if version is not None and version != target.version:
        if target.data == deal.to_dict():  # the same edit sent again: it is stored
            db.session.rollback()
            return list_state(row, fresh=True).result.deals[number - 1]
        raise Conflict(f"deal {number} was changed on another phone meanwhile; look again")
    deal_data = [d.data for d in deal_rows]
    deal_data[number - 1] = deal.to_dict()
    result = _replay_with(row, deal_data)
    target.data = deal.to_dict()
    target.named_dealer = deal.dealer
    target.version += 1
    target.updated_at = now()
    table_scope.note(row, number, "edited")
    db.session.commit()
    return result.deals[number - 1]


@transaction
def delete_deal(
    row: ScoreListRow, number: int, *, deal_id: int | None = None,
    seen: Collection[str] | None = None, keep_dealers: bool = False,
) -> DealRow | None:
    """Delete deal ``number`` (it can be restored); later deals move up.

    A page names the deal it showed by ``deal_id``, so a resent delete finds
    that deal already gone (and answers None) instead of taking the deal that
    moved up into its place. An API client may instead name the list's entity
    tags it has ``seen`` (If-Match): unless one is the list's, nothing is deleted.

    The later deals' dealers follow the rotation, as if the deal had never
    been dealt (it was entered by mistake). With ``keep_dealers`` (it was
    played, and the cards went round) they keep the dealers they had: the
    deal after it names its dealer, and the rotation goes on from there.
    """
    _lock(row)  # bumps the revision by one: the tag seen must be the one before
    if seen is not None and f"{row.id}-{row.revision - 1}" not in seen:
        raise Conflict("the list changed since you read it; read it again")
    table_scope.deal_work(row)
    require_open(row)
    deal_rows = kept_deals(row)
    if deal_id is None:
        target = _numbered(deal_rows, number)
    else:
        found = by_id(DealRow, deal_id)
        if found is None or found.list_id != row.id:
            raise NotFound("no such deal")
        if found.deleted_at is not None:
            db.session.rollback()
            return None
        target = found
    index = next(i for i, d in enumerate(deal_rows) if d is target)
    pin = _pin_next_dealer(row, deal_rows, index) if keep_dealers else None
    # The list's changes move with the deals they preceded.
    changes = shift_changes(row.changes, index + 1, -1)
    _replay_with(row, [
        pin[1] if pin is not None and d is pin[0] else d.data for d in deal_rows if d is not target
    ], changes or [])
    target.deleted_at = now()
    if row.changes:
        target.changes_before = row.changes
        row.changes = changes
    if pin is not None:
        following, data = pin
        following.data = data
        following.named_dealer = data["dealer"]
        following.version += 1
        following.updated_at = now()
    table_scope.note(row, index + 1, "deleted")
    db.session.commit()
    return target


def _pin_next_dealer(
    row: ScoreListRow, deal_rows: Sequence[DealRow], index: int
) -> tuple[DealRow, dict[str, Any]] | None:
    """The deal after ``index`` with the dealer it has now named, unless it names one already.

    One named dealer is enough: every later deal's dealer follows from it as before.
    """
    if index + 1 >= len(deal_rows) or deal_rows[index + 1].named_dealer is not None:
        return None
    following = deal_rows[index + 1]
    dealer = _replay_with(row, [d.data for d in deal_rows]).deals[index + 1].dealer
    return following, parse_deal({**following.data, "dealer": dealer}, index + 1).to_dict()


def dealers_after_delete(row: ScoreListRow, number: int) -> tuple[str, str] | None:
    """Who deals the deal after deal ``number`` now, and who would once it is deleted.

    None when no deal follows or the two are the same (nothing to ask).
    """
    deal_rows = kept_deals(row)
    target = _numbered(deal_rows, number)
    if number >= len(deal_rows) or deal_rows[number].named_dealer is not None:
        return None
    before = _replay_with(row, [d.data for d in deal_rows]).deals[number].dealer
    try:
        after = _replay_with(
            row, [d.data for d in deal_rows if d is not target],
            shift_changes(row.changes, number, -1) or [],
        ).deals[number - 1].dealer
    except ScoringError:
        return None  # it cannot be deleted at all; the delete says why
    return (before, after) if before != after else None



def number_of(row: ScoreListRow, deal_id: int) -> int | None:
    """The current number of a kept deal, by its id."""
    for number, deal in enumerate(kept_deals(row), start=1):
        if deal.id == deal_id:
            return number
    return None


def deal_id_at(row: ScoreListRow, number: int) -> int | None:
    """The id of kept deal ``number``, for a button that undoes what was done to it."""
    return db.session.scalar(
        sa.select(DealRow.id)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_(None))
        .order_by(DealRow.position).offset(number - 1).limit(1)
    ) if number >= 1 else None

