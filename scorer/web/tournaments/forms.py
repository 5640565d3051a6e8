"""The organiser's forms: a new tournament, late registration, the draw of a round.

A participants' CSV file is read here too (:func:`names_from_csv`): a name
column, its header row optional.
"""

from __future__ import annotations

import csv
import io

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from scorer.web.lists.forms import one_time_token
from scorer.web.services.tournament_names import MOST_PARTICIPANTS
from scorer.web.services.tournaments import MAX_TOURNAMENT_NAME, MOST_DEALS, MOST_ROUNDS

#: The biggest participants' file read: a few thousand names fit in far less.
MOST_CSV_BYTES = 256 * 1024
#: The headings a name column may have (compared in lower case).
NAME_HEADINGS = ("name", "namen", "teilnehmer", "spieler", "player", "participant")


class CsvProblem(ValueError):
    """The participants' file could not be read: the words say what was wrong."""


def names_in(text: str | None) -> list[str]:
    """Names typed or pasted one a line, blank lines left out."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _text_of(data: bytes) -> str:
    if len(data) > MOST_CSV_BYTES:
        raise CsvProblem(_("The file is too big for a list of names (at most %(kb)s KB).",
                           kb=MOST_CSV_BYTES // 1024))
    if b"\0" in data:
        raise CsvProblem(_("The file is no text file: save the table as CSV and choose that file."))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # A spreadsheet on an older computer saves Windows-1252; every byte reads as a letter.
        return data.decode("cp1252", errors="replace")


def names_from_csv(data: bytes) -> list[str]:
    """The names of a CSV file: the column headed "name" (any case), else the first column.

    Commas or semicolons separate the columns; without a heading every row is a name.
    """
    text = _text_of(data)
    if not text.strip():
        raise CsvProblem(_("The file is empty."))
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel  # one column: nothing to tell apart
    try:
        rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), dialect)]
    except csv.Error as error:
        raise CsvProblem(_("The file could not be read as CSV: %(reason)s", reason=str(error))) from None
    rows = [row for row in rows if any(row)]
    column = 0
    if rows:
        headings = [cell.lower() for cell in rows[0]]
        named = [i for i, heading in enumerate(headings) if heading in NAME_HEADINGS]
        if named:
            column, rows = named[0], rows[1:]
        elif len(rows[0]) > 1:
            raise CsvProblem(_("The file has several columns but none headed “name”: "
                               "head the column of names “name”, or keep one column only."))
    names = [row[column] for row in rows if column < len(row) and row[column]]
    if not names:
        raise CsvProblem(_("The file holds no names."))
    if len(names) > MOST_PARTICIPANTS:
        raise CsvProblem(_("The file holds %(count)s names; a tournament has at most %(most)s participants.",
                           count=len(names), most=MOST_PARTICIPANTS))
    return names


class NewTournamentForm(FlaskForm):
    """A tournament's name, scoring, rounds, deals per round and participants."""

    once = HiddenField(default=one_time_token)
    name = StringField(
        _l("Name of the tournament"),
        validators=[DataRequired(_l("Give the tournament a name.")), Length(max=MAX_TOURNAMENT_NAME)],
        render_kw={"autocomplete": "off", "placeholder": _l("e.g. Schafkopf-Cup Zum Ochsen")},
    )
    scoring = SelectField(_l("Scoring"), choices=[], validate_choice=True)
    rounds = IntegerField(
        _l("Rounds"), default=3,
        validators=[InputRequired(_l("Say how many rounds are played.")),
                    NumberRange(1, MOST_ROUNDS, _l("From %(min)s to %(max)s rounds."))],
    )
    deals = IntegerField(
        _l("Deals per round"), default=32,
        validators=[InputRequired(_l("Say how many deals a table plays each round.")),
                    NumberRange(1, MOST_DEALS, _l("From %(min)s to %(max)s deals."))],
    )
    players = TextAreaField(
        _l("Participants, one name a line"),
        render_kw={"rows": 8, "autocomplete": "off"},
    )
    upload = FileField(_l("Or a CSV file of the participants"),
                       render_kw={"accept": ".csv,.txt,text/csv,text/plain"})


class RegisterForm(FlaskForm):
    """Late participants, one name a line."""

    players = TextAreaField(
        _l("Late participants, one name a line"),
        validators=[DataRequired(_l("Name whoever joins."))],
        render_kw={"rows": 3, "autocomplete": "off"},
    )


class DrawForm(FlaskForm):
    """The round meant to be drawn (a draw sent twice draws once) and an optional seed."""

    wanted = HiddenField()
    seed = StringField(
        _l("Seed (optional)"), validators=[Optional(), Length(max=64)],
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    #: "yes" once the organiser, asked about tables still playing, draws anyway.
    confirmed = HiddenField()
