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
from scorer.web.services.idempotency import sent_with_key
from scorer.web.services.lists import create_list
from scorer.web.services.tournament_budget import require_paid
from scorer.web.services.tournament_text import seat_labels, table_title
from scorer.web.services.tournaments import (
    tables_turned,
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
    row: TournamentRow, key: str, seed: Any = None, wanted: Any = None, *, idempotency_key: str | None = None,
) -> tuple[TournamentRoundRow, list[DrawnTable], bool]:
    """Draw the next round: seat the participants not withdrawn, and make each table's list.

    ``wanted`` names the round the caller means to draw: a round drawn
    already is answered again as it was (a draw sent twice draws once), the
    next one is drawn, any other is refused. A draw sent again with its
    ``idempotency_key`` answers the round it drew (with another body it is
    refused). Answers the round, its tables, and whether it was drawn now.

    The round, its tables and their lists are stored in one transaction:
    all of them, or (a refusal, a failure on the way) none. Sent at once
    from several phones, one draws and the others answer its round.
    """
    sent = sent_with_key(idempotency_key, {"round": wanted, "seed": seed})
    before = _drawn_with(row, idempotency_key, sent)
    if before is not None:
        return (*drawn_round(row, key, before), False)
    drawn = drawn_rounds(row)
    number = len(drawn) + 1
    if wanted is not None:
        wanted = whole(wanted, "round", low=1, high=row.rounds)
        if wanted < number:
            return (*drawn_round(row, key, wanted), False)
        if wanted > number:
            raise ScoringError("round", N_("round %(number)s is the next to draw"), number=number)
    if row.ended_at is not None:
        raise Conflict(f"the tournament has ended after round {number - 1}: it draws no more rounds")
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
    everyone = participants(row)
    present = [p for p in everyone if not p.withdrawn]
    names = {p.number: p.name for p in present}
    # A substitute plays the seat under their own name; the standings credit the seat's participant.
    # A name borne twice in the tournament takes the start number, so no list has two seats alike.
    seated = seat_labels(((p.number, p.substitute or p.name) for p in present),
                         [*(p.name for p in everyone), *(p.substitute for p in everyone if p.substitute)])
    try:
        sizes = table_sizes(len(present), seats)
        if any(size not in family.seats for size in sizes):
            raise DrawError(f"{len(present)} participants do not fill tables of {seats}")
        draw = draw_round(list(names), seats, [[t.seats for t in tables] for _r, tables in drawn],
                          f"{row.id}:{number}:{seed}")
    except DrawError as error:
        raise ScoringError("players", str(error)) from None
    require_paid(row, len(draw.tables))
    made = []
    round_row = TournamentRoundRow(tournament_id=row.id, number=number, seed=seed,
                                   idempotency_key=idempotency_key, idempotency_fingerprint=sent)
    try:
        for index, table in enumerate(draw.tables, start=1):
            players = [seated[n] for n in table]
            document = {"rules": row.rules, "players": players}
            list_row, list_key = create_list(
                document, title=table_title(row.name, number, index),
                ends={"kind": "deals", "count": deals_at(len(table), seats, row.deals_per_round)},
                token=table_token(key, row, number, seed, table), tournament_id=row.id, commit=False)
            made.append(DrawnTable(index, tuple(names[n] for n in table), list_row, list_key,
                                   tuple(players)))
        db.session.add(round_row)
        if drawn:  # the round before is over for its tables' keys
            tables_turned(drawn[-1][0].id)
        db.session.flush()
        db.session.add_all(
            TournamentTableRow(round_id=round_row.id, number=t.number, list_id=t.list_row.id,
                               seats=list(table))
            for t, table in zip(made, draw.tables))
        db.session.commit()
    except sa.exc.IntegrityError:
        db.session.rollback()
        meanwhile = _drawn_with(row, idempotency_key, sent) or (wanted if wanted == number else None)
        if meanwhile is None or meanwhile > len(drawn_rounds(row)):
            raise Conflict(f"round {number} was drawn meanwhile") from None
        return (*drawn_round(row, key, meanwhile), False)
    return round_row, made, True


def _drawn_with(row: TournamentRow, idempotency_key: str | None, sent: str | None) -> int | None:
    """The round a draw with this Idempotency-Key drew before, if any; refused if sent with another body."""
    if idempotency_key is None:
        return None
    found = db.session.execute(
        sa.select(TournamentRoundRow.number, TournamentRoundRow.idempotency_fingerprint).where(
            TournamentRoundRow.tournament_id == row.id,
            TournamentRoundRow.idempotency_key == idempotency_key)).first()
    if found is None:
        return None
    if found.idempotency_fingerprint != sent:
        raise ScoringError("Idempotency-Key", N_(
            "was sent before with another draw; a new draw needs a new key"))
    return int(found.number)
