"""The offline mode after a save became one request (deal.js): the list shown in place
of the form behaves as a loaded list for offline.js; a save without signal (the phone
says online, but no answer comes) waits on the phone and is stored once; a refusal
of a waiting deal speaks the phone's language; the service worker keeps no copy of
the page that asks, once, to keep the edit link.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Hand, LiveServer, Phone
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.e2e.test_help_and_rights import WORDS, speak, start_list
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)
from tests.e2e.test_offline import (
    FIVE_DEALS, KEPT, banner, cellar_phone, open_list_and_keep_it, same_deals, server, stored_deals,
    waiting_in_store, waiting_on_screen, wait_until_kept,
)

__all__ = ["cellar_phone"]  # the fixture, used by name

SAUSPIEL = FIVE_DEALS[0]
FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]


def enter(page: Page, deal: dict[str, Any]) -> None:
    """Open the deal form from the list and save this deal in it."""
    hand = Hand(page)
    hand.new_deal()
    expect(page.get_by_role("radio", name="Sauspiel")).to_be_attached()
    hand.enter(deal)


def test_the_list_shown_after_a_save_behaves_as_a_loaded_list_without_reception(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    open_list_and_keep_it(cellar_phone)
    enter(page, SAUSPIEL)
    expect(page.get_by_role("status").first).to_have_text("Deal 1 saved.")
    assert page.locator("form[data-deal-form]").count() == 0  # one request: the form was replaced
    expect(page.locator("table.block")).to_be_attached()

    cellar_phone.context.set_offline(True)
    expect(banner(page)).to_contain_text("No reception")
    expect(page.locator("section.totals")).to_contain_text("Totals as of the last sync")
    # A page the phone never kept needs the server: said so, instead of the browser's error page.
    page.get_by_role("link", name="Settle up").tap()
    expect(banner(page)).to_have_text("That needs reception. Entering deals works without it.")
    assert page.locator("section.totals").count() == 1
    # The settings page is kept with the list (a change made there offline waits on the phone).
    page.get_by_role("link", name="Players and rules").tap()
    expect(page.get_by_role("heading", name="Players", level=1)).to_be_visible()
    assert page.evaluate("document.documentElement.hasAttribute('data-kept')")


def test_a_save_without_signal_waits_on_the_phone_and_is_stored_once_when_it_returns(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    # The phone says it is online, but no request gets through: not the save, not the sync.
    cut = lambda route: route.abort("internetdisconnected")  # noqa: E731
    page.route(f"**/l/{list_id}/deals/new", lambda route: cut(route) if route.request.method == "POST"
               else route.continue_())
    page.route(f"**/api/lists/{list_id}/deals", cut)
    enter(page, SAUSPIEL)

    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)
    # In the totals or not, as the live preview did or did not answer before Save: scored once stored.
    state = waiting_on_screen(page)[0]
    assert "waiting for reception · " in state and state.endswith(" · scored once stored"), state
    expect(banner(page)).to_contain_text("Waiting for reception: 1.")
    assert stored_deals(live_server, list_id) == []
    assert waiting_in_store(page) == 1

    page.unroute_all()
    expect(banner(page)).to_contain_text("Sent: stored as No. 1.", timeout=20_000)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    assert same_deals(stored_deals(live_server, list_id), [SAUSPIEL])
    assert waiting_in_store(page) == 0


def test_a_save_whose_answer_comes_too_late_is_kept_and_stored_once(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    held: list[Route] = []

    def reach_but_never_answer(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fetch()  # the server stores the deal ...
        held.append(route)  # ... and its answer never reaches the phone

    page.route(f"**/l/{list_id}/deals/new", reach_but_never_answer)
    Hand(page).new_deal()
    expect(page.get_by_role("radio", name="Sauspiel")).to_be_attached()
    page.locator("form[data-deal-form]").evaluate("(form) => { form.dataset.savePatience = '1500'; }")
    Hand(page).enter(SAUSPIEL)

    expect(page.locator("table.block tbody.deal")).to_have_count(1, timeout=20_000)
    assert held, "the save reached the server"
    assert same_deals(stored_deals(live_server, list_id), [SAUSPIEL])
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(0)
    assert waiting_in_store(page) == 0
    page.wait_for_timeout(1500)
    assert len(stored_deals(live_server, list_id)) == 1


def test_a_save_whose_answer_is_lost_after_the_server_stored_it_is_stored_once(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    # The connection drops after the server stored the deal: the phone hears nothing.
    server(live_server, "POST", "/test/offline/drop-after-store?count=1")
    enter(page, SAUSPIEL)

    expect(page.locator("table.block tbody.deal")).to_have_count(1, timeout=20_000)
    assert server(live_server, "GET", "/test/offline/dropped") == {"count": 0, "dropped": 1}
    assert same_deals(stored_deals(live_server, list_id), [SAUSPIEL])
    page.wait_for_timeout(1500)
    assert waiting_in_store(page) == 0
    assert len(stored_deals(live_server, list_id)) == 1


def put_waiting(page: Page, list_id: str, deal: dict[str, Any], key: str | None = None) -> None:
    """Keep a deal in the phone's store, as offline.js does for one entered offline (under ``key``)."""
    page.evaluate(
        """([list, deal, key]) => new Promise((resolve, reject) => {
            const open = indexedDB.open("scorer-offline", 1);
            open.onsuccess = () => {
                const tx = open.result.transaction("deals", "readwrite");
                tx.objectStore("deals").put({ list: list, key: key || crypto.randomUUID(), deal: deal,
                    fields: [], summary: "Sauspiel", state: "waiting", at: Date.now() });
                tx.oncomplete = () => resolve();
                tx.onerror = () => reject(tx.error);
            };
            open.onerror = () => reject(open.error);
        })""",
        [list_id, deal, key],
    )


def test_a_waiting_deal_whose_key_stored_a_deal_already_says_it_is_sent_with_that_deals_number(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    # The form's own request stored the deal under its token; the phone heard nothing, and
    # keeps it under the same token, as the form had it (here: another deal, to the server).
    status = page.evaluate(
        """async (deal) => {
            const data = document.querySelector("[data-offline]").dataset;
            const key = (await (await fetch(data.keyUrl)).json()).key;
            const answer = await fetch(data.apiUrl, { method: "POST", body: JSON.stringify(deal), headers: {
                "Content-Type": "application/json", "X-Edit-Key": key, "Idempotency-Key": "the-forms-token" } });
            return answer.status;
        }""",
        SAUSPIEL,
    )
    assert status == 201
    put_waiting(page, list_id, dict(SAUSPIEL, points=73), key="the-forms-token")
    page.reload()

    expect(banner(page)).to_contain_text("Sent: stored as No. 1.", timeout=20_000)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(0)
    assert waiting_in_store(page) == 0
    assert same_deals(stored_deals(live_server, list_id), [SAUSPIEL])


def test_a_waiting_deal_the_server_refuses_says_why_in_the_language_of_the_page(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    speak(cellar_phone, "de", f"/l/{list_id}")
    expect(page.get_by_role("link", name="Neues Spiel", exact=True)).to_be_visible()
    put_waiting(page, list_id, dict(SAUSPIEL, points=121))
    page.reload()

    refused = page.locator("tbody[data-waiting-row].refused")
    expect(refused).to_contain_text("121 sind mehr als die 120 Augen im Blatt")
    expect(banner(page)).to_contain_text("121 sind mehr als die 120 Augen im Blatt")
    assert "is more than" not in refused.inner_text()
    assert stored_deals(live_server, list_id) == []


def test_the_kept_list_never_shows_the_prompt_to_keep_the_edit_link_again(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    words = WORDS["en"]
    # The worker controls the phone before the list is made: it sees the page with the prompt.
    cellar_phone.open("/new?family=bavarian")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    start_list(page, words, f"Keller ({time.time_ns()})")
    expect(page.get_by_role("region", name=words["keep"])).to_be_visible()
    list_id = page.url.split("/l/")[1].split("?")[0]
    wait_until_kept(page, list_id)
    assert f"/l/{list_id}" in page.evaluate(KEPT, list_id)
    kept = page.evaluate("(id) => caches.match('/l/' + id).then((r) => r.text())", list_id)
    assert words["keep"] not in kept and "?key=" not in kept  # nor the edit key with it
    assert words["new deal"] in kept

    cellar_phone.context.set_offline(True)
    page.reload()
    expect(page.get_by_role("link", name=words["new deal"], exact=True)).to_be_visible()
    expect(page.get_by_role("region", name=words["keep"])).to_have_count(0)


def test_with_five_players_a_second_deal_entered_offline_has_the_next_dealer_sit_out(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone, FIVE)
    cellar_phone.context.set_offline(True)
    first = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
    enter(page, first)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)

    Hand(page).new_deal()
    # Emil dealt the first deal; Anna deals the second and sits it out, as the server will have it.
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Anna · sits out this deal")
    expect(page.get_by_role("heading", level=1)).to_have_text("Deal 2")
    assert page.title().startswith("Deal 2 · ")
    Hand(page).radio("Game", "Ramsch")
    points = page.get_by_role("group", name="Card points of each player", exact=True)
    expect(points.get_by_label("Emil", exact=True)).to_have_count(1)
    expect(points.get_by_label("Anna", exact=True)).to_have_count(0)
    Hand(page).radio("Game", "Sauspiel")
    declarer = page.get_by_role("group", name="Declarer", exact=True)
    expect(declarer.get_by_role("radio", name="Anna deals, sits out", exact=True)).to_be_disabled()
    expect(declarer.get_by_role("radio", name="Emil", exact=True)).to_be_enabled()
    cellar_phone.screenshot("offline-five-second-deal")
    second = {"game": "ramsch", "points": {"Bene": 30, "Chris": 40, "Dora": 20, "Emil": 30}}
    Hand(page).enter(second)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(2)

    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_contain_text("Sent: stored as No. 1–2.")
    kept = stored_deals(live_server, list_id)
    assert same_deals(kept, [first, second])
    assert waiting_in_store(page) == 0


def test_with_a_deal_waiting_the_live_preview_scores_the_next_deal_with_the_dealer_after_it(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone, FIVE)
    # Online, but the deals cannot be sent: one waits, and Emil dealt it.
    page.route(f"**/api/lists/{list_id}/deals", lambda route: route.abort("internetdisconnected"))
    put_waiting(page, list_id, {"game": "passed"})
    page.reload()
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)

    Hand(page).new_deal()
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Anna · sits out this deal")
    Hand(page).radio("Game", "Solo")
    Hand(page).radio("Declarer", "Chris")
    Hand(page).points(80)
    # Anna deals and sits out, as the server will have it once the waiting deal is stored.
    expect(page.locator('[data-payout="Anna"]')).to_have_text("0")
    expect(page.locator('[data-payout="Emil"]')).to_have_text("−40")
    expect(page.locator('[data-payout="Chris"]')).to_have_text("+120")
    assert stored_deals(live_server, list_id) == []


#: The settings page's note while deals wait on the phone (a change made there counts
#: from the next deal the server stores, so it would count for them too).
WAITING_HERE = {
    "en": ("A deal entered on this phone has not reached the server yet.",
           "2 deals entered on this phone have not reached the server yet."),
    "de": ("Ein auf diesem Handy eingetragenes Spiel ist noch nicht beim Server angekommen.",
           "2 auf diesem Handy eingetragene Spiele sind noch nicht beim Server angekommen."),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_settings_page_says_how_many_deals_wait_on_the_phone_before_anything_is_changed(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    page = cellar_phone.page
    one, two = WAITING_HERE[lang]
    cellar_phone.context.add_init_script(path=str(AXE))  # the note is checked as the accessibility tests do
    list_id = open_list_and_keep_it(cellar_phone)
    note = page.locator("[data-waiting-list]")
    speak(cellar_phone, lang, f"/l/{list_id}/settings")
    expect(page.locator("form[action$='/settings/change']")).to_be_visible()
    expect(note).to_be_hidden()  # nothing waits

    # Two deals wait: the server refuses the first, which holds back the second.
    put_waiting(page, list_id, dict(SAUSPIEL, points=121))
    put_waiting(page, list_id, SAUSPIEL)
    page.reload()
    expect(note).to_be_visible()
    expect(note).to_contain_text(two)
    expect(note).to_have_attribute("role", "status")
    assert axe_violations(page) + reflow_problems(cellar_phone, "") == []
    cellar_phone.screenshot(f"settings-deals-waiting-{lang}")

    # Another list on the same phone counts its own: one.
    other = open_list_and_keep_it(cellar_phone)
    put_waiting(page, other, dict(SAUSPIEL, points=121))
    speak(cellar_phone, lang, f"/l/{other}/settings")
    expect(note).to_contain_text(one)
    assert stored_deals(live_server, list_id) == [] and stored_deals(live_server, other) == []
