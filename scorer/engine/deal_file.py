"""A deal of the list file, read against every family's games and keys."""

from __future__ import annotations

from typing import Any

from scorer.engine.deals import Deal, read_deal
from scorer.engine.families import GAMES, KEYS


def parse_deal(data: Any, number: int) -> Deal:
    """Read one deal of the list file; errors name the deal's number."""
    return read_deal(data, number, GAMES, KEYS)
