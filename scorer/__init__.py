"""Schafkopf scorekeeping: the scoring engine and the table app."""

from __future__ import annotations

from typing import Any


def create_app(test_config: dict[str, Any] | None = None) -> Any:
    """Create the Flask app; imported lazily so the engine never loads Flask."""
    from scorer.web.app import create_app as _create_app

    return _create_app(test_config)
