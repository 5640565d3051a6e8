"""The players page in the cellar: the service worker keeps it, and a change of seats made
there without any reception waits on the phone (settings.js), even with no deal waiting
before it, and goes to the API's changes when the signal returns (offline.js). (The
house-rules page in the cellar: tests/e2e/test_settings_pages.py.)

With reception and nothing waiting, the form posts to the server as it always did.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, Phone
from tests.e2e.test_accessibility import AXE, axe_violations
from tests.e2e.test_help_and_rights import speak
from tests.e2e.test_offline import (
    banner, cellar_phone, open_list_and_keep_it, same_deals, stored_deals, waiting_in_store,
)
from tests.e2e.test_offline_change import apply_change, server_add, stored_list, swap_seats
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["cellar_phone"]  # the fixture, used by name

FIRST = {"game": "solo", "declarer": "Bene", "points": 75}
#: Anna goes home, Emil takes her seat (the one after Dora, who dealt deal 1).
NEW_SEATS = ["Emil", "Bene", "Chris", "Dora"]

WORDS = {
    "en": {
        "note": "No reception: a change of players and rules made here waits on this phone and is sent "
                "when reception returns. It counts from deal 2. Correcting a name needs reception.",
        "reception": "That needs reception. A change of players and rules made here waits on this phone "
                     "without it.",
        "queued": "The change of players and rules waits on this phone: it is sent when reception returns, "
                  "and counts from deal 2.",
        "summary": "Seats from deal 2 on: Emil, Bene, Chris, Dora",
        "sent": "The change of players and rules counts from deal 2.",
    },
    "de": {
        "note": "Kein Empfang: Eine Änderung der Spieler und Regeln hier wartet auf diesem Handy und wird "
                "gesendet, sobald der Empfang zurück ist. Sie gilt ab Spiel 2. Eine Namenskorrektur "
                "braucht Empfang.",
        "reception": "Dafür braucht es Empfang. Eine Änderung der Spieler und Regeln hier wartet ohne ihn "
                     "auf diesem Handy.",
        "queued": "Die Änderung der Spieler und Regeln wartet auf diesem Handy: Sie wird gesendet, sobald "
                  "der Empfang zurück ist, und gilt ab Spiel 2.",
        "summary": "Plätze ab Spiel 2: Emil, Bene, Chris, Dora",
        "sent": "Die Änderung der Spieler und Regeln gilt ab Spiel 2.",
    },
}

KEPT_PAGE = """async (path) => {
    const cache = await caches.open("scorer-pages-1");
    const kept = await cache.match(new URL(path, location.origin).href);
    return kept ? await kept.text() : "";
}"""


def wait_until_settings_kept(page: Page, list_id: str, lang: str) -> None:
    """The service worker keeps the settings page, in this language, and its script."""
    for _ in range(100):
        html = page.evaluate(KEPT_PAGE, f"/l/{list_id}/settings")
        if f'<html lang="{lang}"' in html and "data-change-form" in html:
            assets = page.evaluate("""async () => (await (await caches.open("scorer-pages-1")).keys())
                .map((r) => new URL(r.url).pathname)""")
            if "/static/settings.js" in assets and "/static/settings.css" in assets:
                return
        page.wait_for_timeout(100)
    raise AssertionError("the settings page is not kept")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_seating_change_made_in_the_cellar_waits_on_the_phone_and_counts_from_the_next_deal(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    page = cellar_phone.page
    words = WORDS[lang]
    cellar_phone.context.add_init_script(path=str(AXE))
    list_id = open_list_and_keep_it(cellar_phone, deals=[FIRST])
    # With reception: the list and its settings page, in the table's language.
    speak(cellar_phone, lang, f"/l/{list_id}")
    cellar_phone.open(f"/l/{list_id}/settings")
    expect(page.locator("[data-waiting-list]")).to_be_hidden()  # online, nothing waits: nothing to say
    wait_until_settings_kept(page, list_id, lang)

    # The cellar: the settings page opens from the copy the phone keeps.
    cellar_phone.context.set_offline(True)
    cellar_phone.open(f"/l/{list_id}/settings")
    assert page.evaluate("document.documentElement.hasAttribute('data-kept')")
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("[data-waiting-list]")).to_have_text(words["note"])
    assert axe_violations(page) == []
    cellar_phone.screenshot(f"offline-settings-{lang}")

    # A rename needs the server: it says so, and the page stays.
    page.locator('form[action$="/settings/rename"] button[type=submit]').tap()
    expect(banner(page)).to_have_text(words["reception"])
    assert page.url.endswith(f"/l/{list_id}/settings")
    assert waiting_in_store(page) == 0

    swap_seats(page, NEW_SEATS)
    apply_change(page)
    assert page.url.endswith(f"/l/{list_id}")
    expect(page.locator("main > p[data-queued]")).to_have_text(words["queued"])
    waiting = page.locator("tbody[data-waiting-row]")
    expect(waiting).to_have_count(1)
    expect(waiting.first).to_contain_text(words["summary"])
    assert waiting_in_store(page) == 1
    assert not stored_list(live_server, list_id).get("changes")

    # Reception returns: offline.js sends the change, to count from the next deal.
    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_have_text(words["sent"], timeout=20_000)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(0)
    assert waiting_in_store(page) == 0
    document = stored_list(live_server, list_id)
    assert same_deals(document["deals"], [FIRST])
    assert document["changes"] == [{"from": 2, "players": NEW_SEATS}]

    # The next deal follows the new seating: Emil plays, and deals after Dora (Anna would have).
    assert server_add(live_server, list_id, page, {"game": "solo", "declarer": "Emil", "points": 80}) == 201
    second = stored_deals(live_server, list_id)[1]
    assert second["declarer"] == "Emil"
    assert second["dealer"] == "Emil"


def test_with_reception_and_nothing_waiting_the_change_posts_to_the_server_at_once(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone, deals=[FIRST])
    cellar_phone.open(f"/l/{list_id}/settings")
    assert not page.evaluate("document.documentElement.hasAttribute('data-kept')")
    expect(page.locator("[data-waiting-list]")).to_be_hidden()
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    swap_seats(page, NEW_SEATS)
    apply_change(page)
    assert posted == [f"{live_server.url}/l/{list_id}/settings/change"]
    assert page.url.endswith(f"/l/{list_id}")
    expect(page.locator(".flash")).to_contain_text("Saved: this applies from deal 2 on.")
    assert stored_list(live_server, list_id)["changes"] == [{"from": 2, "players": NEW_SEATS}]
    assert waiting_in_store(page) == 0
    expect(page.locator("main > p[data-queued]")).to_have_count(0)


def test_the_kept_copy_keeps_the_change_on_the_phone_though_the_phone_says_it_is_online(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    # Opened without a network, the page is the worker's copy (its token may be old, the signal
    # weak): the change waits on the phone and goes through the API, never as the form's POST.
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone, deals=[FIRST])
    cellar_phone.open(f"/l/{list_id}/settings")
    wait_until_settings_kept(page, list_id, "en")
    cellar_phone.context.set_offline(True)
    cellar_phone.open(f"/l/{list_id}/settings")
    cellar_phone.context.set_offline(False)
    assert page.evaluate("navigator.onLine && document.documentElement.hasAttribute('data-kept')")
    expect(page.locator("[data-waiting-list]")).to_contain_text("It counts from deal 2.")
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    swap_seats(page, NEW_SEATS)
    apply_change(page)
    assert page.url.endswith(f"/l/{list_id}")
    expect(banner(page)).to_have_text(WORDS["en"]["sent"], timeout=20_000)
    assert posted == [f"{live_server.url}/api/lists/{list_id}/changes"]
    assert stored_list(live_server, list_id)["changes"] == [{"from": 2, "players": NEW_SEATS}]
    assert waiting_in_store(page) == 0
