"""Browser tests: the app on a real HTTP server on loopback, driven in Chromium.

Debian's Chromium is driven by Playwright through ``executable_path``
(browser downloads are blocked here). A missing browser fails the tests with
a message saying how to install it; it never skips them.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from werkzeug.serving import BaseWSGIServer, make_server

from scorer import create_app
from tests.web.databases import migrate, separate_database, server_url

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: Where the phones' screenshots go, for people to look at; a run on PostgreSQL
#: (scripts/with-postgres) beside one on SQLite keeps its own.
SCREENSHOTS = Path(__file__).parent / "screenshots" / ("postgresql" if os.environ.get("TEST_DATABASE_URL") else "")
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
def live_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The live server's own migrated database: one no web test in this process empties.

    On PostgreSQL a database of its own on TEST_DATABASE_URL's server, since the
    web tests reset theirs between tests (tests/web/databases.py).
    """
    if server_url():
        with separate_database("scorer_e2e") as url:
            migrate(url)
            yield url
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'e2e.sqlite3'}"
        migrate(url)
        yield url


@pytest.fixture(scope="session")
def live_server(live_database: str) -> Iterator[LiveServer]:
    """Serve the app on 127.0.0.1 with a fresh database (SQLite unless TEST_DATABASE_URL)."""
    app = create_app(
        {
            "SECRET_KEY": "e2e-secret-key-at-least-32-bytes-long",
            "SQLALCHEMY_DATABASE_URI": live_database,
            # Plain HTTP on loopback: the session cookie cannot be Secure-only here.
            "SESSION_COOKIE_SECURE": False,
            "LIST_CREATION_LIMIT": "1000 per minute",
            # test_offline.py drops answers after a deal is stored (scorer/web/offline/testing.py).
            "OFFLINE_TEST_ROUTES": True,
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    live = LiveServer(f"http://127.0.0.1:{server.server_port}", app, server)
    yield live
    live.stop()
    thread.join(timeout=10)


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


def new_phone(browser: Browser, live_server: LiveServer, *, width: int = PHONE["width"],
              height: int = PHONE["height"], storage_state: Any = None) -> Phone:
    """Open a fresh phone (its own cookies, or those of a ``storage_state`` kept before) on the app."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
        storage_state=storage_state,
    )
    # A guard against a page that never comes, not a speed budget: `make test` runs two
    # passes' browsers side by side, and a full-page screenshot can take 10 s on a busy machine.
    context.set_default_timeout(30_000)
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


# -- helpers for the scenarios ------------------------------------------------------------

#: The narrowest phone the budgets are checked on.
NARROW = 360


@pytest.fixture
def narrow_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 px wide phone; it too must end with no console error or foreign request."""
    phone = new_phone(browser, live_server, width=NARROW)
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


@pytest.fixture
def small_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 x 740 phone, the size the issues' browser tests name; no console error, no foreign request."""
    phone = new_phone(browser, live_server, width=NARROW, height=740)
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


def create_list_by_api(phone: Phone, document: dict[str, Any]) -> str:
    """Store a list through the JSON API and open its edit link on the phone; give its id."""
    response = phone.page.request.post(phone.base_url + "/api/lists", data=document)
    assert response.status == 201, response.text()
    answer = response.json()
    phone.open(answer["edit_url"])
    return str(answer["id"])


def list_id_of(page: Page) -> str:
    """The id of the list a page of it shows (/l/<id>...)."""
    path = urlsplit(page.url).path
    assert path.startswith("/l/"), path
    return path.split("/")[2]


def stored(phone: Phone, list_id: str) -> dict[str, Any]:
    """What the server keeps of a list, through the JSON API."""
    response = phone.page.request.get(f"{phone.base_url}/api/lists/{list_id}")
    assert response.status == 200, response.text()
    return dict(response.json())


def units(text: str) -> int:
    """A signed amount as the list page writes it (+20, \u221220, 1,040 or 1.040, a dash for 0).

    A player sitting the deal out gets nothing: the cell says so ("out", "aus").
    """
    text = re.sub(r"[,.\u00a0\u202f]", "", text.strip().replace("\u2212", "-"))
    return 0 if text in ("\u2013", "-", "0", "", "out", "aus") else int(text)


def totals_on_screen(page: Page) -> dict[str, int]:
    """The running totals in the list page's totals box, by player."""
    items = page.locator("section.totals li")
    return {
        items.nth(i).locator(".who").inner_text().strip(): units(items.nth(i).locator(".amount").inner_text())
        for i in range(items.count())
    }


def block_on_screen(page: Page) -> tuple[list[list[int]], list[int]]:
    """The paper block: each deal's payouts in the order played, and the totals row, in seating order.

    The page shows the newest deal first, each deal a row group named by its number.
    """
    groups = page.locator("table.block tbody.deal")
    numbered = {
        int(str(groups.nth(i).locator("th.num").get_attribute("id")).removeprefix("deal-")):
            [units(t) for t in groups.nth(i).locator("td.pay").all_inner_texts()]
        for i in range(groups.count())
    }
    payouts = [numbered[number] for number in sorted(numbered)]
    totals = [units(t) for t in page.locator("table.block tfoot td.pay").all_inner_texts()]
    return payouts, totals


def deal_row(page: Page, number: int) -> Any:
    """The row group of one deal in the list page's table."""
    return page.locator("table.block tbody.deal", has=page.locator(f"#deal-{number}"))


#: Collects every visible tappable control smaller than 44 x 44 px (and text inputs
#: lower than 44 px), named so a failure says which.
SMALL_TARGETS_JS = """
(min) => {
  const seen = new Set();
  const offenders = [];
  const shown = (el) => {
    const style = getComputedStyle(el);
    return el.getClientRects().length > 0 && style.visibility !== "hidden";
  };
  const check = (el, target, what) => {
    if (seen.has(target) || !shown(target)) return;
    seen.add(target);
    let box = target.getBoundingClientRect();
    if (target !== el && !target.contains(el) && shown(el)) {
      // A label beside its box: both take the tap, so the target is the two together.
      const own = el.getBoundingClientRect();
      const left = Math.min(box.left, own.left), top = Math.min(box.top, own.top);
      box = {width: Math.max(box.right, own.right) - left, height: Math.max(box.bottom, own.bottom) - top};
    }
    if (box.width < min || box.height < min) {
      const text = (target.innerText || target.value || target.getAttribute("aria-label")
                    || target.name || "").trim().replace(/\\s+/g, " ").slice(0, 40);
      offenders.push(`${what} "${text}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  };
  document.querySelectorAll("a[href], button, input[type=submit], select, summary")
    .forEach((el) => check(el, el, el.tagName.toLowerCase()));
  document.querySelectorAll("input[type=radio], input[type=checkbox]").forEach((input) => {
    const label = input.closest("label") || (input.id && document.querySelector(`label[for="${input.id}"]`));
    // The target is the label a thumb taps, or the box itself when it has no label.
    if (label) check(input, label, `label of ${input.type}`);
    else check(input, input, input.type);
  });
  document.querySelectorAll("input[type=text], input[type=number], input:not([type]), textarea")
    .forEach((el) => check(el, el, `input ${el.name}`));
  return offenders;
}
"""


def small_targets(page: Page, minimum: int = 44) -> list[str]:
    """The tappable controls of the page below the minimum size."""
    return list(page.evaluate(SMALL_TARGETS_JS, minimum))


def page_width(page: Page) -> int:
    """How wide the page's content is (more than the viewport: it scrolls sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth"))


# -- driving the deal form the way a person does -----------------------------------------

#: The deal form's label of each game.
GAME_BUTTONS = {
    "sauspiel": "Sauspiel", "wenz": "Wenz", "solo": "Solo", "geier": "Geier",
    "farbwenz": "Farbwenz", "ramsch": "Ramsch", "pick": "Pick", "least": "Least",
    "normal": "Normal game", "passed": "Thrown in",
}
#: The deal form's label of each yes/no modifier.
TOGGLE_BUTTONS = {
    "schwarz": "Schwarz", "contra": "Kontra", "re": "Re", "tout": "Tout", "sie": "Sie",
    "hand": "Hand", "forced": "Forced game",
}


@dataclass
class Hand:
    """A thumb on a page that counts what it does: every tap and every field filled."""

    page: Page
    actions: list[str] = field(default_factory=list)

    def tap(self, locator: Any) -> None:
        """Tap a control."""
        locator.tap()
        self.actions.append(f"tap {locator}")

    def fill(self, locator: Any, value: str) -> None:
        """Type into a field."""
        locator.fill(value)
        self.actions.append(f"fill {locator} with {value!r}")

    def choose(self, locator: Any, value: str) -> None:
        """Pick an option of a select."""
        locator.select_option(value)
        self.actions.append(f"choose {value!r} in {locator}")

    @property
    def count(self) -> int:
        """How many taps and fields so far."""
        return len(self.actions)

    # -- the deal form -------------------------------------------------------------------

    def radio(self, group: str, name: str) -> None:
        """Tap one of the big choice buttons of a group (game, declarer, partner, ...)."""
        self.tap(
            self.page.get_by_role("group", name=group, exact=True)
            .get_by_role("radio", name=name, exact=True)
        )

    def toggle(self, name: str) -> None:
        """Tap a yes/no switch (Schwarz, Kontra, Defenders' points, ...)."""
        self.tap(self.page.get_by_role("checkbox", name=name, exact=True))

    def points(self, value: int) -> None:
        """Type the card points into the one points field, whatever its label says now."""
        self.fill(self.page.get_by_role("textbox", name=re.compile(r"^Card points of the ")), str(value))

    def enter(self, deal: dict[str, Any], *, defenders: bool = False, blank: str | None = None) -> None:
        """Fill in the open deal form with a list-file deal and save it.

        ``defenders``: type the defenders' points (120 minus the deal's) after tapping
        the switch. ``blank``: in a Ramsch or least, the player left empty to make 120.
        """
        self.radio("Game", GAME_BUTTONS[deal["game"]])
        if "declarer" in deal:
            self.radio("Declarer", deal["declarer"])
        if "partner" in deal:
            self.radio("Partner (called ace)", deal["partner"])
        self.enter_points(deal, defenders=defenders, blank=blank)
        for key, label in TOGGLE_BUTTONS.items():
            if deal.get(key):
                self.toggle(label)
        if deal.get("laufende"):
            self.choose(self.page.get_by_role("combobox", name="Laufende", exact=True), str(deal["laufende"]))
        if deal.get("doubles"):
            self.radio("Doubles: how many players doubled", str(deal["doubles"]))
        for key, legend in (("loser", "If tied for the most points: who loses?"),
                            ("winner", "If tied for the fewest points: who wins?")):
            if deal.get(key):
                self.radio(legend, deal[key])
        self.save()

    def enter_points(self, deal: dict[str, Any], *, defenders: bool = False,
                     blank: str | None = None) -> None:
        """Type a deal's card points: the side's (or the defenders'), or every player's."""
        points = deal.get("points")
        if isinstance(points, dict):
            group = self.page.get_by_role("group", name="Card points of each player", exact=True)
            for who, value in points.items():
                if who != blank:
                    self.fill(group.get_by_label(who, exact=True), str(value))
        elif points is not None:
            if defenders:
                self.toggle("Defenders' points")
                self.points(120 - points)
            else:
                self.points(points)

    def save(self) -> None:
        """Tap Save."""
        self.tap(self.page.get_by_role("button", name="Save", exact=True))

    def new_deal(self) -> None:
        """Tap the big New deal button of the list page."""
        self.tap(self.page.get_by_role("link", name="New deal", exact=True))


def own_preset(phone: Phone, live_server: LiveServer, name: str, rules: dict[str, Any]) -> int:
    """Save house rules as a preset of this phone: stored with its owner's hash, its cookie set."""
    import secrets

    from scorer.web import access, services

    owner = "e2e-" + secrets.token_urlsafe(12)
    with live_server.app.test_request_context():
        cookie = access._owner_signer().dumps(owner)
        preset_id = services.save_house_rules(name, rules, owner=access._owner_hash(owner)).id
    phone.context.add_cookies([{"name": access.OWNER_COOKIE, "value": cookie, "url": live_server.url}])
    return int(preset_id)
