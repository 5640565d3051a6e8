"""A group's saved house rules, by name."""

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
def save_preset(name: str, rules: Mapping[str, Any]) -> PresetRow:
    """Save (or replace) a named set of house rules."""
    name = plain_text(name, "name", most=MAX_NAME).strip()
    if not name:
        raise ScoringError("name", N_("a preset needs a name"))
    checked = parse_rules(rules).to_dict()
    preset = db.session.scalar(sa.select(PresetRow).where(PresetRow.name == name))
    if preset is None:
        preset = PresetRow(name=name, rules=checked)
        db.session.add(preset)
    else:
        preset.rules = checked
    db.session.commit()
    return preset


def get_preset(preset_id: int) -> PresetRow | None:
    """A saved preset by its id, if there is one."""
    return by_id(PresetRow, preset_id)


def presets() -> list[PresetRow]:
    """Every saved preset, by name."""
    return list(db.session.scalars(sa.select(PresetRow).order_by(PresetRow.name)))


@transaction
def delete_preset(preset_id: int) -> None:
    """Delete a saved preset; lists made with it keep their own rules."""
    preset = by_id(PresetRow, preset_id)
    if preset is None:
        raise NotFound("no such preset")
    db.session.delete(preset)
    db.session.commit()
