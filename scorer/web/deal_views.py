"""The deal pages: enter, preview, edit, delete and undo a deal."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("deal", __name__)
