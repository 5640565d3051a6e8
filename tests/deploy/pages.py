"""What the deploy tests do on the site: a phone's taps in either language, and the API's word.

The pages are found by their roles, fields and the catalog's words: ``say``
gives a page's words in the phone's language from the German catalog the
app reads, so one test runs in English and in German alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from babel.support import NullTranslations, Translations
from playwright.sync_api import Locator, Page, expect

from scorer.engine import score_document
from tests.deploy.client import Site
from tests.deploy.topology import ROOT
from tests.e2e.conftest import Phone, list_id_of

FOUR = ["Anna", "Bene", "Chris", "Dora"]


@cache
def _catalog(lang: str) -> NullTranslations:
    if lang == "en":
        return NullTranslations()
    return Translations.load(str(ROOT / "scorer" / "translations"), [lang])


def say(lang: str) -> Callable[..., str]:
    """The app's words in a language: ``say("de")("Deal %(number)s saved.", number=1)``."""
    catalog = _catalog(lang)

    def words(message: str, **values: Any) -> str:
        text = catalog.gettext(message)
        return text % values if values else text

    return words


# -- the API, past the browser ----------------------------------------------------------------


def api(site: Site, method: str, path: str, document: Any = None, **headers: str) -> Any:
    """Call the JSON API through nginx; give the answer's JSON (a 2xx is required)."""
    body = None if document is None else json.dumps(document).encode()
    answer = site.request(method, path, body, {"Content-Type": "application/json", **headers})
    assert 200 <= answer.status < 300, f"{method} {path}: {answer.status} {answer.text[:500]}"
    return json.loads(answer.body)


def stored(site: Site, list_id: str) -> dict[str, Any]:
    """What the server keeps of a list."""
    return dict(api(site, "GET", f"/api/lists/{list_id}"))


def list_by_api(site: Site, phone: Phone, deals: list[dict[str, Any]] | None = None,
                players: list[str] = FOUR) -> str:
    """A Bavarian list made through the API, its edit link opened on the phone."""
    made = api(site, "POST", "/api/lists", {"rules": {"preset": "bavarian"}, "players": players,
                                           "deals": deals or []})
    phone.open(made["edit_url"])
    expect(phone.page.locator("table.block")).to_be_attached()
    return str(made["id"])


def engine_totals(deals: list[dict[str, Any]], players: list[str] = FOUR) -> dict[str, int]:
    """The totals the engine gives a Bavarian list of these deals."""
    return dict(score_document({"rules": {"preset": "bavarian"}, "players": players, "deals": deals})["totals"])


# -- a phone's taps ---------------------------------------------------------------------------


def flash(page: Page) -> Locator:
    """The message on top of the page after a change."""
    return page.get_by_role("status").first


def new_list_by_form(phone: Phone, lang: str, title: str) -> str:
    """Home, New list, four names and a title, Start the list; give the list's id."""
    _ = say(lang)
    page = phone.open("/")
    with page.expect_navigation():
        page.get_by_role("link", name=_("New list"), exact=True).tap()
    expect(page.get_by_role("heading", name=_("New list"), level=1)).to_be_visible()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(_("Player %(n)s", n=seat), exact=True).fill(name)
    page.locator("input[name=title]").fill(title)
    with page.expect_navigation():
        page.get_by_role("button", name=_("Start the list"), exact=True).tap()
    expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()
    return list_id_of(page)


def fill_deal(page: Page, deal: dict[str, Any]) -> None:
    """Fill the open deal form with a Sauspiel or a solo game: game, declarer, partner, points."""
    page.locator(f'input[name="game"][value="{deal["game"]}"]').check()
    page.locator(f'input[name="declarer"][value="{deal["declarer"]}"]').check()
    if "partner" in deal:
        page.locator(f'input[name="partner"][value="{deal["partner"]}"]').check()
    page.locator("#points").fill(str(deal["points"]))


def new_deal(page: Page, list_id: str) -> None:
    """Tap New deal on the list page."""
    with page.expect_navigation():
        page.locator(f'a[href="/l/{list_id}/deals/new"]').first.tap()
    expect(page.locator("form[data-deal-form]")).to_be_visible()
