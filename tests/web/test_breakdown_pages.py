"""Why a deal pays what it pays, on the pages: the preview's line, the deal's page, the settle page's accounts."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import read_list
from scorer.engine.breakdown_words import ENGLISH, ENGLISH_COUNTED, GERMAN, GERMAN_COUNTED, describe
from scorer.engine.breakdown_examples import example_deals
from scorer.engine.breakdown_examples import names_in as held_in
from scorer.web.deals.breakdown import counted, explained, one_line, word
from scorer.web.lists.summary import accounts
from tests.unit.test_breakdown import ROWS
from tests.unit.test_breakdown_adds_up import bavarian_club_lists, first
from tests.unit.test_carry import german_lists, sheepshead3_lists
from tests.unit.test_properties import (
    bavarian3_documents, bavarian_documents, german_documents, sheepshead3_documents,
    sheepshead_documents,
)
from tests.web.test_deal_pages import api_deal, make_list, tied
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

GERMAN_PAGE = {"Accept-Language": "de-DE,de;q=0.9"}
ENGLISH_PAGE = {"Accept-Language": "en-GB,en;q=0.9"}
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

#: Random lists of every family, Bock, the Stock, per-head settling and the house games among them.
EVERY_FAMILY = st.one_of(
    bavarian_club_lists(), bavarian_documents().map(first), bavarian3_documents().map(first),
    sheepshead3_documents().map(first), sheepshead3_lists(), sheepshead_documents().map(first),
    german_documents().map(first), german_lists(),
)

KONTRA = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "95",
          "laufende": "3", "contra": "1"}


def names_in(breakdown: Any) -> set[str]:
    """Every machine name a breakdown holds, and ``each``, which its line may say."""
    return held_in(breakdown) | {"each"}


def text(html: str) -> str:
    """A page's words without its tags, spaces folded."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


# -- the words ---------------------------------------------------------------------------------


@SETTINGS
@given(EVERY_FAMILY)
def test_every_name_a_breakdown_of_any_family_holds_has_a_word_in_both_languages(document):
    for result in read_list(document).replay().deals:
        for name in names_in(result.breakdown):
            assert ENGLISH.get(name) and GERMAN.get(name), name


#: A renege settled as the house game penalty: its name and the offender's role.
PENALTY_LIST = {"rules": {"preset": "bavarian", "games": ["sauspiel", "penalty"]},
                "players": ["Anna", "Bene", "Chris", "Dora"], "deals": [{"game": "penalty", "offender": "Chris"}]}
#: A Tout the others took a trick in: said as lost, and why.
TOUT_LOST_LIST = {"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"],
                  "deals": [{"game": "solo", "declarer": "Anna", "points": 120, "tout": True}]}
#: Niederfüllbach's points: a Herz-Solo paid above the other solos, and a hand everyone passed
#: played across ("über Kreuz").
NIEDERFUELLBACH = {"preset": "bavarian", "table_points": {"system": "5-10-15"}}
HEARTS_SOLO_LIST = {"rules": NIEDERFUELLBACH, "players": ["Anna", "Bene", "Chris", "Dora"],
                    "deals": [{"game": "solo", "declarer": "Anna", "points": 75, "suit": "hearts"}]}
CROSS_LIST = {"rules": NIEDERFUELLBACH, "players": ["Anna", "Bene", "Chris", "Dora"],
              "deals": [{"game": "passed", "points": 70}]}
ALL_NAMES = sorted(set().union(*(
    names_in(read_list(document).replay().deals[-1].breakdown)
    for document in [*(row[1] for row in ROWS), PENALTY_LIST, TOUT_LOST_LIST, HEARTS_SOLO_LIST, CROSS_LIST]
)))


@pytest.mark.parametrize(("language", "headers", "words"),
                         [("en", ENGLISH_PAGE, ENGLISH), ("de", GERMAN_PAGE, GERMAN)])
def test_the_pages_say_each_name_in_the_engine_s_words_of_the_language(
    app: Flask, language: str, headers: dict[str, str], words: Any
) -> None:
    assert set(ALL_NAMES) == set(ENGLISH) == set(GERMAN)
    with app.test_request_context("/", headers=headers):
        for name in ALL_NAMES:
            # German: the catalog's word must be the engine's (docs/breakdown-examples.md uses it).
            assert word(name) == words[name], (language, name, "translate it as the engine's map says")


@pytest.mark.parametrize(("headers", "forms"), [(ENGLISH_PAGE, ENGLISH_COUNTED), (GERMAN_PAGE, GERMAN_COUNTED)])
@pytest.mark.parametrize("count", [1, 2, 9])
def test_the_pages_count_each_name_in_the_engine_s_singular_and_plural(
    app: Flask, headers: dict[str, str], forms: Any, count: int
) -> None:
    with app.test_request_context("/", headers=headers):
        for name, (one, more) in forms.items():
            # German: the catalog's forms must be the engine's (docs/breakdown-examples.md uses them).
            assert counted(name, count) == (one if count == 1 else more) % {"num": count}, name


def test_a_name_nobody_has_worded_yet_shows_as_it_is(app: Flask) -> None:
    with app.test_request_context("/", headers=GERMAN_PAGE):
        assert word("hitherto_unknown") == "hitherto_unknown"


# -- the preview beside Save -----------------------------------------------------------------


@pytest.mark.parametrize(("headers", "line"), [
    (ENGLISH_PAGE, tied("Sauspiel_20 + Schneider_10 + 3_Laufende_15 = 45 · Kontra_×2 = 90_each")),
    (GERMAN_PAGE, tied("Sauspiel_20 + Schneider_10 + 3_Laufende_15 = 45 · Kontra_×2 = 90_je Spieler")),
])
def test_the_live_preview_answers_the_breakdown_in_one_line_in_the_table_s_language(
    client: FlaskClient, headers: dict[str, str], line: str
) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"])
    answer = client.post(f"/l/{listing['id']}/deals/preview", data=KONTRA, headers=headers).get_json()
    assert answer["payouts"] == {"Anna": 90, "Bene": -90, "Chris": 90, "Dora": -90}
    assert answer["explained"] == line


@pytest.mark.parametrize("headers", [ENGLISH_PAGE, GERMAN_PAGE])
def test_the_line_may_wrap_between_its_terms_but_never_between_a_word_and_its_number(
    app: Flask, headers: dict[str, str]
) -> None:
    with app.test_request_context("/", headers=headers):
        for _, _, result in example_deals():
            line = one_line(result.breakdown)
            spaced = describe(result.breakdown, word, counted).replace(" -", " \u2212")
            assert line.replace("\u00a0", " ") == spaced
            # Kontra ×2, Declarer ×3: a multiplier keeps its word.
            assert all(before == "\u00a0" for before in re.findall(r"(.)×", line)), line
            # The terms, the multipliers and the pieces part where the line may wrap.
            assert not re.search(r"\u00a0[+=·]|[+=·]\u00a0", line), line


def test_the_live_preview_of_a_refused_deal_answers_no_line(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"])
    answer = client.post(f"/l/{listing['id']}/deals/preview", data={**KONTRA, "points": "130"}).get_json()
    assert answer["field"] == "points"
    assert "explained" not in answer


def test_the_preview_line_follows_bock_and_the_stock(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"], bock={}, stock={})
    api_deal(client, listing, {"game": "passed"})
    answer = client.post(f"/l/{listing['id']}/deals/preview",
                         data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72"},
                         headers=GERMAN_PAGE).get_json()
    assert answer["explained"] == tied("Sauspiel_20 · Bock_×2 = 40_je Spieler · aus dem Stock_80")
    assert answer["payouts"] == {"Anna": 80, "Bene": -40, "Chris": 80, "Dora": -40}


def test_the_preview_without_script_shows_the_line_in_the_card_and_beside_save(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"])
    html = client.post(f"/l/{listing['id']}/deals/new", data={**KONTRA, "action": "preview"},
                       headers=ENGLISH_PAGE).get_data(as_text=True)
    line = tied("Sauspiel_20 + Schneider_10 + 3_Laufende_15 = 45 · Kontra_×2 = 90_each")
    card = re.search(r'<p class="breakdown-line" data-preview-explained>(.*?)</p>', html)
    bar = re.search(r'<p class="line-explained" data-line-explained aria-hidden="true">(.*?)</p>', html)
    assert card and unescape(card.group(1)) == line
    assert bar and unescape(bar.group(1)) == line


def test_a_new_deal_form_shows_no_line_before_a_preview(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"])
    html = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert re.search(r"<p class=\"breakdown-line\" data-preview-explained hidden></p>", html)
    assert 'data-breakdown>' not in html


# -- the deal's page ---------------------------------------------------------------------------


def deal_page(client: FlaskClient, listing: dict[str, Any], number: int, headers: dict[str, str]) -> str:
    response = client.get(f"/l/{listing['id']}/deals/{number}/edit", headers=headers)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    found = re.search(r'<section class="card deal-breakdown".*?</section>', html, re.S)
    assert found, "the deal's page has no breakdown"
    return found.group(0)


def test_the_deal_s_page_shows_every_term_multiplier_the_value_and_each_player_s_payout(
    client: FlaskClient,
) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"])
    api_deal(client, listing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 95,
                               "laufende": 3, "contra": True})
    section = deal_page(client, listing, 1, ENGLISH_PAGE)
    steps = re.findall(r'<tr class="(\w+)"><th scope="row">(.*?)</th><td>(.*?)</td></tr>', section)
    assert steps == [
        ("term", "Sauspiel", "20"), ("term", "Schneider", "+ 10"), ("term", "3 Laufende", "+ 15"),
        ("subtotal", "Together", "= 45"), ("multiplier", "Kontra", "×2"), ("value", "Value", "= 90"),
    ]
    players = re.findall(r'data-breakdown-player="(\w+)">\s*<th scope="row">\w+<small>(\w+)</small></th>\s*'
                         r'<td>(.*?)</td>\s*<td class="amount">(.*?)</td>', section)
    assert players == [
        ("Anna", "Declarer", "+1 × 90", "+90"), ("Bene", "Opponent", "−1 × 90", "−90"),
        ("Chris", "Partner", "+1 × 90", "+90"), ("Dora", "Opponent", "−1 × 90", "−90"),
    ]


def test_the_deal_s_page_shows_bock_and_the_stock_move_in_german(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"], bock={}, stock={})
    api_deal(client, listing, {"game": "passed"})
    api_deal(client, listing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    words = text(deal_page(client, listing, 2, GERMAN_PAGE))
    assert "Warum Spiel 2 so zahlt" in words
    assert "Sauspiel 20 Bock ×2 Wert = 40" in words
    assert "Anna Spieler +1 × 40 + 40 Stock +80" in words
    assert "Bene Gegner −1 × 40 −40" in words
    assert "Im Stock: 80 vor diesem Spiel, 0 danach." in words
    thrown_in = text(deal_page(client, listing, 1, GERMAN_PAGE))
    # A hand thrown in: what each pays into the Stock, nobody called Spieler (the declarer).
    assert "Zusammengeworfen: jeder zahlt 20 in den Stock" in thrown_in
    assert "Dora zahlt 20 in den Stock −20" in thrown_in
    assert "Spieler" not in thrown_in.split("Spieler Anteil am Wert Betrag")[-1]


def test_the_deal_s_page_of_a_german_deal_shows_the_tally(client: FlaskClient) -> None:
    listing = make_list(client, "german", ["Anna", "Bene", "Chris", "Dora"])
    api_deal(client, listing, {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True})
    words = text(deal_page(client, listing, 1, ENGLISH_PAGE))
    assert "9 Game points 90 Value = 90" in words
    assert "On the tally: 9 Strokes, 1 Head" in words


def test_one_stroke_is_one_strich_on_the_deal_s_page_and_in_the_preview_line(client: FlaskClient) -> None:
    listing = make_list(client, "german", ["Anna", "Bene", "Chris", "Dora"])
    api_deal(client, listing, {"game": "normal", "declarer": "Anna", "points": 70})
    words = text(deal_page(client, listing, 1, GERMAN_PAGE))
    assert "1 Spielpunkt 10 Wert = 10" in words
    assert "1 Strich" in words and "Striche" not in words
    answer = client.post(f"/l/{listing['id']}/deals/preview", headers=GERMAN_PAGE,
                         data={"game": "normal", "declarer": "Anna", "points": "70"}).get_json()
    assert answer["explained"] == tied("1_Spielpunkt_10_je Spieler · 1_Strich")


def test_the_deal_s_page_names_the_dealer_who_sits_out_with_nothing_to_pay(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora", "Emil"])
    api_deal(client, listing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    words = text(deal_page(client, listing, 1, ENGLISH_PAGE))
    assert "Emil deals, sits out 0 × 20 0" in words
    assert "Dora Opponent −1 × 20 −20" in words


def test_a_cap_shows_as_the_most_the_multipliers_may_make(app: Flask) -> None:
    document = {"rules": {"preset": "sheepshead", "max_multiplier": 4},
                "players": ["Anna", "Bene", "Chris", "Dora", "Emil"],
                "deals": [{"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 50,
                           "crack": True, "blitz": 2}]}
    result = read_list(document).replay()
    with app.test_request_context("/", headers=ENGLISH_PAGE):
        laid_out = explained(result.deals[0].breakdown, result.players)
        line = one_line(result.deals[0].breakdown)
    assert [(s.label, s.amount) for s in laid_out.multipliers] == [
        ("Crack", "×2"), ("2 Blitzes", "×4"), ("at most", "4"), ("Bump", "×2"),
    ]
    assert [p.payout for p in laid_out.players] == [-16, -8, 8, 8, 8]
    assert line == tied("Tier_1 · Crack_×2 · 2_Blitzes_×4 · at most_4 · Bump_×2 = 8 · Picker_×2 = \u221216")


# -- the settle page's accounts ----------------------------------------------------------------


@SETTINGS
@given(document=EVERY_FAMILY)
def test_each_player_s_account_adds_up_to_their_total_in_every_family(app: Flask, document) -> None:
    result = read_list(document).replay()
    with app.test_request_context("/", headers=GERMAN_PAGE):
        found = accounts(result)
    assert [a.player for a in found] == list(result.players)
    for account in found:
        assert account.total == result.totals[account.player]
        assert account.stock_in <= 0 <= account.stock_out
        assert all((g.amount > 0) == g.won and g.count > 0 for g in account.games)
        if not any(m.name == "bock" for d in result.deals for m in d.breakdown.multipliers):
            assert account.bock == 0


def test_the_settle_page_folds_each_player_s_account_and_its_parts_add_up(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"], bock={}, stock={})
    for deal in ({"game": "passed"},
                 {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
                 {"game": "solo", "declarer": "Bene", "points": 40},
                 {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 80}):
        api_deal(client, listing, deal)
    html = client.get(f"/l/{listing['id']}/settle", headers=ENGLISH_PAGE).get_data(as_text=True)
    folds = re.findall(r'<details class="account[\w ]*" data-account="(\w+)">(.*?)</details>', html, re.S)
    assert [who for who, _ in folds] == ["Anna", "Bene", "Chris", "Dora"]
    totals = client.get(f"/api/lists/{listing['id']}").get_json()["totals"]
    for who, fold in folds:
        cents = [int(re.sub(r"[^\d\u2212+]", "", amount).replace("\u2212", "-"))
                 for amount in re.findall(r'<td class="amount">(.*?)</td>', fold)]
        *parts, total = cents
        assert sum(parts) == total == totals[who], who  # one cent a unit, by default
    anna = text(folds[0][1])
    assert "Sauspiel won 2×" in anna
    assert "Added by Bock" in anna and "Paid into the Stock" in anna and "Taken out of the Stock" in anna
    bene = text(folds[1][1])
    assert "Solo lost 1×" in bene and "Sauspiel won 1×" in bene and "Sauspiel lost 1×" in bene


def test_a_list_without_deals_has_no_accounts(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", ["Anna", "Bene", "Chris", "Dora"])
    assert "data-account=" not in client.get(f"/l/{listing['id']}/settle").get_data(as_text=True)
