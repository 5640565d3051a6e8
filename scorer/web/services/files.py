"""The list file of a list: its export, the API's document, backup and restore."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError, load_list, parse_deal
from scorer.engine.changes import CHANGE_KEYS
from scorer.engine.values import MAX_TITLE, plain_text
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow, now
from scorer.web.services.base import transaction
from scorer.web.services.lists import (
    LIST_CURRENCIES, _all_deals, _check_ends, is_list_id, is_retired, read_currency,
)
from scorer.web.services.state import ListState, list_state


def export_document(state: ListState) -> dict[str, Any]:
    """The list file of a list: rules with defaults, players, deals as entered."""
    document = state.score_list.to_document()
    document["title"] = state.row.title
    document["ends"] = dict(state.row.ends)
    # Euros go without saying: a list file of a list in euros is what it always was.
    if state.row.currency != LIST_CURRENCIES[0]:
        document["currency"] = state.row.currency
    return document


def api_document(state: ListState) -> dict[str, Any]:
    """The list file with each deal's number, dealer, payouts and breakdown, totals and settlement."""
    document = export_document(state)
    scored = state.result.to_dict()
    for deal, result, row in zip(document["deals"], scored["deals"], state.deal_rows):
        deal["number"] = result["number"]
        deal["dealer"] = result["dealer"]
        deal["payouts"] = result["payouts"]
        deal["breakdown"] = result["breakdown"]
        # The deal's own "bock" is a round called by hand; the multiplier is "under_bock".
        if "under_bock" in result:
            deal["under_bock"] = result["under_bock"]
        for key in ("pot", "plus_only"):
            if key in result:
                deal[key] = result[key]
        deal["version"] = row.version
    document["totals"] = scored["totals"]
    document["settlement"] = scored["settlement"]
    for key in ("pot", "pot_back", "tally", "plus_only"):
        if key in scored:
            document[key] = scored[key]
    return document


def all_lists() -> list[ScoreListRow]:
    """Every list, oldest first."""
    return list(db.session.scalars(sa.select(ScoreListRow).order_by(ScoreListRow.created_at)))


def backup_document(row: ScoreListRow) -> dict[str, Any]:
    """A list file of the list, with what a restore needs to bring it back whole.

    The ``backup`` object keeps the id and the edit key's hash (links keep
    working), the revision and each deal's version (an entity tag or a
    version a client saw before still means the same), the dates in UTC with
    their offset, and the deleted deals (they can still be restored), each
    with the list's changes as they were when it went (``changes_before``).
    """
    state = list_state(row)
    document = export_document(state)
    document["backup"] = {
        "id": row.id,
        "edit_key_hash": row.edit_key_hash,
        "revision": row.revision,
        "versions": [deal.version for deal in state.deal_rows],
        "created_at": _utc(row.created_at),
        "updated_at": _utc(row.updated_at),
        "finished_at": _utc(row.finished_at) if row.finished_at else None,
        "deleted_deals": _deleted_in_place(row),
    }
    return document


def _utc(when: datetime) -> str:
    """A stored time (UTC, without an offset) as ISO 8601 with its offset."""
    return when.replace(tzinfo=timezone.utc).isoformat()


def _deleted_in_place(row: ScoreListRow) -> list[dict[str, Any]]:
    """The deleted deals, each with how many kept deals stood before it."""
    kept = 0
    deleted: list[dict[str, Any]] = []
    for deal in _all_deals(row):
        if deal.deleted_at is None:
            kept += 1
        else:
            item = {"after": kept, "data": deal.data, "version": deal.version,
                    "deleted_at": _utc(deal.deleted_at)}
            if deal.changes_before:  # restoring the deal after a restore gives back the list before
                item["changes_before"] = deal.changes_before
            deleted.append(item)
    return deleted


def _damaged(problem: str) -> ScoringError:
    return ScoringError("backup", N_("is damaged: %(problem)s"), problem=problem)


def _count(value: Any, problem: str, *, low: int = 1, high: int = 2**31 - 1, default: int = 1) -> int:
    """A whole number from the backup object, or ``default`` when it is not given."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _damaged(problem)
    return value


def _changes_before(value: Any) -> list[dict[str, Any]] | None:
    """A deleted deal's ``changes_before``, checked for the shape restoring the deal reads.

    Only the shape: they were the list's changes when the deal went, and
    restoring the deal checks them against the list as it is by then.
    """
    if value is None:
        return None
    problem = "deleted_deals.changes_before"
    if not isinstance(value, list) or not value:
        raise _damaged(problem)
    for change in value:
        start = change.get("from") if isinstance(change, Mapping) else None
        if (not isinstance(change, Mapping) or not set(change) <= set(CHANGE_KEYS)
                or isinstance(start, bool) or not isinstance(start, int) or start < 1
                or not isinstance(change.get("rules") or {}, Mapping)
                or not isinstance(change.get("players") or [], list)
                or not all(isinstance(who, str) for who in change.get("players") or [])
                or not isinstance(change.get("first_dealer") or "", str)):
            raise _damaged(problem)
    return [dict(change) for change in value]


def _when(value: Any, problem: str) -> datetime | None:
    """A time from the backup object, as stored: UTC without an offset.

    A time without an offset is taken as UTC, as older backups wrote them.
    """
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise _damaged(problem) from None
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc).replace(tzinfo=None)
    return when


@transaction
def restore_document(document: Mapping[str, Any]) -> tuple[ScoreListRow, bool]:
    """Bring back a list from its backup; a list whose id exists is left alone.

    Returns the list and whether it was restored (False: it was already there).
    Everything in the file is checked before anything is stored.
    """
    backup = document.get("backup")
    if not isinstance(backup, Mapping) or "id" not in backup:
        raise ScoringError("backup", N_("is missing: this is not a backup file"))
    # The id becomes a link and a file name: only the shape the app makes.
    if not is_list_id(backup["id"]):
        raise _damaged("id")
    key_hash = backup.get("edit_key_hash")
    if not isinstance(key_hash, str) or not re.fullmatch(r"[0-9a-f]{64}", key_hash):
        raise _damaged("edit_key_hash")
    existing = db.session.get(ScoreListRow, backup["id"])
    if existing is not None:
        return existing, False
    if is_retired(backup["id"]):
        raise ScoringError(
            "backup", N_("the list %(id)s was deleted; its id is not used again"), id=backup["id"]
        )
    currency = read_currency(document)
    score_list = load_list(document)
    kept = len(score_list.deals)
    versions = backup.get("versions")
    if versions is None:
        versions = [1] * kept
    if not isinstance(versions, list) or len(versions) != kept:
        raise _damaged("versions")
    versions = [_count(v, "versions") for v in versions]
    deleted = backup.get("deleted_deals") or []
    if not isinstance(deleted, list):
        raise ScoringError("backup.deleted_deals", N_("must be a list of deals"))
    # Kept deal k sorts at 2k; a deleted deal that stood after k kept ones at 2k + 1.
    deals: list[tuple[int, dict[str, Any], datetime | None, int, list[dict[str, Any]] | None]] = [
        (2 * k, deal.to_dict(), None, versions[k - 1], None)
        for k, deal in enumerate(score_list.deals, start=1)
    ]
    for number, item in enumerate(deleted, start=1):
        if not isinstance(item, Mapping):
            raise ScoringError("backup.deleted_deals", N_("must be a list of deals"))
        deal = parse_deal(item.get("data"), number)
        after = _count(item.get("after"), "deleted_deals.after", low=0, high=kept, default=0)
        deals.append((2 * after + 1, deal.to_dict(),
                      _when(item.get("deleted_at"), "deleted_deals.deleted_at") or now(),
                      _count(item.get("version"), "deleted_deals.version"),
                      _changes_before(item.get("changes_before"))))
    title = plain_text(document.get("title") or "", "title", most=MAX_TITLE).strip()
    row = ScoreListRow(
        id=backup["id"],
        title=title or " · ".join(score_list.players)[:MAX_TITLE],
        family_name=score_list.rules.family_name,
        rules=score_list.rules.to_dict(),
        players=list(score_list.players),
        first_dealer=score_list.first_dealer,
        changes=[change.to_dict() for change in score_list.changes] or None,
        ends=_check_ends(document.get("ends"), score_list.rules.family_name, len(score_list.players)),
        edit_key_hash=key_hash,
        revision=_count(backup.get("revision"), "revision"),
        created_at=_when(backup.get("created_at"), "created_at") or now(),
        updated_at=_when(backup.get("updated_at"), "updated_at") or now(),
        finished_at=_when(backup.get("finished_at"), "finished_at"),
        currency=currency,
    )
    db.session.add(row)
    for position, (_, data, deleted_at, version, before) in enumerate(sorted(deals, key=lambda d: d[0]), start=1):
        db.session.add(DealRow.of(row.id, position, data, deleted_at=deleted_at, version=version,
                                  changes_before=before))
    db.session.commit()
    return row, True
