"""A table's paper sheet: the final points of a table that kept its list on paper, not on a phone.

The sheet gives each player of the table their points (and, if wanted, the
solo games they won and the other counts the tournament's tie-breaks use). It is kept on the table
by start number and counts instead of the table's list; sent again it
replaces the one kept, and it can be removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, ScoringError, parse_rules
from scorer.engine.errors import shown
from scorer.engine.values import name_key, whole
from scorer.tournaments.draw import deals_at
from scorer.tournaments.standings import COUNTS
from scorer.web.extensions import db
from scorer.web.models import DealRow, TournamentRow, TournamentTableRow
from scorer.web.services.base import Conflict, NotFound, lock_list, transaction
from scorer.web.services.tournament_system import system_of
from scorer.web.services.tournaments import drawn_rounds, participants, seat_names, seats_per_table

#: The most points a sheet gives one player, either way.
MOST_POINTS = 100_000


def find_table(row: TournamentRow, round_number: int, table_number: int) -> TournamentTableRow:
    """A table of a round drawn: NotFound without it."""
    drawn = drawn_rounds(row)
    if not 1 <= round_number <= len(drawn):
        raise NotFound("no such round")
    table = next((t for t in drawn[round_number - 1][1] if t.number == table_number), None)
    if table is None:
        raise NotFound("no such table")
    return table


def plus_only(row: TournamentRow) -> bool:
    """Whether the tournament counts plus only: then a sheet sums to anything, with no points below 0."""
    points = parse_rules(row.rules).get("table_points")
    return bool(points and points.get("plus_only"))


def seat_players(row: TournamentRow, table: TournamentTableRow) -> list[tuple[int, str, str]]:
    """Each seat of the table: the participant's start number and name, and the name the list gives it."""
    people = {p.number: p for p in participants(row)}
    listed = seat_names([table]).get(table.id) or [people[n].name for n in table.seats]
    return [(n, people[n].name, seat) for n, seat in zip(table.seats, listed)]


def _by_name(seats: list[tuple[int, str, str]], sent: Mapping[str, Any], key: str) -> dict[int, Any]:
    """What was sent for each player, by start number: the participant's name or the seat's counts."""
    numbers = {name_key(name): number for number, *names in seats for name in names}
    found: dict[int, Any] = {}
    for name, value in sent.items():
        number = numbers.get(name_key(name)) if name_key(name) else None
        if number is None:
            raise ScoringError(f"{key}.{name}", N_("%(name)s does not sit at this table"), name=name)
        if number in found:
            raise ScoringError(f"{key}.{name}", N_("%(name)s is named twice"), name=name)
        found[number] = value
    return found


def read_sheet(row: TournamentRow, table: TournamentTableRow, body: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet as kept (by start number), from ``{"points": {name: int}, "solos_won": {name: int}}``.

    Every player of the table has points; under a plus-minus system they sum
    to 0, counted plus only none is below 0. Solo games won are optional, and
    so are the other counts the tournament's tie-breaks use (``solos_played``,
    ``games_won``, ``tout_won``): a count not given is 0.
    """
    seats = seat_players(row, table)
    names = {number: name for number, name, _seat in seats}
    sent = body.get("points")
    if not isinstance(sent, dict):
        raise ScoringError("points", N_("must give each player's points, not %(value)s"), value=shown(sent))
    only_plus = plus_only(row)
    points = {}
    for number, value in _by_name(seats, sent, "points").items():
        key = f"points.{names[number]}"
        points[number] = whole(value, key, low=-MOST_POINTS, high=MOST_POINTS)
        if only_plus and points[number] < 0:
            raise ScoringError(key, N_("points are counted plus only: none below 0"))
    missing = [name for number, name, _seat in seats if number not in points]
    if missing:
        raise ScoringError("points", N_("needs the points of %(names)s"), names=", ".join(missing))
    total = sum(points.values())
    if total and not only_plus:
        raise ScoringError("points", N_(
            "the points sum to %(sum)s, but a table's points sum to 0 (plus and minus)"), sum=total)
    most = deals_at(len(table.seats), seats_per_table(parse_rules(row.rules).family), row.deals_per_round)
    kept: dict[str, Any] = {"points": {str(n): points[n] for n in table.seats}}
    for count in sheet_counts(row):
        sent_counts = body.get(count) or {}
        if not isinstance(sent_counts, dict):
            raise ScoringError(count, N_("must give the counts by name, not %(value)s"), value=shown(sent_counts))
        got = {number: whole(value, f"{count}.{names[number]}", low=0, high=most)
               for number, value in _by_name(seats, sent_counts, count).items()}
        kept[count] = {str(n): got.get(n, 0) for n in table.seats}
    return kept


def sheet_counts(row: TournamentRow) -> tuple[str, ...]:
    """The counts a sheet asks for besides points: solo games won (as always), and each count the
    tournament's tie-breaks compare."""
    used = system_of(row).tie_breaks
    return tuple(count for count in COUNTS if count == "solos_won" or count in used)


@transaction
def keep_sheet(row: TournamentRow, round_number: int, table_number: int,
               body: Mapping[str, Any]) -> TournamentTableRow:
    """Keep a table's paper sheet, or correct it; refused for a table whose list has deals."""
    table = find_table(row, round_number, table_number)
    sheet = read_sheet(row, table, body)
    # The list's write lock: no deal comes in between the look and the sheet kept.
    if table.list_id is not None and lock_list(table.list_id) is not None and has_deals(table):
        raise Conflict("the table's list has deals: the list counts, not a paper sheet")
    table.sheet = sheet
    db.session.commit()
    return table


@transaction
def remove_sheet(row: TournamentRow, round_number: int, table_number: int) -> None:
    """Remove a table's paper sheet: its list counts again."""
    table = find_table(row, round_number, table_number)
    table.sheet = None
    db.session.commit()


def shown_sheet(table: TournamentTableRow, names: Mapping[int, str]) -> dict[str, Any] | None:
    """The sheet by the participants' names, as the API answers it; None without one."""
    if table.sheet is None:
        return None
    # A sheet kept before its tournament asked for more counts shows those it has.
    parts = ("points", "solos_won", *(count for count in COUNTS[1:] if count in table.sheet))
    return {part: {names[int(number)]: value for number, value in table.sheet.get(part, {}).items()}
            for part in parts}


def has_deals(table: TournamentTableRow) -> bool:
    """Whether the table's list has deals kept (then it counts, and a sheet is refused)."""
    return table.list_id is not None and bool(db.session.scalar(
        sa.select(sa.func.count()).select_from(DealRow)
        .where(DealRow.list_id == table.list_id, DealRow.deleted_at.is_(None))))
