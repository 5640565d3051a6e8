"""The import form: a list file, pasted or uploaded."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, TextAreaField
from wtforms.validators import Optional

from scorer.web.lists.forms import one_time_token


class ImportForm(FlaskForm):
    """A list file, pasted or uploaded."""

    once = HiddenField(default=one_time_token)
    text = TextAreaField(_l("Paste the list file (JSON)"), validators=[Optional()])
    upload = FileField(_l("or choose the file"))
