"""The deal pages: enter, preview, read, edit, delete and undo a deal."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.deals.answers import assumed
from scorer.web.deals.breakdown import explained, one_line
from scorer.web.deals.form import DealForm
from scorer.web.deals.words import summary
from scorer.web.labels import game_label
from scorer.web.lists.carry import carry_notes, deal_note
from scorer.web.lists.page import list_page
from scorer.web.lists.summary import Summaries
from scorer.web.services.table_scope import TableFull, Work, table_place
from scorer.web.undo import flash_undoable

bp = Blueprint("deals", __name__)



def _to_list(row: services.ScoreListRow) -> Any:
    return redirect(url_for("lists.show_list", list_id=row.id))


def _finished(row: services.ScoreListRow) -> Any:
    """Send a refused change back to the list, saying why."""
    if row.finished_at is not None:
        flash(_("This list is finished. Reopen it to change it."), "error")
    else:
        flash(_("Someone changed this list meanwhile. Look again and retry."), "error")
    return _to_list(row)


def _table_full(row: services.ScoreListRow, count: int) -> Any:
    """Send a deal past a tournament table's count back to the list: the table has played them all."""
    flash(_("All %(count)s deals of this table are played.", count=count), "error")
    return _to_list(row)


def _stored(state: services.ListState, number: int) -> services.DealResult:
    if not 1 <= number <= len(state.result.deals):
        raise services.NotFound(f"no deal {number}")
    return state.result.deals[number - 1]


def _note(form: DealForm, result: services.DealResult, deal: dict[str, Any]) -> str:
    """Say what the preview adds to the payouts: the rules across deals, a said Kontra, what was assumed.

    What was assumed is what the breakdown does not name: a bid, a game not forced.
    """
    parts = (deal_note(result), form.system.preview_note(deal), *assumed(form.rules, deal))
    return " · ".join(part for part in parts if part)


def _render(form: DealForm, state: services.ListState, *, number: int, edit: bool,
            deal: dict[str, Any] | None = None) -> Any:
    # The deal's page: the stored deal explained in full (the form may hold a changed one).
    stored = state.result.deals[number - 1].breakdown if edit else None
    return render_template(
        "deals/deal_form.html", form=form, state=state, row=state.row, number=number, edit=edit,
        game_label=game_label,
        trumps=json.dumps(form.trumps), laufende_from=json.dumps(form.laufende_from),
        version=state.deal_rows[number - 1].version if edit else None,
        carry_notes=[] if edit else carry_notes(state.result.rules, state.result.carry),
        preview_note=_note(form, form.preview, deal or {}) if form.preview else "",
        preview_line=one_line(form.preview.breakdown) if form.preview else "",
        breakdown=explained(stored, state.result.players, state.result.deals[number - 1].dealer) if stored else None,
    )


def _preview_into(form: DealForm, row: services.ScoreListRow, deal: dict[str, Any],
                  number: int | None) -> None:
    """The no-script preview: score the deal and show it on the form."""
    try:
        form.preview = services.preview_deal(row, deal, number=number)
    except ScoringError as error:
        form.add_error(error)


@bp.route("/l/<list_id>/deals/new", methods=["GET", "POST"])
def new_deal(list_id: str) -> Any:
    """Enter the next deal; a live preview shows what it pays."""
    row = access.editable_list(list_id, Work.DEALS)
    if row.finished_at is not None and request.method == "GET":  # a save: the service refuses it
        return _finished(row)
    state = services.list_state(row)
    if request.method == "GET" and row.tournament_id is not None and state.progress.complete:
        return _table_full(row, state.progress.target or 0)
    number = len(state.result.deals) + 1
    form = DealForm(state.result.rules, state.result.seated, state.result.next_dealer,
                    request.form if request.method == "POST" else None)
    if request.method == "GET":
        return _render(form, state, number=number, edit=False)
    # deal.js sends the form asking for JSON: the list comes back in the same answer.
    fetched = request.accept_mimetypes.best == "application/json"
    deal = form.deal()
    if not form.has_errors and request.form.get("action") == "preview":
        _preview_into(form, row, deal, None)
    elif not form.has_errors:
        try:
            result, created = services.add_deal(row, deal, idempotency_key=form.token)
        except ScoringError as error:
            form.add_error(error)
        except TableFull as error:
            if fetched:
                return _refused(_("All %(count)s deals of this table are played.", count=error.count))
            return _table_full(row, error.count)
        except services.Conflict:
            if fetched and row.finished_at is None:  # the form sent the old way says why, on the list
                return _refused("conflict")
            return _finished(row)
        else:
            if created:
                _saved(row, result.number)
            else:
                flash(_("Deal %(number)s was saved already.", number=result.number))
            return _list_after_save(row) if fetched else _to_list(row)
    if fetched:  # refused: the form sent the old way shows every reason at its field
        return _refused((form.first_error or (None, ""))[1])
    return _render(form, state, number=number, edit=False, deal=deal)


def _refused(reason: str) -> Any:
    """Nothing saved: deal.js sends the form the old way, whose page says why.

    A 200 with the reason, not a 4xx: a phone's browser reports every 4xx to
    its console as a failed load, and this one is expected.
    """
    return jsonify(saved=False, error=reason)


def _list_after_save(row: services.ScoreListRow) -> Any:
    """The list after a save sent by deal.js: its page's content, to show in place of the form.

    One answer of a few KiB, whatever the list's length: the newest deals, the
    totals, who deals next, the carry and the message with Undo; the chart
    waits until opened (static/list.js).
    """
    page = list_page(row, after_save=True)
    main = page[page.index("<main>") + len("<main>"):page.rindex("</main>")]
    return jsonify(url=url_for("lists.show_list", list_id=row.id),
                   title=row.title + " · " + _("Schafkopf list"), main=main)


def _saved(row: services.ScoreListRow, number: int) -> None:
    """Say the deal is saved, with the button that takes it out again."""
    message = _("Deal %(number)s saved.", number=number)
    deal_id = services.deal_id_at(row, number)
    if deal_id is None:  # pragma: no cover - it was stored a moment ago
        flash(message)
        return
    flash_undoable(message, action=url_for("deals.undo", list_id=row.id), label=_("Undo"),
                   fields={"last": deal_id})


def _restorable(row: services.ScoreListRow, message: str, deal_id: int, label: str) -> None:
    """Say a deal is gone, with the button that brings it back to its place."""
    flash_undoable(message, action=url_for("lists.restore_deal", list_id=row.id, deal_id=deal_id),
                   label=label)


@bp.post("/l/<list_id>/deals/preview")
def preview(list_id: str) -> Any:
    """What the posted form would pay, as JSON; nothing is kept."""
    row = access.editable_list(list_id, Work.DEALS)
    state = services.list_state(row)
    number = request.args.get("number", type=int)
    keep = None
    rules, seated = state.result.rules, state.result.seated
    waiting = _waiting(request.form.get("waiting")) if number is None else []
    after = services.after_waiting(row, waiting) if waiting else None
    named = None  # the dealer the deal is scored with, when the waiting deals cannot be replayed
    if number is None:
        dealer = state.result.next_dealer
        if after is not None:
            dealer, rules, seated = after.next_dealer, after.rules, after.players
        elif waiting and dealer in seated:
            # One of them will be refused: each deal moves the deal on a seat, as the phone shows it.
            named = dealer = seated[(seated.index(dealer) + len(waiting)) % len(seated)]
            waiting = []
    else:
        try:
            stored = _stored(state, number)
        except services.NotFound as error:
            return jsonify(error=str(error), field=None), 404
        dealer, keep = stored.dealer, stored.deal
        rules, seated = stored.rules or rules, stored.seating or seated
    form = DealForm(rules, seated, dealer, request.form)
    deal = form.deal(keep)
    if not form.has_errors:
        try:
            # After the waiting deals, the replay that found the dealer scores the deal too.
            result = services.score_next(after, deal) if after is not None else services.preview_deal(
                row, {**deal, "dealer": named} if named else deal, number=number)
        except ScoringError as error:
            form.add_error(error)
        else:
            answer = {"payouts": dict(result.payouts), "dealer": result.dealer,
                      "explained": one_line(result.breakdown)}
            note = _note(form, result, deal)
            if note:
                answer["note"] = note
            return jsonify(answer)
    field, message = form.first_error or (None, "")
    return jsonify(error=message, field="points" if field == "player_points" else field)


#: The most deals waiting on a phone that a preview replays before the new one.
MAX_WAITING = 100


def _waiting(text: str | None) -> list[dict[str, Any]]:
    """The deals waiting on the phone, as static/offline.js sends them with the form (a JSON list)."""
    try:
        deals = json.loads(text or "[]")
    except (ValueError, RecursionError):
        return []
    if not isinstance(deals, list) or len(deals) > MAX_WAITING or not all(isinstance(d, dict) for d in deals):
        return []
    return deals


@bp.get("/l/<list_id>/deals/<int:number>")
def show_deal(list_id: str, number: int) -> Any:
    """One stored deal, for anyone who can see the list: what it was, who dealt, why it pays that."""
    row = services.get_list(list_id)
    state = services.list_state(row)
    stored = _stored(state, number)
    players = state.result.players
    family = (stored.rules or state.result.rules).family
    return render_template(
        "deals/deal_view.html", row=row, state=state, stored=stored, number=number,
        players=players, count=len(state.result.deals),
        # The table's few words, then the same in full.
        short=Summaries(family, players)(stored.deal, stored.breakdown), summary=summary(stored.deal, family),
        breakdown=explained(stored.breakdown, players, stored.dealer),
        can_change=row.finished_at is None and access.can_change_deals(row, table_place(row)),
    )


@bp.route("/l/<list_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(list_id: str, number: int) -> Any:
    """Change a stored deal; the deals after it and the totals follow."""
    row = access.editable_list(list_id, Work.DEALS)
    if row.finished_at is not None:
        return _finished(row)
    state = services.list_state(row)
    stored = _stored(state, number)
    form = DealForm(stored.rules or state.result.rules, stored.seating or state.result.seated,
                    stored.dealer, request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.fill(stored.deal)
        return _render(form, state, number=number, edit=True)
    deal = form.deal(stored.deal)
    if not form.has_errors and request.form.get("action") == "preview":
        _preview_into(form, row, deal, number)
    elif not form.has_errors:
        version = request.form.get("version", type=int)
        try:
            services.update_deal(row, number, deal, version=version)
        except ScoringError as error:
            form.add_error(error)
        except services.Conflict:
            return _finished(row)
        else:
            flash(_("Deal %(number)s changed.", number=number))
            return _to_list(row)
    return _render(form, state, number=number, edit=True, deal=deal)


@bp.route("/l/<list_id>/deals/<int:number>/delete", methods=["GET", "POST"])
def delete_deal(list_id: str, number: int) -> Any:
    """Ask first, then delete a deal; the later deals move up.

    When taking the deal out would change who dealt the deals after it, the
    page asks why it goes: entered by mistake (the dealers follow the
    rotation) or played (they keep the dealers they had).
    """
    row = access.editable_list(list_id, Work.DEALS)
    if row.finished_at is not None:
        return _finished(row)
    state = services.list_state(row)
    stored = _stored(state, number)
    if request.method == "GET":
        return render_template(
            "deals/deal_delete.html", row=row, state=state, stored=stored, number=number,
            summary=summary(stored.deal, state.result.rules.family),
            moves=services.dealers_after_delete(row, number),
        )
    shown = request.form.get("deal", type=int)
    keep = request.form.get("dealers") == "keep"
    try:
        deleted = services.delete_deal(row, number, deal_id=shown, keep_dealers=keep)
    except services.Conflict:
        return _finished(row)
    except ScoringError as error:
        # Taking a deal out can leave a later one unscorable (a named dealer).
        flash(_("Deal %(number)s cannot be deleted: %(reason)s",
                number=number, reason=i18n.message(error)), "error")
        return _to_list(row)
    if deleted is None:
        flash(_("That deal was deleted already."))
    elif keep and number < len(state.result.deals):
        _restorable(row, _("Deal %(number)s deleted. The deals after it keep their dealers.",
                           number=number), deleted.id, _("Undo"))
    else:
        _restorable(row, _("Deal %(number)s deleted.", number=number), deleted.id, _("Undo"))
    return _to_list(row)


@bp.post("/l/<list_id>/undo")
def undo(list_id: str) -> Any:
    """Delete the last deal in one tap; the message after it brings it back in one more."""
    row = access.editable_list(list_id, Work.DEALS)
    shown = request.form.get("last", type=int)
    count = services.number_of(row, shown) if shown else len(services.kept_deals(row))
    try:
        undone = services.undo_last(row, deal_id=shown)
    except services.NotFound:
        flash(_("There is no deal to undo."), "error")
        return _to_list(row)
    except services.Conflict:
        return _finished(row)
    except ScoringError as error:
        flash(_("The last deal cannot be undone: %(reason)s", reason=i18n.message(error)), "error")
        return _to_list(row)
    if undone is None:
        flash(_("That deal was undone already."))
    else:
        _restorable(row, _("Deal %(number)s undone.", number=count), undone.id, _("Restore"))
    return _to_list(row)
