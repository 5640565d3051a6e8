"""The list pages: home, new list, the list, settling up, finishing, deleting.

Its blueprint also carries what every page uses: the template filters, the
current language, and the language switch.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint, abort, flash, jsonify, redirect, render_template, request, session, url_for,
)
from flask_babel import gettext as _

from scorer.engine import FAMILIES, ScoringError
from scorer.engine.rules import family_named
from scorer.web import access, i18n, services
from scorer.web.conditional import list_unless_unchanged, unless_unchanged
from scorer.web.i18n import LANGUAGES, select_locale
from scorer.web.limits import limit_list_creation
from scorer.web.lists import page
from scorer.web.lists.filters import ago_filter, family_filter, game_filter, money_filter
from scorer.web.labels import family_description
from scorer.web.lists.family_form import new_list_form
from scorer.web.lists.forms import ActionForm, DeleteListForm
from scorer.web.lists.money import money_currency
from scorer.web.lists.summary import accounts
from scorer.web.lists.table import signed, total
from scorer.web.names import short_filter
from scorer.web.pictures.svg import legend_line
from scorer.web.services.table_scope import TableFull, TableNotAllowed, Work

bp = Blueprint("lists", __name__)


bp.add_app_template_global(legend_line, "legend_line")


@bp.app_errorhandler(TableNotAllowed)
def table_not_allowed(error: TableNotAllowed) -> Any:
    """A tournament table's refusal says why, in words a player at the table understands."""
    if request.path.startswith("/api/"):
        return jsonify(error=str(error), message=_(error.reason)), 403
    return render_template("error.html", code=403, message=_(error.reason)), 403


@bp.app_context_processor
def language() -> dict[str, Any]:
    """Give every template the current language code."""
    return {"current_lang": select_locale()}


bp.add_app_template_filter(game_filter, "game")
bp.add_app_template_filter(family_filter, "family")
bp.add_app_template_filter(money_filter, "money")
bp.add_app_template_filter(signed, "signed")
bp.add_app_template_filter(total, "total")
bp.add_app_template_filter(short_filter, "short")
bp.add_app_template_filter(ago_filter, "ago")


@bp.get("/lang/<lang>")
def set_language(lang: str) -> Any:
    """Switch the language and go back where the switch was tapped."""
    target = request.args.get("next", "/")
    if any(ord(char) < 32 or ord(char) == 127 for char in target):  # no header can hold it
        message = _("That link back holds a line break or another control character.")
        return render_template("error.html", code=400, message=message), 400
    if lang in LANGUAGES:
        session["lang"] = lang
        session.permanent = True  # the phone's language lasts, as its lists do
    parts = urlsplit(target)
    # Only back into this site: "//host" and "/\host" lead browsers elsewhere.
    if parts.scheme or parts.netloc or not target.startswith("/") or target[1:2] in ("/", "\\"):
        target = "/"
    return redirect(target)


@bp.get("/")
def home() -> Any:
    """Open lists, most recent first; finished lists; the groups; New list."""
    known = access.known_lists()
    open_lists = services.recent_lists(known, finished=False)
    finished_lists = services.recent_lists(known, finished=True)
    counts = services.deal_counts([row.id for row in open_lists + finished_lists])
    groups = services.known_groups(known)
    access.keep_only({row.id for row in [*open_lists, *finished_lists]} | {group.id for group in groups})
    return render_template(
        "lists/home.html", open_lists=open_lists, finished_lists=finished_lists, counts=counts,
        groups=groups,
    )


# -- a new list -------------------------------------------------------------------------


def _start_rules(group: services.GroupRow | None = None) -> tuple[str, dict[str, Any] | None]:
    """The family and rules the new-list form starts from.

    ``?preset=ID``: saved house rules of this phone, or of the ``group`` the
    list is for; ``?family=NAME&table=N``: the family's N-th common table
    (its rules over the family's defaults); ``?family=NAME``: the family's
    defaults.
    """
    house_rules_id = request.args.get("preset", type=int)
    if house_rules_id is not None:
        saved = services.get_house_rules(house_rules_id, owner=access.house_rules_owner(), group=group)
        named = None if saved is None else family_named(saved.rules)
        if saved is None or named is None:
            abort(404)
        return named, dict(saved.rules)
    first = next(iter(FAMILIES))
    family = request.values.get("family", first)
    family = family if family in FAMILIES else first
    table = _table_number(family)
    if table is not None:
        return family, {"preset": family, **FAMILIES[family].common_rules[table - 1].rules}
    return family, None


def _table_number(family: str) -> int | None:
    """The common table asked for (?table=N, from 1), if the family has it."""
    number = request.args.get("table", type=int)
    if number is None or not 1 <= number <= len(FAMILIES[family].common_rules):
        return None
    return number


def _start_group() -> services.GroupRow | None:
    """The group the new list is for (?group=ID), if this phone holds its edit key."""
    group_id = request.args.get("group")
    if not group_id:
        return None
    try:
        group = services.get_group(group_id)
    except services.NotFound:
        return None
    return group if access.can_edit(group) else None


@bp.route("/new", methods=["GET", "POST"])
@limit_list_creation
def new_list() -> Any:
    """Players, seating, first dealer, the family's house rules, the end."""
    group = _start_group()
    family, start = _start_rules(group)
    form = new_list_form(family, start, asks_currency=True)
    if form.validate_on_submit():
        document: dict[str, Any] = {"rules": form.rules(), "players": form.players(),
                                    "currency": form.currency.data}
        dealer = form.first_dealer_name()
        if dealer is not None:
            document["first_dealer"] = dealer
        try:
            row, key = services.create_list(
                document, title=form.title.data or "", ends=form.ends(),
                token=(form.once.data or "")[:64] or None, group_id=group.id if group else None,
            )
        except ScoringError as error:
            field = form.field_for(error.key)
            field.errors = [*field.errors, i18n.reason(error)]
        else:
            access.remember_key(row, key)
            access.prompt_to_keep_link(row)
            if form.save_house_rules.data and form.save_house_rules.data.strip():
                try:
                    # A list for a group saves its rules into the group.
                    services.save_house_rules(form.save_house_rules.data, row.rules, group=group,
                                              owner=None if group else access.claim_house_rules_owner())
                except ScoringError:
                    pass  # the list is made; house rules that cannot be saved are not worth a stop
                else:
                    flash(_("The rules are saved as the house rules %(name)s.",
                            name=form.save_house_rules.data.strip()))
            return redirect(url_for("lists.show_list", list_id=row.id))
    return render_template(
        "lists/new_list.html", form=form, family=family, families=FAMILIES,
        descriptions={name: family_description(name) for name in FAMILIES},
        # Saved rules belong to one family: only this family's are offered here.
        saved=[p for p in [*(services.all_house_rules(owner=None, group=group) if group else []),
                           *services.all_house_rules(owner=access.house_rules_owner())]
               if family_named(p.rules) == family],
        house_rules_id=request.args.get("preset", type=int), group=group,
        known_players=list(dict.fromkeys(
            [*(group.players if group else []), *services.known_players(access.known_lists())]
        )),
        tables=FAMILIES[family].common_rules, table_number=_table_number(family),
    )


# -- the list ----------------------------------------------------------------------------


@bp.get("/l/<list_id>")
def show_list(list_id: str) -> Any:
    """The list, like the paper block: the newest deals (``?deals=all``: every deal) and the totals."""
    row = services.get_list(list_id)
    if "key" in request.args:
        if not access.remember_key(row, request.args["key"]):
            flash(_("That edit key does not fit this list; you can watch it."), "error")
        return redirect(url_for("lists.show_list", list_id=row.id))
    access.remember_seen(row)
    return page.list_page(row, every_deal=request.args.get("deals") == "all")


@bp.get("/l/<list_id>/changes")
def changes(list_id: str) -> Any:
    """The list's revision, for pages that follow it: 304 while nothing changed."""
    return list_unless_unchanged(list_id, lambda row: unless_unchanged(row, lambda: jsonify(revision=row.revision)))


@bp.post("/l/<list_id>/deals/<int:deal_id>/restore")
def restore_deal(list_id: str, deal_id: int) -> Any:
    """Bring a deleted deal back to its place."""
    row = access.editable_list(list_id, Work.DEALS)
    try:
        services.restore_deal(row, deal_id)
    except ScoringError as error:
        flash(_("That deal cannot come back: %(reason)s", reason=i18n.message(error)), "error")
    except TableFull as full:
        flash(_("All %(count)s deals of this table are played.", count=full.count), "error")
    except services.Conflict:
        flash(_("This list is finished. Reopen it to change it."), "error")
    else:
        flash(_("The deal is back in the list."))
    return redirect(url_for("lists.show_list", list_id=row.id))


@bp.route("/l/<list_id>/delete", methods=["GET", "POST"])
def delete_list(list_id: str) -> Any:
    """Delete a list for good, after asking; only with the edit key."""
    row = access.editable_list(list_id)
    form = DeleteListForm()
    if form.validate_on_submit():
        title = row.title
        services.delete_list(row)
        access.forget(row.id)
        flash(_("The list %(title)s is deleted.", title=title))
        return redirect(url_for("lists.home"))
    return render_template("lists/delete_list.html", row=row, form=form)


@bp.get("/l/<list_id>/settle")
def settle(list_id: str) -> Any:
    """Balances in money and the fewest transfers; finish or reopen.

    A tournament table plays for the tournament's points, not for money: its
    list has no settling up (the prize list is the tournament's).
    """
    row = services.get_list(list_id)
    if row.tournament_id is not None:
        return redirect(url_for("lists.show_list", list_id=row.id))
    state = services.list_state(row)
    value = state.result.rules.point_value
    return render_template(
        "lists/settle.html", state=state, row=row, result=state.result, value=value,
        currency=money_currency(row),
        transfers=state.result.settlement, can_edit=access.can_edit(row),
        chart=page.chart(state), accounts=accounts(state.result),
        action_form=ActionForm(),
    )


@bp.post("/l/<list_id>/finish")
def finish(list_id: str) -> Any:
    """Close the list: it becomes read-only."""
    row = access.editable_list(list_id)
    services.finish(row)
    flash(_("The list is finished. Reopen it to change it."))
    return redirect(url_for("lists.settle", list_id=row.id))


@bp.post("/l/<list_id>/reopen")
def reopen(list_id: str) -> Any:
    """Open a finished list again."""
    row = access.editable_list(list_id)
    services.reopen(row)
    flash(_("The list is open again."))
    return redirect(url_for("lists.show_list", list_id=row.id))
