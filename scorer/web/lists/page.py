"""The list page: the table of deals, the totals, the chart and the statistics.

Both the list's own view and the answer to a saved deal render it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import get_template_attribute, render_template, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from scorer.web import access, services
from scorer.web.services import table_scope
from scorer.web.i18n import select_locale
from scorer.web.labels import doubling_word, sit_out_words
from scorer.web.labels import sitting_out as seats_out
from scorer.web.lists.carry import carry_notes
from scorer.web.lists.filters import game_filter
from scorer.web.lists.forms import ActionForm
from scorer.web.lists.money import money_currency
from scorer.web.lists.summary import Summaries
from scorer.web.lists.table import rows_html
from scorer.web.pictures.views import chart_of, statistics_of, statistics_words, tally_pictures


def sitting_out(state: services.ListState, dealer: str | None = None) -> tuple[str, ...]:
    """Who sits the next deal (or one ``dealer`` deals) out: the dealer and the players after, where the family has them."""
    result = state.result
    return seats_out(result.rules.family, result.seated, dealer or result.next_dealer)


def leader(state: services.ListState, dealer: str | None = None) -> str:
    """Who leads the next deal (or one ``dealer`` deals): the first active player after the dealer."""
    players = state.result.seated
    seat = players.index(dealer or state.result.next_dealer)
    out = sitting_out(state, dealer)
    turn = [players[(seat + step) % len(players)] for step in range(1, len(players) + 1)]
    return next((who for who in turn if who not in out), turn[0])


def dealers_after(state: services.ListState) -> list[dict[str, str]]:
    """Who deals after as many more deals as the index, around the table once: the dealer, who leads, who sits out.

    The deals waiting on a phone without reception move the deal on a seat each,
    as the server will when it stores them (static/waiting_rows.js shows the line).
    """
    result = state.result
    if result.next_dealer not in result.seated:
        return []
    seats = result.seated
    first = seats.index(result.next_dealer)
    dealers = [seats[(first + step) % len(seats)] for step in range(len(seats))]
    return [{"dealer": dealer, "leader": leader(state, dealer), "out": sit_out_words(sitting_out(state, dealer))}
            for dealer in dealers]


#: How many deals the list page shows, the newest first; the rest behind "Show all".
NEWEST = 40

#: The chart (by list revision and language) and the statistics (by revision):
#: they read every deal, so they are worked out once per change of the list.
_CHARTS = services.ByRevision(kept=64)
_STATISTICS = services.ByRevision(kept=64)


def chart(state: services.ListState) -> Any:
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
        key, lambda: table(figures["stats"], state.result.players, figures["stat_games"],
                          statistics_words([state.result.rules.family.name])), keep=state.current,
    )



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
    place = table_scope.table_place(row)
    can_edit = access.can_change_deals(row, place)
    tally = state.result.tally_dict()
    played = len(state.result.deals)
    lazy_chart = played > 0 and not every_deal and (after_save or played > NEWEST)
    deals_prefix = url_for("deals.show_deal", list_id=row.id, number=1).removesuffix("1")
    figures = _statistics(state)
    return render_template(
        "lists/list.html", state=state, row=row, result=state.result,
        progress=state.progress, tally=tally, leader=leader(state), dealers_after=dealers_after(state),
        sitting_out=sit_out_words(sitting_out(state)),
        carry_notes=carry_notes(state.result.rules, state.result.carry),
        pictures=tally_pictures(state.result, tally), lazy_chart=lazy_chart, after_save=after_save,
        chart=None if lazy_chart else chart(state), **figures,
        stats_html=None if after_save else _statistics_html(state, figures),
        can_edit=can_edit, can_change=can_edit and not state.finished,
        place=place, organiser=place is not None and access.organises(row),
        corrections=table_scope.corrections(row),
        # A table's list has no settling up: its whole page carries the chart.
        chart_url=url_for("lists.show_list", list_id=row.id, deals="all") if place
        else url_for("lists.settle", list_id=row.id),
        keep_link=access.take_keep_link_prompt(row),
        action_form=ActionForm(), group=services.group_of(row),
        # Each total in money beside the points, where a point is worth some.
        currency=money_currency(row) if state.result.rules.point_value else None,
        value=state.result.rules.point_value,
        deleted=services.restorable(row) if can_edit and not state.finished else [],
        hidden_deals=0 if every_deal else max(played - NEWEST, 0),
        page_url=url_for("lists.show_list", list_id=row.id, deals="all" if every_deal else None),
        rows=rows_html(
            state.result,
            summaries=Summaries(state.result.rules.family, state.result.players,
                                game_word=lambda game: game_filter(game, short=True)),
            doubler_word=doubling_word(state.result.rules.family),
            # An open list's editor opens a deal to change it; anyone else, to read it.
            edit_prefix=deals_prefix if can_edit and not state.finished else None,
            edit_label=_("Edit deal %(number)s"),
            view_prefix=deals_prefix, view_label=_("Deal %(number)s"),
            dealer_word=_("Dealer"),
            words=lambda role, **values: _(state.result.rules.family.word(role), **values),
            newest=None if every_deal else NEWEST,
            out_word=_("out"),
        ),
    )
