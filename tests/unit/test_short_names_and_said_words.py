"""Names told apart in a few letters; breakdown words as the table says them."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scorer.engine.document import read_list
from scorer.engine.breakdown import Term
from scorer.engine.breakdown_words import counted_in, describe, term_name, words_in
from scorer.web.names import short_names

FOUR = ["Sepp", "Franz", "Vroni", "Resi"]


def test_christoph_and_christian_never_read_the_same() -> None:
    forms = short_names(("Christoph", "Christian", "Sepp", "Annemarie", "Linda"))
    assert forms == {"Christoph": "Christo.", "Christian": "Christi.", "Sepp": "Sepp",
                     "Annemarie": "Anne.", "Linda": "Linda"}
    assert short_names(("Christoph", "Christian"), 4) == {"Christoph": "Christo.", "Christian": "Christi."}


def test_a_name_that_starts_another_is_kept_whole_and_the_other_cut_after_it() -> None:
    assert short_names(("Chris", "Christoph", "Anna-Lena", "Anna")) == {
        "Chris": "Chris", "Christoph": "Christ.", "Anna-Lena": "Anna-.", "Anna": "Anna"}


@given(st.lists(st.text(alphabet="AaBbCc-", min_size=1, max_size=9), min_size=1, max_size=6, unique_by=str.casefold))
def test_no_two_players_ever_share_a_form(players: list[str]) -> None:
    forms = short_names(tuple(players))
    assert len({form.casefold() for form in forms.values()}) == len(players)
    for who, form in forms.items():
        assert form == who or (form.endswith(".") and who.startswith(form[:-1]))


def _line(document: dict[str, Any], language: str) -> str:
    """The last deal's breakdown in one line, in a language."""
    result = read_list(document).replay().deals[-1]
    return describe(result.breakdown, words_in(language), counted_in(language))


def test_a_lost_tout_says_the_other_side_took_a_trick_in_both_languages() -> None:
    document = {"rules": {"preset": "bavarian", "tariffs": {"solo": 50}}, "players": FOUR,
                "deals": [{"game": "solo", "declarer": "Sepp", "points": 120, "tout": True}]}
    assert _line(document, "en") == "Solo 50 · Tout: lost, the other side took a trick ×2 = 100 · Declarer ×3 = -300"
    assert "Tout: verloren, die Gegenseite hat einen Stich gemacht ×2" in _line(document, "de")
    won = {**document, "deals": [{**document["deals"][0], "schwarz": True}]}
    assert _line(won, "en") == "Solo 50 · Tout ×2 = 100 · Declarer ×3 = +300"


def test_a_hand_thrown_in_under_the_stock_says_what_each_pays_in() -> None:
    document = {"rules": {"preset": "bavarian", "stock": {}}, "players": FOUR, "deals": [{"game": "passed"}]}
    assert _line(document, "en") == "thrown in: each pays 20 into the Stock"
    assert _line(document, "de") == "zusammengeworfen: jeder zahlt 20 in den Stock"


def test_a_pick_s_tier_is_said_as_schneider_or_a_no_tricker() -> None:
    assert [term_name(Term("tier", n)) for n in (1, 2, 3)] == ["tier", "schneider", "no_tricker"]
    document = {"rules": {"preset": "sheepshead"}, "players": ["Jake", "Mary", "Tom", "Ann", "Bob"],
                "deals": [{"game": "pick", "declarer": "Jake", "points": 93}]}
    assert _line(document, "en").startswith("Schneider 2 · ")
    assert _line(document, "de").startswith("Schneider 2 · ")
