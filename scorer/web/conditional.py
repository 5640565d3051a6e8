"""Conditional requests: entity tags compared as RFC 9110 says, compressed or not.

Flask-Compress gives a compressed answer the entity tag of the list with its
content coding appended (``"ID-4:gzip"``, ``"ID-4:br"``). Both name the same
revision of the list, so a client that received either may send it back.

A repeated read of a list that did not change is answered in front of the app
(``AnswerNotModified``, put there by the API's blueprint), from the list's
revision alone; the views answer the same question the same way behind it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import sqlalchemy as sa
from flask import Flask, Response, request
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags, quote_etag

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from scorer.web.security import SECURITY_HEADERS

#: What Flask-Compress appends to a strong entity tag it compresses.
_CODINGS = (":gzip", ":br", ":deflate", ":zstd")


def _revision_tag(tag: str) -> str:
    """The tag without the content coding a compressed answer added to it."""
    for coding in _CODINGS:
        if tag.endswith(coding):
            return tag[: -len(coding)]
    return tag


def _tags(header: ETags, *, weak: bool) -> frozenset[str]:
    return frozenset(_revision_tag(tag) for tag in header.as_set(include_weak=weak))


def if_match_tags() -> frozenset[str] | None:
    """The strong tags of If-Match, for the strong comparison it asks for.

    None when the request sets no condition (no header, or ``*`` for any
    current representation); a weak tag never matches, so it is left out.
    """
    header = request.if_match
    if not request.headers.get("If-Match", "").strip() or header.star_tag:
        return None
    return _tags(header, weak=False)


def unchanged_for_client(tag: str) -> bool:
    """Tell whether If-None-Match names this tag (weak comparison, any coding)."""
    header = request.if_none_match
    return header.star_tag or tag in _tags(header, weak=True)


#: The revision of one list, by id: all a 304 needs to know.
_REVISION = sa.select(ScoreListRow.revision).where(ScoreListRow.id == sa.bindparam("list_id"))
#: The conditional reads of a list a phone repeats: its JSON, and whether its page changed.
_CONDITIONAL_READS = re.compile(r"/api/lists/([A-Za-z0-9_-]{22})|/l/([A-Za-z0-9_-]{22})/changes")


def _not_modified(tag: str) -> Response:
    response = Response(status=304)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


class AnswerNotModified:
    """WSGI: a 304 for a list the client has already, before Flask sees the request.

    A phone following a list asks every few seconds, and an API client asks
    again with If-None-Match; while nothing changed, the answer needs the
    list's revision and nothing else. Read alone, by a prepared statement on a
    pooled connection outside a transaction, it is a small part of a request's cost through Flask
    (the session, the rate limiter, the hooks), so the 304 costs about what a
    hello-world does. Every other request (and a changed list) goes on to the
    app, whose views answer conditional requests the same way (unless_unchanged).
    """

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.engine: sa.Engine | None = None
        self.headers: list[tuple[str, str]] = []

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            found = _CONDITIONAL_READS.fullmatch(environ.get("PATH_INFO", ""))
            tag = self._tag(found.group(1) or found.group(2)) if found else None
            if tag is not None and (tag in _tags(parse_etags(asked), weak=True) or asked.strip() == "*"):
                start_response("304 NOT MODIFIED", [("ETag", quote_etag(tag)), *self.headers])
                return []
        return self.wsgi_app(environ, start_response)

    def _tag(self, list_id: str) -> str | None:
        """The list's entity tag, from its revision alone; None if there is no such list."""
        if self.engine is None:
            with self.app.app_context():
                # One statement, no transaction: on PostgreSQL a transaction would
                # add a BEGIN and a ROLLBACK, each another round trip, to every poll.
                self.engine = db.engine.execution_options(isolation_level="AUTOCOMMIT")
            self.headers = [("Cache-Control", "no-cache"), ("Vary", "Accept-Encoding"),
                            *SECURITY_HEADERS.items()]
        with self.engine.connect() as connection:
            revision = connection.execute(_REVISION, {"list_id": list_id}).scalar()
        return None if revision is None else f"{list_id}-{revision}"


def answer_not_modified(app: Flask) -> None:
    """Put AnswerNotModified in front of the app."""
    app.wsgi_app = AnswerNotModified(app, app.wsgi_app)  # type: ignore[method-assign]  # Flask's way to add middleware


def unless_unchanged(row: ScoreListRow, body: Callable[[], Response]) -> Response:
    """Answer ``body()``, or an empty 304 when the client has this revision already.

    The body is only built when it is sent: asking whether a long list changed
    costs nothing while it did not.
    """
    if unchanged_for_client(row.etag):
        return _not_modified(row.etag)
    response = body()
    response.set_etag(row.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response
