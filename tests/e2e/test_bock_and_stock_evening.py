"""A Stammtisch evening with Bock rounds and the Stock on a phone: the counter counts down, the pot grows and is taken."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorer.engine import score_document
from tests.e2e.conftest import Hand, Phone, deal_row, list_id_of, stored, totals_on_screen

FOUR = ["Anna", "Bene", "Chris", "Dora"]


def status(page: Page) -> str:
    """The list's status card, as one line of text."""
    return " ".join(page.locator("section.status").inner_text().split())


def pot_on_screen(page: Page) -> int:
    """The pot beside the totals."""
    return int(page.locator("li.pot .amount").inner_text())


def start_with_bock_and_stock(phone: Phone) -> Page:
    page = phone.open("/new?family=bavarian")
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("Title (optional)").fill("Stammtisch")
    page.get_by_text("Across deals", exact=True).tap()
    bock = page.get_by_role("group", name="Bock rounds", exact=True)
    bock.get_by_label("Play it").check()
    stock = page.get_by_role("group", name="The Stock (pot)", exact=True)
    stock.get_by_label("Play it").check()
    phone.screenshot("bock-and-stock-rules")
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_role("heading", name="Stammtisch", level=1)).to_be_visible()
    return page


def sauspiel(hand: Hand, declarer: str, partner: str, points: int) -> None:
    hand.new_deal()
    hand.radio("Game", "Sauspiel")
    hand.radio("Declarer", declarer)
    hand.radio("Partner (called ace)", partner)
    hand.points(points)
    hand.save()


def test_the_bock_counter_counts_down_and_the_pot_grows_and_is_taken(phone: Phone) -> None:
    page = start_with_bock_and_stock(phone)
    list_id = list_id_of(page)
    hand = Hand(page)

    hand.new_deal()
    hand.radio("Game", "Thrown in")
    hand.save()
    expect(page.get_by_text("Bock ×2: 4 deals left")).to_be_visible()
    assert pot_on_screen(page) == 80
    phone.screenshot("bock-started")

    # Under Bock: the preview shows the doubled payouts before saving.
    hand.new_deal()
    expect(page.get_by_text("Bock ×2: 4 deals left")).to_be_visible()
    hand.radio("Game", "Sauspiel")
    hand.radio("Declarer", "Anna")
    hand.radio("Partner (called ace)", "Chris")
    hand.points(50)
    preview = page.locator("[data-preview]")
    expect(preview.locator('[data-payout="Bene"]')).to_have_text("+40")
    # Bock once, in the line; the note beside it adds the pot after the deal.
    expect(preview.locator("[data-preview-explained]")).to_contain_text("Bock ×2 = 40")
    expect(preview.locator("[data-preview-message]")).to_have_text("pot after: 160")
    phone.screenshot("bock-preview")
    hand.save()
    expect(page.get_by_text("Bock ×2: 3 deals left")).to_be_visible()
    assert pot_on_screen(page) == 160  # the lost Sauspiel doubled the pot

    hand.new_deal()
    hand.radio("Game", "Solo")
    hand.radio("Declarer", "Bene")
    hand.points(80)
    hand.save()
    expect(page.get_by_text("Bock ×2: 2 deals left")).to_be_visible()
    assert pot_on_screen(page) == 160  # a Solo does not take the pot

    sauspiel(hand, "Dora", "Bene", 75)
    expect(page.get_by_text("Bock ×2: 1 deal left")).to_be_visible()
    assert pot_on_screen(page) == 0  # Dora and Bene took it
    expect(deal_row(page, 2).locator(".bock")).to_have_text("×2")
    expect(deal_row(page, 1).locator(".bock")).to_have_count(0)

    sauspiel(hand, "Chris", "Anna", 61)
    sauspiel(hand, "Anna", "Dora", 70)
    assert "Bock" not in status(page)
    phone.screenshot("bock-over")

    document = stored(phone, list_id)
    expected = score_document({"rules": document["rules"], "players": FOUR, "deals": document["deals"]})
    assert [d["bock"] for d in expected["deals"]] == [1, 2, 2, 2, 2, 1]
    assert [d["pot"] for d in expected["deals"]] == [80, 160, 160, 0, 0, 0]
    on_screen = totals_on_screen(page)
    assert on_screen.pop("Stock (pot)") == 0
    assert on_screen == expected["totals"]
    assert sum(expected["totals"].values()) == 0

    page.get_by_role("link", name="Settle up").tap()
    expect(page.get_by_role("heading", name="Who pays whom")).to_be_visible()
    phone.screenshot("bock-settle")
