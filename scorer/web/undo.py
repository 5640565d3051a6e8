"""The messages a change leaves for the next page, and the button undoing it.

The button is a form that posts to a view (with the CSRF token), so it works
without scripts. The view puts what the button sends in the flash's category;
``templates/base.html`` draws it beside the message.

A message waits in the session until a page shows it. The phone also asks for
pages on its own: the service worker keeps a list's page and its new-deal form
for a time without reception, and a list page following other phones fetches
itself again. Those fetches say so in the ``X-Scorer-Background`` header and
leave the messages where they are; one of them answered between an Undo and
the page it leads to would take "Deal 2 undone." and its Restore button with
it, into a page nobody sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from flask import flash, get_flashed_messages, request

#: The header a fetch the phone makes on its own sends (static/sw.js, static/list.js).
#: A group's page leaves its edit link out of such a copy (groups.show_group).
BACKGROUND = "X-Scorer-Background"


def flash_undoable(message: str, *, action: str, label: str,
                   fields: Mapping[str, str | int] | None = None) -> None:
    """Show ``message`` on the next page with a button that posts ``fields`` to ``action``."""
    # Flask keeps a flash's category in the session as it is: a dict serialises like a string.
    flash(message, {"action": action, "label": label, "fields": dict(fields or {})})  # type: ignore[arg-type]


def page_messages() -> list[tuple[Any, str]]:
    """The messages this page shows, as ``(category, message)``: none for a fetch in the background."""
    if request.headers.get(BACKGROUND):
        return []
    return cast(list[tuple[Any, str]], get_flashed_messages(with_categories=True))
