"""Flask-Compress's cache: a compressed answer kept by the state of what it shows, when its view names one.

Flask-Compress asks ``COMPRESS_CACHE_KEY`` for a key of every answer it
compresses; here that is the name a view gave its body with ``keep_as``
(the list JSON: the list's id, revision and last change), and nothing for
every other answer, which is then compressed each time and kept nowhere.
"""

from __future__ import annotations

from flask import Request, g

from scorer.web.services import ByRevision

#: What Flask-Compress puts before the key: the coding and a semicolon.
_UNNAMED = ";"


def keep_as(name: str) -> None:
    """Keep this request's compressed answer under ``name``: the same name is the same body."""
    g.compressed_as = name


def cache_key(_request: Request) -> str:
    """The name the view gave its body (``keep_as``), or nothing: COMPRESS_CACHE_KEY."""
    return str(g.get("compressed_as", ""))


class Kept:
    """The compressed bodies of the last few named answers, per coding: COMPRESS_CACHE_BACKEND."""

    def __init__(self, kept: int = 64) -> None:
        self._bodies = ByRevision(kept=kept)

    def get(self, key: str) -> bytes | None:
        """The body kept under ``key``; never one for an answer its view did not name."""
        return None if key.endswith(_UNNAMED) else self._bodies.peek(key)

    def set(self, key: str, value: bytes) -> None:
        """Keep a named answer's body (Flask-Compress sets it again on every hit: a dict write)."""
        if not key.endswith(_UNNAMED) and self._bodies.peek(key) is None:
            self._bodies.put(key, value)
