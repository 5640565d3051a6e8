"""Conditional requests: entity tags compared as RFC 9110 says, compressed or not.

Flask-Compress gives a compressed answer the entity tag of the list with its
content coding appended (``"ID-4:gzip"``, ``"ID-4:br"``). Both name the same
revision of the list, so a client that received either may send it back.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from flask import Response, request
from werkzeug.datastructures import ETags

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from scorer.web.services.lists import is_list_id

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


def _not_modified(tag: str) -> Response:
    response = Response(status=304)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def not_modified(list_id: str) -> Response | None:
    """An empty 304 when the client has the list's revision already, else None.

    One indexed lookup of the revision alone, no list object, no replay: a
    phone asking again and again whether a long list changed costs little
    more than a hello-world. A list id of any other shape is never looked up.
    """
    if not request.headers.get("If-None-Match") or not is_list_id(list_id):
        return None
    # A connection of the pool, without a session: there is nothing to track.
    with db.engine.connect() as connection:
        revision = connection.execute(_REVISION, {"list_id": list_id}).scalar()
    if revision is None:
        return None
    tag = f"{list_id}-{revision}"
    return _not_modified(tag) if unchanged_for_client(tag) else None


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
