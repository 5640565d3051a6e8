"""No reception in the cellar. Deals entered offline wait on the phone and
are stored once, in order, when the signal returns; a refused one is kept with its reason.

``context.set_offline`` cuts the page and its service worker off the network in
this Chromium and Playwright (a list never opened fails to load, which the first
test checks), and tells the page so (``navigator.onLine``, the online and offline
events), as a phone losing its signal does.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    Hand, LiveServer, Phone, create_list_by_api, new_phone, small_targets, totals_on_screen,
)

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE_DEALS = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    {"game": "solo", "declarer": "Bene", "points": 95},
    {"game": "wenz", "declarer": "Chris", "points": 40},
    {"game": "sauspiel", "declarer": "Dora", "partner": "Bene", "points": 61, "schwarz": False},
    {"game": "passed"},
]
#: What Chromium writes to the console for a request that got no answer, or an
#: answer with an error status: expected when the network drops or the server refuses.
NETWORK_NOISE = re.compile(r"^Failed to load resource: ")


def server(live_server: LiveServer, method: str, path: str) -> Any:
    """Ask the server directly, past the phone and its (cut) network."""
    request = urllib.request.Request(live_server.url + path, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def stored_deals(live_server: LiveServer, list_id: str) -> list[dict[str, Any]]:
    """The deals the server keeps, in order."""
    return list(server(live_server, "GET", f"/api/lists/{list_id}")["deals"])


def same_deals(stored: list[dict[str, Any]], entered: list[dict[str, Any]]) -> bool:
    """Tell whether the server keeps exactly these deals in this order (with what it adds)."""
    return len(stored) == len(entered) and all(
        all(kept.get(key) == value for key, value in deal.items() if value is not False)
        for kept, deal in zip(stored, entered)
    )


@pytest.fixture
def cellar_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A phone for the cellar: JavaScript errors fail the test; failed requests may be logged."""
    phone = new_phone(browser, live_server)
    yield phone
    phone.context.close()
    assert_no_errors_but_network(phone)


def assert_no_errors_but_network(phone: Phone) -> None:
    """No console error but Chromium's note on a failed request, no request to another host."""
    errors = [text for text in phone.watch.console_errors if not NETWORK_NOISE.match(text)]
    assert errors == [], f"console errors: {errors}"
    assert phone.watch.foreign_requests == []


def open_list_and_keep_it(phone: Phone, players: list[str] = FOUR, deals: list[Any] | None = None) -> str:
    """Open a new list's edit link, and wait until the phone keeps its pages for offline."""
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": players, "deals": deals or []})
    wait_until_kept(phone.page, list_id)
    return list_id


KEPT = """async (id) => {
    if (!navigator.serviceWorker.controller) return [];
    const cache = await caches.open("scorer-pages-1");
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
}"""


def wait_until_kept(page: Page, list_id: str) -> None:
    """The service worker controls the page and keeps the list, its deal form and their assets."""
    wanted = {f"/l/{list_id}", f"/l/{list_id}/deals/new", "/static/offline.js", "/static/offline_form.js",
              "/static/waiting_rows.js", "/static/deal.js", "/static/deal_save.js",
              "/static/list.js", "/static/app.js", "/static/app.css", "/static/deal.css"}
    # Up to 30 s, as long as a browser action may take (conftest): a guard against a worker that
    # never keeps them, not a speed check; installing it fetches every asset first.
    for _ in range(300):
        if wanted <= set(page.evaluate(KEPT, list_id)):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not kept: {wanted - set(page.evaluate(KEPT, list_id))}")


def enter_offline(phone: Phone, deal: dict[str, Any]) -> None:
    """Tap New deal on the list, enter the deal, save it: it waits on the phone."""
    page = phone.page
    hand = Hand(page)
    hand.new_deal()
    expect(page.get_by_role("radio", name="Sauspiel")).to_be_attached()
    hand.enter(deal)
    expect(page.locator("tbody[data-waiting-row]").first).to_be_visible()


def offline_with(phone: Phone, deals: list[dict[str, Any]]) -> str:
    """Open a new list, lose the signal, and enter these deals: they wait on the phone."""
    list_id = open_list_and_keep_it(phone)
    phone.context.set_offline(True)
    for deal in deals:
        enter_offline(phone, deal)
    return list_id


def waiting_on_screen(page: Page) -> list[str]:
    """The deals the list's table shows as waiting, in the order entered (the newest is on top): what and their state."""
    rows = page.locator("tbody[data-waiting-row]")
    return [" ".join(rows.nth(i).locator(".what, .said").all_inner_texts()) for i in reversed(range(rows.count()))]


def waiting_in_store(page: Page) -> int:
    """How many deals wait in the phone's IndexedDB."""
    return int(page.evaluate(
        """() => new Promise((resolve, reject) => {
            const open = indexedDB.open("scorer-offline", 1);
            open.onsuccess = () => {
                const count = open.result.transaction("deals").objectStore("deals").count();
                count.onsuccess = () => resolve(count.result);
            };
            open.onerror = () => reject(open.error);
        })"""
    ))


def assert_stored_once(page: Page, live_server: LiveServer, list_id: str, deals: list[dict[str, Any]]) -> None:
    """The server keeps these deals once each, in order; none waits, and none comes later."""
    assert same_deals(stored_deals(live_server, list_id), deals)
    assert waiting_in_store(page) == 0
    page.wait_for_timeout(1500)
    assert len(stored_deals(live_server, list_id)) == len(deals)


def banner(page: Page) -> Any:
    """The small line at the top that says offline, sending, or sent."""
    return page.locator("p.net")


def test_five_deals_entered_offline_survive_a_reload_and_are_stored_once_in_order(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    phone = cellar_phone
    page = phone.page
    list_id = open_list_and_keep_it(phone)
    phone.context.set_offline(True)

    # A page never opened on this phone does not load: the network is really gone,
    # for the service worker too.
    stranger = phone.context.new_page()
    with pytest.raises(Exception, match="net::ERR_"):
        stranger.goto(f"{live_server.url}/l/never-opened")
    stranger.close()

    page.reload()
    expect(banner(page)).to_contain_text("No reception")
    expect(page.locator("section.totals")).to_contain_text("Totals as of the last sync")

    hand = Hand(page)
    hand.new_deal()
    hand.radio("Game", "Sauspiel")
    expect(page.locator("[data-preview-message]")).to_contain_text("the preview needs the server")
    page.get_by_role("link", name="Back to the list").tap()
    for deal in FIVE_DEALS:
        enter_offline(phone, deal)
    phone.screenshot("offline-five-waiting")
    assert stored_deals(live_server, list_id) == []

    page.reload()
    # The list of waiting deals is drawn from IndexedDB once the script has run.
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(5)
    waiting = waiting_on_screen(page)
    assert len(waiting) == 5, waiting
    # Typed without reception, no preview scored them: none counts in the totals.
    assert all(line.endswith("waiting for reception · not in the totals yet · scored once stored")
               for line in waiting), waiting
    assert [line.split(" · ")[:2] for line in waiting[:4]] == [
        ["Sauspiel", "Anna"], ["Solo", "Bene"], ["Wenz", "Chris"], ["Sauspiel", "Dora"],
    ]
    expect(banner(page)).to_contain_text("Waiting for reception: 5.")

    phone.context.set_offline(False)
    expect(banner(page)).to_contain_text("Sent: stored as No. 1–5.")
    expect(page.locator("table.block tbody.deal")).to_have_count(5)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(0)
    assert totals_on_screen(page) == server(live_server, "GET", f"/api/lists/{list_id}")["totals"]
    assert_stored_once(page, live_server, list_id, FIVE_DEALS)


def test_the_network_dropping_after_the_server_stored_a_deal_doubles_nothing_and_loses_nothing(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    deals = FIVE_DEALS[:3]
    list_id = offline_with(cellar_phone, deals)

    # The next two deals are stored, and then their answers never reach the phone.
    server(live_server, "POST", "/test/offline/drop-after-store?count=2")
    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_contain_text("Sent: stored as No.", timeout=20_000)
    expect(page.locator("table.block tbody.deal")).to_have_count(3)
    assert server(live_server, "GET", "/test/offline/dropped") == {"count": 0, "dropped": 2}
    assert_stored_once(page, live_server, list_id, deals)


def test_a_deal_the_server_refuses_is_kept_with_its_reason_until_it_is_fixed(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    phone = cellar_phone
    page = phone.page
    typo = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 121}
    after = FIVE_DEALS[1]
    list_id = offline_with(phone, [typo, after])

    phone.context.set_offline(False)
    expect(banner(page)).to_contain_text("The server refused a waiting deal")
    expect(banner(page)).to_contain_text("121 is more than the 120 in the pack")
    refused = page.locator("tbody[data-waiting-row].refused")
    expect(refused).to_contain_text("refused: deal 1: points: 121 is more than the 120 in the pack")
    # The deal after it waits behind it (the row above it): the order holds.
    expect(page.locator("tbody[data-waiting-row]").first).to_contain_text("waiting for reception")
    assert stored_deals(live_server, list_id) == []

    # Kept on the phone, not only on the screen.
    page.reload()
    expect(refused).to_contain_text("121 is more than the 120")
    assert waiting_in_store(page) == 2
    assert small_targets(page) == []
    phone.screenshot("offline-refused")

    refused.get_by_role("link", name="Fix").tap()
    points = page.get_by_role("textbox", name=re.compile(r"^Card points of the "))
    expect(points).to_have_value("121")
    expect(page.get_by_role("radio", name="Anna").first).to_be_checked()
    hand = Hand(page)
    hand.points(72)
    hand.save()
    expect(banner(page)).to_contain_text("Sent: stored as No. 1–2.")
    assert_stored_once(page, live_server, list_id, [dict(typo, points=72), after])


def test_a_refused_deal_is_dropped_only_when_the_person_says_so(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    no_partner = {"game": "sauspiel", "declarer": "Anna", "points": 70}
    list_id = offline_with(cellar_phone, [no_partner, FIVE_DEALS[2]])
    cellar_phone.context.set_offline(False)
    refused = page.locator("tbody[data-waiting-row].refused")
    expect(refused).to_contain_text("partner")

    page.once("dialog", lambda dialog: dialog.dismiss())
    refused.get_by_role("button", name="Drop").tap()
    expect(refused).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Drop").tap()
    expect(banner(page)).to_contain_text("Sent: stored as No. 1.")
    assert_stored_once(page, live_server, list_id, [FIVE_DEALS[2]])


def test_changing_a_stored_deal_offline_is_refused_with_a_clear_word(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    phone = cellar_phone
    page = phone.page
    list_id = open_list_and_keep_it(phone, deals=[FIVE_DEALS[0]])
    phone.context.set_offline(True)
    page.get_by_role("link", name="Edit deal 1").tap()
    expect(banner(page)).to_contain_text("That needs reception.")
    assert page.url.endswith(f"/l/{list_id}")
    page.get_by_role("button", name="Undo last deal").tap()
    expect(banner(page)).to_contain_text("That needs reception.")
    phone.context.set_offline(False)
    assert len(stored_deals(live_server, list_id)) == 1


def test_two_phones_offline_in_one_list_are_stored_in_the_order_they_get_reception(
    browser: Browser, live_server: LiveServer,
) -> None:
    anna = new_phone(browser, live_server)
    bene = new_phone(browser, live_server)
    try:
        made = anna.page.request.post(
            live_server.url + "/api/lists", data={"rules": {"preset": "bavarian"}, "players": FOUR}
        ).json()
        for phone in (anna, bene):
            phone.open(made["edit_url"])
            wait_until_kept(phone.page, made["id"])
            phone.context.set_offline(True)
        from_anna = [FIVE_DEALS[0], FIVE_DEALS[1]]
        from_bene = [FIVE_DEALS[2], FIVE_DEALS[3]]
        for deal in from_anna:
            enter_offline(anna, deal)
        for deal in from_bene:
            enter_offline(bene, deal)

        # Bene's phone finds reception first, though Anna entered hers first.
        bene.context.set_offline(False)
        expect(banner(bene.page)).to_contain_text("Sent: stored as No. 1–2.")
        expect(banner(bene.page)).not_to_contain_text("Another phone")
        anna.context.set_offline(False)
        expect(banner(anna.page)).to_contain_text(
            "Sent: stored as No. 3–4. Another phone entered No. 1–2 meanwhile."
        )
        assert same_deals(stored_deals(live_server, made["id"]), from_bene + from_anna)
        # Each list shows all four deals, Bene's follows Anna's sending by itself.
        expect(anna.page.locator("table.block tbody.deal")).to_have_count(4)
        expect(bene.page.locator("table.block tbody.deal")).to_have_count(4, timeout=15_000)
    finally:
        for phone in (anna, bene):
            phone.context.close()
    for phone in (anna, bene):
        assert_no_errors_but_network(phone)


def test_the_app_is_installable_in_chromium(phone: Phone, live_server: LiveServer) -> None:
    open_list_and_keep_it(phone)
    session = phone.context.new_cdp_session(phone.page)
    assert session.send("Page.getAppManifest")["errors"] == []
    errors = [e["errorId"] for e in session.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    # Playwright's contexts are incognito, where Chromium installs nothing; nothing else is missing.
    assert set(errors) <= {"in-incognito"}, errors
