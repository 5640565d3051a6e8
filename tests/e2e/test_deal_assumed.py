"""On a 360 px phone, in English and German: what the deal form assumes, the preview says.

The game for three's bid stands at 61 unless another is chosen, and a
German game is not forced unless ticked; neither is a term of the
breakdown, so the preview's note names them before Save, and Save stores
what it said.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Phone, stored
from tests.e2e.test_deal_words import LANGS, choice, clean_at_200_percent, open_list
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

LOWEST_BID = {"en": "Bid 61, the lowest", "de": "Gebot 61, das niedrigste"}
BID_65 = {"en": "Bid 65", "de": "Gebot 65"}
NOT_FORCED = {"en": "Not a forced game", "de": "Kein Pflichtspiel"}
FORCED = {"en": "Forced game", "de": "Pflichtspiel"}


def note(page: Page) -> str:
    """The preview's note under the payouts, once the preview has answered."""
    return str(page.locator("[data-preview-message]").text_content())


def save(page: Page) -> None:
    page.locator(".deal-actions button.primary").tap()


@pytest.mark.parametrize("lang", LANGS)
def test_the_bid_left_at_61_is_said_before_save(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {"rules": {"preset": "bavarian3"}, "players": ["Anna", "Bene", "Chris"]})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "solo").tap()
    choice(page, "declarer", "Anna").tap()
    page.locator("#points").fill("63")
    expect(page.locator('[data-payout="Anna"]')).to_have_text("+80")
    expect(page.locator("[data-preview-message]")).to_contain_text(LOWEST_BID[lang])
    clean_at_200_percent(page, "a bid said before save")
    page.locator('select[name="bid"]').select_option("65")
    expect(page.locator('[data-payout="Anna"]')).to_have_text("\u221280")
    expect(page.locator("[data-preview-message]")).to_contain_text(BID_65[lang])
    assert LOWEST_BID[lang] not in note(page)
    save(page)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    deal = stored(phone, list_id)["deals"][0]
    assert deal["bid"] == 65 and deal["payouts"]["Anna"] == -80


@pytest.mark.parametrize("lang", LANGS)
def test_a_german_game_not_ticked_forced_is_said_so_before_save(phone: Phone, lang: str) -> None:
    list_id = open_list(phone, lang, {"rules": {"preset": "german"}, "players": ["Anna", "Bene", "Chris", "Dora"]})
    page = phone.open(f"/l/{list_id}/deals/new")
    choice(page, "game", "normal").tap()
    choice(page, "declarer", "Anna").tap()
    page.locator("#points").fill("50")
    expect(page.locator("[data-preview-message]")).to_contain_text(NOT_FORCED[lang])
    clean_at_200_percent(page, "a game said not forced")
    unforced = page.locator('[data-payout="Bene"]').text_content()
    choice(page, "forced", "1").tap()
    expect(page.locator("[data-preview-message]")).not_to_contain_text(NOT_FORCED[lang])
    expect(page.locator("[data-preview-message]")).to_contain_text(FORCED[lang])
    expect(page.locator('[data-payout="Bene"]')).not_to_have_text(str(unforced))
    save(page)
    expect(page.locator("table.block tbody.deal")).to_have_count(1)
    deal = stored(phone, list_id)["deals"][0]
    assert deal["forced"] is True
