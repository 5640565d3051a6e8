"""Browser tests: the app on a real HTTP server on loopback, driven in Chromium.

Debian's Chromium is driven by Playwright through ``executable_path``
(browser downloads are blocked here). A missing browser fails the tests with
a message saying how to install it; it never skips them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask_migrate import upgrade
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from werkzeug.serving import BaseWSGIServer, make_server

from scorer import create_app
from tests.web.conftest import database_url

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"
#: A phone: the viewport of a common Android handset, with touch.
PHONE = {"width": 393, "height": 851}
#: Flags for headless Chromium on a machine with no network but loopback.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@dataclass
class LiveServer:
    """The app served over HTTP on a loopback port (SQLite, or TEST_DATABASE_URL)."""

    url: str
    app: Any
    server: BaseWSGIServer

    def stop(self) -> None:
        """Shut the server down."""
        self.server.shutdown()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Serve the app on 127.0.0.1 with a fresh database (SQLite unless TEST_DATABASE_URL)."""
    app = create_app(
        {
            "SECRET_KEY": "e2e",
            "SQLALCHEMY_DATABASE_URI": database_url(tmp_path_factory.mktemp("e2e")),
            # Plain HTTP on loopback: the session cookie cannot be Secure-only here.
            "SESSION_COOKIE_SECURE": False,
            "LIST_CREATION_LIMIT": "1000 per minute",
        }
    )
    with app.app_context():
        upgrade()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    live = LiveServer(f"http://127.0.0.1:{server.server_port}", app, server)
    yield live
    live.stop()
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    """Playwright's driver for the whole session."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless; its absence is a failure, not a skip."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is not at {CHROMIUM}: `make test` installs Debian's chromium "
            "(apt-get install chromium), or set CHROMIUM to its path",
            pytrace=False,
        )
    browser = playwright_session.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@dataclass
class Watch:
    """What a page did that a test must see: console errors, off-host requests."""

    host: str
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        """Listen to a page's console, errors and requests."""
        page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        page.on("request", self._request)

    def _request(self, request: Any) -> None:
        self.requests.append(request.url)
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != self.host:
            self.foreign_requests.append(request.url)

    def assert_clean(self) -> None:
        """No console error and no request to another host."""
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.foreign_requests == [], f"requests to other hosts: {self.foreign_requests}"


@dataclass
class Phone:
    """A browser context the size of a phone, with its watch."""

    context: BrowserContext
    page: Page
    watch: Watch
    base_url: str

    def open(self, path: str) -> Page:
        """Go to a path of the app and wait for the page to settle."""
        self.page.goto(self.base_url + path)
        return self.page

    def screenshot(self, name: str) -> Path:
        """Save what the phone shows, for people to look at."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


def new_phone(browser: Browser, live_server: LiveServer, *, width: int = PHONE["width"]) -> Phone:
    """Open a fresh phone (its own cookies) on the app."""
    context = browser.new_context(
        viewport={"width": width, "height": PHONE["height"]},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    host = urlsplit(live_server.url).netloc
    watch = Watch(host)
    watch.attach(page)
    return Phone(context, page, watch, live_server.url)


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A phone for one test; it must end with no console error or foreign request."""
    phone = new_phone(browser, live_server)
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


@pytest.fixture
def second_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """Another phone at the same table, with cookies of its own."""
    phone = new_phone(browser, live_server)
    yield phone
    phone.context.close()
    phone.watch.assert_clean()
