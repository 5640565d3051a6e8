"""A list's currency on the pages: its choices, its default from the phone, and where money shows.

A list settles in a currency (``services.lists.LIST_CURRENCIES``) or in
points only; its pages show money only where the list has some.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l

from scorer.web.models import ScoreListRow
from scorer.web.services.lists import LIST_CURRENCIES, POINTS_ONLY

#: Each currency as the new-list page offers it.
CURRENCY_LABELS = {
    "EUR": _l("Euro (€)"),
    "USD": _l("Dollar ($)"),
    "CHF": _l("Swiss franc (CHF)"),
    "GBP": _l("Pound (£)"),
    POINTS_ONLY: _l("Points only (no money)"),
}

#: The heading of the spreadsheet's last row: each balance in the list's money.
BALANCE_WORDS = {
    "EUR": _l("Balance in euros"),
    "USD": _l("Balance in dollars"),
    "CHF": _l("Balance in Swiss francs"),
    "GBP": _l("Balance in pounds"),
    POINTS_ONLY: _l("Balance in points"),
}

#: The money of a phone's language and region (Accept-Language); any other: euros.
REGION_CURRENCIES = {
    ("en", "us"): "USD",
    ("en", "gb"): "GBP",
    ("de", "ch"): "CHF",
    ("fr", "ch"): "CHF",
    ("it", "ch"): "CHF",
}

def currency_of_request() -> str:
    """The currency a new list starts with: the one of the phone's first language and region.

    A phone set to American English starts a list in dollars, one set to
    Swiss German in francs; the select shows it chosen before the list starts.
    """
    best = next(iter(request.accept_languages.values()), "")
    language, _, region = best.replace("_", "-").lower().partition("-")
    return REGION_CURRENCIES.get((language, region.partition("-")[0]), LIST_CURRENCIES[0])


def currency_choices() -> list[tuple[str, Any]]:
    """The currencies a list may settle in, with their words: (code, label)."""
    return [(code, CURRENCY_LABELS[code]) for code in LIST_CURRENCIES]


def money_currency(row: ScoreListRow) -> str | None:
    """The currency the list's pages show money in; None: a tournament's table or a list in points only.

    A tournament's table plays for the tournament's points, never for money.
    """
    if row.tournament_id is not None or row.currency == POINTS_ONLY:
        return None
    return row.currency or LIST_CURRENCIES[0]
