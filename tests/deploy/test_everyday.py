"""A table's everyday path over https through nginx, in Chromium, in English and German.

Every form here posts over https behind the proxy, where the CSRF check asks
for the site's own Referer: a new list, a deal with scripts (one fetch) and
without (the form's own post), undo and restore, the settings, an import
and a group.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.deploy.conftest import OpenPhone
from tests.deploy.pages import (
    FOUR, engine_totals, fill_deal, flash, list_by_api, new_deal, new_list_by_form, say, stored,
)
from tests.deploy.client import Site
from tests.e2e.conftest import block_on_screen, list_id_of, totals_on_screen, units

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 95}
WENZ = {"game": "wenz", "declarer": "Dora", "points": 50}
TITLES = {"en": "Friday at the Wirt", "de": "Freitag beim Wirt"}


@pytest.mark.any_port
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_new_list_takes_a_deal_with_scripts_and_one_without_and_undoes_and_restores(
    site: Site, phones: OpenPhone, lang: str,
) -> None:
    _ = say(lang)
    phone = phones(lang)  # the browser asks for the language (Accept-Language)
    list_id = new_list_by_form(phone, lang, TITLES[lang])
    page = phone.page
    assert page.locator("html").get_attribute("lang") == lang
    session = [cookie for cookie in phone.context.cookies() if cookie["name"] == "session"]
    assert session and session[0]["secure"] and session[0]["httpOnly"], session

    # With scripts: deal.js sends the form in one fetch, and the list takes the form's place.
    new_deal(page, list_id)
    page.evaluate("window.samePage = true")
    fill_deal(page, SAUSPIEL)
    page.locator(".deal-actions button.primary").tap()
    expect(flash(page)).to_have_text(_("Deal %(number)s saved.", number=1))
    assert page.evaluate("window.samePage") is True
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    assert totals_on_screen(page) == engine_totals([SAUSPIEL])

    # Undo from the message, then Restore from the next one: two form posts.
    with page.expect_navigation():
        page.locator(".flash-undo button").tap()
    expect(flash(page)).to_have_text(_("Deal %(number)s undone.", number=1))
    expect(page.locator("table.block tbody.deal")).to_have_count(0)
    assert stored(site, list_id)["deals"] == []
    restore = page.locator(".flash-undo button")
    expect(restore).to_have_text(_("Restore"))
    with page.expect_navigation():
        restore.tap()
    expect(flash(page)).to_have_text(_("The deal is back in the list."))
    expect(page.locator("table.block tbody.deal")).to_have_count(1)

    # The same phone with scripts off: the deal form's own post, and the list page after it.
    plain = phones(lang, scripts=False, storage_state=phone.context.storage_state())
    form = plain.open(f"/l/{list_id}/deals/new")
    fill_deal(form, SOLO)
    with form.expect_navigation():
        form.get_by_role("button", name=_("Save"), exact=True).click()
    expect(flash(form)).to_have_text(_("Deal %(number)s saved.", number=2))
    assert form.url == f"{site.url}/l/{list_id}"
    rows, totals = block_on_screen(form)
    expected = engine_totals([SAUSPIEL, SOLO])
    assert totals == [expected[name] for name in FOUR]
    assert len(rows) == 2
    kept = stored(site, list_id)
    assert [deal["game"] for deal in kept["deals"]] == ["sauspiel", "solo"]
    assert kept["totals"] == expected


def test_the_settings_page_in_german_by_the_switch_renames_a_player_and_changes_a_tariff(
    site: Site, phones: OpenPhone,
) -> None:
    phone = phones("en")
    list_id = list_by_api(site, phone, [{"game": "solo", "declarer": "Bnee", "points": 75}],
                          players=["Anna", "Bnee", "Chris", "Dora"])
    _ = say("de")
    page = phone.open(f"/lang/de?next=/l/{list_id}")  # the language switch on every page
    expect(page.locator("html")).to_have_attribute("lang", "de")
    with page.expect_navigation():
        page.locator(f'nav.links a[href="/l/{list_id}/settings"]').tap()

    page.locator('select[name="rename-old"]').select_option("Bnee")
    page.locator('input[name="rename-new"]').fill("Bene")
    with page.expect_navigation():
        page.locator('form[action$="/settings/rename"] button[type=submit]').tap()
    expect(page.locator(".flash").first).to_have_text(
        _("%(old)s is now called %(new)s, in every deal.", old="Bnee", new="Bene"))

    with page.expect_navigation():
        page.locator(f'nav.settings-pages a[href="/l/{list_id}/settings/rules"]').tap()
    page.locator('details:has(input[name="change-tariff_solo"]) summary').tap()
    page.locator('input[name="change-tariff_solo"]').fill("100")
    with page.expect_navigation():
        page.locator('form[action$="/settings/rules"] button[type=submit]').tap()
    expect(flash(page)).to_have_text(_("Saved: this applies from deal %(number)s on.", number=2))
    expect(page.locator("h1")).to_have_text("Anna · Bene · Chris · Dora")

    new_deal(page, list_id)
    fill_deal(page, {"game": "solo", "declarer": "Bene", "points": 75})
    page.locator(".deal-actions button.primary").tap()
    expect(flash(page)).to_have_text(_("Deal %(number)s saved.", number=2))
    rows, totals = block_on_screen(page)
    # The solo before the change pays the old tariff, the one after it the new.
    assert rows == [[-40, 120, -40, -40], [-100, 300, -100, -100]]
    assert totals == [-140, 420, -140, -140]
    kept = stored(site, list_id)
    assert kept["players"] == ["Anna", "Bene", "Chris", "Dora"]
    assert kept["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 100}}}]


def test_a_list_file_is_imported_and_added_to_a_new_group(site: Site, phones: OpenPhone) -> None:
    phone = phones("en")
    deals = [SAUSPIEL, SOLO, WENZ]
    document = {"title": "Imported evening", "rules": {"preset": "bavarian"}, "players": FOUR, "deals": deals}
    page = phone.open("/import")
    page.locator('textarea[name="text"]').fill(json.dumps(document))
    with page.expect_navigation():
        page.get_by_role("button", name="Import", exact=True).tap()
    expect(page.get_by_role("heading", name="Imported evening", level=1)).to_be_visible()
    list_id = list_id_of(page)
    expected = engine_totals(deals)
    assert totals_on_screen(page) == expected
    assert stored(site, list_id)["totals"] == expected

    page = phone.open("/groups/new")
    page.locator('input[name="name"]').fill("Stammtisch Zum Ochsen")
    page.locator('textarea[name="players"]').fill("\n".join(FOUR))
    with page.expect_navigation():
        page.get_by_role("button", name="Make the group", exact=True).tap()
    expect(page.get_by_role("heading", name="Stammtisch Zum Ochsen", level=1)).to_be_visible()
    expect(page.get_by_text("No list yet.")).to_be_visible()

    adding = page.locator('form[action$="/lists"]')
    adding.locator("select").select_option(list_id)
    with page.expect_navigation():
        adding.get_by_role("button", name="Add to the group").tap()
    expect(flash(page)).to_have_text("The list Imported evening now belongs to the group.")
    expect(page.locator("section.group-lists .list-title")).to_have_text(["Imported evening"])
    standings = page.locator("table.standings-table tbody tr")
    expect(standings).to_have_count(4)
    season = {standings.nth(i).locator("th").inner_text().strip(): units(standings.nth(i).locator("td").nth(1).inner_text())
              for i in range(4)}
    assert season == expected
