"""The list file of a list: its export, the API's document, backup and restore."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError, load_list, parse_deal
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow, now
from scorer.web.services.base import transaction
from scorer.web.services.lists import MAX_TITLE, ListState, _all_deals, _check_ends, list_state


def export_document(state: ListState) -> dict[str, Any]:
    """The list file of a list: rules with defaults, players, deals as entered."""
    document = state.score_list.to_document()
    document["title"] = state.row.title
    document["ends"] = dict(state.row.ends)
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
        deal["version"] = row.version
    document["totals"] = scored["totals"]
    document["settlement"] = scored["settlement"]
    if "tally" in scored:
        document["tally"] = scored["tally"]
    return document


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
