"""The standings' better last round is the last round played; a table's texts always fit its list."""

from __future__ import annotations

import pytest

from scorer.engine.values import MAX_NAME, MAX_TITLE
from scorer.tournaments.draw import tables_filled
from scorer.tournaments.standings import RoundResult, standings
from scorer.web.services.tournament_text import seat_labels, table_title

R = RoundResult


def test_after_round_two_of_three_the_second_round_tells_equals_apart() -> None:
    # Equal on points (30) and solo games won (1): round 2 decides, not the unplayed round 3.
    results = {1: [R(10, 1), R(20)], 2: [R(20, 1), R(10)], 3: [R(5), R(5)]}
    table = standings(results, rounds=3, played=2)
    assert [(s.participant, s.place) for s in table] == [(1, 1), (2, 2), (3, 3)]
    assert table[0].rounds == (10, 20, 0)


def test_the_last_planned_round_decides_once_it_is_played() -> None:
    results = {1: [R(10), R(20), R(0)], 2: [R(20), R(10), R(0)]}
    assert [s.place for s in standings(results, rounds=3, played=3)] == [1, 1]
    assert [s.place for s in standings(results, rounds=3)] == [1, 1]
    assert [s.participant for s in standings(results, rounds=3, played=2)] == [1, 2]


def test_before_any_round_is_played_everyone_shares_the_first_place() -> None:
    results = {1: [R()], 2: [R()]}
    assert [s.place for s in standings(results, rounds=3, played=0)] == [1, 1]


@pytest.mark.parametrize("name", ["Cup", "A" * 58, "Frühjahrs-Preisschafkopf " * 4])
@pytest.mark.parametrize(("round_number", "table"), [(1, 1), (6, 100), (20, 500)])
def test_a_table_title_fits_a_list_and_keeps_its_round_and_table(name: str, round_number: int, table: int) -> None:
    title = table_title(name[:80], round_number, table)
    assert len(title) <= MAX_TITLE
    assert title.endswith(f" · Round {round_number} · Table {table}")
    assert title.startswith(name[:20])


def test_a_short_name_is_kept_whole_in_the_title() -> None:
    assert table_title("Cup", 2, 3) == "Cup · Round 2 · Table 3"


def test_a_shared_name_takes_the_start_number_where_it_is_seated() -> None:
    everyone = ["Anna", "anna ", "Bene", "Chris", "Sepp", "Sepp"]
    seated = [(1, "Anna"), (2, "anna "), (3, "Bene"), (7, "Sepp")]
    assert seat_labels(seated, everyone) == {1: "Anna (1)", 2: "anna (2)", 3: "Bene", 7: "Sepp (7)"}
    long = "X" * MAX_NAME
    labels = seat_labels([(12, long), (345, long)], [long, long])
    assert all(len(label) <= MAX_NAME for label in labels.values())
    assert labels[12].endswith(" (12)") and labels[345].endswith(" (345)")


def test_tables_filled_rounds_up() -> None:
    assert [tables_filled(n, 4) for n in (4, 5, 8, 9, 400)] == [1, 2, 2, 3, 100]
