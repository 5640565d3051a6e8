"""The help a phone opened opens again without reception, in the language chosen last.

When the table argues about a rule in the cellar, the help pages and the complete
reference this phone opened with reception load from the service worker's copy,
with their stylesheets; a help page never opened is not made up.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, Phone
from tests.e2e.test_group_offline import wait_until_kept
from tests.e2e.test_offline import cellar_phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["cellar_phone"]  # the fixture, used by name

#: What a kept help page needs besides itself.
ASSETS = {"/static/app.css", "/static/app.js", "/static/help.css"}

KEPT_LANGUAGE = """async (path) => {
    const kept = await (await caches.open("scorer-pages-1")).match(path);
    const match = kept && /<html lang="([^"]+)"/.exec(await kept.text());
    return match ? match[1] : null;
}"""


def wait_until_kept_in(page: Page, lang: str, paths: list[str]) -> None:
    """The service worker keeps each of these paths, written in this language."""
    for _ in range(100):
        if all(page.evaluate(KEPT_LANGUAGE, path) == lang for path in paths):
            return
        page.wait_for_timeout(100)
    kept = {path: page.evaluate(KEPT_LANGUAGE, path) for path in paths}
    raise AssertionError(f"not kept in {lang}: {kept}")


def open_with_the_worker(phone: Phone, path: str) -> Page:
    """Open a page and wait until the service worker controls it (the next page is kept as it loads)."""
    page = phone.open(path)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    return page


def help_css_applied(page: Page) -> bool:
    """Whether the help's own stylesheet styles the page."""
    return bool(page.evaluate(
        "[...document.styleSheets].some((s) => s.href && s.href.includes('/static/help.css'))"
    ))


def test_the_help_and_the_reference_opened_once_open_again_without_reception(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    phone = cellar_phone
    page = open_with_the_worker(phone, "/help")
    expect(page.get_by_role("heading", name="Help", level=1)).to_be_visible()
    page.get_by_role("link", name="Complete reference", exact=True).tap()
    expect(page.get_by_role("heading", name="How the scorer counts", level=1)).to_be_visible()
    wait_until_kept(page, {"/help", "/help/reference", *ASSETS})

    phone.context.set_offline(True)
    # Help pages never opened here are not made up, nor one asked with a query. A fresh
    # tab for each: this Chromium hangs closing a tab whose second load failed offline.
    for path in ("/help/glossary", "/help/bavarian", "/help?q=bock"):
        stranger = phone.context.new_page()
        with pytest.raises(Exception, match="net::ERR_"):
            stranger.goto(live_server.url + path)
        stranger.close()

    page.reload()
    expect(page.get_by_role("heading", name="How the scorer counts", level=1)).to_be_visible()
    assert help_css_applied(page)
    page.get_by_role("link", name="Help", exact=True).first.tap()
    expect(page.get_by_role("heading", name="The games", level=2)).to_be_visible()
    assert help_css_applied(page)
    # A link into a section of the reference finds it: the fragment is no part of the request.
    phone.open("/help/reference#settling-up")
    expect(page.get_by_role("heading", name="Settling up", level=2)).to_be_in_viewport()


def test_the_help_kept_offline_speaks_the_language_chosen_last(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    phone = cellar_phone
    page = open_with_the_worker(phone, "/help")
    page.get_by_role("link", name="Complete reference", exact=True).tap()
    expect(page.get_by_role("heading", name="How the scorer counts", level=1)).to_be_visible()
    wait_until_kept(page, {"/help", "/help/reference", *ASSETS})
    wait_until_kept_in(page, "en", ["/help", "/help/reference"])

    # German chosen on the reference: the switch leads back to it, kept now in German,
    # and the help index kept in English is fetched again in German.
    page.get_by_role("navigation", name="Language").get_by_role("link", name="DE").tap()
    expect(page.get_by_role("heading", name="Wie der Schreiber zählt", level=1)).to_be_visible()
    wait_until_kept_in(page, "de", ["/help", "/help/reference"])

    phone.context.set_offline(True)
    phone.open("/help/reference")
    expect(page.get_by_role("heading", name="Wie der Schreiber zählt", level=1)).to_be_visible()
    assert page.get_attribute("div.reference", "lang") == "de"
    phone.open("/help")
    expect(page.get_by_role("heading", name="Hilfe", level=1)).to_be_visible()
    assert page.get_attribute("html", "lang") == "de"
