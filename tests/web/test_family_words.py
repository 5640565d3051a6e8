"""Every family's pages speak its own words: none of the words only other families use.

For each family a list with deals of its games is read page by page, in
English and in German: the list page with its statistics, the deal form,
each deal's page with its breakdown, the rules page, the refusal of a bad
deal, and the family's help page. A word of the table below may appear only
on the pages of the families it names. The table is the one place the words
are decided, from the scoring rules (docs/rules.md): a word two families
share (Schneider, Solo, partner) is in it only with both.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.engine import FAMILIES
from tests.web.test_deal_pages import api_deal, make_list

# What a page says does not depend on the database under it: make test's SQLite pass reads it.
pytestmark = pytest.mark.sqlite_pass

BAVARIAN, THREE, GERMAN, SHEEPSHEAD, SHEEPSHEAD3 = "bavarian", "bavarian3", "german", "sheepshead", "sheepshead3"
BOTH_BAVARIAN = frozenset({BAVARIAN, THREE})

#: Each word (a regular expression, matched whole and in any case) and the families whose
#: pages may say it, in English and German alike (a German page keeps many of them);
#: GERMAN_WORDS says where the German pages use a word otherwise.
WORDS: dict[str, frozenset[str]] = {
    # The Bavarian game for four: its partner game, its house games, Ramsch and the rules across deals.
    r"Sauspiel\w*": frozenset({BAVARIAN}),
    r"Ramsch\w*": frozenset({BAVARIAN}),
    r"Hochzeit": frozenset({BAVARIAN}),
    r"Bettel": frozenset({BAVARIAN}),
    r"Farbwenz|Farbgeier": frozenset({BAVARIAN}),
    r"Durchmarsch": frozenset({BAVARIAN}),
    r"Jungfrau\w*|virgins?": frozenset({BAVARIAN}),
    r"Bock": frozenset({BAVARIAN}),
    r"Stock": frozenset({BAVARIAN}),  # the pot; in German also the three-hand games' blind (below)
    r"knock(s|ed|ing)?|Klopfen|geklopft|Klopfer": frozenset({BAVARIAN}),
    # The Bavarian games for four and for three.
    r"Wenz": BOTH_BAVARIAN,
    r"Geier": BOTH_BAVARIAN,
    r"Laufende[rn]?": BOTH_BAVARIAN,
    r"Kontra|Contra": BOTH_BAVARIAN,
    r"Tout": BOTH_BAVARIAN,
    # The Bavarian game for three's bidding.
    r"Gebot|bids?": frozenset({THREE}),
    # German Schafkopf's tally and game points.
    r"Strich\w*|strokes?": frozenset({GERMAN}),
    r"game points?|Spielpunkte?": frozenset({GERMAN}),
    # The forced game: German Schafkopf's, and a Bavarian tournament's way with a hand all pass.
    r"Pflichtspiel\w*|forced games?": frozenset({GERMAN, BAVARIAN}),
    # Every family but Wisconsin's says schwarz; Wisconsin says no-tricker.
    r"schwarz": frozenset({BAVARIAN, THREE, GERMAN, SHEEPSHEAD3}),
    # Wisconsin Sheepshead.
    # The one who picks up the blind or the widow: Wisconsin's and the classic three-hand game's.
    r"pickers?|picker's|Aufnehmer\w*": frozenset({SHEEPSHEAD, SHEEPSHEAD3}),
    r"leasters?": frozenset({SHEEPSHEAD}),
    r"mosters?": frozenset({SHEEPSHEAD}),
    r"doublers?": frozenset({SHEEPSHEAD}),
    r"(re-?)?crack(s|ed)?": frozenset({SHEEPSHEAD}),
    r"blitz\w*": frozenset({SHEEPSHEAD}),
    r"bump": frozenset({SHEEPSHEAD}),
    r"no-tricker": frozenset({SHEEPSHEAD}),
    r"bur(y|ies|ied)|vergr(a|ä)b\w*": frozenset({SHEEPSHEAD}),
    # The classic three-hand game.
    r"widow|Witwe": frozenset({SHEEPSHEAD3}),
    r"victory points?|Siegpunkte?": frozenset({SHEEPSHEAD3}),
}

#: Where German says a word with other families than English does.
GERMAN_WORDS: dict[str, frozenset[str]] = {
    # The two cards put aside in the games for three: "zwei im Stock".
    r"Stock": frozenset({BAVARIAN, THREE, SHEEPSHEAD3}),
}


def foreign(family: str, lang: str) -> dict[str, re.Pattern[str]]:
    """The words a family's pages must not say in a language: those only other families use."""
    words = {**WORDS, **GERMAN_WORDS} if lang == "de" else WORDS
    return {word: re.compile(rf"(?<![\w-]){word}(?![\w-])", re.I)
            for word, families in words.items() if family not in families}


def test_the_table_names_real_families_and_no_word_every_family_says() -> None:
    for word, families in [*WORDS.items(), *GERMAN_WORDS.items()]:
        assert families <= set(FAMILIES), word
        assert families != set(FAMILIES), word


FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = [*FOUR, "Emil"]

#: Each family's list: its players, its house rules and deals of its games.
LISTS: dict[str, tuple[list[str], dict[str, Any], list[dict[str, Any]]]] = {
    BAVARIAN: (FOUR, {}, [
        {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 95, "laufende": 3, "contra": True},
        {"game": "solo", "declarer": "Bene", "points": 70},
        {"game": "ramsch", "points": {"Anna": 30, "Bene": 40, "Chris": 50, "Dora": 0}},
        {"game": "passed"},
    ]),
    THREE: (FOUR[:3], {}, [
        {"game": "solo", "declarer": "Anna", "points": 70, "bid": 65},
        {"game": "wenz", "declarer": "Bene", "points": 40, "hand": True},
        {"game": "passed"},
    ]),
    GERMAN: (FOUR, {}, [
        {"game": "normal", "declarer": "Anna", "points": 95},
        {"game": "normal", "declarer": "Bene", "points": 40, "forced": True},
        {"game": "passed"},
    ]),
    SHEEPSHEAD: (FIVE, {"no_pick": ["leaster", "doubler"]}, [
        {"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 70, "crack": True},
        {"game": "pick", "declarer": "Bene", "points": 25},
        {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 40, "Emil": 20}},
        {"game": "doubler"},
        {"game": "pick", "declarer": "Dora", "partner": "Emil", "points": 120, "schwarz": True},
    ]),
    SHEEPSHEAD3: (FOUR[:3], {}, [
        {"game": "pick", "declarer": "Anna", "points": 95},
        {"game": "least", "points": {"Anna": 20, "Bene": 40, "Chris": 60}},
        {"game": "pick", "declarer": "Bene", "points": 0, "schwarz": True},
    ]),
}

#: Deals each family refuses: more card points than the pack holds, and a side that took
#: no trick at points where it must have taken one (the refusal names the family's word).
BAD = {
    BAVARIAN: {"game": "sauspiel", "declarer": "Anna", "partner": "Chris"},
    THREE: {"game": "solo", "declarer": "Anna"},
    GERMAN: {"game": "normal", "declarer": "Anna"},
    SHEEPSHEAD: {"game": "pick", "declarer": "Anna", "partner": "Chris"},
    SHEEPSHEAD3: {"game": "pick", "declarer": "Anna"},
}
WRONG = ({"points": "130"}, {"points": "70", "schwarz": "1"})

#: The attributes whose words a player reads or hears.
_SAID = re.compile(r'\s(?:aria-label|title|placeholder|alt|data-text-[\w-]+)="([^"]*)"')
_HIDDEN = re.compile(r"<(script|style)\b.*?</\1>", re.S)


def said(page: str) -> str:
    """What a page says to its reader: its text and its spoken attributes, entities resolved."""
    page = _HIDDEN.sub(" ", page)
    return html.unescape(" ".join([re.sub(r"<[^>]+>", " ", page), *_SAID.findall(page)]))


def pages(client: FlaskClient, family: str, lang: str) -> Iterator[tuple[str, str]]:
    """Each page of a family's list, and its help page, as (what it is, what it says)."""
    players, rules, deals = LISTS[family]
    listing = make_list(client, family, players, **rules)
    for deal in deals:
        api_deal(client, listing, deal)
    head = {"Accept-Language": lang}
    base = f"/l/{listing['id']}"
    urls = [("list page", base), ("deal form", f"{base}/deals/new"), ("players page", f"{base}/settings"),
            ("rules page", f"{base}/settings/rules"), ("help page", f"/help/{family}")]
    urls += [(f"deal {n}", f"{base}/deals/{n}") for n in range(1, len(deals) + 1)]
    for what, url in urls:
        response = client.get(url, headers=head)
        assert response.status_code == 200, what
        yield what, said(response.get_data(as_text=True))
    for number, wrong in enumerate(WRONG):
        refused = client.post(f"{base}/deals/new", data={**BAD[family], **wrong, "token": f"bad-{lang}-{number}"},
                              headers=head)
        assert refused.status_code == 200
        page = refused.get_data(as_text=True)
        assert "Not saved yet:" in page or "Noch nicht gespeichert" in page, wrong
        yield f"a refused deal ({wrong})", said(page)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("family", list(LISTS))
def test_no_page_of_a_family_says_a_word_only_other_families_use(
        client: FlaskClient, family: str, lang: str) -> None:
    words = foreign(family, lang)
    found = []
    for what, text in pages(client, family, lang):
        for word, pattern in words.items():
            for hit in pattern.finditer(text):
                start = max(hit.start() - 60, 0)
                found.append(f"{what}: {hit.group(0)!r} in …{' '.join(text[start:hit.end() + 60].split())}…")
    assert found == [], "\n".join(found)


def test_every_family_has_a_list_read() -> None:
    assert set(LISTS) == set(FAMILIES)
