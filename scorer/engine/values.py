"""Strict readers for list-file values: JSON types are never guessed."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from scorer.engine.errors import ScoringError, shown


def whole(value: Any, key: str, *, low: int, high: int) -> int:
    """Read a whole number between low and high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(key, f"must be a whole number, not {shown(value)}")
    if value < low:
        raise ScoringError(key, f"{shown(value)} is less than {low}")
    if value > high:
        raise ScoringError(key, f"{shown(value)} is more than {high}")
    return value


def flag(value: Any, key: str) -> bool:
    """Read true or false (null counts as false)."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ScoringError(key, f"must be true or false, not {shown(value)}")
    return value


def name(value: Any, key: str) -> str:
    """Read a player's name."""
    if not isinstance(value, str) or not value.strip():
        raise ScoringError(key, f"must be a player's name, not {shown(value)}")
    return value


def mapping(value: Any, key: str) -> dict[str, Any]:
    """Read a JSON object."""
    if not isinstance(value, dict):
        raise ScoringError(key, f"must be an object, not {shown(value)}")
    return value


def unknown_key(key: str, known: Iterable[str], where: str, *, path: str = "") -> ScoringError:
    """Refuse a key the format does not know, by name, with a likely fix.

    ``path`` is the dotted place of the object holding it, as in ``rules.tariffs``.
    """
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]}?)" if close else ""
    prefix = f"{path}." if path else ""
    return ScoringError(prefix + shown(key).strip('"'), f"is not a key of {where}{hint}")
