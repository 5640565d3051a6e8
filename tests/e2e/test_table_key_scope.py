"""A table's phone once the next round is drawn reads its list only; the organiser's phone corrects it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import NARROW, LiveServer, Phone, new_phone, small_targets
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
EIGHT = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Ferdinand", "Gunhild", "Hieronymus"]

WORDS = {
    "en": {"over": "This table's round is over", "settle": "Settle up", "new": "New deal",
           "where": "Cup · round 1 · table 1", "save": "Save",
           "corrected": "Deal 1 edited by the organiser", "heading": "The organiser's corrections"},
    "de": {"over": "Die Runde dieses Tisches ist vorbei", "settle": "Abrechnen", "new": "Neues Spiel",
           "where": "Cup · Runde 1 · Tisch 1", "save": "Speichern",
           "corrected": "Spiel 1 von der Turnierleitung geändert",
           "heading": "Berichtigungen der Turnierleitung"},
}


def clean(phone: Phone, what: str) -> None:
    """axe finds nothing serious, nothing scrolls sideways at 200 % text, every target is big enough."""
    page = phone.page
    assert axe_violations(page) == [], what
    assert reflow_problems(phone, "") == [], what
    page.set_viewport_size({"width": NARROW, "height": 740})
    assert small_targets(page) == [], what


def api(phone: Phone, method: str, path: str, key: str | None = None, body: Any = None) -> Any:
    answer = phone.page.request.fetch(phone.base_url + path, method=method, data=body,
                                      headers={"X-Edit-Key": key} if key else {})
    assert answer.ok, answer.text()
    return answer.json()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tables_phone_reads_only_once_the_next_round_is_drawn_and_the_organiser_corrects(
    small_phone: Phone, browser: Browser, live_server: LiveServer, lang: str,
) -> None:
    words = WORDS[lang]
    table = small_phone
    table.context.add_init_script(path=str(AXE))
    made = api(table, "POST", "/api/tournaments", body={
        "name": "Cup", "rules": RULES, "players": EIGHT, "rounds": 3, "deals_per_round": 8})
    tournament, key = made["id"], made["edit_key"]
    first = api(table, "POST", f"/api/tournaments/{tournament}/rounds", key)["tables"][0]
    list_id, seated = first["list"]["id"], first["seated"]
    for declarer in (0, 1):
        api(table, "POST", f"/api/lists/{list_id}/deals", first["list"]["edit_key"], {
            "game": "sauspiel", "declarer": seated[declarer], "partner": seated[declarer + 1], "points": 72})

    table.open(first["list"]["edit_url"])  # the QR code the table was handed
    page = table.open(f"/lang/{lang}?next=/l/{list_id}")
    expect(page.get_by_role("link", name=words["new"], exact=True)).to_be_visible()
    api(table, "POST", f"/api/tournaments/{tournament}/rounds", key)  # round 2: the table's round is over

    page = table.open(f"/l/{list_id}")
    expect(page.get_by_text(words["over"])).to_be_visible()
    expect(page.get_by_role("link", name=words["where"])).to_have_attribute("href", f"/t/{tournament}")
    expect(page.get_by_role("link", name=words["new"], exact=True)).to_have_count(0)
    expect(page.get_by_role("link", name=words["settle"])).to_have_count(0)
    expect(page.locator(f'a[href*="/l/{list_id}/deals/1/edit"]')).to_have_count(0)
    clean(table, "a table's list after its round")
    table.screenshot(f"table-after-its-round-{lang}")

    organiser = new_phone(browser, live_server, width=NARROW, height=740)
    try:
        organiser.context.add_init_script(path=str(AXE))
        organiser.open(made["edit_url"])
        organiser.open(f"/lang/{lang}?next=/l/{list_id}/deals/1/edit")
        edit = organiser.page
        edit.locator("#points").fill("31")  # the declarers lost: the organiser corrects the sheet
        edit.get_by_role("button", name=words["save"], exact=True).tap()
        expect(edit.get_by_role("heading", name=words["heading"])).to_be_visible()
        listed = organiser.open(f"/l/{list_id}")
        expect(listed.get_by_text(words["corrected"])).to_be_visible()
        clean(organiser, "the organiser's correction on the table's list")
        organiser.screenshot(f"table-corrected-by-the-organiser-{lang}")
        deals = api(organiser, "GET", f"/api/lists/{list_id}")
        assert deals["deals"][0]["points"] == 31 and deals["corrections"][0]["what"] == "edited"
    finally:
        organiser.context.close()
    organiser.watch.assert_clean()

    page = table.open(f"/l/{list_id}")  # the table's phone sees the correction too
    expect(page.get_by_text(words["corrected"])).to_be_visible()
