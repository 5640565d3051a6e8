"""Add a deal to a list: scored as the list's next under its write lock, kept once per Idempotency-Key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, DealResult, ScoringError, parse_deal
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from scorer.web.services import table_scope
from scorer.web.services.base import Conflict, NotFound, lock_list, locked, require_open, transaction
from scorer.web.services.idempotency import sent_with_key
from scorer.web.services.list_end import end_after, next_deal
from scorer.web.services.state import list_state


@transaction
def add_deal(
    row: ScoreListRow, data: Mapping[str, Any], *, idempotency_key: str | None = None,
) -> tuple[DealResult, bool]:
    """Score and keep the list's next deal, in one transaction; a repeated Idempotency-Key keeps it once.

    ``row``: the list, found with a key that may add to it
    (:func:`~scorer.web.services.lists.list_to_change`). Its write lock is
    taken here, unless finding it took it already: the lock bumps the list's
    revision, once for the add, and every other phone's change waits for it.
    Returns the scored deal and whether it was new: a key sent before answers
    the deal it stored, before any refusal (a finished list, a closed round,
    a deal that breaks a rule). A tournament table's round is asked whether
    it is open, and its deals whether they are all played, holding the lock.
    """
    if not locked(row.id) and lock_list(row.id) is None:
        raise NotFound("no such list")
    sent = sent_with_key(idempotency_key, data)
    if idempotency_key is not None:
        stored = _sent_before(row, idempotency_key, sent)
        if stored is not None:
            db.session.rollback()  # nothing changed: the lock is let go, the revision stays
            return stored, False
    table_scope.deal_work(row)
    require_open(row)
    replay, position = next_deal(row)
    table_scope.refuse_past_end(row, replay.played)
    deal = parse_deal(data, replay.played + 1, replay.rules.family)
    result = replay.add(deal)
    db.session.add(DealRow.of(row.id, position, deal.to_dict(),
                              idempotency_key=idempotency_key, idempotency_fingerprint=sent))
    row.list_end = end_after(row, replay, position)
    table_scope.note(row, result.number, "added")  # the organiser's add to a table's list
    db.session.commit()
    return result, True


def _sent_before(row: ScoreListRow, key: str, sent: str | None) -> DealResult | None:
    """The scored deal an earlier request with this key stored, if any; asked holding the list's lock.

    Every add takes the lock before it asks, so an add with the key either
    committed before this one asked, and is found, or comes after it. The
    key sent again with another deal is refused, as the IETF
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
