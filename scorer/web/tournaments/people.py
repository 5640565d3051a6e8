"""A tournament's participants on the organiser's page: late registration, withdrawal."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import ScoringError
from scorer.web import i18n
from scorer.web.lists.forms import ActionForm
from scorer.web.services import tournament_players as players
from scorer.web.tournaments.forms import RegisterForm, names_in
from scorer.web.tournaments.organiser import organised
from scorer.web.tournaments.routes import page

bp = Blueprint("tournament_people", __name__)


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
    return page(row, key, register_form=form)


@bp.post("/t/<tournament_id>/players/<int:number>/withdraw")
def withdraw(tournament_id: str, number: int) -> Any:
    """Withdraw a participant: the points stay, no later round seats them."""
    row, _key = organised(tournament_id)
    if ActionForm().validate_on_submit():
        participant = players.withdraw(row, number)
        flash(_("%(name)s is withdrawn: their points stay, no later round seats them.", name=participant.name))
    return redirect(url_for("tournaments.show_tournament", tournament_id=row.id, _anchor="participants"))


