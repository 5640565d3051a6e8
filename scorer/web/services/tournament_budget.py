"""What a tournament's lists cost: paid when it is made and when late participants join, never at a draw.

A tournament's draws make a list per table, many at once (50 tables at a
venue sharing one address). They are paid for ahead, from the client's
tournament budget (``scorer.web.limits``): making a tournament pays for its
rounds x the tables its participants fill, registering late participants
for the tables they add x the rounds. A draw then costs nothing, and is
bounded by what was paid: the tables of all its rounds never exceed rounds
x the tables its registered participants fill (withdrawn ones included), as
every round seats at most that many tables.
"""

from __future__ import annotations

import sqlalchemy as sa

from scorer.engine import parse_rules
from scorer.tournaments.draw import seats_per_table, tables_filled
from scorer.web.extensions import db
from scorer.web.limits import charge_tournament_lists
from scorer.web.models import ParticipantRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from scorer.web.services.base import Conflict


def _seats(row: TournamentRow) -> int:
    return seats_per_table(parse_rules(row.rules).family)


def tournament_cost(rounds: int, participants: int, seats: int) -> int:
    """The lists a new tournament pays for: each round's tables, as many as its participants fill."""
    return rounds * tables_filled(participants, seats)


def pay_for_tournament(rounds: int, participants: int, seats: int) -> None:
    """Pay for a new tournament's lists from the client's tournament budget (429 when it cannot)."""
    charge_tournament_lists(tournament_cost(rounds, participants, seats))


def registration_cost(row: TournamentRow, registered: int, joining: int) -> int:
    """The lists late participants pay for: the tables they add (to ``registered`` before them) x the rounds."""
    seats = _seats(row)
    return row.rounds * (tables_filled(registered + joining, seats) - tables_filled(registered, seats))


def pay_for_participants(row: TournamentRow, registered: int, joining: int) -> None:
    """Pay for the tables late participants add, before they are stored (429 when the budget cannot)."""
    charge_tournament_lists(registration_cost(row, registered, joining))


def paid_lists(row: TournamentRow) -> int:
    """How many lists the tournament has paid for: rounds x the tables every participant registered fills."""
    registered = db.session.scalar(
        sa.select(sa.func.count()).select_from(ParticipantRow).where(ParticipantRow.tournament_id == row.id))
    return row.rounds * tables_filled(registered or 0, _seats(row))


def require_paid(row: TournamentRow, tables: int) -> None:
    """Refuse a draw whose ``tables`` would take the tournament's tables past what it paid for."""
    drawn = db.session.scalar(
        sa.select(sa.func.count()).select_from(TournamentTableRow)
        .join(TournamentRoundRow, TournamentRoundRow.id == TournamentTableRow.round_id)
        .where(TournamentRoundRow.tournament_id == row.id)) or 0
    if drawn + tables > paid_lists(row):
        raise Conflict(f"the tournament has paid for {paid_lists(row)} tables' lists, "
                       f"{drawn} are drawn: {tables} more do not fit")
