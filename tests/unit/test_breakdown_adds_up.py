"""Over random lists of every family, each deal's breakdown gives exactly its payouts.

The breakdown's own arithmetic (the terms' sum times the multipliers, split
by the shares, plus the Stock move) must equal what the engine pays, Bock
and the Stock included; and so must the breakdown as the command line
prints it, read back the way another program would read it.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import describe, read_list
from tests.unit.test_carry import bavarian_lists, german_lists, sheepshead3_lists
from tests.unit.test_properties import (
    bavarian3_documents, bavarian_documents, german_documents, sheepshead3_documents,
    sheepshead_documents,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LAUFENDE = {"sauspiel": 14, "hochzeit": 14, "solo": 14, "wenz": 4, "farbgeier": 11}


def paid_by_the_printed_breakdown(printed):
    """What a program reading the JSON works out: (sum of units) x multipliers, split, plus the Stock."""
    product = 1
    for multiplier in printed["multipliers"]:
        if multiplier["name"] == "cap":
            product = min(product, multiplier["factor"])
        else:
            product *= multiplier["factor"]
    value = sum(term["units"] for term in printed["terms"]) * product
    assert value == printed["value"]
    paid = {who: share["times"] * value for share in printed["shares"] for who in share["players"]}
    for who, amount in printed.get("stock", {}).get("amounts", {}).items():
        paid[who] += amount
    return paid


def assert_every_breakdown_gives_the_payouts(document):
    score_list = read_list(document)
    whole = score_list.replay()
    printed = json.loads(json.dumps(whole.to_dict()))
    for result, written in zip(whole.deals, printed["deals"]):
        breakdown = result.breakdown
        active = score_list.rules.family.active(score_list.players, result.dealer)
        assert breakdown.worth() == breakdown.value
        paid = breakdown.payouts()
        assert set(paid) == set(active)
        assert {who: result.payouts[who] for who in active} == paid
        assert all(result.payouts[who] == 0 for who in score_list.players if who not in active)
        assert paid_by_the_printed_breakdown(written["breakdown"]) == paid
        # Every player of the deal is in exactly one share.
        named = [who for share in breakdown.shares for who in share.players]
        assert sorted(named) == sorted(active)
        if breakdown.stock is not None:
            move = breakdown.stock
            assert move.before - move.after == sum(amount for _, amount in move.amounts)
            assert move.after == result.carry.pot
        assert describe(breakdown, str)


@st.composite
def bavarian_club_lists(draw):
    """A Bavarian list with Bock and the Stock, the club's Ramsch knobs and knocks on any deal."""
    document = draw(bavarian_lists())
    rules = document["rules"]
    rules["virgin"] = draw(st.sampled_from(["own", "all"]))
    rules["durchmarsch_value"] = draw(st.sampled_from(["solo", "schwarz"]))
    rules["durchmarsch"] = draw(st.sampled_from([61, 90, "all", None]))
    by_tricks = draw(st.booleans())
    if by_tricks:
        rules["virgin_by"] = "tricks"
    for deal in document["deals"]:
        deal["doubles"] = draw(st.integers(0, 2))
        if deal["game"] in LAUFENDE and draw(st.booleans()):
            deal["laufende"] = draw(st.integers(0, LAUFENDE[deal["game"]]))
        if deal["game"] == "ramsch" and by_tricks:
            zero = [who for who, points in deal["points"].items() if points == 0]
            deal["no_trick"] = [who for who in zero if draw(st.booleans())]
    return document


def first(case):
    return case[0]


@SETTINGS
@given(bavarian_club_lists())
def test_a_bavarian_breakdown_with_bock_and_the_stock_gives_the_payouts(document):
    assert_every_breakdown_gives_the_payouts(document)


@SETTINGS
@given(bavarian_documents().map(first))
def test_a_bavarian_breakdown_with_tout_sie_and_house_tariffs_gives_the_payouts(document):
    assert_every_breakdown_gives_the_payouts(document)


@SETTINGS
@given(bavarian3_documents().map(first))
def test_a_three_hand_bavarian_breakdown_gives_the_payouts(document):
    assert_every_breakdown_gives_the_payouts(document)


@SETTINGS
@given(st.one_of(sheepshead3_documents().map(first), sheepshead3_lists()))
def test_a_classic_three_hand_breakdown_gives_the_payouts(document):
    assert_every_breakdown_gives_the_payouts(document)


@SETTINGS
@given(sheepshead_documents().map(first))
def test_an_american_sheepshead_breakdown_gives_the_payouts(document):
    assert_every_breakdown_gives_the_payouts(document)


@SETTINGS
@given(st.one_of(german_documents().map(first), german_lists()))
def test_a_german_breakdown_gives_the_payouts_per_deal_and_per_head(document):
    assert_every_breakdown_gives_the_payouts(document)
