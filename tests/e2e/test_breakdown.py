"""Why this payout, on a 360 x 740 phone, in English and German: the preview's
line beside Save, Save kept in view however long the line; the deal's page in full; the
settle page's accounts, folded until tapped.

Words the catalog does not have yet are English on the German pages,
so the German runs find things by their roles and data attributes, and check the
line by its numbers and the Bavarian words, which are the same in both languages.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import NARROW, Phone, create_list_by_api, page_width
from tests.e2e.test_deal_ux import radio, screen, speak
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

FOUR = ["Anna", "Bene", "Chris", "Dora"]
LANGUAGES = ("en", "de")
KONTRA_LINE = "Sauspiel 20 + Schneider 10 + 3 Laufende 15 = 45 · Kontra ×2 = 90"


def bock_and_stock(phone: Phone, *deals: dict[str, Any]) -> str:
    """A Bavarian list with Bock and the Stock: a hand thrown in (Bock starts, the pot fills), then these."""
    return create_list_by_api(phone, {"rules": {"preset": "bavarian", "bock": {}, "stock": {}}, "players": FOUR,
                                      "deals": [{"game": "passed"}, *deals]})


def inside_the_screen(page: Page, locator: Locator) -> dict[str, float]:
    """The element's box, asserted to lie wholly inside the viewport."""
    box = locator.bounding_box()
    assert box is not None
    viewport = page.viewport_size
    assert viewport is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1, box
    return box


def assert_line_beside_save(page: Page) -> None:
    """The line shows in the Save bar, within two lines, and Save is wholly on screen."""
    line = page.locator("[data-line-explained]")
    expect(line).to_be_visible()
    line_box = inside_the_screen(page, line)
    bar = page.locator(".deal-actions").bounding_box()
    assert bar is not None and bar["y"] - 1 <= line_box["y"] <= bar["y"] + bar["height"]
    line_height = float(line.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight)"))
    assert line_box["height"] <= 2 * line_height + 1, f"more than two lines: {line_box}"
    save = inside_the_screen(page, page.locator(".deal-actions button.primary"))
    assert page_width(page) <= NARROW
    print(f"Save bar {bar['height']:.0f} px of {page.viewport_size['height']}, the line {line_box['height']:.0f} px, "
          f"Save at y {save['y']:.0f}-{save['y'] + save['height']:.0f}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_preview_s_line_shows_beside_save_and_follows_the_fields(small_phone: Phone, lang: str) -> None:
    list_id = create_list_by_api(small_phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = speak(small_phone, lang, f"/l/{list_id}/deals/new")
    expect(page.locator("[data-line-explained]")).to_be_hidden()
    radio(page, "game", "sauspiel").tap()
    radio(page, "declarer", "Anna").tap()
    radio(page, "partner", "Chris").tap()
    page.locator("#points").fill("72")
    expect(page.locator("[data-line-explained]")).to_have_text(
        "Sauspiel 20 each" if lang == "en" else re.compile(r"^Sauspiel\s20\s\S"))
    assert_line_beside_save(page)

    # Schneider, 3 Laufende and Kontra: the line follows each change.
    page.locator("#points").fill("95")
    page.locator("select[data-laufende]").select_option("3")
    page.locator('input[name="contra"]').check()
    line = page.locator("[data-line-explained]")
    expect(line).to_contain_text(KONTRA_LINE)
    expect(page.locator("[data-preview-explained]")).to_have_text(line.inner_text())
    if lang == "en":
        expect(line).to_have_text(KONTRA_LINE + " each")
    assert_line_beside_save(page)
    screen(page, f"breakdown-preview-beside-save-{lang}")

    # A refused deal: no line, the reason instead.
    page.locator("#points").fill("130")
    expect(line).to_be_hidden()
    expect(page.locator("[data-line-message]")).to_be_visible()


def long_solo(phone: Phone, lang: str) -> Page:
    """A new deal form with a Solo of long line: Tout, schwarz, Kontra, Re, three doubled."""
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = speak(phone, lang, f"/l/{list_id}/deals/new")
    radio(page, "game", "solo").tap()
    radio(page, "declarer", "Bene").tap()
    page.locator("#points").fill("120")
    for toggle in ("schwarz", "contra", "re", "tout"):
        page.locator(f'input[name="{toggle}"]').check()
    radio(page, "doubles", "3").tap()
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_line_is_cut_to_two_lines_beside_save_and_whole_in_the_card(
    small_phone: Phone, lang: str
) -> None:
    page = long_solo(small_phone, lang)
    page.locator("select[data-laufende]").select_option("8")
    card = page.locator("[data-preview-explained]")
    expect(card).to_contain_text("Solo 40 + 8 Laufende 40 = 80 · Tout ×2 · Kontra ×2 · Re ×2")
    expect(card).to_contain_text("×8 = 5120")
    assert_line_beside_save(page)
    # Beside Save the line is cut; the card above has it whole, and so has its title.
    line = page.locator("[data-line-explained]")
    assert line.evaluate("(el) => el.scrollHeight > el.clientHeight + 1"), "the long line was not cut"
    assert line.get_attribute("title") == card.inner_text()
    screen(page, f"breakdown-long-line-{lang}")
    # At 200 % text Save still shows whole and nothing scrolls sideways.
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert_line_beside_save(page)
    screen(page, f"breakdown-long-line-200pct-{lang}")


#: Each word with its multiplier in an element's text (``Kontra ×2``), with the number of
#: lines it stands on; and the number of lines of the whole text.
LINES_OF_MULTIPLIERS = """
(el) => {
  const text = el.firstChild;
  const lines = (range) => new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  const found = [];
  for (const m of text.data.matchAll(/\\S+[ \\u00a0]×\\d+/g)) {
    const range = document.createRange();
    range.setStart(text, m.index);
    range.setEnd(text, m.index + m[0].length);
    found.push([m[0].replace("\\u00a0", " "), lines(range)]);
  }
  const all = document.createRange();
  all.selectNodeContents(el);
  return {found: found, lines: lines(all)};
}
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_s_line_wraps_between_terms_and_keeps_kontra_with_its_x2_at_200_percent(
    small_phone: Phone, lang: str
) -> None:
    page = long_solo(small_phone, lang)
    card = page.locator("[data-preview-explained]")
    expect(card).to_contain_text("×8 = 2560")
    page.set_viewport_size({"width": 320, "height": 640})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    measured = card.evaluate(LINES_OF_MULTIPLIERS)
    assert measured["lines"] > 3, "the line does not wrap"
    assert {word for word, _ in measured["found"]} >= {"Tout ×2", "Kontra ×2", "Re ×2"}
    assert [(word, lines) for word, lines in measured["found"] if lines != 1] == []
    assert page_width(page) <= 320


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tap_on_a_row_reaches_the_deal_s_breakdown_in_full(small_phone: Phone, lang: str) -> None:
    list_id = bock_and_stock(small_phone, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris",
                                           "points": 95, "laufende": 3, "contra": True})
    page = speak(small_phone, lang, f"/l/{list_id}")
    page.locator('a.row-edit[href$="/deals/2/edit"]').tap()
    section = page.locator("[data-breakdown]")
    expect(section).to_be_visible()
    steps = section.locator(".breakdown-steps tr")
    expect(steps).to_have_count(7)
    expect(steps.nth(0)).to_contain_text("Sauspiel")
    expect(steps.nth(1)).to_contain_text("Schneider")
    expect(steps.nth(2)).to_contain_text("3 Laufende")
    expect(steps.nth(3)).to_contain_text("= 45")
    expect(steps.nth(4)).to_contain_text("Kontra")
    expect(steps.nth(5)).to_contain_text("Bock")
    expect(steps.nth(6)).to_contain_text("= 180")
    anna = section.locator('[data-breakdown-player="Anna"]')
    expect(anna).to_contain_text("+1 × 180")
    expect(anna.locator(".amount")).to_have_text("+220")
    expect(section.locator('[data-breakdown-player="Bene"] .amount')).to_have_text("\u2212180")
    expect(section.locator(".breakdown-stock")).to_contain_text("80")
    assert page_width(page) <= NARROW
    screen(page, f"breakdown-deal-page-{lang}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settle_page_folds_each_total_and_opens_it_on_a_tap(small_phone: Phone, lang: str) -> None:
    list_id = bock_and_stock(small_phone, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
                             {"game": "solo", "declarer": "Bene", "points": 40})
    page = speak(small_phone, lang, f"/l/{list_id}/settle")
    folds = page.locator("details.account")
    expect(folds).to_have_count(4)
    assert folds.evaluate_all("(all) => all.every((d) => !d.open)")
    anna = page.locator('details.account[data-account="Anna"]')
    expect(anna.locator("table")).to_be_hidden()
    anna.locator("summary").tap()
    expect(anna.locator("table")).to_be_visible()
    expect(anna.locator('[data-part="bock"]')).to_be_visible()
    expect(anna.locator('[data-part="stock"]')).to_have_count(2)
    summary = anna.locator("summary").bounding_box()
    assert summary is not None and summary["height"] >= 44
    assert page_width(page) <= NARROW
    anna.scroll_into_view_if_needed()
    screen(page, f"breakdown-settle-account-{lang}")
