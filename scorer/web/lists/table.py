"""The list table's rows as HTML: the one hot loop of the pages.

A list of a thousand deals has a thousand rows. Built here, each row is one
string format with its names escaped once per player, which costs a small
part of a template loop and keeps the list page within its budget
(docs/performance.md). The rest of the page, the table's head and foot included,
stays in templates/lists/list.html.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import format_decimal
from markupsafe import Markup, escape

from scorer.engine import Game, ListResult
from scorer.web.labels import sitting_out
from scorer.web.lists.summary import LEFT_OUT, Summaries, schneider_word
from scorer.web.names import short_names

_PLUS = '<td class="pay plus">+%s</td>'
_MINUS = '<td class="pay minus">\u2212%s</td>'
#: Nothing paid in this deal (a hand thrown in, the dealer sitting out): a dash, as on paper.
_ZERO = '<td class="pay">\u2013</td>'


def number(units: int) -> str:
    """A whole number in the page's language (1,040 or 1.040); small ones as they are."""
    return str(units) if units < 1000 else format_decimal(units)


def signed(units: int) -> str:
    """An amount with its sign and a minus (not a hyphen); zero, nothing, as a dash."""
    return f"+{number(units)}" if units > 0 else f"\u2212{number(-units)}" if units < 0 else "\u2013"


def total(units: int) -> str:
    """A running total with its sign: as ``signed``, but a total of zero is 0, not nothing."""
    return signed(units) if units else "0"


def _who(
    game: Game, declarer: str | None, partner: str | None, names: dict[str, str],
    words: Callable[..., str],
) -> str:
    """Who played the deal: the declarer, the partner the game's own rule names, or alone."""
    if not declarer:
        return ""
    who = names.get(declarer) or str(escape(declarer))
    # A partner the deal names by the game's own rule (not the fixed German one).
    if partner and game.partner in ("called", "took", "optional"):
        who += "+" + (names.get(partner) or str(escape(partner)))
    elif game.partner == "optional":
        who = str(escape(words("played_alone", declarer=declarer)))
    return f' <span class="declarer" title="{escape(words("declarer"))}">{who}</span>'


def _game_cell(
    head: str, tail: str, who: str, bock: int, doubled: int, doubler_word: str,
) -> tuple[str, str]:
    """The deal's line around its card points: its summary, what Bock and doublers multiplied, who played."""
    mark = f' <span class="bock" title="Bock">\u00d7{bock}</span>' if bock > 1 else ""
    if doubled > 1:
        mark += f' <span class="bock" title="{escape(doubler_word)}">\u00d7{doubled}</span>'
    return (f'<span class="game-name">{escape(head)}',
            f'{escape(tail)}</span>{mark}{who}</td></tr><tr>')


def _link_around(prefix: str, suffix: str, label: str, kind: str) -> tuple[str, str, str, str]:
    """A row's link as the text around its number (three times: address, name, visible), and its kind.

    Translated and escaped once for all the rows: the name is ``label`` ("Edit deal
    %(number)s") with the deal's number in it.
    """
    before, _, after = str(escape(label % {"number": "\x00"})).partition("\x00")
    return (f'<a class="row-{kind}" href="{escape(prefix)}',
            f'{escape(suffix)}" aria-label="{before}', f'{after}">', kind)


def rows_html(
    result: ListResult,
    *,
    summaries: Summaries,
    doubler_word: str,
    edit_prefix: str | None,
    edit_label: str,
    dealer_word: str,
    view_prefix: str | None = None,
    view_label: str = "",
    words: Callable[..., str],
    oldest_first: bool = False,
    newest: int | None = None,
    out_word: str = "",
) -> Markup:
    """Every deal (or the ``newest`` N), the newest first (the paper sheet: ``oldest_first``): number and dealer, the deal's summary, each payout.

    Each deal is a row group of two rows: the summary across the players'
    columns, then the payouts under their names, so six players fit on a
    narrow phone whatever the game is called. ``edit_prefix`` (the edit
    address up to the deal's number) makes the whole deal a link to edit it;
    else ``view_prefix`` (the deal pages' address up to the number) a link to
    read it, for watching phones and finished lists; with neither it shows
    plain (the paper sheet). ``words(role, **values)`` gives the family's
    words (Picker, "Anna alone"), translated. ``out_word``: what the payout
    cell of a player sitting the deal out says (the dealer, and the players
    after where the family seats more than play); empty, a dash as for nothing paid.
    """
    players = result.players
    names = {who: str(escape(who)) for who in players}
    # The link each row is, if any: to edit the deal, else to read it.
    link: tuple[str, str, str, str] | None = None
    if edit_prefix is not None:
        link = _link_around(edit_prefix, "/edit", edit_label, "edit")
    elif view_prefix is not None:
        link = _link_around(view_prefix, "", view_label, "open")
    # The dealer stays out of the edit link: the link's visible text (the number) is then
    # all in its name, "Edit deal N" (WCAG 2.5.3); the page lays the dealer over the link.
    word = escape(dealer_word)
    dealer_names = short_names(players, 4)
    dealer_cells = {
        who: f'<span class="dealer" title="{word}: {names[who]}">{escape(dealer_names[who])}</span></th>'
        for who in players
    }
    group = f'<tbody class="deal {link[3]}">' if link is not None else '<tbody class="deal">'
    head = f'{group}<tr><th scope="rowgroup" rowspan="2" class="num" id="deal-'
    span = f'<td class="game" colspan="{len(players)}" headers="deal-'
    # Rows repeat themselves: the same deal, the same payouts.
    games = result.rules.family.games
    game_cells: dict[tuple[Any, ...], tuple[str, str]] = {}
    who_spans: dict[tuple[str, str | None, str | None], str] = {}
    pay_cells: dict[tuple[Any, ...], str] = {}
    # Who sits each deal out, by its dealer and seating: where some do, their cells say so.
    outs: dict[tuple[str, tuple[str, ...]], frozenset[str]] = {}
    out_cell = f'<td class="pay out">{escape(out_word)}</td>'
    family = result.rules.family
    out = []
    shown = result.deals
    if newest is not None and newest < len(shown):
        shown = shown[len(shown) - newest:] if newest > 0 else ()
    first = len(result.deals) - len(shown)
    # doubler hands waiting before the first deal shown
    doublers = result.deals[first - 1].carry.doublers if first else 0
    for scored in shown:
        deal = scored.deal
        n = scored.number
        if link is not None:
            start = f'{head}{n}">{link[0]}{n}{link[1]}{n}{link[2]}{n}</a>'
        else:
            start = f'{head}{n}"><span class="row-number">{n}</span>'
        bock = scored.under_bock or 1
        # A Sheepshead pick takes up the doubler hands waiting, each doubling it.
        doubled = 1 << max(doublers - scored.carry.doublers, 0)
        doublers = scored.carry.doublers
        memo = (deal.game,) if deal.given <= LEFT_OUT else summaries.key(deal)
        key = (memo, deal.declarer, deal.partner, bock, doubled)
        cell = game_cells.get(key)
        if cell is None:
            played = (deal.game, deal.declarer, deal.partner)
            who = who_spans.get(played)
            if who is None:
                who = who_spans[played] = _who(
                    games[deal.game], deal.declarer, deal.partner, names, words)
            cell = game_cells[key] = _game_cell(
                *summaries.words(deal, memo), who, bock, doubled, doubler_word)
        # Card points are digits, slashes and dashes: nothing to escape.
        points = deal.points
        game = (cell[0] + (f" {points}" if points.__class__ is int else summaries.points(deal))
                + schneider_word(scored.breakdown) + cell[1])
        payouts = scored.payouts
        amounts: tuple[Any, ...] = tuple([payouts[who] for who in players])
        if out_word and family.most_active:
            seated = (scored.dealer, scored.seating or players)
            away = outs.get(seated)
            if away is None:
                away = outs[seated] = frozenset(sitting_out(family, seated[1], scored.dealer))
            amounts = tuple([None if who in away and not units else units for who, units in zip(players, amounts)])
        cells = pay_cells.get(amounts)
        if cells is None:
            cells = pay_cells[amounts] = "".join(
                out_cell if units is None
                else _PLUS % number(units) if units > 0 else _MINUS % number(-units) if units < 0
                else _ZERO
                for units in amounts
            )
        out.append(f'{start}{dealer_cells[scored.dealer]}{span}{n}">{game}{cells}</tr></tbody>')
    # The newest deal first: the one a table checks after entering it.
    if not oldest_first:
        out.reverse()
    return Markup("\n".join(out))
