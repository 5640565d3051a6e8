"""The seat draw and the standings of a tournament."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.engine import read_list
from scorer.tournaments.draw import DrawError, deals_at, draw_round, met_before, table_sizes
from scorer.tournaments.standings import RoundResult, standings, table_result


@given(st.integers(4, 400))
def test_every_participant_gets_one_seat_at_a_table_of_four_or_five(count: int) -> None:
    try:
        sizes = table_sizes(count, 4)
    except DrawError:
        assert count % 4 > count // 4  # too few tables to take the players left over
        return
    draw = draw_round(range(1, count + 1), 4, [], "cup:1:1")
    seated = [who for table in draw.tables for who in table]
    assert sorted(seated) == list(range(1, count + 1))
    assert sorted(len(t) for t in draw.tables) == sorted(sizes) and set(sizes) <= {4, 5}


def test_too_few_to_fill_the_tables_is_refused_saying_how_many_fit() -> None:
    with pytest.raises(DrawError, match="add 1 .* 8"):
        table_sizes(7, 4)
    assert table_sizes(15, 5) == (5, 5, 5) and table_sizes(16, 5) == (6, 5, 5)


def test_the_same_tournament_round_and_seed_give_the_same_tables() -> None:
    first = draw_round(range(1, 41), 4, [], "cup:1:17")
    assert draw_round(range(40, 0, -1), 4, [], "cup:1:17") == first
    assert draw_round(range(1, 41), 4, [], "cup:1:18") != first


@pytest.mark.parametrize("count", [40, 41, 100, 400])
def test_three_rounds_seat_no_pair_together_twice(count: int) -> None:
    rounds: list[tuple[tuple[int, ...], ...]] = []
    for number in (1, 2, 3):
        draw = draw_round(range(1, count + 1), 4, rounds, f"cup:{number}:5")
        assert draw.repeats == 0
        rounds.append(draw.tables)
    assert max(met_before(rounds).values()) == 1


def test_where_repeats_cannot_be_avoided_the_draw_keeps_them_few() -> None:
    # Fifteen at three Sheepshead tables: a table of round two takes five players from
    # three tables of round one, so at least two pairs meet again at each table.
    rounds: list[tuple[tuple[int, ...], ...]] = []
    first = draw_round(range(1, 16), 5, rounds, "s:1:1")
    rounds.append(first.tables)
    second = draw_round(range(1, 16), 5, rounds, "s:2:1")
    assert second.repeats == 6
    assert Counter(met_before([*rounds, second.tables]).values())[2] == 6


def test_a_table_where_the_dealer_sits_out_plays_whole_turns_until_each_played_the_round() -> None:
    assert deals_at(4, 4, 32) == 32 and deals_at(5, 4, 32) == 40
    assert deals_at(6, 5, 20) == 24  # Kohler Falls: 24 hands at a table of six
    played = deals_at(5, 4, 30) * 4 // 5
    assert played >= 30 and deals_at(5, 4, 30) % 5 == 0


def test_standings_rank_by_points_then_solos_won_then_the_last_round_and_share_places() -> None:
    results = {
        1: [RoundResult(10, 1), RoundResult(5, 0)],
        2: [RoundResult(5, 1), RoundResult(10, 0)],  # 15, 1 solo, better last round than 1
        3: [RoundResult(15, 2), RoundResult(0, 0)],  # 15, 2 solos: first
        4: [RoundResult(10, 1), RoundResult(5, 0)],  # all equal to 1: shares the place
        5: [RoundResult(-20, 0)],  # withdrew after round one
    }
    table = standings(results, rounds=2)
    assert [(s.place, s.participant, s.points) for s in table] == [
        (1, 3, 15), (2, 2, 15), (3, 1, 15), (3, 4, 15), (5, 5, -20)]
    assert table[-1].rounds == (-20, 0)
    assert table[0].to_dict() == {"place": 1, "player": 3, "points": 15, "solos_won": 2, "rounds": [15, 0]}


def test_a_table_result_counts_the_solo_games_a_player_won() -> None:
    players = ["Anna", "Bene", "Chris", "Dora"]
    document = {"rules": {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"],
                          "table_points": {"system": "1/5"}}, "players": players,
                "deals": [{"game": "solo", "declarer": "Anna", "points": 70},
                          {"game": "wenz", "declarer": "Anna", "points": 40},
                          {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70},
                          {"game": "wenz", "declarer": "Bene", "points": 80}]}
    result = read_list(document).replay()
    # Anna played two solo games and won one; she won the Sauspiel too, with Bene as partner.
    assert table_result(result, "Anna") == RoundResult(points=-4, solos_won=1, solos_played=2, games_won=2)
    assert table_result(result, "Bene") == RoundResult(points=16, solos_won=1, solos_played=1, games_won=2)


def test_a_sheepshead_pick_played_alone_and_won_counts_as_a_solo_game_won() -> None:
    players = ["Anna", "Bene", "Chris", "Dora", "Ede"]
    document = {"rules": {"preset": "sheepshead"}, "players": players,
                "deals": [{"game": "pick", "declarer": "Anna", "points": 70},
                          {"game": "pick", "declarer": "Anna", "points": 40},
                          {"game": "pick", "declarer": "Bene", "partner": "Chris", "points": 80}]}
    result = read_list(document).replay()
    assert table_result(result, "Anna").solos_won == 1  # the won pick alone; the lost one not
    assert table_result(result, "Bene").solos_won == 0  # won with a partner
    assert table_result(result, "Chris").solos_won == 0
