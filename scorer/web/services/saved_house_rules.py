"""Saved house rules, by name: a phone's are seen by that phone only, a group's by its editors only.

Who asks is said by the caller: ``owner`` is the phone's owner hash
(access.house_rules_owner), ``group`` a group whose edit rights the caller
checked. A group's house rules are never a phone's, and the other way round.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError, parse_rules
from scorer.engine.values import MAX_NAME, plain_text
from scorer.web.extensions import db
from scorer.web.models import GroupRow, SavedHouseRulesRow
from scorer.web.services.base import NotFound, by_id, transaction


def checked_house_rules(name: Any, rules: Any) -> tuple[str, dict[str, Any]]:
    """Check a name for house rules and fill in every default of the rules, or raise a ScoringError."""
    name = plain_text(name, "name", most=MAX_NAME).strip()
    if not name:
        # The API's refusal keeps its words: scripts may read them.
        raise ScoringError("name", N_("a preset needs a name"))
    return name, parse_rules(rules).to_dict()


def _whose(*, owner: str | None, group: GroupRow | None) -> sa.ColumnElement[bool] | None:
    """Which house rules these are: the group's, else the phone's; None when nobody is named."""
    if group is not None:
        return SavedHouseRulesRow.group_id == group.id
    if owner is not None:
        return sa.and_(SavedHouseRulesRow.owner_hash == owner, SavedHouseRulesRow.group_id.is_(None))
    return None


@transaction
def save_house_rules(
    name: Any, rules: Any, *, owner: str | None = None, group: GroupRow | None = None,
) -> SavedHouseRulesRow:
    """Save (or replace) a named set of house rules of this group, else of this owner.

    ``name`` and ``rules`` may come straight from a JSON body: they are checked here.
    """
    name, checked = checked_house_rules(name, rules)
    whose = _whose(owner=owner, group=group)
    if whose is None:
        raise ValueError("saved house rules need an owner or a group")
    saved = db.session.scalar(sa.select(SavedHouseRulesRow).where(whose, SavedHouseRulesRow.name == name))
    if saved is None:
        saved = SavedHouseRulesRow(name=name, rules=checked, group_id=group.id if group else None,
                                   owner_hash=None if group else owner)
        db.session.add(saved)
    else:
        saved.rules = checked
    db.session.commit()
    return saved


def get_house_rules(
    house_rules_id: int, *, owner: str | None, group: GroupRow | None = None,
) -> SavedHouseRulesRow | None:
    """Find saved house rules of this owner, or of this group, by their id; None if there are none."""
    saved = by_id(SavedHouseRulesRow, house_rules_id)
    if saved is None:
        return None
    if group is not None and saved.group_id == group.id:
        return saved
    if owner is not None and saved.group_id is None and saved.owner_hash == owner:
        return saved
    return None


def all_house_rules(*, owner: str | None, group: GroupRow | None = None) -> list[SavedHouseRulesRow]:
    """List this group's saved house rules if a group is named, else this owner's; by name."""
    whose = _whose(owner=owner, group=group)
    if whose is None:
        return []
    return list(db.session.scalars(
        sa.select(SavedHouseRulesRow).where(whose).order_by(SavedHouseRulesRow.name)))


@transaction
def delete_house_rules(house_rules_id: int, *, owner: str | None, group: GroupRow | None = None) -> None:
    """Delete saved house rules of this owner or group; lists made with them keep their own rules."""
    saved = get_house_rules(house_rules_id, owner=owner, group=group)
    if saved is None:
        raise NotFound("no such preset")  # the API's answer keeps its words
    db.session.delete(saved)
    db.session.commit()
