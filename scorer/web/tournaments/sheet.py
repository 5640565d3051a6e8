"""A table's paper sheet: entered by the organiser (each player's final points instead of deals),
and printed (who deals and who sits out each deal; blank sheets before the first draw).

The entry page takes the tournament's edit key as a list's page takes a list's:
the edit link (``?key=``) leaves it sealed in the session (see organiser.py), and the page
answers without the key in its address.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError, dealer_after, parse_rules
from scorer.tournaments.draw import deals_at
from scorer.web import i18n
from scorer.web.labels import sitting_out
from scorer.web.models import TournamentRow, TournamentTableRow
from scorer.web.services import Conflict
from scorer.web.services import tournament_sheets as sheets
from scorer.web.services import tournaments
from scorer.web.tournaments import reading
from scorer.web.tournaments.organiser import organiser_key, remember_organiser

bp = Blueprint("tournament_sheets", __name__)

#: The minus signs a phone's keyboard may type.
_MINUS = ("-", "\u2212", "\u2013")


@dataclass(frozen=True)
class Seat:
    """A player of the table as the form shows them: start number, name, who plays the seat."""

    number: int
    name: str
    seated: str


#: Each count's field on the form, before the seat's start number (``solos-3``).
FIELDS = {"solos_won": "solos", "solos_played": "solos-played", "games_won": "games-won", "tout_won": "tout-won"}


@dataclass
class SheetForm:
    """What the form shows: the values as typed, and the errors by field (``points-3``, ``sum``).

    ``counts`` holds each count the sheet asks for (solo games won, and those
    the tie-breaks use) by seat.
    """

    points: dict[int, str] = field(default_factory=dict)
    counts: dict[str, dict[int, str]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def total(self) -> int:
        """The sum of the points typed that read as whole numbers."""
        return sum(n for n in (_whole(v) for v in self.points.values()) if n is not None)

    def open(self, count: str) -> bool:
        """Whether a count's fields show unfolded: some are given, or refused."""
        prefix = FIELDS[count] + "-"
        return any(v.strip() for v in self.counts.get(count, {}).values()) \
            or any(k.startswith(prefix) and k[len(prefix):].isdigit() for k in self.errors)


def _whole(text: str) -> int | None:
    """A whole number as typed on a phone (a leading + or minus sign, spaces), or None."""
    text = text.strip().replace(" ", "")
    sign = 1
    if text[:1] in _MINUS:
        sign, text = -1, text[1:]
    elif text[:1] == "+":
        text = text[1:]
    return sign * int(text) if text.isascii() and text.isdigit() else None


def _path(row: TournamentRow, round_number: int, table_number: int) -> str:
    return url_for("tournament_sheets.sheet", tournament_id=row.id, round_number=round_number,
                   table_number=table_number)


def _typed(seats: list[Seat], counts: tuple[str, ...]) -> tuple[SheetForm, dict[str, Any]]:
    """The form as sent, and the sheet it asks for (by name), as far as it reads."""
    form = SheetForm()
    sent: dict[str, dict[str, int]] = {"points": {}, **{count: {} for count in counts}}
    for seat in seats:
        form.points[seat.number] = typed = request.form.get(f"points-{seat.number}", "")
        value = _whole(typed)
        if not typed.strip():
            form.errors[f"points-{seat.number}"] = _("Enter the points.")
        elif value is None:
            form.errors[f"points-{seat.number}"] = _("Enter a whole number.")
        else:
            sent["points"][seat.name] = value
        for count in counts:
            name = f"{FIELDS[count]}-{seat.number}"
            form.counts.setdefault(count, {})[seat.number] = given = request.form.get(name, "")
            number = _whole(given) if given.strip() else 0
            if number is None:
                form.errors[name] = _("Enter a whole number.")
            else:
                sent[count][seat.name] = number
    return form, sent


def _refused(form: SheetForm, error: ScoringError, seats: list[Seat]) -> None:
    """Put the service's refusal next to the field it is about (the sum: next to the sum)."""
    part, _dot, name = error.key.partition(".")
    number = next((s.number for s in seats if s.name == name), None)
    where = {"points": "points", **FIELDS}.get(part)
    form.errors[f"{where}-{number}" if where and number else "sum"] = i18n.reason(error)


@bp.route("/t/<tournament_id>/rounds/<int:round_number>/tables/<int:table_number>/sheet",
          methods=["GET", "POST"])
def sheet(tournament_id: str, round_number: int, table_number: int) -> Any:
    """The table's paper sheet: a number field per player, the running sum, kept or removed."""
    row = tournaments.get_tournament(tournament_id)
    if "key" in request.args:
        if not remember_organiser(row, request.args["key"]):
            flash(_("That edit key does not fit this tournament."), "error")
        return redirect(_path(row, round_number, table_number))
    if organiser_key(row) is None:
        return render_template("error.html", code=403,
                               message=_("This needs the tournament's edit link.")), 403
    table = sheets.find_table(row, round_number, table_number)
    seats = [Seat(*seat) for seat in sheets.seat_players(row, table)]
    if request.method == "POST" and "remove" in request.form:
        sheets.remove_sheet(row, round_number, table_number)
        flash(_("The sheet is removed: the table's list counts again."))
        return redirect(_path(row, round_number, table_number))
    if request.method == "POST":
        form, sent = _typed(seats, sheets.sheet_counts(row))
        if not form.errors:
            try:
                sheets.keep_sheet(row, round_number, table_number, sent)
            except ScoringError as error:
                _refused(form, error, seats)
            except Conflict:
                form.errors["sum"] = _("This table's list has deals: the list counts, not a sheet.")
            else:
                flash(_("The sheet is kept: its points count in the standings."))
                return redirect(_path(row, round_number, table_number))
        return _page(row, round_number, table, seats, form)
    return _page(row, round_number, table, seats, _kept(table))


def _kept(table: TournamentTableRow) -> SheetForm:
    """The form filled in with the sheet kept, or empty."""
    kept = table.sheet or {}
    return SheetForm(
        points={int(n): str(v) for n, v in kept.get("points", {}).items()},
        counts={count: {int(n): str(v) for n, v in kept.get(count, {}).items() if v} for count in FIELDS},
    )


def _page(row: TournamentRow, round_number: int, table: TournamentTableRow, seats: list[Seat],
          form: SheetForm) -> str:
    return render_template(
        "tournaments/sheet.html", tournament=row, round_number=round_number, table=table,
        seats=seats, form=form, plus_only=sheets.plus_only(row),
        counts=[(count, FIELDS[count]) for count in sheets.sheet_counts(row)],
        has_deals=sheets.has_deals(table) and table.sheet is None,
    )


# -- printed sheets ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PaperLine:
    """A deal's line of a printed sheet: its number, the seat that deals it and the seats that sit it out."""

    number: int
    dealer: int
    out: frozenset[int]


@bp.app_template_global("sheet_lines")
def sheet_lines(row: TournamentRow, table: reading.DrawnTable) -> list[PaperLine]:
    """The lines of a table's printed sheet: the dealer and who sits out, as the table's list deals.

    Seats are counted from 0 in seating order. The rotation is the engine's
    (the last seat deals first, then clockwise).
    """
    seats = tuple(str(index) for index in range(len(table.seats)))
    family = parse_rules(row.rules).family
    lines = []
    for n in range(1, table.deals + 1):
        dealer = dealer_after(seats, seats[-1], [None] * (n - 1))
        lines.append(PaperLine(n, int(dealer), frozenset(int(s) for s in sitting_out(family, seats, dealer))))
    return lines


@bp.get("/t/<tournament_id>/sheets")
def blank_sheets(tournament_id: str) -> str:
    """Blank table sheets, to print before the first draw: one for a full table, one for a table of one more."""
    row = tournaments.get_tournament(tournament_id)
    family = parse_rules(row.rules).family
    seats = tournaments.seats_per_table(family)
    tables = tuple(
        reading.DrawnTable(0, tuple(reading.Seat(0, "") for _seat in range(size)),
                      deals_at(size, seats, row.deals_per_round))
        for size in (seats, seats + 1) if size in family.seats)
    return render_template("tournaments/sheets.html", row=row, round=reading.Round(0, tables), blank=True)
