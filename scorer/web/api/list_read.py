"""The API's read of a list: its file with every deal scored, encoded once per revision.

A tournament table's list also says where it is played and what the
organiser corrected, and is tagged with whether its round is open.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from typing import Any

import brotli
from flask import Response, current_app, jsonify, request

from scorer.web import services
from scorer.web.conditional import unchanged_for_client, unless_unchanged
from scorer.web.services import table_scope


def answer(row: services.ScoreListRow) -> Response:
    """The list file as JSON, or an empty 304 when the client has it already (If-None-Match)."""
    place = table_scope.table_place(row)
    if place is None:
        response = unless_unchanged(row, lambda: _list_answer(row, None))
        tag = row.etag
    else:
        # The tag names whether the round is open as well as the list's revision. The
        # revision moves too when the round closes or opens again (tournaments.tables_turned),
        # so the suffix repeats what the revision says; both ways of telling stay until the
        # table's answer is folded into the revision-only path above.
        tag = f"{row.etag}.{'open' if place.open else 'over'}"
        response = Response(status=304) if unchanged_for_client(tag) else _list_answer(row, place)
        response.set_etag(tag)
        response.headers["Cache-Control"] = "no-cache"
    coding = response.headers.get("Content-Encoding")
    if coding:  # as Flask-Compress tags what it compresses: conditional.py takes either
        response.set_etag(f"{tag}:{coding}")
    return response


#: The list file as the API answers it, encoded (and compressed) once per list
#: revision and coding: a long list is replayed, encoded and compressed once
#: per change, however often it is read.
_BODIES = services.ByRevision(kept=32)
#: The codings the answer comes in, as Flask-Compress would choose them.
_CODINGS: dict[str, Callable[[bytes, int], bytes]] = {
    "br": lambda data, level: brotli.compress(data, quality=level),
    "gzip": lambda data, level: gzip.compress(data, compresslevel=level),
}


def _list_answer(row: services.ScoreListRow, place: table_scope.TablePlace | None) -> Response:
    """The list file with every deal scored, as JSON, compressed when the client takes it.

    A tournament table's list says where it is played (``place``) and the organiser's corrections.
    """
    key = (*services.revision_key(row), place)
    body = _BODIES.peek((None, *key))
    current = True
    if body is None:
        state = services.list_state(row)
        current = state.current
        body = _BODIES.get((None, *key), lambda: jsonify(
            {**services.api_document(state), **_table_document(row, place)}).get_data(), keep=current)
    config = current_app.config
    coding = request.accept_encodings.best_match(
        [name for name in config["COMPRESS_ALGORITHM"] if name in _CODINGS])
    if coding is None or len(body) < config["COMPRESS_MIN_SIZE"]:
        return Response(body, mimetype="application/json")
    level = config["COMPRESS_BR_LEVEL"] if coding == "br" else config["COMPRESS_LEVEL"]
    packed = _BODIES.get((coding, *key), lambda: _CODINGS[coding](body, level), keep=current)
    response = Response(packed, mimetype="application/json")
    response.headers["Content-Encoding"] = coding
    return response


def _table_document(row: services.ScoreListRow, place: table_scope.TablePlace | None) -> dict[str, Any]:
    """Where a tournament table's list is played, and the organiser's corrections (nothing for a list of its own)."""
    if place is None:
        return {}
    return {
        "tournament": {"id": place.tournament_id, "round": place.round, "table": place.table,
                       "open": place.open},
        "corrections": [{"deal": c.deal, "what": c.what, "at": c.at.isoformat()}
                        for c in table_scope.corrections(row)],
    }
