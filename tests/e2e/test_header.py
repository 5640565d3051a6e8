"""The header on the narrowest phone at 200 % text: the name, Help and the languages all
whole, each big enough to tap, nothing scrolling sideways; Help opens the help index."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Phone, create_list_by_api, page_width, small_targets
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

#: WCAG's Reflow width.
WIDTH = 320
HELP = {"en": "Help", "de": "Hilfe"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_header_keeps_help_and_the_languages_whole_at_200_percent_on_320_px(
    small_phone: Phone, lang: str
) -> None:
    phone = small_phone
    page = phone.page
    page.set_viewport_size({"width": WIDTH, "height": 640})
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"},
                                         "players": ["Annemarie", "Benedikt", "Christoph", "Dorothea"]})
    phone.open(f"/lang/{lang}?next=/l/{list_id}")
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    header = page.locator("header.bar")
    links = header.locator("a")
    assert links.all_inner_texts()[:2] == ["Schafkopf", HELP[lang]]
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, links.nth(i).inner_text()
        assert links.nth(i).evaluate("(a) => a.scrollWidth <= a.clientWidth"), links.nth(i).inner_text()
    assert page_width(page) <= WIDTH
    assert [target for target in small_targets(page) if HELP[lang] in target] == []

    page.get_by_role("link", name=HELP[lang], exact=True).tap()
    expect(page).to_have_url(f"{phone.base_url}/help")
    expect(page.get_by_role("link", name=HELP[lang], exact=True).first).to_have_attribute("aria-current", "page")
