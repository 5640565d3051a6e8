"""What a key may do to a tournament table's list: the table's deals while its round is open, nothing else.

A change to a list is either deal work (add, edit, delete, restore, undo a
deal) or list work (the seating, players, rules, title, a rename, deleting
the list, a new key, finishing it, a group; anything else). A list of its
own takes either from its edit key, as it always did. A tournament table's
list is the tournament's: its own key (the QR code every player at the
table holds) does deal work while the table's round is open; the
tournament's key does deal work at any time, and each such change is kept
as a correction everyone sees; list work nobody does.

The tournament's models are read here directly: ``services.tournaments``
imports the lists' services, which ask this module.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_
from scorer.web.extensions import db
from scorer.web.models import (
    ScoreListRow, TableCorrectionRow, TournamentRoundRow, TournamentRow, TournamentTableRow, now,
)
from scorer.web.services.base import Conflict, NotAllowed
from scorer.web.services.keys import key_matches, require_key


class Work(enum.Enum):
    """What a change does to a list."""

    #: Add, edit, delete, restore or undo a deal.
    DEALS = "deals"
    #: Everything else: seating, players, rules, title, a rename, delete, a new key, finish, a group.
    LIST = "list"


class TableNotAllowed(NotAllowed):
    """A key that may not make this change to a tournament table's list; ``reason`` says why to a player."""

    def __init__(self, error: str, reason: str) -> None:
        super().__init__(error)
        #: The reason as a player reads it, to translate (``N_``).
        self.reason = reason


class TableFull(Conflict):
    """A deal past a tournament table's count: the table has played all of its deals."""

    def __init__(self, count: int) -> None:
        super().__init__(f"all {count} deals of this table are played")
        self.count = count


#: The reasons a player reads when a tournament table's list refuses a change.
ROUND_OVER = N_("This table's round is over: its key can no longer change the list. "
                "The organiser corrects it.")
TOURNAMENTS_LIST = N_("This list is a tournament table's: its players, rules and title are the "
                      "tournament's, and only its deals can be entered.")

#: What the session remembers of a tournament table's list a change found: by the list's id,
#: whether the tournament's key found it (a correction). A change's transaction ends it.
_HOLDERS = "table_holders"


@dataclass(frozen=True)
class TablePlace:
    """Where a tournament table's list is played: its tournament, round and table, and whether it is open."""

    tournament_id: str
    tournament_name: str
    round: int
    table: int
    #: The round is open: not closed, the tournament not ended, no later round drawn.
    open: bool


def table_place(row: ScoreListRow) -> TablePlace | None:
    """The tournament, round and table a list is kept for; None for a list of its own.

    A tournament's list whose table is gone counts as closed: nobody's table plays it.
    """
    if row.tournament_id is None:
        return None
    this_round = sa.orm.aliased(TournamentRoundRow, name="this_round")
    next_round = sa.orm.aliased(TournamentRoundRow, name="next_round")
    drawn_after = (
        sa.select(sa.func.count()).select_from(next_round)
        .where(next_round.tournament_id == this_round.tournament_id, next_round.number > this_round.number)
        .correlate(this_round).scalar_subquery()
    )
    found = db.session.execute(
        sa.select(TournamentRow.id, TournamentRow.name, TournamentRow.ended_at, this_round.number,
                  this_round.closed_at, TournamentTableRow.number, drawn_after)
        .select_from(TournamentTableRow)
        .join(this_round, this_round.id == TournamentTableRow.round_id)
        .join(TournamentRow, TournamentRow.id == this_round.tournament_id)
        .where(TournamentTableRow.list_id == row.id)
    ).first()
    if found is None:
        return TablePlace(row.tournament_id, "", 0, 0, open=False)
    tournament_id, name, ended_at, round_number, closed_at, table_number, after = found
    return TablePlace(tournament_id, name, round_number, table_number,
                      open=ended_at is None and closed_at is None and not after)


def admit(row: ScoreListRow, key: str | None, work: Work) -> None:
    """Refuse a change this key may not make to the list; remember who makes a tournament table's.

    A list of its own needs its edit key. A tournament table's list: its
    own key does deal work while the round is open; the tournament's key
    does deal work at any time; list work is refused to both.
    """
    if row.tournament_id is None:
        require_key(row, key)
        return
    tournament = db.session.get(TournamentRow, row.tournament_id)
    organiser = tournament is not None and key_matches(tournament, key)
    if not organiser:
        require_key(row, key)
    if work is not Work.DEALS:
        raise TableNotAllowed("a tournament table's players, rules and title are the tournament's",
                              TOURNAMENTS_LIST)
    db.session.info.setdefault(_HOLDERS, {})[row.id] = organiser
    deal_work(row)


def deal_work(row: ScoreListRow) -> bool:
    """Check, under the list's write lock, that the deals may change now; tell whether it is a correction.

    A list of its own: always (its key was checked when it was found). A
    tournament table's list: only as :func:`admit` found it in this
    transaction, by its table while the round is open, or by the organiser.
    """
    if row.tournament_id is None:
        return False
    holders: dict[str, bool] = db.session.info.get(_HOLDERS, {})
    if row.id not in holders:  # found without its key being asked about: nobody's change
        raise NotAllowed("this needs the list's edit link")
    if holders[row.id]:
        return True
    place = table_place(row)
    if place is None or not place.open:
        raise TableNotAllowed("the table's round is over; the organiser corrects its deals", ROUND_OVER)
    return False


def refuse_past_end(row: ScoreListRow, played: int) -> None:
    """Refuse a tournament table's deal past the table's count: the round has that many, whoever asks."""
    if row.tournament_id is None or row.ends.get("kind") != "deals":
        return
    if played >= int(row.ends["count"]):
        raise TableFull(int(row.ends["count"]))


def correction(row: ScoreListRow, deal: int, what: str) -> dict[str, Any] | None:
    """The values of the correction this change is, when the organiser makes it (None: the table's own).

    Call it after :func:`deal_work`: its row goes in with the change, in its transaction.
    """
    if row.tournament_id is None or not db.session.info.get(_HOLDERS, {}).get(row.id):
        return None
    return {"list_id": row.id, "tournament_id": row.tournament_id, "deal": deal, "what": what,
            "created_at": now()}


def note(row: ScoreListRow, deal: int, what: str) -> None:
    """Keep the organiser's change to a table's deals with the change (the caller commits)."""
    values = correction(row, deal, what)
    if values is not None:
        db.session.add(TableCorrectionRow(**values))


@dataclass(frozen=True)
class Correction:
    """A change the organiser made to a table's deals: the deal, what was done, when (UTC)."""

    deal: int | None
    what: str
    at: datetime


def corrections(row: ScoreListRow) -> list[Correction]:
    """The organiser's corrections of a table's list, oldest first (none for a list of its own)."""
    if row.tournament_id is None:
        return []
    return [Correction(deal, what, at) for deal, what, at in db.session.execute(
        sa.select(TableCorrectionRow.deal, TableCorrectionRow.what, TableCorrectionRow.created_at)
        .where(TableCorrectionRow.list_id == row.id)
        .order_by(TableCorrectionRow.created_at, TableCorrectionRow.id))]


@sa.event.listens_for(sa.orm.Session, "after_commit")
@sa.event.listens_for(sa.orm.Session, "after_rollback")
def _forget_holders(session: sa.orm.Session) -> None:
    """Who found a list counts for one transaction: the next change asks again."""
    session.info.pop(_HOLDERS, None)
