"""An organiser on a small phone makes a tournament of eight and draws its first round."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Phone, small_targets
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

EIGHT = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Ferdinand", "Gunhild", "Hieronymus"]

WORDS = {
    "en": {"new": "New tournament", "make": "Make the tournament", "draw": "Draw round 1",
           "round": "Round 1", "table": "Table {n}", "enter": "Enter deals at table {n}",
           "qr": "QR code of the edit link of table {n}"},
    "de": {"new": "Neues Turnier", "make": "Turnier anlegen", "draw": "Runde 1 auslosen",
           "round": "Runde 1", "table": "Tisch {n}", "enter": "Spiele an Tisch {n} eintragen",
           "qr": "QR-Code des Bearbeitungslinks von Tisch {n}"},
}


def clean(phone: Phone, what: str) -> None:
    """axe finds nothing serious, nothing scrolls sideways at 200 % text, every target is big enough."""
    page = phone.page
    assert axe_violations(page) == [], what
    assert reflow_problems(phone, "") == [], what
    assert small_targets(page) == [], what


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_organiser_makes_a_tournament_of_eight_and_draws_round_one(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    phone.context.add_init_script(path=str(AXE))
    words = WORDS[lang]
    page = phone.open(f"/lang/{lang}?next=/")
    page.get_by_role("link", name=words["new"]).tap()
    expect(page.get_by_role("heading", name=words["new"], level=1)).to_be_visible()
    clean(phone, "the new-tournament form")

    page.locator("#name").fill("Schafkopf-Cup beim Oberwirt")
    page.locator("input[name=scoring][value=\"1/2\"]").check()
    page.locator("#rounds").fill("2")
    page.locator("#deals").fill("16")
    page.locator("#players").fill("\n".join(EIGHT))
    with page.expect_navigation():
        page.get_by_role("button", name=words["make"]).tap()
    expect(page.get_by_role("heading", name="Schafkopf-Cup beim Oberwirt", level=1)).to_be_visible()
    expect(page.locator(".participant")).to_have_count(8)
    expect(page.locator(".participant").first).to_contain_text("1")
    expect(page.locator(".participant").first).to_contain_text("Annemarie")
    clean(phone, "the tournament before the draw")

    with page.expect_navigation():
        page.get_by_role("button", name=words["draw"]).tap()
    round_one = page.locator("#round-1")
    expect(round_one.get_by_role("heading", name=words["round"])).to_be_visible()
    expect(round_one.locator(".table-card")).to_have_count(2)
    seated: list[str] = []
    for n in (1, 2):
        card = round_one.locator(".table-card").nth(n - 1)
        expect(card.get_by_role("heading", name=words["table"].format(n=n))).to_be_visible()
        seated += card.locator(".seats li").all_inner_texts()
        link = card.get_by_role("link", name=words["enter"].format(n=n))
        assert "?key=" in (link.get_attribute("href") or "")
        # The QR code is fetched when its fold is opened.
        expect(card.get_by_role("img", name=words["qr"].format(n=n))).to_have_count(0)
        card.locator("details.qr-fold > summary").tap()
        qr = card.get_by_role("img", name=words["qr"].format(n=n))
        expect(qr).to_be_visible()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    assert sorted(seated) == sorted(EIGHT)
    clean(phone, "the tournament with round 1 drawn")
    phone.screenshot(f"tournament-round-1-{lang}")

    # The first table's edit link opens its list, ready for deals.
    with page.expect_navigation():
        round_one.get_by_role("link", name=words["enter"].format(n=1)).tap()
    assert "/l/" in page.url and "key=" not in page.url
    expect(page.locator('a[href$="/deals/new"]').first).to_be_visible()
