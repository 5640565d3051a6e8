"""The list table's rows as HTML: the one hot loop of the pages.

A list of a thousand deals has a thousand rows. Built here, each row is one
string format with its names escaped once per player, which costs a small
part of a template loop and keeps the list page within its budget (README,
"Performance"). The rest of the page, the table's head and foot included,
stays in templates/lists/list.html.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup, escape

from scorer.engine import Game, ListResult

_PLUS = '<td class="pay plus">+%d</td>'
_MINUS = '<td class="pay minus">\u2212%d</td>'
_ZERO = '<td class="pay">\u2013</td>'


def short(name: str, length: int = 5) -> str:
    """A name cut to fit a narrow column."""
    return name if len(name) <= length else name[: length - 1] + "."


def signed(units: int) -> str:
    """A payout with its sign; zero as a dash."""
    return f"+{units}" if units > 0 else f"\u2212{-units}" if units < 0 else "\u2013"


def _game_cell(
    game: Game, declarer: str | None, partner: str | None, tout: bool, sie: bool, bock: int,
    doubled: int, game_label: Callable[[str], str], names: dict[str, str],
    words: Callable[..., str],
) -> str:
    """The game column: the game's name, who played it, what Bock and doublers multiplied.

    ``words(role, **values)`` gives the family's word for a role in the page's language.
    """
    text = game_label(game.name) + (" Tout" if tout else "") + (" Sie" if sie else "")
    who = ""
    if declarer:
        who = names.get(declarer) or str(escape(declarer))
        # A partner the deal names by the game's own rule (not the fixed German one).
        if partner and game.partner in ("called", "took", "optional"):
            who += "+" + (names.get(partner) or str(escape(partner)))
        elif game.partner == "optional":
            who = str(escape(words("played_alone", declarer=declarer)))
        who = f'<span class="declarer" title="{escape(words("declarer"))}">{who}</span>'
    mark = f' <span class="bock" title="Bock">×{bock}</span>' if bock > 1 else ""
    if doubled > 1:
        mark += f' <span class="bock" title="{escape(game_label("doubler"))}">×{doubled}</span>'
    return f'<td class="game"><span class="game-name">{escape(text)}</span>{mark}{who}</td>'


def rows_html(
    result: ListResult,
    *,
    game_label: Callable[[str], str],
    edit_prefix: str | None,
    edit_label: str,
    dealer_word: str,
    words: Callable[..., str],
) -> Markup:
    """Every deal's row: number and dealer, game and declarer, each payout.

    ``edit_prefix`` (the edit address up to the deal's number) makes the
    number a link to edit the deal; None shows it plain, for watching phones.
    ``words(role, **values)`` gives the family's words (Picker, "Anna alone"), translated.
    """
    players = result.players
    names = {who: str(escape(who)) for who in players}
    prefix = str(escape(edit_prefix)) if edit_prefix is not None else None
    # The dealer stays out of the edit link: the link's visible text (the number) is then
    # all in its name, "Edit deal N" (WCAG 2.5.3); the page lays the dealer over the link.
    word = escape(dealer_word)
    dealer_cells = {
        who: f'<span class="dealer" title="{word}: {names[who]}">{escape(short(who, 4))}</span></td>'
        for who in players
    }
    # Rows repeat themselves: the same game and declarer, the same payouts.
    games = result.rules.family.games
    game_cells: dict[tuple[str, str | None, str | None, bool, bool, int, int], str] = {}
    pay_cells: dict[tuple[int, ...], str] = {}
    out = []
    doublers = 0  # doubler hands waiting before the deal
    for scored in result.deals:
        deal = scored.deal
        number = scored.number
        if prefix is not None:
            label = escape(edit_label % {"number": number})
            start = (f'<tr><td class="num"><a class="row-edit" href="{prefix}{number}/edit" '
                     f'aria-label="{label}"><span class="row-number">{number}</span></a>')
        else:
            start = f'<tr><td class="num"><span class="row-number">{number}</span>'
        bock = scored.bock or 1
        # A Sheepshead pick takes up the doubler hands waiting, each doubling it.
        doubled = 1 << max(doublers - scored.carry.doublers, 0)
        doublers = scored.carry.doublers
        key = (deal.game, deal.declarer, deal.partner, deal.tout, deal.sie, bock, doubled)
        game = game_cells.get(key)
        if game is None:
            game = game_cells[key] = _game_cell(
                games[deal.game], deal.declarer, deal.partner, deal.tout, deal.sie, bock, doubled,
                game_label, names, words,
            )
        payouts = scored.payouts
        amounts = tuple([payouts[who] for who in players])
        cells = pay_cells.get(amounts)
        if cells is None:
            cells = pay_cells[amounts] = "".join(
                _PLUS % units if units > 0 else _MINUS % -units if units < 0 else _ZERO
                for units in amounts
            )
        out.append(f"{start}{dealer_cells[scored.dealer]}{game}{cells}</tr>")
    return Markup("\n".join(out))
