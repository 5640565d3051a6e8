"""A list's deals: score the next one, preview, add, change, delete, undo, restore."""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from scorer.engine import (
    N_, Carry, Deal, DealResult, ListResult, Replay, ScoreList, ScoringError, parse_deal, parse_rules,
)
from scorer.engine.changes import shift_changes
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow, now
from scorer.web.services.base import (
    Conflict, NotFound, _lock, by_id, lock_list, locked, transaction, write_and_commit,
)
from scorer.web.services.keys import require_key
from scorer.web.services.lists import _all_deals, editable_list, is_list_id, kept_deals
from scorer.web.services.state import engine_list, list_state, parsed


#: The longest Idempotency-Key taken; it is kept whole.
MAX_IDEMPOTENCY_KEY = 255


def valid_idempotency_key(key: str | None) -> bool:
    """Tell whether a key can be kept: 1 to 255 printable ASCII characters.

    The IETF Idempotency-Key draft makes the key a structured-field string,
    which holds printable ASCII only.
    """
    return (key is not None and 0 < len(key) <= MAX_IDEMPOTENCY_KEY
            and all(" " <= char <= "~" for char in key))


def fingerprint(data: Mapping[str, Any]) -> str:
    """A hash of a deal as sent: the same deal in any key order gives the same hash."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def sent_with_key(idempotency_key: str | None, data: Mapping[str, Any]) -> str | None:
    """The fingerprint of what was sent with this Idempotency-Key (None without one); refused if the key is bad."""
    if idempotency_key is None:
        return None
    if not valid_idempotency_key(idempotency_key):
        raise ScoringError("Idempotency-Key", N_("must be 1 to 255 printable ASCII characters"))
    return fingerprint(data)


def _writable(row: ScoreListRow) -> None:
    if row.finished_at is not None:
        raise Conflict("the list is finished; reopen it to change it")


def _replay_with(
    row: ScoreListRow, deal_data: Sequence[Mapping[str, Any]],
    changes: Sequence[Mapping[str, Any]] | None = None,
) -> ListResult:
    return engine_list(row, parsed(deal_data), changes).replay()


def _numbered(deal_rows: Sequence[DealRow], wanted: int) -> DealRow:
    if not 1 <= wanted <= len(deal_rows):
        raise NotFound(f"no deal {wanted}")
    return deal_rows[wanted - 1]


class Tail(NamedTuple):
    """What adding a deal reads of a list's deals, read in one statement (see :func:`tail`)."""

    #: The highest position taken, deleted deals included (0: none).
    last_position: int
    #: The id of the deal stored with the idempotency key asked about, if any.
    repeat_id: int | None


def tail(row: ScoreListRow, idempotency_key: str | None = None) -> Tail:
    """Read the end of the list for the next deal in one round trip to the database.

    Each statement is a round trip, and a writer holds the list's write lock
    through all of its round trips: on PostgreSQL, where each costs far more
    than on SQLite, their number is what other phones adding at once wait for.
    """
    found = db.session.execute(_tail_statement(), {"list_id": row.id, "key": idempotency_key}).one()
    return Tail(found[0] or 0, found[1])


@functools.cache
def _tail_statement() -> sa.Select[Any]:
    """The statement :func:`tail` runs, built once: building it costs more than running it."""
    deals = sa.orm.aliased(DealRow)
    list_id = sa.bindparam("list_id", type_=sa.String)

    def scalar(query: sa.Select[Any]) -> Any:
        return query.correlate(None).scalar_subquery()

    return sa.select(
        scalar(sa.select(sa.func.max(deals.position)).where(deals.list_id == list_id)),
        # A key of None matches nothing (NULL = NULL is not true).
        scalar(sa.select(deals.id).where(
            deals.list_id == list_id, deals.idempotency_key == sa.bindparam("key", type_=sa.String)
        )),
    )


def next_deal(row: ScoreListRow, kept: KeptEnd | None = None) -> Replay:
    """A replay ready to score the list's next deal, without reading every deal where it can.

    Where nothing changed the list since its last deal was added, it resumes
    from where that add left the list (``kept``, see :func:`kept_end`): the
    next dealer, the count, the carry and the totals (a deal that would take
    one past what JSON holds exactly is refused, ``scorer.engine.exact``).
    Otherwise the list is replayed.
    """
    if kept is not None:
        return Replay.resume(parse_rules(row.rules), tuple(row.players), next_dealer=kept.next_dealer,
                             played=kept.played, carry=kept.carry, totals=kept.totals)
    return replay_to_end(engine_list(row, parsed([d.data for d in kept_deals(row)])))


class KeptEnd(NamedTuple):
    """Where a list stood after the deal last added to it: its end, and what it carries."""

    #: The list's revision that add made (its write lock bumped it to this).
    revision: int
    #: The replay's state after the deal: the carry, the next dealer, the deals kept.
    carry: Carry
    next_dealer: str
    played: int
    #: The position the deal took (the highest, deleted deals included).
    last_position: int
    #: Every player's total after it.
    totals: Mapping[str, int]

    def stored(self) -> dict[str, Any]:
        """As ``lists.list_end`` keeps it (JSON): the carry's fields that are not empty, the totals."""
        carry = {name: value for name, value in (
            ("tally", dict(self.carry.tally)), ("bock", list(self.carry.bock)),
            ("pot", self.carry.pot), ("doublers", self.carry.doublers)) if value}
        return {"revision": self.revision, "next_dealer": self.next_dealer, "played": self.played,
                "last_position": self.last_position, "totals": dict(self.totals),
                **({"carry": carry} if carry else {})}

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> KeptEnd:
        """Read back what :meth:`stored` wrote."""
        carry = stored.get("carry") or {}
        tally = {"tally": MappingProxyType(dict(carry["tally"]))} if "tally" in carry else {}
        return cls(
            stored["revision"],
            Carry(**tally, bock=tuple(carry.get("bock", ())), pot=carry.get("pot", 0),
                  doublers=carry.get("doublers", 0)),
            stored["next_dealer"], stored["played"], stored["last_position"],
            MappingProxyType(dict(stored["totals"])),
        )


def kept_end(row: ScoreListRow, *, locked: bool = True) -> KeptEnd | None:
    """Where the list stands, if nothing changed it since a deal was added, on any worker or server.

    The add stored it in the list's row (``list_end``) with the revision its
    write lock made; read holding the list's write lock, the row's revision
    is then one more. Any other change to the list took the lock too, and
    moved the revision on, so what was stored is not used. A list with
    changes of seats or rules has none: what was kept would have to know
    which change it was read under. A row read without the lock
    (``locked`` False, see :func:`list_to_add_to`) has the revision the add
    stored. An end stored without the totals (before they were kept) is not used.
    """
    stored = row.list_end
    if (not stored or stored.get("revision", 0) + locked != row.revision or row.changes
            or "totals" not in stored):
        return None
    return KeptEnd.from_stored(stored)


def end_after(row: ScoreListRow, replay: Replay, position: int) -> KeptEnd:
    """Where the list stands after the deal just scored at ``position``, to store with it.

    Read before the commit, under the write lock: after it, the row's
    attributes would be read again, perhaps after another change.
    """
    return KeptEnd(row.revision, replay.carry, replay.next_dealer, replay.played, position, replay.totals)


@functools.cache
def _store_end() -> sa.Update:
    """The UPDATE that stores a list's end with the deal just added, built once."""
    table = ScoreListRow.__table__
    return (sa.update(table).where(table.c.id == sa.bindparam("list_id", type_=sa.String))
            .values(list_end=sa.bindparam("end_state", type_=sa.JSON)))


def replay_to_end(score_list: ScoreList) -> Replay:
    """A running replay of the list, ready to score one more deal."""
    replay = score_list.replayer()
    replay.extend(score_list.deals)
    return replay


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
    return replay.add(parse_deal(data, replay.played + 1))


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
        _writable(row)
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


@transaction
def update_deal(
    row: ScoreListRow, number: int, data: Mapping[str, Any], *, version: int | None = None
) -> DealResult:
    """Replace deal ``number``; refuse it if another phone changed it meanwhile."""
    _lock(row)
    _writable(row)
    deal_rows = kept_deals(row)
    target = _numbered(deal_rows, number)
    deal = parse_deal(data, number)
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
    _writable(row)
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


def undo_last(row: ScoreListRow, *, deal_id: int | None = None) -> DealRow | None:
    """Delete the last deal (the one a page showed as last, when it names it)."""
    count = len(kept_deals(row))
    if not count and deal_id is None:
        raise NotFound("there is no deal to undo")
    return delete_deal(row, count, deal_id=deal_id)


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


@transaction
def restore_deal(row: ScoreListRow, deal_id: int) -> None:
    """Bring a deleted deal back to its place."""
    _lock(row)
    _writable(row)
    target = by_id(DealRow, deal_id)
    if target is None or target.list_id != row.id or target.deleted_at is None:
        raise NotFound("no such deleted deal")
    deal_rows = [d for d in _all_deals(row) if d.deleted_at is None or d.id == deal_id]
    number = next(n for n, d in enumerate(deal_rows, start=1) if d.id == deal_id)
    changes = restored_changes(row.changes, target.changes_before, number)
    _replay_with(row, [d.data for d in deal_rows], changes or [])
    target.deleted_at = None
    target.changes_before = None
    if row.changes:
        row.changes = changes
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


def deleted_deals(row: ScoreListRow) -> list[DealRow]:
    """The list's deleted deals, most recently deleted first."""
    query = (
        sa.select(DealRow)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_not(None))
        .order_by(DealRow.deleted_at.desc())
    )
    return list(db.session.scalars(query))
