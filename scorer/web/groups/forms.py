"""The group forms: a new group, a list to add, an archive to import."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length

from scorer.web.lists.forms import one_time_token
from scorer.web.services.groups import MAX_GROUP_NAME


class NewGroupForm(FlaskForm):
    """A group's name and its players, one name a line."""

    once = HiddenField(default=one_time_token)
    name = StringField(
        _l("Name of the group"),
        validators=[DataRequired(_l("Give the group a name.")), Length(max=MAX_GROUP_NAME)],
        render_kw={"autocomplete": "off", "placeholder": _l("e.g. Stammtisch Zum Ochsen")},
    )
    players = TextAreaField(
        _l("Players, one name a line"),
        validators=[DataRequired(_l("Name the group's players."))],
        render_kw={"rows": 6, "autocomplete": "off"},
    )

    def player_names(self) -> list[str]:
        """The names typed, one a line, blank lines left out."""
        return [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]


class AddListForm(FlaskForm):
    """One of the lists this phone may change, to add to the group."""

    list_id = SelectField(_l("List"), choices=[], validate_choice=True)


class ImportGroupForm(FlaskForm):
    """A group archive (zip) as the group's Export writes it."""

    once = HiddenField(default=one_time_token)
    upload = FileField(_l("Group archive (zip)"))
