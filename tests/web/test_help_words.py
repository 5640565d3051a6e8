"""Each family's help page explains the words of its own table, in its own way, in English and German.

The glossary's entries name the families that say a word; a word two
families say differently (Schneider adds a tariff in the Bavarian game and
doubles the share in Sheepshead) has an entry for each, and a family's help
page shows only its own.
"""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from scorer.engine import FAMILIES
from scorer.web.help import content

# What a page says does not depend on the database under it: make test's SQLite pass reads it.
pytestmark = pytest.mark.sqlite_pass


def page(client: FlaskClient, path: str, lang: str) -> str:
    """A help page in a language, entities resolved."""
    response = client.get(path, headers={"Accept-Language": lang})
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


def words_part(text: str) -> str:
    """The family page's part with its table's words, each run of white space one space."""
    return " ".join(text[text.index('id="words"'):text.index('id="house-rules"')].split())


def word_ids(text: str) -> list[str]:
    return re.findall(r'<h3 id="word-([\w-]+)"', words_part(text))


#: Words a player of each family looks up, by their ids, and a phrase that explains one of them.
OWN_WORDS = {
    "sheepshead": (["picker", "partner", "alone", "leaster", "doubler", "crack", "no-tricker",
                    "schneider-sheepshead", "bump", "blitz"],
                   {"en": "the share doubles, 2 instead of 1", "de": "der Anteil verdoppelt sich, 2 statt 1"}),
    "bavarian": (["sauspiel", "laufende", "schneider", "schwarz", "kontra", "ramsch", "bock", "stock"],
                 {"en": "Adds the schneider tariff.", "de": "Der Schneider-Tarif kommt dazu."}),
    "bavarian3": (["solo-for-three", "bid", "hand", "laufende-for-three", "schneider", "tout"],
                  {"en": "one against two", "de": "einer gegen zwei"}),
    "german": (["forced", "strokes", "game-points", "schneider-german", "schwarz-german"],
               {"en": "2 game points instead of 1", "de": "2 Spielpunkte statt 1"}),
    "sheepshead3": (["widow", "least", "victory-points", "schneider-three-hand", "schwarz-three-hand"],
                    {"en": "4 victory points instead of 2", "de": "4 Gewinnpunkte statt 2"}),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("family", list(OWN_WORDS))
def test_a_familys_help_page_explains_its_own_words(client: FlaskClient, family: str, lang: str) -> None:
    text = page(client, f"/help/{family}", lang)
    ids, phrase = OWN_WORDS[family]
    found = word_ids(text)
    for word in ids:
        assert word in found, word
    assert phrase[lang] in words_part(text)


def test_sheepshead_schneider_doubles_and_never_adds_a_tariff(client: FlaskClient) -> None:
    text = words_part(page(client, "/help/sheepshead", "en"))
    assert "Adds the schneider tariff" not in text and "Schneider in Sheepshead" in text
    assert "the holder of the ace the picker calls, or, by house rule, of the Jack of Diamonds" in text
    assert "buries two cards, which count for the picker's side" in text


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_familys_words_are_the_same_in_english_and_german(client: FlaskClient, family: str) -> None:
    assert word_ids(page(client, f"/help/{family}", "en")) == word_ids(page(client, f"/help/{family}", "de"))


def test_every_entry_names_real_families_alike_in_both_languages() -> None:
    english, german = content.glossary("en")[1], content.glossary("de")[1]
    assert [w.families for w in english] == [w.families for w in german]
    for word in english:
        assert set(word.families) <= set(FAMILIES), word.markdown[:40]
        assert "<!--" not in word.markdown


def test_the_glossary_names_the_games_that_say_each_word(client: FlaskClient) -> None:
    text = page(client, "/help/glossary", "en")
    sheepshead = text[text.index('<h2 id="schneider-sheepshead">'):]
    assert sheepshead.index("Said in: American Sheepshead") < sheepshead.index("<h2", 5)
    assert 'href="/help/sheepshead#words"' in text
    assert "<!--" not in text
    german = page(client, "/help/glossary", "de")
    assert "So gesagt in: Deutscher Schafkopf (4 Spieler)" in german
