"""Conditional requests: an answer tagged by what it shows, or a 304 while the client has it.

The views tag their answers (``set_etag``) and compare If-None-Match with
Werkzeug's own parsing (``request.if_none_match``), so a 304 is answered by
the same view, from the same row, as the answer it stands for. Flask-Compress
appends the content coding to the strong tag of an answer it compresses
(``"ID-4:gzip"``, ``"ID-4:br"``): each names the same state, so a client that
received any of them may send it back, in If-None-Match or If-Match.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, make_response, request
from flask.typing import ResponseReturnValue

from scorer.web import services
from scorer.web.models import ScoreListRow

#: The codings Flask-Compress can append to a strong tag (``f"{tag}:{coding}"``).
CODINGS = ("gzip", "br", "deflate", "zstd")


def _revision_tag(tag: str) -> str:
    """The tag without the content coding a compressed answer added to it."""
    name, colon, coding = tag.rpartition(":")
    return name if colon and coding in CODINGS else tag


def if_match_tags() -> frozenset[str] | None:
    """The strong tags of If-Match, without their codings, for the strong comparison it asks for.

    None when the request sets no condition (no header, or ``*`` for any
    current representation); a weak tag never matches, so it is left out.
    """
    header = request.if_match
    if not request.headers.get("If-Match", "").strip() or header.star_tag:
        return None
    return frozenset(_revision_tag(tag) for tag in header.as_set())


def unchanged_for_client(tag: str) -> bool:
    """Tell whether If-None-Match names this tag, as sent plain or compressed (weak comparison)."""
    header = request.if_none_match
    return header.star_tag or tag in {_revision_tag(sent) for sent in header.as_set(include_weak=True)}


def tagged(tag: str, body: Callable[[], ResponseReturnValue]) -> Response:
    """Answer ``body()`` tagged ``tag``, or an empty 304 when the client has it already.

    The body is only built when it is sent: asking whether a long list changed
    costs nothing while it did not. ``no-cache``: a browser asks every time,
    and gets the 304 while nothing changed.
    """
    return _tagged(tag, Response(status=304) if unchanged_for_client(tag) else make_response(body()))


def _tagged(tag: str, response: Response) -> Response:
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def unless_unchanged(row: ScoreListRow, body: Callable[[], ResponseReturnValue]) -> Response:
    """Answer ``body()`` tagged by the list's revision, or an empty 304 when the client has it."""
    return tagged(row.etag, body)


def list_unless_unchanged(list_id: str, answer: Callable[[ScoreListRow], Response]) -> Response:
    """A list's ``answer(row)``, or its 304 from the list's revision alone while the client has it.

    A phone asks every few seconds whether its list changed: the question is
    answered from the revision, and the row is read whole only for an answer.
    A tournament table's tag says more than the revision (``list_read``), so
    its answer decides the 304 itself.
    """
    tag, at_table = services.list_tag(list_id)
    if not at_table and unchanged_for_client(tag):
        return _tagged(tag, Response(status=304))
    return answer(services.get_list(list_id))
