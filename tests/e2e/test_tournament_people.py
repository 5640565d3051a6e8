"""An organiser's participants on a small phone: a CSV with start numbers, a rename, a withdrawal
that asks and is undone, a substitute; a table of five's sheet on one A4 page; a table's deal form
without Kontra. In English and German, checked with axe."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Phone, small_targets
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
NINE = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Ferdinand", "Gunhild", "Hieronymus",
        "Walburga"]
#: Start numbers with gaps; the last row has none and takes the next after the highest.
CSV = ("Startnummer;Name;Verein\n" + "".join(
    f"{number};{name};FC\n" for number, name in zip((3, 5, 7, 11, 12, 20, 21, 22), NINE))
    + f";{NINE[8]};FC\n").encode()

WORDS = {
    "en": {"new": "New tournament", "make": "Make the tournament", "change": "Change {name} ({n})",
           "rename": "Rename", "withdraw": "Withdraw {name} ({n})", "yes": "Yes, withdraw",
           "readmit": "Re-admit {name} ({n})", "substitute": "Name the substitute",
           "end": "No substitute any more", "played_by": "played by {name}", "withdrawn": "withdrawn",
           "asked": "Withdraw {name} ({n})?", "words": ["Points", "Signature", "Solos won", "Dealer"]},
    "de": {"new": "Neues Turnier", "make": "Turnier anlegen", "change": "{name} ({n}) ändern",
           "rename": "Umbenennen", "withdraw": "{name} ({n}) abmelden", "yes": "Ja, abmelden",
           "readmit": "{name} ({n}) wieder aufnehmen", "substitute": "Ersatzspieler eintragen",
           "end": "Kein Ersatzspieler mehr", "played_by": "gespielt von {name}", "withdrawn": "abgemeldet",
           "asked": "{name} ({n}) abmelden?", "words": ["Punkte", "Unterschrift", "Soli gewonnen", "Geber"]},
}

#: The words of the sheets' header and end lines that a line break cuts in two.
BROKEN_WORDS_JS = """
() => {
  const broken = [];
  for (const cell of document.querySelectorAll('.paper-sheet thead th, .paper-sheet tfoot th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const word = /\\S+/g;
      let found;
      while ((found = word.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(found[0]);
      }
    }
  }
  return broken;
}
"""


def clean(phone: Phone, what: str) -> None:
    """axe finds nothing serious, nothing scrolls sideways at 200 % text, every target is big enough."""
    page = phone.page
    assert axe_violations(page) == [], what
    assert reflow_problems(phone, "") == [], what
    assert small_targets(page) == [], what


def open_in(phone: Phone, lang: str, path: str) -> Page:
    return phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def made_by_api(phone: Phone, players: list[Any], **given: Any) -> dict[str, Any]:
    request = phone.page.request
    made = request.post(phone.base_url + "/api/tournaments", data={
        "name": "Preisschafkopf beim Ochsenwirt", "rules": RULES, "players": players, "rounds": 3,
        "deals_per_round": 32, **given})
    assert made.status == 201, made.text()
    answer = dict(made.json())
    drawn = request.post(f"{phone.base_url}/api/tournaments/{answer['id']}/rounds", data={"seed": "e2e"},
                         headers={"X-Edit-Key": answer["edit_key"]})
    assert drawn.status == 201, drawn.text()
    answer["tables"] = drawn.json()["tables"]
    return answer


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_organiser_registers_by_csv_renames_withdraws_readmits_and_names_a_substitute(
    small_phone: Phone, lang: str,
) -> None:
    phone = small_phone
    phone.context.add_init_script(path=str(AXE))
    words = WORDS[lang]
    page = open_in(phone, lang, "/t/new")
    expect(page.get_by_role("heading", name=words["new"], level=1)).to_be_visible()
    page.locator("#name").fill("Schafkopf-Cup beim Oberwirt")
    page.locator("#rounds").fill("2")
    page.locator("#deals").fill("16")
    page.locator("#upload").set_input_files(files=[{"name": "people.csv", "mimeType": "text/csv", "buffer": CSV}])
    with page.expect_navigation():
        page.get_by_role("button", name=words["make"]).tap()
    expect(page.get_by_role("heading", name="Schafkopf-Cup beim Oberwirt", level=1)).to_be_visible()
    listed = page.locator(".participant")
    expect(listed).to_have_count(9)
    assert [n.strip() for n in page.locator(".participant .start-number").all_inner_texts()] == [
        "3", "5", "7", "11", "12", "20", "21", "22", "23"]
    expect(listed.nth(3)).to_contain_text("Dorothea")
    clean(phone, "the tournament with the CSV's start numbers")

    # Rename start number 11 on its own page.
    with page.expect_navigation():
        page.get_by_role("link", name=words["change"].format(name="Dorothea", n=11)).tap()
    clean(phone, "a participant's page")
    page.locator("#name").fill("Dorothea Huber")
    with page.expect_navigation():
        page.get_by_role("button", name=words["rename"]).tap()
    expect(listed.nth(3)).to_contain_text("Dorothea Huber")

    # Withdrawing asks first; the ask's own button withdraws; re-admitting undoes it.
    with page.expect_navigation():
        page.get_by_role("link", name=words["withdraw"].format(name="Walburga", n=23)).tap()
    expect(page.get_by_role("heading", name=words["asked"].format(name="Walburga", n=23))).to_be_visible()
    clean(phone, "the ask before a withdrawal")
    with page.expect_navigation():
        page.get_by_role("button", name=words["yes"]).tap()
    expect(listed.nth(8)).to_contain_text(words["withdrawn"])
    readmit = page.get_by_role("button", name=words["readmit"].format(name="Walburga", n=23))
    expect(readmit).to_be_visible()
    clean(phone, "the tournament with a participant withdrawn")
    with page.expect_navigation():
        readmit.tap()
    expect(listed.nth(8)).not_to_contain_text(words["withdrawn"])
    expect(page.get_by_role("link", name=words["withdraw"].format(name="Walburga", n=23))).to_be_visible()

    # A substitute for start number 5, named and then removed on the page.
    with page.expect_navigation():
        page.get_by_role("link", name=words["change"].format(name="Benedikt", n=5)).tap()
    page.locator("#substitute").fill("Zenzi")
    with page.expect_navigation():
        page.get_by_role("button", name=words["substitute"]).tap()
    expect(listed.nth(1)).to_contain_text(words["played_by"].format(name="Zenzi"))
    with page.expect_navigation():
        page.get_by_role("link", name=words["change"].format(name="Benedikt", n=5)).tap()
    clean(phone, "a participant's page with a substitute")
    with page.expect_navigation():
        page.get_by_role("button", name=words["end"]).tap()
    expect(listed.nth(1)).not_to_contain_text("Zenzi")
    phone.screenshot(f"tournament-people-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_table_of_five_s_sheet_prints_on_one_a4_page_with_no_word_broken(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    phone.context.add_init_script(path=str(AXE))
    made = made_by_api(phone, NINE)
    assert sorted(len(t["players"]) for t in made["tables"]) == [4, 5]
    page = open_in(phone, lang, f"/t/{made['id']}/rounds/1/sheets")
    five = page.locator(".paper-sheet.players-5")
    expect(five).to_have_count(1)
    expect(five.locator("tbody tr")).to_have_count(40)
    expect(five.locator("td.out")).to_have_count(40)  # one seat sits out each deal
    for word in WORDS[lang]["words"]:
        expect(five).to_contain_text(word)
    clean(phone, "the table sheets on a phone")
    assert page.evaluate(BROKEN_WORDS_JS) == []
    # As printed: A4's width, one page a table, the header's words whole.
    assert pages_of(page.pdf(format="A4")) == 2
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})
    assert page.evaluate(BROKEN_WORDS_JS) == []
    expect(page.locator("button[data-print]")).to_be_hidden()
    phone.screenshot(f"tournament-sheet-of-five-printed-{lang}")

    # Blank sheets print before the first round too.
    blank = made_by_api(phone, [f"Player {n}" for n in range(1, 9)])
    page.emulate_media(media="null")  # "screen" would print the PDF as the screen shows it
    page.set_viewport_size({"width": 360, "height": 740})
    page = open_in(phone, lang, f"/t/{blank['id']}/sheets")
    expect(page.locator(".paper-sheet")).to_have_count(2)
    clean(phone, "the blank sheets")
    assert pages_of(page.pdf(format="A4")) == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tournament_table_s_deal_form_offers_no_kontra(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    phone.context.add_init_script(path=str(AXE))
    made = made_by_api(phone, NINE[:8])
    table = made["tables"][0]
    open_in(phone, lang, table["list"]["edit_url"])
    page = phone.open(f"/l/{table['list']['id']}/deals/new")
    games = page.locator("input[name=game]")
    assert [games.nth(i).get_attribute("value") for i in range(games.count())] == [
        "sauspiel", "wenz", "solo", "passed"]
    expect(page.locator("input[name=schwarz]")).to_have_count(1)
    for refused in ("contra", "re", "doubles"):
        expect(page.locator(f"[name={refused}]")).to_have_count(0)
    expect(page.get_by_text("Kontra", exact=True)).to_have_count(0)
    clean(phone, "a tournament table's deal form")
