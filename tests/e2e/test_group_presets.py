"""A group's saved house rules on a 360 x 740 phone, in English and German: its editor saves
them on the group page and starts a list from them; a phone with the view link never sees them.

The German run finds things by their place on the page: words new in this round are
English until the integrator merges the catalog.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import NARROW, LiveServer, Phone, new_phone, page_width, small_targets
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

FOUR = ["Anna", "Bene", "Chris", "Dora"]


def group_with_a_list(phone: Phone) -> dict[str, Any]:
    """A Stammtisch with one list whose Sauspiel pays 15, made through the API."""
    made = phone.page.request.post(phone.base_url + "/api/groups",
                                   data={"name": "Stammtisch Ochsen", "players": [*FOUR, "Emil"]})
    assert made.status == 201, made.text()
    group = dict(made.json())
    added = phone.page.request.post(
        f"{phone.base_url}/api/groups/{group['id']}/lists",
        data={"title": "Fünfzehner", "rules": {"preset": "bavarian", "tariffs": {"sauspiel": 15}},
              "players": FOUR, "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}]},
        headers={"X-Edit-Key": group["edit_key"]},
    )
    assert added.status == 201, added.text()
    return group


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_groups_editor_saves_house_rules_and_starts_a_list_from_them_at_360_px(
    small_phone: Phone, browser: Browser, live_server: LiveServer, lang: str,
) -> None:
    phone = small_phone
    group = group_with_a_list(phone)
    phone.open(group["edit_url"])
    page = phone.open(f"/lang/{lang}?next={quote('/g/' + group['id'], safe='/')}")
    expect(page.locator("html")).to_have_attribute("lang", lang)

    section = page.locator("section.group-presets")
    expect(section.locator("li.preset")).to_have_count(0)
    choice = section.locator("#preset-list_id option")
    expect(choice).to_have_count(1)
    expect(choice).to_contain_text("Fünfzehner")
    section.locator("#preset-list_id").select_option(index=0)
    section.locator("#preset-name").fill("Ochsen-Tarif")
    section.locator("button[type=submit]").tap()
    expect(section.locator("li.preset")).to_have_count(1)
    expect(section.locator("li.preset .preset-name")).to_have_text("Ochsen-Tarif")
    section.locator("li.preset").scroll_into_view_if_needed()
    assert page_width(page) <= NARROW
    assert small_targets(page) == []
    phone.screenshot(f"group-presets-{lang}")

    section.locator("li.preset a.button").first.tap()  # New list, from the group's rules
    expect(page.locator('input[name="tariff_sauspiel"]')).to_have_value("15")
    expect(page.locator("nav.choices a[aria-current=page]")).to_have_text("Ochsen-Tarif")
    assert page_width(page) <= NARROW
    phone.screenshot(f"group-presets-new-list-{lang}")
    for seat, name in enumerate(FOUR, start=1):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.locator("button.primary.big[type=submit]").tap()
    expect(page.locator("a[href$='/deals/new']").first).to_be_visible()
    season = page.request.get(f"{phone.base_url}/api/groups/{group['id']}").json()
    assert len(season["lists"]) == 2
    second = page.request.get(f"{phone.base_url}/api/lists/{season['lists'][1]['id']}").json()
    assert second["rules"]["tariffs"]["sauspiel"] == 15

    # A phone with only the view link sees nothing of them, and cannot use them.
    watcher = new_phone(browser, live_server, width=NARROW)
    try:
        seen = watcher.open(group["url"])
        expect(seen.locator("h1")).to_have_text("Stammtisch Ochsen")
        expect(seen.locator("section.group-presets")).to_have_count(0)
        assert "Ochsen-Tarif" not in seen.content()
        preset_id = page.request.get(f"{phone.base_url}/api/groups/{group['id']}",
                                     headers={"X-Edit-Key": group["edit_key"]}).json()["presets"][0]["id"]
        refused = seen.request.get(f"{watcher.base_url}/new?preset={preset_id}&group={group['id']}")
        assert refused.status == 404
    finally:
        watcher.context.close()
