"""The table's budgets, counted (not timed): taps for a deal, layout at 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    NARROW, PHONE, Hand, LiveServer, Phone, create_list_by_api, new_phone, page_width,
    small_targets, stored,
)

FOUR = ["Anna", "Bene", "Chris", "Dora"]


def test_a_plain_sauspiel_is_entered_from_the_list_page_in_at_most_six_taps(phone: Phone) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.page
    expect(page.get_by_role("link", name="New deal", exact=True)).to_be_visible()

    hand = Hand(page)
    hand.new_deal()
    hand.radio("Game", "Sauspiel")
    hand.radio("Declarer", "Anna")
    hand.radio("Partner (called ace)", "Chris")
    hand.points(72)
    phone.screenshot("deal-entry")
    # The live preview says what each player gets before anything is saved.
    expect(page.locator('[data-payout="Anna"]')).to_have_text("+20")
    expect(page.locator('[data-payout="Bene"]')).to_have_text("\u221220")
    hand.save()
    expect(page.get_by_role("status")).to_contain_text("Deal 1 saved.")

    assert hand.count <= 6, "\n".join(hand.actions)
    deals = stored(phone, list_id)["deals"]
    assert len(deals) == 1
    assert deals[0]["game"] == "sauspiel"
    assert deals[0]["payouts"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}
    print(f"plain Sauspiel: {hand.count} taps or fields")


def _fits(page: Page, name: str) -> None:
    """The page does not scroll sideways at 360 px and every target is at least 44 x 44."""
    page.wait_for_load_state()
    assert page.evaluate("window.innerWidth") == NARROW
    assert page_width(page) <= NARROW, f"{name} is {page_width(page)} px wide at {NARROW} px"
    assert small_targets(page) == [], f"{name}: tappable controls below 44 x 44 px"


def test_every_main_page_fits_360_px_without_sideways_scrolling_and_with_44_px_targets(
    narrow_phone: Phone,
) -> None:
    phone = narrow_phone
    players = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran"]
    deals = [
        {"game": "sauspiel", "declarer": "Annemarie", "partner": "Christoph", "points": 72},
        {"game": "farbwenz", "declarer": "Christoph", "points": 95, "laufende": 3, "contra": True},
        {"game": "ramsch", "points": {"Annemarie": 30, "Christoph": 0, "Dorothea": 40, "Emmeran": 50}},
        {"game": "solo", "declarer": "Emmeran", "points": 120, "schwarz": True, "tout": True,
         "laufende": 8, "contra": True, "re": True, "doubles": 3},
    ]
    list_id = create_list_by_api(phone, {
        "rules": {"preset": "bavarian"}, "players": players, "deals": deals,
        "title": "Stammtisch beim Wirt am Eck, Freitag",
    })
    page = phone.page
    _fits(page, "the list")

    page.get_by_role("link", name="New deal", exact=True).tap()
    expect(page.get_by_role("heading", name="Deal 5")).to_be_visible()
    _fits(page, "deal entry, no game yet")
    for game in ("Solo", "Sauspiel", "Ramsch"):
        page.get_by_role("group", name="Game", exact=True).get_by_role("radio", name=game).tap()
        expect(page.locator('[data-payout="Annemarie"]')).to_be_visible()
        _fits(page, f"deal entry, {game}")

    phone.open(f"/l/{list_id}/deals/4/edit")
    _fits(page, "deal edit")
    page.get_by_role("link", name="Delete this deal").tap()
    expect(page.get_by_role("heading", name="Delete deal 4?")).to_be_visible()
    _fits(page, "delete deal")
    page.get_by_role("button", name="Delete deal 4").tap()
    deleted = page.locator("summary", has_text="deleted deal")
    deleted.tap()
    expect(page.get_by_role("button", name="Restore")).to_be_visible()
    _fits(page, "the list with its deleted deals open")

    for path, name in ((f"/l/{list_id}/settle", "settle"), (f"/l/{list_id}/share", "share"),
                       ("/", "home"), ("/new", "new list"), ("/new?family=german", "new German list"),
                       ("/new?family=sheepshead3", "new three-hand list"), ("/import", "import"),
                       ("/presets", "presets")):
        phone.open(path)
        _fits(page, name)


#: The words of the big choice buttons that a line break cuts in two.
BROKEN_WORDS_JS = """
() => {
  const broken = [];
  document.querySelectorAll(".choice > span").forEach((span) => {
    const text = span.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE || !span.getClientRects().length) return;
    const re = /\\S+/g;
    let match;
    while ((match = re.exec(text.data)) !== null) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  });
  return broken;
}
"""


@pytest.mark.parametrize("width", [NARROW, PHONE["width"]])
def test_the_game_and_player_buttons_never_cut_a_word_in_two_on_a_phone(
    browser: Browser, live_server: LiveServer, width: int,
) -> None:
    phone = new_phone(browser, live_server, width=width)
    players = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran"]
    create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": players})
    page = phone.page
    page.get_by_role("link", name="New deal", exact=True).tap()
    page.get_by_role("group", name="Game", exact=True).get_by_role("radio", name="Sauspiel").tap()
    expect(page.get_by_role("group", name="Declarer", exact=True)).to_be_visible()
    broken = sorted(set(page.evaluate(BROKEN_WORDS_JS)))
    phone.context.close()
    phone.watch.assert_clean()
    assert broken == [], f"words cut in two at {width} px"
