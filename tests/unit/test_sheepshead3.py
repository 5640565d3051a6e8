"""Classic three-hand Schafkopf (pick and least) scored by hand from RULES.md."""

import pytest

from scorer.engine import score_document

PLAYERS = ["Anna", "Bene", "Chris"]


def score(deals, rules=None, **top):
    document = {"rules": {"preset": "sheepshead3", **(rules or {})}, "players": PLAYERS, "deals": deals, **top}
    return score_document(document)


def payouts_of_one(deal, rules=None, **top):
    payouts = score([deal], rules, **top)["deals"][0]["payouts"]
    assert set(payouts) == set(PLAYERS)
    return tuple(payouts[name] for name in PLAYERS)


def pick(points, **more):
    return {"game": "pick", "declarer": "Anna", "points": points, **more}


def least(points, **more):
    return {"game": "least", "points": dict(zip(PLAYERS, points)), **more}


def anna_wins(victory_points):
    return (2 * victory_points, -victory_points, -victory_points)


def anna_loses(victory_points):
    return (-2 * victory_points, victory_points, victory_points)


@pytest.mark.parametrize(
    "points, expected",
    [
        (0, anna_loses(4)),
        (29, anna_loses(4)),
        (30, anna_loses(4)),
        (31, anna_loses(2)),
        (59, anna_loses(2)),
        (60, anna_loses(2)),
        (61, anna_wins(2)),
        (89, anna_wins(2)),
        (90, anna_wins(2)),
        (91, anna_wins(4)),
        (120, anna_wins(4)),
    ],
)
def test_a_pick_at_each_point_boundary(points, expected):
    assert payouts_of_one(pick(points)) == expected


@pytest.mark.parametrize(
    "points, expected",
    [
        (120, anna_wins(6)),
        (0, anna_loses(6)),
        (10, anna_loses(6)),
        (22, anna_loses(6)),
    ],
)
def test_a_schwarz_pick_is_worth_six(points, expected):
    assert payouts_of_one(pick(points, schwarz=True)) == expected


@pytest.mark.parametrize(
    "loss_max, points, expected",
    [
        (31, 31, anna_loses(4)),
        (31, 32, anna_loses(2)),
        (30, 31, anna_loses(2)),
        (30, 30, anna_loses(4)),
    ],
)
def test_the_sheeps_head_schneider_line_is_a_house_rule(loss_max, points, expected):
    assert payouts_of_one(pick(points), {"schneider_loss_max": loss_max}) == expected


@pytest.mark.parametrize(
    "tariffs, deal, expected",
    [
        ({"game": 1, "schneider": 1, "schwarz": 1}, pick(70), anna_wins(1)),
        ({"game": 1, "schneider": 1, "schwarz": 1}, pick(95), anna_wins(2)),
        ({"game": 1, "schneider": 1, "schwarz": 1}, pick(120, schwarz=True), anna_wins(3)),
        ({"game": 3}, pick(40), anna_loses(3)),
        ({"schneider": 5}, pick(20), anna_loses(7)),
        ({"schwarz": 10}, pick(120, schwarz=True), anna_wins(14)),
        ({"least": 3}, least((20, 40, 60)), anna_wins(3)),
        ({"least": 3, "least_zero": 3}, least((0, 50, 70)), anna_wins(6)),
        ({"least_all": 5}, least((120, 0, 0)), (-10, 5, 5)),
    ],
)
def test_victory_points_are_tariffs_of_the_list(tariffs, deal, expected):
    assert payouts_of_one(deal, {"tariffs": tariffs}) == expected


@pytest.mark.parametrize(
    "points, more, expected",
    [
        ((20, 40, 60), {}, (4, -2, -2)),
        ((60, 20, 40), {}, (-2, 4, -2)),
        ((50, 41, 29), {}, (-2, -2, 4)),
        ((0, 50, 70), {}, (8, -4, -4)),
        ((70, 50, 0), {}, (-4, -4, 8)),
        ((30, 30, 60), {"winner": "Bene"}, (-2, 4, -2)),
        ((30, 30, 60), {"winner": "Anna"}, (4, -2, -2)),
        ((60, 30, 30), {"winner": "Chris"}, (-2, -2, 4)),
        ((120, 0, 0), {}, (-8, 4, 4)),
        ((0, 120, 0), {}, (4, -8, 4)),
    ],
)
def test_least_is_won_by_the_fewest_points(points, more, expected):
    assert payouts_of_one(least(points, **more)) == expected


def test_least_with_all_three_on_forty_is_won_by_the_dealer():
    result = score([least((40, 40, 40)), least((40, 40, 40)), least((40, 40, 40))])
    assert [d["dealer"] for d in result["deals"]] == ["Chris", "Anna", "Bene"]
    assert [d["payouts"] for d in result["deals"]] == [
        {"Anna": -2, "Bene": -2, "Chris": 4},
        {"Anna": 4, "Bene": -2, "Chris": -2},
        {"Anna": -2, "Bene": 4, "Chris": -2},
    ]


def test_least_with_all_three_on_forty_follows_a_named_dealer():
    assert payouts_of_one(least((40, 40, 40), dealer="Bene")) == (-2, 4, -2)
    assert payouts_of_one(least((40, 40, 40)), first_dealer="Anna") == (4, -2, -2)


def test_least_with_all_three_on_forty_accepts_the_dealer_named_as_winner():
    assert payouts_of_one(least((40, 40, 40), winner="Chris")) == (-2, -2, 4)


def test_a_passed_deal_scores_nothing():
    assert payouts_of_one({"game": "passed"}) == (0, 0, 0)


def test_the_classic_tally_scores_only_the_declarer():
    deals = [
        pick(70),
        {"game": "pick", "declarer": "Bene", "points": 20},
        least((0, 50, 70)),
        least((10, 110, 0)),
        least((120, 0, 0)),
        {"game": "passed"},
    ]
    result = score(deals)
    classic = result["tally"]["classic"]
    assert classic == {"Anna": 2 + 4 - 4, "Bene": -4, "Chris": 4}
    totals = result["totals"]
    assert totals == {"Anna": 4 + 4 + 8 - 4 - 8, "Bene": -2 - 8 - 4 - 4 + 4, "Chris": -2 + 4 - 4 + 8 + 4}
    mean_sum = sum(classic.values())
    assert totals == {name: 3 * classic[name] - mean_sum for name in PLAYERS}


def test_the_classic_tally_names_every_player_from_the_start():
    result = score([])
    assert result["tally"]["classic"] == {"Anna": 0, "Bene": 0, "Chris": 0}


def test_settlement_is_in_victory_points_whatever_the_point_value():
    deals = [pick(95), {"game": "pick", "declarer": "Chris", "points": 61}]
    cheap = score(deals, {"point_value": 1})
    default = score(deals)
    assert cheap["totals"] == default["totals"] == {"Anna": 8 - 2, "Bene": -4 - 2, "Chris": -4 + 4}
    assert cheap["settlement"] == default["settlement"]
    balances = dict(default["totals"])
    assert len(default["settlement"]) <= 2
    for transfer in default["settlement"]:
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert set(balances.values()) == {0}
