"""Item 4c: a change of seats made on the settings page while deals wait on the phone waits
behind them, and reaches the server after them, to count from the deal after them.

The phone enters deals without reception; with the signal back but the API still out of
reach (a weak signal: pages load, the sync's requests fail), the person changes the seating.
The change is kept on the phone in the same queue (settings.js), the list says it waits,
and once requests get through offline.js sends the deals, then the change
(``POST /api/lists/ID/changes`` with ``from``).
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, Phone, create_list_by_api
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.e2e.test_help_and_rights import speak
from tests.e2e.test_offline import (
    FIVE_DEALS, banner, cellar_phone, enter_offline, open_list_and_keep_it, same_deals, server,
    stored_deals, wait_until_kept, waiting_in_store,
)
from tests.e2e.test_offline_after_save import put_waiting
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["cellar_phone"]  # the fixture, used by name

FIRST = {"game": "solo", "declarer": "Bene", "points": 75}
ONE, TWO = FIVE_DEALS[0], FIVE_DEALS[2]
#: Bene and Chris swap seats.
SWAPPED = ["Anna", "Chris", "Bene", "Dora"]

WORDS = {
    "en": {
        "note": "2 deals entered on this phone have not reached the server yet. A change made here waits "
                "on this phone behind them and is sent after them: it counts from deal 4.",
        "rename": "Correcting a name is sent at once, not after them: send the waiting deals first, "
                  "with reception on the list.",
        "apply": "Apply the seats from deal 4",
        "queued": "The change of players and rules waits on this phone: it is sent after the 2 deals "
                  "waiting before it, and counts from deal 4.",
        "summary": "Seats from deal 4 on: Anna, Chris, Bene, Dora",
        "sent": "Sent: stored as No. 2–3. The change of players and rules counts from deal 4.",
    },
    "de": {
        "note": "2 auf diesem Handy eingetragene Spiele sind noch nicht beim Server angekommen. Eine "
                "Änderung hier wartet auf diesem Handy dahinter und wird nach ihnen gesendet: Sie gilt ab Spiel 4.",
        "rename": "Eine Namenskorrektur wird sofort gesendet, nicht nach ihnen: Sende die wartenden Spiele "
                  "zuerst, mit Empfang auf der Liste.",
        "apply": "Plätze ab Spiel 4 übernehmen",
        "queued": "Die Änderung der Spieler und Regeln wartet auf diesem Handy: Sie wird nach den 2 davor "
                  "wartenden Spielen gesendet und gilt ab Spiel 4.",
        "summary": "Plätze ab Spiel 4: Anna, Chris, Bene, Dora",
        "sent": "Gesendet: gespeichert als Nr. 2–3. Die Änderung der Spieler und Regeln gilt ab Spiel 4.",
    },
}


def weak_signal(page: Page, list_id: str) -> None:
    """Pages load, but no request to the list's API gets through."""
    page.route(f"**/api/lists/{list_id}/**", lambda route: route.abort("internetdisconnected"))


def swap_seats(page: Page, seating: list[str]) -> None:
    for seat, who in enumerate(seating, start=1):
        page.locator(f'input[name="change-player_{seat}"]').fill(who)


def apply_change(page: Page, form: str = "change") -> None:
    """Tap the seats form's button (``form="rules"``: the rules form's) and wait for the list."""
    with page.expect_navigation():
        page.locator(f'form[action$="/settings/{form}"] button[type=submit]').tap()


def stored_list(live_server: LiveServer, list_id: str) -> dict[str, Any]:
    return dict(server(live_server, "GET", f"/api/lists/{list_id}"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_seating_change_made_while_two_deals_wait_counts_from_the_deal_after_them(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    page = cellar_phone.page
    words = WORDS[lang]
    cellar_phone.context.add_init_script(path=str(AXE))
    list_id = open_list_and_keep_it(cellar_phone, deals=[FIRST])
    cellar_phone.context.set_offline(True)
    enter_offline(cellar_phone, ONE)
    enter_offline(cellar_phone, TWO)
    assert waiting_in_store(page) == 2

    weak_signal(page, list_id)
    cellar_phone.context.set_offline(False)
    speak(cellar_phone, lang, f"/l/{list_id}/settings")
    note = page.locator("[data-waiting-list]")
    expect(note).to_have_text(words["note"] + " " + words["rename"])
    button = page.locator('form[action$="/settings/change"] button[type=submit]')
    expect(button).to_have_text(words["apply"])
    assert axe_violations(page) + reflow_problems(cellar_phone, "") == []
    cellar_phone.screenshot(f"offline-change-settings-{lang}")

    swap_seats(page, SWAPPED)
    apply_change(page)
    assert page.url.endswith(f"/l/{list_id}")
    expect(page.locator("main > p[data-queued]")).to_have_text(words["queued"])
    waiting = page.locator("tbody[data-waiting-row]")
    expect(waiting).to_have_count(3)
    expect(waiting.first).to_contain_text(words["summary"])  # entered last: the row on top
    assert waiting_in_store(page) == 3
    assert len(stored_deals(live_server, list_id)) == 1 and not stored_list(live_server, list_id).get("changes")
    assert axe_violations(page) + reflow_problems(cellar_phone, "") == []
    cellar_phone.screenshot(f"offline-change-queued-{lang}")

    # The signal goes, and comes back whole.
    cellar_phone.context.set_offline(True)
    page.unroute_all()
    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_have_text(words["sent"], timeout=20_000)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(0)
    assert waiting_in_store(page) == 0

    document = stored_list(live_server, list_id)
    assert same_deals(document["deals"], [FIRST, ONE, TWO])
    # Only the seats change: the seats form sends no rule.
    assert document["changes"] == [{"from": 4, "players": SWAPPED}]
    # Deal 3 was dealt by Bene (Dora, Anna, Bene); in the new seating Dora sits after him.
    status = server_add(live_server, list_id, page, FIRST)
    assert status == 201
    fourth = stored_deals(live_server, list_id)[3]
    assert fourth["dealer"] == "Dora"


def server_add(live_server: LiveServer, list_id: str, page: Page, deal: dict[str, Any]) -> int:
    """Add a deal as another phone would, past this phone's network, with the edit key it holds."""
    key = page.evaluate("""async () => {
        const data = document.querySelector("[data-offline]").dataset;
        return (await (await fetch(data.keyUrl)).json()).key;
    }""")
    request = urllib.request.Request(
        f"{live_server.url}/api/lists/{list_id}/deals", method="POST", data=json.dumps(deal).encode(),
        headers={"Content-Type": "application/json", "X-Edit-Key": key},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return int(response.status)


def test_deals_kept_by_the_phone_before_changes_could_wait_go_out_before_the_change(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    # Records without a kind, as offline.js kept every deal before: they are deals, and go first.
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    weak_signal(page, list_id)
    put_waiting(page, list_id, ONE)
    put_waiting(page, list_id, TWO)
    cellar_phone.open(f"/l/{list_id}/settings")
    expect(page.locator("[data-waiting-list]")).to_contain_text("it counts from deal 3.")
    swap_seats(page, SWAPPED)
    page.locator('select[name="change-first_dealer"]').select_option("1")  # Anna deals deal 3
    apply_change(page)
    # A house rule changes too, on the rules page: the Solo's tariff, for the same deal.
    cellar_phone.open(f"/l/{list_id}/settings/rules")
    expect(page.locator("[data-waiting-list]")).to_contain_text("it counts from deal 3.")
    page.locator('details:has(input[name="change-tariff_solo"]) summary').tap()
    page.locator('input[name="change-tariff_solo"]').fill("60")
    apply_change(page, "rules")
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(4)
    queued = page.evaluate(QUEUED_CHANGE, list_id)
    seats, rules = (next(c for c in queued if part in c) for part in ("players", "rules"))
    assert "rules" not in seats and "players" not in rules
    # The rules change keeps the dealer the seats change waiting before it chose.
    assert rules["next_dealer"] == seats["next_dealer"] == "Anna"

    page.unroute_all()
    cellar_phone.context.set_offline(True)
    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_contain_text("Sent: stored as No. 1–2.", timeout=20_000)
    assert waiting_in_store(page) == 0
    document = stored_list(live_server, list_id)
    assert same_deals(document["deals"], [ONE, TWO])
    assert document["changes"] == [
        {"from": 3, "players": SWAPPED, "rules": {"tariffs": {"solo": 60}}, "first_dealer": "Anna"}
    ]


def test_a_change_the_server_refuses_stays_with_its_reason_holds_back_what_follows_and_can_be_dropped(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    list_id = open_list_and_keep_it(cellar_phone)
    weak_signal(page, list_id)
    put_waiting(page, list_id, ONE)
    cellar_phone.open(f"/l/{list_id}/settings")
    expect(page.locator("[data-waiting-list]")).to_contain_text("it counts from deal 2.")
    swap_seats(page, SWAPPED)
    apply_change(page)
    # Another phone adds a deal meanwhile: the change, made for deal 2, now comes after deal 2.
    assert server_add(live_server, list_id, page, FIRST) == 201
    put_waiting(page, list_id, TWO)  # a deal entered after the change: it waits behind it
    page.reload()
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(3)

    page.unroute_all()
    cellar_phone.context.set_offline(True)
    cellar_phone.context.set_offline(False)
    refused = page.locator("tbody[data-waiting-row].refused")
    expect(refused).to_contain_text("the list's next deal is 3", timeout=20_000)
    expect(banner(page)).to_contain_text("The server refused the waiting change of players and rules")
    expect(refused.locator("a")).to_have_count(0)  # no Fix: it is made again on the settings page
    assert same_deals(stored_deals(live_server, list_id), [FIRST, ONE])
    assert not stored_list(live_server, list_id).get("changes")
    assert waiting_in_store(page) == 2

    page.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button").tap()
    expect(banner(page)).to_contain_text("Sent: stored as No. 3.", timeout=20_000)
    assert same_deals(stored_deals(live_server, list_id), [FIRST, ONE, TWO])
    assert not stored_list(live_server, list_id).get("changes")
    assert waiting_in_store(page) == 0


QUEUED_CHANGE = """(list) => new Promise((resolve, reject) => {
    const open = indexedDB.open("scorer-offline", 1);
    open.onsuccess = () => {
        const found = open.result.transaction("deals").objectStore("deals").index("list").getAll(list);
        found.onsuccess = () => resolve(found.result.filter((record) => record.kind === "change").map((r) => r.change));
    };
    open.onerror = () => reject(open.error);
})"""


@pytest.mark.parametrize("rules, players", [
    ({"preset": "bavarian", "bock": {}, "stock": {}, "durchmarsch": "all"}, ["Anna", "Bene", "Chris", "Dora"]),
    ({"preset": "bavarian3"}, ["Anna", "Bene", "Chris"]),
    ({"preset": "german"}, ["Anna", "Bene", "Chris", "Dora"]),
    ({"preset": "sheepshead"}, ["Anna", "Bene", "Chris", "Dora", "Emil"]),
    ({"preset": "sheepshead3"}, ["Anna", "Bene", "Chris"]),
], ids=lambda value: value["preset"] if isinstance(value, dict) else len(value))
def test_the_rules_a_kept_change_sends_are_the_rules_the_form_shows(
    cellar_phone: Phone, live_server: LiveServer, rules: dict[str, Any], players: list[str],
) -> None:
    # settings.js reads the rules off the rules page's fields as the server's form does: the form
    # left as it is sends the rules in force, whatever the family and its groups of rules.
    from scorer.engine import parse_rules

    page = cellar_phone.page
    list_id = create_list_by_api(cellar_phone, {"rules": rules, "players": players, "deals": []})
    wait_until_kept(page, list_id)
    weak_signal(page, list_id)
    put_waiting(page, list_id, {"game": "passed"})
    cellar_phone.open(f"/l/{list_id}/settings/rules")
    expect(page.locator("[data-waiting-list]")).to_contain_text("it counts from deal 2.")
    apply_change(page, "rules")
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(2)
    [change] = page.evaluate(QUEUED_CHANGE, list_id)
    # The rules form sends the rules only: the seats stay as they are in force.
    assert change["from"] == 2 and "players" not in change and "next_dealer" not in change
    in_force = stored_list(live_server, list_id)["rules"]
    sent = change["rules"]
    assert set(sent) <= set(in_force)
    merged = {**in_force, **{key: {**in_force[key], **value} if key in ("tariffs", "laufende_from") else value
                             for key, value in sent.items()}}
    assert parse_rules(merged).to_dict() == parse_rules(in_force).to_dict()
