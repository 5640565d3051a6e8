"""A list as it stands: its kept deals read, parsed and replayed, once per revision."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa
from flask import current_app

from scorer.engine import Deal, ListResult, ScoreList, parse_deal, parse_rules
from scorer.engine.changes import parse_changes
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from scorer.web.services.base import locked

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
    Values are kept apart by app (``_app_scope``): two apps in one process,
    each with its own database, may both hold a list of the same id and
    revision. The oldest values go first once ``kept`` are held.
    """

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._values: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    def peek(self, key: Hashable) -> Any:
        """The value kept under ``key``, or None."""
        return self._values.get((_app_scope(), key))

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` under ``key``, letting the oldest go when full."""
        scoped = (_app_scope(), key)
        with self._lock:
            while len(self._values) >= self.kept:
                del self._values[next(iter(self._values))]
            self._values[scoped] = value

    def get(self, key: Hashable, make: Callable[[], V], *, keep: bool = True) -> V:
        """The value kept under ``key``, made (and kept, if ``keep``) when missing."""
        value: V | None = self.peek(key)
        if value is None:
            value = make()
            if keep:
                self.put(key, value)
        return value


def _app_scope() -> object:
    """A token of the current app, alive as long as the app: what keeps caches of two apps apart."""
    return current_app.extensions.setdefault("scorer.cache_scope", object())


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
