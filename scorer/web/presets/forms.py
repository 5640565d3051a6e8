"""The preset forms: save the rules of a list under a name; delete a preset."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length

from scorer.engine.values import MAX_NAME


class PresetForm(FlaskForm):
    """Save the rules of a list as a named preset."""

    name = StringField(_l("Preset name"), validators=[InputRequired(), Length(max=MAX_NAME)])
    list_id = SelectField(_l("Rules of the list"))


class DeletePresetForm(FlaskForm):
    """Deleting a preset: the player must say so."""

    confirm = BooleanField(
        _l("Yes, delete this preset"),
        validators=[DataRequired(_l("Tick the box to delete the preset."))],
    )
