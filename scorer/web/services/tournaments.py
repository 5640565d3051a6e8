"""A tournament: making it, finding it and its rounds, its keys, its standings.

The seat draw and the ranking are ``scorer.tournaments``; each table of each
round is a list like any other (``tournament_draw`` makes them), read
through the cached list state, so its deals go to the list's own endpoint.
Its participants change in ``tournament_players``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
import sqlalchemy.exc

from scorer.engine import N_, RuleSet, ScoringError, parse_rules
from scorer.engine.values import whole
from scorer.tournaments.draw import seats_per_table as seats_per_table
from scorer.tournaments.standings import Standing
from scorer.web.extensions import db
from scorer.web.models import (
    ParticipantRow, ScoreListRow, TournamentRoundRow, TournamentRow, TournamentTableRow, now,
)
from scorer.web.services.base import NotAllowed, NotFound, transaction
from scorer.web.services.idempotency import sent_with_key
from scorer.web.services.keys import hash_key, key_from_token, token_digest
from scorer.web.services.lists import is_list_id
from scorer.web.services.tournament_budget import pay_for_tournament
from scorer.web.services.tournament_names import checked_players
from scorer.web.services.tournament_system import read_system
from scorer.web.services.tournament_text import MAX_TOURNAMENT_NAME as MAX_TOURNAMENT_NAME
from scorer.web.services.tournament_text import tournament_name
from scorer.web.services.tournament_cache import kept_standings, seen

#: The most rounds and deals per round a tournament takes (participants: ``tournament_names``).
MOST_ROUNDS = 20
MOST_DEALS = 200
#: The option a family scores tournament points with: a tournament of such a family must set it.
_TOURNAMENT_POINTS = "table_points"


class TournamentNotAllowed(NotAllowed):
    """The tournament's edit key is missing or wrong."""


# -- making and finding -------------------------------------------------------------------------


def _checked_rules(value: Any) -> RuleSet:
    rules = parse_rules(value)
    if any(option.key == _TOURNAMENT_POINTS for option in rules.family.options) and rules.table_points is None:
        raise ScoringError(f"rules.{_TOURNAMENT_POINTS}", N_("a tournament needs tournament points"))
    return rules


@transaction
def create_tournament(
    document: Mapping[str, Any], *, idempotency_key: str | None = None,
) -> tuple[TournamentRow, str]:
    """Store a new tournament and its participants (start numbers 1, 2, ...); return it and its edit key.

    A repeated Idempotency-Key stores it once; sent again with another body, it is refused.
    """
    sent = sent_with_key(idempotency_key, document)
    token = f"tournament:{idempotency_key}" if idempotency_key else None
    if token:
        repeat = _made_with(token, sent)
        if repeat is not None:
            return repeat, key_from_token("tournament", token)
    name = tournament_name(document.get("name"))
    rules = _checked_rules(document.get("rules"))
    players = checked_players(document.get("players"))
    rounds = whole(document.get("rounds"), "rounds", low=1, high=MOST_ROUNDS)
    deals = whole(document.get("deals_per_round"), "deals_per_round", low=1, high=MOST_DEALS)
    system = read_system(document)
    seats = seats_per_table(rules.family)
    # Any count is taken (two rounds of 30 at tables of four): a table whose count is not whole
    # turns of the deal lets the first dealers deal once more (scorer.tournaments.draw.deals_at).
    key = key_from_token("tournament", token) if token else secrets.token_urlsafe(24)
    row = TournamentRow(
        id=secrets.token_urlsafe(16), name=name, family_name=rules.family_name, rules=rules.to_dict(),
        rounds=rounds, deals_per_round=deals, edit_key_hash=hash_key(key),
        creation_token=token_digest("tournament", token) if token else None, creation_fingerprint=sent,
        **system.columns(),
    )
    try:
        db.session.add(row)
        db.session.flush()  # the participants' rows refer to it
        db.session.add_all(
            ParticipantRow(tournament_id=row.id, number=number, name=player, withdrawn=False)
            for number, player in players)
        db.session.flush()
        # Paid last, once all is checked: a refusal (429) rolls the rows back, so nothing is made.
        pay_for_tournament(rounds, len(players), seats)
        db.session.commit()
    except sa.exc.IntegrityError:
        # The same Idempotency-Key sent at once from elsewhere: the tournament it made is the answer.
        db.session.rollback()
        repeat = _made_with(token, sent) if token else None
        if repeat is None:
            raise
        return repeat, key_from_token("tournament", token or "")
    return row, key


def _made_with(token: str, sent: str | None) -> TournamentRow | None:
    """The tournament made with this Idempotency-Key before, if any; refused if sent with another body."""
    repeat = db.session.scalar(
        sa.select(TournamentRow).where(TournamentRow.creation_token == token_digest("tournament", token)))
    if repeat is not None and repeat.creation_fingerprint != sent:
        raise ScoringError("Idempotency-Key", N_(
            "was sent before with another tournament; a new tournament needs a new key"))
    return repeat


def get_tournament(tournament_id: str) -> TournamentRow:
    """Find a tournament by its id (shaped as a list's)."""
    row = db.session.get(TournamentRow, tournament_id) if is_list_id(tournament_id) else None
    if row is None:
        raise NotFound("no such tournament")
    return row


def tournament_to_change(tournament_id: str, key: str | None) -> TournamentRow:
    """Find a tournament to change with its edit key."""
    row = get_tournament(tournament_id)
    if not holds_key(row, key):
        raise TournamentNotAllowed("this needs the tournament's edit link")
    return row


def participants(row: TournamentRow) -> list[ParticipantRow]:
    """The tournament's participants by start number."""
    return list(db.session.scalars(
        sa.select(ParticipantRow).where(ParticipantRow.tournament_id == row.id).order_by(ParticipantRow.number)))


def drawn_rounds(row: TournamentRow) -> list[tuple[TournamentRoundRow, list[TournamentTableRow]]]:
    """The rounds drawn so far, in order, each with its tables in order."""
    rounds = list(db.session.scalars(
        sa.select(TournamentRoundRow).where(TournamentRoundRow.tournament_id == row.id)
        .order_by(TournamentRoundRow.number)))
    tables: dict[int, list[TournamentTableRow]] = {r.id: [] for r in rounds}
    if rounds:
        for table in db.session.scalars(
                sa.select(TournamentTableRow).where(TournamentTableRow.round_id.in_(list(tables)))
                .order_by(TournamentTableRow.number)):
            tables[table.round_id].append(table)
    return [(r, tables[r.id]) for r in rounds]


def holds_key(row: TournamentRow, key: str | None) -> bool:
    """Tell whether a request holds the tournament's edit key."""
    return key is not None and hmac.compare_digest(hash_key(key), row.edit_key_hash)


def table_key(row: TournamentRow, key: str, round_row: TournamentRoundRow, table: TournamentTableRow) -> str:
    """The edit key of a table's list, found again from the tournament's key."""
    return key_from_token("list", table_token(key, row, round_row.number, round_row.seed, table.seats))


def table_token(key: str, row: TournamentRow, round_number: int, seed: str, table: Sequence[int]) -> str:
    """The one-time token a table's list is made with: its edit key follows from the tournament's.

    Only whoever holds the tournament's key can make it, so nobody else is
    handed the list's key; a draw sent again with the same seed finds the
    lists it made.
    """
    label = f"{row.id}:{round_number}:{seed}:{','.join(map(str, table))}".encode()
    return "tournament-table:" + hmac.new(key.encode(), label, hashlib.sha256).hexdigest()


def seat_names(tables: Sequence[TournamentTableRow]) -> dict[int, list[str]]:
    """How each table's list names its seats, by the table's id (a table without its list: nothing)."""
    ids = [t.list_id for t in tables if t.list_id]
    players = {list_id: names for list_id, names in db.session.execute(
        sa.select(ScoreListRow.id, ScoreListRow.players).where(ScoreListRow.id.in_(ids)))} if ids else {}
    return {t.id: list(players[t.list_id]) for t in tables if t.list_id in players}


def tables_turned(round_id: int) -> None:
    """Move the revision of a round's tables' lists as their round closes (or opens again).

    Whether a table's key may still enter deals depends on the round, not on
    the list; phones following a list notice news by its revision, so the
    round's lists move with it and their pages say so by themselves.
    """
    listed = sa.select(TournamentTableRow.list_id).where(
        TournamentTableRow.round_id == round_id, TournamentTableRow.list_id.is_not(None))
    db.session.execute(
        sa.update(ScoreListRow).where(ScoreListRow.id.in_(listed))
        .values(revision=ScoreListRow.revision + 1, updated_at=now())
        .execution_options(synchronize_session=False))


# -- standings ----------------------------------------------------------------------------------


def tournament_standings(row: TournamentRow) -> list[tuple[Standing, ParticipantRow]]:
    """Each participant's place, points, counts and points per round, from the tables.

    A table counts its paper sheet when it has one, else its list. Worked out
    once per state of the tables (``tournament_cache``): asked again while
    nothing changed, nothing is replayed.
    """
    state = seen(row)  # read first: every participant it names is among those read next
    by_number = {p.number: p for p in participants(row)}
    return [(s, by_number[s.participant]) for s in kept_standings(row, state)]
