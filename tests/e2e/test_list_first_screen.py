"""The list page on a 360 x 740 phone, in English and German: what its first screen shows.

A new list's first screen starts the evening (New deal), the prompt to keep the
edit link comes after it; a phone holding the view link learns why it has no
New deal where it looks for the button; the newest deal's row is in sight after
the page loads and after a save; deals waiting offline are rows of the table,
counted provisionally in the deal count, the next dealer and, for a deal the live
preview scored as saved, the totals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import NARROW, LiveServer, Phone, block_on_screen, new_phone, totals_on_screen, units
from tests.e2e.test_accessibility import AXE, axe_violations, sideways
from tests.e2e.test_offline import KEPT, assert_no_errors_but_network, server
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

HEIGHT = 740
FOUR = ["Anna", "Bene", "Chris", "Dora"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
LANGUAGES = ("en", "de")

#: The words each test looks for, in each language.
WORDS = {
    "en": {
        "new deal": "New deal", "keep": "Keep the edit link", "start": "Start the list",
        "qr": "Show the QR code of the edit link", "watching": "You are watching this list.",
        "save": "Save",
    },
    "de": {
        "new deal": "Neues Spiel", "keep": "Den Bearbeitungslink aufheben", "start": "Liste anfangen",
        "qr": "QR-Code des Bearbeitungslinks zeigen", "watching": "Du schaust dieser Liste zu.",
        "save": "Speichern",
    },
}


@pytest.fixture
def small_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """The 360 x 740 phone with axe in every page; no console error, no foreign request."""
    phone = new_phone(browser, live_server, width=NARROW, height=HEIGHT)
    phone.context.add_init_script(path=str(AXE))
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


def speak(phone: Phone, lang: str, path: str) -> Page:
    """Open a page in a language (the switch remembers it)."""
    phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")
    return phone.page


def made(phone: Phone, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """A four-player Bavarian list stored through the API: its id and links."""
    response = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian"}, "players": FOUR, "deals": deals})
    assert response.status == 201, response.text()
    return dict(response.json())


def stored_totals(live_server: LiveServer, list_id: str) -> dict[str, int]:
    """The totals the server keeps for a list."""
    return dict(server(live_server, "GET", f"/api/lists/{list_id}")["totals"])


def on_first_screen(page: Page, locator: Locator, what: str) -> dict[str, float]:
    """The element lies whole within the 740 px high viewport, as scrolled now."""
    box = locator.bounding_box()
    assert box is not None, what
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, f"{what} at y {box['y']}-{box['y'] + box['height']}"
    return box


def clean_at_double_text(page: Page, what: str) -> None:
    """axe finds nothing serious, and 200 % text scrolls nothing sideways."""
    assert axe_violations(page) == [], what
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert axe_violations(page) == [], f"{what} at 200 % text"
    problems = sideways(page, NARROW, what)
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.set_viewport_size({"width": NARROW, "height": HEIGHT})
    assert problems == []


# -- a new list: New deal first, the edit link's prompt after it -------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_list_shows_new_deal_on_its_first_screen_and_the_prompt_to_keep_the_link_below(
    small_phone: Phone, lang: str,
) -> None:
    words = WORDS[lang]
    page = speak(small_phone, lang, "/new?family=bavarian")
    for seat, name in enumerate(FOUR, start=1):
        page.locator(f"input[name=player_{seat}]").fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name=words["start"]).tap()

    new_deal = page.get_by_role("link", name=words["new deal"], exact=True)
    button = on_first_screen(page, new_deal, "New deal")
    prompt = page.get_by_role("region", name=words["keep"])
    expect(prompt).to_be_visible()
    top = prompt.bounding_box()
    assert top is not None and top["y"] >= button["y"] + button["height"], "the prompt comes after New deal"
    # The QR code is folded: one tap opens it for another phone's camera.
    qr = prompt.locator("img.qr-edit")
    expect(qr).to_be_hidden()
    prompt.get_by_text(words["qr"]).tap()
    expect(qr).to_be_visible()
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 0")
    clean_at_double_text(page, "a new list with its prompt")
    small_phone.screenshot(f"list-first-screen-new-{lang}")


# -- the view link: told on the first screen --------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_with_the_view_link_is_told_on_its_first_screen_that_it_watches(
    small_phone: Phone, lang: str,
) -> None:
    words = WORDS[lang]
    links = made(small_phone, [SAUSPIEL] * 14)
    page = speak(small_phone, lang, links["url"])
    expect(page.get_by_role("link", name=words["new deal"], exact=True)).to_have_count(0)
    said = page.get_by_text(words["watching"])
    expect(said).to_have_count(1)
    on_first_screen(page, said, "the word that this phone watches")
    clean_at_double_text(page, "a watched list")


# -- the newest deal in sight ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_newest_deal_is_in_sight_after_loading_and_after_saving(small_phone: Phone, lang: str) -> None:
    words = WORDS[lang]
    links = made(small_phone, [SAUSPIEL] * 14)
    page = speak(small_phone, lang, links["edit_url"])
    newest = page.locator("table.block tbody.deal").first
    expect(newest.locator("#deal-14")).to_be_attached()
    on_first_screen(page, newest, "deal 14 after loading")
    # What the first screen must show stays: the count, the dealer, New deal, the totals' heading.
    for shown in (page.locator(".status .progress"), page.locator(".status .next-deal"),
                  page.get_by_role("link", name=words["new deal"], exact=True),
                  page.locator("#totals-heading")):
        on_first_screen(page, shown, "the first screen")
    clean_at_double_text(page, "a list of 14 deals")

    page.get_by_role("link", name=words["new deal"], exact=True).tap()
    for name, value in (("game", "sauspiel"), ("declarer", "Anna"), ("partner", "Chris")):
        page.locator(f'input[name="{name}"][value="{value}"]').tap()
    page.locator("input[name=points]").fill("72")
    page.get_by_role("button", name=words["save"], exact=True).tap()
    newest = page.locator("table.block tbody.deal").first
    expect(newest.locator("#deal-15")).to_be_attached()
    on_first_screen(page, newest, "deal 15 after saving")
    on_first_screen(page, page.get_by_role("link", name=words["new deal"], exact=True), "New deal after saving")
    clean_at_double_text(page, "the list after a save")
    small_phone.screenshot(f"list-first-screen-saved-{lang}")


# -- deals waiting offline: rows of the table, counted provisionally ----------------------------

#: The words of the list page about the deals that wait, in each language.
WAITING = {
    "en": {"waiting": "waiting for reception · not in the totals yet · scored once stored",
           "counted": "waiting for reception · in the totals as previewed · scored once stored",
           "stale": "and the waiting deals the preview scored.", "more": "+ 2 deals waiting (provisional)",
           "mark": "(provisional)", "sent": "Sent: stored as No. 31–32.", "played": "32 deals played"},
    "de": {"waiting": "wartet auf Empfang · noch nicht im Stand · gezählt, sobald gespeichert",
           "counted": "wartet auf Empfang · im Stand laut Vorschau · gezählt, sobald gespeichert",
           "stale": "und die wartenden Spiele laut Vorschau.",
           "more": "+ 2 wartende Spiele (vorläufig)", "mark": "(vorläufig)",
           "sent": "Gesendet: gespeichert als Nr. 31–32.", "played": "32 Spiele gespielt"},
}


@pytest.fixture
def cellar_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """The 360 x 740 phone with axe, for the cellar: failed requests may be logged, nothing else."""
    phone = new_phone(browser, live_server, width=NARROW, height=HEIGHT)
    phone.context.add_init_script(path=str(AXE))
    yield phone
    phone.context.close()
    assert_no_errors_but_network(phone)


def kept_for_offline(page: Page, list_id: str) -> None:
    """The service worker keeps the list, its deal form and the scripts the list names."""
    scripts = page.evaluate("() => Array.from(document.scripts, (s) => s.src && new URL(s.src).pathname)")
    wanted = {f"/l/{list_id}", f"/l/{list_id}/deals/new", *[path for path in scripts if path.startswith("/static/")]}
    for _ in range(100):
        if wanted <= set(page.evaluate(KEPT, list_id)):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not kept: {wanted - set(page.evaluate(KEPT, list_id))}")


def enter_without_reception(page: Page, words: dict[str, str], partner: str) -> None:
    """Tap New deal, enter a Sauspiel and save it: it waits on the phone, and the list opens."""
    page.get_by_role("link", name=words["new deal"], exact=True).tap()
    for name, value in (("game", "sauspiel"), ("declarer", "Anna"), ("partner", partner)):
        page.locator(f'input[name="{name}"][value="{value}"]').tap()
    page.locator("input[name=points]").fill("72")
    with page.expect_navigation():
        page.get_by_role("button", name=words["save"], exact=True).tap()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deals_waiting_offline_are_rows_of_the_table_and_the_count_dealer_and_totals_say_provisional(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    words, said = WORDS[lang], WAITING[lang]
    links = made(cellar_phone, [SAUSPIEL] * 30)
    page = speak(cellar_phone, lang, links["edit_url"])
    kept_for_offline(page, links["id"])
    progress, line = page.locator(".status .progress"), page.locator(".status .next-deal")
    # Who deals next, then each seat on: the deal goes round the table one seat a deal.
    first = FOUR.index(line.inner_text().split()[0])
    dealers = [FOUR[(first + step) % 4] for step in range(4)]
    totals = totals_on_screen(page)

    cellar_phone.context.set_offline(True)
    enter_without_reception(page, words, "Chris")
    enter_without_reception(page, words, "Bene")
    rows = page.locator("tbody[data-waiting-row]")
    expect(rows).to_have_count(2)
    # Where they belong: above deal 30, the newest on top, numbered on, each with its dealer.
    groups = page.locator("table.block tbody")
    for at, (number, dealer) in enumerate(((32, dealers[1]), (31, dealers[0]))):
        expect(groups.nth(at)).to_have_attribute("data-waiting-row", "")
        expect(groups.nth(at).locator(".row-number")).to_have_text(str(number))
        expect(groups.nth(at).locator(".dealer")).to_have_attribute("title", dealer)
        expect(groups.nth(at).locator(".said")).to_have_text(said["waiting"])
    expect(groups.nth(2).locator("#deal-30")).to_be_attached()
    expect(rows.first.locator(".what")).to_contain_text("Bene")
    on_first_screen(page, rows.first, "the newest waiting deal")
    # The count and the next dealer count them; they and the totals say they are provisional.
    expect(progress.locator("[data-provisional]")).to_have_text(" " + said["more"])
    expect(line).to_contain_text(dealers[2])
    assert line.inner_text().startswith(dealers[2])
    expect(line.locator("[data-provisional]")).to_have_text(" " + said["mark"])
    expect(page.locator("#totals-heading [data-provisional]")).to_have_text(" " + said["mark"])
    assert totals_on_screen(page) == totals  # not scored without the server: nothing made up
    clean_at_double_text(page, "the list with two deals waiting")
    cellar_phone.screenshot(f"list-waiting-rows-{lang}")

    # Reception: stored, and every mark goes.
    cellar_phone.context.set_offline(False)
    expect(page.locator("p.net")).to_contain_text(said["sent"], timeout=20_000)
    expect(page.locator("#deal-32")).to_be_attached()
    expect(rows).to_have_count(0)
    expect(page.locator("[data-provisional]")).to_have_count(0)
    expect(progress).to_contain_text(said["played"])
    assert line.inner_text().startswith(dealers[2])
    assert totals_on_screen(page) == stored_totals(live_server, links["id"])


def foot_on_screen(page: Page) -> dict[str, int]:
    """The totals row of the table, by player."""
    return dict(zip(FOUR, block_on_screen(page)[1], strict=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deal_the_preview_scored_before_reception_went_counts_in_the_provisional_totals(
    cellar_phone: Phone, live_server: LiveServer, lang: str,
) -> None:
    words, said = WORDS[lang], WAITING[lang]
    links = made(cellar_phone, [SAUSPIEL] * 3)
    page = speak(cellar_phone, lang, links["edit_url"])
    kept_for_offline(page, links["id"])
    before = totals_on_screen(page)
    assert foot_on_screen(page) == before

    # Typed with reception: the live preview answers; then the signal goes, and Save keeps it.
    page.get_by_role("link", name=words["new deal"], exact=True).tap()
    for name, value in (("game", "sauspiel"), ("declarer", "Bene"), ("partner", "Dora")):
        page.locator(f'input[name="{name}"][value="{value}"]').tap()
    page.locator("input[name=points]").fill("81")
    expect(page.locator('[data-payout="Bene"]')).to_have_text(re.compile(r"^\+[0-9]+$"))
    cellar_phone.context.set_offline(True)
    with page.expect_navigation():
        page.get_by_role("button", name=words["save"], exact=True).tap()
    rows = page.locator("tbody[data-waiting-row]")
    expect(rows).to_have_count(1)
    expect(rows.first.locator(".said")).to_have_text(said["counted"])
    shown = [units(text) for text in rows.first.locator("td.pay").all_inner_texts()]
    paid = dict(zip(FOUR, shown, strict=True))
    assert paid["Bene"] > 0 and paid["Dora"] > 0 and paid["Anna"] < 0 and sum(paid.values()) == 0, paid
    counted = {who: before[who] + paid[who] for who in FOUR}
    assert totals_on_screen(page) == counted
    assert foot_on_screen(page) == counted
    assert sum(counted.values()) == 0
    expect(page.locator("#totals-heading [data-provisional]")).to_have_text(" " + said["mark"])
    expect(page.locator("table.block tfoot")).to_have_class(re.compile("is-provisional"))
    expect(page.locator("[data-stale]")).to_contain_text(said["stale"])

    # Typed without reception: no preview, so not in the totals, and it says so.
    enter_without_reception(page, words, "Bene")
    expect(rows).to_have_count(2)
    expect(rows.first.locator(".said")).to_have_text(said["waiting"])
    expect(rows.first.locator("td.pay")).to_have_count(0)
    assert totals_on_screen(page) == counted
    assert foot_on_screen(page) == counted
    clean_at_double_text(page, "the list with a deal counted and one not")
    cellar_phone.screenshot(f"list-waiting-counted-{lang}")

    # Reception: stored; the server's totals, its deal 4 paying what the preview said.
    cellar_phone.context.set_offline(False)
    expect(page.locator("p.net")).to_contain_text(said["sent"].replace("31–32", "4–5"), timeout=20_000)
    expect(rows).to_have_count(0)
    expect(page.locator("[data-provisional]")).to_have_count(0)
    expect(page.locator("table.block tfoot")).not_to_have_class(re.compile("is-provisional"))
    stored = stored_totals(live_server, links["id"])
    assert totals_on_screen(page) == stored
    assert foot_on_screen(page) == stored
    assert block_on_screen(page)[0][3] == shown
