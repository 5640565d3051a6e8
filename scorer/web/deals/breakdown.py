"""A deal's breakdown in the table's language: one line beside Save, every piece on the deal's page.

The words are the engine's (``scorer.engine.breakdown_words.ENGLISH``), looked up
in the catalog of the request's language; a name the engine adds later and
nobody has worded yet shows as it is, never as nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import Breakdown, describe
from scorer.engine.breakdown import CAP
from scorer.engine.breakdown_words import ENGLISH, ENGLISH_COUNTED, multiplier_name, paid_in_each, term_name


def word(name: str) -> str:
    """A breakdown's machine name (a term, multiplier, role, Stock move) in the page's language."""
    english = ENGLISH.get(name)
    return name if english is None else _(english)


def counted(name: str, count: int) -> str:
    """A count and the name it counts in the page's language, the name singular for one."""
    english = ENGLISH_COUNTED.get(name)
    return f"{count} {word(name)}" if english is None else ngettext(*english, count)


#: A negative amount in the line: the pages write its minus as a minus sign, like every amount.
_NEGATIVE = re.compile(r"(?<= )-(?=\d)")
#: A space between a word and its number: ``Kontra ×2``, ``Schneider 10``, ``3 Laufende``,
#: ``90 each``. Not one beside a ``+``, ``=`` or ``·`` between the terms.
_TIED = re.compile(r"(?<=[^\s+=·]) (?=[×+\u2212]?\d)|(?<=\d) (?=[^\s+=·])")


def one_line(breakdown: Breakdown) -> str:
    """The breakdown in one line, as the preview beside Save shows it.

    A word and its number are held together by a no-break space, so the line
    wraps between its terms, never between ``Kontra`` and its ``×2``.
    """
    return _TIED.sub("\u00a0", _NEGATIVE.sub("\u2212", describe(breakdown, word, counted)))


@dataclass(frozen=True, slots=True)
class Step:
    """One row of the value's arithmetic: what it is, and the number it brings."""

    label: str
    amount: str


@dataclass(frozen=True, slots=True)
class PlayerPart:
    """One player's payout, worked out: their share of the value and what the Stock moved."""

    player: str
    role: str
    #: Times the value (+ wins, - pays).
    times: int
    #: Taken out of the Stock (+) or paid into it (-); 0 when it moved nothing for them.
    stock: int
    payout: int


@dataclass(frozen=True, slots=True)
class Explained:
    """A breakdown laid out for the deal's page, every name in words."""

    terms: tuple[Step, ...]
    #: The terms' sum, when there is more than one term.
    subtotal: int | None
    multipliers: tuple[Step, ...]
    value: int
    players: tuple[PlayerPart, ...]
    #: The Stock's move in words, with the pot before and after; None when it moved nothing.
    stock: tuple[str, int, int] | None
    #: What the deal put on the tally, each in words with its count ("9 Strokes").
    tally: tuple[str, ...]
    #: A hand thrown in under the Stock, in words: what each player paid into it; else "".
    thrown_in: str = ""


def _named(count: int | None, name: str) -> str:
    return counted(name, count) if count is not None else word(name)


def explained(breakdown: Breakdown, players: tuple[str, ...], dealer: str | None = None) -> Explained:
    """Every piece of the breakdown in words, and each player's payout in the list's seating order.

    A player without a share sits out: the ``dealer`` "deals, sits out", any other just sits out.
    """
    multipliers = tuple(
        Step(word(m.name), str(m.factor)) if m.name == CAP
        else Step(_named(m.count if m.count and m.count > 1 else None, multiplier_name(breakdown, m)),
                  f"×{m.factor}")
        for m in breakdown.multipliers
    )
    moved = dict(breakdown.stock.amounts) if breakdown.stock is not None else {}
    roles = {who: s for s in breakdown.shares for who in s.players}
    parts: list[PlayerPart] = []
    for who in players:
        share = roles.get(who)
        # A player sitting out has no share: nothing times the value.
        out = _("deals, sits out") if dealer is None or who == dealer else _("sits out")
        role, times = (word(share.role), share.times) if share else (out, 0)
        pot = moved.get(who, 0)
        parts.append(PlayerPart(who, role, times, pot, times * breakdown.value + pot))
    stock = breakdown.stock
    paid_in = paid_in_each(breakdown)
    return Explained(
        terms=tuple(Step(_named(t.count, term_name(t)), str(t.units)) for t in breakdown.terms),
        subtotal=sum(t.units for t in breakdown.terms) if len(breakdown.terms) > 1 else None,
        multipliers=multipliers,
        value=breakdown.value,
        players=tuple(parts),
        stock=None if stock is None else (word(stock.name), stock.before, stock.after),
        tally=tuple(counted(t.name, t.units) for t in breakdown.tally),
        thrown_in="" if paid_in is None else counted("paid_in_each", paid_in),
    )
