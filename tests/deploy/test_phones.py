"""Phones at the table over https: the service worker's offline queue, and a phone that follows.

A service worker runs only in a secure context with a certificate the browser
takes as valid: these tests show the site's certificate is such, behind nginx.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.deploy.conftest import OpenPhone
from tests.deploy.pages import FOUR, engine_totals, fill_deal, flash, list_by_api, new_deal, say, stored
from tests.deploy.client import Site
from tests.deploy.topology import HOST
from tests.e2e.conftest import block_on_screen, totals_on_screen
from tests.e2e.test_offline import waiting_in_store, wait_until_kept

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 95}


def test_a_deal_entered_without_reception_waits_on_the_phone_and_is_stored_when_it_returns(
    site: Site, phones: OpenPhone,
) -> None:
    phone = phones("en", offline=True)
    page = phone.page
    list_id = list_by_api(site, phone, [SAUSPIEL])
    # The service worker controls the page over https and keeps the list for the cellar.
    wait_until_kept(page, list_id)
    assert page.evaluate("window.isSecureContext") is True
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"https://{HOST}/sw.js"

    phone.context.set_offline(True)
    new_deal(page, list_id)
    fill_deal(page, SOLO)
    page.locator(".deal-actions button.primary").tap()
    banner = page.locator("p.net")
    expect(banner).to_contain_text("Waiting for reception: 1.")
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)
    assert waiting_in_store(page) == 1
    assert len(stored(site, list_id)["deals"]) == 1

    phone.context.set_offline(False)
    expect(banner).to_contain_text("Sent: stored as No. 2.", timeout=20_000)
    expect(page.locator("table.block tbody.deal")).to_have_count(2)
    assert waiting_in_store(page) == 0
    expected = engine_totals([SAUSPIEL, SOLO])
    assert totals_on_screen(page) == expected
    kept = stored(site, list_id)
    assert [deal["game"] for deal in kept["deals"]] == ["sauspiel", "solo"]
    assert kept["totals"] == expected


def test_a_second_phone_opens_the_view_link_and_sees_the_next_deal_appear(
    site: Site, phones: OpenPhone,
) -> None:
    phone = phones("en")
    list_id = list_by_api(site, phone, [SAUSPIEL])
    page = phone.open(f"/l/{list_id}/share")
    view = page.locator("section.share", has=page.get_by_role("heading", name="View link"))
    view_link = view.locator(".link a").get_attribute("href") or ""
    # Built behind the proxy: https, the host the phone asked for, and no key.
    assert view_link == f"https://{HOST}/l/{list_id}", view_link

    watcher = phones("de")  # the other phone asks for German
    seen = watcher.open(urlsplit(view_link).path)
    expect(seen.get_by_text(say("de")("You are watching this list. Changes need the edit link."))).to_be_visible()
    rows, _totals = block_on_screen(seen)
    assert rows == [[20, -20, 20, -20]]
    seen.evaluate("window.samePage = true")

    page = phone.open(f"/l/{list_id}")
    new_deal(page, list_id)
    fill_deal(page, SOLO)
    page.locator(".deal-actions button.primary").tap()
    expect(flash(page)).to_have_text("Deal 2 saved.")

    # The watching phone shows it by itself: no tap, no reload.
    expect(seen.locator("table.block tbody.deal")).to_have_count(2, timeout=20_000)
    assert seen.evaluate("window.samePage") is True
    rows, totals = block_on_screen(seen)
    expected = engine_totals([SAUSPIEL, SOLO])
    assert totals == [expected[name] for name in FOUR]
    assert rows[0] == [20, -20, 20, -20] and len(rows) == 2
