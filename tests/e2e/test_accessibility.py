"""Every page is usable by everyone: axe-core finds no serious or critical WCAG 2.1 AA
violation on any page, in German and in English, and no page scrolls sideways at
200 % text size (360 px) nor at 320 CSS px (WCAG 1.4.10, Reflow).

axe-core is the copy vendored from the npm registry in ``vendor/axe-core`` (see its
README; ``scripts/vendor-axe`` fetches it again): nothing is loaded from a CDN.

axe comes in as an init script of the browser context (``add_init_script``), run in
every page before the page's own scripts. The app's Content-Security-Policy allows no
inline script, so ``page.add_script_tag`` (an inline script) would be blocked unless the
context bypassed the policy (``bypass_csp=True``); an init script is put in by the
browser's DevTools protocol, which the policy does not govern. So the pages are checked
as served, under their own policy: a page that broke it would show a console error here.

Every GET route of the app is either visited below, in both languages, or excluded
with a reason (``EXCLUDED``); ``test_every_page_of_the_app_is_visited_or_excluded``
fails when a new page is neither.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, Page

from scorer.web import services
from tests.e2e.conftest import PHONE, LiveServer, Phone, new_phone, own_preset
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
#: The rules of WCAG 2.0 and 2.1, levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: What a violation must not be.
BLOCKING = ("serious", "critical")
LANGUAGES = ("en", "de")
#: The width at which the text is set to 200 %, and the width of WCAG's Reflow.
ZOOM_WIDTH = 360
REFLOW_WIDTH = 320

#: GET routes that are no page a person reads, each with the reason.
EXCLUDED = {
    "static": "stylesheets, scripts and the icon: no page of their own, axe sees them at work on every page",
    "lists.set_language": "the language switch: a redirect back to the page it was tapped on "
                          "(every page here is opened through it)",
    "lists.changes": "JSON: the list's revision, for pages that follow the list",
    "api.read_list": "JSON API",
    "sharing.qr": "an SVG image: the share page shows it, with its alt text",
    "sharing.export_json": "a JSON file to download",
    "sharing.export_csv": "a CSV file to download",
    "offline.manifest": "JSON: the web app manifest",
    "offline.service_worker": "JavaScript: the service worker",
    "offline.edit_key": "JSON: the edit key for a waiting deal's sync, only to phones with edit rights",
    "dropped": "test-only: registered with OFFLINE_TEST_ROUTES to cut answers off after storing",
    "groups.export_group": "a zip file to download",
    "api.read_group": "JSON API",
    "tournaments_api.read_tournament": "JSON API",
    "tournament_boards.board": "an HTML fragment: the projector's standings fetch it and show it in place",
    "tournament_boards.my_board": "an HTML fragment: my table and place fetch it and show it in place",
    "tournament_night.table_qr": "an SVG image: the organiser's page shows it when a table's fold opens, "
                                 "with its alt text",
}

FIVE = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran"]
FOUR = ["Anna", "Bene", "Chris", "Dora"]
THREE = ["Anna", "Bene", "Chris"]


# -- what is done on a page before it is checked -------------------------------------------


def _submit(page: Page, form: str) -> None:
    """Send a form the way its main button does, and wait for the answer."""
    with page.expect_navigation():
        page.locator(f"{form} button[type=submit]:not([name])").first.click()


def refused(form: str, *, tap: tuple[str, ...] = (), fill: dict[str, str] | None = None,
            ) -> Callable[[Page], None]:
    """Tap these, fill in those, send the form: it comes back with its errors shown."""
    def act(page: Page) -> None:
        for selector in tap:
            page.locator(selector).click()
        for selector, value in (fill or {}).items():
            page.locator(selector).fill(value)
        _submit(page, form)
        page.locator(".field-error").first.wait_for()
    return act


#: A Sauspiel with its declarer and points but no partner, saved: the form says why.
deal_with_an_error = refused(
    "form.deal-form", fill={"#points": "72"},
    tap=('input[name="game"][value="sauspiel"]', 'input[name="declarer"][value="Annemarie"]'),
)
#: A stored deal changed to points that are no number, saved.
edit_with_an_error = refused("form.deal-form", fill={"#points": "7x"})
#: A form sent as it opens: nothing filled in, nothing ticked.
send_empty = refused("main form")
#: A list file cut off in the middle, to import.
import_broken = refused("main form", fill={'textarea[name="text"]': '{"players": ["Anna", "Bene"], '})


def first_game(page: Page) -> None:
    """Tap the first game, so the family's fields for it show."""
    page.locator('input[name="game"]').first.check()


def open_deleted(page: Page) -> None:
    """Open the deleted deals under the list."""
    page.locator("details.deleted summary").click()


def open_long_chart(page: Page) -> None:
    """Open a long list's chart panel: list.js brings the chart from the settle-up page."""
    page.locator("details.chart-card summary").click()
    page.locator("details.chart-card svg.chart").wait_for()


@dataclass(frozen=True)
class Visit:
    """A page in one state: its path (``{name}`` stands for a list of ``content``)."""

    name: str
    path: str
    act: Callable[[Page], None] | None = None
    status: int = 200
    screenshot: bool = False


#: The pages in the states a person meets them in. A page with a form is checked with
#: its errors shown, which is the page as it first opens and the messages besides.
VISITS = [
    Visit("home", "/", screenshot=True),
    Visit("new-list-bavarian-errors", "/new?family=bavarian", send_empty),
    *(Visit(f"new-list-{family}", f"/new?family={family}")
      for family in ("bavarian3", "sheepshead3", "sheepshead", "german")),
    Visit("new-list-from-preset", "/new?preset={preset}"),
    Visit("import-error", "/import", import_broken),
    Visit("presets", "/presets"),
    Visit("preset-delete", "/presets/{preset}/delete"),
    Visit("list-editor", "/l/{evening}", open_deleted, screenshot=True),
    # A wrong key: the watcher's page, with an error message on top.
    Visit("list-watcher", "/l/{watched}?key=wrong"),
    Visit("list-pot", "/l/{pot}"),
    Visit("list-finished", "/l/{finished}"),
    Visit("list-german", "/l/{german}"),
    Visit("list-sheepshead3", "/l/{sheepshead3}"),
    Visit("list-long", "/l/{long}", open_long_chart),
    Visit("list-long-every-deal", "/l/{long}?deals=all"),
    Visit("deal-new-error", "/l/{evening}/deals/new", deal_with_an_error, screenshot=True),
    *(Visit(f"deal-new-{family}", f"/l/{{{family}}}/deals/new", first_game)
      for family in ("bavarian3", "sheepshead3", "sheepshead", "german")),
    Visit("deal-edit-error", "/l/{evening}/deals/2/edit", edit_with_an_error),
    # A stored deal's breakdown in full: terms, Kontra, Re, doubles, Tout, every player's share.
    Visit("deal-edit-breakdown", "/l/{evening}/deals/4/edit", screenshot=True),
    Visit("deal-delete", "/l/{evening}/deals/2/delete"),
    # A deal's page to read: a watcher's (no edit key), and a finished list's.
    Visit("deal-view-watcher", "/l/{watched}/deals/1", screenshot=True),
    Visit("deal-view-finished", "/l/{finished}/deals/1"),
    Visit("list-delete-error", "/l/{evening}/delete", send_empty),
    Visit("settle-pot", "/l/{pot}/settle", screenshot=True),
    Visit("settle-finished", "/l/{finished}/settle"),
    Visit("share-editor", "/l/{evening}/share"),
    Visit("share-watcher", "/l/{watched}/share"),
    Visit("print", "/l/{evening}/print"),
    # The list settings: the rules in force, renaming, seats and rules from the next deal;
    # once with a seat emptied too many, refused with its error.
    Visit("settings", "/l/{evening}/settings", screenshot=True),
    Visit("settings-rules", "/l/{evening}/settings/rules", screenshot=True),
    Visit("settings-rules-error", "/l/{evening}/settings/rules",
          refused('form[action$="/settings/rules"]', tap=('details:has(input[name="change-tariff_solo"]) summary',),
                  fill={'input[name="change-tariff_solo"]': "-5"})),
    Visit("settings-error", "/l/{german}/settings",
          refused('form[action$="/settings/change"]', fill={'input[name="change-player_4"]': ""})),
    # A list's money: a list in dollars (its totals in money beside the points), one in points
    # only (no money anywhere, its print page too), the rules page with the currency select
    # chosen at points, and a group whose lists settle in euros and in dollars.
    Visit("list-dollars", "/l/{dollars}"),
    Visit("settle-dollars", "/l/{dollars}/settle"),
    Visit("settings-rules-dollars", "/l/{dollars}/settings/rules"),
    Visit("settle-points", "/l/{points}/settle"),
    Visit("print-points", "/l/{points}/print"),
    Visit("settings-rules-points", "/l/{points}/settings/rules"),
    Visit("group-mixed-currencies", "/g/{mixed}"),
    Visit("group-new-errors", "/groups/new", send_empty),
    Visit("group-editor", "/g/{group}", screenshot=True),
    Visit("group-watcher", "/g/{watched_group}"),
    Visit("group-import-error", "/groups/import", send_empty),
    Visit("help", "/help"),
    Visit("help-glossary", "/help/glossary", screenshot=True),
    Visit("help-reference", "/help/reference"),
    Visit("help-list-file", "/help/list-file.md"),
    Visit("help-breakdown-examples", "/help/breakdown-examples.md"),
    *(Visit(f"help-{family}", f"/help/{family}", screenshot=family == "bavarian")
      for family in ("bavarian", "bavarian3", "sheepshead3", "sheepshead", "german")),
    Visit("group-preset-delete", "/g/{group}/presets/{group_preset}/delete"),
    # A tournament: the new-tournament form sent empty; its page with a round drawn, for
    # the organiser (tables with edit links and QR codes) and for a watcher.
    Visit("tournament-new-errors", "/t/new", send_empty),
    Visit("tournament-organiser", "/t/{tournament}", screenshot=True),
    Visit("tournament-watcher", "/t/{watched_tournament}"),
    # A table's paper sheet, sent empty: each player's field says what it needs. The edit
    # link comes along, as the home page forgets keys of anything but lists and groups.
    Visit("tournament-sheet-errors", "/t/{sheet_tournament}/rounds/1/tables/1/sheet?key={sheet_tournament_key}",
          refused("form.sheet-form")),
    Visit("error-403-group", "/g/{watched_group}/presets/{group_preset}/delete", status=403),
    # A tournament's pages to read: the projector, my table and place (found, and an unknown
    # start number), a round's seating plan and table sheets, the prize list.
    Visit("tournament-standings", "/t/{played_tournament}/standings"),
    Visit("tournament-me", "/t/{played_tournament}/me?number=2"),
    Visit("tournament-me-unknown", "/t/{played_tournament}/me?number=999"),
    Visit("tournament-seating", "/t/{played_tournament}/rounds/1/seating"),
    Visit("tournament-sheets", "/t/{played_tournament}/rounds/1/sheets"),
    Visit("tournament-prizes", "/t/{played_tournament}/prizes"),
    Visit("tournament-participants", "/t/{tournament}/participants"),
    # A participant's own page for the organiser (rename, substitute, withdraw), the question
    # a withdrawal asks first, and the blank table sheets printable before any draw.
    Visit("tournament-participant", "/t/{tournament}/players/1"),
    Visit("tournament-withdraw-ask", "/t/{tournament}/players/1/withdraw"),
    Visit("tournament-blank-sheets", "/t/{tournament}/sheets"),
    Visit("error-404", "/l/no-such-list", status=404),
    Visit("error-403", "/l/{watched}/deals/new", status=403),
]


# -- the phone and the lists it looks at -----------------------------------------------------


@pytest.fixture(scope="module")
def a11y_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """One phone for every page here, with axe in each page (see the module's docstring)."""
    phone = new_phone(browser, live_server)
    phone.context.add_init_script(path=str(AXE))
    yield phone
    phone.context.close()
    assert phone.watch.foreign_requests == [], phone.watch.foreign_requests


def _create(phone: Phone, document: dict[str, Any], *, edit: bool = True) -> dict[str, Any]:
    """Store a list through the JSON API; open its edit link unless only watched."""
    response = phone.page.request.post(phone.base_url + "/api/lists", data=document)
    assert response.status == 201, response.text()
    answer = dict(response.json())
    phone.open(answer["edit_url"] if edit else answer["url"])
    return answer


def _tournament(phone: Phone, name: str, *, edit: bool) -> str:
    """A tournament of nine (one withdrawn) with round 1 drawn; its edit link opened unless only watched."""
    players = [*FIVE, "Ferdinand", "Gunhild", "Hieronymus", "Ida"]
    made = phone.page.request.post(phone.base_url + "/api/tournaments", data={
        "name": name, "rounds": 3, "deals_per_round": 32, "players": players,
        "rules": {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"],
                  "table_points": {"system": "1/5"}}})
    assert made.status == 201, made.text()
    answer = dict(made.json())
    key = {"X-Edit-Key": answer["edit_key"]}
    gone = phone.page.request.post(f"{phone.base_url}/api/tournaments/{answer['id']}/players/9/withdraw",
                                   headers=key)
    assert gone.status == 200, gone.text()
    drawn = phone.page.request.post(f"{phone.base_url}/api/tournaments/{answer['id']}/rounds",
                                    data={"round": 1}, headers=key)
    assert drawn.status == 201, drawn.text()
    if edit:
        phone.open(answer["edit_url"])
    return str(answer["id"])


@pytest.fixture(scope="module")
def content(a11y_phone: Phone, live_server: LiveServer) -> dict[str, str]:
    """The lists the pages show, by name: realistic names, deals, a pot, a finished list."""
    phone = a11y_phone
    ids: dict[str, str] = {}
    evening = _create(phone, {
        "title": "Stammtisch beim Wirt am Eck, Freitag",
        "rules": {"preset": "bavarian"}, "players": FIVE,
        "deals": [
            {"game": "sauspiel", "declarer": "Annemarie", "partner": "Christoph", "points": 72},
            {"game": "farbwenz", "declarer": "Christoph", "points": 95, "laufende": 3, "contra": True},
            {"game": "ramsch", "points": {"Annemarie": 30, "Christoph": 0, "Dorothea": 40, "Emmeran": 50}},
            {"game": "solo", "declarer": "Emmeran", "points": 120, "schwarz": True, "tout": True,
             "laufende": 8, "contra": True, "re": True, "doubles": 3},
            {"game": "wenz", "declarer": "Benedikt", "points": 40},
        ],
    })
    ids["evening"] = evening["id"]
    # One deal taken out: the list page offers it back.
    gone = phone.page.request.delete(f"{phone.base_url}/api/lists/{evening['id']}/deals/5",
                                     headers={"X-Edit-Key": evening["edit_key"]})
    assert gone.status == 204, gone.text()
    ids["watched"] = _create(phone, {
        "title": "Sonntagsrunde", "rules": {"preset": "bavarian"}, "players": FOUR,
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}],
    }, edit=False)["id"]
    ids["pot"] = _create(phone, {
        "title": "Mit Stock", "rules": {"preset": "bavarian", "stock": {}}, "players": FOUR,
        "deals": [
            {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
            {"game": "wenz", "declarer": "Bene", "points": 40},
            {"game": "passed"},
        ],
    })["id"]
    ids["finished"] = _create(phone, {
        "title": "Letzte Woche", "rules": {"preset": "bavarian"}, "players": FOUR,
        "deals": [{"game": "solo", "declarer": "Dora", "points": 61}],
    })["id"]
    phone.open(f"/l/{ids['finished']}/settle")
    _submit(phone.page, f'form[action$="/l/{ids["finished"]}/finish"]')
    ids["german"] = _create(phone, {
        "rules": {"preset": "german"}, "players": FOUR,
        "deals": [{"game": "normal", "declarer": "Anna", "points": 50}],
    })["id"]
    ids["sheepshead3"] = _create(phone, {
        "rules": {"preset": "sheepshead3"}, "players": THREE,
        "deals": [{"game": "pick", "declarer": "Anna", "points": 95}],
    })["id"]
    ids["bavarian3"] = _create(phone, {"rules": {"preset": "bavarian3"}, "players": THREE})["id"]
    # A long evening: the page shows the newest deals, the rest and the chart behind links.
    ids["long"] = _create(phone, {
        "title": "Lange Nacht", "rules": {"preset": "bavarian"}, "players": FOUR,
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
                  {"game": "wenz", "declarer": "Bene", "points": 40}] * 23,
    })["id"]
    ids["sheepshead"] = _create(phone, {"rules": {"preset": "sheepshead"}, "players": FIVE})["id"]
    ids.update(_money_lists(phone))
    # A Stammtisch of five with three lists (one finished), and a group only watched.
    made = phone.page.request.post(phone.base_url + "/api/groups",
                                   data={"name": "Stammtisch beim Wirt am Eck", "players": FIVE})
    assert made.status == 201, made.text()
    group = dict(made.json())
    for players in (FIVE[:4], FIVE[1:], FIVE[:4]):
        started = phone.page.request.post(
            f"{phone.base_url}/api/groups/{group['id']}/lists",
            data={"rules": {"preset": "bavarian"}, "players": players, "deals": [
                {"game": "sauspiel", "declarer": players[0], "partner": players[2], "points": 72},
                {"game": "solo", "declarer": players[1], "points": 80, "laufende": 3},
            ]},
            headers={"X-Edit-Key": group["edit_key"]},
        )
        assert started.status == 201, started.text()
    saved = phone.page.request.post(
        f"{phone.base_url}/api/groups/{group['id']}/presets",
        data={"name": "Wirtshaus-Tarif", "rules": {"preset": "bavarian", "tariffs": {"sauspiel": 15}}},
        headers={"X-Edit-Key": group["edit_key"]},
    )
    assert saved.status == 201, saved.text()
    ids["group_preset"] = str(saved.json()["id"])
    phone.open(group["edit_url"])
    ids["group"] = group["id"]
    watched = phone.page.request.post(phone.base_url + "/api/groups",
                                      data={"name": "Sonntagsrunde", "players": FOUR})
    ids["watched_group"] = str(watched.json()["id"])
    ids["tournament"], ids["watched_tournament"] = (
        _tournament(phone, "Schafkopf-Cup beim Oberwirt", edit=True),
        _tournament(phone, "Sheepshead Open", edit=False))
    ids["played_tournament"] = _played_tournament(phone)
    ids["preset"] = str(own_preset(phone, live_server, "Stammtisch (a11y)", {"preset": "bavarian", "stock": {}}))
    # A tournament of eight with its first round drawn: its tables' paper sheets.
    tournament = phone.page.request.post(phone.base_url + "/api/tournaments", data={
        "name": "Schafkopf-Cup Donau-Ries", "players": [*FIVE, "Franziska", "Georg", "Hildegard"],
        "rules": {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"],
                  "table_points": {"system": "1/5"}},
        "rounds": 2, "deals_per_round": 32})
    assert tournament.status == 201, tournament.text()
    ids["sheet_tournament"], ids["sheet_tournament_key"] = tournament.json()["id"], tournament.json()["edit_key"]
    drawn = phone.page.request.post(f"{phone.base_url}/api/tournaments/{ids['sheet_tournament']}/rounds",
                                    headers={"X-Edit-Key": ids["sheet_tournament_key"]})
    assert drawn.status == 201, drawn.text()
    return ids


def _money_lists(phone: Phone) -> dict[str, str]:
    """A Wisconsin list in dollars, a Bavarian one in points only, a group with a list in euros and one in dollars."""
    ids = {
        "dollars": _create(phone, {
            "title": "Friday sheepshead", "currency": "USD", "rules": {"preset": "sheepshead"}, "players": FIVE,
            "deals": [{"game": "pick", "declarer": "Annemarie", "partner": "Christoph", "points": 72},
                      {"game": "pick", "declarer": "Benedikt", "partner": "Dorothea", "points": 95},
                      {"game": "leaster", "points": {"Annemarie": 0, "Benedikt": 10, "Christoph": 20,
                                                     "Dorothea": 30, "Emmeran": 60}}],
        })["id"],
        "points": _create(phone, {
            "title": "Nur um die Ehre", "currency": "points", "rules": {"preset": "bavarian"}, "players": FOUR,
            "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
                      {"game": "solo", "declarer": "Bene", "points": 80, "laufende": 3}],
        })["id"],
    }
    made = phone.page.request.post(phone.base_url + "/api/groups",
                                   data={"name": "Stammtisch in Wisconsin", "players": FOUR})
    assert made.status == 201, made.text()
    group = dict(made.json())
    for currency in ("EUR", "USD"):
        started = phone.page.request.post(
            f"{phone.base_url}/api/groups/{group['id']}/lists",
            data={"currency": currency, "rules": {"preset": "bavarian"}, "players": FOUR, "deals": [
                {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}]},
            headers={"X-Edit-Key": group["edit_key"]},
        )
        assert started.status == 201, started.text()
    phone.open(group["edit_url"])
    ids["mixed"] = group["id"]
    return ids


def _played_tournament(phone: Phone) -> str:
    """A Preisschafkopf of nine (a table of five and one of four), its first round drawn, a deal played."""
    made = phone.page.request.post(phone.base_url + "/api/tournaments", data={
        "name": "Preisschafkopf beim Ochsenwirt", "players": [*FIVE, "Walburga", "Maximilian", "Kunigunde", "Xaver"],
        "rules": {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"],
                  "table_points": {"system": "1/5"}},
        "rounds": 3, "deals_per_round": 32})
    assert made.status == 201, made.text()
    tournament = made.json()
    drawn = phone.page.request.post(f"{phone.base_url}/api/tournaments/{tournament['id']}/rounds",
                                    data={"seed": "a11y"}, headers={"X-Edit-Key": tournament["edit_key"]})
    assert drawn.status == 201, drawn.text()
    table = drawn.json()["tables"][0]
    played = phone.page.request.post(
        f"{phone.base_url}/api/lists/{table['list']['id']}/deals",
        data={"game": "solo", "declarer": table["players"][1], "points": 80},
        headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert played.status == 201, played.text()
    return str(tournament["id"])


# -- the checks ------------------------------------------------------------------------------

#: axe's violations, each with its first nodes, in a form that prints well.
RUN_AXE = """
async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}
"""

#: How wide the page is, which elements stick out of the viewport (the outermost
#: ones), and which boxes scroll sideways inside the page. A data table may scroll in
#: its own labelled, focusable region (role=region, tabindex=0), nothing else may.
MEASURE = """
(width) => {
  const region = '[role=region][tabindex="0"]';
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className.trim()
       ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const sticksOut = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 1 || box.left < -1);
  };
  const wide = [], scrollers = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el.parentElement.closest(region)) continue;
    const box = el.getBoundingClientRect();
    if (sticksOut(el) && !(el.parentElement !== document.body && sticksOut(el.parentElement))) {
      wide.push(`${name(el)} from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
    }
    const overflow = getComputedStyle(el).overflowX;
    if (overflow === "visible" && !sticksOut(el) && box.left + el.scrollWidth > width + 1) {
      wide.push(`the content of ${name(el)} ("${el.innerText.trim().slice(0, 30)}"), `
                + `${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    if ((overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth + 1
        && !el.matches(region) && !el.matches("input, textarea, select")) {
      scrollers.push(`${name(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
  }
  return {width: document.documentElement.scrollWidth, wide: wide.slice(0, 8), scrollers};
}
"""


def axe_violations(page: Page) -> list[str]:
    """Each serious or critical violation axe finds on the page, with where."""
    found = page.evaluate(RUN_AXE, WCAG_TAGS)
    return [
        f"axe {v['id']} ({v['impact']}): {v['help']} at {'; '.join(v['nodes'])}"
        for v in found if v["impact"] in BLOCKING
    ]


def sideways(page: Page, width: int, what: str) -> list[str]:
    """What scrolls sideways at this viewport width.

    The page's width is held to the width set, not to ``window.innerWidth``: a mobile
    browser widens its layout viewport to show a page that is too wide, whole.
    """
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    measured = page.evaluate(MEASURE, width)
    problems = []
    if measured["width"] > width + 1:
        problems.append(f"{what}: the page is {measured['width']} px wide in {width} px: "
                        + ", ".join(measured["wide"]))
    problems += [f"{what}: scrolls sideways inside: {box}" for box in measured["scrollers"]]
    return problems


def reflow_problems(phone: Phone, name: str) -> list[str]:
    """Sideways scrolling at 200 % text (360 px wide) and at 320 px (Reflow)."""
    page = phone.page
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    problems = sideways(page, ZOOM_WIDTH, "200 % text")
    if name:
        phone.screenshot(name)
    page.evaluate("document.documentElement.style.fontSize = ''")
    problems += sideways(page, REFLOW_WIDTH, "320 px")
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    return problems


@pytest.mark.parametrize("visit", VISITS, ids=[v.name for v in VISITS])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_has_no_serious_violation_and_reflows_at_200_percent_and_320_px(
    a11y_phone: Phone, content: dict[str, str], lang: str, visit: Visit,
) -> None:
    phone = a11y_phone
    page = phone.page
    phone.watch.console_errors.clear()
    path = visit.path.format(**content)
    response = page.goto(f"{phone.base_url}/lang/{lang}?next={quote(path, safe='/')}")
    assert response is not None and response.status == visit.status, (
        f"{visit.name}: {path} answered {response.status if response else None}")
    assert page.get_attribute("html", "lang") == lang
    # The words are the language's too (in German only once the catalog is compiled).
    assert (page.get_attribute("nav.lang", "aria-label") == "Language") == (lang == "en")
    if visit.act:
        visit.act(page)
    # What is folded away (deleted deals, house rules, pictures) is checked unfolded.
    page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")

    problems = axe_violations(page)
    # A few pages are kept as pictures at 200 % (in German, the longer words), to look at.
    shot = f"a11y-200pct-{visit.name}-{lang}" if visit.screenshot and lang == "de" else ""
    problems += reflow_problems(phone, shot)
    # An error page's own status shows as a failed load in the console; nothing else may.
    problems += [f"console: {error}" for error in phone.watch.console_errors
                 if not (visit.status != 200 and f"status of {visit.status}" in error)]
    assert not problems, f"{visit.name} ({lang}, {path}):\n  " + "\n  ".join(problems)


def test_every_page_of_the_app_is_visited_or_excluded(live_server: LiveServer) -> None:
    """Each GET route is a page visited above, or excluded with a reason."""
    app = live_server.app
    adapter = app.url_map.bind("localhost")
    anything: defaultdict[str, str] = defaultdict(lambda: "1")  # fits string and int parts alike
    visited = {
        adapter.match(urlsplit(visit.path.format_map(anything)).path, method="GET")[0]
        for visit in VISITS if visit.status == 200
    }
    routes = {rule.endpoint for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ())}
    assert routes - visited - EXCLUDED.keys() == set(), "pages neither visited nor excluded"
    assert EXCLUDED.keys() - routes == set(), "excluded routes the app no longer has"
    assert visited & EXCLUDED.keys() == set(), "visited and excluded at once"
