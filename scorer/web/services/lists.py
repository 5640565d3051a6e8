"""A list: reading and replaying it, its progress, making, finishing, reopening, deleting it."""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa

from scorer.engine import (
    FAMILIES,
    N_, Deal, ListResult, ScoreList, ScoringError, load_list, parse_deal, parse_rules,
)
from scorer.engine.changes import parse_changes
from scorer.engine.values import MAX_TITLE, plain_text
from scorer.web.extensions import db
from scorer.web.models import ChangeKeyRow, DealRow, RetiredListRow, ScoreListRow, now
from scorer.web.services.base import NotFound, _lock, lock_list, locked, transaction
from scorer.web.services.keys import hash_key, key_from_token, require_key, token_digest


#: How a list ends: after a number of deals, at a classic-points target
#: (sheepshead3), after completed heads (german), or never.
END_KINDS = ("deals", "classic", "heads", "open")
#: A list id as the app makes them (``secrets.token_urlsafe(16)``): 22
#: characters of the URL-safe base64 alphabet, safe in a path and a file name.
LIST_ID = re.compile(r"[A-Za-z0-9_-]{22}")
V = TypeVar("V")


@dataclass(frozen=True)
class Progress:
    """How far a list is towards its end."""

    kind: str
    #: Deals played, or the leader's classic points, or the most heads.
    done: int
    #: The target, or None for an open-ended list.
    target: int | None

    @property
    def complete(self) -> bool:
        """Tell whether the list has reached its end."""
        return self.target is not None and self.done >= self.target


@dataclass(frozen=True)
class ListState:
    """A list replayed: its rows, the engine's list and the result."""

    row: ScoreListRow
    #: The kept deals' id, stored text and version, in order (plain rows).
    deal_rows: tuple[Any, ...]
    score_list: ScoreList
    result: ListResult
    #: Whether these deals are the ones of the revision the row was read at (no
    #: change was committed in between): only then is anything kept by revision.
    current: bool = True

    @property
    def progress(self) -> Progress:
        """How far the list is towards its end."""
        return progress(self.row.ends, self.result)

    @property
    def finished(self) -> bool:
        """Tell whether the list was closed after settling up."""
        return self.row.finished_at is not None


def is_list_id(value: object) -> bool:
    """Tell whether a value has the shape of a list id this app makes."""
    return isinstance(value, str) and LIST_ID.fullmatch(value) is not None


def is_retired(list_id: str) -> bool:
    """Tell whether a deleted list had this id."""
    return db.session.get(RetiredListRow, list_id) is not None


def _new_list_id() -> str:
    """A fresh id: never one in use, never a deleted list's."""
    while True:
        list_id = secrets.token_urlsafe(16)
        if db.session.get(ScoreListRow, list_id) is None and not is_retired(list_id):
            return list_id


@transaction
def editable_list(list_id: str, key: str | None) -> ScoreListRow:
    """Find a list to change with this edit key, its write lock taken in the same round trip.

    For a change that will lock the list anyway (adding a deal): one statement
    instead of a read and then the lock. Refused (and the lock let go at once)
    without the list's edit key.
    """
    row = lock_list(list_id) if is_list_id(list_id) else None
    if row is None:
        raise NotFound("no such list")
    require_key(row, key)
    return row


def get_list(list_id: str) -> ScoreListRow:
    """Find a list by its id."""
    row = db.session.get(ScoreListRow, list_id) if is_list_id(list_id) else None
    if row is None:
        raise NotFound("no such list")
    return row


def kept_deals(row: ScoreListRow) -> tuple[DealRow, ...]:
    """The list's deals that are not deleted, in order."""
    query = (
        sa.select(DealRow)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_(None))
        .order_by(DealRow.position)
    )
    return tuple(db.session.scalars(query))


def engine_list(
    row: ScoreListRow, deals: Iterable[Deal], changes: Sequence[Mapping[str, Any]] | None = None,
) -> ScoreList:
    """Build the engine's list from the stored rules, its changes (or these) and these deals."""
    rules = parse_rules(row.rules)
    players = tuple(row.players)
    deals = tuple(deals)
    return ScoreList(
        rules=rules,
        players=players,
        first_dealer=row.first_dealer,
        deals=deals,
        changes=parse_changes(row.changes if changes is None else list(changes), rules, players, len(deals)),
    )


def parsed(deal_data: Sequence[Mapping[str, Any]]) -> Iterator[Deal]:
    """Read deals as the list file writes them, numbered from 1."""
    return (parse_deal(data, n) for n, data in enumerate(deal_data, start=1))


#: Parsed deals by the exact JSON text they are stored as. A deal is a frozen
#: value, so the same text always parses to the same deal: this can never be
#: stale, and a long list is not parsed again on every view.
_PARSED: dict[str, Deal] = {}
_PARSED_LOCK = threading.Lock()
PARSED_KEPT = 200_000


def parsed_deal(text: str, number: int) -> Deal:
    """The deal stored as this JSON text."""
    deal = _PARSED.get(text)
    if deal is None:
        deal = parse_deal(json.loads(text), number)
        with _PARSED_LOCK:
            while len(_PARSED) >= PARSED_KEPT:
                del _PARSED[next(iter(_PARSED))]
            _PARSED[text] = deal
    return deal


def kept_rows(row: ScoreListRow) -> tuple[Any, ...]:
    """The kept deals' id, stored text and version, in order: plain rows, for reading."""
    query = (
        sa.select(DealRow.id, sa.cast(DealRow.data, sa.Text).label("text"), DealRow.version)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_(None))
        .order_by(DealRow.position)
    )
    return tuple(db.session.execute(query))


class ByRevision:
    """Values worked out once per stored revision of a list, kept in this process.

    A key starts with ``revision_key(row)``: the list's id, its revision and
    the time of its last change, all read with the list's row (the one query
    every view makes anyway). Every change to a list bumps its revision in the
    database (``services.base._lock``), so a key read from the database names
    one state of the list in every worker and on every app server sharing the
    database: a kept value is never stale, it is only not asked for again.
    The oldest values go first once ``kept`` are held.
    """

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._values: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    def peek(self, key: Hashable) -> Any:
        """The value kept under ``key``, or None."""
        return self._values.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` under ``key``, letting the oldest go when full."""
        with self._lock:
            while len(self._values) >= self.kept:
                del self._values[next(iter(self._values))]
            self._values[key] = value

    def get(self, key: Hashable, make: Callable[[], V], *, keep: bool = True) -> V:
        """The value kept under ``key``, made (and kept, if ``keep``) when missing."""
        value = self._values.get(key)
        if value is None:
            value = make()
            if keep:
                self.put(key, value)
        return value


def revision_key(row: ScoreListRow) -> tuple[str, int, Any]:
    """What names one stored state of a list: its id, revision and last change."""
    return (row.id, row.revision, row.updated_at)


#: Replayed lists by revision: reading a list again costs no replay until it changes.
_STATES = ByRevision(kept=64)


def list_state(row: ScoreListRow, *, fresh: bool = False) -> ListState:
    """Replay a list's kept deals through the engine, once per revision.

    ``fresh`` replays what this transaction sees without keeping it: a change
    in progress has bumped the revision before it is committed (or rolled back).
    A list this session has locked is always read fresh.
    """
    key = revision_key(row)
    if fresh or locked(row.id):
        return ListState(row, *_replayed(row, kept_rows(row)), current=False)
    kept = _STATES.peek(key)
    if kept is not None:
        return ListState(row, *kept)
    seen, deal_rows = _rows_at_revision(row)
    replayed = _replayed(row, deal_rows)
    if seen == key:  # no change was committed between reading the list and its deals
        _STATES.put(key, replayed)
    return ListState(row, *replayed, current=seen == key)


def _rows_at_revision(row: ScoreListRow) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The list's revision key and its kept deals, read in one statement (one snapshot)."""
    query = (
        sa.select(ScoreListRow.revision, ScoreListRow.updated_at, DealRow.id,
                  sa.cast(DealRow.data, sa.Text).label("text"), DealRow.version)
        .select_from(ScoreListRow)
        .outerjoin(DealRow, sa.and_(DealRow.list_id == ScoreListRow.id, DealRow.deleted_at.is_(None)))
        .where(ScoreListRow.id == row.id)
        .order_by(DealRow.position)
    )
    found = db.session.execute(query).all()
    if not found:
        return (), ()
    seen = (row.id, found[0].revision, found[0].updated_at)
    return seen, tuple(
        DealText(d.id, d.text, d.version) for d in found if d.id is not None
    )


@dataclass(frozen=True)
class DealText:
    """A kept deal as read for replaying: its id, stored JSON text and version."""

    id: int
    text: str
    version: int


def _replayed(
    row: ScoreListRow, deal_rows: tuple[Any, ...]
) -> tuple[tuple[Any, ...], ScoreList, ListResult]:
    score_list = engine_list(
        row, (parsed_deal(d.text, n) for n, d in enumerate(deal_rows, start=1))
    )
    # What is kept scores as it always did: amounts past what JSON holds exactly are
    # refused when a list is changed (scorer.engine.exact), never when it is read.
    return deal_rows, score_list, score_list.replay(exact=False)


def progress(ends: Mapping[str, Any], result: ListResult) -> Progress:
    """Measure a list against its end."""
    kind = ends.get("kind", "open")
    target = ends.get("count") if kind != "open" else None
    return Progress(kind, max(result.measure(kind), 0), target)


def recent_lists(list_ids: Sequence[str], *, finished: bool) -> list[ScoreListRow]:
    """Those of these lists that are open (or finished), most recently changed first."""
    if not list_ids:
        return []
    column = ScoreListRow.finished_at
    query = (
        sa.select(ScoreListRow)
        .where(ScoreListRow.id.in_(list_ids), column.is_not(None) if finished else column.is_(None))
        .order_by(ScoreListRow.updated_at.desc())
    )
    return list(db.session.scalars(query))


def deal_counts(list_ids: Sequence[str]) -> dict[str, int]:
    """How many kept deals each of these lists has, in one query."""
    if not list_ids:
        return {}
    query = (
        sa.select(DealRow.list_id, sa.func.count())
        .where(DealRow.list_id.in_(list_ids), DealRow.deleted_at.is_(None))
        .group_by(DealRow.list_id)
    )
    return {list_id: count for list_id, count in db.session.execute(query)}


def known_players(list_ids: Sequence[str], limit: int = 40) -> list[str]:
    """Names used in these lists, most recently changed first, for suggestions."""
    names: list[str] = []
    if not list_ids:
        return names
    query = (
        sa.select(ScoreListRow.players)
        .where(ScoreListRow.id.in_(list_ids))
        .order_by(ScoreListRow.updated_at.desc())
    )
    for players in db.session.scalars(query):
        for name in players:
            if name not in names:
                names.append(name)
    return names[:limit]


def _all_deals(row: ScoreListRow) -> list[DealRow]:
    query = sa.select(DealRow).where(DealRow.list_id == row.id).order_by(DealRow.position)
    return list(db.session.scalars(query))


def _check_ends(ends: Mapping[str, Any] | None, preset: str, players: int) -> dict[str, Any]:
    if not ends:
        return {"kind": "open"}
    kind = ends.get("kind")
    if kind not in END_KINDS:
        raise ScoringError("ends", N_("must be one of %(kinds)s"), kinds=", ".join(END_KINDS))
    if kind == "open":
        return {"kind": "open"}
    count = ends.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10_000:
        raise ScoringError("ends", N_("needs a count from 1 to 10000"))
    if kind == "deals" and count % players:
        raise ScoringError(
            "ends", N_("the number of deals must be a multiple of %(players)s"), players=players
        )
    if kind in ("classic", "heads") and kind not in FAMILIES[preset].ends:
        if kind == "classic":
            raise ScoringError("ends", N_("a classic-points target is for the classic three-hand game (Sheep's Head)"))
        raise ScoringError("ends", N_("completed heads are for the German game"))
    return {"kind": kind, "count": count}


def create_list(
    document: Mapping[str, Any], *, title: str | None = None,
    ends: Mapping[str, Any] | None = None, token: str | None = None,
    group_id: str | None = None,
) -> tuple[ScoreListRow, str]:
    """Store a new list (with any deals it brings), in a group if given; return it and its edit key.

    A repeated one-time ``token`` (a form sent twice) stores the list once.
    """
    score_list = load_list(document)  # every deal must score before anything is kept
    title = plain_text((title if title is not None else document.get("title")) or "", "title",
                       most=MAX_TITLE)
    title = (title.strip() or " · ".join(score_list.players))[:MAX_TITLE]
    ends = ends if ends is not None else document.get("ends")
    if ends is not None and not isinstance(ends, Mapping):
        raise ScoringError("ends", N_("must be an object"))
    digest = token_digest(token) if token else None
    if digest:
        repeat = db.session.scalar(sa.select(ScoreListRow).where(ScoreListRow.creation_token == digest))
        if repeat is not None:
            return repeat, key_from_token(token or "")
    key = key_from_token(token) if token else secrets.token_urlsafe(24)
    row = ScoreListRow(
        id=_new_list_id(),
        creation_token=digest,
        title=title,
        preset=score_list.rules.preset,
        rules=score_list.rules.to_dict(),
        players=list(score_list.players),
        first_dealer=score_list.first_dealer,
        changes=[change.to_dict() for change in score_list.changes] or None,
        ends=_check_ends(ends, score_list.rules.preset, len(score_list.players)),
        edit_key_hash=hash_key(key),
        group_id=group_id,
    )
    db.session.add(row)
    for position, deal in enumerate(score_list.deals, start=1):
        db.session.add(DealRow.of(row.id, position, deal.to_dict()))
    db.session.commit()
    return row, key


@transaction
def finish(row: ScoreListRow) -> None:
    """Close the list after settling up: it becomes read-only."""
    _lock(row)
    row.finished_at = row.finished_at or now()
    db.session.commit()


@transaction
def reopen(row: ScoreListRow) -> None:
    """Open a finished list again."""
    _lock(row)
    row.finished_at = None
    db.session.commit()


@transaction
def delete_list(row: ScoreListRow) -> None:
    """Delete a list and its deals for good; its id is never used again."""
    db.session.execute(sa.delete(DealRow).where(DealRow.list_id == row.id))
    db.session.execute(sa.delete(ChangeKeyRow).where(ChangeKeyRow.list_id == row.id))
    db.session.delete(row)
    db.session.add(RetiredListRow(id=row.id))
    db.session.commit()
