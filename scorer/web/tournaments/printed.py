"""A tournament's pages to print: a round's seating plan, its table sheets, the prize list."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from scorer.web.services import tournament_night as night
from scorer.web.services import tournaments as service
from scorer.web.tournaments import reading

bp = Blueprint("tournament_print", __name__)


@bp.get("/t/<tournament_id>/rounds/<int:number>/seating")
def seating(tournament_id: str, number: int) -> Any:
    """Who sits where in a round: by table, and alphabetically by name."""
    row = service.get_tournament(tournament_id)
    return render_template("tournaments/seating.html", row=row, round=reading.drawn(row, number))


@bp.get("/t/<tournament_id>/rounds/<int:number>/sheets")
def sheets(tournament_id: str, number: int) -> Any:
    """One sheet per table to write its deals on: a line per deal, the final points, the signatures."""
    row = service.get_tournament(tournament_id)
    return render_template("tournaments/sheets.html", row=row, round=reading.drawn(row, number))


@bp.get("/t/<tournament_id>/prizes")
def prizes(tournament_id: str) -> Any:
    """The prize list: place, start number, name, points and solo games won; the withdrawn after, without a place.

    It says which rounds it counts: up to the last one any table played in.
    """
    row = service.get_tournament(tournament_id)
    return render_template("tournaments/prizes.html", row=row, placed=reading.prize_places(reading.standings(row)),
                           played=night.rounds_played(night.progress(row)), ended=row.ended_at is not None)
