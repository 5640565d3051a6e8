"""Reading a tournament for its pages: a round's tables with names, the standings, what a board shows.

Everything here reads through the public functions of the tournament service;
nothing is changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from scorer.engine import parse_rules
from scorer.engine.values import name_key
from scorer.tournaments.draw import deals_at
from scorer.tournaments.prizes import Award, PrizeList
from scorer.tournaments.standings import Standing
from scorer.web.models import ParticipantRow, TournamentRoundRow, TournamentRow, TournamentTableRow
from scorer.web.services import tournaments as service
from scorer.web.services.base import NotFound
from scorer.web.services.tournament_cache import seen, worked_out
from scorer.web.services.tournament_system import System, system_of, tournament_prizes


@dataclass(frozen=True)
class Seat:
    """A participant at a table: start number and name."""

    number: int
    name: str


@dataclass(frozen=True)
class DrawnTable:
    """A table of a round: its number, who sits there, and how many deals it plays."""

    number: int
    seats: tuple[Seat, ...]
    deals: int


@dataclass(frozen=True)
class Round:
    """A round drawn, with its tables in order."""

    number: int
    tables: tuple[DrawnTable, ...]

    def table_of(self, number: int) -> DrawnTable | None:
        """The table a start number sits at, None if not seated this round."""
        return next((t for t in self.tables if any(s.number == number for s in t.seats)), None)

    def by_name(self) -> list[tuple[Seat, int]]:
        """Everyone seated, alphabetically by name, with their table's number."""
        seated = [(seat, table.number) for table in self.tables for seat in table.seats]
        return sorted(seated, key=lambda item: (name_key(item[0].name), item[0].number))


@dataclass(frozen=True)
class Line:
    """A line of the standings: the participant's place, points, solos won and points per round."""

    place: int
    number: int
    name: str
    points: int
    solos_won: int
    rounds: tuple[int, ...]
    withdrawn: bool
    #: The place was drawn by lot among participants equal in everything else.
    drawn: bool = False


def _round(row: TournamentRow, round_row: TournamentRoundRow, tables: list[TournamentTableRow],
           names: dict[int, str]) -> Round:
    seats = service.seats_per_table(parse_rules(row.rules).family)
    return Round(round_row.number, tuple(
        DrawnTable(table.number, tuple(Seat(n, names[n]) for n in table.seats),
                   deals_at(len(table.seats), seats, row.deals_per_round))
        for table in tables))


def rounds(row: TournamentRow) -> list[Round]:
    """The rounds drawn so far, each with its tables and who sits at them."""
    names = {p.number: p.name for p in service.participants(row)}
    return [_round(row, round_row, tables, names) for round_row, tables in service.drawn_rounds(row)]


def drawn(row: TournamentRow, number: int) -> Round:
    """One round drawn; NotFound for a round not drawn (yet)."""
    every = rounds(row)
    if not 1 <= number <= len(every):
        raise NotFound("no such round")
    return every[number - 1]


def standings(row: TournamentRow) -> list[Line]:
    """The standings, best first."""
    return [_line(s, p) for s, p in service.tournament_standings(row)]


def _line(standing: Standing, participant: ParticipantRow) -> Line:
    return Line(standing.place, participant.number, participant.name, standing.points,
                standing.solos_won, standing.rounds, participant.withdrawn, standing.drawn)


def round_standings(lines: list[Line], number: int) -> list[tuple[int, Line]]:
    """The standings of one round alone: by its points, equal points sharing a place (1, 1, 3)."""
    ordered = sorted(lines, key=lambda line: (-line.rounds[number - 1], line.number))
    out: list[tuple[int, Line]] = []
    for index, line in enumerate(ordered):
        same = out and out[-1][1].rounds[number - 1] == line.rounds[number - 1]
        out.append((out[-1][0] if same else index + 1, line))
    return out


def board_tag(row: TournamentRow, language: str) -> str:
    """An entity tag of what the standings show: it changes with any deal of any table, a paper
    sheet, a draw, a participant registered, withdrawn or substituted, and the tournament's end.

    The tournament's state as the standings' cache reads it (``tournament_cache.seen``),
    without scoring any list.
    """
    text = repr((language, seen(row).key, row.ended_at))
    return f"{row.id}-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def prize_places(lines: list[Line]) -> list[tuple[int | None, Line]]:
    """The prize list's places: those not withdrawn keep their order and share places as they did;
    the withdrawn follow, without a place (they take no prize).

    A place counts only those before it who are not withdrawn: standings places
    1, 2, 2, 4 with the first withdrawn become 1, 1, 3.
    """
    present = [line for line in lines if not line.withdrawn]
    placed: list[tuple[int | None, Line]] = []
    for line in present:
        placed.append((1 + sum(1 for other in present if other.place < line.place), line))
    placed.extend((None, line) for line in lines if line.withdrawn)
    return placed


@dataclass(frozen=True)
class PrizeLine:
    """A line of the prize list: the place among those not withdrawn (None: withdrawn) and the award."""

    place: int | None
    line: Line
    award: Award | None


@dataclass(frozen=True)
class PrizePage:
    """What the prize list shows: its lines, the sums, the rounds' best, and the tournament's system."""

    lines: list[PrizeLine]
    prizes: PrizeList
    system: System
    registered: int
    names: dict[int, str]

    @property
    def pays(self) -> bool:
        """Whether the tournament takes a fee or pays anything: without, the list shows places alone."""
        return bool(self.system.prize_rules)


def prize_page(row: TournamentRow) -> PrizePage:
    """The prize list: who takes what, from the standings as they are now."""
    state = seen(row)
    worked = worked_out(row, state)
    people = {p.number: p for p in service.participants(row)}
    lines = [_line(s, people[s.participant]) for s in worked.ranked]
    system = system_of(row)
    withdrawn = {number for number, p in people.items() if p.withdrawn}
    prizes = tournament_prizes(system, worked.ranked, withdrawn, len(people), worked.counted)
    placed = [PrizeLine(place, line, prizes.awards.get(line.number)) for place, line in prize_places(lines)]
    return PrizePage(placed, prizes, system, len(people), {n: p.name for n, p in people.items()})
