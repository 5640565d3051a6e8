"""A tournament's participants on the organiser's pages: late registration, a participant's own page
(rename, substitute), withdrawal that asks first, and re-admission."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import ScoringError
from scorer.web import i18n
from scorer.web.lists.forms import ActionForm
from scorer.web.models import ParticipantRow, TournamentRow
from scorer.web.services import tournament_players as players
from scorer.web.tournaments.forms import RegisterForm, RenameForm, SubstituteForm, names_in
from scorer.web.tournaments.organiser import organised
from scorer.web.tournaments.routes import page

bp = Blueprint("tournament_people", __name__)


def _participants(row: TournamentRow) -> Any:
    return redirect(url_for("tournaments.show_tournament", tournament_id=row.id, _anchor="participants"))


@bp.post("/t/<tournament_id>/players")
def register(tournament_id: str) -> Any:
    """Late participants: start numbers as typed ("12; Anna"), else the next ones; seated from the next round."""
    row, key = organised(tournament_id)
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            added = players.register(row, names_in(form.players.data))
        except ScoringError as error:
            form.players.errors = [*form.players.errors, i18n.reason(error)]
        else:
            flash(ngettext("%(num)s participant registered.", "%(num)s participants registered.", len(added)))
            return _participants(row)
    return page(row, key, register_form=form)


def _person_page(row: TournamentRow, person: ParticipantRow, *, rename_form: RenameForm | None = None,
                 substitute_form: SubstituteForm | None = None) -> Any:
    return render_template(
        "tournaments/participant.html", row=row, person=person,
        rename_form=rename_form or RenameForm(name=person.name),
        substitute_form=substitute_form or SubstituteForm(substitute=person.substitute or ""),
        action_form=ActionForm(),
    )


@bp.get("/t/<tournament_id>/players/<int:number>")
def participant(tournament_id: str, number: int) -> Any:
    """A participant's page for the organiser: rename, name or end a substitute, withdraw or re-admit."""
    row, _key = organised(tournament_id)
    return _person_page(row, players.find_participant(row, number))


@bp.post("/t/<tournament_id>/players/<int:number>/name")
def rename(tournament_id: str, number: int) -> Any:
    """Rename a participant: the standings, the seating and the current round's lists follow."""
    row, _key = organised(tournament_id)
    person = players.find_participant(row, number)
    form = RenameForm()
    if form.validate_on_submit():
        old = person.name
        try:
            person = players.rename(row, number, form.name.data)
        except ScoringError as error:
            form.name.errors = [*form.name.errors, i18n.reason(error)]
        else:
            flash(_("%(old)s is now called %(new)s.", old=old, new=person.name))
            return _participants(row)
    return _person_page(row, players.find_participant(row, number), rename_form=form)


@bp.post("/t/<tournament_id>/players/<int:number>/substitute")
def substitute(tournament_id: str, number: int) -> Any:
    """Name who plays a participant's seat from the next round drawn, or (``end``) let them play again."""
    row, _key = organised(tournament_id)
    person = players.find_participant(row, number)
    if "end" in request.form:
        if ActionForm().validate_on_submit():
            players.substitute(row, number, None)
            flash(_("%(name)s plays their own seat again from the next round drawn.", name=person.name))
        return _participants(row)
    form = SubstituteForm()
    if form.validate_on_submit():
        try:
            person = players.substitute(row, number, form.substitute.data)
        except ScoringError as error:
            form.substitute.errors = [*form.substitute.errors, i18n.reason(error)]
        else:
            flash(_("%(substitute)s plays the seat of %(name)s from the next round drawn; "
                    "the points stay %(name)s's.", substitute=person.substitute, name=person.name))
            return _participants(row)
    return _person_page(row, players.find_participant(row, number), substitute_form=form)


@bp.get("/t/<tournament_id>/players/<int:number>/withdraw")
def ask_withdraw(tournament_id: str, number: int) -> Any:
    """Ask before withdrawing: the participants' list links here, and this page's button withdraws."""
    row, _key = organised(tournament_id)
    return render_template("tournaments/withdraw.html", row=row, person=players.find_participant(row, number),
                           action_form=ActionForm())


@bp.post("/t/<tournament_id>/players/<int:number>/withdraw")
def withdraw(tournament_id: str, number: int) -> Any:
    """Withdraw a participant (the button of the page that asked): the points stay, no later round seats them."""
    row, _key = organised(tournament_id)
    players.find_participant(row, number)
    if ActionForm().validate_on_submit():
        participant = players.withdraw(row, number)
        flash(_("%(name)s is withdrawn: their points stay, no later round seats them.", name=participant.name))
    return _participants(row)


@bp.post("/t/<tournament_id>/players/<int:number>/readmit")
def readmit(tournament_id: str, number: int) -> Any:
    """Take a withdrawn participant back: seated again from the next round drawn."""
    row, _key = organised(tournament_id)
    if ActionForm().validate_on_submit():
        participant = players.readmit(row, number)
        flash(_("%(name)s is back: the next round drawn seats them again.", name=participant.name))
    return _participants(row)
