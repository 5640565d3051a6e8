"""Words at the table on a 360 px phone, in English and German: a Tout asks about the tricks, names
never read the same, a hand thrown in says what each paid in, Sheepshead says schneider."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import NARROW, Phone, stored
from tests.e2e.test_accessibility import axe_violations, sideways
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

LANGS = ("en", "de")


def open_list(phone: Phone, lang: str, document: dict[str, Any]) -> str:
    """Store a list, open it in a language with its edit key; give its id."""
    made = phone.page.request.post(phone.base_url + "/api/lists", data=document)
    assert made.status == 201, made.text()
    answer = made.json()
    phone.open(f"/lang/{lang}?next={quote(answer['edit_url'], safe='/?=&')}")
    return str(answer["id"])


def choice(page: Page, name: str, value: str) -> Locator:
    """The big label of one choice of the deal form (a game, a player, a switch), in any language."""
    return page.locator("label.choice", has=page.locator(f'input[name="{name}"][value="{value}"]'))


def clean_at_200_percent(page: Page, what: str) -> None:
    """axe finds nothing serious, at the usual text size and at 200 %, and nothing scrolls sideways."""
    assert axe_violations(page) == [], what
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    try:
        assert axe_violations(page) == [], f"{what} at 200 %"
        assert sideways(page, NARROW, f"{what} at 200 %") == []
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")


# -- a Tout with 120 points asks about the tricks; said lost, it says why -------------------

TOUT_LOST = {
    "en": "Tout: lost, the other side took a trick",
    "de": "Tout: verloren, die Gegenseite hat einen Stich gemacht",
}
TOUT_ASKS = {
    "en": "With 120 points: did a side take no trick at all? Tap “Schwarz”, or “Both sides took a trick”. "
          "A Tout or Sie is won only with every trick.",
    "de": "Mit 120 Augen: Hat eine Seite gar keinen Stich gemacht? Tippe „Schwarz“ an, oder „Beide Seiten "
          "haben einen Stich“. Ein Tout oder Sie ist nur mit allen Stichen gewonnen.",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_tout_with_120_points_asks_about_the_tricks_and_a_lost_one_says_why(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {
        "rules": {"preset": "bavarian", "tariffs": {"solo": 50}}, "players": ["Sepp", "Franz", "Vroni", "Resi"]})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "solo").tap()
    choice(page, "declarer", "Sepp").tap()
    page.locator("#points").fill("119")
    ask = page.locator('[data-schwarz-ask][data-games="solo"]')
    said_no = choice(page, "schwarz.no", "1")
    expect(ask).to_be_hidden()  # 119 points: nobody was schwarz, nothing to ask
    expect(said_no).to_be_hidden()
    page.locator("#points").fill("120")
    choice(page, "tout", "1").tap()
    expect(ask).to_have_text(TOUT_ASKS[lang])
    expect(said_no).to_be_visible()
    # The preview says what is missing instead of a loss nobody chose.
    expect(page.locator("[data-line-message]")).to_have_text(TOUT_ASKS[lang])
    expect(page.locator('[data-payout="Sepp"]')).to_have_text("–")
    clean_at_200_percent(page, "the deal form asking about a Tout")
    phone.screenshot(f"tout-asks-{lang}")

    # The obvious taps, Save: nothing is stored, the question stands at its field.
    page.locator(".deal-actions button.primary").tap()
    expect(page.locator("#field-toggles .field-error")).to_have_text(TOUT_ASKS[lang])
    assert stored(phone, list_id)["deals"] == []
    expect(page.locator("#points")).to_have_value("120")

    # No trick for the others: Schwarz, and the Tout is won.
    choice(page, "schwarz", "1").tap()
    expect(ask).to_be_hidden()
    expect(page.locator('[data-payout="Sepp"]')).to_have_text("+300")

    # They did take one, said out loud: Schwarz goes, the Tout is lost and says why.
    said_no.tap()
    expect(page.locator('input[name="schwarz"]')).not_to_be_checked()
    expect(page.locator("[data-line-explained]")).to_contain_text(TOUT_LOST[lang])
    expect(page.locator('[data-payout="Sepp"]')).to_have_text("\u2212300")
    page.locator(".deal-actions button.primary").tap()
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    assert stored(phone, list_id)["deals"][0]["payouts"]["Sepp"] == -300
    page = phone.open(f"/l/{list_id}/deals/1")
    expect(page.locator("[data-breakdown] .breakdown-steps")).to_contain_text(TOUT_LOST[lang])
    clean_at_200_percent(page, "a lost Tout's page")


# -- names: the shortest form that tells each player apart -----------------------------------

FIVE = ["Christoph", "Christian", "Sepp", "Marianne", "Linda"]
FIVE_SHORT = ["Christo.", "Christi.", "Sepp", "Mari.", "Linda"]


def cut(locator: Locator) -> list[str]:
    """The texts the page cuts (wider than their box)."""
    return list(locator.evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"))


@pytest.mark.parametrize("lang", LANGS)
def test_names_are_never_shown_the_same_way_and_the_preview_has_room_for_them(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {
        "rules": {"preset": "bavarian"}, "players": FIVE,
        "deals": [{"game": "sauspiel", "declarer": "Christoph", "partner": "Christian", "points": 72}]})
    page = phone.open(f"/l/{list_id}")
    heads = page.locator("table.block thead th.pay")
    expect(heads).to_have_text(FIVE_SHORT)
    page.locator("details.stats-card > summary").tap()
    expect(page.locator("table.stats thead th.pay")).to_have_text(FIVE_SHORT)
    dealers = page.locator("table.block tbody.deal .dealer")
    expect(dealers).to_have_count(1)
    clean_at_200_percent(page, "the list with its statistics")

    # The sticky preview beside Save: every name in its short form, no name or amount cut.
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "solo").tap()
    choice(page, "declarer", "Christian").tap()
    page.locator("#points").fill("120")
    choice(page, "tout", "1").tap()
    choice(page, "schwarz", "1").tap()
    line = page.locator("[data-line-payout]")
    expect(line.locator("b")).to_have_text(["0", "+240", "\u221280", "\u221280", "\u221280"])
    # Christoph deals and sits out: the line has the four who play, each told apart.
    expect(line.locator(".who")).to_have_text(FIVE_SHORT)
    assert cut(line.locator(".who")) == [] and cut(line.locator("b")) == []
    assert cut(page.locator(".payouts dt")) == []
    clean_at_200_percent(page, "the deal form with five players")
    phone.screenshot(f"short-names-preview-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_four_players_preview_a_three_digit_amount_with_their_names_whole(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {
        "rules": {"preset": "bavarian", "tariffs": {"solo": 50}}, "players": ["Sepp", "Franz", "Vroni", "Resi"]})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "solo").tap()
    choice(page, "declarer", "Sepp").tap()
    page.locator("#points").fill("120")
    choice(page, "tout", "1").tap()
    choice(page, "schwarz.no", "1").tap()  # the others took a trick: the Tout is lost
    line = page.locator("[data-line-payout]")
    expect(line.locator("b")).to_have_text(["\u2212300", "+100", "+100", "+100"])
    expect(line.locator(".who")).to_have_text(["Sepp", "Franz", "Vroni", "Resi"])
    assert cut(line.locator(".who")) == [] and cut(line.locator("b")) == []
    # Four players and a three-digit amount share one line beside Save.
    tops = line.evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops
    clean_at_200_percent(page, "the deal form with four players")


# -- a hand thrown in under the Stock ---------------------------------------------------------

THROWN_IN = {
    "en": ("Thrown in: each pays 20 into the Stock", "thrown in: each pays 20 into the Stock",
           "pays 20 into the Stock", "Player"),
    "de": ("Zusammengeworfen: jeder zahlt 20 in den Stock", "zusammengeworfen: jeder zahlt 20 in den Stock",
           "zahlt 20 in den Stock", "Spieler"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_thrown_in_says_each_pays_into_the_stock(phone: Phone, lang: str) -> None:
    whole, line_words, cell, role = THROWN_IN[lang]
    list_id = open_list(phone, lang, {
        "rules": {"preset": "bavarian", "stock": {}}, "players": ["Anna", "Bene", "Chris", "Dora"],
        "deals": [{"game": "passed"}]})
    page = phone.open(f"/l/{list_id}/deals/1")
    card = page.locator("[data-breakdown]")
    expect(card.locator(".breakdown-thrown-in")).to_have_text(whole)
    rows = card.locator("[data-breakdown-player]")
    expect(rows.locator("td").filter(has_not_text="\u2212")).to_have_text([cell] * 4)
    expect(card).not_to_contain_text("0 \u00d7 0")
    expect(rows.locator("th small")).to_have_count(0)  # nobody labelled a role (Spieler: the declarer)
    assert role not in card.locator(".breakdown-split tbody").inner_text()
    clean_at_200_percent(page, "a thrown-in hand's page")

    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "passed").tap()
    expect(page.locator("[data-line-explained]")).to_have_text(line_words.replace(" 20 ", "\u00a020\u00a0"))
    expect(page.locator('[data-payout="Anna"]')).to_have_text("\u221220")
    clean_at_200_percent(page, "the deal form with a hand thrown in")


# -- Sheepshead says schneider ----------------------------------------------------------------

SHEEPSHEAD = ["Jake", "Mary", "Tom", "Ann", "Bob"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_sheepshead_pick_says_schneider_in_its_row_and_in_the_preview(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {
        "rules": {"preset": "sheepshead"}, "players": SHEEPSHEAD,
        "deals": [{"game": "pick", "declarer": "Jake", "points": 93},
                  {"game": "pick", "declarer": "Mary", "partner": "Tom", "points": 70}]})
    page = phone.open(f"/l/{list_id}")
    rows = page.locator("table.block tbody.deal")
    expect(rows.nth(1).locator(".game-name")).to_contain_text("93 \u00b7 Schneider")
    expect(rows.nth(0).locator(".game-name")).not_to_contain_text("Schneider")
    clean_at_200_percent(page, "a Sheepshead list")

    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "pick").tap()
    choice(page, "declarer", "Ann").tap()
    choice(page, "partner", "").tap()
    page.locator("#points").fill("95")
    explained = page.locator("[data-line-explained]")
    expect(explained).to_contain_text("Schneider\u00a02")
    expect(explained).not_to_contain_text("Tier" if lang == "en" else "Stufe")
    clean_at_200_percent(page, "a Sheepshead deal form")
