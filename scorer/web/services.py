"""Use cases of the table app: each one a transaction over the models.

Views translate HTTP to these calls and the errors below to messages; the
engine decides what every deal is worth.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import wraps
from typing import Any, TypeVar

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.exc import IntegrityError

from scorer.engine import (
    N_, Deal, DealResult, ListResult, Replay, ScoreList, ScoringError, dealer_after,
    load_list, parse_deal, parse_rules,
)
from scorer.web.extensions import db
from scorer.web.models import DealRow, PresetRow, ScoreListRow, now

#: How a list ends: after a number of deals, at a classic-points target
#: (sheepshead3), after completed heads (german), or never.
END_KINDS = ("deals", "classic", "heads", "open")
MAX_TITLE = 80
#: The longest idempotency key or form token kept; longer ones are cut.
MAX_IDEMPOTENCY_KEY = 80

F = TypeVar("F", bound=Callable[..., Any])


class NotFound(LookupError):
    """No such list or deal."""


class NotAllowed(PermissionError):
    """The edit key is missing or wrong."""


class Conflict(Exception):
    """The change cannot be made as things stand (stale edit, finished list)."""


def transaction(change: F) -> F:
    """Run a change as one transaction: commit inside, roll back on any refusal.

    Rolling back at once lets go of the list's write lock before the view
    renders its error, so other phones are not kept waiting.
    """

    @wraps(change)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return change(*args, **kwargs)
        except BaseException:
            db.session.rollback()
            raise

    return wrapper  # type: ignore[return-value]


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

    @property
    def progress(self) -> Progress:
        """How far the list is towards its end."""
        return progress(self.row.ends, self.result)

    @property
    def finished(self) -> bool:
        """Tell whether the list was closed after settling up."""
        return self.row.finished_at is not None


# -- keys ------------------------------------------------------------------------


def hash_key(key: str) -> str:
    """Hash an edit key for storage; the key itself is never stored."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def key_matches(row: ScoreListRow, key: str | None) -> bool:
    """Compare an edit key with the list's, in constant time."""
    return key is not None and hmac.compare_digest(hash_key(key), row.edit_key_hash)


@transaction
def reissue_key(row: ScoreListRow) -> str:
    """Give the list a new edit key; the old edit links stop working."""
    _lock(row)
    key = secrets.token_urlsafe(24)
    row.edit_key_hash = hash_key(key)
    db.session.commit()
    return key


def require_key(row: ScoreListRow, key: str | None) -> None:
    """Refuse a change without the list's edit key."""
    if not key_matches(row, key):
        raise NotAllowed("this needs the list's edit link")


# -- reading -----------------------------------------------------------------------


def get_list(list_id: str) -> ScoreListRow:
    """Find a list by its id."""
    row = db.session.get(ScoreListRow, list_id) if len(list_id) <= 32 else None
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


def engine_list(row: ScoreListRow, deals: Iterable[Deal]) -> ScoreList:
    """Build the engine's list from the stored rules and these deals."""
    return ScoreList(
        rules=parse_rules(row.rules),
        players=tuple(row.players),
        first_dealer=row.first_dealer,
        deals=tuple(deals),
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


def list_state(row: ScoreListRow) -> ListState:
    """Replay a list's kept deals through the engine."""
    deal_rows = kept_rows(row)
    score_list = engine_list(
        row, (parsed_deal(d.text, n) for n, d in enumerate(deal_rows, start=1))
    )
    return ListState(row, deal_rows, score_list, score_list.replay())


def progress(ends: Mapping[str, Any], result: ListResult) -> Progress:
    """Measure a list against its end."""
    kind = ends.get("kind", "open")
    target = ends.get("count") if kind != "open" else None
    if kind == "classic":
        tally = result.tally
        done = max((tally.get(p, 0) for p in result.players), default=0)
    elif kind == "heads":
        done = max(result.tally.get(t, 0) for t in ("team1", "team2")) // 9
    else:
        done = len(result.deals)
    return Progress(kind, max(done, 0), target)


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


# -- writing -------------------------------------------------------------------------


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
    if kind == "classic" and preset != "sheepshead3":
        raise ScoringError("ends", N_("a classic-points target is for the classic three-hand game (Sheep's Head)"))
    if kind == "heads" and preset != "german":
        raise ScoringError("ends", N_("completed heads are for the German game"))
    return {"kind": kind, "count": count}


@transaction
def key_from_token(token: str) -> str:
    """The edit key of a list made by a form with this one-time token.

    A resent form (double tap, bad reception) finds its list again and must
    hand the phone the same key, which is never stored: so it is derived.
    """
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(secret, b"edit-key:" + token.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def create_list(
    document: Mapping[str, Any], *, title: str | None = None,
    ends: Mapping[str, Any] | None = None, token: str | None = None,
) -> tuple[ScoreListRow, str]:
    """Store a new list (with any deals it brings); return it and its edit key.

    A repeated one-time ``token`` (a form sent twice) stores the list once.
    """
    score_list = load_list(document)  # every deal must score before anything is kept
    title = (title if title is not None else document.get("title")) or ""
    if not isinstance(title, str):
        raise ScoringError("title", N_("must be text"))
    title = (title.strip() or " · ".join(score_list.players))[:MAX_TITLE]
    ends = ends if ends is not None else document.get("ends")
    if ends is not None and not isinstance(ends, Mapping):
        raise ScoringError("ends", N_("must be an object"))
    if token:
        repeat = db.session.scalar(sa.select(ScoreListRow).where(ScoreListRow.creation_token == token))
        if repeat is not None:
            return repeat, key_from_token(token)
    key = key_from_token(token) if token else secrets.token_urlsafe(24)
    row = ScoreListRow(
        id=secrets.token_urlsafe(16),
        creation_token=token or None,
        title=title,
        preset=score_list.rules.preset,
        rules=score_list.rules.to_dict(),
        players=list(score_list.players),
        first_dealer=score_list.first_dealer,
        ends=_check_ends(ends, score_list.rules.preset, len(score_list.players)),
        edit_key_hash=hash_key(key),
    )
    db.session.add(row)
    for position, deal in enumerate(score_list.deals, start=1):
        db.session.add(DealRow.of(row.id, position, deal.to_dict()))
    db.session.commit()
    return row, key


def _lock(row: ScoreListRow) -> None:
    """Take the list's write lock for this transaction, bumping its revision.

    Writing the list row first serialises changes to one list on SQLite and
    PostgreSQL alike, so two phones adding at once get consecutive deals.
    """
    db.session.execute(
        sa.update(ScoreListRow)
        .where(ScoreListRow.id == row.id)
        .values(revision=ScoreListRow.revision + 1, updated_at=now())
        .execution_options(synchronize_session=False)
    )
    db.session.refresh(row)


def _writable(row: ScoreListRow) -> None:
    if row.finished_at is not None:
        raise Conflict("the list is finished; reopen it to change it")


def _replay_with(row: ScoreListRow, deal_data: Sequence[Mapping[str, Any]]) -> ListResult:
    return engine_list(row, parsed(deal_data)).replay()


def _numbered(deal_rows: Sequence[DealRow], wanted: int) -> DealRow:
    if not 1 <= wanted <= len(deal_rows):
        raise NotFound(f"no deal {wanted}")
    return deal_rows[wanted - 1]


def next_deal(row: ScoreListRow) -> Replay:
    """A replay ready to score the list's next deal, without reading every deal.

    The next dealer follows from the last deal that named its dealer and the
    count since; only a family whose scoring reads the tally is replayed.
    """
    rules = parse_rules(row.rules)
    players = tuple(row.players)
    if rules.reads_tally:
        return replay_to_end(engine_list(row, parsed([d.data for d in kept_deals(row)])))
    kept = sa.and_(DealRow.list_id == row.id, DealRow.deleted_at.is_(None))
    played = db.session.scalar(sa.select(sa.func.count()).where(kept)) or 0
    named = db.session.execute(
        sa.select(DealRow.position, DealRow.named_dealer)
        .where(kept, DealRow.named_dealer.is_not(None))
        .order_by(DealRow.position.desc()).limit(1)
    ).first()
    if named is None:
        dealer = dealer_after(players, row.first_dealer, [None] * played)
    else:
        since = db.session.scalar(
            sa.select(sa.func.count()).where(kept, DealRow.position > named.position)
        ) or 0
        dealer = dealer_after(players, row.first_dealer, [named.named_dealer, *[None] * since])
    return Replay.resume(rules, players, next_dealer=dealer, played=played)


def replay_to_end(score_list: ScoreList) -> Replay:
    """A running replay of the list, ready to score one more deal."""
    replay = Replay(score_list.rules, score_list.players, score_list.first_dealer)
    for deal in score_list.deals:
        replay.add(deal)
    return replay


def preview_deal(
    row: ScoreListRow, data: Mapping[str, Any], *, number: int | None = None
) -> DealResult:
    """Score a deal as it would be added (or replace deal ``number``), keeping nothing."""
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

    Returns the scored deal and whether it was new.
    """
    _lock(row)
    idempotency_key = (idempotency_key or "")[:MAX_IDEMPOTENCY_KEY] or None
    if idempotency_key:
        repeat = _by_idempotency_key(row, idempotency_key)
        if repeat is not None:
            db.session.rollback()
            return repeat, False
    _writable(row)
    replay = next_deal(row)
    deal = parse_deal(data, replay.skipped + len(replay.results) + 1)
    result = replay.add(deal)
    last = db.session.scalar(sa.select(sa.func.max(DealRow.position)).where(DealRow.list_id == row.id))
    db.session.add(
        DealRow.of(row.id, (last or 0) + 1, deal.to_dict(), idempotency_key=idempotency_key or None)
    )
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        repeat = _by_idempotency_key(row, idempotency_key or "")
        if repeat is None:
            raise
        return repeat, False
    return result, True


def _by_idempotency_key(row: ScoreListRow, key: str) -> DealResult | None:
    """The scored deal an earlier request with this key stored, if any."""
    found = db.session.scalar(
        sa.select(DealRow).where(DealRow.list_id == row.id, DealRow.idempotency_key == key)
    )
    if found is None:
        return None
    if found.deleted_at is not None:
        raise Conflict("this deal was stored once and deleted since; it is not stored again")
    state = list_state(row)
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
            return list_state(row).result.deals[number - 1]
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
    row: ScoreListRow, number: int, *, deal_id: int | None = None, seen: str | None = None
) -> DealRow | None:
    """Delete deal ``number`` (it can be restored); later deals move up.

    A page names the deal it showed by ``deal_id``, so a resent delete finds
    that deal already gone (and answers None) instead of taking the deal that
    moved up into its place. An API client may instead name the list's entity
    tag it ``seen``: if the list changed since, nothing is deleted.
    """
    _lock(row)  # bumps the revision by one: the tag seen must be the one before
    if seen is not None and seen != f"{row.id}-{row.revision - 1}":
        raise Conflict("the list changed since you read it; read it again")
    _writable(row)
    deal_rows = kept_deals(row)
    if deal_id is None:
        target = _numbered(deal_rows, number)
    else:
        found = db.session.get(DealRow, deal_id)
        if found is None or found.list_id != row.id:
            raise NotFound("no such deal")
        if found.deleted_at is not None:
            db.session.rollback()
            return None
        target = found
    _replay_with(row, [d.data for d in deal_rows if d is not target])
    target.deleted_at = now()
    db.session.commit()
    return target


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


@transaction
def restore_deal(row: ScoreListRow, deal_id: int) -> None:
    """Bring a deleted deal back to its place."""
    _lock(row)
    _writable(row)
    target = db.session.get(DealRow, deal_id)
    if target is None or target.list_id != row.id or target.deleted_at is None:
        raise NotFound("no such deleted deal")
    deal_rows = [d for d in _all_deals(row) if d.deleted_at is None or d.id == deal_id]
    _replay_with(row, [d.data for d in deal_rows])
    target.deleted_at = None
    db.session.commit()


def deleted_deals(row: ScoreListRow) -> list[DealRow]:
    """The list's deleted deals, most recently deleted first."""
    query = (
        sa.select(DealRow)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_not(None))
        .order_by(DealRow.deleted_at.desc())
    )
    return list(db.session.scalars(query))


def _all_deals(row: ScoreListRow) -> list[DealRow]:
    query = sa.select(DealRow).where(DealRow.list_id == row.id).order_by(DealRow.position)
    return list(db.session.scalars(query))


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
    """Delete a list and its deals for good."""
    db.session.execute(sa.delete(DealRow).where(DealRow.list_id == row.id))
    db.session.delete(row)
    db.session.commit()


# -- the list file ------------------------------------------------------------------------


def export_document(state: ListState) -> dict[str, Any]:
    """The list file of a list: rules with defaults, players, deals as entered."""
    document = state.score_list.to_document()
    document["title"] = state.row.title
    document["ends"] = dict(state.row.ends)
    return document


def api_document(state: ListState) -> dict[str, Any]:
    """The list file with each deal's number, dealer and payouts, totals and settlement."""
    document = export_document(state)
    scored = state.result.to_dict()
    for deal, result, row in zip(document["deals"], scored["deals"], state.deal_rows):
        deal["number"] = result["number"]
        deal["dealer"] = result["dealer"]
        deal["payouts"] = result["payouts"]
        deal["version"] = row.version
    document["totals"] = scored["totals"]
    document["settlement"] = scored["settlement"]
    if "tally" in scored:
        document["tally"] = scored["tally"]
    return document


# -- backup ------------------------------------------------------------------------------

def all_lists() -> list[ScoreListRow]:
    """Every list, oldest first."""
    return list(db.session.scalars(sa.select(ScoreListRow).order_by(ScoreListRow.created_at)))


def backup_document(row: ScoreListRow) -> dict[str, Any]:
    """A list file of the list, with what a restore needs to bring it back whole.

    The ``backup`` object keeps the id and the edit key's hash (links keep
    working), the dates, and the deleted deals (they can still be restored).
    """
    document = export_document(list_state(row))
    document["backup"] = {
        "id": row.id,
        "edit_key_hash": row.edit_key_hash,
        "created_at": row.created_at.isoformat(),
        "updated_at": row.updated_at.isoformat(),
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "deleted_deals": _deleted_in_place(row),
    }
    return document


def _deleted_in_place(row: ScoreListRow) -> list[dict[str, Any]]:
    """The deleted deals, each with how many kept deals stood before it."""
    kept = 0
    deleted: list[dict[str, Any]] = []
    for deal in _all_deals(row):
        if deal.deleted_at is None:
            kept += 1
        else:
            deleted.append(
                {"after": kept, "data": deal.data, "deleted_at": deal.deleted_at.isoformat()}
            )
    return deleted


@transaction
def restore_document(document: Mapping[str, Any]) -> tuple[ScoreListRow, bool]:
    """Bring back a list from its backup; a list whose id exists is left alone.

    Returns the list and whether it was restored (False: it was already there).
    """
    backup = document.get("backup")
    if not isinstance(backup, Mapping) or not isinstance(backup.get("id"), str):
        raise ScoringError("backup", N_("is missing: this is not a backup file"))
    key_hash = backup.get("edit_key_hash")
    if not isinstance(key_hash, str) or not re.fullmatch(r"[0-9a-f]{64}", key_hash):
        raise ScoringError("backup", N_("is damaged: %(problem)s"), problem="edit_key_hash")
    if len(backup["id"]) > 32:
        raise ScoringError("backup", N_("is damaged: %(problem)s"), problem="id")
    existing = db.session.get(ScoreListRow, backup["id"])
    if existing is not None:
        return existing, False
    score_list = load_list(document)
    deleted = backup.get("deleted_deals") or []
    for number, item in enumerate(deleted, start=1):
        if not isinstance(item, Mapping):
            raise ScoringError("backup.deleted_deals", N_("must be a list of deals"))
        parse_deal(item.get("data"), number)
    try:
        row = ScoreListRow(
            id=backup["id"],
            title=str(document.get("title") or " · ".join(score_list.players))[:MAX_TITLE],
            preset=score_list.rules.preset,
            rules=score_list.rules.to_dict(),
            players=list(score_list.players),
            first_dealer=score_list.first_dealer,
            ends=_check_ends(document.get("ends"), score_list.rules.preset, len(score_list.players)),
            edit_key_hash=key_hash,
            created_at=_when(backup.get("created_at")) or now(),
            updated_at=_when(backup.get("updated_at")) or now(),
            finished_at=_when(backup.get("finished_at")),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ScoringError("backup", N_("is damaged: %(problem)s"), problem=str(error)) from None
    db.session.add(row)
    # Kept deal k sorts at 2k; a deleted deal that stood after k kept ones at 2k + 1.
    deals = [(2 * k, deal.to_dict(), None) for k, deal in enumerate(score_list.deals, start=1)]
    deals += [
        (2 * int(item.get("after", 0)) + 1, dict(item["data"]),
         _when(item.get("deleted_at")) or now())
        for item in deleted
    ]
    for position, (_, data, deleted_at) in enumerate(sorted(deals, key=lambda d: d[0]), start=1):
        db.session.add(DealRow.of(row.id, position, data, deleted_at=deleted_at))
    db.session.commit()
    return row, True


def _when(value: Any) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else None


# -- presets ------------------------------------------------------------------------------


@transaction
def save_preset(name: str, rules: Mapping[str, Any]) -> PresetRow:
    """Save (or replace) a named set of house rules."""
    name = name.strip()
    if not name:
        raise ScoringError("name", N_("a preset needs a name"))
    checked = parse_rules(rules).to_dict()
    preset = db.session.scalar(sa.select(PresetRow).where(PresetRow.name == name))
    if preset is None:
        preset = PresetRow(name=name[:60], rules=checked)
        db.session.add(preset)
    else:
        preset.rules = checked
    db.session.commit()
    return preset


def get_preset(preset_id: int) -> PresetRow | None:
    """A saved preset by its id, if there is one."""
    return db.session.get(PresetRow, preset_id)


def presets() -> list[PresetRow]:
    """Every saved preset, by name."""
    return list(db.session.scalars(sa.select(PresetRow).order_by(PresetRow.name)))


@transaction
def delete_preset(preset_id: int) -> None:
    """Delete a saved preset; lists made with it keep their own rules."""
    preset = db.session.get(PresetRow, preset_id)
    if preset is None:
        raise NotFound("no such preset")
    db.session.delete(preset)
    db.session.commit()

