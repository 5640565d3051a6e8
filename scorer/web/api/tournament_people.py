"""The JSON API of a tournament's participants: registration, renaming, withdrawal and re-admission, substitutes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from scorer.web.api.routes import BadBody, answers_json, json_object
from scorer.web.api.tournaments import editable, participant_answer
from scorer.web.services import tournament_players as players

bp = Blueprint("tournament_people_api", __name__, url_prefix="/api/tournaments")


@bp.post("/<tournament_id>/players")
@answers_json
def register(tournament_id: str) -> Any:
    """Register late participants (``{"players": [names or {"number", "name"}]}``): seated from the next round."""
    row = editable(tournament_id)
    added = players.register(row, json_object().get("players"))
    return jsonify(players=[participant_answer(p) for p in added]), 201


@bp.post("/<tournament_id>/players/<int:number>/withdraw")
@answers_json
def withdraw(tournament_id: str, number: int) -> Any:
    """Withdraw a participant: they keep their points and are seated in no later round."""
    row = editable(tournament_id)
    return jsonify(participant_answer(players.withdraw(row, number)))


@bp.post("/<tournament_id>/players/<int:number>/substitute")
@answers_json
def substitute(tournament_id: str, number: int) -> Any:
    """Let a substitute play a participant's seat from the next round (``{"name": null}``: no longer)."""
    row = editable(tournament_id)
    body = json_object()
    if "name" not in body:
        raise BadBody("send {\"name\": ...}: the substitute's name, or null")
    return jsonify(participant_answer(players.substitute(row, number, body["name"])))


@bp.post("/<tournament_id>/players/<int:number>/readmit")
@answers_json
def readmit(tournament_id: str, number: int) -> Any:
    """Take a withdrawn participant back: seated again from the next round drawn."""
    row = editable(tournament_id)
    return jsonify(participant_answer(players.readmit(row, number)))


@bp.post("/<tournament_id>/players/<int:number>/name")
@answers_json
def rename(tournament_id: str, number: int) -> Any:
    """Rename a participant (``{"name": ...}``): the standings and the current round's lists follow."""
    row = editable(tournament_id)
    body = json_object()
    if "name" not in body:
        raise BadBody("send {\"name\": ...}: the participant's new name")
    return jsonify(participant_answer(players.rename(row, number, body["name"])))
