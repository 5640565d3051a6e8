"""An import refused, in the player's language: no parser English, no raw family keys.

The engine words a broken list file with the JSON parser's own message
(``is not valid JSON: Expecting value at line 1, column 1``), right for the
command line; a page says it in the player's words instead, and says what a
spreadsheet file (the CSV export) is doing in the import box.
"""

from __future__ import annotations

import re

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorer.engine import FAMILIES, ScoringError
from scorer.web import i18n
from scorer.web.labels import seats_problem

#: The JSON parser's messages (Python's json module), in a player's words.
JSON_PROBLEMS = {
    "Expecting value": _l("a value is missing here"),
    "Expecting property name enclosed in double quotes": _l("a key in double quotes is expected here"),
    "Expecting ',' delimiter": _l("a comma is missing here"),
    "Expecting ':' delimiter": _l("a colon is missing here"),
    "Unterminated string starting at": _l("a text in quotes starts here and is never closed"),
    "Extra data": _l("something follows after the end of the list"),
    "Invalid control character at": _l("a text holds a line break or another control character here"),
    "Invalid \\escape": _l("a backslash here starts no escape JSON knows"),
    "Invalid \\uXXXX escape": _l("a \\u escape here is not four hex digits"),
}

#: The engine's templates of a list file that is no JSON.
_NOT_JSON = "is not valid JSON: %(problem)s at line %(line)s, column %(column)s"

#: A first line of a table: words split by semicolons, commas or tabs, no braces.
_TABLE_LINE = re.compile(r"^[^{}\[\]\"]*[;,\t][^{}\[\]]*$")


def looks_like_a_table(raw: str | bytes) -> bool:
    """Tell whether the text is a spreadsheet's rows (the CSV export), not a list file."""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8-sig", "replace")
    text = raw.lstrip("\ufeff").strip()
    if not text or text[0] in "{[":
        return False
    return bool(_TABLE_LINE.match(text.splitlines()[0]))


def import_error(error: ScoringError, raw: str | bytes) -> str:
    """What to say about a list file the import refused, in the page's language."""
    if error.key == "list file" and error.template == _NOT_JSON:
        if looks_like_a_table(raw):
            return _(
                "This is a table (CSV), as the CSV button writes it: it cannot be read back. "
                "Import takes the list file (JSON) that the Export button writes."
            )
        problem = JSON_PROBLEMS.get(str(error.params["problem"]))
        if problem is not None:
            return _(
                "The list file is not valid JSON: %(problem)s (line %(line)s, column %(column)s).",
                problem=problem, line=error.params["line"], column=error.params["column"],
            )
        return _(
            "The list file is not valid JSON at line %(line)s, column %(column)s.",
            line=error.params["line"], column=error.params["column"],
        )
    if error.key == "list file" and error.template.startswith(("is ", "must ")):
        return _("The list file %(reason)s", reason=i18n.reason(error))
    family_name = error.params.get("family")
    if error.key == "players" and " is played by " in error.template and family_name in FAMILIES:
        return seats_problem(FAMILIES[str(family_name)], int(str(error.params["count"])))
    if isinstance(family_name, str) and family_name in FAMILIES:
        named = ScoringError(error.key, error.template, deal=error.deal,
                             **{**error.params, "family": _(FAMILIES[family_name].label)})
        return i18n.message(named)
    return i18n.message(error)
