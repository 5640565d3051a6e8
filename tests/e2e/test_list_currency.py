"""A list's money on a 360 px phone: the phone's language and region choose it, every page shows it.

A Sheepshead table in Wisconsin starts its list on an American phone and
settles in dollars at a quarter a point; a German phone starts in euros; a
list kept without a currency stays in euros on any phone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    NARROW, Hand, LiveServer, Phone, Watch, create_list_by_api, list_id_of, page_width, small_targets,
)
from tests.e2e.test_accessibility import AXE, axe_violations
from tests.e2e.test_sheepshead_evening import enter

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
FOUR = FIVE[:4]
PICK = {"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 67}
SOLO = {"game": "solo", "declarer": "Anna", "points": 70}  # Anna +120, each other -40


@pytest.fixture
def phone_in(browser: Browser, live_server: LiveServer) -> Iterator[Callable[[str], Phone]]:
    """A 360 x 740 phone set to a language and region (``en-US``, ``de-DE``); clean at the end."""
    opened: list[Phone] = []

    def open_phone(locale: str) -> Phone:
        context = browser.new_context(viewport={"width": NARROW, "height": 740}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, locale=locale)
        context.set_default_timeout(30_000)
        context.add_init_script(path=str(AXE))  # axe in every page, as the accessibility test has it
        page = context.new_page()
        watch = Watch(urlsplit(live_server.url).netloc)
        watch.attach(page)
        phone = Phone(context, page, watch, live_server.url)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.context.close()
        phone.watch.assert_clean()


def fits(page: Page, name: str) -> None:
    """The page fits 360 px, its targets are 44 px, and axe finds nothing serious."""
    assert page_width(page) <= NARROW, name
    assert small_targets(page) == [], name
    page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
    assert axe_violations(page) == [], name


def test_a_sheepshead_list_made_on_an_american_phone_settles_in_dollars(phone_in: Callable[[str], Phone]) -> None:
    phone = phone_in("en-US")
    page = phone.open("/new?family=sheepshead")
    currency = page.get_by_label("Currency", exact=True)
    # Shown chosen before the list starts: dollars, at the family's quarter a point.
    expect(currency).to_have_value("USD")
    expect(currency.locator("option:checked")).to_have_text("Dollar ($)")
    expect(page.get_by_label("Cents per point", exact=True)).to_have_value("25")
    # Beside "Cents per point", on the same line: no screen more on the phone.
    beside = [page.locator(f"label[for={name}]").bounding_box() for name in ("currency", "point_value")]
    assert beside[0] and beside[1] and abs(beside[0]["y"] - beside[1]["y"]) < 2, beside
    assert beside[0]["x"] < beside[1]["x"], beside
    fits(page, "new list, en-US")
    phone.screenshot("currency-new-list-en-US")
    for seat, name in enumerate(FIVE, start=1):
        page.get_by_label(f"Player {seat}" if seat <= 4 else f"Player {seat} (optional)", exact=True).fill(name)
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_text("Emil deals, Anna leads.")).to_be_visible()

    hand = Hand(page)
    hand.new_deal()
    enter(hand, PICK)
    expect(page.get_by_role("status").first).to_have_text("Deal 1 saved.")
    # Each total in dollars beside its points.
    money = page.locator("section.totals .money")
    expect(money).to_have_count(5)
    assert all(re.fullmatch(r"· [+\u2212]\$\d+\.\d\d", text) for text in money.all_inner_texts()), \
        money.all_inner_texts()
    fits(page, "list, en-US")
    phone.screenshot("currency-list-en-US")

    page.get_by_role("link", name="Settle up").tap()
    expect(page.get_by_text("$0.25 per point")).to_be_visible()
    transfers = page.locator("ul.transfers li").all_inner_texts()
    assert transfers and all(re.search(r" pays \w+ \$\d+\.\d\d$", t) for t in transfers), transfers
    assert "€" not in page.locator("main").inner_text()
    fits(page, "settle, en-US")
    phone.screenshot("currency-settle-en-US")

    page.get_by_role("link", name="Print").tap()
    expect(page.get_by_text(re.compile(r"\$0\.25 per point"))).to_be_visible()
    assert "€" not in page.locator("main").inner_text()


def test_a_list_made_on_a_german_phone_settles_in_euros(phone_in: Callable[[str], Phone]) -> None:
    phone = phone_in("de-DE")
    page = phone.open("/new?family=bavarian")
    currency = page.get_by_label("Währung", exact=True)
    expect(currency).to_have_value("EUR")
    expect(currency.locator("option:checked")).to_have_text("Euro (€)")
    fits(page, "new list, de-DE")
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Spieler {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Liste anfangen").tap()
    expect(page).to_have_url(re.compile(r"/l/[\w-]+$"))
    list_id = list_id_of(page)
    page = phone.open(f"/l/{list_id}/settle")
    expect(page.get_by_text("0,01\u00a0€ pro Punkt")).to_be_visible()
    assert "$" not in page.locator("main").inner_text()


def test_a_list_made_without_a_currency_stays_in_euros_on_an_american_phone(
    phone_in: Callable[[str], Phone],
) -> None:
    phone = phone_in("en-US")
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian", "point_value": 10},
                                         "players": FOUR, "deals": [SOLO]})
    page = phone.page
    expect(page.locator("section.totals .money")).to_have_text(["· +€12.00", "· \u2212€4.00", "· \u2212€4.00", "· \u2212€4.00"])
    page = phone.open(f"/l/{list_id}/settle")
    expect(page.locator("ul.transfers li")).to_have_text(
        ["Bene pays Anna €4.00", "Chris pays Anna €4.00", "Dora pays Anna €4.00"])


def test_a_list_in_points_only_shows_no_money_anywhere(phone_in: Callable[[str], Phone]) -> None:
    phone = phone_in("en-US")
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian", "point_value": 10},
                                         "players": FOUR, "deals": [SOLO], "currency": "points"})
    page = phone.page
    expect(page.locator("section.totals .amount")).to_have_text(["+120", "\u221240", "\u221240", "\u221240"])
    expect(page.locator("section.totals .money")).to_have_count(0)
    for path in (f"/l/{list_id}/settle", f"/l/{list_id}/print"):
        page = phone.open(path)
        expect(page.locator("ul.transfers li").first).to_have_text("Bene pays Anna 40 points")
        assert not re.search(r"[€$£]|CHF|per point", page.locator("main").inner_text()), path
        fits(page, path)
