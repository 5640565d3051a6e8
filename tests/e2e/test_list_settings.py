"""A list can change once started, on a 360 x 740 phone, in English and German.

Rename a player after a typo (the deals follow), a fifth player joins (the
players page), the rules in force shown in words, and a tariff changed from
the next deal on while the deals already played keep their payouts (the
house-rules page, one tap from the players page). Each step leaves a
screenshot in tests/e2e/screenshots (``settings-*``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    NARROW, Phone, block_on_screen, page_width,
    small_targets, stored,
)
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

LANGUAGES = ("en", "de")
SOLO = {"game": "solo", "declarer": "Bene", "points": 75}


def settings_page(phone: Phone, lang: str, list_id: str) -> Page:
    """The list's settings page in a language, reached from the list page's link."""
    phone.open(f"/lang/{lang}?next={quote(f'/l/{list_id}', safe='/')}")
    page = phone.page
    link = page.locator(f'nav.links a[href="/l/{list_id}/settings"]')
    with page.expect_navigation():
        link.tap()
    assert page_width(page) <= NARROW, "the settings page scrolls sideways"
    assert small_targets(page) == []
    return page


def rules_page(phone: Phone, lang: str, list_id: str) -> Page:
    """The list's house-rules page, reached from its players page."""
    page = settings_page(phone, lang, list_id)
    with page.expect_navigation():
        page.locator(f'nav.settings-pages a[href="/l/{list_id}/settings/rules"]').tap()
    assert page_width(page) <= NARROW, "the rules page scrolls sideways"
    assert small_targets(page) == []
    return page


def send(page: Page, form: str) -> None:
    """Tap a form's button and wait for the next page."""
    with page.expect_navigation():
        page.locator(f'form[action$="/settings/{form}"] button[type=submit]').tap()


def shot(phone: Phone, name: str, lang: str) -> None:
    phone.screenshot(f"settings-{name}-{lang}")


#: Each list's edit key, for adding a deal through the API.
KEYS: dict[str, str] = {}


def start(phone: Phone, players: list[str], deals: list[dict[str, Any]], **rules: Any) -> str:
    """A Bavarian list stored through the API, its edit link opened on the phone."""
    response = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian", **rules}, "players": players, "deals": deals})
    assert response.status == 201, response.text()
    answer = response.json()
    phone.open(answer["edit_url"])
    KEYS[answer["id"]] = answer["edit_key"]
    return str(answer["id"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typo_in_a_name_is_corrected_and_every_deal_follows(small_phone: Phone, lang: str) -> None:
    list_id = start(small_phone, ["Anna", "Bnee", "Chris", "Dora"],
                    [{"game": "solo", "declarer": "Bnee", "points": 75}])
    page = settings_page(small_phone, lang, list_id)
    page.locator('select[name="rename-old"]').select_option("Bnee")
    page.locator('input[name="rename-new"]').fill("Bene")
    shot(small_phone, "rename", lang)
    send(page, "rename")
    expect(page.locator(".flash").first).to_contain_text("Bene")
    saved = stored(small_phone, list_id)
    assert saved["players"] == ["Anna", "Bene", "Chris", "Dora"]
    assert saved["deals"][0]["declarer"] == "Bene"
    small_phone.open(f"/l/{list_id}")
    expect(page.locator("h1")).to_have_text("Anna · Bene · Chris · Dora")
    expect(page.locator("section.totals")).not_to_contain_text("Bnee")
    _rows, totals = block_on_screen(page)
    assert totals == [-40, 120, -40, -40]
    shot(small_phone, "rename-list", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fifth_player_joins_between_deals(small_phone: Phone, lang: str) -> None:
    list_id = start(small_phone, ["Anna", "Bene", "Chris", "Dora"], [SOLO, SOLO])
    page = settings_page(small_phone, lang, list_id)
    page.locator('input[name="change-player_5"]').fill("Emil")
    shot(small_phone, "fifth-player", lang)
    send(page, "change")
    # Back on the list: Dora dealt deal 1, Anna deal 2; Bene deals deal 3 and sits it out.
    expect(page.locator(".next-deal")).to_contain_text("Bene")
    assert stored(small_phone, list_id)["changes"] == [
        {"from": 3, "players": ["Anna", "Bene", "Chris", "Dora", "Emil"]}]
    with page.expect_navigation():
        page.locator(f'a[href="/l/{list_id}/deals/new"]').tap()
    declarer = page.locator('input[name="declarer"][value="Emil"]')
    page.locator('input[name="game"][value="solo"]').check()
    expect(declarer).to_be_enabled()
    expect(page.locator('input[name="declarer"][value="Bene"]')).to_be_disabled()
    declarer.check()
    page.locator("#points").fill("80")
    # A save with scripts is one request: the list's content takes the form's place.
    page.locator('.deal-actions button[type=submit]:not([name])').tap()
    expect(page.locator("table.block tbody.deal")).to_have_count(3)
    rows, totals = block_on_screen(page)
    # Emil's column: 0 for the two deals before he sat down.
    assert rows == [[-40, 120, -40, -40, 0], [-40, 120, -40, -40, 0], [-40, 0, -40, -40, 120]]
    assert sum(totals) == 0 and totals[4] == 120
    assert page_width(page) <= NARROW
    shot(small_phone, "fifth-player-list", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_in_force_are_shown_in_words(small_phone: Phone, lang: str) -> None:
    list_id = start(small_phone, ["Anna", "Bene", "Chris", "Dora"], [SOLO], tariffs={"solo": 50})
    page = rules_page(small_phone, lang, list_id)
    table = page.locator(".rules-in-force")
    table.locator("details.section summary").first.tap()  # the tariffs: the first group
    expect(table.locator("tr", has=page.locator("th", has_text="Solo")).first.locator("td")).to_have_text("50")
    expect(table.locator("tr", has=page.locator("th", has_text="Sauspiel")).first.locator("td")).to_have_text("20")
    table.scroll_into_view_if_needed()
    shot(small_phone, "rules", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tariff_changed_from_the_next_deal_leaves_the_deals_played(small_phone: Phone, lang: str) -> None:
    list_id = start(small_phone, ["Anna", "Bene", "Chris", "Dora"], [SOLO, SOLO])
    page = rules_page(small_phone, lang, list_id)
    page.locator('details:has(input[name="change-tariff_solo"]) summary').tap()
    page.locator('input[name="change-tariff_solo"]').fill("100")
    shot(small_phone, "tariff", lang)
    send(page, "rules")
    # The penalty's field is left empty: the penalty follows the solo tariff.
    assert stored(small_phone, list_id)["changes"] == [
        {"from": 3, "rules": {"tariffs": {"solo": 100}}},
    ]
    response = page.request.post(f"{small_phone.base_url}/api/lists/{list_id}/deals", data=SOLO,
                                 headers={"X-Edit-Key": KEYS[list_id]})
    assert response.status == 201, response.text()
    small_phone.open(f"/l/{list_id}")
    rows, totals = block_on_screen(page)
    assert rows == [[-40, 120, -40, -40], [-40, 120, -40, -40], [-100, 300, -100, -100]]
    assert totals == [-180, 540, -180, -180]
    shot(small_phone, "tariff-list", lang)
    # The rules page shows the new tariff as the one in force.
    page = rules_page(small_phone, lang, list_id)
    solo = page.locator(".rules-in-force tr", has=page.locator("th", has_text="Solo")).first
    expect(solo.locator("td")).to_have_text("100")



@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_player_leaves_the_seats_change_and_the_table_says_who_deals_next(
    small_phone: Phone, lang: str,
) -> None:
    list_id = start(small_phone, ["Anna", "Bene", "Chris", "Dora", "Emil"], [SOLO])
    page = settings_page(small_phone, lang, list_id)
    # Emil goes home; Dora and Chris swap seats; Bene deals next.
    page.locator('input[name="change-player_5"]').fill("")
    page.locator('input[name="change-player_3"]').fill("Dora")
    page.locator('input[name="change-player_4"]').fill("Chris")
    page.locator('select[name="change-first_dealer"]').select_option("2")
    shot(small_phone, "seats", lang)
    send(page, "change")
    expect(page.locator(".next-deal")).to_contain_text("Bene")
    saved = stored(small_phone, list_id)
    assert saved["changes"] == [{"from": 2, "players": ["Anna", "Bene", "Dora", "Chris"], "first_dealer": "Bene"}]
    # Emil dealt deal 1 and sat it out; he stays in the list with his total.
    assert saved["totals"] == {"Anna": -40, "Bene": 120, "Chris": -40, "Dora": -40, "Emil": 0}
    rows, totals = block_on_screen(page)
    assert rows == [[-40, 120, -40, -40, 0]] and sum(totals) == 0
    page = settings_page(small_phone, lang, list_id)
    expect(page.locator("ol.seating li")).to_have_count(4)
    expect(page.locator("ol.seating li").first).to_have_text("Anna")
    shot(small_phone, "seats-after", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_group_list_ending_after_n_deals_says_how_its_end_follows_a_fifth_player(
    small_phone: Phone, lang: str,
) -> None:
    request = small_phone.page.request
    made = request.post(small_phone.base_url + "/api/groups",
                        data={"name": "Stammtisch", "players": ["Anna", "Bene", "Chris", "Dora", "Emil"]})
    assert made.status == 201, made.text()
    group = made.json()
    answer = request.post(small_phone.base_url + f"/api/groups/{group['id']}/lists", headers={
        "X-Edit-Key": group["edit_key"]}, data={"rules": {"preset": "bavarian"}, "players": [
            "Anna", "Bene", "Chris", "Dora"], "deals": [], "ends": {"kind": "deals", "count": 8}})
    assert answer.status == 201, answer.text()
    list_id = answer.json()["id"]
    small_phone.open(answer.json()["edit_url"])
    page = settings_page(small_phone, lang, list_id)
    ends, group_rename = {"en": ("The list ends after 8 deals. Before the first deal", "renamed too"),
                          "de": ("Die Liste endet nach 8 Spielen. Vor dem ersten Spiel", "auch umbenannt")}[lang]
    expect(page.locator("p.hint", has_text=ends)).to_be_visible()
    expect(page.locator("p.hint", has_text=group_rename)).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert page_width(page) <= NARROW, "the settings page scrolls sideways at 200 % text"
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.locator('input[name="change-player_5"]').fill("Emil")
    shot(small_phone, "ends-fifth-player", lang)
    send(page, "change")
    assert stored(small_phone, list_id)["ends"] == {"kind": "deals", "count": 10}
    expect(page.locator("p.progress")).to_contain_text("10")
