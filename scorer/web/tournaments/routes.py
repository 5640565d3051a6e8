"""The tournament's page, and the draw.

Whoever holds the tournament's edit key (kept as a list's, see
:mod:`scorer.web.tournaments.organiser`) registers and withdraws
(:mod:`~scorer.web.tournaments.people`) and draws, and sees each table's
edit link with its QR code; everyone else watches. A new tournament is
:mod:`~scorer.web.tournaments.new`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import i18n, services
from scorer.web.limits import limit_list_creation, made_lists
from scorer.web.lists.forms import ActionForm
from scorer.web.models import TournamentRow
from scorer.web.services import tournament_draw as drawing
from scorer.web.services import tournaments as service
from scorer.web.tournaments.forms import (
    DrawForm, RegisterForm,
)
from scorer.web.tournaments.organiser import organised, organiser_key, remember_organiser

bp = Blueprint("tournaments", __name__)

# -- the tournament's page ----------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A table of a round as the page shows it; the edit link and its QR code for the organiser."""

    number: int
    players: tuple[str, ...]
    view_url: str | None
    edit_url: str | None = None
    qr: str | None = None


@dataclass(frozen=True)
class Round:
    """A drawn round: its number, its seed, its tables."""

    number: int
    seed: str
    tables: list[Table]


def _qr(link: str) -> str:
    # Drawn red, as a list's edit link's code: a code passed on says it lets you change the list.
    return str(segno.make(link, error="m").svg_data_uri(scale=4, border=2, dark="#a3262a"))


def _rounds(row: TournamentRow, key: str | None) -> list[Round]:
    """The rounds drawn; with the key, each table's edit link and QR code too."""
    drawn = service.drawn_rounds(row)
    if key is None:
        names = {p.number: p.name for p in service.participants(row)}
        return [Round(r.number, r.seed, [
            Table(t.number, tuple(names[n] for n in t.seats),
                  url_for("lists.show_list", list_id=t.list_id) if t.list_id else None)
            for t in tables]) for r, tables in drawn]
    rounds = []
    for r, _tables in drawn:
        round_row, made = drawing.drawn_round(row, key, r.number)
        tables = []
        for t in made:
            link = url_for("lists.show_list", list_id=t.list_row.id, key=t.key, _external=True)
            tables.append(Table(t.number, t.players, url_for("lists.show_list", list_id=t.list_row.id),
                                link, _qr(link)))
        rounds.append(Round(round_row.number, round_row.seed, tables))
    return rounds


def page(row: TournamentRow, key: str | None, *, register_form: RegisterForm | None = None,
          draw_form: DrawForm | None = None) -> Any:
    """The tournament's page; for the organiser with its forms, kept by no cache (it holds keys)."""
    rounds = _rounds(row, key)
    next_round = len(rounds) + 1
    editing: dict[str, Any] = {}
    if key is not None:
        editing = {
            "register_form": register_form or RegisterForm(),
            "draw_form": draw_form or DrawForm(wanted=str(next_round)),
            "action_form": ActionForm(),
            "edit_link": url_for("tournaments.show_tournament", tournament_id=row.id, key=key, _external=True),
        }
    response = make_response(render_template(
        "tournaments/tournament.html", row=row, organiser=key is not None, rounds=rounds,
        next_round=next_round, people=service.participants(row), standings=service.tournament_standings(row),
        table_points=row.rules.get("table_points"),
        view_link=url_for("tournaments.show_tournament", tournament_id=row.id, _external=True),
        **editing,
    ))
    if key is not None:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/t/<tournament_id>")
def show_tournament(tournament_id: str) -> Any:
    """The tournament: its participants, the rounds drawn with their tables, the standings."""
    row = service.get_tournament(tournament_id)
    if "key" in request.args:
        if not remember_organiser(row, request.args["key"]):
            flash(_("That edit key does not fit this tournament; you can watch it."), "error")
        return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
    return page(row, organiser_key(row))


@bp.post("/t/<tournament_id>/rounds")
@limit_list_creation
def draw(tournament_id: str) -> Any:
    """Draw the round the form names: a round drawn already (a double tap) is only shown again."""
    row, key = organised(tournament_id)
    form = DrawForm()
    made_lists(0)  # until the tables are made
    if form.validate_on_submit():
        seed = (form.seed.data or "").strip() or None
        wanted: Any = (form.wanted.data or "").strip() or None
        if wanted is not None and wanted.isdecimal():
            wanted = int(wanted)
        try:
            round_row, tables, new = drawing.draw_next_round(row, key, seed, wanted)
        except ScoringError as error:
            field = form.seed if error.key == "seed" else form.wanted
            field.errors = [*field.errors, i18n.reason(error)]
        except services.Conflict:
            flash(_("That round was drawn meanwhile on another phone: here it is."), "error")
            return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
        else:
            made_lists(len(tables) if new else 0)
            if new:
                flash(_("Round %(number)s is drawn.", number=round_row.number))
            else:
                flash(_("Round %(number)s was drawn already: here are its tables.", number=round_row.number))
            return redirect(url_for("tournaments.show_tournament", tournament_id=row.id,
                                    _anchor=f"round-{round_row.number}"))
    return page(row, key, draw_form=form)
