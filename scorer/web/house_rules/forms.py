"""The forms of saved house rules: save the rules of a list under a name; delete saved house rules."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length

from scorer.engine.values import MAX_NAME


class SaveHouseRulesForm(FlaskForm):
    """Save the rules of a list as named house rules."""

    name = StringField(_l("Name of the house rules"), validators=[InputRequired(), Length(max=MAX_NAME)])
    list_id = SelectField(_l("Rules of the list"))


class DeleteHouseRulesForm(FlaskForm):
    """Deleting saved house rules: the player must say so."""

    confirm = BooleanField(
        _l("Yes, delete these house rules"),
        validators=[DataRequired(_l("Tick the box to delete the house rules."))],
    )
