"""The new-tournament page's tie-breaks and prizes: a subform, and the document keys it gives.

The organiser picks the tie-breaks in order (and whether lot decides what
is still equal), the currency, the entry fee typed as money ("10" or
"10.50"), the shares typed as percentages ("30, 15, 10, 10, 10") and the
fixed prizes one a line ("1: 50", "last: a bottle of wine", "round_best:
5.00"). :func:`prize_keys` turns what was typed into the keys
``POST /api/tournaments`` takes; the checks are the service's
(``services.tournament_system``), put next to the field they are about.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Form, SelectField, StringField, TextAreaField
from wtforms.validators import Length, ValidationError

from scorer.engine import ScoringError
from scorer.tournaments.prizes import MOST_CENTS, MOST_PRIZES, NAMED_PLACES
from scorer.tournaments.standings import DEFAULT_TIE_BREAKS
from scorer.web import i18n
from scorer.web.lists.forms import choice
from scorer.web.services.tournament_system import CURRENCIES, read_system

#: How many tie-breaks the form offers before lot: every count and the last round.
TIE_BREAK_FIELDS = 5
#: Money as typed: whole units, or with a decimal point or comma and one or two digits of cents.
_MONEY = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?")
#: A prize's line: its place (a number or a name), a colon, its amount or its label.
_PRIZE_LINE = re.compile(r"\s*([^:]+?)\s*:\s*(.*?)\s*")

_TIE_BREAKS = [
    ("", _l("nothing more")),
    ("solos_won", _l("solo games won")),
    ("solos_played", _l("solo games played")),
    ("games_won", _l("games won, as declarer or partner")),
    ("tout_won", _l("Tout games won")),
    ("last_round", _l("the points of the last round played")),
]


def _tie_break_choices() -> list[Any]:
    """The tie-breaks to choose from, named in the page's language (asked for each form)."""
    return [choice(value, label) for value, label in _TIE_BREAKS]


def _currencies() -> list[Any]:
    return [choice(code, code) for code in CURRENCIES]


def money_cents(text: str) -> int:
    """Money as typed ("10", "10.50", "10,5") in cents; ValueError for anything else."""
    found = _MONEY.fullmatch(text.strip().replace("\u00a0", "").replace(" ", ""))
    if found is None:
        raise ValueError(text)
    cents = int(found[1]) * 100 + int((found[2] or "0").ljust(2, "0"))
    if cents > MOST_CENTS:
        raise ValueError(text)
    return cents


def percentages(text: str) -> list[int]:
    """Shares as typed ("30, 15, 10" or "30 15 10", a % sign allowed); ValueError for anything else."""
    parts = [part.strip().rstrip("%").strip() for part in re.split(r"[,;\s]+", text.strip()) if part.strip()]
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts):
        raise ValueError(text)
    return [int(part) for part in parts]


def prize_lines(text: str) -> list[dict[str, Any]]:
    """Fixed prizes one a line, as the API takes them; ValueError naming the first line that does not read."""
    prizes: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        found = _PRIZE_LINE.fullmatch(line)
        if found is None or not found[2]:
            raise ValueError(number)
        where = found[1].lower().replace("-", "_").replace(" ", "_")
        place: int | str = int(where) if where.isascii() and where.isdigit() and len(where) < 6 else where
        if isinstance(place, str) and place not in NAMED_PLACES:
            raise ValueError(number)
        try:
            prizes.append({"place": place, "amount": money_cents(found[2])})
        except ValueError:
            prizes.append({"place": place, "label": found[2]})
    return prizes


def _reads(parse: Any, message: Any) -> Any:
    """A validator: the field's text reads with ``parse``, else ``message``."""
    def check(_form: Form, field: Any) -> None:
        if (field.data or "").strip():
            try:
                parse(field.data)
            except ValueError as error:
                raise ValidationError(str(message).format(line=error.args[0] if error.args else "")) from None
    return check


# WTForms has no types here: Form is Any, and only modules named forms may subclass Any (pyproject).
class PrizeFields(Form):  # type: ignore[misc]
    """The tie-breaks, the currency, the entry fee, the shares and the fixed prizes of a new tournament."""

    tie_break_1 = SelectField(_l("First tie-break"), choices=_tie_break_choices, default=DEFAULT_TIE_BREAKS[0])
    tie_break_2 = SelectField(_l("Second tie-break"), choices=_tie_break_choices, default=DEFAULT_TIE_BREAKS[1])
    tie_break_3 = SelectField(_l("Third tie-break"), choices=_tie_break_choices, default="")
    tie_break_4 = SelectField(_l("Fourth tie-break"), choices=_tie_break_choices, default="")
    tie_break_5 = SelectField(_l("Fifth tie-break"), choices=_tie_break_choices, default="")
    lot = BooleanField(_l("Places still equal are drawn by lot"))
    currency = SelectField(_l("Currency"), choices=_currencies, default=CURRENCIES[0])
    entry_fee = StringField(_l("Entry fee"), validators=[
        Length(max=12), _reads(money_cents, _l("Type the fee as money: 10 or 10.50."))])
    shares = StringField(_l("Shares of the fees by place, in percent"), validators=[
        Length(max=400), _reads(percentages, _l("Type whole percentages, first place first: 30, 15, 10."))])
    prizes = TextAreaField(_l("Fixed prizes"), validators=[
        Length(max=MOST_PRIZES * 90),
        _reads(prize_lines, _l("Line {line} does not read as a prize: a place, a colon, an amount or a text."))])

    def tie_break_fields(self) -> list[SelectField]:
        """The tie-break choices in order."""
        return [getattr(self, f"tie_break_{n}") for n in range(1, TIE_BREAK_FIELDS + 1)]

    def validate(self, extra_validators: Any = None) -> bool:
        """Check each field as typed, then the keys it gives as the service checks a new tournament's."""
        if not super().validate(extra_validators):
            return False
        try:
            read_system(prize_keys(self))
        except ScoringError as error:
            self._field_of(error.key).errors.append(i18n.reason(error))
            return False
        return True

    def _field_of(self, key: str) -> Any:
        """The field a refusal's key is about (``shares.2``: the shares; ``tie_breaks``: the first tie-break)."""
        part = key.partition(".")[0]
        return {"tie_breaks": self.tie_break_1, "entry_fee": self.entry_fee, "shares": self.shares,
                "prizes": self.prizes, "currency": self.currency}.get(part, self.prizes)


def prize_keys(fields: PrizeFields) -> dict[str, Any]:
    """The document keys of a new tournament from the subform as typed (its fields read; see ``validate``).

    Left empty, a key is left out: the default tie-breaks, no fee, no prizes.
    """
    keys: dict[str, Any] = {}
    tie_breaks = [f.data for f in fields.tie_break_fields() if f.data]
    if fields.lot.data:
        tie_breaks.append("lot")
    if tuple(tie_breaks) != DEFAULT_TIE_BREAKS:
        keys["tie_breaks"] = tie_breaks
    if fields.currency.data and fields.currency.data != CURRENCIES[0]:
        keys["currency"] = fields.currency.data
    if (fields.entry_fee.data or "").strip():
        keys["entry_fee"] = money_cents(fields.entry_fee.data)
    if (fields.shares.data or "").strip():
        keys["shares"] = percentages(fields.shares.data)
    if (fields.prizes.data or "").strip():
        keys["prizes"] = prize_lines(fields.prizes.data)
    return keys
