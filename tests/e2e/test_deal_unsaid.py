"""On a 360 px phone, in English and German: the obvious taps never store a value nobody chose.

A Sheepshead pick with the partner row untapped is not saved as alone; a
Bettel with neither "won" nor "lost" tapped is not saved as lost; a
Sauspiel with 0 points asks whether a side took no trick.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Phone, stored
from tests.e2e.test_deal_words import LANGS, choice, clean_at_200_percent, open_list
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

FIVE = ["Arnie", "Bob", "Carl", "Donna", "Ed"]

PARTNER_MISSING = {
    "en": "Tap the partner, or “Alone”: a pick is alone only when tapped so.",
    "de": "Tippe den Partner an, oder „Allein“: allein ist nur, wer so angetippt ist.",
}
BETTEL_MISSING = {
    "en": "Tap “Won (no trick taken)”, or “Lost: took a trick”.",
    "de": "Tippe „Gewonnen (kein Stich)“ an, oder „Verloren: einen Stich gemacht“.",
}
SCHWARZ_AT_0 = {
    "en": "With 0 points: did a side take no trick at all? Tap “Schwarz”, or “Both sides took a trick”.",
    "de": "Mit 0 Augen: Hat eine Seite gar keinen Stich gemacht? Tippe „Schwarz“ an, "
          "oder „Beide Seiten haben einen Stich“.",
}


def save(page: Page) -> None:
    page.locator(".deal-actions button.primary").tap()


@pytest.mark.parametrize("lang", LANGS)
def test_a_pick_with_no_partner_tapped_is_not_saved_alone(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {"rules": {"preset": "sheepshead"}, "players": FIVE})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "pick").tap()
    choice(page, "declarer", "Arnie").tap()
    page.locator("#points").fill("70")
    # The preview says what is missing, not the alone picker's double share.
    expect(page.locator("[data-line-message]")).to_have_text(PARTNER_MISSING[lang])
    expect(page.locator('[data-payout="Arnie"]')).to_have_text("–")
    save(page)
    expect(page.locator("#field-partner .field-error")).to_have_text(PARTNER_MISSING[lang])
    assert stored(phone, list_id)["deals"] == []
    expect(page.locator("#points")).to_have_value("70")  # kept as typed
    clean_at_200_percent(page, "a pick refused for its partner")
    phone.screenshot(f"pick-partner-missing-{lang}")

    choice(page, "partner", "").tap()  # "Alone", tapped
    expect(page.locator('[data-payout="Arnie"]')).to_have_text("+4")
    save(page)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    deal = stored(phone, list_id)["deals"][0]
    assert "partner" not in deal and deal["payouts"]["Arnie"] == 4


@pytest.mark.parametrize("lang", LANGS)
def test_a_bettel_with_nothing_tapped_is_not_saved_lost(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {
        "rules": {"preset": "bavarian", "games": ["sauspiel", "solo", "bettel"]},
        "players": ["Sepp", "Franz", "Vroni", "Resi"]})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "bettel").tap()
    choice(page, "declarer", "Resi").tap()
    expect(page.locator("[data-line-message]")).to_have_text(BETTEL_MISSING[lang])
    save(page)
    expect(page.locator("#field-toggles .field-error")).to_have_text(BETTEL_MISSING[lang])
    assert stored(phone, list_id)["deals"] == []
    choice(page, "won", "1").tap()
    choice(page, "won.no", "1").tap()  # changed the mind: lost, and won goes
    expect(page.locator('input[name="won"]')).not_to_be_checked()
    expect(page.locator('[data-payout="Resi"]')).to_have_text("\u221290")
    clean_at_200_percent(page, "a Bettel said lost")
    save(page)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    deal = stored(phone, list_id)["deals"][0]
    assert deal["won"] is False and deal["payouts"]["Resi"] == -90


@pytest.mark.parametrize("lang", LANGS)
def test_a_sauspiel_with_0_points_asks_about_schwarz_before_it_is_saved(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {"rules": {"preset": "bavarian"}, "players": ["Sepp", "Franz", "Vroni", "Resi"]})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "sauspiel").tap()
    choice(page, "declarer", "Sepp").tap()
    choice(page, "partner", "Vroni").tap()
    page.locator("#points").fill("0")
    ask = page.locator('[data-schwarz-ask][data-games="sauspiel"]')
    expect(ask).to_have_text(SCHWARZ_AT_0[lang])
    save(page)
    expect(page.locator("#field-toggles .field-error")).to_have_text(SCHWARZ_AT_0[lang])
    assert stored(phone, list_id)["deals"] == []
    choice(page, "schwarz", "1").tap()
    expect(ask).to_be_hidden()
    expect(page.locator('[data-payout="Sepp"]')).to_have_text("\u221240")
    save(page)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    assert stored(phone, list_id)["deals"][0]["schwarz"] is True
