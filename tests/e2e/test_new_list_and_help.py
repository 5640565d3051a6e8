"""At the table on a 360 px phone: the new list's usual tariffs in one tap, its boxes and
words; who is who in a Hochzeit; the German sheep's head that reads as one.

Each page is checked with axe at 200 % text, in English and in German.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NARROW, Phone, list_id_of, small_targets, stored
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


# -- the new list: the usual tariffs, the game boxes, whole words -----------------------------

NEW_LIST = {
    "en": ("Usual tariffs", "Tariffs (points)", ("Player 1", "Player 2", "Player 3", "Player 4"),
           "Start the list"),
    "de": ("Übliche Tarife", "Tarif (Punkte)", ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"),
           "Liste anfangen"),
}
SOLO_GAMES = ("wenz", "solo", "geier", "farbwenz", "farbgeier")
#: What the 20/50 button says it set.
SAID_20_50 = {
    "en": ("Set: Sauspiel, Hochzeit, Schneider, Schwarz, Laufende (each), Ramsch: 20",
           "Wenz, Solo, Geier, Farbwenz, Farbgeier: 50", "Bettel: 35"),
    "de": ("Gesetzt: Sauspiel, Hochzeit, Schneider, Schwarz,", "Ramsch: 20", "Bettel: 35"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_usual_tariff_is_set_in_one_tap_and_single_fields_still_change_the_rest(
    phone: Phone, lang: str,
) -> None:
    group_name, section, seats, start = NEW_LIST[lang]
    page = open_in(phone, lang, "/new?family=bavarian")
    usual = page.get_by_role("group", name=group_name, exact=True)
    # Shown without unfolding the tariffs. The defaults (Schneider 10 at a Sauspiel of 20) are
    # none of the usual tariffs, whose Schneider costs a Sauspiel: no button is pressed.
    expect(usual).to_be_visible()
    folded = page.locator("details.section", has=page.get_by_role("heading", name=section, exact=True))
    assert folded.evaluate("d => d.open") is False
    expect(usual.locator("button[aria-pressed=true]")).to_have_count(0)
    clean_at_200_percent(page, f"the new list ({lang})")

    usual.get_by_role("button", name="20/50", exact=True).tap()
    expect(usual.get_by_role("button", name="20/50", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(usual.get_by_role("button", name="20/40", exact=True)).to_have_attribute("aria-pressed", "false")
    # Every amount it set is said, without unfolding the fields.
    said = page.locator("[data-tariff-said]")
    for words in SAID_20_50[lang]:
        expect(said).to_contain_text(words)
    phone.screenshot(f"usual-tariffs-{lang}")
    # The single fields hold the whole tariff, and one of them can still be changed on its own.
    folded.locator("summary").tap()
    for game in ("sauspiel", *SOLO_GAMES):
        expect(page.locator(f"input[name=tariff_{game}]")).to_have_value("20" if game == "sauspiel" else "50")
    for tariff in ("schneider", "schwarz", "laufende", "ramsch"):
        expect(page.locator(f"input[name=tariff_{tariff}]")).to_have_value("20")
    expect(page.locator("input[name=tariff_bettel]")).to_have_value("35")
    page.locator("input[name=tariff_farbgeier]").fill("60")
    expect(usual.get_by_role("button", name="20/50", exact=True)).to_have_attribute("aria-pressed", "false")
    for seat, name in zip(seats, FOUR):
        page.get_by_label(seat, exact=True).fill(name)
    page.get_by_role("button", name=start, exact=True).tap()
    expect(page.locator("h1")).to_be_visible()
    tariffs = stored(phone, list_id_of(page))["rules"]["tariffs"]
    assert tariffs["sauspiel"] == 20 and tariffs["hochzeit"] == 20
    assert [tariffs[g] for g in SOLO_GAMES] == [50, 50, 50, 50, 60]
    assert [tariffs[t] for t in ("schneider", "schwarz", "laufende", "ramsch", "bettel")] == [20, 20, 20, 20, 35]


#: The words of the new-list form that a line break cuts in two (not at a hyphen).
BROKEN_WORDS_JS = r"""
() => {
  const broken = [];
  const form = document.querySelector("form.new-list");
  const walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentElement;
    if (!parent || !parent.getClientRects().length || parent.closest("select, option, .sr-only")) continue;
    const re = /[^\s-]+/g;
    let match;
    while ((match = re.exec(text.data)) !== null) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_game_boxes_are_44_px_targets_and_no_word_of_the_form_is_cut(phone: Phone, lang: str) -> None:
    page = open_in(phone, lang, "/new?family=bavarian")
    # Everything shown: the folded sections open, Bock rounds and the Stock played.
    page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
    for group in ("bock", "stock"):
        page.locator(f"fieldset[data-group={group}] input[name={group}]").check()
    labels = page.locator("ul.checks label").all()
    assert len(labels) > 10
    for label in labels:
        size = box(label)
        assert size["width"] >= 44 and size["height"] >= 44, (label.inner_text(), size)
    assert small_targets(page) == []
    assert page.evaluate(BROKEN_WORDS_JS) == []
    phone.screenshot(f"new-list-words-{lang}")
    clean_at_200_percent(page, f"the new list, all open ({lang})")


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
