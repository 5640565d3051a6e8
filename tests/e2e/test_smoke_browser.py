"""The browser set-up itself: Chromium starts and talks only to our server."""

from __future__ import annotations

from tests.e2e.conftest import LiveServer, Phone


def test_the_home_page_opens_in_chromium_on_a_phone(phone: Phone, live_server: LiveServer) -> None:
    page = phone.open("/")
    assert page.locator("header .brand").inner_text().strip() != ""
    assert page.evaluate("window.innerWidth") == 393
    assert all(url.startswith(live_server.url) for url in phone.watch.requests)
