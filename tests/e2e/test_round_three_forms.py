"""At the table on a 360 px phone: the new list's usual tariffs in one tap, its boxes and
words; who is who in a Hochzeit; the German sheep's head that reads as one.

Each page is checked with axe at 200 % text, in English and in German.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NARROW, Phone
from tests.e2e.test_accessibility import AXE, axe_violations, sideways
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

FOUR = ["Anna", "Bene", "Chris", "Dora"]


@pytest.fixture
def phone(small_phone: Phone) -> Iterator[Phone]:
    """The 360 x 740 phone, with axe in every page."""
    small_phone.context.add_init_script(path=str(AXE))
    yield small_phone


def open_in(phone: Phone, lang: str, path: str) -> Page:
    """Open a page in a language."""
    phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")
    return phone.page


def clean_at_200_percent(page: Page, what: str) -> None:
    """axe finds nothing serious at 200 % text, and nothing scrolls sideways at 360 px."""
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    try:
        assert axe_violations(page) == [], what
        assert sideways(page, NARROW, what) == []
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")


def box(locator: object) -> dict[str, float]:
    """The bounding box of a visible element."""
    found = locator.bounding_box()  # type: ignore[attr-defined]
    assert found is not None
    return dict(found)


# -- the German sheep's head -------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "heading"), [("en", "Strokes and heads"), ("de", "Striche und Köpfe")])
def test_a_finished_sheeps_head_is_drawn_big_enough_and_no_strokes_leave_no_gap(
    phone: Phone, lang: str, heading: str,
) -> None:
    normal = {"game": "normal", "declarer": "Anna", "points": 95}  # 2 strokes for Anna and Chris
    schwarz = {"game": "normal", "declarer": "Bene", "points": 120, "schwarz": True}  # a head
    made = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "german"}, "players": FOUR, "deals": [schwarz, normal]}).json()
    page = open_in(phone, lang, made["edit_url"])
    tally = page.locator("section.tally")
    expect(tally.get_by_role("heading", name=heading)).to_be_visible()
    ours, theirs = tally.locator("li").all()
    # Bene and Dora: a finished head and no stroke since. The head is drawn as a sheep's:
    # crown, face, muzzle, two ears, two eyes, nose; at least a tap target wide.
    done = theirs.locator(".done svg.sheeps-head")
    expect(done).to_have_count(1)
    expect(done.locator("path.stroke")).to_have_count(9)
    size = box(done)
    assert size["width"] >= 44 and size["height"] >= 44, size
    # No stroke yet: no empty picture, so the finished head stands where the growing one would.
    expect(theirs.locator(".sheep > svg")).to_have_count(0)
    assert box(theirs.locator(".sheep"))["width"] <= size["width"] + 8
    # Anna and Chris: the growing head with its two strokes.
    expect(ours.locator(".sheep > svg path.stroke")).to_have_count(2)
    clean_at_200_percent(page, f"the German list ({lang})")
    phone.screenshot(f"sheeps-head-{lang}")


# -- who is who in a Hochzeit ------------------------------------------------------------------

HOCHZEIT = {
    "en": ("New deal", "Game", "Declarer", "Partner", "Hochzeit: who gave the trump away",
           "Hochzeit: who took the trump"),
    "de": ("Neues Spiel", "Spiel", "Spieler", "Partner", "Hochzeit: wer den Trumpf abgegeben hat",
           "Hochzeit: wer den Trumpf genommen hat"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_deal_form_says_who_is_declarer_and_who_partner_in_a_hochzeit(phone: Phone, lang: str) -> None:
    new_deal, game, declarer, partner, gave, took = HOCHZEIT[lang]
    made = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian", "games": ["sauspiel", "solo", "hochzeit", "ramsch"]},
        "players": FOUR}).json()
    page = open_in(phone, lang, made["edit_url"])
    page.get_by_role("link", name=new_deal, exact=True).tap()
    games = page.get_by_role("group", name=game, exact=True)
    games.get_by_role("radio", name="Hochzeit", exact=True).tap()
    declaring = page.get_by_role("group", name=declarer, exact=True)
    partnering = page.get_by_role("group", name=partner, exact=True)
    expect(declaring.get_by_text(gave, exact=True)).to_be_visible()
    expect(partnering.get_by_text(took, exact=True)).to_be_visible()
    clean_at_200_percent(page, f"the deal form, a Hochzeit ({lang})")
    phone.screenshot(f"hochzeit-roles-{lang}")
    # A Sauspiel's partner is the called ace's holder: the Hochzeit's words go away.
    games.get_by_role("radio", name="Sauspiel", exact=True).tap()
    expect(declaring.get_by_text(gave, exact=True)).to_be_hidden()
    expect(partnering.get_by_text(took, exact=True)).to_be_hidden()


HELP_WORDS = {
    "en": "the declarer is who gave the trump away, the partner who took it",
    "de": "ist Spieler, wer den Trumpf abgegeben hat, Partner, wer ihn genommen hat",
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("path", ["/help/bavarian", "/help/glossary"])
def test_the_help_says_who_is_declarer_and_who_partner_in_a_hochzeit(phone: Phone, lang: str, path: str) -> None:
    page = open_in(phone, lang, path)
    text = " ".join(page.locator("main").inner_text().split())
    assert HELP_WORDS[lang] in text, text[:200]
    clean_at_200_percent(page, f"{path} ({lang})")
