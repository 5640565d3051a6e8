"""German Schafkopf (fixed partnerships, game points, strokes) scored by hand from RULES.md."""

import pytest

from scorer.engine import score_document

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]


def score(deals, rules=None, **top):
    document = {"rules": {"preset": "german", **(rules or {})}, "players": PLAYERS, "deals": deals, **top}
    return score_document(document)


def payouts_of_one(deal, rules=None):
    payouts = score([deal], rules)["deals"][0]["payouts"]
    assert set(payouts) == set(PLAYERS)
    return tuple(payouts[name] for name in PLAYERS)


def normal(points, declarer="Anna", **more):
    return {"game": "normal", "declarer": declarer, "points": points, **more}


def solo(points, **more):
    return {"game": "solo", "declarer": "Anna", "points": points, **more}


def team_of_anna(value):
    """Anna and Chris sit opposite Bene and Dora."""
    return (value, -value, value, -value)


def alone(value):
    return (3 * value, -value, -value, -value)


def strokes(result):
    return [(team["players"], team["strokes"], team["heads"]) for team in result["tally"]["teams"]]


@pytest.mark.parametrize(
    "points, expected",
    [
        (0, team_of_anna(-40)),
        (29, team_of_anna(-40)),
        (30, team_of_anna(-20)),
        (31, team_of_anna(-20)),
        (59, team_of_anna(-20)),
        (60, team_of_anna(-20)),
        (61, team_of_anna(10)),
        (89, team_of_anna(10)),
        (90, team_of_anna(10)),
        (91, team_of_anna(20)),
        (120, team_of_anna(20)),
    ],
)
def test_game_points_at_each_point_boundary(points, expected):
    assert payouts_of_one(normal(points)) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (normal(120, schwarz=True), team_of_anna(90)),
        (normal(0, schwarz=True), team_of_anna(-90)),
        (normal(120, schwarz=True, forced=True), team_of_anna(90)),
        (normal(0, schwarz=True, forced=True), team_of_anna(-90)),
    ],
)
def test_schwarz_is_nine_game_points_for_either_team(deal, expected):
    assert payouts_of_one(deal) == expected


def test_the_declarers_partner_is_the_player_opposite():
    assert payouts_of_one(normal(72, declarer="Bene")) == (-10, 10, -10, 10)
    assert payouts_of_one(normal(72, declarer="Chris")) == (10, -10, 10, -10)
    assert payouts_of_one(normal(40, declarer="Dora")) == (20, -20, 20, -20)


@pytest.mark.parametrize(
    "points, expected",
    [
        (29, team_of_anna(-20)),
        (30, team_of_anna(-10)),
        (31, team_of_anna(-10)),
        (59, team_of_anna(-10)),
        (60, team_of_anna(-10)),
        (61, team_of_anna(10)),
        (90, team_of_anna(10)),
        (91, team_of_anna(20)),
    ],
)
def test_a_forced_game_scores_the_same_for_either_team(points, expected):
    assert payouts_of_one(normal(points, forced=True)) == expected


@pytest.mark.parametrize(
    "rules, deal, expected",
    [
        ({"tariffs": {"game_point": 5}}, normal(61), team_of_anna(5)),
        ({"tariffs": {"game_point": 5}}, normal(29), team_of_anna(-20)),
        ({"tariffs": {"game_point": 1}}, normal(120, schwarz=True), team_of_anna(9)),
        ({"schneider_loss_max": 30}, normal(30), team_of_anna(-40)),
        ({"schneider_loss_max": 30}, normal(31), team_of_anna(-20)),
        ({"point_value": 25}, normal(61), team_of_anna(10)),
    ],
)
def test_game_point_and_schneider_line_are_house_rules(rules, deal, expected):
    assert payouts_of_one(deal, rules) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (solo(70), alone(10)),
        (solo(61), alone(10)),
        (solo(60), alone(-20)),
        (solo(50), alone(-20)),
        (solo(95), alone(20)),
        (solo(30), alone(-20)),
        (solo(29), alone(-40)),
        (solo(20), alone(-40)),
        (solo(120, schwarz=True), alone(90)),
        (solo(0, schwarz=True), alone(-90)),
    ],
)
def test_a_solo_pays_three_times_the_game_points_when_the_rule_allows_it(deal, expected):
    assert payouts_of_one(deal, {"solo": True}) == expected


def test_a_solo_makes_no_strokes():
    result = score([solo(95), solo(20)], {"solo": True})
    assert strokes(result) == [(["Anna", "Chris"], 0, 0), (["Bene", "Dora"], 0, 0)]


def test_a_passed_deal_scores_nothing_and_makes_no_strokes():
    result = score([{"game": "passed"}])
    assert result["deals"][0]["payouts"] == {name: 0 for name in PLAYERS}
    assert strokes(result) == [(["Anna", "Chris"], 0, 0), (["Bene", "Dora"], 0, 0)]


def test_every_game_point_is_a_stroke_and_nine_strokes_make_a_head_after_which_both_start_again():
    deals = [
        normal(120, schwarz=True),  # Anna and Chris: 9, the head; both start again
        normal(100),  # Anna and Chris: 2
        normal(20, declarer="Bene"),  # defenders won schneider: Anna and Chris 4 more
        normal(70, declarer="Bene"),  # Bene and Dora: 1
        normal(65, declarer="Dora", forced=True),  # Bene and Dora: 1
    ]
    result = score(deals)
    assert strokes(result) == [(["Anna", "Chris"], 2 + 4, 1), (["Bene", "Dora"], 1 + 1, 0)]
    assert result["totals"] == {"Anna": 130, "Bene": -130, "Chris": 130, "Dora": -130}


def test_strokes_beyond_nine_are_lost_and_the_other_team_starts_from_nothing_too():
    deals = [normal(95)] * 4 + [normal(70, declarer="Bene")] + [normal(120, schwarz=True)]
    result = score(deals)
    # 8 strokes, then Bene and Dora get 1, then a schwarz on 8 completes the head:
    # the 8 over are not carried, and Bene and Dora's stroke is gone with the head.
    assert strokes(result) == [(["Anna", "Chris"], 0, 1), (["Bene", "Dora"], 0, 0)]
    deals.append(normal(0, schwarz=True))
    assert strokes(score(deals)) == [(["Anna", "Chris"], 0, 1), (["Bene", "Dora"], 0, 1)]


def test_settling_per_head_pays_only_the_deal_that_completes_a_head():
    deals = [normal(95)] * 4 + [normal(70), normal(0, schwarz=True), normal(45)]
    result = score(deals, {"settle_per_head": True})
    anna = [d["payouts"]["Anna"] for d in result["deals"]]
    bene = [d["payouts"]["Bene"] for d in result["deals"]]
    assert anna == [0, 0, 0, 0, 90, -90, 0]
    assert bene == [0, 0, 0, 0, -90, 90, 0]
    assert strokes(result) == [(["Anna", "Chris"], 0, 1), (["Bene", "Dora"], 2, 1)]
    assert result["totals"] == {name: 0 for name in PLAYERS}


def test_settling_per_head_pays_the_head_tariff_for_each_completed_head():
    deals = [normal(95)] * 4 + [normal(120, schwarz=True), normal(120, schwarz=True)]
    result = score(deals, {"settle_per_head": True, "tariffs": {"head": 50}})
    assert [d["payouts"]["Chris"] for d in result["deals"]] == [0, 0, 0, 0, 50, 50]
    assert [d["payouts"]["Dora"] for d in result["deals"]] == [0, 0, 0, 0, -50, -50]
    assert strokes(result) == [(["Anna", "Chris"], 0, 2), (["Bene", "Dora"], 0, 0)]


def test_the_german_settlement_clears_every_total():
    deals = [normal(95), normal(40, declarer="Bene"), normal(10, declarer="Chris")]
    result = score(deals)
    assert result["totals"] == {"Anna": 20 + 20 - 40, "Bene": -20 - 20 + 40, "Chris": 20 + 20 - 40, "Dora": -20 - 20 + 40}
    assert result["settlement"] == []
    deals.append(normal(70))
    result = score(deals)
    balances = dict(result["totals"])
    assert len(result["settlement"]) == 2
    for transfer in result["settlement"]:
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert set(balances.values()) == {0}
