"""A game is declared once, on its Game: what a new list plays, its tariff, its Laufende, its examples."""

import pytest

from scorer.engine import parse_rules
from scorer.engine.families import FAMILIES

NAMES = list(FAMILIES)


@pytest.mark.parametrize("family", NAMES)
def test_a_new_list_offers_the_games_its_family_calls_seed(family):
    declared = FAMILIES[family]
    seed = tuple(name for name, game in declared.games.items() if game.seed)
    assert declared.option("games").default == seed
    # What a list plays is among them (the German Solo waits for its own house rule).
    assert parse_rules({"preset": family}).games <= set(seed)


@pytest.mark.parametrize("family", NAMES)
def test_a_new_list_starts_from_each_games_own_tariff_and_laufende(family):
    rules = parse_rules({"preset": family})
    games = FAMILIES[family].games.values()
    assert {g.name: rules.tariffs[g.name] for g in games if g.tariff is not None} == {
        g.name: g.tariff for g in games if g.tariff is not None
    }
    assert dict(rules.laufende_from) == {g.name: g.laufende_from for g in games if g.laufende_from is not None}


@pytest.mark.parametrize("family", NAMES)
def test_a_house_game_waits_for_its_table_and_a_list_that_names_it_plays_it(family):
    for name, game in FAMILIES[family].games.items():
        if not game.seed:
            assert name not in parse_rules({"preset": family}).games
            assert name in parse_rules({"preset": family, "games": [name]}).games


@pytest.mark.parametrize("family", NAMES)
def test_each_games_examples_are_lists_of_its_family_ending_in_a_deal_of_it(family):
    declared = FAMILIES[family]
    for game in declared.games.values():
        for english, german, document in game.examples:
            assert document["rules"]["preset"] == family, english
            assert document["deals"][-1]["game"] == game.name, english
    # The family's examples: its games', in their order, then its own.
    of_games = [example for game in declared.games.values() for example in game.examples]
    assert list(declared.examples[: len(of_games)]) == of_games
