"""Sharing a list: its links with QR codes, a new edit key, export as JSON or CSV, import, print."""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from typing import Any

import segno
from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from babel.numbers import get_decimal_symbol
from flask_babel import format_decimal, get_locale
from flask_babel import gettext as _

from scorer.engine import ScoringError, parse_document
from scorer.web import access, services
from scorer.web.limits import limit_list_creation
from scorer.web.labels import doubling_word, game_label
from scorer.web.lists.forms import ActionForm
from scorer.web.lists.money import BALANCE_WORDS, money_currency
from scorer.web.lists.summary import Summaries, deal_keys, heading, value
from scorer.web.lists.table import rows_html
from scorer.web.pictures.views import chart_of
from scorer.web.models import ScoreListRow
from scorer.web.services.lists import POINTS_ONLY
from scorer.web.sharing.forms import ImportForm
from scorer.web.sharing.wording import import_error

bp = Blueprint("sharing", __name__)


def _link(row: ScoreListRow, which: str) -> str | None:
    """The absolute view or edit link, or None when this phone has no edit key."""
    if which == "edit":
        key = access.edit_key(row)
        if key is None:
            return None
        return url_for("lists.show_list", list_id=row.id, key=key, _external=True)
    return url_for("lists.show_list", list_id=row.id, _external=True)


@bp.get("/l/<list_id>/share")
def share(list_id: str) -> Any:
    """The view link and, for an editing phone, the edit link, each with a QR code."""
    row = services.get_list(list_id)
    response = Response(render_template(
        "sharing/share.html", row=row, view_link=_link(row, "view"), edit_link=_link(row, "edit"),
        action_form=ActionForm(),
    ))
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/l/<list_id>/key")
def reissue_key(list_id: str) -> Any:
    """Make a new edit link; the old one stops working on every phone."""
    row = access.editable_list(list_id)
    if ActionForm().validate_on_submit():
        access.remember_key(row, services.reissue_key(row))
        flash(_("New edit link made. The old one no longer works."))
    return redirect(url_for("sharing.share", list_id=row.id))


@bp.get("/l/<list_id>/qr.svg")
def qr(list_id: str) -> Any:
    """A QR code of the view or edit link, drawn on the server."""
    row = services.get_list(list_id)
    which = request.args.get("link", "view")
    if which not in ("view", "edit"):
        abort(404)
    link = _link(row, which)
    if link is None:
        raise services.NotAllowed("this needs the list's edit link")
    out = io.BytesIO()
    # The edit link's code is drawn red, like its frame on the share page: a code
    # passed on as a picture still says that it gives the right to change the list.
    segno.make(link, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False,
                                     dark="#a3262a" if which == "edit" else "#000",
                                     title=_("QR code of the link"))
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, no-store" if which == "edit" else "private, max-age=3600"
    return response


# -- export and import --------------------------------------------------------------------


def _filename(row: ScoreListRow, ext: str) -> str:
    """A safe file name from the list's title."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", row.title).strip("-").lower()[:40] or "list"
    return f"schafkopf-{stem}.{ext}"


@bp.get("/l/<list_id>/export.json")
def export_json(list_id: str) -> Any:
    """The list file, as a download."""
    row = services.get_list(list_id)
    document = services.export_document(services.list_state(row))
    body = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{_filename(row, "json")}"',
    })


def _text_cell(text: str) -> str:
    """A name for a spreadsheet cell: never read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _separator() -> str:
    """The locale's list separator: a semicolon where the decimal separator is a comma.

    Spreadsheet programs set to German read a comma as the decimal separator and
    split cells at semicolons: a comma-separated file opens as one column.
    """
    return ";" if get_decimal_symbol(get_locale()) == "," else ","


@bp.get("/l/<list_id>/export.csv")
def export_csv(list_id: str) -> Any:
    """One row per deal with every key, its summary and each player's payout; totals.

    In the page's language, with its separator; a money row closes the file.
    """
    row = services.get_list(list_id)
    result = services.list_state(row).result
    rules, family, players = result.rules, result.rules.family, result.players
    out = io.StringIO()
    # Excel takes a file without a byte order mark for the system's old code page.
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=_separator())
    keys = [k for k in deal_keys(rules) if k not in ("declarer", "partner", "points", "dealer")]
    firsts = [k for k in ("declarer", "partner", "points") if k in deal_keys(rules)]
    bock = rules.plays_bock
    stock = rules.plays_stock
    writer.writerow([
        _("Deal"), _("Dealer"), _("Game"), _("Summary"),
        *(_text_cell(heading(family, k)) for k in firsts + keys),
        *[_("Bock multiplier")] * bock, *[_("Stock (pot)")] * stock,
        *map(_text_cell, players),
    ])
    summaries = Summaries(family, players)
    for scored in result.deals:
        deal = scored.deal
        game = family.games.get(deal.game)
        taken = game.keys_for(rules) if game is not None else None
        writer.writerow([
            scored.number, _text_cell(scored.dealer), _text_cell(game_label(deal.game)),
            _text_cell(summaries(deal, scored.breakdown)),
            *(_text_cell(value(family, players, taken, deal, k)) for k in firsts + keys),
            *[scored.under_bock] * bock, *[scored.pot] * stock,
            *(scored.payouts[p] for p in players),
        ])
    blank = [""] * (3 + len(firsts) + len(keys) + bock)
    writer.writerow([_("Total"), *blank, *[result.pot] * stock,
                     *(result.totals[p] for p in players)])
    # Money as the locale writes a number (no currency sign), so a spreadsheet can add it up;
    # a list in points only says its balances in points.
    cents = rules.point_value
    balances = (
        (format_decimal(Decimal(result.totals[p] * cents) / 100, format="0.00") for p in players)
        if row.currency != POINTS_ONLY else (result.totals[p] for p in players)
    )
    writer.writerow([str(BALANCE_WORDS[row.currency]), *blank, *[""] * stock, *balances])
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{_filename(row, "csv")}"',
    })


@bp.route("/import", methods=["GET", "POST"])
@limit_list_creation
def import_list() -> Any:
    """Store a pasted or uploaded list file as a new list."""
    form = ImportForm()
    if form.validate_on_submit():
        upload = form.upload.data
        uploaded = upload is not None and bool(getattr(upload, "filename", None))
        raw: str | bytes = upload.read() if uploaded else form.text.data or ""
        try:
            row, key = services.create_list(
                parse_document(raw), token=(form.once.data or "")[:64] or None
            )
        except ScoringError as error:
            field = form.upload if uploaded else form.text
            field.errors = [*field.errors, import_error(error, raw)]
        else:
            access.remember_key(row, key)
            access.prompt_to_keep_link(row)
            flash(_("The list is imported."))
            return redirect(url_for("lists.show_list", list_id=row.id))
    return render_template("sharing/import.html", form=form)




# -- the paper block, printed ---------------------------------------------------------------


@bp.get("/l/<list_id>/print")
def print_list(list_id: str) -> Any:
    """The whole list on one sheet, like the paper block: deals, totals, chart, who pays whom."""
    row = services.get_list(list_id)
    result = services.list_state(row).result
    return render_template(
        "sharing/print.html", row=row, result=result, value=result.rules.point_value,
        currency=money_currency(row),
        transfers=result.settlement, chart=chart_of(result),
        rows=rows_html(
            result,
            summaries=Summaries(result.rules.family, result.players,
                                game_word=lambda game: game_label(game, short=True)),
            doubler_word=doubling_word(result.rules.family), edit_prefix=None,
            edit_label="", dealer_word=_("Dealer"),
            words=lambda role, **values: _(result.rules.family.word(role), **values),
            oldest_first=True,  # paper runs from the top down
            out_word=_("out"),
        ),
    )
