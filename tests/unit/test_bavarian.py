"""Bavarian Schafkopf for four (or five) scored by hand from RULES.md."""

import pytest

from scorer.engine import ScoringError, score_document
from scorer.engine.families.bavarian import GAMES

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SEED = ["Brian", "Hans", "Christian", "Jürgen"]


def score(deals, rules=None, players=PLAYERS, **top):
    document = {
        "rules": {"preset": "bavarian", **(rules or {})},
        "players": players,
        "deals": deals,
        **top,
    }
    return score_document(document)


def payouts_of_one(deal, rules=None, players=PLAYERS):
    result = score([deal], rules, players)
    payouts = result["deals"][0]["payouts"]
    assert set(payouts) == set(players)
    return tuple(payouts[name] for name in players)


def sauspiel(points, **more):
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": points, **more}


def solo(points, game="solo", **more):
    return {"game": game, "declarer": "Anna", "points": points, **more}


def ramsch(points, **more):
    return {"game": "ramsch", "points": dict(zip(PLAYERS, points)), **more}


def side(value):
    """Anna and Chris declare together against Bene and Dora."""
    return (value, -value, value, -value)


def alone(value):
    """Anna plays alone against three."""
    return (3 * value, -value, -value, -value)


# ---------------------------------------------------------------- seed examples


def test_a_won_solo_pays_the_declarer_three_times_forty():
    assert payouts_of_one(solo(72)) == (120, -40, -40, -40)


def test_a_won_partner_game_pays_twenty_to_each_winner():
    assert payouts_of_one(sauspiel(72)) == (20, -20, 20, -20)


def test_a_schneider_partner_game_is_worth_thirty():
    assert payouts_of_one(sauspiel(95)) == side(30)


def test_a_schwarz_partner_game_is_worth_forty():
    assert payouts_of_one(sauspiel(120, schwarz=True)) == side(40)


def test_the_seed_ramsch_with_hans_a_virgin_and_juergen_the_loser():
    deal = {"game": "ramsch", "points": {"Brian": 30, "Hans": 0, "Christian": 40, "Jürgen": 50}}
    assert payouts_of_one(deal, players=SEED) == (10, 20, 10, -40)


def test_the_seed_ramsch_with_juergen_named_loser_of_a_tie():
    deal = {
        "game": "ramsch",
        "points": {"Brian": 20, "Hans": 0, "Christian": 50, "Jürgen": 50},
        "loser": "Jürgen",
    }
    assert payouts_of_one(deal, players=SEED) == (10, 20, 10, -40)


# ---------------------------------------------------------------- point boundaries


@pytest.mark.parametrize(
    "points, expected",
    [
        (0, side(-30)),
        (29, side(-30)),
        (30, side(-30)),
        (31, side(-20)),
        (59, side(-20)),
        (60, side(-20)),
        (61, side(20)),
        (89, side(20)),
        (90, side(20)),
        (91, side(30)),
        (120, side(30)),
    ],
)
def test_partner_game_value_at_each_point_boundary(points, expected):
    assert payouts_of_one(sauspiel(points)) == expected


def test_partner_game_at_sixty_points_is_lost():
    assert payouts_of_one(sauspiel(60)) == (-20, 20, -20, 20)


@pytest.mark.parametrize(
    "points, expected",
    [
        (0, alone(-50)),
        (29, alone(-50)),
        (30, alone(-50)),
        (31, alone(-40)),
        (59, alone(-40)),
        (60, alone(-40)),
        (61, alone(40)),
        (89, alone(40)),
        (90, alone(40)),
        (91, alone(50)),
        (120, alone(50)),
    ],
)
def test_solo_value_at_each_point_boundary(points, expected):
    assert payouts_of_one(solo(points)) == expected


@pytest.mark.parametrize("game", [name for name, game in GAMES.items() if game.kind == "solo" and game.seed])
@pytest.mark.parametrize("points, expected", [(70, alone(40)), (45, alone(-40)), (96, alone(50)), (12, alone(-50))])
def test_every_solo_game_is_based_on_forty(game, points, expected):
    assert payouts_of_one(solo(points, game=game)) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (sauspiel(120, schwarz=True), side(40)),
        (sauspiel(0, schwarz=True), side(-40)),
        (solo(120, schwarz=True), alone(60)),
        (solo(0, schwarz=True), alone(-60)),
        (solo(120, game="wenz", schwarz=True), alone(60)),
    ],
)
def test_schwarz_adds_its_tariff_on_top_of_schneider(deal, expected):
    assert payouts_of_one(deal) == expected


# ---------------------------------------------------------------- Laufende


@pytest.mark.parametrize(
    "deal, expected",
    [
        (sauspiel(72, laufende=2), side(20)),
        (sauspiel(72, laufende=3), side(35)),
        (sauspiel(72, laufende=4), side(40)),
        (sauspiel(72, laufende=14), side(90)),
        (sauspiel(45, laufende=3), side(-35)),
        (sauspiel(95, laufende=3), side(45)),
        (solo(72, laufende=2), alone(40)),
        (solo(72, laufende=3), alone(55)),
        (solo(72, laufende=14), alone(110)),
        (solo(40, laufende=4), alone(-60)),
        (solo(72, game="wenz", laufende=1), alone(40)),
        (solo(72, game="wenz", laufende=2), alone(50)),
        (solo(72, game="wenz", laufende=4), alone(60)),
        (solo(72, game="geier", laufende=1), alone(40)),
        (solo(72, game="geier", laufende=2), alone(50)),
        (solo(72, game="geier", laufende=4), alone(60)),
        (solo(72, game="farbwenz", laufende=2), alone(40)),
        (solo(72, game="farbwenz", laufende=3), alone(55)),
        (solo(72, game="farbwenz", laufende=11), alone(95)),
        (solo(72, laufende=0), alone(40)),
    ],
)
def test_laufende_count_five_each_only_from_the_games_threshold(deal, expected):
    assert payouts_of_one(deal) == expected


@pytest.mark.parametrize(
    "rules, deal, expected",
    [
        ({"laufende_from": {"sauspiel": 2}}, sauspiel(72, laufende=2), side(30)),
        ({"laufende_from": {"sauspiel": 2}}, solo(72, laufende=2), alone(40)),
        ({"laufende_from": {"wenz": 3}}, solo(72, game="wenz", laufende=2), alone(40)),
        ({"laufende_from": {"wenz": 3}}, solo(72, game="wenz", laufende=3), alone(55)),
        ({"laufende_from": {"solo": 4}}, solo(72, laufende=3), alone(40)),
        ({"laufende_from": {"solo": 4}}, solo(72, laufende=4), alone(60)),
        ({"laufende_from": {"farbwenz": 1}}, solo(72, game="farbwenz", laufende=1), alone(45)),
    ],
)
def test_laufende_from_is_a_house_rule_merged_per_game(rules, deal, expected):
    assert payouts_of_one(deal, rules) == expected


# ---------------------------------------------------------------- multipliers


@pytest.mark.parametrize(
    "deal, expected",
    [
        (sauspiel(72, contra=True), side(40)),
        (sauspiel(72, contra=True, re=True), side(80)),
        (sauspiel(45, contra=True), side(-40)),
        (sauspiel(72, doubles=1), side(40)),
        (sauspiel(72, doubles=2), side(80)),
        (sauspiel(72, doubles=4), side(320)),
        (sauspiel(72, contra=True, re=True, doubles=2), side(320)),
        (sauspiel(72, contra=False, re=False, doubles=0), side(20)),
        (sauspiel(95, laufende=3, contra=True), side(90)),
        (sauspiel(120, schwarz=True, laufende=4, contra=True, re=True), side(240)),
        (solo(40, doubles=1), alone(-80)),
        (solo(120, schwarz=True, contra=True, re=True), alone(240)),
        (solo(72, game="wenz", laufende=2, doubles=1), alone(100)),
    ],
)
def test_contra_re_and_doubles_double_the_added_up_value(deal, expected):
    assert payouts_of_one(deal) == expected


# ---------------------------------------------------------------- tout and sie


@pytest.mark.parametrize(
    "deal, expected",
    [
        (solo(120, schwarz=True, tout=True), alone(80)),
        (solo(120, schwarz=True, tout=True, laufende=4), alone(120)),
        (solo(120, game="wenz", schwarz=True, tout=True, laufende=2), alone(100)),
        (solo(120, game="geier", schwarz=True, tout=True), alone(80)),
        (solo(120, game="farbwenz", schwarz=True, tout=True), alone(80)),
        (solo(120, schwarz=True, tout=True, contra=True), alone(160)),
        (solo(120, schwarz=True, tout=True, doubles=1), alone(160)),
        (solo(110, tout=True), alone(-80)),
        (solo(120, tout=True), alone(-80)),
        (solo(95, tout=True, laufende=3), alone(-110)),
        (solo(20, tout=True), alone(-80)),
    ],
)
def test_tout_doubles_base_and_laufende_and_is_won_only_schwarz_with_all_points(deal, expected):
    assert payouts_of_one(deal) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (solo(120, schwarz=True, sie=True, laufende=8), alone(320)),
        (solo(120, schwarz=True, sie=True, laufende=14), alone(440)),
        (solo(120, schwarz=True, sie=True, laufende=8, contra=True), alone(640)),
    ],
)
def test_sie_quadruples_base_and_laufende(deal, expected):
    assert payouts_of_one(deal) == expected


@pytest.mark.parametrize(
    "deal",
    [
        solo(100, sie=True, laufende=8),
        solo(120, sie=True, laufende=8),
        solo(120, schwarz=True, sie=True, laufende=7),
    ],
)
def test_a_sie_that_is_not_eight_laufende_schwarz_with_all_points_is_refused(deal):
    with pytest.raises(ScoringError) as refused:
        payouts_of_one(deal)
    assert refused.value.deal == 1 and refused.value.key == "sie"


@pytest.mark.parametrize("game", [name for name, game in GAMES.items() if game.kind == "solo" and game.trumps and name != "solo"])
def test_only_a_suit_solo_can_be_a_sie(game):
    deal = {"game": game, "declarer": "Anna", "points": 120, "schwarz": True, "sie": True, "laufende": 4}
    with pytest.raises(ScoringError) as refused:
        payouts_of_one(deal, {"games": [game, "solo"]})
    assert refused.value.key == "sie"


@pytest.mark.parametrize(
    "deal, expected",
    [
        (solo(100, sie=True, laufende=8), alone(-320)),
        (solo(120, sie=True, laufende=8), alone(-320)),
        ({"game": "wenz", "declarer": "Anna", "points": 120, "schwarz": True, "sie": True, "laufende": 4}, alone(240)),
    ],
)
def test_a_list_of_the_first_edition_keeps_scoring_its_sie_as_it_did(deal, expected):
    assert payouts_of_one(deal, {"edition": 1}) == expected


# ---------------------------------------------------------------- tariffs and house rules


@pytest.mark.parametrize(
    "rules, deal, expected",
    [
        ({"tariffs": {"sauspiel": 10}}, sauspiel(72), side(10)),
        ({"tariffs": {"sauspiel": 10}}, solo(72), alone(40)),
        ({"tariffs": {"solo": 50}}, solo(72), alone(50)),
        ({"tariffs": {"solo": 50}}, solo(72, game="wenz"), alone(40)),
        ({"tariffs": {"wenz": 30}}, solo(72, game="wenz"), alone(30)),
        ({"tariffs": {"geier": 25}}, solo(72, game="geier"), alone(25)),
        ({"tariffs": {"farbwenz": 35}}, solo(72, game="farbwenz"), alone(35)),
        ({"tariffs": {"schneider": 5, "schwarz": 20}}, sauspiel(95), side(25)),
        ({"tariffs": {"schneider": 5, "schwarz": 20}}, sauspiel(120, schwarz=True), side(45)),
        ({"tariffs": {"laufende": 10}}, sauspiel(72, laufende=3), side(50)),
        ({"tariffs": {"sauspiel": 10, "solo": 50}}, solo(95, laufende=3, contra=True), alone(150)),
        ({"tariffs": {"sauspiel": 0}}, sauspiel(72), side(0)),
    ],
)
def test_tariffs_are_merged_over_the_preset(rules, deal, expected):
    assert payouts_of_one(deal, rules) == expected


@pytest.mark.parametrize(
    "loss_max, points, expected",
    [
        (31, 31, side(-30)),
        (31, 32, side(-20)),
        (25, 25, side(-30)),
        (25, 26, side(-20)),
        (25, 29, side(-20)),
        (30, 30, side(-30)),
    ],
)
def test_schneider_loss_max_moves_the_lost_schneider_line(loss_max, points, expected):
    assert payouts_of_one(sauspiel(points), {"schneider_loss_max": loss_max}) == expected


@pytest.mark.parametrize(
    "deal, expected",
    [
        (sauspiel(72, called_ace="acorns"), side(20)),
        (sauspiel(72, called_ace="bells"), side(20)),
        (solo(72, suit="hearts"), alone(40)),
        (solo(72, suit="spades"), alone(40)),
        (solo(72, game="farbwenz", suit="leaves"), alone(40)),
        (ramsch((30, 20, 40, 30), loser="Chris"), (10, 10, -30, 10)),
    ],
)
def test_informational_keys_and_an_agreeing_loser_change_nothing(deal, expected):
    assert payouts_of_one(deal) == expected


def test_a_list_file_may_say_its_format():
    result = score([sauspiel(72)], format="schafkopf-list/1", title="Stammtisch")
    assert result["totals"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}


def test_a_list_may_allow_only_some_games():
    rules = {"games": ["sauspiel", "solo"]}
    result = score([sauspiel(72), solo(72)], rules)
    assert [d["payouts"]["Anna"] for d in result["deals"]] == [20, 120]


def test_a_passed_hand_is_allowed_whatever_the_games_and_scores_nothing():
    result = score([{"game": "passed"}], {"games": ["sauspiel"]})
    assert result["deals"][0]["payouts"] == {name: 0 for name in PLAYERS}


def test_a_passed_hand_with_a_double_still_scores_nothing():
    result = score([{"game": "passed", "doubles": 1}])
    assert result["deals"][0]["payouts"] == {name: 0 for name in PLAYERS}


def test_point_value_does_not_change_the_units_of_payouts_totals_or_settlement():
    deals = [sauspiel(72), solo(95, laufende=3, contra=True), ramsch((30, 0, 40, 50))]
    cheap = score(deals, {"point_value": 1})
    dear = score(deals, {"point_value": 50})
    assert [d["payouts"] for d in cheap["deals"]] == [d["payouts"] for d in dear["deals"]]
    assert cheap["totals"] == dear["totals"]
    assert cheap["settlement"] == dear["settlement"]
    assert dear["totals"] == {"Anna": 20 + 390 + 10, "Bene": -20 - 130 + 20, "Chris": 20 - 130 + 10, "Dora": -20 - 130 - 40}


# ---------------------------------------------------------------- Ramsch


@pytest.mark.parametrize(
    "points, more, rules, expected",
    [
        ((30, 20, 40, 30), {}, {}, (10, 10, -30, 10)),
        ((1, 29, 40, 50), {}, {}, (10, 10, 10, -30)),
        ((0, 0, 50, 70), {}, {}, (20, 20, 10, -50)),
        ((0, 30, 40, 50), {}, {"virgin": "own"}, (20, 10, 10, -40)),
        ((0, 30, 40, 50), {}, {"virgin": "all"}, (20, 20, 20, -60)),
        ((0, 0, 50, 70), {}, {"virgin": "all"}, (40, 40, 40, -120)),
        ((30, 20, 40, 30), {}, {"virgin": "all"}, (10, 10, -30, 10)),
        ((0, 30, 40, 50), {"doubles": 1}, {"virgin": "all"}, (40, 40, 40, -120)),
        ((0, 30, 40, 50), {"doubles": 1}, {}, (40, 20, 20, -80)),
        ((0, 30, 40, 50), {"doubles": 2}, {}, (80, 40, 40, -160)),
        ((0, 30, 40, 50), {}, {"tariffs": {"ramsch": 20}}, (40, 20, 20, -80)),
        ((50, 50, 20, 0), {"loser": "Anna"}, {}, (-40, 10, 10, 20)),
        ((50, 50, 20, 0), {"loser": "Bene"}, {}, (10, -40, 10, 20)),
        ((40, 40, 40, 0), {"loser": "Chris"}, {}, (10, 10, -40, 20)),
        ((30, 30, 30, 30), {"loser": "Dora"}, {}, (10, 10, 10, -30)),
    ],
)
def test_ramsch_loser_pays_every_other_player_and_twice_a_virgin(points, more, rules, expected):
    assert payouts_of_one(ramsch(points, **more), rules) == expected


@pytest.mark.parametrize(
    "points, more, rules, expected",
    [
        ((90, 10, 10, 10), {}, {}, (120, -40, -40, -40)),
        ((89, 11, 10, 10), {}, {}, (-30, 10, 10, 10)),
        ((120, 0, 0, 0), {}, {}, (120, -40, -40, -40)),
        ((61, 59, 0, 0), {}, {"durchmarsch": 61}, (120, -40, -40, -40)),
        ((90, 10, 10, 10), {"doubles": 1}, {}, (240, -80, -80, -80)),
        ((90, 10, 10, 10), {}, {"tariffs": {"solo": 50}}, (150, -50, -50, -50)),
        ((95, 10, 10, 5), {}, {"durchmarsch": 100}, (-30, 10, 10, 10)),
        ((100, 10, 10, 0), {}, {"durchmarsch": 100}, (120, -40, -40, -40)),
        ((90, 10, 10, 10), {}, {"durchmarsch": "all"}, (-30, 10, 10, 10)),
        ((119, 1, 0, 0), {}, {"durchmarsch": "all"}, (-50, 10, 20, 20)),
        ((120, 0, 0, 0), {}, {"durchmarsch": "all"}, (120, -40, -40, -40)),
        ((90, 10, 10, 10), {}, {"durchmarsch": None}, (-30, 10, 10, 10)),
        ((120, 0, 0, 0), {}, {"durchmarsch": None}, (-60, 20, 20, 20)),
    ],
)
def test_ramsch_durchmarsch_wins_as_a_solo_at_the_threshold(points, more, rules, expected):
    assert payouts_of_one(ramsch(points, **more), rules) == expected


# ---------------------------------------------------------------- five at the table


def test_with_five_players_the_dealer_sits_out_with_nothing():
    deals = [
        sauspiel(72),
        {"game": "sauspiel", "declarer": "Bene", "partner": "Dora", "points": 72},
        {"game": "solo", "declarer": "Emil", "points": 30},
    ]
    result = score(deals, players=FIVE)
    assert [d["dealer"] for d in result["deals"]] == ["Emil", "Anna", "Bene"]
    assert result["deals"][0]["payouts"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20, "Emil": 0}
    assert result["deals"][1]["payouts"] == {"Anna": 0, "Bene": 20, "Chris": -20, "Dora": 20, "Emil": -20}
    assert result["deals"][2]["payouts"] == {"Anna": 50, "Bene": 0, "Chris": 50, "Dora": 50, "Emil": -150}
    assert result["totals"] == {"Anna": 70, "Bene": 0, "Chris": 50, "Dora": 50, "Emil": -170}


def test_with_five_players_a_ramsch_is_among_the_four_active_players():
    deal = {"game": "ramsch", "points": {"Anna": 0, "Bene": 30, "Chris": 40, "Dora": 50}}
    result = score([deal], players=FIVE)
    assert result["deals"][0]["payouts"] == {"Anna": 20, "Bene": 10, "Chris": 10, "Dora": -40, "Emil": 0}


def test_with_five_players_a_named_dealer_is_the_one_who_sits_out():
    deal = {"game": "solo", "declarer": "Emil", "points": 72, "dealer": "Chris"}
    result = score([deal], players=FIVE)
    assert result["deals"][0]["dealer"] == "Chris"
    assert result["deals"][0]["payouts"] == {"Anna": -40, "Bene": -40, "Chris": 0, "Dora": -40, "Emil": 120}


def test_with_five_players_the_first_dealer_named_by_the_list_sits_out_first():
    deals = [solo(72), solo(72)]
    result = score(deals, players=FIVE, first_dealer="Chris")
    assert [d["dealer"] for d in result["deals"]] == ["Chris", "Dora"]
    assert result["deals"][0]["payouts"] == {"Anna": 120, "Bene": -40, "Chris": 0, "Dora": -40, "Emil": -40}
    assert result["deals"][1]["payouts"] == {"Anna": 120, "Bene": -40, "Chris": -40, "Dora": 0, "Emil": -40}


# ---------------------------------------------------------------- dealer rotation


def test_the_last_player_deals_first_and_the_deal_moves_clockwise():
    result = score([{"game": "passed"}] * 6)
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Anna", "Bene", "Chris", "Dora", "Anna"]


def test_first_dealer_names_who_deals_the_first_deal():
    result = score([{"game": "passed"}] * 5, first_dealer="Bene")
    assert [d["dealer"] for d in result["deals"]] == ["Bene", "Chris", "Dora", "Anna", "Bene"]


def test_a_deal_naming_its_dealer_moves_the_rotation_on_from_there():
    deals = [{"game": "passed"}, {"game": "passed", "dealer": "Chris"}, {"game": "passed"}, {"game": "passed"}]
    result = score(deals)
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Chris", "Dora", "Anna"]


def test_deals_are_numbered_from_one():
    result = score([{"game": "passed"}] * 3)
    assert [d["number"] for d in result["deals"]] == [1, 2, 3]


# ---------------------------------------------------------------- a whole list


def test_the_format_example_list_adds_up_deal_by_deal():
    deals = [
        {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
        {"game": "solo", "declarer": "Bene", "suit": "hearts", "points": 95, "laufende": 3, "contra": True},
        {"game": "wenz", "declarer": "Chris", "points": 40, "doubles": 1},
        {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}},
        {"game": "passed"},
    ]
    result = score(deals, {"tariffs": {"sauspiel": 10, "solo": 50}}, first_dealer="Dora")
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Anna", "Bene", "Chris", "Dora"]
    assert [d["payouts"] for d in result["deals"]] == [
        {"Anna": 10, "Bene": -10, "Chris": 10, "Dora": -10},
        {"Anna": -150, "Bene": 450, "Chris": -150, "Dora": -150},
        {"Anna": 80, "Bene": 80, "Chris": -240, "Dora": 80},
        {"Anna": 10, "Bene": 20, "Chris": 10, "Dora": -40},
        {"Anna": 0, "Bene": 0, "Chris": 0, "Dora": 0},
    ]
    assert result["totals"] == {"Anna": -50, "Bene": 540, "Chris": -370, "Dora": -120}
    assert "tally" not in result


def test_the_settlement_of_a_list_clears_every_total_with_at_most_three_transfers():
    deals = [sauspiel(72), solo(95, laufende=3, contra=True), ramsch((30, 0, 40, 50))]
    result = score(deals)
    balances = dict(result["totals"])
    assert len(result["settlement"]) <= len(PLAYERS) - 1
    for transfer in result["settlement"]:
        assert transfer["amount"] > 0
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert balances == {name: 0 for name in PLAYERS}


def test_an_empty_list_has_zero_totals_and_no_transfers():
    result = score([])
    assert result["deals"] == []
    assert result["totals"] == {name: 0 for name in PLAYERS}
    assert result["settlement"] == []
