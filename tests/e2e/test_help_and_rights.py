"""In a browser: rights that last, the words, the help pages.

A 360 x 740 phone in German and in English; the screenshots land in
tests/e2e/screenshots (help-rights-*.png).
"""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from scorer.engine import FAMILIES
from tests.e2e.conftest import (
    NARROW, SCREENSHOTS, LiveServer, Phone, list_id_of, new_phone, page_width, small_targets,
)
from tests.e2e.test_accessibility import AXE, axe_violations
from tests.e2e.test_deal_ux import HEIGHT, small_phone  # noqa: F401  (the 360 x 740 phone)
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

LANGUAGES = ("en", "de")
FOUR = ["Anna", "Bene", "Chris", "Dora"]

#: The words each test looks for, in each language.
WORDS = {
    "en": {
        "start": "Start the list", "player": "Player {n}", "keep": "Keep the edit link",
        "done": "Done, hide this", "new deal": "New deal", "copy": "Copy link",
        "no names": "Type the players' names: this game needs 4 or 5 players.",
        "long name": "A name may be at most 60 characters.",
        "csv": "This is a table (CSV), as the CSV button writes it",
        "import": "Import", "help": "Help: {rule}", "scored": "How this game is scored",
        "durchmarsch": "Ramsch Durchmarsch from this many points (empty: none, 120: all tricks)",
        "strokes": "Striche und Köpfe (strokes and heads)", "glossary": "Glossary",
    },
    "de": {
        "start": "Liste anfangen", "player": "Spieler {n}", "keep": "Den Bearbeitungslink aufheben",
        "done": "Erledigt, ausblenden", "new deal": "Neues Spiel", "copy": "Link kopieren",
        "no names": "Trag die Namen der Spieler ein: dieses Spiel braucht 4 oder 5 Spieler.",
        "long name": "Ein Name darf höchstens 60 Zeichen lang sein.",
        "csv": "Das ist eine Tabelle (CSV), wie sie der CSV-Knopf schreibt",
        "import": "Importieren", "help": "Hilfe: {rule}", "scored": "So zählt dieses Spiel",
        "durchmarsch": "Ramsch: Durchmarsch ab so vielen Augen (leer: keiner, 120: alle Stiche)",
        "strokes": "Striche und Köpfe", "glossary": "Wörter am Tisch",
    },
}


def phone_360(browser: Browser, live_server: LiveServer, storage_state: Any = None) -> Phone:
    """A 360 x 740 phone, fresh or with the cookies a browser kept (``storage_state``)."""
    return new_phone(browser, live_server, width=NARROW, height=HEIGHT, storage_state=storage_state)


def speak(phone: Phone, lang: str, path: str) -> Page:
    """Open a page in a language (the switch remembers it)."""
    phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")
    return phone.page


def shot(phone: Phone, name: str, lang: str) -> None:
    phone.screenshot(f"help-rights-{name}-{lang}")


def send(page: Page, button: Any) -> None:
    """Tap a form's button and wait for the answer."""
    with page.expect_navigation():
        button.tap()


def start_list(page: Page, words: dict[str, str], title: str) -> None:
    """Fill in the new-list form with four names and a title, and start the list."""
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(words["player"].format(n=seat), exact=True).fill(name)
    page.locator("input[name=title]").fill(title)
    send(page, page.get_by_role("button", name=words["start"]))


# -- rights that last -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_list_asks_once_to_keep_its_edit_link_and_the_phone_still_edits_after_a_restart(
    browser: Browser, live_server: LiveServer, lang: str,
) -> None:
    words = WORDS[lang]
    title = f"Freitag beim Wirt ({lang}, {time.time_ns()})"
    phone = phone_360(browser, live_server)
    phone.context.add_init_script(path=str(AXE))
    page = speak(phone, lang, "/new?family=bavarian")
    start_list(page, words, title)

    prompt = page.get_by_role("region", name=words["keep"])
    expect(prompt).to_be_visible()
    list_id = list_id_of(page)
    edit_link = prompt.locator("p.link a").get_attribute("href") or ""
    assert re.search(rf"/l/{list_id}\?key=[\w-]+$", edit_link), edit_link
    expect(prompt.get_by_role("button", name=words["copy"])).to_be_visible()
    qr = prompt.locator("img.qr-edit")
    prompt.locator("details.qr-fold > summary").tap()  # folded under New deal
    expect(qr).to_be_visible()
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 0")
    assert axe_violations(page) == []
    assert page_width(page) <= NARROW
    assert small_targets(page) == []
    shot(phone, "keep-link-prompt", lang)
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert page_width(page) <= NARROW
    page.evaluate("document.documentElement.style.fontSize = ''")

    prompt.get_by_role("button", name=words["done"]).tap()
    expect(prompt).to_be_hidden()
    page.reload()
    expect(page.get_by_role("link", name=words["new deal"], exact=True)).to_be_visible()
    expect(page.get_by_role("region", name=words["keep"])).to_have_count(0)

    # The browser is closed: what it keeps is what outlives a restart, the cookies
    # with an expiry (a session cookie without one is gone).
    state = phone.context.storage_state()
    phone.context.close()
    phone.watch.assert_clean()
    session = next(c for c in state["cookies"] if c["name"] == "session")
    assert session["expires"] > time.time() + 399 * 24 * 3600
    assert session["httpOnly"] and session["sameSite"] == "Lax"
    kept = {**state, "cookies": [c for c in state["cookies"] if c["expires"] > 0]}

    again = phone_360(browser, live_server, storage_state=kept)
    try:
        home = again.open("/")
        expect(home.get_by_role("link", name=re.compile(re.escape(title)))).to_be_visible()
        shot(again, "home-after-restart", lang)
        home.get_by_role("link", name=re.compile(re.escape(title))).tap()
        expect(home.get_by_role("link", name=words["new deal"], exact=True)).to_be_visible()
        expect(home.get_by_role("region", name=words["keep"])).to_have_count(0)
        home.get_by_role("link", name=words["new deal"], exact=True).tap()
        expect(home).to_have_url(re.compile(rf"/l/{list_id}/deals/new$"))
        shot(again, "deal-form-after-restart", lang)
    finally:
        again.context.close()
    again.watch.assert_clean()


# -- the words ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_list_page_describes_every_family_and_words_its_errors(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    words = WORDS[lang]
    page = speak(phone, lang, "/new?family=bavarian")
    for name in FAMILIES:
        expect(page.locator(f"#family-line-{name}")).to_be_visible()
        expect(page.locator(f"a[aria-describedby='family-line-{name}']")).to_be_visible()
    assert page_width(page) <= NARROW and small_targets(page) == []
    labels = page.locator("nav.family-choices a.button").all_inner_texts()
    assert len(set(labels)) == len(FAMILIES)
    if lang == "de":
        assert not any("Sheepshead (3 Spieler)" == label for label in labels), labels
    shot(phone, "families", lang)

    send(page, page.get_by_role("button", name=words["start"]))
    errors = page.locator(".field-error").all_inner_texts()
    assert words["no names"] in errors
    assert not any("nicht 0" in e or "not 0" in e or "4 / 5" in e for e in errors), errors

    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(words["player"].format(n=seat), exact=True).fill(name)
    # A name pasted past the field's limit (a browser that ignores maxlength).
    page.get_by_label(words["player"].format(n=1), exact=True).evaluate(
        "(input) => { input.removeAttribute('maxlength'); input.value = 'A'.repeat(61); }")
    send(page, page.get_by_role("button", name=words["start"]))
    errors = page.locator(".field-error").all_inner_texts()
    assert errors.count(words["long name"]) == 1 and len(errors) == 1, errors
    shot(phone, "long-name", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_csv_pasted_into_the_import_is_named_in_the_players_language(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    words = WORDS[lang]
    page = speak(phone, lang, "/import")
    page.locator("textarea[name=text]").fill("Deal;Dealer;Game;Summary;Anna;Bene;Chris;Dora\n1;Dora;Sauspiel;Sau 72;20;-20;20;-20\n")
    send(page, page.locator("main form button[type=submit]"))
    error = page.locator(".field-error")
    expect(error).to_contain_text(words["csv"])
    page.locator("textarea[name=text]").fill('{"players": ["Anna", "Bene"], ')
    send(page, page.locator("main form button[type=submit]"))
    text = page.locator(".field-error").inner_text()
    assert "Expecting" not in text and "list file:" not in text, text
    shot(phone, "import-error", lang)


# -- the help pages -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_question_mark_of_a_house_rule_opens_its_help_and_the_deal_form_links_its_game(
    small_phone: Phone, lang: str,
) -> None:
    phone = small_phone
    words = WORDS[lang]
    page = speak(phone, lang, "/new?family=bavarian")
    rule = page.locator("details.section", has=page.locator("input[name=durchmarsch]"))
    rule.locator("summary").tap()
    ask = page.get_by_role("link", name=words["help"].format(rule=words["durchmarsch"]), exact=True)
    expect(ask).to_be_visible()
    box = ask.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    shot(phone, "new-list-help-links", lang)
    ask.tap()
    expect(page).to_have_url(re.compile(r"/help/bavarian#rule-durchmarsch$"))
    entry = page.locator("#rule-durchmarsch")
    expect(entry).to_be_in_viewport()
    expect(entry.locator("p.default")).to_contain_text("90")
    shot(phone, "help-durchmarsch", lang)

    page = speak(phone, lang, "/help/glossary")
    expect(page.locator("#strokes")).to_have_text(words["strokes"])
    expect(page.locator("#forced")).to_be_visible()
    assert page_width(page) <= NARROW and small_targets(page) == []
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert page_width(page) <= NARROW
    shot(phone, "glossary-200pct", lang)
    page.evaluate("document.documentElement.style.fontSize = ''")

    made = page.request.post(phone.base_url + "/api/lists", data={"rules": {"preset": "german"}, "players": FOUR})
    assert made.status == 201
    phone.open(made.json()["edit_url"])
    page = speak(phone, lang, f"/l/{made.json()['id']}/deals/new")
    page.get_by_role("link", name=words["scored"]).tap()
    expect(page).to_have_url(re.compile(r"/help/german$"))
    expect(page.locator("#rule-settle_per_head")).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert page_width(page) <= NARROW
    shot(phone, "help-german-200pct", lang)


def test_every_help_page_fits_a_phone_with_big_targets(small_phone: Phone) -> None:
    phone = small_phone
    for path in ["/help", "/help/glossary", *(f"/help/{family}" for family in FAMILIES)]:
        page = phone.open(path)
        assert page_width(page) <= NARROW, path
        assert small_targets(page) == [], path
    # The reference, docs/rules.md, and on a German page docs/rules.de.md.
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for lang, heading in (("en", "How the scorer counts"), ("de", "Wie der Schreiber zählt")):
        page = speak(phone, lang, "/help/reference")
        expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible()
        assert page.get_attribute("div.reference", "lang") == lang
        assert page_width(page) <= NARROW
        # The reference is long: its first screen is the picture.
        page.screenshot(path=str(SCREENSHOTS / f"help-rights-reference-{lang}.png"))
    # A link into a section finds it in German too (the German headings keep the English ids).
    page = phone.open("/help/reference#settling-up")  # still in German: the switch remembers it
    expect(page.get_by_role("heading", name="Abrechnen", level=2)).to_be_in_viewport()
    speak(phone, "en", "/help")
