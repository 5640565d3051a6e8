"""The one error the engine raises for input that cannot be scored."""

from __future__ import annotations

import json
from typing import Any


def N_(text: str) -> str:
    """Mark an English message template for translation, and return it as it is.

    The engine stays free of any translation machinery: ``pybabel extract -k N_``
    collects the templates, and the web layer looks them up in the player's
    language (``scorer.web.i18n``).
    """
    return text


class ScoringError(ValueError):
    """A list, a rule or a deal that cannot have happened.

    ``deal`` is the 1-based number of the deal at fault (None outside the
    deals), ``key`` the list-file key, ``reason`` words a player can act on.

    The reason is kept as a ``template``, an English %-format string with named
    placeholders marked with :func:`N_`, and the ``params`` that fill it in, so
    that it can be shown in another language::

        raise ScoringError("points", N_("%(points)s is more than 120"), points=130)

    ``reason`` is the template filled in: the English words. The params may be
    called anything but ``key``, ``template`` and ``deal``; without params the
    template is the reason as it stands (a ``%`` in it needs no doubling).
    """

    def __init__(
        self, key: str, template: str, *, deal: int | None = None, **params: object
    ) -> None:
        self.key = key
        self.template = template
        self.params: dict[str, object] = params
        self.deal = deal
        self.reason = template % params if params else template
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The one-line message: ``deal 3: points: 121 is more than ...``.

        Names come from the list file and may hold a line break or a tab;
        they are written escaped, so the message is always one line.
        """
        where = f"deal {self.deal}: " if self.deal is not None else ""
        return one_line(f"{where}{self.key}: {self.reason}")

    def in_deal(self, number: int) -> ScoringError:
        """The same error, naming the deal it was found in."""
        return ScoringError(self.key, self.template, deal=number, **self.params)

    def __str__(self) -> str:
        return self.message


#: Control characters written as escapes (``\n``, ``\x07``) in messages.
_ESCAPED = {code: ascii(chr(code))[1:-1] for code in (*range(32), 127)}


def one_line(text: str) -> str:
    """The text with line breaks and other control characters escaped."""
    return text.translate(_ESCAPED)


def shown(value: Any) -> str:
    """Show a value from the list file in a message, short and safe."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
