"""A tournament's participants: late registration, renaming, withdrawal and re-admission, substitutes.

Every change here first takes the tournament's write lock (:func:`_lock_tournament`),
so two phones registering, renaming or naming substitutes at once take
turns: each reads the participants as the other left them, and no start
number or name is given twice.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
import sqlalchemy.exc

from scorer.engine import N_, ScoringError
from scorer.engine.values import MAX_NAME, name_key
from scorer.web.extensions import db
from scorer.web.models import ParticipantRow, ScoreListRow, TournamentRow
from scorer.web.services.base import MAX_ROW_ID, Conflict, NotFound, _lock, transaction
from scorer.web.services.settings import _rename_in_list
from scorer.web.services.state import list_state
from scorer.web.services.tournament_budget import pay_for_participants
from scorer.web.services.tournament_names import checked_players, participant_name
from scorer.web.services.tournaments import drawn_rounds, participants


def _lock_tournament(row: TournamentRow) -> None:
    """Take the tournament's write lock for this transaction: a row lock (PostgreSQL), the write lock (SQLite)."""
    db.session.execute(sa.update(TournamentRow).where(TournamentRow.id == row.id)
                       .values(name=TournamentRow.name).execution_options(synchronize_session=False))


def _substitutes(present: list[ParticipantRow], but: int | None = None) -> list[str]:
    return [p.substitute for p in present if p.substitute and p.number != but]


@transaction
def register(row: TournamentRow, names: Any) -> list[ParticipantRow]:
    """Register late participants (start numbers as sent, else the next ones): seated from the next round."""
    _lock_tournament(row)
    if row.ended_at is not None:
        raise ScoringError("players", N_("the tournament is over: nobody can join any more"))
    if len(drawn_rounds(row)) >= row.rounds:
        raise ScoringError("players", N_("every round is drawn: nobody can join any more"))
    present = participants(row)
    players = checked_players(names, _substitutes(present), [p.number for p in present])
    if not players:
        raise ScoringError("players", N_("names nobody"))
    added = [ParticipantRow(tournament_id=row.id, number=number, name=player, withdrawn=False)
             for number, player in players]
    db.session.add_all(added)
    # Paid before the commit: a refusal (429) rolls the participants back.
    pay_for_participants(row, len(present), len(added))
    try:
        db.session.commit()
    except sa.exc.IntegrityError:  # a start number taken meanwhile, past the lock (it should not be)
        db.session.rollback()
        raise Conflict("a start number was taken meanwhile: send the registration again") from None
    return added


def find_participant(row: TournamentRow, number: int) -> ParticipantRow:
    """The participant of this start number; NotFound when there is none."""
    if not 1 <= number <= MAX_ROW_ID:  # beyond the column's range: no such participant, not an error
        raise NotFound("no such participant")
    participant = db.session.scalar(sa.select(ParticipantRow).where(
        ParticipantRow.tournament_id == row.id, ParticipantRow.number == number))
    if participant is None:
        raise NotFound("no such participant")
    return participant


@transaction
def withdraw(row: TournamentRow, number: int) -> ParticipantRow:
    """Withdraw a participant: they keep their points and are seated in no later round."""
    _lock_tournament(row)
    participant = find_participant(row, number)
    participant.withdrawn = True
    db.session.commit()
    return participant


@transaction
def readmit(row: TournamentRow, number: int) -> ParticipantRow:
    """Take a withdrawn participant back: seated again from the next round drawn, their points kept."""
    _lock_tournament(row)
    participant = find_participant(row, number)
    participant.withdrawn = False
    db.session.commit()
    return participant


@transaction
def substitute(row: TournamentRow, number: int, name: Any) -> ParticipantRow:
    """Let a substitute play a participant's seat from the next round drawn (None: the participant again).

    The points stay the participant's. A substitute's name is nobody else's
    in the tournament, so the table's list can name the seat by it.
    """
    _lock_tournament(row)
    participant = find_participant(row, number)
    if name is None:
        participant.substitute = None
    else:
        if participant.withdrawn:
            raise ScoringError("name", N_("%(name)s has withdrawn: nobody plays their seat"),
                               name=participant.name)
        chosen = participant_name(name, "name")
        present = participants(row)
        taken = {name_key(p.name) for p in present} | {name_key(s) for s in _substitutes(present, number)}
        if name_key(chosen) in taken:
            raise ScoringError("name", N_("%(name)s is taken: a substitute needs a name of their own"),
                               name=chosen)
        participant.substitute = chosen
    db.session.commit()
    return participant


@transaction
def rename(row: TournamentRow, number: int, name: Any) -> ParticipantRow:
    """Give a participant another name: the standings, the seating and the current round's lists follow.

    The lists of earlier rounds keep the name their deals were played under;
    the standings read every list by seat, so they show the new name anyway.
    """
    _lock_tournament(row)
    participant = find_participant(row, number)
    new = participant_name(name, "name")
    present = participants(row)
    if name_key(new) in {name_key(s) for s in _substitutes(present)}:
        raise ScoringError("name", N_("%(name)s is taken: a participant needs a name no substitute has"),
                           name=new)
    if new == participant.name:
        return participant
    others = [p.name for p in present if p.number != number] + _substitutes(present)
    _rename_seats(row, participant, new, others)
    participant.name = new
    db.session.commit()
    return participant


def _rename_seats(row: TournamentRow, participant: ParticipantRow, new: str, others: list[str]) -> None:
    """Rename the participant's seat in the lists of the latest round drawn, where they play it themselves.

    A name another participant bears too takes the start number, as the draw names such seats.
    """
    drawn = drawn_rounds(row)
    if not drawn:
        return
    suffix = f" ({participant.number})"
    label = new
    if name_key(new) in {name_key(other) for other in others}:
        label = new[:MAX_NAME - len(suffix)].rstrip() + suffix
    for table in drawn[-1][1]:
        if participant.number not in table.seats or table.list_id is None:
            continue
        kept = db.session.get(ScoreListRow, table.list_id)
        if kept is None:
            continue
        seat = kept.players[table.seats.index(participant.number)]
        if seat == participant.substitute:
            continue  # the substitute plays the seat under their own name
        _lock(kept)
        _rename_in_list(kept, seat, label, list_state(kept).result.players)
