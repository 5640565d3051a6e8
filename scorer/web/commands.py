"""`flask --app scorer` commands beyond Flask-Migrate's `db`."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Attach the commands to the app."""
