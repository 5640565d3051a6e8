"""At a tournament table on a 360 px phone: a Herz-Solo where the system pays it more, and a forced
Sauspiel; on any Bavarian list, a Solo's suit typed without reception is stored with the deal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, Phone, create_list_by_api, new_phone, small_targets, stored
from tests.e2e.test_accessibility import AXE, axe_violations
from tests.e2e.test_offline import assert_no_errors_but_network, stored_deals, wait_until_kept
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

EIGHT = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Ferdinand", "Gunhild", "Hieronymus"]

WORDS = {
    "en": {"hearts": "Hearts", "acorns": "Acorns", "forced": "Forced game", "needed": "Tap the suit",
           "row": "Hearts solo 85", "must": "the first after the dealer, must play this Sauspiel"},
    "de": {"hearts": "Herz", "acorns": "Eichel", "forced": "Pflichtspiel", "needed": "Tippe die Farbe an",
           "row": "Herz-Solo 85", "must": "der Erste nach dem Geber, dieses Sauspiel spielen"},
}


def tournament_table(phone: Phone) -> dict[str, Any]:
    """A Niederfüllbach tournament whose passed hands are played as a forced Sauspiel; its first table."""
    api = phone.page.request
    made = api.post(phone.base_url + "/api/tournaments", data={
        "name": "Cup", "rules": {"preset": "bavarian", "table_points": {"system": "5-10-15", "passed": "forced"}},
        "players": EIGHT, "rounds": 2, "deals_per_round": 8})
    assert made.status == 201, made.text()
    tournament = made.json()
    drawn = api.post(f"{phone.base_url}/api/tournaments/{tournament['id']}/rounds",
                     headers={"X-Edit-Key": tournament["edit_key"]})
    assert drawn.status == 201, drawn.text()
    return dict(drawn.json()["tables"][0])


def payout(page: Page, who: str) -> Any:
    return page.locator(f'[data-payout="{who}"]')


def check_form(page: Page, what: str) -> None:
    """axe finds nothing serious or critical, and every target is big enough."""
    assert axe_violations(page) == [], what
    assert small_targets(page) == [], what


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_herz_solo_and_a_forced_sauspiel_at_a_tournament_table(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    phone.context.add_init_script(path=str(AXE))
    words = WORDS[lang]
    seated = tournament_table(phone)
    first, second, third, fourth = seated["players"]  # the first dealer is the last: the first plays first
    list_id = seated["list"]["id"]
    phone.open(f"/lang/{lang}?next=/")
    page = phone.open(f"/l/{list_id}?key={seated['list']['edit_key']}")
    page = phone.open(f"/l/{list_id}/deals/new")

    page.locator("#field-game").get_by_role("radio", name="Solo", exact=True).tap()
    suits = page.locator("#field-suit")
    expect(suits).to_be_visible()
    expect(suits.get_by_role("radio")).to_have_count(4)  # needed here: no "not said"
    page.locator("#field-declarer").get_by_role("radio", name=second, exact=True).tap()
    page.locator("#points").fill("85")
    expect(page.locator("[data-preview-message]")).to_contain_text(words["needed"])
    check_form(page, "the form with the Solo's suit")

    # Saved without the suit: refused at the suit, what was typed kept.
    with page.expect_navigation():
        page.locator(".deal-actions button[type=submit]").first.tap()
    expect(page.locator("#field-suit .field-error")).to_contain_text(words["needed"])
    expect(page.locator("#points")).to_have_value("85")
    expect(page.locator("#field-declarer").get_by_role("radio", name=second, exact=True)).to_be_checked()
    check_form(page, "the form refused at the suit")

    page.locator("#field-suit").get_by_role("radio", name=words["hearts"], exact=True).tap()
    expect(payout(page, second)).to_have_text("+90")  # the Herz-Solo's 30 from each
    expect(payout(page, first)).to_have_text("0")  # plus only: nobody below 0
    page.locator(".deal-actions button[type=submit]").first.tap()
    expect(page.locator("main")).to_contain_text(words["row"])
    (solo,) = stored(phone, list_id)["deals"]
    assert solo["suit"] == "hearts" and solo["payouts"][second] == 90

    page = phone.open(f"/l/{list_id}/deals/new")
    page.locator("#field-game").get_by_role("radio", name="Sauspiel", exact=True).tap()
    expect(page.locator("#field-toggles")).to_contain_text(f"{second}, {words['must']}")
    expect(page.locator("#field-suit")).to_be_hidden()
    page.locator("#field-declarer").get_by_role("radio", name=second, exact=True).tap()
    page.locator("#field-partner").get_by_role("radio", name=fourth, exact=True).tap()
    page.locator("#points").fill("60")
    page.get_by_role("checkbox", name=words["forced"], exact=True).tap()
    check_form(page, "the form with the forced game")
    expect(payout(page, second)).to_have_text("+5")  # won with 60
    expect(payout(page, fourth)).to_have_text("+5")
    expect(payout(page, third)).to_have_text("0")
    page.locator(".deal-actions button[type=submit]").first.tap()
    expect(page.locator("table.block tbody.deal")).to_have_count(2)
    forced = stored(phone, list_id)["deals"][1]
    assert forced["forced"] is True and forced["declarer"] == second
    assert forced["payouts"] == {first: 0, second: 5, third: 0, fourth: 5}


@pytest.fixture
def cellar_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 px phone that loses its signal: failed requests may be logged, nothing else."""
    phone = new_phone(browser, live_server, width=360, height=740)
    yield phone
    phone.context.close()
    assert_no_errors_but_network(phone)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_solo_s_suit_typed_without_reception_is_stored_with_the_deal(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    phone = cellar_phone
    words = WORDS[lang]
    phone.open(f"/lang/{lang}?next=/")
    # The worker is installed before the list opens, as on a phone that opened the app before:
    # this test is about a suit kept without reception, not about the very first visit.
    phone.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"]})
    page = phone.page
    wait_until_kept(page, list_id)
    phone.context.set_offline(True)
    page.locator("a[href$='/deals/new']").first.tap()
    page.locator("#field-game").get_by_role("radio", name="Solo", exact=True).tap()
    page.locator("#field-declarer").get_by_role("radio", name="Bene", exact=True).tap()
    page.locator("#field-suit").get_by_role("radio", name=words["acorns"], exact=True).tap()
    page.locator("#points").fill("95")
    page.locator(".deal-actions button[type=submit]").first.tap()
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)
    expect(page.locator("tbody[data-waiting-row]")).to_contain_text(words["acorns"])
    assert stored_deals(live_server, list_id) == []

    phone.context.set_offline(False)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    (deal,) = stored_deals(live_server, list_id)
    assert deal["game"] == "solo" and deal["suit"] == "acorns" and deal["points"] == 95
