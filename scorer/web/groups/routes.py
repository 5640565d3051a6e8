"""The group pages: a new group, its season, its lists in and out, its house rules, its archive out and in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import (
    Blueprint, Response, abort, flash, jsonify, make_response, redirect, render_template, request,
    url_for,
)
from flask_babel import format_date, get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.groups.forms import AddListForm, ImportGroupForm, NewGroupForm
from scorer.web.house_rules.forms import DeleteHouseRulesForm, SaveHouseRulesForm
from scorer.web.limits import limit_list_creation, lists_left, made_lists
from scorer.web.labels import family_label
from scorer.web.lists.forms import choice
from scorer.web.models import GroupRow, ScoreListRow
from scorer.web.pictures.views import season_chart_of
from scorer.web.settings.forms import rename_form
from scorer.web.undo import BACKGROUND

bp = Blueprint("groups", __name__)


@bp.app_errorhandler(services.GroupNotAllowed)
def not_allowed(error: services.GroupNotAllowed) -> Any:
    """A group's 403 speaks of the group, not of a list."""
    if request.path.startswith("/api/"):
        return jsonify(error=str(error)), 403
    return render_template(
        "error.html", code=403, message=_("This needs the group's edit link."),
    ), 403


def editable_group(group_id: str) -> GroupRow:
    """The group, if this phone holds its edit key; else NotAllowed (the 403 page)."""
    group = services.get_group(group_id)
    if not access.can_edit(group):
        raise services.GroupNotAllowed("this needs the group's edit link")
    return group


def period() -> tuple[date, date]:
    """The period asked for (?from=YYYY-MM-DD&to=YYYY-MM-DD), this year by default."""
    start, end = services.this_year()
    for name, default in (("from", start), ("to", end)):
        try:
            chosen = date.fromisoformat(request.args.get(name, ""))
        except ValueError:
            chosen = default
        if name == "from":
            start = chosen
        else:
            end = chosen
    return (start, end) if start <= end else (end, start)


def addable_lists(group: GroupRow) -> list[ScoreListRow]:
    """The lists this phone may change that belong to no group yet (nor to a tournament, whose table keeps it)."""
    known = access.known_lists()
    rows = services.recent_lists(known, finished=False) + services.recent_lists(known, finished=True)
    return [row for row in rows
            if row.group_id is None and row.tournament_id is None and access.can_edit(row)]


def house_rules_form(rows: Sequence[ScoreListRow]) -> SaveHouseRulesForm:
    """Save the rules of one of the group's lists as the group's house rules."""
    form = SaveHouseRulesForm(prefix="preset")  # the page's element ids keep their old word
    form.list_id.choices = [choice(r.id, f"{r.title} ({family_label(r.family_name)})") for r in rows]
    return form


def list_form(rows: Sequence[ScoreListRow], prefix: str = "") -> AddListForm:
    """A choice of one of these lists: to add to the group, or (``prefix="remove"``) to take out."""
    form = AddListForm(prefix=prefix)
    form.list_id.choices = [choice(row.id, row.title) for row in rows]
    return form


#: The season's standings, chart and statistics as rendered, by the group's
#: players, the language, the period and each list's (id, revision, last
#: change): like the summaries, never stale, only a memory.
_SEASON_HTML: dict[tuple[Any, ...], Markup] = {}
SEASON_HTML_KEPT = 2_000


def season_html(group: GroupRow, season: services.Season) -> Markup:
    """The season's part of the group page, rendered once per state of its lists and language."""
    key = (tuple(group.players), str(get_locale()), season.start, season.end,
           *((row.id, row.revision, row.updated_at, row.currency) for row, _summary in season.lists))
    html = _SEASON_HTML.get(key)
    if html is None:
        html = Markup(render_template("groups/_season.html", season=season,
                                      chart=season_chart_of(season)))
        services.keep_bounded(_SEASON_HTML, key, html, SEASON_HTML_KEPT)
    return html


@dataclass(frozen=True)
class Card:
    """A list as the group page shows it: its link, title, players, day, deals."""

    row: ScoreListRow
    url: str
    day: str
    deals: str


def list_cards(rows: Sequence[ScoreListRow], season: services.Season) -> list[Card]:
    """The cards of these lists; each day and count is worded once, however many lists share it."""
    counts = {row.id: summary.deals for row, summary in season.lists}
    counts.update(services.deal_counts([row.id for row in rows if row.id not in counts]))
    days: dict[date, str] = {}
    deals: dict[int, str] = {}
    prefix = url_for("lists.show_list", list_id="-").removesuffix("-")
    cards = []
    for row in rows:
        day, count = row.created_at.date(), counts.get(row.id, 0)
        if day not in days:
            days[day] = format_date(day, "medium")
        if count not in deals:
            deals[count] = ngettext("%(num)s deal", "%(num)s deals", count)
        cards.append(Card(row, prefix + row.id, days[day], deals[count]))
    return cards


@bp.route("/groups/new", methods=["GET", "POST"])
def new_group() -> Any:
    """A group's name and players."""
    form = NewGroupForm()
    if form.validate_on_submit():
        try:
            group, key = services.create_group(
                {"name": form.name.data, "players": form.player_names()},
                token=(form.once.data or "")[:64] or None,
            )
        except ScoringError as error:
            field = form.name if error.key == "name" else form.players
            field.errors = [*field.errors, i18n.reason(error)]
        else:
            access.remember_key(group, key)
            flash(_("The group %(name)s is made. Start its first list here.", name=group.name))
            return redirect(url_for("groups.show_group", group_id=group.id))
    return render_template("groups/new_group.html", form=form)


@bp.get("/g/<group_id>")
def show_group(group_id: str) -> Any:
    """The group's season: standings, chart and statistics over a period, and every list."""
    group = services.get_group(group_id)
    if "key" in request.args:
        if not access.remember_key(group, request.args["key"]):
            flash(_("That edit key does not fit this group; you can watch it."), "error")
        return redirect(url_for("groups.show_group", group_id=group.id))
    access.remember_seen(group)
    start, end = period()
    lists = services.group_lists(group)
    season = services.season(group, start=start, end=end, rows=lists)
    can_edit = access.can_edit(group)
    editing: dict[str, Any] = {}
    if can_edit:
        editing = {"add_form": list_form(addable_lists(group)),
                   "rename_form": rename_form(tuple(group.players), prefix="rename"),
                   "saved": services.all_house_rules(owner=None, group=group),
                   "house_rules_form": house_rules_form(lists[::-1]),
                   "remove_form": list_form(lists[::-1], prefix="remove")}
    # The copy the service worker keeps for offline is asked for in the background:
    # it leaves the edit link out, so that the key outlives no cleared cookies in a
    # cache. The page that shows the link is kept by no cache (static/sw.js asks again).
    kept = bool(request.headers.get(BACKGROUND))
    edit_link = (url_for("groups.show_group", group_id=group.id, key=access.edit_key(group),
                         _external=True) if can_edit and not kept else None)
    response = make_response(render_template(
        "groups/group.html", group=group, season=season, cards=list_cards(lists[::-1], season),
        season_html=season_html(group, season), can_edit=can_edit, **editing,
        view_link=url_for("groups.show_group", group_id=group.id, _external=True),
        edit_link=edit_link, edit_link_left_out=can_edit and kept,
    ))
    if edit_link is not None:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/g/<group_id>/lists")
def add_list(group_id: str) -> Any:
    """Add a list to the group: this phone must hold both edit keys."""
    group = editable_group(group_id)
    form = list_form(addable_lists(group))
    if form.validate_on_submit():
        row = access.editable_list(form.list_id.data)
        services.add_to_group(group, row)
        flash(_("The list %(title)s now belongs to the group.", title=row.title))
    else:
        flash(_("That list cannot be added here: this phone needs its edit link."), "error")
    return redirect(url_for("groups.show_group", group_id=group.id))


@bp.post("/g/<group_id>/lists/remove")
def remove_list(group_id: str) -> Any:
    """Take a list out of the group: the group's edit key is enough; the list keeps its deals."""
    group = editable_group(group_id)
    form = list_form(services.group_lists(group), prefix="remove")
    if form.validate_on_submit():
        row = services.get_list(form.list_id.data)
        services.remove_from_group(group, row)
        flash(_("The list %(title)s is taken out of the group. It keeps its deals.", title=row.title))
    else:
        flash(_("That list does not belong to this group."), "error")
    return redirect(url_for("groups.show_group", group_id=group.id))


@bp.post("/g/<group_id>/rename")
def rename_player(group_id: str) -> Any:
    """Rename one of the group's players, in the group and in each of its lists that has them."""
    group = editable_group(group_id)
    form = rename_form(tuple(group.players), prefix="rename")
    if form.validate_on_submit():
        try:
            renamed = services.rename_group_player(group, form.old.data, form.new.data)
        except ScoringError as error:
            flash(i18n.reason(error), "error")
        else:
            flash(ngettext(
                "%(old)s is now called %(new)s, in the group and in %(num)s list.",
                "%(old)s is now called %(new)s, in the group and in %(num)s lists.",
                len(renamed), old=form.old.data, new=form.new.data.strip(),
            ))
    else:
        flash(_("Choose a player and type the new name."), "error")
    return redirect(url_for("groups.show_group", group_id=group.id, _anchor="rename-heading"))


@bp.post("/g/<group_id>/presets")
def save_house_rules(group_id: str) -> Any:
    """Save the rules of one of the group's lists as the group's house rules."""
    group = editable_group(group_id)
    form = house_rules_form(services.group_lists(group))
    if form.validate_on_submit():
        row = services.get_list(form.list_id.data)
        try:
            services.save_house_rules(form.name.data, row.rules, group=group)
        except ScoringError as error:
            flash(i18n.reason(error), "error")
        else:
            flash(_("The rules are saved as the group's house rules %(name)s.", name=form.name.data.strip()))
    else:
        flash(_("Name the house rules and choose one of the group's lists."), "error")
    return redirect(url_for("groups.show_group", group_id=group.id, _anchor="presets-heading"))


@bp.route("/g/<group_id>/presets/<int:house_rules_id>/delete", methods=["GET", "POST"])
def delete_house_rules(group_id: str, house_rules_id: int) -> Any:
    """Delete house rules of the group, after asking."""
    group = editable_group(group_id)
    saved = services.get_house_rules(house_rules_id, owner=None, group=group)
    if saved is None:
        abort(404)
    form = DeleteHouseRulesForm()
    back = url_for("groups.show_group", group_id=group.id)
    if form.validate_on_submit():
        services.delete_house_rules(house_rules_id, owner=None, group=group)
        flash(_("The house rules are deleted."))
        return redirect(back)
    return render_template("house_rules/delete.html", saved=saved, form=form,
                           back=back, back_label=group.name)


@bp.get("/g/<group_id>/export.zip")
def export_group(group_id: str) -> Any:
    """The group's lists as list files and its group.json, in one zip (its house rules for its editors)."""
    group = services.get_group(group_id)
    archive = services.export_group(group, with_house_rules=access.can_edit(group))
    return Response(archive, mimetype="application/zip", headers={
        "Content-Disposition": f'attachment; filename="{services.archive_name(group)}"',
    })


@bp.route("/groups/import", methods=["GET", "POST"])
@limit_list_creation
def import_group() -> Any:
    """Store a group archive as a new group with its lists, if the budget of new lists has room for all."""
    form = ImportGroupForm()
    status = 200
    if form.validate_on_submit():
        upload = form.upload.data
        data = upload.read() if upload is not None and getattr(upload, "filename", None) else b""
        token = (form.once.data or "")[:64] or None
        try:
            archive = services.read_group_archive(data)
        except ScoringError as error:
            form.upload.errors = [*form.upload.errors, i18n.message(error)]
        else:
            left = lists_left()
            # A form sent again makes no list: it only leads to the group it made.
            if left is not None and len(archive.lists) > left and not services.imported_before(token):
                status = 429
                form.upload.errors = [*form.upload.errors, ngettext(
                    "The archive holds %(num)s list, but this phone may make only %(left)s more now. "
                    "Nothing is stored: try again later.",
                    "The archive holds %(num)s lists, but this phone may make only %(left)s more now. "
                    "Nothing is stored: try again later.",
                    len(archive.lists), left=left,
                )]
            else:
                return _store(archive, token=token)
    return render_template("groups/import.html", form=form), status


def _store(archive: services.GroupArchive, *, token: str | None) -> Any:
    """Store the archive read; this phone keeps the group's key and its open lists' keys."""
    imported = services.import_group(archive, token=token)
    made_lists(len(imported.lists))  # a form sent again made none
    access.remember_key(imported.group, imported.key)
    # Open lists can go on: keep their keys. Finished ones are the season's record.
    for row, key in imported.lists:
        if row.finished_at is None:
            access.remember_key(row, key)
    flash(_("The group is imported."))
    return redirect(url_for("groups.show_group", group_id=imported.group.id))
