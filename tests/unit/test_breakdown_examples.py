"""docs/breakdown-examples.md is the page the engine writes, and its examples cover every word."""

import pathlib
import subprocess
import sys

from scorer.engine.breakdown_words import ENGLISH, ENGLISH_COUNTED, GERMAN, GERMAN_COUNTED, counted_in, describe, words_in
from scorer.engine.breakdown_examples import EXAMPLES, breakdown_examples, example_deals, names_in

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "breakdown-examples.md"


def test_the_docs_hold_exactly_the_page_the_engine_writes():
    assert DOCS.read_text(encoding="utf-8") == breakdown_examples(), (
        "run: python -m scorer breakdown-examples > docs/breakdown-examples.md"
    )


def test_the_command_line_prints_the_page():
    printed = subprocess.run([sys.executable, "-m", "scorer", "breakdown-examples"],
                             capture_output=True, text=True, check=True)
    assert printed.stdout == breakdown_examples()


def test_the_examples_have_every_term_multiplier_role_stock_move_and_tally():
    seen = set().union(*(names_in(result.breakdown) for _, _, result in example_deals()))
    assert seen | {"each"} == set(ENGLISH) == set(GERMAN)


def test_every_example_s_line_is_in_both_tables_and_its_payouts_sum_to_zero_with_the_stock():
    page = breakdown_examples()
    english, german = page.split("## Auf Deutsch")
    for what_en, what_de, result in example_deals():
        assert f"| {what_en} | {describe(result.breakdown, words_in('en'), counted_in('en'))} |" in english
        assert f"| {what_de} | {describe(result.breakdown, words_in('de'), counted_in('de'))} |" in german
        moved = result.breakdown.stock
        assert sum(result.payouts.values()) == (moved.before - moved.after if moved else 0)
        assert result.breakdown.payouts() == {w: p for w, p in result.payouts.items() if w in result.breakdown.payouts()}


def test_the_german_line_uses_no_english_word_that_german_says_otherwise():
    german = breakdown_examples().split("## Auf Deutsch")[1]
    for name, word in ENGLISH.items():
        if GERMAN[name] != word:
            assert f" {word} " not in german.replace("|", " "), word


def test_a_count_of_one_takes_the_singular_in_both_tables():
    page = breakdown_examples()
    assert "1 Game point 10 each · 1 Stroke |" in page and "1 Spielpunkt 10 je Spieler · 1 Strich |" in page
    assert "2 Blitzes ×4" in page and "2 Blitze ×4" in page
    assert set(ENGLISH_COUNTED) == set(GERMAN_COUNTED) <= set(ENGLISH)


def test_each_example_is_told_in_both_languages():
    assert all(english and german and english != german for english, german, _ in EXAMPLES)
