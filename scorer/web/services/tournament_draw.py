"""Drawing a tournament's round: seating the participants, a list for each table."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
import sqlalchemy.exc

from scorer.engine import N_, ScoringError, parse_rules
from scorer.engine.errors import shown
from scorer.engine.values import whole
from scorer.tournaments.draw import DrawError, deals_at, draw_round, table_sizes
from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from scorer.web.services.base import Conflict, transaction
from scorer.web.services.lists import create_list
from scorer.web.services.tournaments import (
    table_token, drawn_rounds, participants, seats_per_table, table_key,
)


@dataclass(frozen=True)
class DrawnTable:
    """A table just drawn: its number, its participants' names, its list and the list's edit key.

    ``seated`` names the seats as the list does: a substitute by their own name.
    """

    number: int
    players: tuple[str, ...]
    list_row: ScoreListRow
    key: str
    seated: tuple[str, ...]



def drawn_round(row: TournamentRow, key: str, number: int) -> tuple[TournamentRoundRow, list[DrawnTable]]:
    """A round drawn before, with its tables' lists and their edit keys (found from the tournament's)."""
    round_row, tables = drawn_rounds(row)[number - 1]
    names = {p.number: p.name for p in participants(row)}
    out = []
    for table in tables:
        kept = db.session.get(ScoreListRow, table.list_id) if table.list_id is not None else None
        if kept is not None:  # a table whose list was deleted is left out
            out.append(DrawnTable(table.number, tuple(names[n] for n in table.seats), kept,
                                  table_key(row, key, round_row, table), tuple(kept.players)))
    return round_row, out


@transaction
def draw_next_round(
    row: TournamentRow, key: str, seed: Any = None, wanted: Any = None,
) -> tuple[TournamentRoundRow, list[DrawnTable], bool]:
    """Draw the next round: seat the participants not withdrawn, and make each table's list.

    ``wanted`` names the round the caller means to draw: a round drawn
    already is answered again as it was (a draw sent twice draws once), the
    next one is drawn, any other is refused. Answers the round, its tables,
    and whether it was drawn now.

    The round, its tables and their lists are stored in one transaction:
    all of them, or (a refusal, a failure on the way) none.
    """
    drawn = drawn_rounds(row)
    number = len(drawn) + 1
    if wanted is not None:
        wanted = whole(wanted, "round", low=1, high=row.rounds)
        if wanted < number:
            return (*drawn_round(row, key, wanted), False)
        if wanted > number:
            raise ScoringError("round", N_("round %(number)s is the next to draw"), number=number)
    if number > row.rounds:
        raise ScoringError("rounds", N_("all %(rounds)s rounds are drawn"), rounds=row.rounds)
    if seed is None:
        seed = secrets.token_hex(8)
    elif isinstance(seed, int) and not isinstance(seed, bool):
        seed = str(seed)
    if not isinstance(seed, str) or not 0 < len(seed) <= 64 or not seed.isprintable():
        raise ScoringError("seed", N_("must be text of 1 to 64 characters, not %(value)s"), value=shown(seed))
    family = parse_rules(row.rules).family
    seats = seats_per_table(family)
    present = [p for p in participants(row) if not p.withdrawn]
    names = {p.number: p.name for p in present}
    # A substitute plays the seat under their own name; the standings credit the seat's participant.
    seated = {p.number: p.substitute or p.name for p in present}
    try:
        sizes = table_sizes(len(present), seats)
        if any(size not in family.seats for size in sizes):
            raise DrawError(f"{len(present)} participants do not fill tables of {seats}")
        draw = draw_round(list(names), seats, [[t.seats for t in tables] for _r, tables in drawn],
                          f"{row.id}:{number}:{seed}")
    except DrawError as error:
        raise ScoringError("players", str(error)) from None
    made = []
    round_row = TournamentRoundRow(tournament_id=row.id, number=number, seed=seed)
    try:
        for index, table in enumerate(draw.tables, start=1):
            players = [seated[n] for n in table]
            document = {"rules": row.rules, "players": players}
            list_row, list_key = create_list(
                document, title=f"{row.name} · Round {number} · Table {index}",
                ends={"kind": "deals", "count": deals_at(len(table), seats, row.deals_per_round)},
                token=table_token(key, row, number, seed, table), tournament_id=row.id, commit=False)
            made.append(DrawnTable(index, tuple(names[n] for n in table), list_row, list_key,
                                   tuple(players)))
        db.session.add(round_row)
        db.session.flush()
        db.session.add_all(
            TournamentTableRow(round_id=round_row.id, number=t.number, list_id=t.list_row.id,
                               seats=list(table))
            for t, table in zip(made, draw.tables))
        db.session.commit()
    except sa.exc.IntegrityError:
        db.session.rollback()
        raise Conflict(f"round {number} was drawn meanwhile") from None
    return round_row, made, True


