"""Scenario 4: bad input is told at its field, kept for fixing, and nothing is saved."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import Hand, Phone, create_list_by_api, stored

FOUR = ["Anna", "Bene", "Chris", "Dora"]
TOO_MANY = "130 is more than the 120 in the pack."


def test_typing_130_card_points_shows_the_message_at_the_field_and_saves_nothing(phone: Phone) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.page
    hand = Hand(page)
    hand.new_deal()
    hand.radio("Game", "Sauspiel")
    hand.radio("Declarer", "Anna")
    hand.radio("Partner (called ace)", "Chris")
    hand.points(130)
    # The live preview says it before saving, and shows no payouts.
    expect(page.locator("[data-preview-message]")).to_have_text(TOO_MANY)
    expect(page.locator('[data-payout="Anna"]')).to_have_text("\u2013")
    hand.save()

    points_field = page.locator(".deal-field", has=page.locator("input[name=points]"))
    expect(points_field.locator(".field-error")).to_have_text(TOO_MANY)
    points = points_field.get_by_role("textbox")
    expect(points).to_have_value("130")
    expect(points).to_have_attribute("aria-invalid", "true")
    # Everything else typed is kept.
    expect(page.get_by_role("radio", name="Sauspiel", exact=True)).to_be_checked()
    expect(page.get_by_role("group", name="Declarer").get_by_role("radio", name="Anna")).to_be_checked()
    expect(page.get_by_role("group", name="Partner (called ace)").get_by_role("radio", name="Chris")).to_be_checked()
    assert stored(phone, list_id)["deals"] == []

    page.get_by_role("link", name="Back to the list").tap()
    expect(page.get_by_text("No deal yet.")).to_be_visible()
    expect(page.get_by_text("0 deals played", exact=True)).to_be_visible()


def test_ramsch_points_that_add_up_to_more_than_120_are_refused_at_the_points(phone: Phone) -> None:
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.page
    hand = Hand(page)
    hand.new_deal()
    hand.radio("Game", "Ramsch")
    group = page.get_by_role("group", name="Card points of each player", exact=True)
    for who, points in {"Anna": 40, "Bene": 40, "Chris": 40, "Dora": 10}.items():
        hand.fill(group.get_by_label(who, exact=True), str(points))
    expect(group.locator("[data-points-sum]")).to_have_text("Together 130 of 120")
    hand.save()
    group = page.get_by_role("group", name="Card points of each player", exact=True)
    expect(group.locator(".field-error")).to_contain_text("120")
    expect(group.get_by_label("Dora", exact=True)).to_have_value("10")
    assert stored(phone, list_id)["deals"] == []


def test_a_tapped_save_shows_it_is_working_and_takes_no_second_tap(phone: Phone) -> None:
    create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.page
    page.get_by_role("link", name="New deal").tap()
    page.get_by_role("radio", name="Sauspiel").check()
    page.locator("input[name=declarer][value=Anna]").check()
    page.locator("input[name=partner][value=Chris]").check()
    page.locator("input[name=points]").fill("72")
    # Hold the answer, as if it were slow to come, and count what is sent.
    held: list[Any] = []
    page.route("**/deals/new", lambda route: held.append(route) if route.request.method == "POST"
               else route.continue_())
    save = page.get_by_role("button", name="Save")
    save.tap()
    expect(save).to_have_attribute("aria-busy", "true")
    expect(save).to_be_disabled()
    save.click(force=True)
    page.wait_for_timeout(300)  # room for a second request, were one sent
    assert len(held) == 1
    held[0].continue_()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
