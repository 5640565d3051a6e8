"""The players page and the house-rules page on a 360 x 740 phone, in English and German.

Each page is short (about two screens before a group is unfolded), its targets
are 44 px, nothing scrolls sideways at 200 % text, axe finds nothing serious,
and each page's form sends only its part of a change: with reception to the
server's form, and offline through the phone's queue (settings.js) to the
API's changes (offline.js). Screenshots: tests/e2e/screenshots (``settings-page-*``).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NARROW, LiveServer, Phone, create_list_by_api, page_width, small_targets
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.e2e.test_help_and_rights import speak
from tests.e2e.test_offline import banner, cellar_phone, same_deals, stored_deals, wait_until_kept, waiting_in_store
from tests.e2e.test_offline_change import QUEUED_CHANGE, stored_list
from tests.e2e.test_offline_settings import KEPT_PAGE
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["cellar_phone"]  # the fixture, used by name

#: A screen of the phone the pages are made for, and the pages' budget: about two of them.
SCREEN = 740
BUDGET = 2 * SCREEN

FIRST = {"game": "solo", "declarer": "Bene", "points": 75}

#: The longest pages of each: Sheepshead seats eight, Bavarian has the most groups of rules.
LISTS = {
    "sheepshead": {"rules": {"preset": "sheepshead"},
                   "players": ["Anna", "Bene", "Chris", "Dora", "Emil", "Franz", "Gerda", "Hans"]},
    "bavarian": {"rules": {"preset": "bavarian", "bock": {}, "stock": {}},
                 "players": ["Anna", "Bene", "Chris", "Dora", "Emil"], "ends": {"kind": "deals", "count": 20}},
}


def height(page: Page) -> int:
    """How tall the page is, in CSS pixels."""
    return int(page.evaluate("document.documentElement.scrollHeight"))


def check_page(phone: Phone, name: str) -> None:
    """A settings page within its budget, with 44 px targets, no sideways scroll, nothing for axe."""
    page = phone.page
    expect(page.locator("details[open]")).to_have_count(0)
    assert height(page) <= BUDGET, f"{name} is {height(page)} px tall, over {BUDGET}"
    assert page_width(page) <= NARROW, f"{name} scrolls sideways"
    assert small_targets(page) == []
    assert axe_violations(page) == []
    assert reflow_problems(phone, f"settings-page-{name}-200") == []
    page.set_viewport_size({"width": NARROW, "height": SCREEN})


@pytest.mark.parametrize("family", LISTS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_settings_page_fits_in_two_screens_and_links_to_the_other(
    small_phone: Phone, lang: str, family: str,
) -> None:
    small_phone.context.add_init_script(path=str(AXE))
    list_id = create_list_by_api(small_phone, {**LISTS[family], "deals": []})
    page = speak(small_phone, lang, f"/l/{list_id}/settings")
    expect(page.locator("h1")).to_have_text({"en": "Players", "de": "Spieler"}[lang])
    expect(page.locator('form[action$="/settings/change"] input[name^="change-player_"]')).to_have_count(
        len(LISTS[family]["players"]) if family == "sheepshead" else 5)
    expect(page.locator('input[name^="change-tariff_"]')).to_have_count(0)
    small_phone.screenshot(f"settings-page-players-{family}-{lang}")
    check_page(small_phone, f"players-{family}-{lang}")

    with page.expect_navigation():
        page.locator("nav.settings-pages a", has_text={"en": "House rules", "de": "Hausregeln"}[lang]).tap()
    assert page.url.endswith(f"/l/{list_id}/settings/rules")
    expect(page.locator("h1")).to_have_text({"en": "House rules", "de": "Hausregeln"}[lang])
    expect(page.locator('input[name^="change-player_"]')).to_have_count(0)
    small_phone.screenshot(f"settings-page-rules-{family}-{lang}")
    check_page(small_phone, f"rules-{family}-{lang}")
    # The tariffs come first, their values in force in words beside the fields.
    tariffs = page.locator("details.section").first
    tariffs.locator("summary").tap()
    expect(tariffs.locator("table.rules-table tr").first).to_be_visible()
    expect(tariffs.locator('input[name^="change-tariff_"]').first).to_be_visible()

    with page.expect_navigation():
        page.locator("nav.settings-pages a", has_text={"en": "Players", "de": "Spieler"}[lang]).tap()
    assert page.url.endswith(f"/l/{list_id}/settings")


def test_each_form_sends_only_its_part(small_phone: Phone) -> None:
    list_id = create_list_by_api(small_phone, {**LISTS["bavarian"], "deals": [FIRST]})
    page = small_phone.open(f"/l/{list_id}/settings/rules")
    posted: list[Any] = []
    page.on("request", lambda request: posted.append(request.post_data) if request.method == "POST" else None)
    page.locator('details:has(input[name="change-tariff_solo"]) summary').tap()
    page.locator('input[name="change-tariff_solo"]').fill("60")
    with page.expect_navigation():
        page.locator('form[action$="/settings/rules"] button[type=submit]').tap()
    assert "change-player_" not in posted[0] and "change-tariff_solo=60" in posted[0]
    page = small_phone.open(f"/l/{list_id}/settings")
    page.locator('input[name="change-player_5"]').fill("")
    with page.expect_navigation():
        page.locator('form[action$="/settings/change"] button[type=submit]').tap()
    assert "change-tariff_" not in posted[1] and "change-player_1=Anna" in posted[1]
    # Both count from deal 2: the seats joined the rules waiting for it, and kept them.
    response = page.request.get(f"{small_phone.base_url}/api/lists/{list_id}")
    assert response.json()["changes"] == [
        {"from": 2, "players": ["Anna", "Bene", "Chris", "Dora"], "rules": {"tariffs": {"solo": 60}}}]


def wait_until_both_kept(page: Page, list_id: str, lang: str) -> None:
    """The service worker keeps both settings pages, each with its form, in the phone's language.

    Copies kept before the phone chose its language are in the other one: they are
    replaced a moment later, and only then is the cellar's copy the one to read.
    """
    spoken = f'<html lang="{lang}"'
    for _ in range(300):
        players = page.evaluate(KEPT_PAGE, f"/l/{list_id}/settings")
        rules = page.evaluate(KEPT_PAGE, f"/l/{list_id}/settings/rules")
        if ('data-change-form="seats"' in players and 'data-change-form="rules"' in rules
                and spoken in players and spoken in rules):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the settings pages are not kept")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_in_the_cellar_the_rules_page_opens_from_the_players_page_and_its_change_waits_with_only_the_rules(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    page = cellar_phone.page
    cellar_phone.context.add_init_script(path=str(AXE))
    list_id = create_list_by_api(cellar_phone, {"rules": {"preset": "bavarian"},
                                                "players": ["Anna", "Bene", "Chris", "Dora"], "deals": [FIRST]})
    wait_until_kept(page, list_id)
    speak(cellar_phone, lang, f"/l/{list_id}")
    wait_until_both_kept(page, list_id, lang)

    cellar_phone.context.set_offline(True)
    cellar_phone.open(f"/l/{list_id}/settings")
    assert page.evaluate("document.documentElement.hasAttribute('data-kept')")
    # The way to the rules works without reception: the phone keeps that page too.
    with page.expect_navigation():
        page.locator('nav.settings-pages a[href$="/settings/rules"]').tap()
    assert page.evaluate("document.documentElement.hasAttribute('data-kept')")
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("[data-waiting-list]")).to_contain_text(
        {"en": "It counts from deal 2.", "de": "Sie gilt ab Spiel 2."}[lang])
    assert axe_violations(page) == []
    # The currency settles the whole list: it is sent at once, so without reception it says so and waits nowhere.
    expect(page.locator("[data-waiting-list]")).to_contain_text(
        {"en": "Changing the currency needs reception.", "de": "Die Währung zu ändern braucht Empfang."}[lang])
    page.locator('form[action$="/settings/currency"] select').select_option("USD")
    page.locator('form[action$="/settings/currency"] button[type=submit]').tap()
    expect(banner(page)).to_contain_text({"en": "That needs reception.", "de": "Dafür braucht es Empfang."}[lang])
    assert page.url.endswith(f"/l/{list_id}/settings/rules")
    assert waiting_in_store(page) == 0
    page.locator('details:has(input[name="change-tariff_solo"]) summary').tap()
    page.locator('input[name="change-tariff_solo"]').fill("60")
    with page.expect_navigation():
        page.locator('form[action$="/settings/rules"] button[type=submit]').tap()
    assert page.url.endswith(f"/l/{list_id}")
    waiting = page.locator("tbody[data-waiting-row]")
    expect(waiting).to_have_count(1)
    expect(waiting.first).to_contain_text(
        {"en": "House rules from deal 2 on", "de": "Hausregeln ab Spiel 2"}[lang])
    [change] = page.evaluate(QUEUED_CHANGE, list_id)
    assert set(change) == {"from", "rules"} and change["from"] == 2
    cellar_phone.screenshot(f"settings-page-rules-queued-{lang}")

    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_contain_text({"en": "counts from deal 2", "de": "gilt ab Spiel 2"}[lang], timeout=20_000)
    assert waiting_in_store(page) == 0
    document = stored_list(live_server, list_id)
    assert same_deals(document["deals"], [FIRST])
    assert document["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 60}}}]
    assert "currency" not in document  # still euros
    assert len(stored_deals(live_server, list_id)) == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_rule_comes_back_in_its_open_group_and_axe_finds_nothing(small_phone: Phone, lang: str) -> None:
    small_phone.context.add_init_script(path=str(AXE))
    list_id = create_list_by_api(small_phone, {**LISTS["bavarian"], "deals": [FIRST]})
    page = speak(small_phone, lang, f"/l/{list_id}/settings/rules")
    page.locator('details:has(input[name="change-tariff_solo"]) summary').tap()
    page.locator('input[name="change-tariff_solo"]').fill("-5")
    with page.expect_navigation():
        page.locator('form[action$="/settings/rules"] button[type=submit]').tap()
    solo = page.locator('input[name="change-tariff_solo"]')
    expect(solo).to_be_visible()  # its group opens by itself
    expect(solo).to_have_attribute("aria-invalid", "true")
    assert page_width(page) <= NARROW
    assert small_targets(page) == []
    assert axe_violations(page) == []
    small_phone.screenshot(f"settings-page-rules-error-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_house_rules_page_settles_the_whole_list_in_dollars(small_phone: Phone, lang: str) -> None:
    small_phone.context.add_init_script(path=str(AXE))
    list_id = create_list_by_api(small_phone, {**LISTS["bavarian"], "deals": [FIRST, FIRST]})
    page = speak(small_phone, lang, f"/l/{list_id}/settle")
    expect(page.locator("main")).to_contain_text("€")
    page = speak(small_phone, lang, f"/l/{list_id}/settings/rules")
    form = page.locator('form[action$="/settings/currency"]')
    select = form.get_by_label({"en": "Settle the whole list in", "de": "Die ganze Liste abrechnen in"}[lang])
    expect(select).to_have_value("EUR")
    expect(form).to_contain_text({"en": "Every deal, those played too", "de": "Jedes Spiel, auch die gespielten"}[lang])
    check_page(small_phone, f"rules-currency-{lang}")
    select.select_option("USD")
    small_phone.screenshot(f"settings-page-rules-currency-{lang}")
    with page.expect_navigation():
        form.locator("button[type=submit]").tap()
    assert page.url.endswith(f"/l/{list_id}")
    expect(page.locator("main")).to_contain_text(
        {"en": "The whole list now settles in: Dollar ($).", "de": "Die ganze Liste rechnet jetzt ab in: Dollar ($)."}[lang])
    page = speak(small_phone, lang, f"/l/{list_id}/settle")
    expect(page.locator("main")).to_contain_text("$")
    expect(page.locator("main")).not_to_contain_text("€")
    small_phone.screenshot(f"settings-page-settled-in-dollars-{lang}")
    # Both deals stay, and no change waits for the next deal: the currency is the whole list's.
    stored = page.request.get(f"{small_phone.base_url}/api/lists/{list_id}").json()
    assert stored["currency"] == "USD" and len(stored["deals"]) == 2 and "changes" not in stored
