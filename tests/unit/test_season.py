"""A season: statistics summed over lists, standings and running totals over lists."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.engine import read_list
from scorer.engine.season import ListTotals, Standing, running_over_lists, standings
from scorer.engine.statistics import PlayerStatistics, Tally, statistics, summed

FOUR = ["Anna", "Bene", "Chris", "Dora"]
OTHER_FOUR = ["Anna", "Bene", "Chris", "Emil"]


def replayed(players, deals, **rules):
    return read_list({"rules": {"preset": "bavarian", **rules}, "players": players, "deals": deals}).replay()


FIRST = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},  # A, C +20
    {"game": "solo", "declarer": "Bene", "points": 95, "contra": True},  # B +300
]
SECOND = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 40},  # A, B -20
    {"game": "wenz", "declarer": "Emil", "points": 91, "laufende": 3},  # E +240
    {"game": "solo", "declarer": "Anna", "points": 61},  # A +120 (40 from each)
]


def test_statistics_summed_over_two_lists_add_up_counted_by_hand():
    season = summed([statistics(replayed(FOUR, FIRST)), statistics(replayed(OTHER_FOUR, SECOND))])
    assert list(season) == ["Anna", "Bene", "Chris", "Dora", "Emil"]
    anna = season["Anna"]
    assert anna.played == 5
    assert anna.declared == Tally(3, 2)
    assert dict(anna.by_game) == {"sauspiel": Tally(2, 1), "solo": Tally(1, 1)}
    assert anna.solos == Tally(1, 1)
    assert anna.doubled == Tally(1, 0)
    assert (anna.biggest_win, anna.biggest_loss) == (120, -100)
    assert season["Bene"].partnered == Tally(1, 0)
    assert season["Emil"].laufende == 3
    assert season["Dora"].played == 2  # absent from the second list


def test_a_player_absent_from_every_list_but_one_keeps_that_lists_statistics():
    one = statistics(replayed(FOUR, FIRST))
    assert summed([one, statistics(replayed(OTHER_FOUR, []))])["Dora"] == one["Dora"]


def test_summing_nothing_gives_nobody():
    assert dict(summed([])) == {}


def test_statistics_summed_over_one_list_are_that_lists():
    one = statistics(replayed(FOUR, FIRST))
    assert dict(summed([one])) == dict(one)


@given(st.lists(st.lists(st.sampled_from(FIRST + SECOND[:1] + SECOND[2:]), max_size=6), max_size=5))
def test_summing_lists_counts_every_deal_played_once(evenings):
    results = [replayed(FOUR, deals) for deals in evenings]
    season = summed(statistics(result) for result in results)
    assert sum(s.played for s in season.values()) == 4 * sum(len(r.deals) for r in results)
    assert all(isinstance(s, PlayerStatistics) for s in season.values())


def test_standings_count_only_the_lists_a_player_sat_at():
    season = [
        ListTotals(tuple(FOUR), {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}, 10),
        ListTotals(tuple(OTHER_FOUR), {"Anna": -40, "Bene": 0, "Chris": 0, "Emil": 40}, 10),
        ListTotals(tuple(OTHER_FOUR), {"Anna": -10, "Bene": 0, "Chris": 0, "Emil": 10}, 10),
    ]
    table = {s.player: s for s in standings(season)}
    assert table["Dora"] == Standing("Dora", lists=1, units=-20, money=-200)
    assert table["Emil"] == Standing("Emil", lists=2, units=50, money=500)
    assert table["Emil"].average == 250
    assert [s.player for s in standings(season)] == ["Emil", "Chris", "Bene", "Dora", "Anna"]


def test_money_counts_each_list_at_its_own_point_value():
    season = [ListTotals(("A", "B"), {"A": 10, "B": -10}, 5), ListTotals(("A", "B"), {"A": -10, "B": 10}, 50)]
    a = next(s for s in standings(season) if s.player == "A")
    assert (a.units, a.money, a.average) == (0, -450, -225)


@pytest.mark.parametrize(("money", "lists", "average"), [
    (100, 3, 33), (200, 3, 67), (-200, 3, -67), (5, 2, 3), (-5, 2, -3), (0, 4, 0), (7, 0, 0),
])
def test_the_average_per_list_is_rounded_to_the_nearest_cent(money, lists, average):
    assert Standing("A", lists, 0, money).average == average


def test_a_running_total_stays_put_over_a_missed_list():
    season = [
        ListTotals(("A", "B"), {"A": 10, "B": -10}, 10),
        ListTotals(("B", "C"), {"B": 5, "C": -5}, 10),
    ]
    assert running_over_lists(season, ["A", "B", "C"]) == [[0, 0, 0], [10, -10, 0], [10, -5, -5]]
