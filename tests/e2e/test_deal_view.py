"""A deal's page to read on a 360 x 740 phone, in English and German: a watcher (the view
link, no edit key) taps a row of the list and sees why the deal pays what it pays; on a
finished list its editor does the same.

Words new with this page are English on the German pages until the catalog has them,
so the German runs find its links by their rel and classes, not by their words.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    NARROW, Phone, deal_row, page_width, small_targets, stored, units,
)
from tests.e2e.test_deal_ux import HEIGHT
from tests.e2e.test_table_ux import thumb
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

FOUR = ["Annemarie", "Benedikt", "Christoph", "Dorothea"]
LANGUAGES = ("en", "de")
#: A hand thrown in (Bock starts, the pot fills), a Sauspiel with Kontra under Bock, a Solo.
DEALS: list[dict[str, Any]] = [
    {"game": "passed"},
    {"game": "sauspiel", "declarer": "Annemarie", "partner": "Christoph", "points": 95,
     "laufende": 3, "contra": True},
    {"game": "solo", "declarer": "Benedikt", "points": 40},
]


@pytest.fixture
def watcher(small_phone: Phone) -> Phone:
    """A 360 x 740 phone holding no edit key (a new phone holds none); no console error, no foreign request."""
    return small_phone


def watched_list(phone: Phone, lang: str) -> str:
    """Store the list through the API, open only its view link, in a language; give its id."""
    response = phone.page.request.post(phone.base_url + "/api/lists", data={
        "title": "Stammtisch beim Wirt am Eck", "players": FOUR, "deals": DEALS,
        "rules": {"preset": "bavarian", "bock": {}, "stock": {}},
    })
    assert response.status == 201, response.text()
    list_id = str(response.json()["id"])
    phone.open(f"/lang/{lang}?next=/l/{list_id}")
    return list_id


def breakdown_on_screen(page: Page) -> dict[str, int]:
    """Each player's payout as the breakdown's split table shows it."""
    rows = page.locator("[data-breakdown-player]")
    return {str(rows.nth(i).get_attribute("data-breakdown-player")):
            units(rows.nth(i).locator("td.amount").inner_text()) for i in range(rows.count())}


def assert_fits(page: Page) -> None:
    """No sideways scrolling at 360 px, and every control big enough for a thumb."""
    assert page_width(page) <= NARROW, page_width(page)
    assert small_targets(page) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_watcher_taps_a_row_and_sees_why_the_deal_pays_that(watcher: Phone, lang: str) -> None:
    list_id = watched_list(watcher, lang)
    page = watcher.page
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("a.row-edit")).to_have_count(0)
    # A thumb on the last player's payout of deal 2, far from its number.
    thumb(page, deal_row(page, 2).locator("td.pay").last)
    expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/2$"))
    breakdown = page.locator("[data-breakdown]")
    expect(breakdown).to_be_visible()
    expect(breakdown.locator("tr.multiplier")).not_to_have_count(0)  # Kontra and Bock
    scored = stored(watcher, list_id)["deals"]
    assert breakdown_on_screen(page) == scored[1]["payouts"]
    payouts = [units(cell) for cell in page.locator(".payouts dd").all_inner_texts()]
    assert payouts == [scored[1]["payouts"][who] for who in FOUR]
    expect(page.locator(".deal-dealer")).to_contain_text(scored[1]["dealer"])
    expect(page.locator("form")).to_have_count(0)  # a page to read: nothing to change here
    assert_fits(page)
    watcher.screenshot(f"deal-view-watcher-{lang}")

    # The next deal and back, then the list.
    page.locator('a[rel="next"]').tap()
    expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/3$"))
    expect(page.locator('a[rel="next"]')).to_have_count(0)
    assert breakdown_on_screen(page) == scored[2]["payouts"]
    page.locator('a[rel="prev"]').tap()
    expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/2$"))
    page.locator(".deal-head a.button").tap()
    expect(page).to_have_url(re.compile(rf"/l/{list_id}$"))


def test_on_a_finished_list_its_editor_reads_a_deal_too(watcher: Phone) -> None:
    """The edit page of a finished list goes back to the list; a row opens the deal to read."""
    phone = watcher
    response = phone.page.request.post(phone.base_url + "/api/lists", data={
        "players": FOUR, "deals": DEALS[1:], "rules": {"preset": "bavarian"}})
    assert response.status == 201, response.text()
    made = response.json()
    phone.open(made["edit_url"])
    page = phone.page
    expect(page.locator("a.row-edit")).to_have_count(2)
    phone.open(f"/l/{made['id']}/settle")
    with page.expect_navigation():
        page.locator(f'form[action$="/l/{made["id"]}/finish"] button').tap()
    phone.open(f"/l/{made['id']}")
    expect(page.locator("a.row-edit")).to_have_count(0)
    thumb(page, deal_row(page, 1).locator("td.game"))
    expect(page).to_have_url(re.compile(rf"/l/{made['id']}/deals/1$"))
    expect(page.locator("[data-breakdown]")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile(r"^Edit deal"))).to_have_count(0)
    assert breakdown_on_screen(page) == stored(phone, made["id"])["deals"][0]["payouts"]
    assert_fits(page)
    phone.screenshot("deal-view-finished-en")


#: Each amount of the payouts at the top of the page that the page cuts: wider than its
#: own box (cut with an ellipsis), or reaching out of the screen.
CLIPPED_AMOUNTS = """
() => [...document.querySelectorAll(".payouts dd")].filter((amount) => {
  const box = amount.getBoundingClientRect();
  return amount.scrollWidth > amount.clientWidth || box.left < 0
    || box.right > document.documentElement.clientWidth;
}).map((amount) => amount.textContent.trim())
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_200_percent_text_on_320_px_the_payouts_show_every_amount_whole(watcher: Phone, lang: str) -> None:
    """Five-digit amounts (a Tout with Kontra, Re and three doubles under Bock) wrap, never cut."""
    response = watcher.page.request.post(watcher.base_url + "/api/lists", data={
        "players": FOUR, "rules": {"preset": "bavarian", "bock": {}},
        "deals": [DEALS[0], {"game": "solo", "declarer": "Benedikt", "points": 120, "schwarz": True,
                             "tout": True, "laufende": 8, "contra": True, "re": True, "doubles": 3}],
    })
    assert response.status == 201, response.text()
    list_id = str(response.json()["id"])
    page = watcher.page
    watcher.open(f"/lang/{lang}?next=/l/{list_id}/deals/2")
    page.set_viewport_size({"width": 320, "height": HEIGHT})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    amounts = [units(cell) for cell in page.locator(".payouts dd").all_inner_texts()]
    assert amounts == [stored(watcher, list_id)["deals"][1]["payouts"][who] for who in FOUR]
    assert max(abs(amount) for amount in amounts) >= 10_000
    assert page.evaluate(CLIPPED_AMOUNTS) == []
    assert page_width(page) <= 320, page_width(page)
    watcher.screenshot(f"deal-view-200pct-320px-{lang}")
