"""Scenario 5: a second phone follows the list through its view link and cannot change it."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Hand, Phone, block_on_screen, create_list_by_api

FOUR = ["Anna", "Bene", "Chris", "Dora"]


def enter(page: Page, number: int, declarer: str, partner: str, points: int) -> None:
    """A Sauspiel from the list page."""
    hand = Hand(page)
    hand.new_deal()
    hand.enter({"game": "sauspiel", "declarer": declarer, "partner": partner, "points": points})
    expect(page.get_by_role("status").first).to_have_text(f"Deal {number} saved.")


def assert_nothing_to_change(page: Page) -> None:
    """No button, form or link on the page changes the list (copy and share buttons may be there)."""
    expect(page.locator("form[method=post]")).to_have_count(0)
    expect(page.locator("button:not([type=button])")).to_have_count(0)
    # A row opens its deal to read (/deals/N): no link to a new deal, to edit or delete one.
    expect(page.locator("a[href$='/deals/new'], a[href$='/edit'], a[href*='/delete'], a[href*='key=']")
           ).to_have_count(0)


def test_the_view_link_on_a_second_phone_shows_new_deals_and_offers_no_way_to_change_anything(
    phone: Phone, second_phone: Phone,
) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.page
    enter(page, 1, "Anna", "Chris", 72)

    page.get_by_role("link", name="Share", exact=True).tap()
    view = page.locator("section.share", has=page.get_by_role("heading", name="View link"))
    expect(view.get_by_role("img", name="QR code of the view link")).to_be_visible()
    view_link = view.locator(".link a").get_attribute("href") or ""
    assert view_link.endswith(f"/l/{list_id}") and "key=" not in view_link, view_link
    phone.screenshot("share")

    watcher = second_phone.page
    second_phone.open(view_link.removeprefix(phone.base_url))
    expect(watcher.get_by_text("You are watching this list.")).to_be_visible()
    rows, _totals = block_on_screen(watcher)
    assert rows == [[20, -20, 20, -20]]
    expect(watcher.get_by_role("link", name="New deal")).to_have_count(0)
    expect(watcher.get_by_role("button", name="Undo last deal")).to_have_count(0)
    expect(watcher.get_by_role("link", name=re.compile(r"^Edit deal"))).to_have_count(0)
    assert_nothing_to_change(watcher)
    second_phone.screenshot("view-only")

    # The first phone enters a deal; the watching phone shows it without a tap
    # and without a reload (a reload would forget this mark on its window).
    watcher.evaluate("window.stillTheSamePage = true")
    page.get_by_role("link", name="Back to the list").tap()
    enter(page, 2, "Bene", "Dora", 40)
    expect(watcher.locator("table.block tbody.deal")).to_have_count(2, timeout=15_000)
    assert watcher.evaluate("window.stillTheSamePage") is True
    rows, totals = block_on_screen(watcher)
    assert rows == [[20, -20, 20, -20], [20, -20, 20, -20]]
    assert totals == [40, -40, 40, -40]
    assert_nothing_to_change(watcher)

    # Settle and share offer nothing to change either: no finish, no edit link.
    watcher.get_by_role("link", name="Settle up").tap()
    expect(watcher.get_by_role("heading", name="Who pays whom")).to_be_visible()
    expect(watcher.get_by_role("button", name="Finish the list")).to_have_count(0)
    assert_nothing_to_change(watcher)
    second_phone.open(f"/l/{list_id}/share")
    expect(watcher.get_by_role("heading", name="View link")).to_be_visible()
    expect(watcher.get_by_role("heading", name="Edit link")).to_have_count(0)
    assert_nothing_to_change(watcher)

    # And the server refuses the watching phone's changes even when asked directly.
    new_deal = watcher.request.get(f"{second_phone.base_url}/l/{list_id}/deals/new")
    assert new_deal.status == 403
    api = watcher.request.post(
        f"{second_phone.base_url}/api/lists/{list_id}/deals",
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 80},
    )
    assert api.status == 403
