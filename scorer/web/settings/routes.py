"""The list's settings, as two pages: the players (seats, who deals next, a rename) and the house rules.

Each page has its own form and button, and each change sends only its part:
the seats keep the rules in force, the rules keep the seats in force. The
rules page also holds the list's currency, in a form of its own: it settles
the whole list, not a deal on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.labels import family_description
from scorer.web.lists.money import CURRENCY_LABELS, money_currency
from scorer.web.services.lists import change_currency
from scorer.web.settings.forms import (
    CurrencyForm, change_form, chosen_dealer, currency_form, rename_form, rule_fields, rule_groups, rule_rows,
    rules_sent, keep_the_seating, seats_valid,
)

bp = Blueprint("settings", __name__)


def _forms(state: services.ListState) -> tuple[Any, Any]:
    result = state.result
    rename = rename_form(result.players, prefix="rename")
    change = change_form(
        state.row.family_name, result.rules.to_dict(), result.seated, result.next_dealer, prefix="change",
    )
    return rename, change


def _page(state: services.ListState, rename: Any, change: Any, *, rules_page: bool,
          currency: CurrencyForm | None = None) -> Any:
    row, result = state.row, state.result
    common = dict(
        row=row, state=state, result=result, change=change, next_number=len(result.deals) + 1,
        rule_fields=rule_fields(change),
    )
    if rules_page:
        money = money_currency(row) is not None
        return render_template(
            "settings/rules.html", **common, groups=rule_groups(change, result.rules, money=money),
            rule_rows=rule_rows(result.rules, money=money), family_description=family_description(row.family_name),
            currency=currency or currency_form(row, prefix="currency"),
        )
    return render_template("settings/players.html", **common, rename=rename, changes=state.score_list.changes)


@bp.get("/l/<list_id>/settings")
def settings(list_id: str) -> Any:
    """Who plays, in which seats, who deals next; with the forms that change them."""
    state = services.list_state(access.editable_list(list_id))
    return _page(state, *_forms(state), rules_page=False)


@bp.get("/l/<list_id>/settings/rules")
def rules(list_id: str) -> Any:
    """The house rules in force, and the form that changes them from the next deal on."""
    state = services.list_state(access.editable_list(list_id))
    return _page(state, *_forms(state), rules_page=True)


def _send(row: services.ScoreListRow, which: str, act: Callable[[Any, Any, services.ListState], str],
          done: str) -> Any:
    """Check one of the pages' forms and act on it; ``act`` answers the message to show.

    ``which``: ``rename``, ``seats`` or ``rules``; the seats of a page kept
    from before the rules had a page of their own carry the rules too, and
    count as both. A refusal goes to the field its key names; the page the
    form came from comes back with it.
    """
    state = services.list_state(row)
    rename_form_, change_form_ = _forms(state)
    form = rename_form_ if which == "rename" else change_form_
    if which == "seats" and rules_sent(change_form_, request.form):
        which = "both"
    if which == "rules":
        keep_the_seating(change_form_, state.result.seated)
    valid = seats_valid(form) if which == "seats" else form.validate_on_submit()
    if valid:
        try:
            message = act(row, form, state)
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
    seats_wrong = any(f.errors for f in (*change_form_.player_fields(), change_form_.first_dealer))
    rules_page = which == "rules" or (which == "both" and not seats_wrong)
    return _page(services.list_state(row), rename_form_, change_form_, rules_page=rules_page)


def _rename(row: services.ScoreListRow, form: Any, _state: services.ListState) -> str:
    services.rename_player(row, form.old.data, form.new.data)
    return _("%(old)s is now called %(new)s, in every deal.", old=form.old.data, new=form.new.data.strip())


def _applied(number: int) -> str:
    return _("Saved: this applies from deal %(number)s on.", number=number)


def _seats(row: services.ScoreListRow, form: Any, state: services.ListState) -> str:
    # The rules stay as they are in force; a page kept from before sends its rules too.
    rules = form.rules() if rules_sent(form, request.form) else state.result.rules.to_dict()
    return _applied(services.change_from_next(
        row, players=form.players(), rules=rules, next_dealer=chosen_dealer(form),
    ))


def _rules(row: services.ScoreListRow, form: Any, state: services.ListState) -> str:
    # The seats stay as they are in force, and so does who deals next: a seats change
    # waiting for the next deal that names its dealer keeps that dealer.
    result = state.result
    return _applied(services.change_from_next(
        row, players=list(result.seated), rules=form.rules(), next_dealer=result.next_dealer,
    ))


@bp.post("/l/<list_id>/settings/rename")
def rename(list_id: str) -> Any:
    """Correct a player's name: the deals follow."""
    return _send(access.editable_list(list_id), "rename", _rename, "settings.settings")


@bp.post("/l/<list_id>/settings/change")
def change(list_id: str) -> Any:
    """Seat these players from the next deal on, under the rules in force."""
    return _send(access.editable_list(list_id), "seats", _seats, "lists.show_list")


@bp.post("/l/<list_id>/settings/rules")
def change_rules(list_id: str) -> Any:
    """Play under these house rules from the next deal on, in the seats in force."""
    return _send(access.editable_list(list_id), "rules", _rules, "lists.show_list")


@bp.post("/l/<list_id>/settings/currency")
def currency(list_id: str) -> Any:
    """Settle the whole list in another currency, or in points only: every deal, not from the next one on."""
    row = access.editable_list(list_id)
    state = services.list_state(row)
    form = currency_form(row, prefix="currency")
    if state.finished:
        flash(_("This list is finished. Reopen it to change it."), "error")
        return redirect(url_for("settings.rules", list_id=row.id))
    if form.validate_on_submit():
        try:
            change_currency(row, form.currency.data)
        except ScoringError as error:
            form.currency.errors = [*form.currency.errors, i18n.reason(error)]
        else:
            flash(_("The whole list now settles in: %(currency)s.", currency=CURRENCY_LABELS[row.currency]))
            return redirect(url_for("lists.show_list", list_id=row.id))
    return _page(services.list_state(row), *_forms(state), rules_page=True, currency=form)
