"""A group's page opens without reception once the phone has opened it (the service worker keeps it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import NARROW, LiveServer, Phone, new_phone, page_width
from tests.e2e.test_group_presets import group_with_a_list
from tests.e2e.test_offline import assert_no_errors_but_network

KEPT = """async () => {
    if (!navigator.serviceWorker.controller) return [];
    const cache = await caches.open("scorer-pages-1");
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
}"""


@pytest.fixture
def cellar_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 px phone for the cellar: JavaScript errors fail the test; failed requests may be logged."""
    phone = new_phone(browser, live_server, width=NARROW)
    yield phone
    phone.context.close()
    assert_no_errors_but_network(phone)


def wait_until_kept(page: Page, wanted: set[str]) -> None:
    """The service worker controls the page and keeps these paths."""
    for _ in range(100):
        if wanted <= set(page.evaluate(KEPT)):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not kept: {wanted - set(page.evaluate(KEPT))}")


def test_a_group_page_opened_once_opens_again_without_reception(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    phone = cellar_phone
    group = group_with_a_list(phone)
    page = phone.open(group["edit_url"])
    expect(page.locator("table.standings-table tbody tr")).to_have_count(4)
    wait_until_kept(page, {f"/g/{group['id']}", "/static/group.css", "/static/app.css", "/static/app.js"})

    phone.context.set_offline(True)
    stranger = phone.context.new_page()
    with pytest.raises(Exception, match="net::ERR_"):
        stranger.goto(f"{live_server.url}/g/never-opened-group-id")
    stranger.close()

    page.reload()
    expect(page.locator("h1")).to_have_text("Stammtisch Ochsen")
    expect(page.locator("table.standings-table tbody tr")).to_have_count(4)
    expect(page.locator("ul.lists li")).to_have_count(1)
    # The kept page keeps its stylesheets: the group's own one is applied.
    assert page.evaluate("[...document.styleSheets].some((s) => s.href && s.href.includes('/static/group.css'))")
    assert page_width(page) <= NARROW
    phone.screenshot("group-offline")

    phone.context.set_offline(False)
    page.reload()
    expect(page.locator("h1")).to_have_text("Stammtisch Ochsen")
