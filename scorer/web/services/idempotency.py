"""Idempotency-Keys: which keys are kept, and the fingerprint of what was sent with one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any


#: The longest Idempotency-Key taken; it is kept whole.
MAX_IDEMPOTENCY_KEY = 255


def valid_idempotency_key(key: str | None) -> bool:
    """Tell whether a key can be kept: 1 to 255 printable ASCII characters.

    The IETF Idempotency-Key draft makes the key a structured-field string,
    which holds printable ASCII only.
    """
    return (key is not None and 0 < len(key) <= MAX_IDEMPOTENCY_KEY
            and all(" " <= char <= "~" for char in key))


def fingerprint(data: Mapping[str, Any]) -> str:
    """A hash of a deal as sent: the same deal in any key order gives the same hash."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class BadIdempotencyKey(ValueError):
    """An Idempotency-Key that cannot be kept: the request's mistake (a 400), not the deal's."""


def sent_with_key(idempotency_key: str | None, data: Mapping[str, Any]) -> str | None:
    """The fingerprint of what was sent with this Idempotency-Key (None without one); refused if the key is bad.

    The one place a key is checked, for a deal and for a change alike.
    """
    if idempotency_key is None:
        return None
    if not valid_idempotency_key(idempotency_key):
        raise BadIdempotencyKey(
            f"Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} printable ASCII characters")
    return fingerprint(data)

