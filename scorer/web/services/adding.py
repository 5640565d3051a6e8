"""Add a deal to a list: scored as the list's next, kept once per Idempotency-Key."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from scorer.engine import N_, Deal, DealResult, Replay, ScoringError, parse_deal
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow, TableCorrectionRow
from scorer.web.services import add_at_once, table_scope
from scorer.web.services.base import (
    Conflict, NotAllowed, NotFound, lock_list, locked, require_open, transaction, write_and_commit,
)
from scorer.web.services.idempotency import sent_with_key
from scorer.web.services.list_end import KeptEnd, Tail, end_after, kept_end, next_deal, tail
from scorer.web.services.lists import EditKey, list_to_change
from scorer.web.services.table_scope import Work
from scorer.web.services.state import list_state


@transaction
def add_deal(
    list_or_id: ScoreListRow | str, data: Mapping[str, Any], *,
    key: EditKey = None, idempotency_key: str | None = None,
) -> tuple[DealResult, bool]:
    """Score and keep the list's next deal; a repeated Idempotency-Key keeps it once.

    ``list_or_id``: the list's id, found here with its edit key ``key`` (as
    :func:`~scorer.web.services.lists.list_to_change` takes it), or its row,
    found with the key already. Returns the scored deal and whether it was
    new: a key sent before answers the deal it stored, before any refusal.

    On PostgreSQL the deal is written in one statement without the list's
    write lock (:mod:`~scorer.web.services.add_at_once`), and under the
    lock only if the list changed meanwhile or keeps no end; elsewhere
    under the lock, which the list's read takes in the same round trip.
    A tournament table's list is always added to under the lock: whether
    its round is open and its deals are all played is asked holding it.
    """
    at_once = add_at_once.usable()
    if isinstance(list_or_id, ScoreListRow):
        row = list_or_id
    elif at_once:
        row = add_at_once.list_to_add_to(list_or_id, key)
        if row.tournament_id is not None:  # found again, with its key, under the lock
            db.session.rollback()
            row = list_to_change(list_or_id, key, work=Work.DEALS, lock=True)
    else:
        row = list_to_change(list_or_id, key, work=Work.DEALS, lock=True)
    sent = sent_with_key(idempotency_key, data)
    if not locked(row.id):
        list_id = row.id
        if at_once and row.tournament_id is None:
            kept = kept_end(row, locked=False)
            done = _add_at_once(row, data, kept, idempotency_key, sent) if kept is not None else None
            if done is not None:
                return done
            # The list changed since it was read, or keeps no end (a change other than an
            # add came last): the add is made again under the lock, out of autocommit.
            db.session.rollback()
        if lock_list(list_id) is None:
            raise NotFound("no such list")
    return _add_locked(row, data, idempotency_key, sent)


def _add_locked(
    row: ScoreListRow, data: Mapping[str, Any], idempotency_key: str | None, sent: str | None,
) -> tuple[DealResult, bool]:
    """:func:`add_deal` holding the list's write lock."""
    # Where nothing changed the list since a deal was added, the lock's row holds
    # the list's end, and the add reads nothing more under the lock: a key sent
    # before is then found by the INSERT itself (the key is unique in its list),
    # or below on a refusal.
    kept = kept_end(row)
    end = None
    if kept is not None:
        last_position = kept.last_position
    else:
        end = tail(row, idempotency_key)
        last_position = end.last_position
        if idempotency_key and end.repeat_id is not None:
            repeat = _by_idempotency_key(row, idempotency_key, sent)
            if repeat is not None:
                db.session.rollback()
                return repeat, False
    scored = _scored(row, data, end, kept, idempotency_key, sent)
    if isinstance(scored, DealResult):
        db.session.rollback()
        return scored, False
    replay, deal, result = scored
    position = last_position + 1
    end_state = end_after(row.revision, replay, position).stored()
    # The organiser's add to a table's list is kept as a correction, with the deal.
    corrected = table_scope.correction(row, result.number, "added")
    try:
        # An INSERT statement, not an object for the session to flush: the
        # deal is not read back, and the unit of work costs more than the write.
        # With it, where the list stands now, for the next add (kept_end).
        write_and_commit(
            (_insert_deal(), [DealRow.values_of(
                row.id, position, deal.to_dict(),
                idempotency_key=idempotency_key, idempotency_fingerprint=sent,
            )]),
            (_store_end(), [{"list_id": row.id, "end_state": end_state}]),
            *([(_insert_correction(), [corrected])] if corrected is not None else []),
        )
    except IntegrityError:  # the key was sent before
        repeat = _sent_before(row, idempotency_key, sent)
        if repeat is None:
            raise
        return repeat, False
    return result, True


def _add_at_once(
    row: ScoreListRow, data: Mapping[str, Any], kept: KeptEnd, idempotency_key: str | None, sent: str | None,
) -> tuple[DealResult, bool] | None:
    """:func:`add_deal` in one statement, from the end kept in a row read without the lock.

    None: the list changed since the row was read, and nothing was written.
    """
    list_id, revision = row.id, row.revision
    scored = _scored(row, data, None, kept, idempotency_key, sent)
    if isinstance(scored, DealResult):
        db.session.rollback()
        return scored, False
    replay, deal, result = scored
    position = kept.last_position + 1
    values = DealRow.values_of(list_id, position, deal.to_dict(),
                               idempotency_key=idempotency_key, idempotency_fingerprint=sent)
    try:
        added = add_at_once.write(values, revision=revision,
                                  end=end_after(revision + 1, replay, position).stored())
    except IntegrityError:  # the key was sent before
        repeat = _sent_before(row, idempotency_key, sent)
        if repeat is None:
            raise
        return repeat, False
    if not added:
        return None
    db.session.commit()  # outside a transaction it sends nothing, and lets go of the connection
    return result, True


def _sent_before(row: ScoreListRow, idempotency_key: str | None, sent: str | None) -> DealResult | None:
    """The deal stored under the key, after the INSERT refused it (None: refused for another reason)."""
    db.session.rollback()
    return _by_idempotency_key(row, idempotency_key or "", sent)


def _scored(
    row: ScoreListRow, data: Mapping[str, Any], end: Tail | None, kept: KeptEnd | None,
    idempotency_key: str | None, sent: str | None,
) -> tuple[Replay, Deal, DealResult] | DealResult:
    """The next deal scored, with the replay it ran on; or the deal stored before under this key.

    A deal stored before under the key is answered before any refusal (a
    finished list, a deal that breaks a rule), where the key was not looked
    up already with the list's end (``end``).
    """
    try:
        table_scope.deal_work(row)
        require_open(row)
        replay = next_deal(row, kept)
        table_scope.refuse_past_end(row, replay.played)
        deal = parse_deal(data, replay.played + 1, replay.rules.family)
        return replay, deal, replay.add(deal)
    except (Conflict, NotAllowed, ScoringError):
        repeat = _by_idempotency_key(row, idempotency_key, sent) if end is None and idempotency_key else None
        if repeat is None:
            raise
        return repeat


@functools.cache
def _insert_deal() -> sa.Insert:
    """The INSERT of a deal's row, built once (its values are bound when it runs).

    Inline, on the table rather than the mapped class: the database is not
    asked for the new row's id, so in pipeline mode (:func:`write_and_commit`)
    nothing needs an answer before the COMMIT is sent.
    """
    return sa.insert(DealRow.__table__).inline()


@functools.cache
def _insert_correction() -> sa.Insert:
    """The INSERT of a correction's row, built once, inline as :func:`_insert_deal` is."""
    return sa.insert(TableCorrectionRow.__table__).inline()


@functools.cache
def _store_end() -> sa.Update:
    """The UPDATE that stores a list's end with the deal just added, built once."""
    table = ScoreListRow.__table__
    return (sa.update(table).where(table.c.id == sa.bindparam("list_id", type_=sa.String))
            .values(list_end=sa.bindparam("end_state", type_=sa.JSON)))


def _by_idempotency_key(row: ScoreListRow, key: str, sent: str | None) -> DealResult | None:
    """The scored deal an earlier request with this key stored, if any.

    The key sent again with another deal is refused, as the IETF
    Idempotency-Key draft asks: it is a client's mistake, not a retry.
    """
    found = db.session.scalar(
        sa.select(DealRow).where(DealRow.list_id == row.id, DealRow.idempotency_key == key)
    )
    if found is None:
        return None
    if found.idempotency_fingerprint not in (None, sent):  # None: stored before fingerprints
        # The number of the deal stored under the key, when it is kept: a phone that
        # sent the key with its form first (static/offline.js) says it is stored.
        number = None if found.deleted_at is not None else db.session.scalar(
            sa.select(sa.func.count()).select_from(DealRow).where(
                DealRow.list_id == row.id, DealRow.deleted_at.is_(None), DealRow.position <= found.position))
        raise ScoringError(
            "Idempotency-Key", N_("was sent before with another deal; a new deal needs a new key"),
            deal=number,
        )
    if found.deleted_at is not None:
        raise Conflict("this deal was stored once and deleted since; it is not stored again")
    state = list_state(row, fresh=True)
    index = next(i for i, d in enumerate(state.deal_rows) if d.id == found.id)
    return state.result.deals[index]

