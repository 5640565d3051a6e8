"""The organiser's forms: a new tournament and a system built on its page, late registration, a participant's name and substitute, the draw.

A participants' CSV file is read here too (:func:`names_from_csv`): a name
column, its header row optional, and a column of start numbers where it has one.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, Form, FormField, HiddenField, IntegerField, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, ValidationError

from scorer.engine import FAMILIES
from scorer.engine.families.table_points import TIMES
from scorer.engine.options import Choice
from scorer.engine.values import MAX_NAME
from scorer.web.lists.forms import choice, one_time_token
from scorer.web.tournaments.prize_fields import PrizeFields
from scorer.web.services.tournament_names import MOST_PARTICIPANTS, MOST_START_NUMBER
from scorer.web.services.tournaments import MAX_TOURNAMENT_NAME, MOST_DEALS, MOST_ROUNDS

#: The biggest participants' file read: a few thousand names fit in far less.
MOST_CSV_BYTES = 256 * 1024
#: The headings a name column may have (compared in lower case).
NAME_HEADINGS = ("name", "namen", "teilnehmer", "spieler", "player", "participant")
#: The headings a start number column may have (compared in lower case, without dots and dashes).
NUMBER_HEADINGS = ("nr", "nummer", "startnummer", "startnr", "start nr", "number", "no", "start number",
                   "start no", "#")
#: A line typed as "12; Anna" (or with a comma or a tab): a start number, then the name.
_NUMBERED_LINE = re.compile(r"\s*(\d{1,6})\s*[;,\t]\s*(\S.*)")

#: The results of a game's points in a tournament system, in the order of its triple.
RESULTS = ("plain", "schneider", "schwarz")
#: The games a Laufender may be worth points in, on the page.
LAUFENDE_GAMES = ("sauspiel", "solo", "wenz", "tout")

#: A participant as the service takes it: a name, or its start number and name.
Entry = str | dict[str, Any]


class CsvProblem(ValueError):
    """The participants' file could not be read: the words say what was wrong."""


def names_in(text: str | None) -> list[Entry]:
    """Participants typed or pasted one a line ("Anna", or "12; Anna" to keep start number 12)."""
    entries: list[Entry] = []
    for line in (text or "").splitlines():
        numbered = _NUMBERED_LINE.fullmatch(line)
        if numbered:
            entries.append({"number": int(numbered[1]), "name": numbered[2].strip()})
        elif line.strip():
            entries.append(line.strip())
    return entries


def line_of(entry: Entry) -> str:
    """A participant as a line of the box: "12; Anna", or the name alone."""
    return f"{entry['number']}; {entry['name']}" if isinstance(entry, dict) else entry


def _heading(cell: str) -> str:
    return re.sub(r"[.\-_]", " ", cell.lower()).strip()


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


def names_from_csv(data: bytes) -> list[Entry]:
    """The participants of a CSV file: the column headed "name" (any case), else the first column.

    A column headed "Nr", "Startnummer", "number" (...) gives their start
    numbers, gaps allowed; a row without one takes the next after the
    highest. Commas or semicolons separate the columns; without a heading
    every row is a name.
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
    column, numbers = 0, None
    if rows:
        headings = [_heading(cell) for cell in rows[0]]
        named = [i for i, heading in enumerate(headings) if heading in NAME_HEADINGS]
        numbered = [i for i, heading in enumerate(headings) if heading in NUMBER_HEADINGS]
        if named:
            column, rows = named[0], rows[1:]
            numbers = numbered[0] if numbered else None
        elif len(rows[0]) > 1:
            raise CsvProblem(_("The file has several columns but none headed “name”: "
                               "head the column of names “name”, or keep one column only."))
    entries = [_entry(row, column, numbers, line) for line, row in enumerate(rows, start=2)
               if column < len(row) and row[column]]
    if not entries:
        raise CsvProblem(_("The file holds no names."))
    if len(entries) > MOST_PARTICIPANTS:
        raise CsvProblem(_("The file holds %(count)s names; a tournament has at most %(most)s participants.",
                           count=len(entries), most=MOST_PARTICIPANTS))
    _numbers_once(entries)
    return entries


def _entry(row: list[str], column: int, numbers: int | None, line: int) -> Entry:
    """One participant of the file: the name, with its start number where the file has a column of them."""
    text = row[numbers].strip() if numbers is not None and numbers < len(row) else ""
    if not text:
        return row[column]  # no number: the next after the highest
    if not text.isdecimal() or not 1 <= int(text) <= MOST_START_NUMBER:
        raise CsvProblem(_("Line %(line)s: the start number %(number)s is no whole number from 1 to %(most)s.",
                           line=line, number=text, most=MOST_START_NUMBER))
    return {"number": int(text), "name": row[column]}


def _numbers_once(entries: list[Entry]) -> None:
    """Refuse a file that gives one start number twice, naming it."""
    seen: set[int] = set()
    for entry in entries:
        if isinstance(entry, dict):
            if entry["number"] in seen:
                raise CsvProblem(_("The start number %(number)s is in the file twice: "
                                   "each participant needs a number of their own.", number=entry["number"]))
            seen.add(entry["number"])


def partner_choices() -> list[tuple[str, str]]:
    """Sheepshead's ways to find the picker's partner, as the family's own rule names them."""
    option = FAMILIES["sheepshead"].option("partner_by")
    assert isinstance(option, Choice)
    return [(way, _(option.labels[way])) for way in option.choices]


class NewTournamentForm(FlaskForm):
    """A tournament's name, scoring (a system by its source's name, or "custom"), rounds, deals and participants."""

    once = HiddenField(default=one_time_token)
    name = StringField(
        _l("Name of the tournament"),
        validators=[DataRequired(_l("Give the tournament a name.")), Length(max=MAX_TOURNAMENT_NAME)],
        render_kw={"autocomplete": "off", "placeholder": _l("e.g. Schafkopf-Cup Zum Ochsen")},
    )
    scoring = RadioField(_l("Scoring"), choices=[], default="1/5", validate_choice=True)
    # The system built on the page is a form of its own (system_fields.SystemFields, prefix
    # "system-"): it is read, and refuses, only when the scoring is "custom".
    # The tie-breaks, the entry fee and the prizes: a subform whose keys (prize_fields.prize_keys)
    # join the tournament's document.
    prizes = FormField(PrizeFields)
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
    # Not sent (a form of before, a Schafkopf tournament): the family's default.
    partner_by = SelectField(_l("Sheepshead: the picker's partner is"), choices=[], validate_choice=False)
    upload = FileField(_l("Or a CSV file of the participants"),
                       render_kw={"accept": ".csv,.txt,text/csv,text/plain"})


def _points(label: Any, default: int | None = None) -> IntegerField:
    """A whole number of points; its range is the engine's to judge, so a refusal names the engine's limit.

    With a default it must be given (a system pays every game it plays); without, it may be left empty.
    """
    needed = InputRequired(_l("Give the points.")) if default is not None else Optional()
    return IntegerField(label, default=default, validators=[needed],
                        render_kw={"inputmode": "numeric", "autocomplete": "off"})


def _announced_by() -> SelectField:
    return SelectField(_l("counted as"), default="points", choices=lambda: [
        choice("points", _l("points")), choice(TIMES, _l("times the game")),
    ])


class SystemFields(Form):
    """The custom system's fields; the defaults are self-bar's 1/5."""

    sauspiel_plain = _points(_l("plain"), 1)
    sauspiel_schneider = _points(_l("with Schneider"), 2)
    sauspiel_schwarz = _points(_l("with Schwarz"), 3)
    solo_plain = _points(_l("plain"), 5)
    solo_schneider = _points(_l("with Schneider"), 6)
    solo_schwarz = _points(_l("with Schwarz"), 7)
    wenz_plain = _points(_l("plain"), 5)
    wenz_schneider = _points(_l("with Schneider"), 6)
    wenz_schwarz = _points(_l("with Schwarz"), 7)
    hearts_solo_plain = _points(_l("plain"))
    hearts_solo_schneider = _points(_l("with Schneider"))
    hearts_solo_schwarz = _points(_l("with Schwarz"))
    bettel = _points(_l("Bettel (empty: not played)"))
    tout = _points(_l("Tout"), 14)
    tout_by = _announced_by()
    sie = _points(_l("Sie"), 28)
    sie_by = _announced_by()
    laufende_from = _points(_l("Laufende count from (empty: not counted)"))
    laufende_max = _points(_l("at most (empty: no cap)"))
    laufende_sauspiel = _points(_l("Sauspiel"))
    laufende_solo = _points(_l("Solo"))
    laufende_wenz = _points(_l("Wenz"))
    laufende_tout = _points(_l("Tout"))
    # Choices as callables: their words are read in the language of each request.
    schneider_free_at = SelectField(_l("Schneider-free with"), default="31", choices=lambda: [
        choice("31", _l("31 card points (30 is schneider)")),
        choice("30", _l("30 card points (29 is schneider)")),
    ])
    kontra = SelectField(_l("Kontra"), default="refused", choices=lambda: [
        choice("refused", _l("refused: not played")),
        choice("ignored", _l("ignored: counts for nothing")),
        choice("loses", _l("loses: who says it loses")),
    ])
    passed = SelectField(_l("When everyone passes"), default="zero", choices=lambda: [
        choice("zero", _l("thrown in: 0 for everyone")),
        choice("cross", _l("played über Kreuz")),
        choice("forced", _l("forced Sauspiel, won with 60")),
    ])
    plus_only = BooleanField(_l("Plus only: nobody loses points, the winners get theirs"))

    def validate_hearts_solo_plain(self, field: IntegerField) -> None:
        """Refuse a Herz-Solo given in part: it pays all three, or is a Solo."""
        given = [getattr(self, f"hearts_solo_{result}").data is not None for result in RESULTS]
        if any(given) and not all(given):
            raise ValidationError(_l("Give a Herz-Solo's three points, or none (it then pays as a Solo)."))


class RegisterForm(FlaskForm):
    """Late participants, one name a line."""

    players = TextAreaField(
        _l("Late participants, one name a line"),
        validators=[DataRequired(_l("Name whoever joins."))],
        render_kw={"rows": 3, "autocomplete": "off"},
    )


class RenameForm(FlaskForm):
    """A participant's new name."""

    name = StringField(
        _l("Name"), validators=[DataRequired(_l("Give the participant a name.")), Length(max=MAX_NAME)],
        render_kw={"autocomplete": "off"},
    )


class SubstituteForm(FlaskForm):
    """Who plays a participant's seat from the next round drawn."""

    substitute = StringField(
        _l("Substitute"), validators=[DataRequired(_l("Name the substitute.")), Length(max=MAX_NAME)],
        render_kw={"autocomplete": "off"},
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
