"""A new tournament: its name, scoring (Sheepshead: how the partner is found), rounds, deals per round
and participants (typed or from a CSV file, with their start numbers)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError, parse_rules
from scorer.web import access, i18n, services
from scorer.web.lists.forms import one_time_token
from scorer.web.models import PresetRow
from scorer.web.services import tournaments as service
from scorer.web.tournaments.forms import (
    CsvProblem, Entry, NewTournamentForm, line_of, names_from_csv, names_in, partner_choices,
)
from scorer.web.tournaments.organiser import remember_organiser

bp = Blueprint("tournament_new", __name__)

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


def _rules(choice: str, saved: list[tuple[PresetRow, str]], partner_by: str | None) -> dict[str, Any]:
    if choice == "sheepshead" and partner_by in dict(partner_choices()):
        return {**SCORINGS[choice], "partner_by": partner_by}
    if choice in SCORINGS:
        return SCORINGS[choice]
    return next(dict(p.rules) for p, _label in saved if f"preset-{p.id}" == choice)


def _participants(form: NewTournamentForm) -> tuple[list[Entry] | None, int]:
    """The names typed and those of the CSV file; None when there are none or the file is bad.

    The file's names join the typed ones in the box, so that a form sent back
    with an error keeps them (a browser never keeps a file chosen).
    """
    names = names_in(form.players.data)
    upload = form.upload.data
    from_file: list[Entry] = []
    if upload is not None and getattr(upload, "filename", None):
        try:
            from_file = names_from_csv(upload.read())
        except CsvProblem as problem:
            form.upload.errors = [*form.upload.errors, str(problem)]
            return None, 0
        names += from_file
        form.players.data = "\n".join(line_of(entry) for entry in names)
    if not names:
        form.players.errors = [*form.players.errors, _("Name the participants, or choose a CSV file of them.")]
        return None, 0
    return names, len(from_file)


def _create(form: NewTournamentForm, names: list[Entry], saved: list[tuple[PresetRow, str]]) -> Any:
    """Store the tournament; answer the redirect to its page, or None with the refusal on its field."""
    document = {
        "name": form.name.data, "rules": _rules(form.scoring.data or "", saved, form.partner_by.data),
        "players": names,
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
def new_tournament() -> Any:
    """Name, scoring, rounds, deals per round, the participants (typed or from a CSV file)."""
    saved = _saved_rules()
    form = NewTournamentForm()
    form.scoring.choices = _scorings(saved)
    form.partner_by.choices = partner_choices()
    from_file = 0
    if request.method == "POST":
        valid = form.validate_on_submit()
        names, from_file = _participants(form)
        if valid and names is not None:
            made = _create(form, names, saved)
            if made is not None:
                return made
    return render_template("tournaments/new.html", form=form, from_file=from_file)


