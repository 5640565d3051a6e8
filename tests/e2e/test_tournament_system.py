"""An organiser on a small phone picks a tournament system, builds one, and watches its sample as they type."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Phone, small_targets
from tests.e2e.test_accessibility import AXE, axe_violations, reflow_problems
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

EIGHT = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Ferdinand", "Gunhild", "Hieronymus"]

WORDS = {
    "en": {"own": "A system of your own", "make": "Make the tournament", "show": "Show sample",
           "herz": "Herz-Solo won", "solo": "Solo won", "tout": "Solo Tout won", "too_many": "20 is more than 16"},
    "de": {"own": "Ein eigenes System", "make": "Turnier anlegen", "show": "Beispiel zeigen",
           "herz": "Herz-Solo gewonnen", "solo": "Solo gewonnen", "tout": "Solo Tout gewonnen",
           "too_many": "20 ist größer als 16"},
}


def clean(phone: Phone, what: str) -> None:
    """axe finds nothing serious, nothing scrolls sideways at 200 % text, every target is big enough."""
    page = phone.page
    assert axe_violations(page) == [], what
    assert reflow_problems(phone, "") == [], what
    assert small_targets(page) == [], what


def sample_of(page: Page, label: str) -> str:
    """The sample's words for one deal, as the live region shows them."""
    row = page.locator("#system-sample .sample").filter(has=page.locator("dt", has_text=label))
    expect(row).to_have_count(1)
    return row.locator("dd").inner_text().replace("\u00a0", " ")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_organiser_builds_a_system_and_sees_its_sample_as_they_type(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    phone.context.add_init_script(path=str(AXE))
    words = WORDS[lang]
    page = phone.open(f"/lang/{lang}?next=/t/new")
    region = page.locator("#system-sample")
    expect(region).to_have_attribute("aria-live", "polite")
    # self-bar's 1/5 at first: a Solo Tout is 14 from each of the others.
    assert "+42" in sample_of(page, words["tout"])
    # The script asks as the organiser chooses: no button to press.
    expect(page.get_by_role("button", name=words["show"])).to_be_hidden()
    expect(page.locator(".custom-system")).to_be_hidden()
    clean(phone, "the systems")

    page.locator('input[name=scoring][value="5-10-15"]').check()
    expect(region.locator("dt", has_text=words["herz"])).to_be_visible()
    assert "+90" in sample_of(page, words["herz"])

    page.get_by_role("radio", name=words["own"]).check()
    custom = page.locator(".custom-system")
    expect(custom).to_be_visible()
    expect(region.locator("dt", has_text=words["herz"])).to_have_count(0)
    solo = page.locator("#system-solo_plain")
    solo.fill("")
    solo.press_sequentially("9")
    expect(region.locator(".sample").filter(has_text=words["solo"]).first).to_contain_text("+27")

    tout = page.locator("#system-tout")
    tout.fill("")
    tout.press_sequentially("20")
    page.locator("#system-tout_by").select_option("times")
    expect(page.locator("#system-tout-error")).to_have_text(words["too_many"])
    expect(tout).to_have_attribute("aria-invalid", "true")
    expect(region.locator(".sample")).to_have_count(0)
    clean(phone, "a custom system refused at its field")

    tout.fill("")
    tout.press_sequentially("2")
    expect(page.locator("#system-tout-error")).to_have_count(0)
    # Solo 9, times 2: 18 from each of the others.
    expect(region.locator(".sample").filter(has_text=words["tout"])).to_contain_text("+54")
    clean(phone, "a custom system with its sample")
    phone.screenshot(f"tournament-custom-system-{lang}")

    # The tie-breaks and the money, folded away until asked for.
    expect(page.locator("#prizes-entry_fee")).to_be_hidden()
    page.locator("details.prize-details > summary").tap()
    page.locator("#prizes-entry_fee").fill("10")
    page.locator("#prizes-shares").fill("50, 30, 20")
    page.locator("#prizes-lot").check()
    clean(phone, "the tie-breaks and prizes")

    page.locator("#name").fill("Eigener Cup")
    page.locator("#players").fill("\n".join(EIGHT))
    with page.expect_navigation():
        page.get_by_role("button", name=words["make"]).tap()
    expect(page.get_by_role("heading", name="Eigener Cup", level=1)).to_be_visible()
    expect(page.locator("body")).to_contain_text("custom")
    made = phone.page.request.get(phone.base_url + "/api/tournaments/" + page.url.rstrip("/").rsplit("/", 1)[1])
    assert (made.json()["entry_fee"], made.json()["shares"], made.json()["tie_breaks"][-1]) == (1000, [50, 30, 20], "lot")
