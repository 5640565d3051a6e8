"""The organiser's pages: a new tournament, its page, late registration, withdrawing, the draw.

Whoever holds the tournament's edit key (kept as a list's, see
:mod:`scorer.web.tournaments.organiser`) registers, withdraws and draws,
and sees each table's edit link with its QR code; everyone else watches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import ScoringError, parse_rules
from scorer.web import access, i18n, services
from scorer.web.limits import limit_list_creation, made_lists
from scorer.web.lists.forms import ActionForm, one_time_token
from scorer.web.models import PresetRow, TournamentRow
from scorer.web.services import tournament_draw as drawing
from scorer.web.services import tournament_players as players
from scorer.web.services import tournaments as service
from scorer.web.tournaments.forms import (
    CsvProblem, DrawForm, NewTournamentForm, RegisterForm, names_from_csv, names_in,
)
from scorer.web.tournaments.organiser import organised, organiser_key, remember_organiser

bp = Blueprint("tournaments", __name__)

#: The games of a Preisschafkopf: Sauspiel, Wenz and the suit solo; a hand everyone passes scores 0.
TOURNAMENT_GAMES = ["sauspiel", "wenz", "solo", "passed"]
#: The ready scorings, by the form's choice.
SCORINGS: dict[str, dict[str, Any]] = {
    "1/5": {"preset": "bavarian", "games": TOURNAMENT_GAMES, "table_points": {"system": "1/5"}},
    "1/2": {"preset": "bavarian", "games": TOURNAMENT_GAMES, "table_points": {"system": "1/2"}},
    "sheepshead": {"preset": "sheepshead", "point_value": 1},
}
#: Which field of the new-tournament form a refusal's key belongs to.
_FIELDS = {"name": "name", "players": "players", "rounds": "rounds", "deals_per_round": "deals"}


# -- a new tournament ---------------------------------------------------------------------


def _accepted(rules: dict[str, Any]) -> bool:
    """Tell whether saved rules can score a tournament: tournament points where the family has them."""
    try:
        parsed = parse_rules(rules)
    except ScoringError:
        return False
    keys = {option.key for option in parsed.family.options}
    return "table_points" not in keys or parsed.get("table_points") is not None


def _saved_rules() -> list[tuple[PresetRow, str]]:
    """The saved rules this phone may use, each with its label: its own, then its groups'."""
    saved = [(p, p.name) for p in services.presets(owner=access.preset_owner())]
    for group in services.known_groups(access.known_lists()):
        if access.can_edit(group):
            saved += [(p, f"{p.name} ({group.name})") for p in services.presets(owner=None, group=group)]
    return [(p, label) for p, label in saved if _accepted(p.rules)]


def _scorings(saved: list[tuple[PresetRow, str]]) -> list[tuple[str, str]]:
    return [
        ("1/5", _("Schafkopf, tournament points 1/5 (Sauspiel 1, solo games 5)")),
        ("1/2", _("Schafkopf, tournament points 1/2 (Sauspiel 1, solo games 2)")),
        ("sheepshead", _("Sheepshead, points")),
        *((f"preset-{p.id}", _("Saved rules: %(name)s", name=label)) for p, label in saved),
    ]


def _rules(choice: str, saved: list[tuple[PresetRow, str]]) -> dict[str, Any]:
    if choice in SCORINGS:
        return SCORINGS[choice]
    return next(dict(p.rules) for p, _label in saved if f"preset-{p.id}" == choice)


def _participants(form: NewTournamentForm) -> tuple[list[str] | None, int]:
    """The names typed and those of the CSV file; None when there are none or the file is bad.

    The file's names join the typed ones in the box, so that a form sent back
    with an error keeps them (a browser never keeps a file chosen).
    """
    names = names_in(form.players.data)
    upload = form.upload.data
    from_file: list[str] = []
    if upload is not None and getattr(upload, "filename", None):
        try:
            from_file = names_from_csv(upload.read())
        except CsvProblem as problem:
            form.upload.errors = [*form.upload.errors, str(problem)]
            return None, 0
        names += from_file
        form.players.data = "\n".join(names)
    if not names:
        form.players.errors = [*form.players.errors, _("Name the participants, or choose a CSV file of them.")]
        return None, 0
    return names, len(from_file)


def _create(form: NewTournamentForm, names: list[str], saved: list[tuple[PresetRow, str]]) -> Any:
    """Store the tournament; answer the redirect to its page, or None with the refusal on its field."""
    document = {
        "name": form.name.data, "rules": _rules(form.scoring.data or "", saved), "players": names,
        "rounds": form.rounds.data, "deals_per_round": form.deals.data,
    }
    for _attempt in range(2):
        try:
            row, key = service.create_tournament(document, idempotency_key=(form.once.data or "")[:64] or None)
        except ScoringError as error:
            if error.key == "Idempotency-Key":  # the form sent before, changed: a new tournament
                form.once.data = one_time_token()
                continue
            if error.key.startswith("rules"):
                form.scoring.errors = [*form.scoring.errors, i18n.message(error)]
            else:
                field = getattr(form, _FIELDS.get(error.key, "name"))
                field.errors = [*field.errors, i18n.reason(error)]
            return None
        remember_organiser(row, key)
        flash(_("The tournament %(name)s is made. This phone keeps its edit link; "
                "the link below opens it on another phone.", name=row.name))
        return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
    return None


@bp.route("/t/new", methods=["GET", "POST"])
@limit_list_creation
def new_tournament() -> Any:
    """Name, scoring, rounds, deals per round, the participants (typed or from a CSV file)."""
    saved = _saved_rules()
    form = NewTournamentForm()
    form.scoring.choices = _scorings(saved)
    from_file = 0
    if request.method == "POST":
        valid = form.validate_on_submit()
        names, from_file = _participants(form)
        if valid and names is not None:
            made = _create(form, names, saved)
            if made is not None:
                return made
    return render_template("tournaments/new.html", form=form, from_file=from_file)


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


def _page(row: TournamentRow, key: str | None, *, register_form: RegisterForm | None = None,
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
    return _page(row, organiser_key(row))


@bp.post("/t/<tournament_id>/players")
def register(tournament_id: str) -> Any:
    """Late participants: they get the next start numbers and are seated from the next round drawn."""
    row, key = organised(tournament_id)
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            added = players.register(row, names_in(form.players.data))
        except ScoringError as error:
            form.players.errors = [*form.players.errors, i18n.reason(error)]
        else:
            flash(ngettext("%(num)s participant registered.", "%(num)s participants registered.", len(added)))
            return redirect(url_for("tournaments.show_tournament", tournament_id=row.id, _anchor="participants"))
    return _page(row, key, register_form=form)


@bp.post("/t/<tournament_id>/players/<int:number>/withdraw")
def withdraw(tournament_id: str, number: int) -> Any:
    """Withdraw a participant: the points stay, no later round seats them."""
    row, _key = organised(tournament_id)
    if ActionForm().validate_on_submit():
        participant = players.withdraw(row, number)
        flash(_("%(name)s is withdrawn: their points stay, no later round seats them.", name=participant.name))
    return redirect(url_for("tournaments.show_tournament", tournament_id=row.id, _anchor="participants"))


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
    return _page(row, key, draw_form=form)
