"""The organiser's night on the tournament's page: a table's QR code, undoing a draw, closing a round, ending.

Each change asks first: the first tap answers the page with the question
and a button that sends the change again, confirmed.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Blueprint, Response, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import ScoringError
from scorer.web import i18n
from scorer.web.lists.forms import ActionForm
from scorer.web.services import tournament_night as night
from scorer.web.services import tournaments as service
from scorer.web.services.base import NotFound
from scorer.web.tournaments.organiser import organised
from scorer.web.tournaments.routes import Ask, page

bp = Blueprint("tournament_night", __name__)


def _confirmed() -> bool:
    return request.form.get("confirmed") == "yes"


def _back(tournament_id: str, anchor: str | None = None) -> Any:
    return redirect(url_for("tournaments.show_tournament", tournament_id=tournament_id, _anchor=anchor))


@bp.get("/t/<tournament_id>/rounds/<int:number>/tables/<int:table_number>/qr.svg")
def table_qr(tournament_id: str, number: int, table_number: int) -> Any:
    """The QR code of a table's edit link, as SVG, for the organiser only and kept by no cache."""
    row, key = organised(tournament_id)
    drawn = service.drawn_rounds(row)
    if not 1 <= number <= len(drawn):
        raise NotFound("no such round")
    round_row, tables = drawn[number - 1]
    table = next((t for t in tables if t.number == table_number and t.list_id), None)
    if table is None:
        raise NotFound("no such table")
    link = url_for("lists.show_list", list_id=table.list_id,
                   key=service.table_key(row, key, round_row, table), _external=True)
    # Drawn red, as a list's edit link's code: a code passed on says it lets you change the list.
    svg = io.BytesIO()
    segno.make(link, error="m").save(svg, kind="svg", scale=4, border=2, dark="#a3262a")
    response = Response(svg.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/t/<tournament_id>/rounds/<int:number>/undo")
def undo_draw(tournament_id: str, number: int) -> Any:
    """Undo the last draw while none of its tables has a deal or a sheet; ask first."""
    row, key = organised(tournament_id)
    if not ActionForm().validate_on_submit():
        return _back(row.id)
    rounds = night.progress(row)
    # Nothing to ask when the undo would be refused: the refusal says why at once.
    possible = bool(rounds) and rounds[-1].number == number and not rounds[-1].started
    if not _confirmed() and possible:
        tables = len(rounds[-1].tables)
        return page(row, key, ask=Ask(
            " ".join((_("Undo the draw of round %(number)s?", number=number),
                      ngettext("%(num)s table and its list are deleted.",
                               "%(num)s tables and their lists are deleted.", tables))),
            url_for("tournament_night.undo_draw", tournament_id=row.id, number=number),
            _("Undo the draw of round %(number)s", number=number), {"confirmed": "yes"}))
    try:
        night.undo_draw(row, number)
    except ScoringError as error:
        flash(_("The draw of round %(number)s stays: %(reason)s.", number=number, reason=i18n.reason(error)),
              "error")
        return _back(row.id, f"round-{number}")
    flash(_("The draw of round %(number)s is undone.", number=number))
    return _back(row.id)


@bp.post("/t/<tournament_id>/rounds/<int:number>/close")
def close_round(tournament_id: str, number: int) -> Any:
    """Close the last round: its tables' lists no longer change by their own keys; ask first."""
    row, key = organised(tournament_id)
    if not ActionForm().validate_on_submit():
        return _back(row.id)
    if not _confirmed():
        return page(row, key, ask=Ask(
            _("Close round %(number)s? Its tables can no longer change their lists; you still can.",
              number=number),
            url_for("tournament_night.close_round", tournament_id=row.id, number=number),
            _("Close round %(number)s", number=number), {"confirmed": "yes"}))
    try:
        night.close_round(row, number)
    except ScoringError as error:
        flash(i18n.reason(error), "error")
        return _back(row.id)
    flash(_("Round %(number)s is closed.", number=number))
    return _back(row.id, f"round-{number}")


@bp.post("/t/<tournament_id>/end")
def end(tournament_id: str) -> Any:
    """End the tournament after the rounds drawn: the standings are final; ask first."""
    row, key = organised(tournament_id)
    if not ActionForm().validate_on_submit():
        return _back(row.id)
    if not _confirmed():
        drawn = len(service.drawn_rounds(row))
        return page(row, key, ask=Ask(
            _("End the tournament after round %(number)s? No more rounds are drawn, and the standings "
              "are final.", number=drawn),
            url_for("tournament_night.end", tournament_id=row.id),
            _("End the tournament"), {"confirmed": "yes"}))
    try:
        night.end_tournament(row)
    except ScoringError as error:
        flash(i18n.reason(error), "error")
        return _back(row.id)
    flash(_("The tournament is over: the standings are final."))
    return _back(row.id, "standings")
