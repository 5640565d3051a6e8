"""A list: finding it, the lists of a phone, making, finishing, reopening, deleting it.

Reading a list's deals and replaying them is ``scorer.web.services.state``.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import sqlalchemy as sa

from scorer.engine import FAMILIES, N_, ScoringError, load_list
from scorer.engine.values import MAX_TITLE, plain_text
from scorer.web.extensions import db
from scorer.web.models import ChangeKeyRow, DealRow, RetiredListRow, ScoreListRow, list_etag, now
from scorer.web.services.base import NotFound, _lock, lock_list, transaction
from scorer.web.services.keys import hash_key, key_from_token, token_digest
from scorer.web.services.table_scope import Work, admit
from scorer.web.services.tournament_system import CURRENCIES, checked_currency


#: How a list ends: after a number of deals, at a classic-points target
#: (the classic game for three), after completed heads (the German game), or never.
END_KINDS = ("deals", "classic", "heads", "open")
#: A list that settles in no money: its totals and settling up stay in points.
POINTS_ONLY = "points"
#: What a list settles in: a currency a tournament pays in, or points only; the first by default.
LIST_CURRENCIES = (*CURRENCIES, POINTS_ONLY)
#: A list id as the app makes them (``secrets.token_urlsafe(16)``): 22
#: characters of the URL-safe base64 alphabet, safe in a path and a file name.
LIST_ID = re.compile(r"[A-Za-z0-9_-]{22}")


#: An edit key as a change brings it: the key a request sent, or how to find the
#: one a phone holds for the list's row (a page's session keeps it sealed).
EditKey: TypeAlias = "str | None | Callable[[ScoreListRow], str | None]"


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
def list_to_change(
    list_id: str, key: EditKey, *, work: Work = Work.LIST, lock: bool = False,
) -> ScoreListRow:
    """Find a list to change with a key that may do this ``work``: NotFound without the list, NotAllowed without the key.

    ``work`` says what the change does: deal work (``Work.DEALS``) or
    anything else, which a tournament table's list takes from no key
    (:mod:`~scorer.web.services.table_scope`). With ``lock``, for a change
    that takes the list's write lock anyway, the lock is taken in the same
    round trip as the read, and let go at once on a refusal.
    """
    row = None
    if is_list_id(list_id):
        row = lock_list(list_id) if lock else db.session.get(ScoreListRow, list_id)
    if row is None:
        raise NotFound("no such list")
    admit(row, key(row) if callable(key) else key, work)
    return row


def get_list(list_id: str) -> ScoreListRow:
    """Find a list by its id."""
    row = db.session.get(ScoreListRow, list_id) if is_list_id(list_id) else None
    if row is None:
        raise NotFound("no such list")
    return row


def list_tag(list_id: str) -> tuple[str, bool]:
    """The list's entity tag, and whether it is a tournament table's, read without the rest of its row.

    Enough to tell a phone that polls that its copy is current: the whole row,
    its rules and its kept end, is read only when the answer is sent.
    """
    found = db.session.execute(
        sa.select(ScoreListRow.revision, ScoreListRow.tournament_id).where(ScoreListRow.id == list_id)
    ).first() if is_list_id(list_id) else None
    if found is None:
        raise NotFound("no such list")
    return list_etag(list_id, found.revision), found.tournament_id is not None


def kept_deals(row: ScoreListRow) -> tuple[DealRow, ...]:
    """The list's deals that are not deleted, in order."""
    query = (
        sa.select(DealRow)
        .where(DealRow.list_id == row.id, DealRow.deleted_at.is_(None))
        .order_by(DealRow.position)
    )
    return tuple(db.session.scalars(query))


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


def _check_ends(
    ends: Mapping[str, Any] | None, family_name: str, players: int, *, whole_turns: bool = True,
) -> dict[str, Any]:
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
    # A tournament's table plays the round's count, whole turns of the deal or not (draw.deals_at).
    if kind == "deals" and whole_turns and count % players:
        raise ScoringError(
            "ends", N_("the number of deals must be a multiple of %(players)s"), players=players
        )
    if kind in ("classic", "heads") and kind not in FAMILIES[family_name].ends:
        # Said with the names of the families that declare this end.
        families = ", ".join(f.label for f in FAMILIES.values() if kind in f.ends)
        if kind == "classic":
            raise ScoringError("ends", N_("a classic-points target is for %(families)s"), families=families)
        raise ScoringError("ends", N_("completed heads are for %(families)s"), families=families)
    return {"kind": kind, "count": count}


def read_currency(document: Mapping[str, Any]) -> str:
    """The list file's ``currency``: euros when it is left out, one of ``LIST_CURRENCIES``."""
    return checked_currency(document.get("currency"), LIST_CURRENCIES)


def create_list(
    document: Mapping[str, Any], *, title: str | None = None,
    ends: Mapping[str, Any] | None = None, token: str | None = None,
    group_id: str | None = None, tournament_id: str | None = None, commit: bool = True,
) -> tuple[ScoreListRow, str]:
    """Store a new list (with any deals it brings), in a group if given; return it and its edit key.

    A repeated one-time ``token`` (a form sent twice) stores the list once.
    Without ``commit`` the list is only flushed, for a caller that stores it
    with more in one transaction (a tournament's round and its tables' lists,
    which name their ``tournament_id``).
    """
    currency = read_currency(document)
    score_list = load_list(document)  # every deal must score before anything is kept
    title = plain_text((title if title is not None else document.get("title")) or "", "title",
                       most=MAX_TITLE)
    title = (title.strip() or " · ".join(score_list.players))[:MAX_TITLE]
    ends = ends if ends is not None else document.get("ends")
    if ends is not None and not isinstance(ends, Mapping):
        raise ScoringError("ends", N_("must be an object"))
    digest = token_digest("list", token) if token else None
    if digest:
        repeat = db.session.scalar(sa.select(ScoreListRow).where(ScoreListRow.creation_token == digest))
        if repeat is not None:
            return repeat, key_from_token("list", token or "")
    key = key_from_token("list", token) if token else secrets.token_urlsafe(24)
    row = ScoreListRow(
        id=_new_list_id(),
        creation_token=digest,
        title=title,
        family_name=score_list.rules.family_name,
        rules=score_list.rules.to_dict(),
        players=list(score_list.players),
        first_dealer=score_list.first_dealer,
        changes=[change.to_dict() for change in score_list.changes] or None,
        ends=_check_ends(ends, score_list.rules.family_name, len(score_list.players),
                         whole_turns=tournament_id is None),
        edit_key_hash=hash_key(key),
        group_id=group_id,
        tournament_id=tournament_id,
        currency=currency,
    )
    db.session.add(row)
    for position, deal in enumerate(score_list.deals, start=1):
        db.session.add(DealRow.of(row.id, position, deal.to_dict()))
    if commit:
        db.session.commit()
    else:
        db.session.flush()
    return row, key


@transaction
def change_currency(row: ScoreListRow, currency: Any) -> None:
    """Settle the list in another currency, or in points only; its deals and points stay as they are.

    The revision moves on, so every page kept by it shows the new money.
    """
    checked = read_currency({"currency": currency})
    _lock(row)
    row.currency = checked
    db.session.commit()


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
