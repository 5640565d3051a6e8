"""Bavarian Schafkopf for three (bids, Hand, Tout) scored by hand from RULES.md."""

import pytest

from scorer.engine import score_document
from scorer.engine.families.bavarian3 import GAMES

PLAYERS = ["Anna", "Bene", "Chris"]


def score(deals, rules=None, **top):
    document = {"rules": {"preset": "bavarian3", **(rules or {})}, "players": PLAYERS, "deals": deals, **top}
    return score_document(document)


def payouts_of_one(deal, rules=None):
    payouts = score([deal], rules)["deals"][0]["payouts"]
    assert set(payouts) == set(PLAYERS)
    return tuple(payouts[name] for name in PLAYERS)


def play(points, game="solo", **more):
    return {"game": game, "declarer": "Anna", "points": points, **more}


def won(value):
    return (2 * value, -value, -value)


def lost(value):
    return (-2 * value, value, value)


@pytest.mark.parametrize(
    "points, expected",
    [
        (29, lost(50)),
        (30, lost(50)),
        (31, lost(40)),
        (59, lost(40)),
        (60, lost(40)),
        (61, won(40)),
        (89, won(40)),
        (90, won(40)),
        (91, won(50)),
        (120, won(50)),
        (0, lost(50)),
    ],
)
def test_a_game_at_the_default_bid_at_each_point_boundary(points, expected):
    assert payouts_of_one(play(points)) == expected


@pytest.mark.parametrize("game", [name for name, game in GAMES.items() if game.kind == "solo"])
def test_every_game_for_three_is_based_on_forty(game):
    assert payouts_of_one(play(75, game=game)) == (80, -40, -40)


def test_each_loser_pays_each_winner_the_value():
    assert payouts_of_one(play(61)) == (80, -40, -40)
    assert payouts_of_one(play(60)) == (-80, 40, 40)


@pytest.mark.parametrize(
    "bid, points, expected",
    [
        (61, 61, won(40)),
        (65, 64, lost(40)),
        (65, 65, won(40)),
        (70, 69, lost(40)),
        (70, 70, won(40)),
        (85, 90, won(40)),
        (95, 94, lost(40)),
        (100, 95, lost(40)),
        (100, 100, won(50)),
        (120, 119, lost(40)),
        (120, 110, lost(40)),
        (120, 120, won(50)),
    ],
)
def test_the_declarer_wins_by_reaching_the_bid(bid, points, expected):
    assert payouts_of_one(play(points, bid=bid)) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (play(120, schwarz=True), won(60)),
        (play(120, bid=120, schwarz=True), won(60)),
        (play(10, schwarz=True), lost(60)),
        (play(0, schwarz=True), lost(60)),
        (play(22, schwarz=True), lost(60)),
    ],
)
def test_schwarz_adds_to_schneider_whichever_side_took_no_trick(deal, expected):
    assert payouts_of_one(deal) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (play(70, hand=True), won(80)),
        (play(50, hand=True), lost(80)),
        (play(95, hand=True), won(100)),
        (play(70, hand=False), won(40)),
        (play(120, schwarz=True, tout=True), won(80)),
        (play(120, schwarz=True, tout=True, hand=True), won(160)),
        (play(110, tout=True), lost(80)),
        (play(120, tout=True), lost(80)),
        (play(20, schwarz=True, tout=True), lost(80)),
        (play(110, tout=True, hand=True), lost(160)),
    ],
)
def test_hand_and_tout_each_double(deal, expected):
    assert payouts_of_one(deal) == expected


@pytest.mark.parametrize(
    "rules, deal, expected",
    [
        ({"contra": True}, play(70, contra=True), won(80)),
        ({"contra": True}, play(70, contra=True, re=True), won(160)),
        ({"contra": True}, play(50, contra=True), lost(80)),
        ({"contra": True}, play(70, hand=True, contra=True, re=True), won(320)),
        ({"contra": True}, play(70), won(40)),
        ({"contra": False}, play(70, contra=False), won(40)),
        ({"laufende": True}, play(70, laufende=2), won(40)),
        ({"laufende": True}, play(70, laufende=3), won(55)),
        ({"laufende": True}, play(50, laufende=3), lost(55)),
        ({"laufende": True}, play(70, game="wenz", laufende=1), won(40)),
        ({"laufende": True}, play(70, game="wenz", laufende=2), won(50)),
        ({"laufende": True}, play(70, game="geier", laufende=4), won(60)),
        ({"laufende": True}, play(70, laufende=14), won(110)),
        ({"laufende": True}, play(95, laufende=3, hand=True), won(130)),
        ({"laufende": True, "laufende_from": {"solo": 2}}, play(70, laufende=2), won(50)),
        ({"laufende": True, "tariffs": {"laufende": 10}}, play(70, laufende=3), won(70)),
        ({"laufende": False}, play(70, laufende=0), won(40)),
        ({"laufende": True}, play(120, schwarz=True, tout=True, laufende=3), won(110)),
        ({"laufende": True}, play(100, tout=True, laufende=3), lost(110)),
    ],
)
def test_contra_and_laufende_are_house_rules(rules, deal, expected):
    assert payouts_of_one(deal, rules) == expected


@pytest.mark.parametrize(
    "rules, deal, expected",
    [
        ({"tariffs": {"solo": 50}}, play(70), won(50)),
        ({"tariffs": {"solo": 50}}, play(70, game="wenz"), won(40)),
        ({"tariffs": {"wenz": 30}}, play(70, game="wenz"), won(30)),
        ({"tariffs": {"geier": 20}}, play(70, game="geier"), won(20)),
        ({"tariffs": {"schneider": 20}}, play(95), won(60)),
        ({"tariffs": {"schwarz": 30}}, play(120, schwarz=True), won(80)),
        ({"schneider_loss_max": 31}, play(31), lost(50)),
        ({"schneider_loss_max": 31}, play(32), lost(40)),
    ],
)
def test_tariffs_and_schneider_line_are_house_rules(rules, deal, expected):
    assert payouts_of_one(deal, rules) == expected


def test_a_passed_deal_scores_nothing():
    assert payouts_of_one({"game": "passed"}) == (0, 0, 0)


def test_a_list_may_allow_only_some_games():
    result = score([play(70, game="wenz")], {"games": ["wenz", "passed"]})
    assert result["deals"][0]["payouts"] == {"Anna": 80, "Bene": -40, "Chris": -40}


def test_the_dealer_rotates_among_three():
    result = score([{"game": "passed"}] * 4)
    assert [d["dealer"] for d in result["deals"]] == ["Chris", "Anna", "Bene", "Chris"]


def test_totals_and_settlement_of_a_list_for_three():
    deals = [
        play(70),
        {"game": "wenz", "declarer": "Bene", "points": 40},
        {"game": "geier", "declarer": "Chris", "points": 100, "bid": 100, "hand": True},
    ]
    result = score(deals, {"point_value": 5})
    assert result["totals"] == {"Anna": 80 + 40 - 100, "Bene": -40 - 80 - 100, "Chris": -40 + 40 + 200}
    balances = dict(result["totals"])
    assert len(result["settlement"]) <= 2
    for transfer in result["settlement"]:
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert set(balances.values()) == {0}
