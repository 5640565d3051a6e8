"""A breakdown's words and worked examples come from the families that declare them.

Each family module declares its games' labels and German names, its own
breakdown terms and counted names, and its worked examples; the word maps and
the page of examples gather them with the words several families share.
"""

import ast
import pathlib
from dataclasses import replace
from types import MappingProxyType

import pytest
from babel.messages.pofile import read_po

from scorer.engine import FAMILIES, GAMES, read_list
from scorer.engine import breakdown_examples, breakdown_words
from scorer.engine.breakdown_examples import EXAMPLES, names_in
from scorer.engine.breakdown_words import (
    COMMON, COMMON_COUNTED, ENGLISH, ENGLISH_COUNTED, GERMAN, GERMAN_COUNTED, counted_in, words_in,
)
from scorer.engine.families.common import thrown_in

ROOT = pathlib.Path(__file__).resolve().parents[2]
FAMILY_MODULES = ROOT / "scorer" / "engine" / "families"
PO = ROOT / "scorer" / "translations" / "de" / "LC_MESSAGES" / "messages.po"


def family_names(family):
    """Every name the family's worked examples' breakdowns hold."""
    return set().union(*(names_in(read_list(document).replay().deals[-1].breakdown)
                         for _, _, document in family.examples))


@pytest.fixture(scope="module")
def catalog():
    with PO.open("rb") as source:
        return read_po(source, locale="de")


# -- every word is declared, in both languages ------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES.values(), ids=list(FAMILIES))
def test_every_game_and_term_of_a_family_has_an_english_and_a_german_word(family):
    for game in family.games.values():
        assert game.label and (game.german or game.label), game.name
    for name, (english, german) in family.breakdown_words().items():
        assert english and german, name
        assert ENGLISH[name] == english and GERMAN[name] == german, name
        assert words_in("en")(name) == english and words_in("de")(name) == german, name
    for name, ((one, more), (eins, mehr)) in family.counted.items():
        assert name in family.breakdown_words() or name in COMMON, name
        assert all("%(num)s" in form for form in (one, more, eins, mehr)), name
        assert ENGLISH_COUNTED[name] == (one, more) and GERMAN_COUNTED[name] == (eins, mehr), name
        assert counted_in("de")(name, 2) == mehr % {"num": 2}, name


@pytest.mark.parametrize("family", FAMILIES.values(), ids=list(FAMILIES))
def test_a_family_s_breakdowns_hold_its_own_words_and_the_common_ones_only(family):
    held = family_names(family)
    assert held <= set(family.breakdown_words()) | set(COMMON), held - set(family.breakdown_words())
    # Its own terms are shown at work in its own examples.
    assert set(family.terms) <= held, set(family.terms) - held


@pytest.mark.parametrize("family", FAMILIES.values(), ids=list(FAMILIES))
def test_a_game_s_german_name_is_the_catalog_s_german_for_its_label(family, catalog):
    for game in family.games.values():
        message = catalog.get(game.label)
        assert message is not None and message.string, f"{game.label!r} is not in the catalog"
        assert message.string == (game.german or game.label), game.name


def test_the_word_maps_are_the_common_words_and_every_family_s():
    declared = dict(COMMON)
    for family in FAMILIES.values():
        declared.update(family.breakdown_words())
    assert ENGLISH == {name: english for name, (english, _) in declared.items()}
    assert GERMAN == {name: german for name, (_, german) in declared.items()}
    counted = dict(COMMON_COUNTED)
    for family in FAMILIES.values():
        counted.update(family.counted)
    assert set(ENGLISH_COUNTED) == set(GERMAN_COUNTED) == set(counted)


def test_a_word_of_one_family_is_declared_by_it_not_among_the_common_words():
    terms = [name for family in FAMILIES.values() for name in family.terms]
    assert len(terms) == len(set(terms)), "a term of several families is a common word"
    assert not set(terms) & set(COMMON)
    games = {name for family in FAMILIES.values() for name in family.breakdown_words() if name in GAMES}
    assert not games & set(COMMON), "a game's word is its family's label"


def test_only_games_whose_name_a_breakdown_holds_are_words_of_the_breakdown():
    assert "passed" not in ENGLISH and "normal" not in ENGLISH
    assert {"sauspiel", "pick", "leaster", "doubler"} <= set(ENGLISH)


# -- the worked examples ------------------------------------------------------------------------


def test_the_examples_are_every_family_s_in_the_families_order():
    assert EXAMPLES == tuple(example for family in FAMILIES.values() for example in family.examples)
    for family in FAMILIES.values():
        assert family.examples, family.name
        assert all(document["rules"]["preset"] == family.name for _, _, document in family.examples)


def test_the_word_maps_and_the_examples_name_no_family_and_no_game():
    named = set(FAMILIES) | set(GAMES)
    for module in (breakdown_words, breakdown_examples):
        tree = ast.parse(pathlib.Path(module.__file__).read_text(encoding="utf-8"))
        literals = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
        assert not literals & named, (module.__name__, literals & named)


def test_no_family_module_imports_the_breakdown_s_words_or_examples():
    for path in FAMILY_MODULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert not {"scorer.engine.breakdown_words", "scorer.engine.breakdown_examples"} & imported, path.name


# -- the hand thrown in -------------------------------------------------------------------------


def test_the_hand_thrown_in_is_one_game_wherever_a_family_has_it():
    having = [family for family in FAMILIES.values() if "passed" in family.games]
    assert len(having) == 4
    for family in having:
        game = family.games["passed"]
        assert replace(game, keys=frozenset(), gated=MappingProxyType({}), score=thrown_in().score) == thrown_in(), \
            family.name
    # The Bavarian one may be doubled, and played under Bock where the list plays Bock.
    bavarian = FAMILIES["bavarian"].games["passed"]
    # Under tournament points a hand everyone passed may be played across ("points") or forced.
    assert bavarian.keys == {"doubles", "bock", "points", "schwarz", "laufende"}
    assert set(bavarian.gated) == {"bock", "points", "schwarz", "laufende"}
