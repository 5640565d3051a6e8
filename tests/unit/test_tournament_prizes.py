"""The ranking by a tournament's tie-breaks and the prize list worked out from the standings."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import ScoringError, read_list
from scorer.tournaments.prizes import Prize, PrizeRules, checked_prize_rules, prize_list
from scorer.tournaments.standings import RoundResult, checked_tie_breaks, sheet_results, standings, table_result

R = RoundResult
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]


# -- tie-breaks ---------------------------------------------------------------------------------


def test_the_default_tie_breaks_rank_as_the_standings_always_did() -> None:
    # Equal on points: the solo games won first, then the last round played.
    results = {1: [R(10, 0), R(20, 1)], 2: [R(20, 1), R(10, 0)], 3: [R(15, 1), R(15, 0)], 4: [R(0), R(0)]}
    assert [(s.participant, s.place) for s in standings(results, rounds=2)] == [(1, 1), (3, 2), (2, 3), (4, 4)]


def test_each_tie_break_counts_only_after_those_before_it() -> None:
    results = {
        1: [R(10, solos_won=2, solos_played=2, games_won=3, tout_won=0)],
        2: [R(10, solos_won=1, solos_played=4, games_won=5, tout_won=1)],
    }
    order = {
        ("solos_won",): [1, 2], ("solos_played",): [2, 1], ("games_won", "solos_won"): [2, 1],
        ("tout_won",): [2, 1], ("last_round", "solos_won"): [1, 2],
    }
    for tie_breaks, expected in order.items():
        assert [s.participant for s in standings(results, 1, tie_breaks=tie_breaks)] == expected, tie_breaks


def test_without_lot_equals_share_a_place_and_the_next_is_counted_on() -> None:
    results = {1: [R(30)], 2: [R(20)], 3: [R(20)], 4: [R(10)]}
    table = standings(results, 1, tie_breaks=("solos_won",))
    assert [s.place for s in table] == [1, 2, 2, 4] and not any(s.drawn for s in table)


def test_lot_draws_the_places_still_equal_the_same_way_every_time() -> None:
    results = {n: [R(20 if n < 5 else 10)] for n in range(1, 9)}
    first = standings(results, 1, tie_breaks=("lot",), seed="cup")
    assert [s.place for s in first] == list(range(1, 9)) and all(s.drawn for s in first)
    assert {s.participant for s in first[:4]} == {1, 2, 3, 4}  # lot only orders equals
    again = standings(dict(reversed(list(results.items()))), 1, tie_breaks=("lot",), seed="cup")
    assert [s.participant for s in again] == [s.participant for s in first]
    others = {tuple(s.participant for s in standings(results, 1, tie_breaks=("lot",), seed=seed))
              for seed in ("a", "b", "c", "d", "e")}
    assert len(others) > 1  # another tournament draws otherwise


def test_lot_leaves_places_the_points_decide_undrawn() -> None:
    results = {1: [R(30)], 2: [R(20)], 3: [R(20)], 4: [R(10)]}
    table = standings(results, 1, tie_breaks=("solos_won", "lot"), seed="x")
    assert [(s.place, s.drawn) for s in table] == [(1, False), (2, True), (3, True), (4, False)]
    assert table[0].participant == 1 and table[3].participant == 4


def test_the_last_round_is_the_last_played_for_a_night_cut_short() -> None:
    results = {1: [R(20), R(10)], 2: [R(10), R(20)]}
    table = standings(results, rounds=3, played=2, tie_breaks=("last_round",))
    assert [(s.participant, s.place) for s in table] == [(2, 1), (1, 2)]


@pytest.mark.parametrize("value", ["lot", ["luck"], ["lot", "solos_won"], ["games_won", "games_won"], [1]])
def test_tie_breaks_refused_name_their_key(value: Any) -> None:
    with pytest.raises(ScoringError) as refused:
        checked_tie_breaks(value)
    assert refused.value.key == "tie_breaks"


def test_a_tables_list_gives_solos_played_games_won_and_tout_won() -> None:
    deals = [
        {"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True},
        {"game": "solo", "declarer": "Anna", "points": 40},
        {"game": "sauspiel", "declarer": "Bene", "partner": "Anna", "points": 70},
        {"game": "sauspiel", "declarer": "Chris", "partner": "Dora", "points": 70},
    ]
    result = read_list({"rules": {"preset": "bavarian", "table_points": {"system": "1/5"},
                                  "games": ["sauspiel", "solo", "passed"]},
                        "players": PLAYERS, "deals": deals}).replay()
    anna = table_result(result, "Anna")
    assert (anna.solos_played, anna.solos_won, anna.games_won, anna.tout_won) == (2, 1, 2, 1)
    bene = table_result(result, "Bene")
    assert (bene.solos_played, bene.solos_won, bene.games_won, bene.tout_won) == (0, 0, 1, 0)
    assert table_result(result, "Dora").games_won == 1


def test_a_sheet_kept_before_reads_its_missing_counts_as_zero() -> None:
    old = {"points": {"1": 10, "2": -10}, "solos_won": {"1": 2, "2": 0}}
    assert sheet_results([1, 2], old)[1] == R(10, solos_won=2)
    new = {**old, "games_won": {"1": 3, "2": 1}}
    assert sheet_results([1, 2], new)[1] == R(10, solos_won=2, games_won=3)


# -- prizes -------------------------------------------------------------------------------------


def kohler(fee: int = 1000, *prizes: Prize) -> PrizeRules:
    return PrizeRules(fee, (30, 15, 10, 10, 10), prizes)


def test_shares_are_rounded_down_and_the_cents_left_are_said() -> None:
    # 7 x 10.01 = 70.07: 30 % is 21.021, 15 % 10.5105, 10 % 7.007; 75 % is 52.5525, 52.55 in cents.
    placed = [(n, n) for n in range(1, 8)]
    prizes = prize_list(kohler(1001), 7, placed, {}, [])
    assert prizes.collected == 7007
    assert [prizes.awards[n].amount for n in range(1, 6)] == [2102, 1051, 700, 700, 700]
    assert prizes.paid_out == 5253 and prizes.rest == 5255 - 5253
    assert 6 not in prizes.awards and 7 not in prizes.awards


def test_shared_places_share_the_sum_of_their_places_equally() -> None:
    placed = [(1, 1), (2, 2), (2, 3), (2, 4), (5, 5), (6, 6)]
    prizes = prize_list(kohler(1000), 6, placed, {}, [])
    # Places 2, 3 and 4: 9.00 + 6.00 + 6.00 = 21.00, 7.00 each.
    assert [prizes.awards[n].amount for n in (2, 3, 4)] == [700, 700, 700]
    assert prizes.awards[2].shared == 3 and prizes.rest == 0
    uneven = prize_list(kohler(1000), 6, [(1, 1), (1, 2), (3, 3), (4, 4), (5, 5), (6, 6)], {}, [])
    # Places 1 and 2: 18.00 + 9.00 = 27.00, 13.50 each; nothing left.
    assert uneven.awards[1].amount == uneven.awards[2].amount == 1350
    odd = prize_list(PrizeRules(0, (), (Prize(1, 100),)), 3, [(1, 1), (1, 2), (1, 3)], {}, [])
    assert [odd.awards[n].amount for n in (1, 2, 3)] == [33, 33, 33] and odd.rest == 1


def test_fixed_prizes_for_a_place_the_last_and_the_second_to_last() -> None:
    rules = PrizeRules(0, (), (Prize(1, label="Cup"), Prize(1, 5000), Prize("last", label="a bottle of wine"),
                               Prize("second_to_last", 500)))
    prizes = prize_list(rules, 5, [(n, n) for n in range(1, 5)], {}, [])
    assert prizes.awards[1].to_dict() == {"amount": 5000, "label": "Cup"}
    assert prizes.awards[3].to_dict() == {"amount": 500}
    assert prizes.awards[4].to_dict() == {"label": "a bottle of wine"}
    assert prizes.paid_out == 5500 and prizes.collected == 0


def test_each_round_played_pays_its_best_and_equal_bests_share() -> None:
    rules = PrizeRules(1000, (), (Prize("round_best", 500),))
    rounds = {1: [20, 5, 0], 2: [20, 30, 0], 3: [-10, -40, 0]}
    prizes = prize_list(rules, 3, [(1, 2), (2, 1), (3, 3)], rounds, [1, 2])
    assert [(b.round, b.winners, b.amount) for b in prizes.round_best] == [(1, (1, 2), 250), (2, (2,), 500)]
    assert prizes.awards[1].amount == 250 and prizes.awards[2].amount == 750
    assert prizes.awards[2].round_best == (1, 2) and 3 not in prizes.awards


def test_a_field_smaller_than_the_shares_pays_the_places_it_has() -> None:
    prizes = prize_list(kohler(1000), 2, [(1, 1), (2, 2)], {}, [])
    assert prizes.collected == 2000 and prizes.paid_out == 600 + 300 and prizes.rest == 0


@pytest.mark.parametrize(("fee", "shares", "prizes", "key"), [
    (-1, None, None, "entry_fee"),
    (True, None, None, "entry_fee"),
    (None, [50, 51], None, "shares"),
    (None, [10, 101], None, "shares.2"),
    (None, {"1": 30}, None, "shares"),
    (None, None, {"place": 1}, "prizes"),
    (None, None, [{"place": "first", "amount": 1}], "prizes.1.place"),
    (None, None, [{"place": -1, "amount": 1}], "prizes.1.place"),
    (None, None, [{"place": 1, "amount": 0.5}], "prizes.1.amount"),
    (None, None, [{"place": 1, "label": "\n"}], "prizes.1.label"),
    (None, None, [{"place": 1, "label": ""}], "prizes.1.label"),
    (None, None, [{"place": 1, "amount": 1, "label": "Cup"}], "prizes.1"),
])
def test_prize_rules_refused_name_their_key(fee: Any, shares: Any, prizes: Any, key: str) -> None:
    with pytest.raises(ScoringError) as refused:
        checked_prize_rules(fee, shares, prizes)
    assert refused.value.key == key


def test_prize_rules_read_as_sent() -> None:
    rules = checked_prize_rules(1000, [30, 15], [{"place": "round_best", "amount": 250},
                                                 {"place": 2, "label": " Ham "}])
    assert rules == PrizeRules(1000, (30, 15), (Prize("round_best", 250), Prize(2, label="Ham")))


def test_a_tournament_pays_when_it_takes_a_fee_or_has_shares_or_prizes() -> None:
    assert not PrizeRules()
    assert PrizeRules(entry_fee=500) and PrizeRules(shares=(50,)) and PrizeRules(prizes=(Prize(1, label="Ham"),))


def test_kohler_falls_pays_out_ninety_percent_over_three_sessions() -> None:
    # docs/prizes.md: forty at $20, 30/15/10/10/10 % by place and 5 % to each session's best.
    rules = checked_prize_rules(2000, [30, 15, 10, 10, 10], [{"place": "round_best", "amount": 4000}])
    placed = [(n, n) for n in range(1, 41)]
    sessions = {n: [41 - n, n, 100 if n == 7 else 0] for n in range(1, 41)}
    prizes = prize_list(rules, 40, placed, sessions, [1, 2, 3])
    assert prizes.collected == 80000
    assert [prizes.awards[n].amount for n in range(1, 6)] == [24000 + 4000, 12000, 8000, 8000, 8000]
    assert [(b.round, b.winners) for b in prizes.round_best] == [(1, (1,)), (2, (40,)), (3, (7,))]
    assert prizes.paid_out == 72000 and prizes.rest == 0
