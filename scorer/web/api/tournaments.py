"""The JSON API of tournaments: making one, its participants, drawing rounds, the standings.

Each table of a round is a list: its deals go to the list's own endpoints.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from scorer.web.api.routes import answers_json, json_object, made
from scorer.web.conditional import unchanged_for_client
from scorer.web.models import ParticipantRow, TournamentRow
from scorer.web.services import tournament_sheets as sheets
from scorer.web.services import tournament_draw as drawing
from scorer.web.services import tournaments as service
from scorer.web.services.state import ByRevision
from scorer.web.services.tournament_cache import Seen, seen, worked_out
from scorer.web.services.tournament_system import system_of, tournament_prizes

bp = Blueprint("tournaments_api", __name__, url_prefix="/api/tournaments")


def editable(tournament_id: str) -> TournamentRow:
    return service.tournament_to_change(tournament_id, request.headers.get("X-Edit-Key"))


def _list_link(list_id: str | None, key: str | None = None) -> dict[str, Any] | None:
    """A table's list: its id and link, and its edit key and link when given."""
    if list_id is None:
        return None
    link = {"id": list_id, "url": url_for("lists.show_list", list_id=list_id)}
    if key:
        link |= {"edit_key": key, "edit_url": url_for("lists.show_list", list_id=list_id, key=key)}
    return link


def participant_answer(participant: ParticipantRow) -> dict[str, Any]:
    return {"number": participant.number, "name": participant.name, "withdrawn": participant.withdrawn,
            "substitute": participant.substitute}


@bp.post("")
@answers_json
def create_tournament() -> Any:
    """Make a tournament from its name, rules, players, rounds and deals per round.

    It pays for all its tables' lists now, from the client's tournament
    budget (429 when that cannot): its draws then cost nothing.
    """
    idempotency_key = request.headers.get("Idempotency-Key", "").strip() or None
    row, key = service.create_tournament(json_object(), idempotency_key=idempotency_key)
    return jsonify(made("tournaments.show_tournament", "tournament_id", row.id, key)), 201


#: The tournament's answer, encoded, by its entity tag: built once per change of what it says.
_ANSWERS = ByRevision(kept=32)


@bp.get("/<tournament_id>")
@answers_json
def read_tournament(tournament_id: str) -> Any:
    """The tournament: its participants, the rounds drawn with their tables, and the standings.

    Tagged (ETag) by everything it is made of: the tournament, its
    participants and tables, and each table list's revision. A follower
    asking again with If-None-Match while nothing changed is answered 304
    after a few small queries; otherwise the answer is built once per change
    and the standings replay only the tables whose lists changed
    (``services.tournament_cache``).
    """
    row = service.get_tournament(tournament_id)
    # The tables' edit keys for the organiser only: whoever sends the tournament's key.
    key = request.headers.get("X-Edit-Key")
    key = key if service.holds_key(row, key) else None
    state = seen(row)
    tag = hashlib.sha256(repr(
        (state.key, row.name, row.rules, row.deals_per_round, row.ended_at, key is not None)
    ).encode()).hexdigest()[:32]
    if unchanged_for_client(tag):
        response = Response(status=304)
    else:
        response = Response(_ANSWERS.get(tag, lambda: _tournament_answer(row, state, key)),
                            mimetype="application/json")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("X-Edit-Key")
    return response


def _tournament_answer(row: TournamentRow, state: Seen, key: str | None) -> bytes:
    """The tournament's answer as it is in ``state``, encoded as JSON."""
    names = state.names()
    people = {number: (name, withdrawn) for number, name, withdrawn, _substitute in state.people}
    drawn = service.drawn_rounds(row)
    seated = service.seat_names([t for _r, tables in drawn for t in tables])
    worked = worked_out(row, state)
    system = system_of(row)
    withdrawn = {number for number, (_name, out) in people.items() if out}
    prizes = tournament_prizes(system, worked.ranked, withdrawn, len(people), worked.counted)
    # An ended tournament's standings are final after the last round played.
    ended = {"final": True, "after_round": max(worked.counted, default=0)} if row.ended_at is not None else {}
    return bytes(current_app.json.dumps(dict(
        id=row.id, name=row.name, rules=row.rules, rounds_planned=row.rounds,
        deals_per_round=row.deals_per_round, **system.to_dict(),
        url=url_for("tournaments_api.read_tournament", tournament_id=row.id),
        players=[participant_answer(p) for p in service.participants(row)],
        rounds=[
            {"round": round_row.number, "seed": round_row.seed, "tables": [
                {"table": table.number, "numbers": list(table.seats),
                 "players": [names[n] for n in table.seats],
                 "seated": seated.get(table.id, [names[n] for n in table.seats]),
                 "list": _list_link(table.list_id, key and service.table_key(row, key, round_row, table)),
                 "sheet": sheets.shown_sheet(table, names)}
                for table in tables]}
            for round_row, tables in drawn
        ],
        standings=[
            {"place": s.place, "player": people[s.participant][0], "number": s.participant,
             "points": s.points, "solos_won": s.solos_won, "rounds": list(s.rounds),
             "withdrawn": people[s.participant][1],
             # Only where lot decided, and only where a prize is taken: a standing says no more.
             **({"drawn": True} if s.drawn else {}),
             **({"prize": prizes.awards[s.participant].to_dict()} if s.participant in prizes.awards else {})}
            for s in worked.ranked
        ],
        prize_list={
            "collected": prizes.collected, "paid_out": prizes.paid_out, "rest": prizes.rest,
            "round_best": [
                {"round": best.round, "points": best.points, "numbers": list(best.winners),
                 "players": [names[n] for n in best.winners], "amount": best.amount,
                 **({"label": " + ".join(best.labels)} if best.labels else {})}
                for best in prizes.round_best],
        },
        rounds_counted=list(worked.counted),
        **ended,
    )).encode())


@bp.post("/<tournament_id>/rounds")
@answers_json
def draw_round(tournament_id: str) -> Any:
    """Draw the next round: a list for each table, with its edit key.

    With ``round`` in the body, or sent again with its Idempotency-Key, a
    round drawn already answers as it was (200): a draw sent twice draws
    once. It costs the client nothing: the tournament paid for its lists.
    """
    row = editable(tournament_id)
    body = json_object() if request.get_data(cache=True).strip() else {}
    key = request.headers.get("X-Edit-Key") or ""
    idempotency_key = request.headers.get("Idempotency-Key", "").strip() or None
    round_row, tables, new = drawing.draw_next_round(
        row, key, body.get("seed"), body.get("round"), idempotency_key=idempotency_key)
    return jsonify(
        round=round_row.number, seed=round_row.seed,
        tables=[
            {"table": t.number, "players": list(t.players), "seated": list(t.seated),
             "list": _list_link(t.list_row.id, t.key)}
            for t in tables
        ],
    ), 201 if new else 200


@bp.put("/<tournament_id>/rounds/<int:round_number>/tables/<int:table_number>/sheet")
@answers_json
def keep_sheet(tournament_id: str, round_number: int, table_number: int) -> Any:
    """Keep a table's paper sheet (its final points), or correct it: it counts instead of the list."""
    row = editable(tournament_id)
    table = sheets.keep_sheet(row, round_number, table_number, json_object())
    names = {p.number: p.name for p in service.participants(row)}
    return jsonify(round=round_number, table=table.number, sheet=sheets.shown_sheet(table, names))


@bp.delete("/<tournament_id>/rounds/<int:round_number>/tables/<int:table_number>/sheet")
@answers_json
def remove_sheet(tournament_id: str, round_number: int, table_number: int) -> Any:
    """Remove a table's paper sheet: the table's list counts again."""
    row = editable(tournament_id)
    sheets.remove_sheet(row, round_number, table_number)
    return "", 204
