"""The end of the evening on paper: a 32-deal list prints on one A4 page, like the Schafkopfblock."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Phone, create_list_by_api

FOUR = ["Anna", "Bene", "Chris", "Dora"]
EVENING = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    {"game": "solo", "declarer": "Bene", "points": 95, "laufende": 3, "contra": True},
    {"game": "wenz", "declarer": "Chris", "points": 40},
    {"game": "sauspiel", "declarer": "Dora", "partner": "Bene", "points": 61},
]


def list_of(deals: int) -> dict[str, Any]:
    return {"title": "Freitag im Ochsen", "rules": {"preset": "bavarian"}, "players": FOUR,
            "deals": [EVENING[n % len(EVENING)] for n in range(deals)]}


def pages_of(pdf: bytes) -> int:
    """How many pages a PDF has: its page objects (not the /Pages tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_a_32_deal_list_prints_on_one_a4_page(phone: Phone) -> None:
    list_id = create_list_by_api(phone, list_of(32))
    page = phone.open(f"/l/{list_id}/settle")
    page.get_by_role("link", name="Print", exact=True).tap()
    expect(page.get_by_role("heading", name="Freitag im Ochsen", level=1)).to_be_visible()
    expect(page.locator("table.paper-block tbody.deal")).to_have_count(32)
    expect(page.locator("svg.chart")).to_be_visible()
    expect(page.locator("ul.transfers li").first).to_be_visible()
    phone.screenshot("print-paper-screen")

    pdf = page.pdf(format="A4")
    assert pages_of(pdf) == 1
    (phone_dir := phone.screenshot("print-paper-screen").parent).mkdir(exist_ok=True)
    (phone_dir / "print-paper-32-deals.pdf").write_bytes(pdf)

    page.emulate_media(media="print")
    assert page.locator("header.bar").is_hidden()
    assert page.locator("a.crumb").is_hidden()
    phone.screenshot("print-paper-as-printed")


def test_a_long_list_runs_onto_more_pages_so_the_count_is_real(phone: Phone) -> None:
    list_id = create_list_by_api(phone, list_of(120))
    page = phone.open(f"/l/{list_id}/print")
    assert pages_of(page.pdf(format="A4")) > 1


def media_box(pdf: bytes) -> tuple[int, int]:
    """The first page's size in points, as the PDF gives it."""
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert box is not None
    return round(float(box[1])), round(float(box[2]))


@pytest.mark.parametrize(("locale", "paper", "size"), [
    ("en-US", "US Letter", (612, 792)),
    ("en-GB", "A4", (595, 842)),
    ("de-DE", "A4-Blatt", (595, 842)),
])
def test_a_list_prints_on_the_paper_of_the_phones_region(
        phone: Phone, browser: Browser, locale: str, paper: str, size: tuple[int, int]) -> None:
    list_id = create_list_by_api(phone, list_of(32))
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{phone.base_url}/l/{list_id}/print")
        expect(page.locator("p.screen-only.muted")).to_contain_text(paper)
        pdf = page.pdf(prefer_css_page_size=True)
    finally:
        context.close()
    assert media_box(pdf) == size
    assert pages_of(pdf) == 1
