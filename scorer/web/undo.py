"""A message after a change that carries the button undoing it.

The button is a form that posts to a view (with the CSRF token), so it works
without scripts. The view puts what the button sends in the flash's category;
``templates/base.html`` draws it beside the message.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import flash


def flash_undoable(message: str, *, action: str, label: str,
                   fields: Mapping[str, str | int] | None = None) -> None:
    """Show ``message`` on the next page with a button that posts ``fields`` to ``action``."""
    # Flask keeps a flash's category in the session as it is: a dict serialises like a string.
    flash(message, {"action": action, "label": label, "fields": dict(fields or {})})  # type: ignore[arg-type]
