"""Saved house rules, by name: a phone's are seen by that phone only, a group's by its editors only.

Who asks is said by the caller: ``owner`` is the phone's owner hash
(access.preset_owner), ``group`` a group whose edit rights the caller
checked. A preset of a group is never a phone's, and the other way round.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError, parse_rules
from scorer.engine.values import MAX_NAME, plain_text
from scorer.web.extensions import db
from scorer.web.models import GroupRow, PresetRow
from scorer.web.services.base import NotFound, by_id, transaction


def checked_preset(name: Any, rules: Any) -> tuple[str, dict[str, Any]]:
    """A preset's name and its rules with every default filled in, or a ScoringError."""
    name = plain_text(name, "name", most=MAX_NAME).strip()
    if not name:
        raise ScoringError("name", N_("a preset needs a name"))
    return name, parse_rules(rules).to_dict()


def _whose(*, owner: str | None, group: GroupRow | None) -> sa.ColumnElement[bool] | None:
    """Which presets these are: the group's, else the phone's; None when nobody is named."""
    if group is not None:
        return PresetRow.group_id == group.id
    if owner is not None:
        return sa.and_(PresetRow.owner_hash == owner, PresetRow.group_id.is_(None))
    return None


@transaction
def save_preset(
    name: Any, rules: Any, *, owner: str | None = None, group: GroupRow | None = None,
) -> PresetRow:
    """Save (or replace) a named set of house rules of this group, else of this owner.

    ``name`` and ``rules`` may come straight from a JSON body: they are checked here.
    """
    name, checked = checked_preset(name, rules)
    whose = _whose(owner=owner, group=group)
    if whose is None:
        raise ValueError("a preset needs an owner or a group")
    preset = db.session.scalar(sa.select(PresetRow).where(whose, PresetRow.name == name))
    if preset is None:
        preset = PresetRow(name=name, rules=checked, group_id=group.id if group else None,
                           owner_hash=None if group else owner)
        db.session.add(preset)
    else:
        preset.rules = checked
    db.session.commit()
    return preset


def get_preset(
    preset_id: int, *, owner: str | None, group: GroupRow | None = None,
) -> PresetRow | None:
    """A saved preset of this owner, or of this group, by its id, if there is one."""
    preset = by_id(PresetRow, preset_id)
    if preset is None:
        return None
    if group is not None and preset.group_id == group.id:
        return preset
    if owner is not None and preset.group_id is None and preset.owner_hash == owner:
        return preset
    return None


def presets(*, owner: str | None, group: GroupRow | None = None) -> list[PresetRow]:
    """This group's saved presets if a group is named, else this owner's; by name."""
    whose = _whose(owner=owner, group=group)
    if whose is None:
        return []
    return list(db.session.scalars(sa.select(PresetRow).where(whose).order_by(PresetRow.name)))


@transaction
def delete_preset(preset_id: int, *, owner: str | None, group: GroupRow | None = None) -> None:
    """Delete a saved preset of this owner or group; lists made with it keep their own rules."""
    preset = get_preset(preset_id, owner=owner, group=group)
    if preset is None:
        raise NotFound("no such preset")
    db.session.delete(preset)
    db.session.commit()
