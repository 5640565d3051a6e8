"""A tournament's boards to read: the standings on the projector, and a participant's table and place.

Both pages follow the deals by themselves: they ask for their board
(:func:`board`, :func:`my_board`) every few seconds with the entity tag they
have, and while no table's list changed the answer is an empty 304. The
projector pages through rows that do not fit its screen.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask import Blueprint, Response, make_response, render_template, request
from flask_babel import get_locale

from scorer.web.conditional import unchanged_for_client
from scorer.web.models import TournamentRow
from scorer.web.services import tournament_night as night
from scorer.web.services import tournaments as service
from scorer.web.tournaments import reading

bp = Blueprint("tournament_boards", __name__)

#: How often the standings page asks whether they changed, in seconds: on a wide screen (a
#: projector, a laptop), and on a phone (its battery and the server spared).
POLL_SECONDS = 1.5
PHONE_POLL_SECONDS = 5
#: How long the projector shows each page of rows when they do not fit the screen, in seconds;
#: ``?page_seconds=`` sets another (1 to 60), for a hall that reads slower or a test that waits less.
PAGE_SECONDS = 8


def _board_context(tournament_id: str) -> dict[str, Any]:
    row = service.get_tournament(tournament_id)
    lines = reading.standings(row)
    progress = night.progress(row)
    current = len(progress)
    return {
        "row": row, "lines": lines, "current": current,
        "round_lines": reading.round_standings(lines, current) if current else [],
        "playing": len(progress[-1].unfinished()) if progress else 0,
        "played": night.rounds_played(progress), "ended": row.ended_at is not None,
        "updated": datetime.now(timezone.utc),
    }


def _page_seconds() -> int:
    asked = request.args.get("page_seconds", "")
    return min(max(int(asked), 1), 60) if asked.isdigit() and len(asked) < 4 else PAGE_SECONDS


def _tag(tournament_id: str) -> str:
    return reading.board_tag(service.get_tournament(tournament_id), str(get_locale()))


def _conditional(tag: str, body: Any) -> Response:
    """The answer with its tag, or an empty 304 while the client has this board already."""
    if unchanged_for_client(tag):
        response = Response(status=304)
    else:
        response = make_response(body())
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


@bp.get("/t/<tournament_id>/standings")
def projector(tournament_id: str) -> Any:
    """The standings for the projector: large, without controls, following the deals by itself."""
    tag = _tag(tournament_id)
    return _conditional(tag, lambda: render_template(
        "tournaments/projector.html", tag=tag, poll_seconds=POLL_SECONDS,
        phone_poll_seconds=PHONE_POLL_SECONDS, page_seconds=_page_seconds(), **_board_context(tournament_id)))


@bp.get("/t/<tournament_id>/standings/board")
def board(tournament_id: str) -> Any:
    """The projector's board alone, an HTML fragment: 304 while nothing changed."""
    return _conditional(_tag(tournament_id), lambda: render_template(
        "tournaments/_board.html", **_board_context(tournament_id)))


def _me_context(row: TournamentRow, asked: str) -> dict[str, Any]:
    """A participant's line, table in the latest round and place, by the start number asked for."""
    context: dict[str, Any] = {"row": row, "asked": asked}
    if asked:
        number = int(asked) if asked.isdigit() and len(asked) < 8 else None
        lines = reading.standings(row)
        line = next((line for line in lines if line.number == number), None)
        context["line"] = line
        if line is not None:
            rounds = reading.rounds(row)
            latest = rounds[-1] if rounds else None
            context["latest"] = latest
            context["table"] = latest.table_of(line.number) if latest else None
            context["count"] = len(lines)
            context["ended"] = row.ended_at is not None
            if context["ended"]:
                context["played"] = night.rounds_played(night.progress(row))
    return context


@bp.get("/t/<tournament_id>/me")
def me(tournament_id: str) -> Any:
    """A participant's table in the latest round and place in the standings, found by start number."""
    row = service.get_tournament(tournament_id)
    asked = request.args.get("number", "").strip()
    context = _me_context(row, asked)
    if context.get("line") is not None:
        context.update(tag=_me_tag(row, asked), poll_seconds=POLL_SECONDS, phone_poll_seconds=PHONE_POLL_SECONDS)
    return render_template("tournaments/me.html", **context)


def _me_tag(row: TournamentRow, asked: str) -> str:
    return f"{reading.board_tag(row, str(get_locale()))}-{asked}"


@bp.get("/t/<tournament_id>/me/board")
def my_board(tournament_id: str) -> Any:
    """A participant's table and place alone, an HTML fragment: 304 while nothing changed."""
    row = service.get_tournament(tournament_id)
    asked = request.args.get("number", "").strip()
    return _conditional(_me_tag(row, asked), lambda: render_template(
        "tournaments/_me.html", **_me_context(row, asked)))
