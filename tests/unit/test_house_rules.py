"""A list's house rules read as typed attributes: each family's dataclass, made once by the parser."""

from dataclasses import FrozenInstanceError, fields

import pytest

from scorer.engine import FAMILIES, parse_rules
from scorer.engine.families.house_rules import (
    HOUSE_RULES, BavarianRules, BockRounds, GermanRules, PointsLaufende, SheepsheadRules, Stock, TournamentPoints,
    bavarian_rules, german_rules, sheepshead3_rules, sheepshead_rules,
)
from scorer.engine.rules import family_named


@pytest.mark.parametrize("name", list(FAMILIES))
def test_a_familys_house_rules_have_a_field_for_each_of_its_options_and_no_other(name):
    family = FAMILIES[name]
    assert [f.name for f in fields(HOUSE_RULES[name])] != []
    assert {f.name for f in fields(HOUSE_RULES[name])} == {option.key for option in family.options}


@pytest.mark.parametrize("name", list(FAMILIES))
def test_the_parser_makes_the_familys_own_house_rules(name):
    assert type(parse_rules({"preset": name}).house) is HOUSE_RULES[name]


def test_bock_rounds_and_the_stock_read_as_their_own_values():
    rules = parse_rules({
        "preset": "bavarian", "tariffs": {"sauspiel": 15},
        "bock": {"after": ["re", "passed"], "stack": "double"}, "stock": {"won_by": "any"},
    })
    assert rules.bock == BockRounds(after=("passed", "re"), deals=None, stack="double")
    # The Stock's payment follows the list's own Sauspiel tariff when it names none.
    assert rules.stock == Stock(pay=15, won_by="any", double=True)
    assert rules.plays_bock and rules.plays_stock


def test_a_list_without_bock_or_the_stock_reads_them_as_none():
    rules = parse_rules({"preset": "bavarian"})
    assert (rules.bock, rules.stock, rules.table_points) == (None, None, None)
    assert not rules.plays_bock and not rules.plays_stock and not rules.plus_only


def test_tournament_points_read_as_their_system_with_laufende_in_points():
    rules = parse_rules({"preset": "bavarian", "table_points": {"system": "5-10-15", "kontra": "loses"}})
    system = rules.table_points
    assert isinstance(system, TournamentPoints)
    assert (system.system, system.kontra, system.passed, system.plus_only) == ("5-10-15", "loses", "cross", True)
    assert system.points["sauspiel"] == (5, 10, 15) and system.points["tout"] == {"times": 2}
    assert isinstance(system.laufende, PointsLaufende)
    assert (system.laufende.start, system.laufende.most, system.laufende.value["wenz"]) == (2, 4, 5)
    assert rules.plus_only


def test_the_ramsch_rules_of_a_bavarian_list_are_typed():
    house = bavarian_rules(parse_rules({"preset": "bavarian", "durchmarsch": "all", "virgin_by": "tricks"}))
    assert isinstance(house, BavarianRules)
    assert (house.durchmarsch, house.virgin, house.virgin_by, house.edition) == (120, "own", "tricks", 2)


def test_the_no_pick_games_of_a_sheepshead_list_read_as_a_tuple_in_the_familys_order():
    house = sheepshead_rules(parse_rules({"preset": "sheepshead", "no_pick": ["doubler", "leaster"]}))
    assert isinstance(house, SheepsheadRules)
    assert house.no_pick == ("leaster", "doubler") and house.max_multiplier is None


def test_each_family_reads_its_own_switches():
    assert german_rules(parse_rules({"preset": "german", "settle_per_head": True})) == GermanRules(
        games=frozenset({"normal", "passed"}), tariffs={"game_point": 10, "head": 90, "penalty": 20},
        schneider_loss_max=29, point_value=1, solo=False, settle_per_head=True,
    )
    assert sheepshead3_rules(parse_rules({"preset": "sheepshead3", "schwarz_by": "points"})).schwarz_by == "points"


def test_the_rules_most_families_share_read_off_where_a_family_has_none():
    rules = parse_rules({"preset": "sheepshead"})
    assert dict(rules.laufende_from) == {} and rules.laufende_max is None
    assert rules.bock is None and rules.table_points is None
    assert rules.point_value == 25 and rules.schneider_loss_max == 30


def test_the_laufende_of_a_three_hand_list_read_from_its_rules():
    rules = parse_rules({"preset": "bavarian3", "laufende_max": 4, "laufende_from": {"wenz": 3}})
    assert rules.laufende_max == 4 and rules.laufende_from["wenz"] == 3


def test_a_lists_house_rules_are_not_read_as_another_familys():
    with pytest.raises(TypeError, match="SheepsheadRules"):
        sheepshead_rules(parse_rules({"preset": "bavarian"}))


def test_house_rules_cannot_be_changed_once_made():
    house = bavarian_rules(parse_rules({"preset": "bavarian"}))
    with pytest.raises(FrozenInstanceError):
        house.edition = 1


def test_the_list_file_writes_the_rules_as_the_options_read_them():
    sent = {
        "preset": "bavarian", "bock": {"after": ["passed"], "deals": 4, "stack": "queue"},
        "table_points": None, "durchmarsch": "all",
    }
    written = parse_rules(sent).to_dict()
    assert written["bock"] == {"after": ["passed"], "deals": 4, "stack": "queue"}
    assert written["durchmarsch"] == "all"
    assert parse_rules(written).house == parse_rules(sent).house


@pytest.mark.parametrize(("rules", "named"), [
    ({"preset": "german"}, "german"),
    ({"preset": "skat"}, None),
    ({"preset": 3}, None),
    ({}, None),
])
def test_the_family_a_rules_object_names(rules, named):
    assert family_named(rules) == named
