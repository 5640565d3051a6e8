"""The running totals' chart says what its shaded band is: the deals played under Bock."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import NARROW, Phone
from tests.e2e.test_accessibility import axe_violations, sideways
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

FOUR = ["Anna", "Bene", "Chris", "Dora"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Shaded: deals under Bock"), ("de", "Schattiert: Spiele unter Bock"),
])
def test_the_bock_band_has_its_line_in_the_legend(phone: Phone, lang: str, words: str) -> None:
    made = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian", "bock": {}}, "players": FOUR,
        "deals": [{"game": "passed"}, SAUSPIEL, SAUSPIEL]}).json()
    phone.open(f"/lang/{lang}?next={quote(made['edit_url'], safe='/?=&')}")
    page = phone.page
    page.locator("details.chart-card summary").tap()
    expect(page.locator("details.chart-card rect.bock-band")).to_have_count(2)
    band = page.locator("details.chart-card .legend li.band")
    expect(band).to_have_text(words)
    expect(band.locator(".band-swatch")).to_be_visible()
    assert axe_violations(page) == []
    assert sideways(page, NARROW, "the list with its chart") == []
    phone.screenshot(f"chart-bock-legend-{lang}")


@pytest.mark.parametrize(("lang", "cards"), [("en", ("Chart", "Statistics")), ("de", ("Verlauf", "Statistik"))])
def test_each_folded_card_has_its_marker_on_the_line_of_its_heading(
    phone: Phone, lang: str, cards: tuple[str, str],
) -> None:
    made = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian"}, "players": FOUR, "deals": [SAUSPIEL, SAUSPIEL]}).json()
    phone.open(f"/lang/{lang}?next={quote(made['edit_url'], safe='/?=&')}")
    page = phone.page
    for selector, heading in zip(("details.chart-card", "details.stats-card"), cards):
        summary = page.locator(f"{selector} > summary")
        expect(summary.get_by_role("heading", name=heading)).to_be_visible()
        marker = summary.evaluate("s => getComputedStyle(s, '::before').content")
        assert marker == '"▸"', (heading, marker)
        # The marker and the heading share one line: the summary is no taller than a tap target.
        box, title = summary.bounding_box(), summary.get_by_role("heading").bounding_box()
        assert box is not None and title is not None and box["height"] < 2 * title["height"] + 24, heading
        summary.tap()
        assert summary.evaluate("s => getComputedStyle(s, '::before').content") == '"▾"', heading
    assert axe_violations(page) == []
    phone.screenshot(f"folded-cards-{lang}")
