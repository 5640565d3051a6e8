"""The template filters every page uses: games, families, money, how long ago."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask import g
from flask_babel import format_currency, format_timedelta

from scorer.web.labels import family_label, game_label
from scorer.web.models import now


def game_filter(game: str, short: bool = False) -> str:
    """A game's name for the page, translated once per request."""
    labels: dict[tuple[str, bool], str] = g.setdefault("game_labels", {})
    if (game, short) not in labels:
        labels[game, short] = game_label(game, short=short)
    return labels[game, short]


def family_filter(family: str) -> str:
    """A family's name for the page."""
    return family_label(family)


def money_filter(cents: int, currency: str = "EUR", *, sign: bool = False) -> str:
    """Cents of a currency (ISO 4217) as money in the page's language; with ``sign``, +/− as the list shows points.

    Babel writes the locale's own minus (a hyphen in German and English); a
    signed amount takes the list's minus sign instead, and a plus for a win.
    """
    text = format_currency(Decimal(abs(cents) if sign else cents) / 100, currency)
    if not sign or cents == 0:
        return text
    return ("+" if cents > 0 else "\u2212") + text


def ago_filter(when: Any) -> str:
    """How long ago something changed."""
    # Flask-Babel leaves what format_timedelta returns unannotated.
    text: str = format_timedelta(when - now(), add_direction=True, threshold=1.0)
    return text
