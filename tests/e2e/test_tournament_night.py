"""The organiser's night in the browser: asked before drawing past unfinished tables, a draw
undone, the tournament ended after round 2; the projector shows every row by itself; "my place"
follows by itself. On a 360 px phone in English and German, with axe."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Phone, small_targets
from tests.e2e.test_accessibility import axe_violations, reflow_problems
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
EIGHT = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Walburga", "Maximilian", "Kunigunde"]

WORDS = {
    "en": {"draw": "Draw round {n}", "anyway": "Draw round {n} anyway",
           "ask": "Table {t} has not finished round 1 (1 of 4). Draw round 2 anyway?",
           "undo": "Undo the draw of round {n}", "undone": "The draw of round 2 is undone.",
           "end": "End the tournament", "final": "Final standings after round 2",
           "qr": "QR code of table 1", "qr_alt": "QR code of the edit link of table 1",
           "place": "Place 1 of 8", "page": "page 1 of"},
    "de": {"draw": "Runde {n} auslosen", "anyway": "Runde {n} trotzdem auslosen",
           "ask": "Tisch {t} hat Runde 1 nicht fertig gespielt (1 von 4). Runde 2 trotzdem auslosen?",
           "undo": "Auslosung der Runde {n} zurücknehmen", "undone": "Die Auslosung der Runde 2 ist zurückgenommen.",
           "end": "Turnier beenden", "final": "Endstand nach Runde 2",
           "qr": "QR-Code von Tisch 1", "qr_alt": "QR-Code des Bearbeitungslinks von Tisch 1",
           "place": "Platz 1 von 8", "page": "Seite 1 von"},
}


def made(phone: Phone, people: list[str], deals: int = 4) -> dict[str, Any]:
    answer = phone.page.request.post(phone.base_url + "/api/tournaments", data={
        "name": "Preisschafkopf beim Kramerwirt", "rules": RULES, "players": people, "rounds": 3,
        "deals_per_round": deals})
    assert answer.status == 201, answer.text()
    return dict(answer.json())


def api_draw(phone: Phone, tournament: dict[str, Any]) -> list[dict[str, Any]]:
    drawn = phone.page.request.post(f"{phone.base_url}/api/tournaments/{tournament['id']}/rounds", data={},
                                    headers={"X-Edit-Key": tournament["edit_key"]})
    assert drawn.status == 201, drawn.text()
    return list(drawn.json()["tables"])


def solo(phone: Phone, list_id: str, key: str, declarer: str) -> None:
    added = phone.page.request.post(f"{phone.base_url}/api/lists/{list_id}/deals",
                                    data={"game": "solo", "declarer": declarer, "points": 61},
                                    headers={"X-Edit-Key": key})
    assert added.status == 201, added.text()


def open_in(phone: Phone, lang: str, path: str) -> Page:
    return phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")


def clean(phone: Phone, what: str) -> None:
    page = phone.page
    assert axe_violations(page) == [], what
    assert small_targets(page) == [], what


def tap(page: Page, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=True).tap()


def yes(page: Page, name: str) -> None:
    """Answer the page's question with its button."""
    with page.expect_navigation():
        page.locator(".ask").get_by_role("button", name=name, exact=True).tap()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_organiser_is_asked_undoes_a_draw_and_ends_after_round_two(phone: Phone, lang: str) -> None:
    words = WORDS[lang]
    tournament = made(phone, EIGHT)
    tables = api_draw(phone, tournament)
    for _ in range(4):
        solo(phone, tables[0]["list"]["id"], tables[0]["list"]["edit_key"], tables[0]["players"][1])
    solo(phone, tables[1]["list"]["id"], tables[1]["list"]["edit_key"], tables[1]["players"][1])
    phone.open(tournament["edit_url"])
    page = open_in(phone, lang, f"/t/{tournament['id']}")
    expect(page.locator("#round-1 .table-card").first).to_contain_text("4")
    clean(phone, "the tournament in round 1")
    assert reflow_problems(phone, f"tournament-night-{lang}") == []

    # A table's QR code comes when its fold is opened.
    page.get_by_text(words["qr"], exact=True).tap()
    code = page.get_by_role("img", name=words["qr_alt"])
    expect(code).to_be_visible()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=code.element_handle())

    # Table 2 still plays: the draw names it and asks.
    tap(page, words["draw"].format(n=2))
    expect(page.get_by_role("alert")).to_contain_text(words["ask"].format(t=tables[1]["table"]))
    expect(page.locator("#round-2")).to_have_count(0)
    clean(phone, "the ask before drawing round 2")
    yes(page, words["anyway"].format(n=2))
    expect(page.locator("#round-2 .table-card")).to_have_count(2)

    # Undone while no table of round 2 has a deal, asked first; then drawn again.
    tap(page, words["undo"].format(n=2))
    clean(phone, "the ask before undoing round 2")
    expect(page.locator("#round-2")).to_have_count(1)
    yes(page, words["undo"].format(n=2))
    expect(page.get_by_text(words["undone"])).to_be_visible()
    expect(page.locator("#round-2")).to_have_count(0)
    tap(page, words["draw"].format(n=2))
    yes(page, words["anyway"].format(n=2))
    expect(page.locator("#round-2 .table-card")).to_have_count(2)

    # A deal at a table of round 2, through the edit link the page hands out.
    link = page.locator("#round-2 .table-card a.button.primary").first.get_attribute("href") or ""
    list_id = urlsplit(link).path.split("/")[2]
    key = parse_qs(urlsplit(link).query)["key"][0]
    seats = page.locator("#round-2 .table-card").first.locator(".seats li").all_inner_texts()
    solo(phone, list_id, key, seats[1])
    page.reload()

    # Ended after round 2, asked first: no draw form, final standings.
    tap(page, words["end"])
    clean(phone, "the ask before ending")
    yes(page, words["end"])
    expect(page.locator("#standings-heading")).to_have_text(words["final"])
    expect(page.get_by_role("button", name=words["draw"].format(n=3))).to_have_count(0)
    clean(phone, "the tournament ended")
    phone.screenshot(f"tournament-ended-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_projector_shows_all_forty_rows_by_itself(phone: Phone, lang: str) -> None:
    people = [f"Teilnehmer {n:02d}" for n in range(1, 41)]
    tournament = made(phone, people)
    api_draw(phone, tournament)
    page = phone.page
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_in(phone, lang, f"/t/{tournament['id']}/standings?page_seconds=2")
    expect(page.locator("#board-page")).to_contain_text(WORDS[lang]["page"])
    # Gather the names shown on the screen, page by page, until every row was seen.
    page.evaluate("""() => {
        window.seenRows = new Set();
        const look = () => {
          document.querySelectorAll('.board-overall tbody tr').forEach(row => {
            const box = row.getBoundingClientRect();
            if (!row.hidden && box.height > 0 && box.bottom <= window.innerHeight) {
              window.seenRows.add(row.querySelector('th.name').textContent.trim());
            }
          });
        };
        look();
        window.setInterval(look, 250);
    }""")
    page.wait_for_function("() => window.seenRows.size === 40", timeout=60_000)
    assert axe_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_my_place_follows_a_deal_by_itself(phone: Phone, lang: str) -> None:
    tournament = made(phone, EIGHT)
    tables = api_draw(phone, tournament)
    other, table = tables
    solo(phone, other["list"]["id"], other["list"]["edit_key"], other["players"][1])  # 15 points
    declarer = table["players"][2]
    number = EIGHT.index(declarer) + 1
    page = open_in(phone, lang, f"/t/{tournament['id']}/me?number={number}")
    expect(page.locator(".me-answer")).to_be_visible()
    expect(page.locator(".me-answer")).not_to_contain_text(WORDS[lang]["place"])
    clean(phone, "my place before the deal")
    solo(phone, table["list"]["id"], table["list"]["edit_key"], declarer)
    solo(phone, table["list"]["id"], table["list"]["edit_key"], declarer)
    expect(page.locator(".me-answer")).to_contain_text(WORDS[lang]["place"], timeout=10_000)
    expect(page.locator(".me-answer")).to_contain_text("30")
    clean(phone, "my place after the deal")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_large_field_is_listed_on_a_page_of_its_own(phone: Phone, lang: str) -> None:
    people = [f"Teilnehmerin {n:03d}" for n in range(1, 102)]
    tournament = made(phone, people)
    phone.open(tournament["edit_url"])
    page = open_in(phone, lang, f"/t/{tournament['id']}")
    expect(page.locator(".participant")).to_have_count(0)
    with page.expect_navigation():
        page.locator("#participants a.button").tap()
    expect(page.locator(".participant")).to_have_count(101)
    clean(phone, "the participants' page")
