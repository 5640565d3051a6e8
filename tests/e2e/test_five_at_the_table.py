"""Scenario 2: five at the table, the dealer sits out and cannot play."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import Hand, Phone, block_on_screen, create_list_by_api, stored

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SITS_OUT = "deals, sits out"


def test_with_five_players_the_dealer_is_shown_sitting_out_and_cannot_be_declarer_or_partner(
    phone: Phone,
) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FIVE})
    page = phone.page
    hand = Hand(page)
    # The last player deals first; the first active player after him leads.
    expect(page.get_by_text("Emil deals, Anna leads.")).to_be_visible()

    hand.new_deal()
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Emil · sits out this deal")
    hand.radio("Game", "Sauspiel")
    declarer = page.get_by_role("group", name="Declarer", exact=True)
    partner = page.get_by_role("group", name="Partner (called ace)", exact=True)
    for group in (declarer, partner):
        emil = group.get_by_role("radio", name=f"Emil {SITS_OUT}", exact=True)
        expect(emil).to_be_disabled()
        emil.tap(force=True)  # a thumb on the greyed-out button changes nothing
        expect(emil).not_to_be_checked()
        for player in FIVE[:4]:
            expect(group.get_by_role("radio", name=player, exact=True)).to_be_enabled()

    # The declarer cannot be their own partner either.
    hand.radio("Declarer", "Bene")
    expect(partner.get_by_role("radio", name="Bene", exact=True)).to_be_disabled()

    # A Ramsch asks only the four who play for their points.
    hand.radio("Game", "Ramsch")
    points = page.get_by_role("group", name="Card points of each player", exact=True)
    expect(points.get_by_role("textbox")).to_have_count(4)
    expect(points.get_by_label("Emil")).to_have_count(0)

    hand.radio("Game", "Sauspiel")
    hand.radio("Declarer", "Anna")
    hand.radio("Partner (called ace)", "Bene")
    hand.points(70)
    expect(page.locator('[data-payout="Emil"]')).to_have_text("0")
    hand.save()
    expect(page.get_by_role("status").first).to_have_text("Deal 1 saved.")
    rows, _totals = block_on_screen(page)
    assert rows == [[20, 20, -20, -20, 0]]
    expect(page.get_by_text("Anna deals, Bene leads.")).to_be_visible()

    # Deal 2: Anna deals and sits out; Emil plays again.
    hand.new_deal()
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Anna · sits out this deal")
    hand.radio("Game", "Solo")
    declarer = page.get_by_role("group", name="Declarer", exact=True)
    expect(declarer.get_by_role("radio", name=f"Anna {SITS_OUT}", exact=True)).to_be_disabled()
    expect(declarer.get_by_role("radio", name="Emil", exact=True)).to_be_enabled()



def test_a_form_that_names_the_sitting_out_dealer_anyway_is_refused_at_the_declarer(phone: Phone) -> None:
    """A form that gets past the page (no script, a tampered button) is refused with
    the message at the declarer, and nothing is stored."""
    deal = {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70}
    list_id = create_list_by_api(
        phone, {"rules": {"preset": "bavarian"}, "players": FIVE, "deals": [deal]}
    )
    page = phone.page
    hand = Hand(page)
    hand.new_deal()
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Anna · sits out this deal")
    hand.radio("Game", "Solo")
    declarer = page.get_by_role("group", name="Declarer", exact=True)
    anna = declarer.get_by_role("radio", name=f"Anna {SITS_OUT}", exact=True)
    anna.evaluate("input => { input.disabled = false; input.checked = true; }")
    hand.points(80)
    hand.save()
    error = page.get_by_role("group", name="Declarer", exact=True).locator(".field-error")
    expect(error).to_contain_text("Anna")
    expect(error).to_contain_text("sits out")
    assert len(stored(phone, list_id)["deals"]) == 1
