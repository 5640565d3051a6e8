"""Scenario: an evening of American Sheepshead, five at the table, on one phone.

The table starts from the common table "Called ace, leasters" and later
switches to doublers; a list keeps its rules, so that is a second list, as
on paper a fresh sheet. Sixteen hands in all: leasters, an alone pick, a
crack, a doubler followed by a doubled pick, and settling up both lists.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from scorer.engine import score_document
from tests.e2e.conftest import (
    Hand, Phone, block_on_screen, create_list_by_api, deal_row, list_id_of, stored, totals_on_screen,
)

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]

#: The first list, under leasters: (deal, how it is typed).
LEASTERS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 67}, {}),
    ({"game": "pick", "declarer": "Bene", "points": 70}, {}),  # alone
    ({"game": "pick", "declarer": "Chris", "partner": "Dora", "points": 50, "crack": True}, {}),
    ({"game": "leaster", "points": {"Anna": 0, "Bene": 10, "Chris": 25, "Dora": 40, "Emil": 45},
      "no_trick": ["Anna"]}, {"blank": "Emil"}),
    ({"game": "pick", "declarer": "Dora", "partner": "Emil", "points": 96}, {"defenders": True}),
    ({"game": "pick", "declarer": "Emil", "partner": "Anna", "points": 120, "schwarz": True}, {}),
    ({"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 70, "crack": True,
      "recrack": True}, {}),
    ({"game": "leaster", "points": {"Anna": 20, "Bene": 20, "Chris": 30, "Dora": 25, "Emil": 25},
      "winner": "Bene"}, {"blank": "Emil"}),
    ({"game": "pick", "declarer": "Chris", "points": 25, "blitz": 1}, {}),  # alone, schneidered
    ({"game": "pick", "declarer": "Dora", "partner": "Anna", "points": 61}, {}),
]

#: The second list, under doublers.
DOUBLERS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"game": "pick", "declarer": "Bene", "partner": "Emil", "points": 80}, {}),
    ({"game": "doubler"}, {}),
    ({"game": "doubler"}, {}),
    ({"game": "pick", "declarer": "Anna", "partner": "Dora", "points": 75}, {}),
    ({"game": "pick", "declarer": "Chris", "partner": "Bene", "points": 40, "crack": True}, {}),
    ({"game": "pick", "declarer": "Emil", "points": 91}, {}),  # alone, schneider
]

TOGGLES = {"schwarz": "No-tricker", "crack": "Crack", "recrack": "Re-crack"}
GAMES = {"pick": "Pick", "leaster": "Leaster", "moster": "Moster", "doubler": "Doubler"}


def flash(page: Page) -> Any:
    """The message the page shows after a change."""
    return page.get_by_role("status").first


def money(cents: int) -> str:
    """Pounds as the English pages write them: the test phone speaks en-GB, so its new list settles in pounds."""
    return f"\u00a3{cents / 100:.2f}"


def enter(hand: Hand, deal: dict[str, Any], *, defenders: bool = False, blank: str | None = None) -> None:
    """Fill in the open deal form with a Sheepshead deal, as the table says it, and save."""
    page = hand.page
    hand.radio("Game", GAMES[deal["game"]])
    if "declarer" in deal:
        hand.radio("Picker", deal["declarer"])
        hand.radio("Partner", deal.get("partner", "Alone"))
    hand.enter_points(deal, defenders=defenders, blank=blank)
    for who in deal.get("no_trick", []):
        hand.tap(page.get_by_role("group", name="Who took no trick?", exact=True)
                 .get_by_role("checkbox", name=who, exact=True))
    if deal.get("winner"):
        hand.radio("If tied for the fewest points: who wins?", deal["winner"])
    for key, label in TOGGLES.items():
        if deal.get(key):
            hand.toggle(label)
    if deal.get("blitz"):
        hand.radio("Blitz: queens shown", str(deal["blitz"]))
    hand.save()


def start_from_common_table(phone: Phone, table: str, title: str, shot: str | None = None) -> Page:
    """New list, American Sheepshead, a common table, five names, Start the list."""
    page = phone.open("/")
    page.get_by_role("link", name="New list", exact=True).tap()
    page.get_by_role("link", name="American Sheepshead (4 to 8 players)", exact=True).tap()
    # Six name inputs: with six at the table the dealer sits out.
    expect(page.get_by_label("Player 6 (optional)", exact=True)).to_be_visible()
    page.get_by_role("link", name=table, exact=True).tap()
    expect(page.get_by_role("link", name=table, exact=True)).to_have_attribute("aria-current", "page")
    for seat, name in enumerate(FIVE, start=1):
        label = f"Player {seat}" if seat <= 4 else f"Player {seat} (optional)"
        page.get_by_label(label, exact=True).fill(name)
    page.get_by_label("Title (optional)").fill(title)
    if shot:
        phone.screenshot(shot)
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()
    expect(page.get_by_text("Emil deals, Anna leads.")).to_be_visible()
    return page


def play(phone: Phone, hands: list[tuple[dict[str, Any], dict[str, Any]]], *, first: int = 1) -> None:
    """Enter the hands one by one from the list page."""
    page = phone.page
    for number, (deal, typed) in enumerate(hands, start=first):
        hand = Hand(page)
        hand.new_deal()
        expect(page.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
        enter(hand, deal, **typed)
        expect(flash(page)).to_have_text(f"Deal {number} saved.")


def check_against_the_engine(phone: Phone, list_id: str, rules: dict[str, Any],
                             deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The list page's totals and block, and the stored list, are what the engine computes."""
    page = phone.page
    expected = score_document({"rules": rules, "players": FIVE, "deals": deals})
    assert totals_on_screen(page) == expected["totals"]
    rows, footer = block_on_screen(page)
    assert rows == [[d["payouts"][p] for p in FIVE] for d in expected["deals"]]
    assert footer == [expected["totals"][p] for p in FIVE]
    assert sum(expected["totals"].values()) == 0
    assert stored(phone, list_id)["totals"] == expected["totals"]
    return expected


def settle_up(phone: Phone, expected: dict[str, Any], name: str) -> None:
    """Settle up: the fewest transfers, in money at a quarter a point."""
    page = phone.page
    page.get_by_role("link", name="Settle up").tap()
    expect(page.get_by_role("heading", name="Settle up", level=1)).to_be_visible()
    transfers = page.locator("ul.transfers li").all_inner_texts()
    assert transfers == [
        f"{t['from']} pays {t['to']} {money(t['amount'] * 25)}" for t in expected["settlement"]
    ]
    assert 0 < len(transfers) <= len(FIVE) - 1
    phone.screenshot(name)
    page.get_by_role("button", name="Finish the list").tap()
    expect(flash(page)).to_contain_text("The list is finished.")


def test_a_sheepshead_evening_of_sixteen_hands_adds_up_to_what_the_engine_computes(phone: Phone) -> None:
    page = start_from_common_table(phone, "Called ace, leasters", "Friday in Sheboygan",
                                   shot="sheepshead-new-list")
    list_id = list_id_of(page)

    # A plain pick with a partner: open the form, Pick, picker, partner, points, Save.
    hand = Hand(page)
    hand.new_deal()
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Emil")
    hand.radio("Game", "Pick")
    hand.radio("Picker", "Anna")
    hand.radio("Partner", "Chris")
    hand.points(67)
    expect(page.locator('[data-payout="Anna"]')).to_have_text("+2")
    expect(page.locator('[data-payout="Chris"]')).to_have_text("+1")
    expect(page.locator('[data-payout="Bene"]')).to_have_text("\u22121")
    phone.screenshot("sheepshead-deal-pick")
    hand.save()
    expect(flash(page)).to_have_text("Deal 1 saved.")
    assert hand.count <= 6, "\n".join(hand.actions)
    print(f"plain pick with a partner: {hand.count} taps or fields")

    # The form offers the pick and the list's no-pick game only.
    Hand(page).new_deal()
    expect(page.get_by_role("group", name="Game", exact=True).get_by_role("radio")).to_have_count(2)
    expect(page.get_by_role("radio", name="Leaster", exact=True)).to_have_count(1)
    expect(page.get_by_role("radio", name="Doubler", exact=True)).to_have_count(0)
    # Alone is one tap; the preview says what it pays.
    alone = Hand(page)
    alone.radio("Game", "Pick")
    alone.radio("Picker", "Bene")
    alone.radio("Partner", "Alone")
    alone.points(70)
    expect(page.locator('[data-payout="Bene"]')).to_have_text("+4")
    alone.save()
    expect(flash(page)).to_have_text("Deal 2 saved.")

    play(phone, LEASTERS[2:3], first=3)
    # A leaster: Anna took no trick, so Bene, with the fewest of the others, wins.
    hand = Hand(page)
    hand.new_deal()
    hand.radio("Game", "Leaster")
    expect(page.get_by_role("group", name="Who took no trick?", exact=True)).to_be_visible()
    expect(page.get_by_role("group", name="Picker", exact=True)).to_be_hidden()
    leaster, typed = LEASTERS[3]
    group = page.get_by_role("group", name="Card points of each player", exact=True)
    for who, value in leaster["points"].items():
        if who != typed["blank"]:
            hand.fill(group.get_by_label(who, exact=True), str(value))
    hand.tap(page.get_by_role("group", name="Who took no trick?", exact=True)
             .get_by_role("checkbox", name="Anna", exact=True))
    expect(page.locator('[data-payout="Bene"]')).to_have_text("+4")
    phone.screenshot("sheepshead-leaster")
    hand.save()
    expect(flash(page)).to_have_text("Deal 4 saved.")
    play(phone, LEASTERS[4:], first=5)

    deals = [deal for deal, _typed in LEASTERS]
    expected = check_against_the_engine(phone, list_id, {"preset": "sheepshead"}, deals)
    server = stored(phone, list_id)
    assert [d["game"] for d in server["deals"]] == [d["game"] for d in deals]
    assert server["deals"][1].get("partner") is None and server["deals"][3]["no_trick"] == ["Anna"]
    expect(page.locator("table.block").get_by_text("Bene alone")).to_be_visible()
    phone.screenshot("sheepshead-list")
    settle_up(phone, expected, "sheepshead-settle")

    # Later the table plays doublers: a fresh list from that common table.
    page = start_from_common_table(phone, "Doublers, no cap", "Friday, late: doublers")
    list_id = list_id_of(page)
    play(phone, DOUBLERS[:3])
    expect(page.get_by_text("Doubler: the next 2 picks are doubled")).to_be_visible()
    hand = Hand(page)
    hand.new_deal()
    expect(page.locator(".carry-note")).to_have_text("Doubler: the next 2 picks are doubled")
    deal, _typed = DOUBLERS[3]
    hand.radio("Game", "Pick")
    hand.radio("Picker", deal["declarer"])
    hand.radio("Partner", deal["partner"])
    hand.points(deal["points"])
    expect(page.locator('[data-payout="Anna"]')).to_have_text("+4")
    # The doubler shows once, in the line; no note beside it says it again.
    expect(page.locator("[data-preview-explained]")).to_contain_text("Doubler ×2 = 2")
    expect(page.locator("[data-preview-message]")).to_have_text("")
    phone.screenshot("sheepshead-doubled-preview")
    hand.save()
    expect(flash(page)).to_have_text("Deal 4 saved.")
    expect(page.get_by_text("Doubler: the next pick is doubled")).to_be_visible()
    play(phone, DOUBLERS[4:], first=5)
    expect(page.locator(".carry-note")).to_have_count(0)

    deals = [deal for deal, _typed in DOUBLERS]
    rules = {"preset": "sheepshead", "no_pick": "doubler"}
    expected = check_against_the_engine(phone, list_id, rules, deals)
    # The two picks after the doublers show what doubled them.
    marks = deal_row(page, 4).locator(".bock")
    expect(marks).to_have_text("×2")
    expect(deal_row(page, 5).locator(".bock")).to_have_text("×2")
    expect(deal_row(page, 6).locator(".bock")).to_have_count(0)
    phone.screenshot("sheepshead-doublers-list")
    settle_up(phone, expected, "sheepshead-doublers-settle")
    assert len(LEASTERS) + len(DOUBLERS) >= 15


def test_with_six_at_the_table_the_dealer_sits_out_and_the_list_says_who(phone: Phone) -> None:
    six = [*FIVE, "Finn"]
    list_id = create_list_by_api(phone, {"rules": {"preset": "sheepshead"}, "players": six})
    page = phone.page
    expect(page.locator(".next-deal")).to_have_text("Finn deals, Anna leads. Finn sits out this deal.")
    hand = Hand(page)
    hand.new_deal()
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Finn · sits out this deal")
    hand.radio("Game", "Pick")
    for group in ("Picker", "Partner"):
        finn = page.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name="Finn deals, sits out", exact=True)
        expect(finn).to_be_disabled()
    hand.radio("Picker", "Chris")
    hand.radio("Partner", "Emil")
    hand.points(80)
    expect(page.locator('[data-payout="Finn"]')).to_have_text("0")
    expect(page.locator('[data-payout="Chris"]')).to_have_text("+2")
    phone.screenshot("sheepshead-six-deal")
    hand.save()
    expect(page.locator(".next-deal")).to_have_text("Anna deals, Bene leads. Anna sits out this deal.")
    hand.new_deal()
    hand.radio("Game", "Leaster")
    points = page.get_by_role("group", name="Card points of each player", exact=True)
    expect(points.get_by_role("textbox")).to_have_count(5)
    expect(points.get_by_label("Anna")).to_have_count(0)
    # A box per player who plays, and the one that says the others with 0 points took a trick.
    expect(page.get_by_role("group", name="Who took no trick?", exact=True)
           .locator('input[name^="no_trick."]')).to_have_count(5)
    assert stored(phone, list_id)["deals"][0]["payouts"] == {
        "Anna": -1, "Bene": -1, "Chris": 2, "Dora": -1, "Emil": 1, "Finn": 0,
    }
