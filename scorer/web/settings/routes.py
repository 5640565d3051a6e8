"""The list settings page: rename a player; seating, players and rules from the next deal on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.labels import family_description
from scorer.web.settings.forms import change_form, chosen_dealer, rename_form, rule_fields, rule_rows

bp = Blueprint("settings", __name__)


def _forms(state: services.ListState) -> tuple[Any, Any]:
    result = state.result
    rename = rename_form(result.players, prefix="rename")
    change = change_form(
        state.row.family_name, result.rules.to_dict(), result.seated, result.next_dealer, prefix="change",
    )
    return rename, change


def _page(state: services.ListState, rename: Any, change: Any) -> Any:
    row, result = state.row, state.result
    return render_template(
        "settings/settings.html", row=row, state=state, result=result,
        rename=rename, change=change, rule_rows=rule_rows(result.rules),
        next_number=len(result.deals) + 1, family_description=family_description(row.family_name),
        changes=state.score_list.changes, rule_fields=rule_fields(change),
    )


@bp.get("/l/<list_id>/settings")
def settings(list_id: str) -> Any:
    """Who plays, in which seats, under which rules; with the forms that change them."""
    row = access.editable_list(list_id)
    state = services.list_state(row)
    return _page(state, *_forms(state))


def _send(row: services.ScoreListRow, which: str, act: Callable[[Any, Any], str], done: str) -> Any:
    """Check one of the page's forms and act on it; ``act`` answers the message to show.

    A refusal goes to the field its key names; the page comes back with it.
    """
    state = services.list_state(row)
    rename_form_, change_form_ = _forms(state)
    form = rename_form_ if which == "rename" else change_form_
    if form.validate_on_submit():
        try:
            message = act(row, form)
        except ScoringError as error:
            key = error.key.removeprefix("changes.")
            field = form.new if which == "rename" else form.field_for(key)
            field.errors = [*field.errors, i18n.reason(error)]
        except services.Conflict:
            flash(_("This list is finished. Reopen it to change it."), "error")
            return redirect(url_for("settings.settings", list_id=row.id))
        else:
            flash(message)
            return redirect(url_for(done, list_id=row.id))
    return _page(services.list_state(row), rename_form_, change_form_)


def _rename(row: services.ScoreListRow, form: Any) -> str:
    services.rename_player(row, form.old.data, form.new.data)
    return _("%(old)s is now called %(new)s, in every deal.", old=form.old.data, new=form.new.data.strip())


def _change(row: services.ScoreListRow, form: Any) -> str:
    number = services.change_from_next(
        row, players=form.players(), rules=form.rules(), next_dealer=chosen_dealer(form),
    )
    return _("Saved: this applies from deal %(number)s on.", number=number)


@bp.post("/l/<list_id>/settings/rename")
def rename(list_id: str) -> Any:
    """Correct a player's name: the deals follow."""
    return _send(access.editable_list(list_id), "rename", _rename, "settings.settings")


@bp.post("/l/<list_id>/settings/change")
def change(list_id: str) -> Any:
    """Seat these players under these rules from the next deal on."""
    return _send(access.editable_list(list_id), "change", _change, "lists.show_list")
