"""Conditional requests: entity tags compared as RFC 9110 says, compressed or not.

Flask-Compress gives a compressed answer the entity tag of the list with its
content coding appended (``"ID-4:gzip"``, ``"ID-4:br"``). Both name the same
revision of the list, so a client that received either may send it back.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, request
from werkzeug.datastructures import ETags

from scorer.web.models import ScoreListRow

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


def unless_unchanged(row: ScoreListRow, body: Callable[[], Response]) -> Response:
    """Answer ``body()``, or an empty 304 when the client has this revision already.

    The body is only built when it is sent: asking whether a long list changed
    costs nothing while it did not.
    """
    response = Response(status=304) if unchanged_for_client(row.etag) else body()
    response.set_etag(row.etag)
    response.headers["Cache-Control"] = "no-cache"
    return response
