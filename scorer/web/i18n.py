"""The request's language, and engine errors in it.

The language is the one chosen with the switch, else the browser's. The engine words its errors in English and keeps each one's template and
params (``scorer.engine.errors``); here the template is looked up in the
catalog of the request's language and filled in. The JSON API keeps English.
"""

from __future__ import annotations

from flask import request, session
from flask_babel import get_translations
from flask_babel import gettext as _

from scorer.engine import ScoringError, one_line

#: The languages of the pages, the first the default.
LANGUAGES = ("en", "de")
#: The regions whose printers hold US Letter paper; everywhere else (and a language without a
#: region) prints on A4.
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "PR", "CL", "CO", "VE", "CR", "GT", "PA", "DO", "SV", "NI"})


def select_locale() -> str:
    """The language chosen with the switch, else the browser's."""
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return str(chosen)
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def paper() -> str:
    """The paper the phone's region prints on, ``"letter"`` or ``"a4"``: the first language asked
    for that names a region decides (``en-US``: letter; ``de-DE``, ``en``: A4)."""
    for tag, _quality in request.accept_languages:
        region = tag.replace("_", "-").split("-")[1:2]
        if region and len(region[0]) == 2:
            return "letter" if region[0].upper() in LETTER_REGIONS else "a4"
    return "a4"


def encodable(text: str) -> str:
    """The text with lone surrogates (a list file may hold them as escapes) written as escapes.

    A page is sent as UTF-8, which has no lone surrogates.
    """
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def reason(error: ScoringError) -> str:
    """The words a player can act on, as ``error.reason`` in the page's language."""
    template = get_translations().ugettext(error.template)
    if not error.params:
        return encodable(str(template))
    try:
        return encodable(str(template % error.params))
    except (KeyError, ValueError, TypeError):  # a broken translation: keep the English
        return encodable(error.reason)


def message(error: ScoringError) -> str:
    """The one-line message, as ``error.message`` in the page's language.

    The key stays as it is: it names a key of the list file.
    """
    key = encodable(error.key)
    if error.deal is None:
        return one_line(f"{key}: {reason(error)}")
    return one_line(_("deal %(number)s: %(key)s: %(reason)s",
                      number=error.deal, key=key, reason=reason(error)))
