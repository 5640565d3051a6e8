"""The money beside the totals is the server's: hidden while deals wait on the phone, back once stored.

A list in dollars shows each total with its money. Deals entered without
reception make the totals provisional; the money, worked out by the server
from the stored deals only, would then say a stale amount, so it is hidden
until the deals are stored and the page counts them.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import LiveServer, Phone
from tests.e2e.test_list_first_screen import (  # noqa: F401  (cellar_phone: the phone without reception)
    FOUR, SAUSPIEL, WAITING, WORDS, cellar_phone, enter_without_reception, kept_for_offline, speak,
)


def test_the_money_of_the_totals_hides_while_deals_wait_and_returns_once_stored(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    response = cellar_phone.page.request.post(cellar_phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian"}, "players": FOUR, "deals": [SAUSPIEL] * 3, "currency": "USD"})
    assert response.status == 201, response.text()
    links = response.json()
    page = speak(cellar_phone, "en", links["edit_url"])
    kept_for_offline(page, links["id"])
    money = page.locator("section.totals .money")
    expect(money).to_have_count(len(FOUR))
    expect(money.first).to_be_visible()
    expect(money.first).to_contain_text("$")
    before = money.first.inner_text()

    cellar_phone.context.set_offline(True)
    enter_without_reception(page, WORDS["en"], "Chris")
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)
    for at in range(len(FOUR)):
        expect(money.nth(at)).to_be_hidden()

    cellar_phone.context.set_offline(False)
    expect(page.locator("p.net")).to_contain_text("Sent: stored as No. 4.", timeout=20_000)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(0)
    for at in range(len(FOUR)):
        expect(money.nth(at)).to_be_visible()
    # Anna won the fourth Sauspiel too: her money counts it, as her points do.
    expect(money.first).not_to_have_text(before)
