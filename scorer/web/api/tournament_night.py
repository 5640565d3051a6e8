"""The JSON API of the organiser's night: undoing a draw, closing a round, ending the tournament.

Each answers as the pages do (``services.tournament_night``), without the
question a page asks first: a script that sends it means it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from scorer.web.api.routes import answers_json
from scorer.web.api.tournaments import editable
from scorer.web.services import tournament_night as night

bp = Blueprint("tournament_night_api", __name__, url_prefix="/api/tournaments")


@bp.delete("/<tournament_id>/rounds/<int:number>")
@answers_json
def undo_draw(tournament_id: str, number: int) -> Any:
    """Undo the last round's draw while none of its tables has a deal or a sheet (204)."""
    night.undo_draw(editable(tournament_id), number)
    return Response(status=204)


@bp.post("/<tournament_id>/rounds/<int:number>/close")
@answers_json
def close_round(tournament_id: str, number: int) -> Any:
    """Close the last round drawn: its tables' own keys change their lists no more."""
    night.close_round(editable(tournament_id), number)
    return jsonify(round=number, closed=True)


@bp.post("/<tournament_id>/end")
@answers_json
def end_tournament(tournament_id: str) -> Any:
    """End the tournament after the rounds drawn: no more draws, the standings are final."""
    row = editable(tournament_id)
    night.end_tournament(row)
    return jsonify(id=row.id, ended=True)
