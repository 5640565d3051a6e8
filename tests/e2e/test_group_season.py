"""A Stammtisch's season on a 360 px phone: three lists, the standings, the chart, the statistics."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import NARROW, Phone, page_width, small_targets

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 80}
WENZ = {"game": "wenz", "declarer": "Emil", "points": 91, "laufende": 2}


def season_by_api(phone: Phone) -> dict[str, Any]:
    """A group of five with three lists: Emil missed the first, Dora the second and third."""
    response = phone.page.request.post(
        phone.base_url + "/api/groups", data={"name": "Stammtisch Ochsen", "players": FIVE}
    )
    assert response.status == 201, response.text()
    group = dict(response.json())
    evenings = [
        (["Anna", "Bene", "Chris", "Dora"], [SAUSPIEL, SOLO, SAUSPIEL]),
        (["Anna", "Bene", "Chris", "Emil"], [SOLO, WENZ]),
        (["Anna", "Bene", "Chris", "Emil"], [SAUSPIEL, WENZ, SOLO, SAUSPIEL]),
    ]
    for players, deals in evenings:
        made = phone.page.request.post(
            f"{phone.base_url}/api/groups/{group['id']}/lists",
            data={"rules": {"preset": "bavarian"}, "players": players, "deals": deals},
            headers={"X-Edit-Key": group["edit_key"]},
        )
        assert made.status == 201, made.text()
    return group


def test_a_groups_season_with_three_lists_at_360_px_in_english_and_german(narrow_phone: Phone) -> None:
    group = season_by_api(narrow_phone)
    page = narrow_phone.open(group["edit_url"])
    expect(page.get_by_role("heading", name="Stammtisch Ochsen", level=1)).to_be_visible()
    expect(page.get_by_text("3 lists in this period")).to_be_visible()

    standings = page.locator("table.standings-table tbody tr")
    expect(standings).to_have_count(5)
    lists_played = {
        standings.nth(i).locator("th").inner_text(): standings.nth(i).locator("td").first.inner_text()
        for i in range(5)
    }
    assert lists_played == {"Anna": "3", "Bene": "3", "Chris": "3", "Dora": "1", "Emil": "2"}

    chart = page.locator("section.season-chart svg.chart")
    expect(chart).to_be_visible()
    assert chart.locator("polyline").count() == 5
    expect(page.locator("section.season-chart .legend li")).to_have_count(5)
    stats = page.locator("section.season-stats table.stats")
    expect(stats).to_be_visible()
    played = stats.locator("tbody tr").first.locator("td").all_inner_texts()
    assert played == ["9", "9", "9", "3", "6"]  # deals played: Dora one list, Emil two

    expect(page.locator("ul.lists li")).to_have_count(3)
    assert page_width(page) <= NARROW
    assert small_targets(page) == []
    narrow_phone.screenshot("group-season-en")

    page.get_by_role("link", name="DE", exact=True).tap()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("section.season-chart svg.chart polyline")).to_have_count(5)
    expect(page.locator("table.standings-table tbody tr")).to_have_count(5)
    expect(page.locator("section.season-stats table.stats")).to_be_visible()
    assert "€" in page.locator("table.standings-table tbody").inner_text()
    assert page_width(page) <= NARROW
    narrow_phone.screenshot("group-season-de")


def test_a_group_made_on_the_phone_starts_its_first_list(narrow_phone: Phone) -> None:
    page = narrow_phone.open("/")
    page.get_by_role("link", name="New group", exact=True).tap()
    page.get_by_label("Name of the group").fill("Donnerstagsrunde")
    page.get_by_label("Players, one name a line").fill("Anna\nBene\nChris\nDora\nEmil")
    page.get_by_role("button", name="Make the group").tap()
    expect(page.get_by_role("heading", name="Donnerstagsrunde", level=1)).to_be_visible()
    expect(page.get_by_text("No list of this group was started in this period.")).to_be_visible()

    page.get_by_role("link", name="New list for this group").tap()
    expect(page.get_by_text("For the group Donnerstagsrunde")).to_be_visible()
    for seat, name in enumerate(["Anna", "Bene", "Chris", "Dora"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_role("link", name="New deal", exact=True)).to_be_visible()

    page.get_by_role("link", name="Part of Donnerstagsrunde").tap()
    expect(page.get_by_text("1 list in this period")).to_be_visible()
    expect(page.locator("ul.lists li")).to_have_count(1)
    page.get_by_role("link", name="Schafkopf", exact=True).tap()
    expect(page.get_by_role("link", name="Donnerstagsrunde")).to_be_visible()
