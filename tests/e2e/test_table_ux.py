"""The deals table at the table, on a 360 px phone in German and English.

Every player's column in sight, a row that says what the deal was, the whole
row opening the deal, the newest deal first, numbers that read the same on
every page, and a CSV a German spreadsheet opens in columns. Each test saves
screenshots in tests/e2e/screenshots/ (table-ux-*.png).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import (
    NARROW, LiveServer, Phone, block_on_screen, create_list_by_api, deal_row, new_phone, small_targets,
)
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

LANGUAGES = ("en", "de")
#: Long names: a short column heading must still tell them apart.
FOUR = ["Annemarie", "Benedikt", "Christoph", "Dorothea"]
FIVE = [*FOUR, "Emmeran"]
SIX = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Franziska"]

#: A Bavarian evening with what made rows unreadable: long game names, modifiers, big amounts.
BAVARIAN_DEALS: list[dict[str, Any]] = [
    {"game": "sauspiel", "declarer": "Annemarie", "partner": "Christoph", "points": 72, "contra": True},
    {"game": "sauspiel", "declarer": "Benedikt", "partner": "Dorothea", "points": 72, "doubles": 2},
    {"game": "wenz", "declarer": "Christoph", "points": 80, "contra": True, "re": True, "laufende": 3},
    {"game": "passed"},
    {"game": "solo", "declarer": "Dorothea", "points": 120, "schwarz": True, "tout": True,
     "laufende": 8, "contra": True, "re": True, "doubles": 2},
]
LISTS: dict[str, dict[str, Any]] = {
    "bavarian-4": {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": BAVARIAN_DEALS},
    "bavarian-5": {"rules": {"preset": "bavarian"}, "players": FIVE, "deals": BAVARIAN_DEALS[:4]},
    "german-4": {"rules": {"preset": "german"}, "players": FOUR, "deals": [
        {"game": "normal", "declarer": "Annemarie", "points": 75}, {"game": "passed"},
        {"game": "normal", "declarer": "Benedikt", "points": 30},
    ]},
    "sheepshead-6": {"rules": {"preset": "sheepshead"}, "players": SIX, "deals": [
        {"game": "pick", "declarer": "Benedikt", "partner": "Emmeran", "points": 70, "crack": True},
        # Annemarie deals and sits out.
        {"game": "leaster", "points": {"Benedikt": 30, "Christoph": 10, "Dorothea": 40,
                                       "Emmeran": 20, "Franziska": 20}},
        {"game": "pick", "declarer": "Franziska", "points": 100, "blitz": 2},
    ]},
}


@pytest.fixture
def narrow(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 px phone (640 CSS px tall); it must end with no console error or foreign request."""
    phone = new_phone(browser, live_server, width=NARROW)
    phone.page.set_viewport_size({"width": NARROW, "height": 740})
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


def open_list(phone: Phone, document: dict[str, Any], lang: str) -> str:
    """Store a list, hold its edit key, and show it in a language; give its id."""
    list_id = create_list_by_api(phone, document)
    phone.open(f"/lang/{lang}?next=/l/{list_id}")
    return list_id


def overflow(page: Page) -> dict[str, Any]:
    """How wide the deals table is in its box, and where each player's heading and sum end."""
    return dict(page.evaluate("""() => {
        const wrap = document.querySelector("section.deals .table-wrap");
        const right = (sel) => [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect().right);
        return {scroll: wrap.scrollWidth, client: wrap.clientWidth, page: document.documentElement.scrollWidth,
                heads: right("table.block thead th.pay"), sums: right("table.block tfoot td.pay")};
    }"""))


def thumb(page: Page, target: Locator) -> None:
    """Tap where a cell is on the screen, as a thumb does: whatever lies on top takes the tap."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def deal_numbers(page: Page) -> list[int]:
    """The deals' numbers, top to bottom, as the table shows them."""
    return [int(n) for n in page.locator("table.block tbody th.num").evaluate_all(
        "(cells) => cells.map((c) => c.id.replace('deal-', ''))")]


# -- 1. every player in sight --------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(LISTS))
def test_every_players_column_and_sum_is_in_sight_at_360_px(narrow: Phone, name: str, lang: str) -> None:
    document = LISTS[name]
    open_list(narrow, document, lang)
    page = narrow.page
    players = len(document["players"])
    expect(page.locator("table.block thead th.pay")).to_have_count(players)
    page.locator("table.block").scroll_into_view_if_needed()
    narrow.screenshot(f"table-ux-1-{name}-{lang}")
    measured = overflow(page)
    assert measured["scroll"] <= measured["client"] + 1, f"the table scrolls sideways: {measured}"
    assert measured["page"] <= NARROW, measured
    assert len(measured["sums"]) == players
    assert max(measured["heads"] + measured["sums"]) <= NARROW, measured
    # Each deal's payouts are under the names, each deal's summary above them.
    rows, totals = block_on_screen(page)
    assert len(rows) == len(document["deals"]) and all(len(row) == players for row in rows)
    assert sum(totals) == 0


# -- 2. a row says what the deal was ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_row_sums_up_its_deal_in_the_games_own_words(narrow: Phone, lang: str) -> None:
    open_list(narrow, LISTS["bavarian-4"], lang)
    page = narrow.page
    summary = page.locator("table.block tbody .game-name")
    # The newest first: the Solo Tout, the thrown-in hand, the Wenz, the doubled and the Kontra Sauspiel.
    expect(summary).to_have_text([
        "Solo 120 · Schwarz · 8 L · K · Re · Tout · 2×",
        "Thrown in" if lang == "en" else "Zusammengeworfen",
        "Wenz 80 · 3 L · K · Re",
        "Sau 72 · 2×",
        "Sau 72 · K",
    ])
    expect(deal_row(page, 1).locator(".declarer")).to_have_text("Annemarie+Christoph")
    page.locator("table.block").scroll_into_view_if_needed()
    narrow.screenshot(f"table-ux-2-summaries-{lang}")


def test_a_sheepshead_row_names_the_picker_the_crack_the_blitz_and_every_leaster_score(narrow: Phone) -> None:
    open_list(narrow, LISTS["sheepshead-6"], "en")
    summary = narrow.page.locator("table.block tbody .game-name")
    # 100 points: won schneider, which the row says (a pick's tier 2).
    expect(summary).to_have_text(["Pick 100 · Schneider · Blitz ×2", "Leaster \u2013/30/10/40/20/20", "Pick 70 · Crack"])
    expect(deal_row(narrow.page, 3).locator(".declarer")).to_have_text("Franziska alone")


# -- 3. the whole row opens the deal ----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tapping_anywhere_on_a_row_opens_its_deal(narrow: Phone, lang: str) -> None:
    list_id = open_list(narrow, LISTS["bavarian-4"], lang)
    page = narrow.page
    edit = "Edit deal 2" if lang == "en" else None
    if edit:
        expect(page.get_by_role("link", name=edit, exact=True)).to_have_count(1)
    # A thumb on the last player's payout, far from the number.
    thumb(page, deal_row(page, 2).locator("td.pay").last)
    expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/2/edit$"))
    narrow.screenshot(f"table-ux-3-opened-{lang}")
    page.go_back()
    # On the summary line too.
    thumb(page, deal_row(page, 3).locator("td.game"))
    expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/3/edit$"))
    page.go_back()
    # The keyboard reaches the same link: Tab onto it, Enter opens the deal.
    link = page.locator("#deal-4 a.row-edit")
    link.focus()
    page.locator("table.block").scroll_into_view_if_needed()
    narrow.screenshot(f"table-ux-3-focused-{lang}")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/4/edit$"))
    page.go_back()
    assert small_targets(page) == []


def test_a_watching_phone_taps_a_row_to_read_the_deal_not_to_edit_it(
    narrow: Phone, browser: Browser, live_server: LiveServer,
) -> None:
    list_id = open_list(narrow, LISTS["bavarian-4"], "en")
    watcher = new_phone(browser, live_server, width=NARROW)
    try:
        watcher.open(f"/l/{list_id}")
        page = watcher.page
        expect(page.locator("table.block tbody.deal")).to_have_count(len(BAVARIAN_DEALS))
        expect(page.get_by_role("link", name=re.compile(r"^Edit deal"))).to_have_count(0)
        thumb(page, deal_row(page, 2).locator("td.pay").last)
        expect(page).to_have_url(re.compile(rf"/l/{list_id}/deals/2$"))
        expect(page.get_by_role("heading", name="Deal 2", exact=True)).to_be_visible()
        watcher.watch.assert_clean()
    finally:
        watcher.context.close()


# -- 4. the newest deal first ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_fourteen_deals_the_newest_is_the_first_row(narrow: Phone, lang: str) -> None:
    deals = [
        {"game": "sauspiel", "declarer": FOUR[i % 4], "partner": FOUR[(i + 2) % 4], "points": 61 + i}
        for i in range(14)
    ]
    open_list(narrow, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": deals}, lang)
    page = narrow.page
    assert deal_numbers(page) == list(range(14, 0, -1))
    newest = deal_row(page, 14)
    expect(newest.locator(".game-name")).to_have_text("Sau 74")
    # From the top of the page, the newest deal is one short scroll away, not 1.5 screens.
    top = newest.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")
    assert top < 740 * 1.25, top
    newest.scroll_into_view_if_needed()
    narrow.screenshot(f"table-ux-4-newest-first-{lang}")


# -- 10. numbers read the same everywhere ------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_read_the_same_on_the_list_and_the_settle_page(narrow: Phone, lang: str) -> None:
    deals = [
        {"game": "sauspiel", "declarer": "Annemarie", "partner": "Christoph", "points": 72},
        {"game": "solo", "declarer": "Benedikt", "points": 70},
        {"game": "passed"},
    ]
    list_id = open_list(narrow, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": deals}, lang)
    page = narrow.page
    progress = page.locator(".progress")
    # Three deals played: no "Deal 4" / "Spiel 4" that reads as four.
    expect(progress).to_contain_text("3")
    expect(progress).not_to_contain_text("4")
    totals = page.locator("section.totals .amount")
    expect(totals).to_have_text(["\u221220", "+100", "\u221220", "\u221260"])
    narrow.open(f"/l/{list_id}/settle")
    heading = page.locator("section.card h2").first
    expect(heading).not_to_have_text("Endstand")
    amounts = page.locator("section.card .total-list .amount")
    if lang == "en":
        expect(heading).to_have_text("Balances so far")
        expect(amounts).to_have_text(["\u2212€0.20", "+€1.00", "\u2212€0.20", "\u2212€0.60"])
    else:
        expect(amounts).to_have_text(["\u22120,20\u00a0€", "+1,00\u00a0€", "\u22120,20\u00a0€", "\u22120,60\u00a0€"])
    narrow.screenshot(f"table-ux-10-settle-{lang}")


def test_a_total_of_zero_shows_as_0_in_the_totals_and_the_tables_foot(narrow: Phone) -> None:
    open_list(narrow, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [{"game": "passed"}]}, "de")
    page = narrow.page
    expect(narrow.page.locator("section.totals .amount")).to_have_text(["0", "0", "0", "0"])
    expect(page.locator("table.block tfoot td.pay")).to_have_text(["0", "0", "0", "0"])
    narrow.screenshot("table-ux-10-zero-de")


# -- 15. the CSV in the list's language -----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_csv_is_in_the_pages_language_with_its_separator_and_every_detail(narrow: Phone, lang: str) -> None:
    open_list(narrow, LISTS["bavarian-4"], lang)
    page = narrow.page
    href = page.get_by_role("link", name="CSV", exact=True).get_attribute("href")
    response = page.request.get(narrow.base_url + str(href))
    assert response.ok
    body = response.body().decode("utf-8-sig")
    separator = ";" if lang == "de" else ","
    rows = list(csv.reader(io.StringIO(body), delimiter=separator))
    head = rows[0]
    assert len(head) > 10 and all(len(row) == len(head) for row in rows)
    if lang == "de":
        assert head[1:3] == ["Geber", "Spiel"]
        assert "Zusammengeworfen" in body and "Summe" in body
    else:
        assert head[1:4] == ["Dealer", "Game", "Summary"]
        assert "Thrown in" in body
    wenz = rows[3]
    assert "Wenz 80 · 3 L · K · Re" in wenz
    assert wenz[head.index("Laufende")] == "3"
    # Money in the locale's own way of writing numbers: 0,40 or 0.40.
    money = rows[-1][-4:]
    assert all(re.fullmatch(r"-?\d+" + ("," if lang == "de" else r"\.") + r"\d\d", m) for m in money), money
