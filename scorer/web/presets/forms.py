"""The preset form: save the rules of a list under a name."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import InputRequired, Length

from scorer.engine.values import MAX_NAME


class PresetForm(FlaskForm):
    """Save the rules of a list as a named preset."""

    name = StringField(_l("Preset name"), validators=[InputRequired(), Length(max=MAX_NAME)])
    list_id = SelectField(_l("Rules of the list"))
