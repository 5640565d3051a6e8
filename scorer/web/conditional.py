"""Conditional answers: a client that has the list's current revision gets a 304."""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, request

from scorer.web.models import ScoreListRow


def unless_unchanged(row: ScoreListRow, body: Callable[[], Response]) -> Response:
    """Answer ``body()``, or an empty 304 when the client has this revision already.

    The body is only built when it is sent: asking whether a long list changed
    costs nothing while it did not.
    """
    response = Response(status=304) if row.etag in request.if_none_match else body()
    response.set_etag(row.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response
