"""A tournament's pages to read, in the browser: the projector follows the deals by itself,
a participant finds their table and place on a small phone, the prize list prints without buttons."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NARROW, Phone, small_targets
from tests.e2e.test_accessibility import axe_violations, reflow_problems, sideways
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
PEOPLE = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Walburga", "Maximilian", "Kunigunde"]
#: The standings page asks every 5 seconds on a phone: a change shows within two asks.
FOLLOWS_WITHIN = 15_000


def tournament(phone: Phone) -> dict[str, Any]:
    """A Preisschafkopf of eight made and its first round drawn through the API."""
    request = phone.page.request
    made = request.post(phone.base_url + "/api/tournaments", data={
        "name": "Preisschafkopf beim Ochsenwirt", "rules": RULES, "players": PEOPLE,
        "rounds": 3, "deals_per_round": 32})
    assert made.status == 201, made.text()
    answer = dict(made.json())
    drawn = request.post(f"{phone.base_url}/api/tournaments/{answer['id']}/rounds", data={"seed": "e2e"},
                         headers={"X-Edit-Key": answer["edit_key"]})
    assert drawn.status == 201, drawn.text()
    answer["tables"] = drawn.json()["tables"]
    return answer


def solo(phone: Phone, table: dict[str, Any]) -> str:
    """A solo won at the table, added through the table list's own endpoint: its declarer.

    Never start number 1, who leads while nobody has played: the new leader is news.
    """
    declarer = str(next(p for p in table["players"][1:] if p != PEOPLE[0]))
    added = phone.page.request.post(
        f"{phone.base_url}/api/lists/{table['list']['id']}/deals",
        data={"game": "solo", "declarer": declarer, "points": 80},
        headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert added.status == 201, added.text()
    return declarer


def open_in(phone: Phone, lang: str, path: str) -> Page:
    return phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")


def leader(page: Page) -> Any:
    return page.locator(".board-overall tbody tr").first.locator("th.name")


@pytest.mark.parametrize(("lang", "updated"), [("en", "Updated"), ("de", "Aktualisiert")])
def test_the_projector_follows_a_deal_by_itself(phone: Phone, lang: str, updated: str) -> None:
    made = tournament(phone)
    page = open_in(phone, lang, f"/t/{made['id']}/standings")
    expect(page.locator(".updated")).to_contain_text(updated)
    expect(page.locator(".board-overall tbody tr")).to_have_count(len(PEOPLE))
    expect(leader(page)).to_have_text(PEOPLE[0])  # nobody has played: all share the first place
    assert axe_violations(page) == []
    assert sideways(page, NARROW, "the projector on a phone") == []
    # While nothing changes, each ask costs a 304.
    with page.expect_response(lambda r: "/standings/board" in r.url and r.status == 304, timeout=FOLLOWS_WITHIN):
        pass
    winner = solo(phone, made["tables"][1])
    expect(leader(page)).to_have_text(winner, timeout=FOLLOWS_WITHIN)
    expect(page.locator(".board-round tbody tr").first.locator("th.name")).to_have_text(winner)
    expect(page.locator(".board-overall tbody tr").first.locator("td.solos")).to_have_text("1")
    assert axe_violations(page) == []
    # On the projector: large type, the overall standings beside the round's.
    page.set_viewport_size({"width": 1600, "height": 900})
    overall, this_round = (page.locator(s).bounding_box() for s in (".board-overall", ".board-round"))
    assert overall and this_round and this_round["x"] > overall["x"] + overall["width"] - 1
    points = page.locator(".board-overall td.points").first
    size = float(points.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 24
    phone.screenshot(f"tournament-projector-{lang}")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Round 1 · Table 2", "Place 1 of 8")), ("de", ("Runde 1 · Tisch 2", "Platz 1 von 8")),
])
def test_my_table_and_place_on_a_small_phone(phone: Phone, lang: str, words: tuple[str, str]) -> None:
    made = tournament(phone)
    table = made["tables"][1]
    winner = solo(phone, table)
    page = open_in(phone, lang, f"/t/{made['id']}/me")
    field = page.locator("input#number")
    assert field.get_attribute("inputmode") == "numeric"
    field.fill(str(PEOPLE.index(winner) + 1))
    with page.expect_navigation():
        page.locator("form.find-me button[type=submit]").tap()
    answer = page.locator(".me-answer")
    for said in words:
        expect(answer).to_contain_text(said)
    for other in table["players"]:
        if other != winner:
            expect(answer.locator(".me-others")).to_contain_text(f"{PEOPLE.index(other) + 1} · {other}")
    assert small_targets(page) == []
    assert axe_violations(page) == []
    assert reflow_problems(phone, f"tournament-me-{lang}") == []
    # An unknown number is said so, next to the field.
    field = page.locator("input#number")
    field.fill("99")
    with page.expect_navigation():
        page.locator("form.find-me button[type=submit]").tap()
    expect(page.get_by_role("alert")).to_contain_text("99")
    expect(page.locator(".me-answer")).to_have_count(0)
    assert axe_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_prize_list_prints_without_buttons(phone: Phone, lang: str) -> None:
    made = tournament(phone)
    winner = solo(phone, made["tables"][0])
    page = open_in(phone, lang, f"/t/{made['id']}/prizes")
    button = page.locator("button[data-print]")
    expect(button).to_be_visible()  # once the script can print
    expect(page.locator("table.standings tbody tr").first.locator("th.name")).to_have_text(winner)
    assert axe_violations(page) == []
    page.emulate_media(media="print")
    expect(button).to_be_hidden()
    expect(page.locator("header.bar")).to_be_hidden()
    assert page.locator("button:visible, nav:visible, form:visible").count() == 0
    expect(page.locator("table.standings tbody tr")).to_have_count(len(PEOPLE))


def test_the_table_sheets_break_a_page_per_table(phone: Phone) -> None:
    made = tournament(phone)
    page = open_in(phone, "en", f"/t/{made['id']}/rounds/1/sheets")
    sheets = page.locator("article.sheet")
    expect(sheets).to_have_count(len(made["tables"]))
    expect(sheets.first.locator("tbody tr")).to_have_count(32)
    assert axe_violations(page) == []
    page.emulate_media(media="print")
    breaks = sheets.evaluate_all("(all) => all.map((s) => getComputedStyle(s).breakAfter)")
    assert breaks == ["page"] * (len(made["tables"]) - 1) + ["auto"]
    expect(page.locator("button[data-print]")).to_be_hidden()
