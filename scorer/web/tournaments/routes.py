"""The tournament's page, and the draw.

Whoever holds the tournament's edit key (kept as a list's, see
:mod:`scorer.web.tournaments.organiser`) registers and withdraws
(:mod:`~scorer.web.tournaments.people`), draws, undoes a draw and ends the
tournament (:mod:`~scorer.web.tournaments.night`), and sees the current
round's edit links, each table's QR code on demand; everyone else watches.
A new tournament is :mod:`~scorer.web.tournaments.new`.

The page stays small for a tournament of hundreds: the current round
first and open, with the tables' progress; past rounds folded and plain;
no QR code drawn until a table's is unfolded.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for
from flask_babel import format_currency, ngettext
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import i18n, services
from scorer.web.lists.forms import ActionForm
from scorer.web.models import TournamentRow
from scorer.web.services import tournament_draw as drawing
from scorer.web.services import tournament_night as night
from scorer.web.services import tournaments as service
from scorer.web.tournaments import reading
from scorer.web.tournaments.forms import DrawForm, RegisterForm
from scorer.web.tournaments.organiser import organised, organiser_key, remember_organiser

bp = Blueprint("tournaments", __name__)

#: The most unfinished tables an ask names one by one; the rest it counts.
NAMED_TABLES = 10
#: The most participants listed on the tournament's page itself, each with its forms; a larger
#: field is listed on a page of its own, so that the tournament's page stays small.
INLINE_PEOPLE = 100

# -- the prize list's data ----------------------------------------------------------------


@bp.app_template_global("prize_page")
def prize_page(row: TournamentRow) -> reading.PrizePage:
    """The prize list's lines, sums and rounds' best, as templates/tournaments/prizes.html shows them."""
    return reading.prize_page(row)


@bp.app_template_filter("prize_money")
def prize_money(cents: int, currency: str) -> str:
    """Cents in the tournament's currency, as the page's language writes money."""
    text: str = format_currency(Decimal(cents) / 100, currency)
    return text


# -- the tournament's page ----------------------------------------------------------------


@dataclass(frozen=True)
class TableOnPage:
    """A table of a round as the page shows it: who sits there, how far it is, its links.

    The edit link only for the organiser, and only in the current round.
    """

    number: int
    players: tuple[str, ...]
    numbers: tuple[int, ...]
    progress: night.TableProgress | None
    view_url: str | None
    edit_url: str | None = None


@dataclass(frozen=True)
class Round:
    """A drawn round: its number, its seed, its tables, and how many of them still play."""

    number: int
    seed: str
    closed: bool
    tables: list[TableOnPage]
    playing: int


@dataclass(frozen=True)
class Ask:
    """A question the organiser answers before a change is made: the words, where the yes goes."""

    words: str
    action: str
    button: str
    fields: dict[str, str]


def _rounds(row: TournamentRow, key: str | None, progress: list[night.RoundProgress]) -> list[Round]:
    """The rounds drawn, newest first; the organiser gets the current round's edit links.

    A table's edit key is worked out from the tournament's (an HMAC), so it is
    worked out only for the tables that show it.
    """
    drawn = service.drawn_rounds(row)
    names = {p.number: p.name for p in service.participants(row)}
    by_round = {r.number: {t.number: t for t in r.tables} for r in progress}
    rounds = []
    for index, (round_row, tables) in enumerate(drawn):
        current = index == len(drawn) - 1
        shown = []
        for t in tables:
            edit_url = None
            if key is not None and current and t.list_id:
                edit_url = url_for("lists.show_list", list_id=t.list_id,
                                   key=service.table_key(row, key, round_row, t), _external=True)
            shown.append(TableOnPage(
                t.number, tuple(names[n] for n in t.seats), tuple(t.seats), by_round.get(round_row.number, {}).get(t.number),
                url_for("lists.show_list", list_id=t.list_id) if t.list_id else None, edit_url))
        playing = sum(1 for t in shown if t.progress is not None and not t.progress.finished)
        rounds.append(Round(round_row.number, round_row.seed, round_row.closed_at is not None, shown, playing))
    return rounds[::-1]


def _and(items: list[str]) -> str:
    """Words joined as a sentence says them: "4", "4 and 9", "4, 7 and 9"."""
    if len(items) < 2:
        return "".join(items)
    return _("%(some)s and %(last)s", some=", ".join(items[:-1]), last=items[-1])


def unfinished_words(round_progress: night.RoundProgress, next_round: int) -> str | None:
    """The ask before drawing past tables still playing: None when every table is done."""
    waiting = round_progress.unfinished()
    if not waiting:
        return None
    named = waiting[:NAMED_TABLES]
    numbers = [str(t.number) for t in named]
    rest = len(waiting) - len(named)
    if rest:
        numbers.append(ngettext("%(num)s more", "%(num)s more", rest))
    counts = ", ".join(_("%(played)s of %(deals)s", played=t.played, deals=t.of) for t in named)
    return ngettext(
        "Table %(tables)s has not finished round %(round)s (%(counts)s). Draw round %(next)s anyway?",
        "Tables %(tables)s have not finished round %(round)s (%(counts)s). Draw round %(next)s anyway?",
        len(waiting), tables=_and(numbers), round=round_progress.number, counts=counts, next=next_round)


def page(row: TournamentRow, key: str | None, *, register_form: RegisterForm | None = None,
         draw_form: DrawForm | None = None, ask: Ask | None = None) -> Any:
    """The tournament's page; for the organiser with its forms, kept by no cache (it holds keys)."""
    progress = night.progress(row)
    rounds = _rounds(row, key, progress)
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
        played=night.rounds_played(progress), ended=row.ended_at is not None, ask=ask,
        inline_people=INLINE_PEOPLE,
        table_points=row.rules.get("table_points"),
        view_link=url_for("tournaments.show_tournament", tournament_id=row.id, _external=True),
        **editing,
    ))
    if key is not None:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/t/<tournament_id>")
def show_tournament(tournament_id: str) -> Any:
    """The tournament: the current round's tables and progress, the rounds before folded, the standings."""
    row = service.get_tournament(tournament_id)
    if "key" in request.args:
        if not remember_organiser(row, request.args["key"]):
            flash(_("That edit key does not fit this tournament; you can watch it."), "error")
        return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
    return page(row, organiser_key(row))


def _draw_ask(row: TournamentRow, form: DrawForm, wanted: Any) -> Ask | None:
    """Ask before drawing while tables of the current round still play; None to draw at once."""
    if form.confirmed.data == "yes" or not isinstance(wanted, int):
        return None
    progress = night.progress(row)
    if not progress or progress[-1].number != wanted - 1:
        return None  # a draw sent twice, or one refused below: nothing to ask
    words = unfinished_words(progress[-1], wanted)
    if words is None:
        return None
    return Ask(words, url_for("tournaments.draw", tournament_id=row.id),
               _("Draw round %(number)s anyway", number=wanted),
               {"wanted": str(wanted), "seed": form.seed.data or "", "confirmed": "yes"})


@bp.post("/t/<tournament_id>/rounds")
def draw(tournament_id: str) -> Any:
    """Draw the round the form names: a round drawn already (a double tap) is only shown again.

    While tables of the current round still play, the organiser is asked first.
    """
    row, key = organised(tournament_id)
    form = DrawForm()
    if row.ended_at is not None:
        flash(_("The tournament is over: no more rounds are drawn."), "error")
        return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
    if form.validate_on_submit():
        seed = (form.seed.data or "").strip() or None
        wanted: Any = (form.wanted.data or "").strip() or None
        if wanted is not None and wanted.isdecimal() and len(wanted) < 8:
            wanted = int(wanted)
        ask = _draw_ask(row, form, wanted)
        if ask is not None:
            return page(row, key, draw_form=form, ask=ask)
        try:
            round_row, tables, new = drawing.draw_next_round(row, key, seed, wanted)
        except ScoringError as error:
            field = form.seed if error.key == "seed" else form.wanted
            field.errors = [*field.errors, i18n.reason(error)]
        except services.Conflict:
            flash(_("That round was drawn meanwhile on another phone: here it is."), "error")
            return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
        else:
            if new:
                flash(_("Round %(number)s is drawn.", number=round_row.number))
            else:
                flash(_("Round %(number)s was drawn already: here are its tables.", number=round_row.number))
            return redirect(url_for("tournaments.show_tournament", tournament_id=row.id,
                                    _anchor=f"round-{round_row.number}"))
    return page(row, key, draw_form=form)


@bp.get("/t/<tournament_id>/participants")
def participants(tournament_id: str) -> Any:
    """The participants with their start numbers: for a large field, apart from the tournament's page."""
    row = service.get_tournament(tournament_id)
    key = organiser_key(row)
    response = make_response(render_template(
        "tournaments/participants.html", row=row, organiser=key is not None, people=service.participants(row),
        rounds=service.drawn_rounds(row), register_form=RegisterForm(), action_form=ActionForm()))
    if key is not None:
        response.headers["Cache-Control"] = "private, no-store"
    return response
