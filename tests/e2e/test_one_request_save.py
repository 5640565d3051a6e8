"""A save is one request; without scripts the form works the old way."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    PHONE, Hand, LiveServer, Phone, block_on_screen, create_list_by_api, stored, totals_on_screen,
)

FOUR = ["Anna", "Bene", "Chris", "Dora"]
SOLO = {"game": "solo", "declarer": "Bene", "points": 80}


class Requests:
    """The requests a page makes while counting."""

    def __init__(self, page: Page) -> None:
        self.seen: list[str] = []
        self.counting = False
        page.on("request", self._request)

    def _request(self, request: Any) -> None:
        # A fingerprinted asset (the icon, looked at again when a save puts the list's
        # address in the address bar) is kept for a year, immutable: the browser's copy
        # answers it, it asks the server nothing.
        if self.counting and not re.search(r"/static/[^?]+\?v=", request.url):
            self.seen.append(f"{request.method} {request.url}")

    def start(self) -> None:
        """Count from now."""
        self.seen, self.counting = [], True

    def stop(self) -> list[str]:
        """Stop counting; the requests since ``start``."""
        self.counting = False
        return self.seen


def sauspiel(hand: Hand, declarer: str, partner: str, points: int) -> None:
    """Enter a Sauspiel on the open form (without saving)."""
    hand.radio("Game", "Sauspiel")
    hand.radio("Declarer", declarer)
    hand.radio("Partner (called ace)", partner)
    hand.points(points)


def test_a_save_is_one_request_and_shows_the_new_totals(phone: Phone) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR,
                                         "deals": [SOLO] * 3})
    page = phone.page
    counted = Requests(page)
    for number, (declarer, partner) in enumerate((("Anna", "Chris"), ("Dora", "Bene")), start=4):
        hand = Hand(page)
        hand.new_deal()
        sauspiel(hand, declarer, partner, 72)
        expect(page.locator('[data-payout="Anna"]')).not_to_have_text("–")  # the preview answered
        counted.start()
        hand.save()
        expect(page.get_by_role("status").first).to_have_text(f"Deal {number} saved.")
        sent = counted.stop()
        assert sent == [f"POST {phone.base_url}/l/{list_id}/deals/new"], sent
        kept = stored(phone, list_id)
        assert len(kept["deals"]) == number
        assert totals_on_screen(page) == kept["totals"]
        rows, totals = block_on_screen(page)
        assert rows == [[d["payouts"][who] for who in FOUR] for d in kept["deals"]]
        assert totals == [kept["totals"][who] for who in FOUR]
    phone.screenshot("one-request-save")
    # The message's Undo takes the deal out again, as after a save the old way.
    page.get_by_role("button", name="Undo", exact=True).tap()
    expect(page.get_by_role("status").first).to_contain_text("Deal 5 undone.")
    assert len(stored(phone, list_id)["deals"]) == 4


def test_after_a_save_the_address_is_the_list_s_so_a_reload_shows_the_list(phone: Phone) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [SOLO]})
    page = phone.page
    list_url = f"{phone.base_url}/l/{list_id}"
    hand = Hand(page)
    hand.new_deal()
    expect(page).to_have_url(f"{list_url}/deals/new")
    sauspiel(hand, "Anna", "Chris", 72)
    entries = page.evaluate("history.length")
    hand.save()
    expect(page.get_by_role("status").first).to_have_text("Deal 2 saved.")
    # The address replaced, not added: Back leaves the list for the page before the form.
    expect(page).to_have_url(list_url)
    assert page.evaluate("history.length") == entries
    page.reload()
    expect(page).to_have_url(list_url)
    expect(page.locator("form.deal-form")).to_have_count(0)
    assert totals_on_screen(page) == stored(phone, list_id)["totals"]
    page.go_back()
    expect(page).to_have_url(list_url)


def test_after_a_save_the_chart_and_statistics_open_in_place(phone: Phone) -> None:
    create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [SOLO]})
    page = phone.page
    hand = Hand(page)
    hand.new_deal()
    sauspiel(hand, "Anna", "Chris", 72)
    hand.save()
    expect(page.get_by_role("status").first).to_have_text("Deal 2 saved.")
    page.locator("details.chart-card summary").tap()
    expect(page.locator("details.chart-card svg.chart polyline")).to_have_count(4)
    page.locator("details.stats-card summary").tap()
    expect(page.locator("details.stats-card table.stats")).to_be_visible()


def test_a_refused_save_shows_the_reason_at_the_field_and_stores_nothing(phone: Phone) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.page
    hand = Hand(page)
    hand.new_deal()
    sauspiel(hand, "Anna", "Chris", 130)
    hand.save()
    expect(page.locator("#field-points .field-error")).to_contain_text("120")
    assert stored(phone, list_id)["deals"] == []
    hand.points(72)
    hand.save()
    expect(page.get_by_role("status").first).to_have_text("Deal 1 saved.")
    assert len(stored(phone, list_id)["deals"]) == 1


def test_without_scripts_the_form_saves_the_old_way(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB",
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        phone = Phone(context, page, None, live_server.url)  # type: ignore[arg-type]
        list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
        counted = Requests(page)
        hand = Hand(page)
        hand.new_deal()
        sauspiel(hand, "Anna", "Chris", 72)
        counted.start()
        hand.save()
        expect(page.get_by_role("status").first).to_have_text("Deal 1 saved.")
        sent = counted.stop()
        assert sent[:2] == [f"POST {live_server.url}/l/{list_id}/deals/new",
                            f"GET {live_server.url}/l/{list_id}"], sent
        assert page.url == f"{live_server.url}/l/{list_id}"
        assert totals_on_screen(page) == stored(phone, list_id)["totals"]
    finally:
        context.close()


#: The list page the service worker keeps for a time without reception, as text.
KEPT_LIST = """async (path) => {
    const cache = await caches.open("scorer-pages-1");
    const kept = await cache.match(new URL(path, location.origin).href);
    return kept ? await kept.text() : "";
}"""


def test_the_offline_copy_of_the_list_follows_a_save_once_the_list_is_left(phone: Phone) -> None:
    from tests.e2e.test_offline import wait_until_kept

    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [SOLO]})
    page = phone.page
    wait_until_kept(page, list_id)
    hand = Hand(page)
    hand.new_deal()
    sauspiel(hand, "Anna", "Chris", 72)
    counted = Requests(page)
    counted.start()
    hand.save()
    expect(page.get_by_role("status").first).to_have_text("Deal 2 saved.")
    assert len(counted.stop()) == 1
    assert 'id="deal-2"' not in page.evaluate(KEPT_LIST, f"/l/{list_id}")  # not yet: the table waits for nothing
    hand.new_deal()  # leaving the list: the worker keeps it as it stands
    expect(page.get_by_role("heading", name="Deal 3")).to_be_visible()
    for _ in range(50):
        if 'id="deal-2"' in page.evaluate(KEPT_LIST, f"/l/{list_id}"):
            break
        page.wait_for_timeout(100)
    assert 'id="deal-2"' in page.evaluate(KEPT_LIST, f"/l/{list_id}")
