"""Bock rounds and the Stock: the rules whose effect outlives a deal, scored by hand from RULES.md."""

import pytest

from scorer.engine import ScoringError, score_document
from scorer.engine.families import FAMILIES

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
FIVE = PLAYERS + ["Emil"]
#: Every Bavarian game but the penalty: the seed games and the house games.
HOUSE = [name for name in FAMILIES["bavarian"].games if name != "penalty"]


def score(deals, rules=None, players=PLAYERS):
    document = {"rules": {"preset": "bavarian", "games": HOUSE, **(rules or {})}, "players": players, "deals": deals}
    return score_document(document)


def won(**more):
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72, **more}


def lost(**more):
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 50, **more}


PASSED = {"game": "passed"}


def annas(result):
    return [deal["payouts"]["Anna"] for deal in result["deals"]]


def bocks(result):
    return [deal["bock"] for deal in result["deals"]]


# ---------------------------------------------------------------- Bock


def test_a_hand_thrown_in_makes_the_next_round_of_four_deals_pay_double():
    result = score([PASSED] + [won()] * 5, {"bock": {}})
    assert bocks(result) == [1, 2, 2, 2, 2, 1]
    assert annas(result) == [0, 40, 40, 40, 40, 20]


def test_a_game_at_sixty_starts_a_bock_round_but_is_not_under_it_itself():
    sixty = {**won(), "points": 60}
    result = score([sixty, won(), won()], {"bock": {}})
    assert bocks(result) == [1, 2, 2]
    assert annas(result) == [-20, 40, 40]


def test_a_hand_thrown_in_under_bock_pays_nothing_but_uses_up_its_bock_deal():
    result = score([PASSED, PASSED, won(), won(), won(), won(), won(), won(), won(), won()],
                   {"bock": {"after": ["passed"], "stack": "queue"}})
    # deal 1 starts 4 Bock deals; deal 2 is the first of them and queues 4 more.
    assert bocks(result) == [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]
    assert annas(result) == [0, 0, 40, 40, 40, 40, 40, 40, 40, 20]


def test_rounds_stacked_double_run_side_by_side_and_each_counts_the_deal():
    result = score([PASSED, PASSED] + [won()] * 6, {"bock": {"stack": "double"}})
    # after deal 2: rounds of 3 and 4 left; deals 3-5 under both (x4), 6 under one.
    assert bocks(result) == [1, 2, 4, 4, 4, 2, 1, 1]
    assert annas(result) == [0, 0, 80, 80, 80, 40, 20, 20]


@pytest.mark.parametrize(
    "after, deal",
    [
        (["re"], won(contra=True, re=True)),
        (["schwarz"], {**won(), "points": 120, "schwarz": True}),
        (["schwarz"], {**lost(), "points": 0, "schwarz": True}),
        (["sixty"], {"game": "solo", "declarer": "Bene", "points": 60}),
        (["durchmarsch"], {"game": "ramsch", "points": {"Anna": 95, "Bene": 10, "Chris": 15, "Dora": 0}}),
    ],
)
def test_each_listed_event_starts_a_bock_round(after, deal):
    result = score([deal, won()], {"bock": {"after": after}})
    assert bocks(result) == [1, 2]


def test_an_event_not_listed_starts_nothing():
    result = score([won(contra=True, re=True), won()], {"bock": {}})
    assert bocks(result) == [1, 1]


def test_the_table_can_call_a_bock_round_by_hand_after_any_deal():
    result = score([won(bock=True), won(), won(), won(), won(), won()], {"bock": {"after": []}})
    assert bocks(result) == [1, 2, 2, 2, 2, 1]


def test_several_events_in_one_deal_start_one_bock_round():
    result = score([{"game": "passed", "bock": True}] + [won()] * 5, {"bock": {}})
    assert bocks(result) == [1, 2, 2, 2, 2, 1]


def test_a_bock_round_lasts_the_number_of_deals_the_list_sets():
    result = score([PASSED, won(), won(), won()], {"bock": {"deals": 2}})
    assert bocks(result) == [1, 2, 2, 1]


def test_a_bock_round_with_five_at_the_table_lasts_five_deals():
    # Emil deals first; deal k is dealt by FIVE[(k + 3) % 5], who sits it out.
    deals = [PASSED] + [
        {"game": "sauspiel", "declarer": FIVE[(k + 4) % 5], "partner": FIVE[k % 5], "points": 72}
        for k in range(2, 8)
    ]
    result = score(deals, {"bock": {}}, FIVE)
    assert bocks(result) == [1, 2, 2, 2, 2, 2, 1]


def test_bock_doubles_ramsch_and_bettel_too():
    ramsch = {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}
    bettel = {"game": "bettel", "declarer": "Anna", "won": True}
    result = score([PASSED, ramsch, bettel], {"bock": {}})
    assert result["deals"][1]["payouts"] == {"Anna": 20, "Bene": 40, "Chris": 20, "Dora": -80}
    assert result["deals"][2]["payouts"] == {"Anna": 180, "Bene": -60, "Chris": -60, "Dora": -60}


def test_a_list_without_bock_reports_no_multiplier_and_refuses_a_called_round():
    assert "bock" not in score([won()])["deals"][0]
    with pytest.raises(ScoringError) as refused:
        score([won(bock=True)])
    assert (refused.value.deal, refused.value.key) == (1, "bock")


@pytest.mark.parametrize(
    "bock, key",
    [
        ({"after": ["rain"]}, "rules.bock.after"),
        ({"after": "passed"}, "rules.bock.after"),
        ({"stack": "pile"}, "rules.bock.stack"),
        ({"deals": 0}, "rules.bock.deals"),
        ({"rounds": 4}, "rules.bock.rounds"),
        ("yes", "rules.bock"),
    ],
)
def test_a_bad_bock_rule_is_refused_naming_its_key(bock, key):
    with pytest.raises(ScoringError) as refused:
        score([], {"bock": bock})
    assert refused.value.key == key


def test_a_partly_given_bock_rule_takes_the_defaults_for_the_rest():
    rules = score_document({"rules": {"preset": "bavarian", "bock": {"deals": 3}}, "players": PLAYERS})
    assert rules["deals"] == []
    from scorer.engine import parse_rules

    assert parse_rules({"preset": "bavarian", "bock": {"deals": 3}}).to_dict()["bock"] == {
        "after": ["sixty", "passed"], "deals": 3, "stack": "queue",
    }
    assert parse_rules({"preset": "bavarian", "bock": {}}).to_dict()["bock"] == {
        "after": ["sixty", "passed"], "deals": None, "stack": "queue",
    }


# ---------------------------------------------------------------- the Stock


def pots(result):
    return [deal["pot"] for deal in result["deals"]]


def test_a_hand_thrown_in_pays_the_sauspiel_tariff_into_the_pot_and_the_next_won_sauspiel_takes_it():
    result = score([PASSED, won()], {"stock": {}})
    assert result["deals"][0]["payouts"] == {"Anna": -20, "Bene": -20, "Chris": -20, "Dora": -20}
    assert result["deals"][1]["payouts"] == {"Anna": 20 + 40, "Bene": -20, "Chris": 20 + 40, "Dora": -20}
    assert pots(result) == [80, 0]
    assert result["pot"] == 0


def test_the_stock_pays_the_lists_own_sauspiel_tariff_unless_it_sets_one():
    assert pots(score([PASSED], {"stock": {}, "tariffs": {"sauspiel": 10}})) == [40]
    assert pots(score([PASSED], {"stock": {"pay": 5}, "tariffs": {"sauspiel": 10}})) == [20]


def test_while_the_pot_is_full_the_totals_sum_to_minus_the_pot():
    result = score([PASSED, {"game": "solo", "declarer": "Bene", "points": 80}], {"stock": {}})
    assert result["pot"] == 80
    assert sum(result["totals"].values()) == -80


def test_a_lost_sauspiel_doubles_the_pot_the_declarer_paying_the_odd_unit():
    result = score([PASSED, lost(), won()], {"stock": {"pay": 5}})
    assert pots(result) == [20, 40, 0]
    assert result["deals"][1]["payouts"] == {"Anna": -20 - 10, "Bene": 20, "Chris": -20 - 10, "Dora": 20}
    assert result["deals"][2]["payouts"] == {"Anna": 20 + 20, "Bene": -20, "Chris": 20 + 20, "Dora": -20}


def test_a_lost_sauspiel_leaves_the_pot_alone_when_the_stock_does_not_double():
    result = score([PASSED, lost()], {"stock": {"double": False}})
    assert pots(result) == [80, 80]
    assert result["deals"][1]["payouts"]["Anna"] == -20


def test_a_lost_sauspiel_with_an_empty_pot_pays_nothing_in():
    result = score([lost()], {"stock": {}})
    assert pots(result) == [0]


def test_a_won_solo_takes_the_pot_only_when_any_game_wins_it():
    solo = {"game": "solo", "declarer": "Bene", "points": 80}
    assert pots(score([PASSED, solo], {"stock": {}})) == [80, 80]
    result = score([PASSED, solo], {"stock": {"won_by": "any"}})
    assert pots(result) == [80, 0]
    assert result["deals"][1]["payouts"]["Bene"] == 120 + 80


def test_a_hochzeit_takes_the_pot_like_a_sauspiel_and_ramsch_never_does():
    hochzeit = {"game": "hochzeit", "declarer": "Anna", "partner": "Bene", "points": 70}
    ramsch = {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}
    assert pots(score([PASSED, ramsch, hochzeit], {"stock": {"won_by": "any"}})) == [80, 80, 0]


def test_bock_doubles_the_payouts_but_never_what_goes_into_or_out_of_the_stock():
    result = score([PASSED, won()], {"stock": {}, "bock": {}})
    assert result["deals"][0]["payouts"]["Anna"] == -20
    assert result["deals"][1]["bock"] == 2
    assert result["deals"][1]["payouts"] == {"Anna": 40 + 40, "Bene": -40, "Chris": 40 + 40, "Dora": -40}


def test_a_sitting_out_dealer_pays_nothing_into_the_stock():
    result = score([PASSED], {"stock": {}}, FIVE)
    assert result["deals"][0]["payouts"] == {"Anna": -20, "Bene": -20, "Chris": -20, "Dora": -20, "Emil": 0}


def test_settling_up_first_pays_the_pot_back_in_equal_shares_from_the_first_player_on():
    # Emil deals and sits out deal 1, Anna deal 2, Bene deal 3.
    result = score([PASSED, {**lost(), "declarer": "Bene", "partner": "Dora"},
                    {"game": "solo", "declarer": "Chris", "points": 80}],
                   {"stock": {"pay": 3}}, FIVE)
    assert result["pot"] == 24
    assert result["pot_back"] == {"Anna": 5, "Bene": 5, "Chris": 5, "Dora": 5, "Emil": 4}
    balances = {who: result["totals"][who] + result["pot_back"][who] for who in FIVE}
    assert sum(balances.values()) == 0
    for transfer in result["settlement"]:
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert set(balances.values()) == {0}


@pytest.mark.parametrize(
    "stock, key",
    [
        ({"won_by": "ramsch"}, "rules.stock.won_by"),
        ({"double": "yes"}, "rules.stock.double"),
        ({"pay": -1}, "rules.stock.pay"),
        ({"pot": 5}, "rules.stock.pot"),
    ],
)
def test_a_bad_stock_rule_is_refused_naming_its_key(stock, key):
    with pytest.raises(ScoringError) as refused:
        score([], {"stock": stock})
    assert refused.value.key == key


def test_a_list_without_the_stock_reports_no_pot():
    result = score([PASSED])
    assert "pot" not in result and "pot" not in result["deals"][0]
