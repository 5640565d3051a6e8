"""A new tournament: its name, scoring (a system by its source's name, or one built on the page, with a
sample game's points), rounds, deals per round and participants (typed or from a CSV file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, current_app, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError, parse_rules
from scorer.web import access, i18n, services
from scorer.web.extensions import limiter
from scorer.web.lists.forms import choice as select_choice
from scorer.web.lists.forms import one_time_token
from scorer.web.models import SavedHouseRulesRow
from scorer.web.services import tournaments as service
from scorer.web.tournaments.forms import (
    CsvProblem, Entry, NewTournamentForm, SystemFields, line_of, names_from_csv, names_in, partner_choices,
)
from scorer.web.tournaments.organiser import remember_organiser
from scorer.web.tournaments.prize_fields import prize_keys
from scorer.web.tournaments.system_fields import TOURNAMENT_GAMES, custom_rules, field_of
from scorer.web.tournaments.system_sample import Sample, samples

bp = Blueprint("tournament_new", __name__)

#: The systems ready to choose, by the form's choice: each by its source's name (docs/tournaments.md).
SCORINGS: dict[str, dict[str, Any]] = {
    system: {"preset": "bavarian", "games": TOURNAMENT_GAMES, "table_points": {"system": system}}
    for system in ("1/5", "1/5-dr", "1/2", "1/2-m", "5-10-15")
}
SCORINGS["sheepshead"] = {"preset": "sheepshead", "point_value": 1}
#: The form's choice of a system built on the page.
CUSTOM = "custom"
#: The prefix of the custom system's fields.
SYSTEM_PREFIX = "system-"
#: Which field of the new-tournament form a refusal's key belongs to.
_FIELDS = {"name": "name", "players": "players", "rounds": "rounds", "deals_per_round": "deals"}
#: How often one client may ask for a sample: typing asks once a pause, a few times a second at most.
SAMPLE_LIMIT = "120 per minute"


def _accepted(rules: dict[str, Any]) -> bool:
    """Tell whether saved rules can score a tournament: tournament points where the family has them."""
    try:
        parsed = parse_rules(rules)
    except ScoringError:
        return False
    keys = {option.key for option in parsed.family.options}
    return "table_points" not in keys or parsed.get("table_points") is not None


def _saved_rules() -> list[tuple[SavedHouseRulesRow, str]]:
    """The saved rules this phone may use, each with its label: its own, then its groups'."""
    saved = [(p, p.name) for p in services.all_house_rules(owner=access.house_rules_owner())]
    for group in services.known_groups(access.known_lists()):
        if access.can_edit(group):
            saved += [(p, f"{p.name} ({group.name})") for p in services.all_house_rules(owner=None, group=group)]
    return [(p, label) for p, label in saved if _accepted(p.rules)]


def _scorings(saved: list[tuple[SavedHouseRulesRow, str]]) -> list[tuple[str, str]]:
    """The systems by their sources' names, Sheepshead, the saved rules, and one built on the page."""
    return [
        ("1/5", _("1/5, self-bar's points")),
        ("1/5-dr", _("1/5 of the Donau-Ries Schafkopf-Cup")),
        ("1/2", _("1/2")),
        ("1/2-m", _("1/2 of Münchsmünster")),
        ("5-10-15", _("5-10-15 of Niederfüllbach")),
        ("sheepshead", _("Sheepshead, points")),
        *((f"preset-{p.id}", _("Saved rules: %(name)s", name=label)) for p, label in saved),
        (CUSTOM, _("A system of your own")),
    ]


def _about() -> dict[str, str]:
    """What each ready system pays, in a line under its name."""
    return {
        "1/5": _("Sauspiel 1, with Schneider 2, Schwarz 3; solo games 5, 6, 7; Tout 14, Sie 28; "
                 "a hand everyone passes scores 0."),
        "1/5-dr": _("The points of 1/5, but Tout twice and Sie four times the game; "
                    "a hand everyone passes is played über Kreuz."),
        "1/2": _("Sauspiel 1, 2, 3; solo games 2, 3, 4; Tout 6, Sie 8; a hand everyone passes scores 0."),
        "1/2-m": _("The points of 1/2; schneider-free at 30; a hand everyone passes is played über Kreuz."),
        "5-10-15": _("Sauspiel 5, 10, 15; solo games 20, a Herz-Solo 30; Tout twice the game; "
                     "Laufende from 2 at 5 each, at most 4; plus only; über Kreuz."),
        "sheepshead": _("The Sheepshead family's own points, five or six at a table."),
        CUSTOM: _("Type the points per game and the rules: the fields open below."),
    }


def _rules(choice: str, saved: list[tuple[SavedHouseRulesRow, str]], partner_by: str | None,
           system: SystemFields) -> dict[str, Any] | None:
    """The rules of the scoring chosen; None when there is no such choice."""
    if choice == "sheepshead" and partner_by in dict(partner_choices()):
        return {**SCORINGS[choice], "partner_by": partner_by}
    if choice == CUSTOM:
        return custom_rules(system)
    if choice in SCORINGS:
        return SCORINGS[choice]
    return next((dict(p.rules) for p, _label in saved if f"preset-{p.id}" == choice), None)


@dataclass
class Shown:
    """The sample under the scoring chosen: the deals and what they pay, or a line why there are none."""

    samples: list[Sample] = field(default_factory=list)
    note: str = ""


def _refused_on(system: SystemFields, error: ScoringError) -> bool:
    """Put the engine's refusal of the custom system next to its field; False when no field takes it."""
    name = field_of(error.key)
    if name is None:
        return False
    wanted = getattr(system, name)
    wanted.errors = [*wanted.errors, i18n.reason(error)]
    return True


def _sample(form: NewTournamentForm, saved: list[tuple[SavedHouseRulesRow, str]], system: SystemFields) -> Shown:
    """Score the sample deals under the scoring chosen; a custom system is checked, field by field, first."""
    choice = form.scoring.data or ""
    if choice == CUSTOM and not system.validate():
        return Shown(note=_("Put right what is marked above, and the sample follows."))
    rules = _rules(choice, saved, None, system)
    if rules is None:
        return Shown(note=_("Choose a scoring to see what its games pay."))
    try:
        shown = samples(rules)
    except ScoringError as error:
        if choice == CUSTOM and _refused_on(system, error):
            return Shown(note=_("Put right what is marked above, and the sample follows."))
        return Shown(note=i18n.message(error))
    if not shown:
        return Shown(note=_("The sample shows tournament points; these rules score the family's own points."))
    return Shown(shown)


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


def _create(form: NewTournamentForm, names: list[Entry], rules: dict[str, Any], system: SystemFields) -> Any:
    """Store the tournament; answer the redirect to its page, or None with the refusal on its field."""
    document = {
        "name": form.name.data, "rules": rules, "players": names,
        "rounds": form.rounds.data, "deals_per_round": form.deals.data,
    }
    document.update(prize_keys(form.prizes.form))  # the tie-breaks, the entry fee and the prizes
    for _attempt in range(2):
        try:
            row, key = service.create_tournament(document, idempotency_key=(form.once.data or "")[:64] or None)
        except ScoringError as error:
            if error.key == "Idempotency-Key":  # the form sent before, changed: a new tournament
                form.once.data = one_time_token()
                continue
            if error.key.startswith("rules"):
                if form.scoring.data != CUSTOM or not _refused_on(system, error):
                    form.scoring.errors = [*form.scoring.errors, i18n.message(error)]
            else:
                wrong = getattr(form, _FIELDS.get(error.key, "name"))
                wrong.errors = [*wrong.errors, i18n.reason(error)]
            return None
        remember_organiser(row, key)
        flash(_("The tournament %(name)s is made. This phone keeps its edit link; "
                "the link below opens it on another phone.", name=row.name))
        return redirect(url_for("tournaments.show_tournament", tournament_id=row.id))
    return None


def _forms(saved: list[tuple[SavedHouseRulesRow, str]]) -> tuple[NewTournamentForm, SystemFields]:
    """The new-tournament form and its custom system, read from the request where it sent them."""
    form = NewTournamentForm()
    form.scoring.choices = [select_choice(value, label) for value, label in _scorings(saved)]
    form.partner_by.choices = [select_choice(value, label) for value, label in partner_choices()]
    system = SystemFields(request.form if request.method == "POST" else None, prefix=SYSTEM_PREFIX)
    return form, system


@bp.route("/t/new", methods=["GET", "POST"])
def new_tournament() -> Any:
    """Name, scoring, rounds, deals per round, the participants; "Show sample" shows what the games pay."""
    saved = _saved_rules()
    form, system = _forms(saved)
    from_file = 0
    if request.method == "POST" and request.form.get("action") != "sample":
        valid = form.validate_on_submit()
        names, from_file = _participants(form)
        shown = _sample(form, saved, system)
        # A custom system is good when its sample could be scored: the engine took its rules.
        if valid and names is not None and (form.scoring.data != CUSTOM or shown.samples):
            rules = _rules(form.scoring.data or "", saved, form.partner_by.data, system)
            made = None if rules is None else _create(form, names, rules, system)
            if made is not None:
                return made
    else:
        shown = _sample(form, saved, system)
    return render_template("tournaments/new.html", form=form, system=system, from_file=from_file,
                           shown=shown, about=_about(), custom=CUSTOM)


def _sample_limit() -> str:
    return str(current_app.config.get("TOURNAMENT_SAMPLE_LIMIT", SAMPLE_LIMIT))


@bp.post("/t/new/sample")
@limiter.limit(_sample_limit)
def sample() -> Any:
    """What the sample deals pay under the scoring sent, as JSON: nothing is kept, so no key is asked."""
    saved = _saved_rules()
    form, system = _forms(saved)
    shown = _sample(form, saved, system)
    return jsonify(
        html=render_template("tournaments/_system_sample.html", shown=shown),
        samples=[{"label": s.label, "deal": dict(s.deal), "line": s.line, "payouts": dict(s.payouts),
                  "words": s.words} for s in shown.samples],
        note=shown.note,
        errors={f.id: list(f.errors) for f in system if f.errors} if form.scoring.data == CUSTOM else {},
    )
