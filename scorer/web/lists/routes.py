"""The list pages: home, new list, the list, settling up, finishing, deleting.

Its blueprint also carries what every page uses: the template filters, the
current language, and the language switch.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint, abort, flash, g, get_template_attribute, jsonify, redirect, render_template, request,
    session, url_for,
)
from flask_babel import format_currency, format_timedelta
from markupsafe import Markup
from flask_babel import gettext as _

from scorer.engine import FAMILIES, ScoringError
from scorer.web import access, i18n, services
from scorer.web.i18n import LANGUAGES, select_locale
from scorer.web.lists.forms import (
    ActionForm, DeleteListForm, family_description, family_label, game_label, new_list_form,
)
from scorer.web.models import now
from scorer.web.conditional import unless_unchanged
from scorer.web.lists.carry import carry_notes
from scorer.web.pictures.svg import legend_line
from scorer.web.pictures.views import chart_of, statistics_of, tally_pictures
from scorer.web.limits import limit_list_creation
from scorer.web.lists.summary import Summaries, accounts
from scorer.web.lists.table import rows_html, short, signed, total

bp = Blueprint("lists", __name__)


bp.add_app_template_global(legend_line, "legend_line")


@bp.app_context_processor
def language() -> dict[str, Any]:
    """Give every template the current language code."""
    return {"current_lang": select_locale()}


@bp.app_template_filter("game")
def game_filter(game: str, short: bool = False) -> str:
    """A game's name for the page, translated once per request."""
    labels: dict[tuple[str, bool], str] = g.setdefault("game_labels", {})
    if (game, short) not in labels:
        labels[game, short] = game_label(game, short=short)
    return labels[game, short]


@bp.app_template_filter("family")
def family_filter(family: str) -> str:
    """A family's name for the page."""
    return family_label(family)


@bp.app_template_filter("money")
def money_filter(cents: int, *, sign: bool = False) -> str:
    """Cents as money in the page's language; with ``sign``, +/− as the list shows points.

    Babel writes the locale's own minus (a hyphen in German and English); a
    signed amount takes the list's minus sign instead, and a plus for a win.
    """
    text = format_currency(Decimal(abs(cents) if sign else cents) / 100, "EUR")
    if not sign or cents == 0:
        return text
    return ("+" if cents > 0 else "\u2212") + text


bp.add_app_template_filter(signed, "signed")
bp.add_app_template_filter(total, "total")
bp.add_app_template_filter(short, "short")


@bp.app_template_filter("ago")
def ago_filter(when: Any) -> str:
    """How long ago something changed."""
    # Flask-Babel leaves what format_timedelta returns unannotated.
    text: str = format_timedelta(when - now(), add_direction=True, threshold=1.0)
    return text


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
    preset_id = request.args.get("preset", type=int)
    if preset_id is not None:
        preset = services.get_preset(preset_id, owner=access.preset_owner(), group=group)
        if preset is None or preset.rules.get("preset") not in FAMILIES:
            abort(404)
        return preset.rules["preset"], dict(preset.rules)
    family = request.values.get("family", "bavarian")
    family = family if family in FAMILIES else "bavarian"
    table = _table_number(family)
    if table is not None:
        return family, {"preset": family, **FAMILIES[family].tables[table - 1].rules}
    return family, None


def _table_number(family: str) -> int | None:
    """The common table asked for (?table=N, from 1), if the family has it."""
    number = request.args.get("table", type=int)
    if number is None or not 1 <= number <= len(FAMILIES[family].tables):
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
    form = new_list_form(family, start)
    if form.validate_on_submit():
        document: dict[str, Any] = {"rules": form.rules(), "players": form.players()}
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
            if form.save_preset.data and form.save_preset.data.strip():
                try:
                    # A list for a group saves its rules into the group.
                    services.save_preset(form.save_preset.data, row.rules, group=group,
                                         owner=None if group else access.claim_preset_owner())
                except ScoringError:
                    pass  # the list is made; a preset that cannot be saved is not worth a stop
                else:
                    flash(_("The rules are saved as the preset %(name)s.",
                            name=form.save_preset.data.strip()))
            return redirect(url_for("lists.show_list", list_id=row.id))
    return render_template(
        "lists/new_list.html", form=form, family=family, families=FAMILIES,
        descriptions={name: family_description(name) for name in FAMILIES},
        # Saved rules belong to one family: only this family's are offered here.
        presets=[p for p in [*(services.presets(owner=None, group=group) if group else []),
                             *services.presets(owner=access.preset_owner())]
                 if p.rules.get("preset") == family],
        preset_id=request.args.get("preset", type=int), group=group,
        known_players=list(dict.fromkeys(
            [*(group.players if group else []), *services.known_players(access.known_lists())]
        )),
        tables=FAMILIES[family].tables, table_number=_table_number(family),
    )


# -- the list ----------------------------------------------------------------------------



def sitting_out(state: services.ListState) -> str | None:
    """Who deals the next deal and sits it out, when the family has the dealer sit out."""
    result = state.result
    active = result.rules.family.active(result.seated, result.next_dealer)
    return result.next_dealer if len(active) < len(result.seated) else None


def leader(state: services.ListState) -> str:
    """Who leads the next deal: the first active player after the dealer."""
    players = state.result.seated
    seat = players.index(state.result.next_dealer)
    return players[(seat + 1) % len(players)]


#: How many deals the list page shows, the newest first; the rest behind "Show all".
NEWEST = 40

#: The chart (by list revision and language) and the statistics (by revision):
#: they read every deal, so they are worked out once per change of the list.
_CHARTS = services.ByRevision(kept=64)
_STATISTICS = services.ByRevision(kept=64)


def _chart(state: services.ListState) -> Any:
    """The running totals' chart of the list as it stands, in the page's language."""
    key = (*services.revision_key(state.row), select_locale())
    return _CHARTS.get(key, lambda: chart_of(state.result), keep=state.current)


def _statistics(state: services.ListState) -> dict[str, Any]:
    """The statistics table's data of the list as it stands."""
    key = services.revision_key(state.row)
    return dict(_STATISTICS.get(key, lambda: statistics_of(state.result), keep=state.current))


#: The statistics table as HTML, by the list's revision and the page's language.
_STATISTICS_HTML = services.ByRevision(kept=64)


def _statistics_html(state: services.ListState, figures: dict[str, Any]) -> Markup | None:
    """The statistics table of the list as it stands, written once per revision and language.

    A fifth of what the list page costs to render, and the same for every
    phone that reloads the list after a change.
    """
    if not figures.get("stats"):
        return None
    table: Callable[..., Markup] = get_template_attribute("pictures/_statistics.html", "statistics_table")
    key = (*services.revision_key(state.row), select_locale())
    return _STATISTICS_HTML.get(
        key, lambda: table(figures["stats"], state.result.players, figures["stat_games"]), keep=state.current,
    )


@bp.get("/l/<list_id>")
def show_list(list_id: str) -> Any:
    """The list, like the paper block: the newest deals (``?deals=all``: every deal) and the totals."""
    row = services.get_list(list_id)
    if "key" in request.args:
        if not access.remember_key(row, request.args["key"]):
            flash(_("That edit key does not fit this list; you can watch it."), "error")
        return redirect(url_for("lists.show_list", list_id=row.id))
    access.remember_seen(row)
    return list_page(row, every_deal=request.args.get("deals") == "all")


def list_page(row: services.ScoreListRow, *, every_deal: bool = False, after_save: bool = False) -> str:
    """The list page's HTML.

    Its cost does not grow with the list: the replay, the chart and the
    statistics are kept by the list's revision, and the table shows the
    newest ``NEWEST`` deals unless ``every_deal`` is asked for. The chart of
    a longer list waits on the settle-up page: opening it there, or in place
    with list.js. ``after_save``: the page deal.js shows in place of the form
    (the answer to a save, a few KiB): the chart and the statistics wait until
    opened, and offline.js keeps the words it read with the form.
    """
    state = services.list_state(row)
    can_edit = access.can_edit(row)
    tally = state.result.tally_dict()
    played = len(state.result.deals)
    lazy_chart = played > 0 and not every_deal and (after_save or played > NEWEST)
    deals_prefix = url_for("deals.show_deal", list_id=row.id, number=1).removesuffix("1")
    figures = _statistics(state)
    return render_template(
        "lists/list.html", state=state, row=row, result=state.result,
        progress=state.progress, tally=tally, leader=leader(state),
        sitting_out=sitting_out(state),
        carry_notes=carry_notes(state.result.rules, state.result.carry),
        pictures=tally_pictures(state.result, tally), lazy_chart=lazy_chart, after_save=after_save,
        chart=None if lazy_chart else _chart(state), **figures,
        stats_html=None if after_save else _statistics_html(state, figures),
        can_edit=can_edit, can_change=can_edit and not state.finished,
        keep_link=access.take_keep_link_prompt(row),
        action_form=ActionForm(), group=services.group_of(row),
        deleted=services.deleted_deals(row) if can_edit and not state.finished else [],
        hidden_deals=0 if every_deal else max(played - NEWEST, 0),
        page_url=url_for("lists.show_list", list_id=row.id, deals="all" if every_deal else None),
        rows=rows_html(
            state.result,
            summaries=Summaries(state.result.rules.family, state.result.players,
                                game_word=lambda game: game_filter(game, short=True)),
            doubler_word=game_filter("doubler", short=True),
            # An open list's editor opens a deal to change it; anyone else, to read it.
            edit_prefix=deals_prefix if can_edit and not state.finished else None,
            edit_label=_("Edit deal %(number)s"),
            view_prefix=deals_prefix, view_label=_("Deal %(number)s"),
            dealer_word=_("Dealer"),
            words=lambda role, **values: _(state.result.rules.family.word(role), **values),
            newest=None if every_deal else NEWEST,
        ),
    )


@bp.get("/l/<list_id>/changes")
def changes(list_id: str) -> Any:
    """The list's revision, for pages that follow it: 304 while nothing changed."""
    row = services.get_list(list_id)
    return unless_unchanged(row, lambda: jsonify(revision=row.revision))


@bp.post("/l/<list_id>/deals/<int:deal_id>/restore")
def restore_deal(list_id: str, deal_id: int) -> Any:
    """Bring a deleted deal back to its place."""
    row = access.editable_list(list_id)
    try:
        services.restore_deal(row, deal_id)
    except ScoringError as error:
        flash(_("That deal cannot come back: %(reason)s", reason=i18n.message(error)), "error")
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
    """Balances in money and the fewest transfers; finish or reopen."""
    row = services.get_list(list_id)
    state = services.list_state(row)
    value = state.result.rules.point_value
    return render_template(
        "lists/settle.html", state=state, row=row, result=state.result, value=value,
        transfers=state.result.settlement, can_edit=access.can_edit(row),
        chart=_chart(state), accounts=accounts(state.result),
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
