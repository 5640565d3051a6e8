"""A deal of the list file, read against every family's games and keys."""

from __future__ import annotations

from typing import Any

from scorer.engine.deals import Deal, read_deal
from scorer.engine.families import GAMES, KEYS, Family


def parse_deal(data: Any, number: int, family: Family | None = None) -> Deal:
    """Read one deal of the list file; errors name the deal's number.

    ``family``: the list's, whose games a refusal offers (by default every
    family's games).
    """
    return read_deal(data, number, GAMES, KEYS, named=None if family is None else tuple(family.games))
