"""The API's read of a list: its file with every deal scored, encoded once per revision.

A tournament table's list also says where it is played and what the
organiser corrected, and is tagged with whether its round is open.
Flask-Compress compresses the answer (and keeps it compressed by the same
revision); conditional.py answers the 304.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from scorer.web import compressed, services
from scorer.web.conditional import tagged
from scorer.web.services import table_scope


def answer(row: services.ScoreListRow) -> Response:
    """The list file as JSON, or an empty 304 when the client has it already (If-None-Match)."""
    place = table_scope.table_place(row)
    # A table's tag names whether its round is open as well as the list's revision. The
    # revision moves too when the round closes or opens again (tournaments.tables_turned),
    # so the suffix repeats what the revision says; clients hold tags of both shapes.
    tag = row.etag if place is None else f"{row.etag}.{'open' if place.open else 'over'}"
    return tagged(tag, lambda: _list_answer(row, place))


#: The list file as the API answers it, encoded once per list revision: a long
#: list is replayed, encoded and compressed once per change, however often it is read.
_BODIES = services.ByRevision(kept=32)


def _list_answer(row: services.ScoreListRow, place: table_scope.TablePlace | None) -> Response:
    """The list file with every deal scored, as JSON.

    A tournament table's list says where it is played (``place``) and the organiser's corrections.
    """
    key = (*services.revision_key(row), place)
    body = _BODIES.peek(key)
    current = True
    if body is None:
        state = services.list_state(row)
        current = state.current
        body = _BODIES.get(key, lambda: jsonify(
            {**services.api_document(state), **_table_document(row, place)}).get_data(), keep=current)
    if current:  # a change in progress is answered as it stands, and kept nowhere
        compressed.keep_as(repr(key))
    return Response(body, mimetype="application/json")


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
