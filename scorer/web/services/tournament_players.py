"""A tournament's participants: late registration, withdrawal, substitutes."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError
from scorer.engine.values import name as player_name
from scorer.engine.values import name_key
from scorer.web.extensions import db
from scorer.web.models import ParticipantRow, TournamentRow
from scorer.web.services.base import NotFound, transaction
from scorer.web.services.tournament_names import checked_players
from scorer.web.services.tournaments import drawn_rounds, participants


@transaction
def register(row: TournamentRow, names: Any) -> list[ParticipantRow]:
    """Register late participants (next start numbers): they are seated from the next round drawn."""
    if len(drawn_rounds(row)) >= row.rounds:
        raise ScoringError("players", N_("every round is drawn: nobody can join any more"))
    present = participants(row)
    players = checked_players(names, [*(p.name for p in present), *(p.substitute for p in present if p.substitute)])
    if not players:
        raise ScoringError("players", N_("names nobody"))
    start = max((p.number for p in present), default=0) + 1
    added = [ParticipantRow(tournament_id=row.id, number=start + i, name=player, withdrawn=False)
             for i, player in enumerate(players)]
    db.session.add_all(added)
    db.session.commit()
    return added


def _participant(row: TournamentRow, number: int) -> ParticipantRow:
    participant = db.session.scalar(sa.select(ParticipantRow).where(
        ParticipantRow.tournament_id == row.id, ParticipantRow.number == number))
    if participant is None:
        raise NotFound("no such participant")
    return participant


@transaction
def withdraw(row: TournamentRow, number: int) -> ParticipantRow:
    """Withdraw a participant: they keep their points and are seated in no later round."""
    participant = _participant(row, number)
    participant.withdrawn = True
    db.session.commit()
    return participant


@transaction
def substitute(row: TournamentRow, number: int, name: Any) -> ParticipantRow:
    """Let a substitute play a participant's seat from the next round drawn (None: the participant again).

    The points stay the participant's. A substitute's name is nobody else's
    in the tournament, so the table's list can name the seat by it.
    """
    participant = _participant(row, number)
    if name is None:
        participant.substitute = None
    else:
        if participant.withdrawn:
            raise ScoringError("name", N_("%(name)s has withdrawn: nobody plays their seat"),
                               name=participant.name)
        chosen = player_name(name, "name").strip()
        others = [p for p in participants(row) if p.number != number]
        taken = {name_key(p.name) for p in participants(row)} | {
            name_key(p.substitute) for p in others if p.substitute}
        if name_key(chosen) in taken:
            raise ScoringError("name", N_("%(name)s is taken: a substitute needs a name of their own"),
                               name=chosen)
        participant.substitute = chosen
    db.session.commit()
    return participant


