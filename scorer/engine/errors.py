"""The one error the engine raises for input that cannot be scored."""

from __future__ import annotations

import json
from typing import Any


class ScoringError(ValueError):
    """A list, a rule or a deal that cannot have happened.

    ``deal`` is the 1-based number of the deal at fault (None outside the
    deals), ``key`` the list-file key, ``reason`` words a player can act on.
    """

    def __init__(self, key: str, reason: str, *, deal: int | None = None) -> None:
        self.key = key
        self.reason = reason
        self.deal = deal
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The one-line message: ``deal 3: points: 121 is more than ...``."""
        where = f"deal {self.deal}: " if self.deal is not None else ""
        return f"{where}{self.key}: {self.reason}"

    def __str__(self) -> str:
        return self.message


def shown(value: Any) -> str:
    """Show a value from the list file in a message, short and safe."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
