"""Add a deal to a list: scored as the list's next, kept once per Idempotency-Key."""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from scorer.engine import N_, Deal, DealResult, Replay, ScoringError, parse_deal
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow, now
from scorer.web.services.base import (
    Conflict, NotFound, _lock, lock_list, locked, require_open, transaction, write_and_commit,
)
from scorer.web.services.idempotency import sent_with_key
from scorer.web.services.keys import require_key
from scorer.web.services.list_end import KeptEnd, Tail, _store_end, end_after, kept_end, next_deal, tail
from scorer.web.services.lists import editable_list, is_list_id
from scorer.web.services.state import list_state


@transaction
def add_deal(
    row: ScoreListRow, data: Mapping[str, Any], *, idempotency_key: str | None = None
) -> tuple[DealResult, bool]:
    """Score and keep the next deal; a repeated idempotency key keeps it once.

    Returns the scored deal and whether it was new. The list's write lock is
    taken here, unless this transaction took it already (``lock_list``), or
    the row was read to add in one statement (:func:`list_to_add_to`), which
    takes the lock only if the list changed meanwhile.
    """
    sent = sent_with_key(idempotency_key, data)
    if not locked(row.id):
        list_id = row.id
        if list_id in db.session.info.get("read_to_add", ()):
            done = _add_at_once(row, data, idempotency_key, sent)
            if done is not None:
                return done
            db.session.rollback()  # out of autocommit; the row is read again with the lock
            lock_list(list_id)
        else:
            _lock(row)
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
    try:
        # An INSERT statement, not an object for the session to flush: the
        # deal is not read back, and the unit of work costs more than the write.
        # With it, where the list stands now, for the next add (kept_end).
        write_and_commit(
            (_insert_deal(), [DealRow.values_of(
                row.id, position, deal.to_dict(),
                idempotency_key=idempotency_key, idempotency_fingerprint=sent,
            )]),
            (_store_end(), [{"list_id": row.id, "end_state": end_after(row, replay, position).stored()}]),
        )
    except IntegrityError:
        db.session.rollback()
        repeat = _by_idempotency_key(row, idempotency_key or "", sent)
        if repeat is None:
            raise
        return repeat, False
    return result, True


#: Lists whose adds take the write lock first, until a time (``time.monotonic``):
#: where phones add to a list so fast that an add made in one statement finds
#: it changed meanwhile, it has read and scored the deal for nothing, and
#: takes the lock after all (seconds, _LOCK_FIRST_MOVED); and a list with
#: changes of seats or rules, whose end is never kept (_LOCK_FIRST_CHANGES).
#: What this process noticed, so a list's adds on another worker may try once
#: more; bounded, and forgotten whole when full.
_LOCK_FIRST: dict[str, float] = {}
_LOCK_FIRST_KEPT = 4096
_LOCK_FIRST_MOVED = 2.0
_LOCK_FIRST_CHANGES = 600.0


def _lock_first(list_id: str, seconds: float) -> None:
    if len(_LOCK_FIRST) >= _LOCK_FIRST_KEPT:
        _LOCK_FIRST.clear()
    _LOCK_FIRST[list_id] = time.monotonic() + seconds


def list_to_add_to(list_id: str, key: str | None) -> ScoreListRow:
    """Find a list to add a deal to with this edit key, taking its write lock where the add needs it.

    On PostgreSQL the row is read without a transaction, and the add is then
    written in one statement that checks the list's revision did not move
    meanwhile (:func:`_add_at_once`): two round trips, and no lock held while
    the deal is scored. Elsewhere, and where the session has begun already,
    as :func:`scorer.web.services.lists.editable_list`: found and locked in
    one statement.
    """
    if (db.session.get_bind().dialect.name != "postgresql" or db.session().in_transaction()
            or _LOCK_FIRST.get(list_id, 0.0) > time.monotonic()):
        return editable_list(list_id, key)
    if not is_list_id(list_id):
        raise NotFound("no such list")
    db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
    try:
        row = db.session.get(ScoreListRow, list_id)
        if row is None:
            raise NotFound("no such list")
        require_key(row, key)
    except BaseException:
        db.session.rollback()
        raise
    db.session.info.setdefault("read_to_add", set()).add(list_id)
    return row


def _add_at_once(
    row: ScoreListRow, data: Mapping[str, Any], idempotency_key: str | None, sent: str | None,
) -> tuple[DealResult, bool] | None:
    """Add the next deal in one statement, if the list did not change since its row was read.

    The statement bumps the list's revision only if it is still the one read,
    stores the list's end with it, and inserts the deal only if the revision
    was bumped (PostgreSQL runs both as one, in a transaction of their own).
    None: the list changed meanwhile, or its end was not kept (a change other
    than an add came last); the add then takes the list's write lock.
    """
    kept = kept_end(row, locked=False)
    if kept is None:
        if row.changes:  # its end is never kept (kept_end): its adds take the lock at once
            _lock_first(row.id, _LOCK_FIRST_CHANGES)
        return None
    list_id, revision = row.id, row.revision
    scored = _scored(row, data, None, kept, idempotency_key, sent)
    if isinstance(scored, DealResult):
        db.session.rollback()
        return scored, False
    replay, deal, result = scored
    position = kept.last_position + 1
    end = KeptEnd(revision + 1, replay.carry, replay.next_dealer, replay.played, position, replay.totals)
    values = DealRow.values_of(list_id, position, deal.to_dict(),
                               idempotency_key=idempotency_key, idempotency_fingerprint=sent)
    try:
        added = db.session.execute(_at_once_statement(), {
            **values, "revision": revision, "end_state": end.stored(), "now": now(),
        }).scalar()
    except IntegrityError:  # the key was sent before: the statement changed nothing
        db.session.rollback()
        repeat = _by_idempotency_key(row, idempotency_key or "", sent)
        if repeat is None:
            raise
        return repeat, False
    if added is None:  # another phone's change came first
        _lock_first(list_id, _LOCK_FIRST_MOVED)
        return None
    db.session.commit()  # sends nothing: the statement committed itself; lets go of the connection
    return result, True


@functools.cache
def _at_once_statement() -> sa.TextClause:
    """The one statement of :func:`_add_at_once` (PostgreSQL), built once.

    The UPDATE waits for a writer holding the list's lock, then finds the
    revision moved and changes nothing, so the INSERT inserts nothing: a
    data-modifying WITH runs as one statement, and a refused INSERT (a key
    sent before) undoes the UPDATE with it.
    """
    return sa.text(
        "WITH bumped AS (UPDATE lists SET revision = revision + 1, updated_at = :now, list_end = :end_state"
        " WHERE id = :list_id AND revision = :revision RETURNING id)"
        " INSERT INTO deals (list_id, position, data, named_dealer, idempotency_key,"
        " idempotency_fingerprint, version, created_at, updated_at)"
        " SELECT id, :position, :data, :named_dealer, :idempotency_key, :idempotency_fingerprint,"
        " 1, :now, :now FROM bumped RETURNING id"
    ).bindparams(
        sa.bindparam("list_id", type_=sa.String), sa.bindparam("revision", type_=sa.Integer),
        sa.bindparam("end_state", type_=sa.JSON), sa.bindparam("now", type_=sa.DateTime),
        sa.bindparam("position", type_=sa.Integer), sa.bindparam("data", type_=sa.JSON),
        sa.bindparam("named_dealer", type_=sa.Text), sa.bindparam("idempotency_key", type_=sa.String),
        sa.bindparam("idempotency_fingerprint", type_=sa.String),
    )


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
        require_open(row)
        replay = next_deal(row, kept)
        deal = parse_deal(data, replay.played + 1)
        return replay, deal, replay.add(deal)
    except (Conflict, ScoringError):
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

