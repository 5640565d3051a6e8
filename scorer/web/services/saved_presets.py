"""A phone's saved house rules, by name: only the phone that saved them sees them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError, parse_rules
from scorer.engine.values import MAX_NAME, plain_text
from scorer.web.extensions import db
from scorer.web.models import PresetRow
from scorer.web.services.base import NotFound, by_id, transaction


@transaction
def save_preset(name: str, rules: Mapping[str, Any], *, owner: str) -> PresetRow:
    """Save (or replace) a named set of house rules of this owner."""
    name = plain_text(name, "name", most=MAX_NAME).strip()
    if not name:
        raise ScoringError("name", N_("a preset needs a name"))
    checked = parse_rules(rules).to_dict()
    preset = db.session.scalar(
        sa.select(PresetRow).where(PresetRow.owner_hash == owner, PresetRow.name == name)
    )
    if preset is None:
        preset = PresetRow(name=name, rules=checked, owner_hash=owner)
        db.session.add(preset)
    else:
        preset.rules = checked
    db.session.commit()
    return preset


def get_preset(preset_id: int, *, owner: str | None) -> PresetRow | None:
    """A saved preset of this owner by its id, if there is one."""
    preset = by_id(PresetRow, preset_id)
    if preset is None or owner is None or preset.owner_hash != owner:
        return None
    return preset


def presets(*, owner: str | None) -> list[PresetRow]:
    """This owner's saved presets, by name."""
    if owner is None:
        return []
    query = sa.select(PresetRow).where(PresetRow.owner_hash == owner).order_by(PresetRow.name)
    return list(db.session.scalars(query))


@transaction
def delete_preset(preset_id: int, *, owner: str | None) -> None:
    """Delete a saved preset of this owner; lists made with it keep their own rules."""
    preset = get_preset(preset_id, owner=owner)
    if preset is None:
        raise NotFound("no such preset")
    db.session.delete(preset)
    db.session.commit()
