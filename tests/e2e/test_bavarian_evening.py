"""Scenario 1: a whole Bavarian evening on one phone, from the new list to settling up."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from scorer.engine import score_document
from tests.e2e.conftest import (
    Hand, Phone, block_on_screen, list_id_of, stored, totals_on_screen,
)

FOUR = ["Anna", "Bene", "Chris", "Dora"]

#: What the table played, in order, as list-file deals; (deal, how it is typed).
EVENING: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}, {}),
    ({"game": "wenz", "declarer": "Bene", "points": 61, "laufende": 2}, {}),
    ({"game": "solo", "declarer": "Chris", "points": 95, "laufende": 3}, {}),
    ({"game": "sauspiel", "declarer": "Dora", "partner": "Bene", "points": 50, "contra": True, "re": True}, {}),
    ({"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 80, "doubles": 2}, {}),
    ({"game": "solo", "declarer": "Dora", "points": 120, "schwarz": True}, {}),
    ({"game": "wenz", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True}, {}),
    ({"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}, {"blank": "Dora"}),
    ({"game": "sauspiel", "declarer": "Chris", "partner": "Dora", "points": 40}, {"defenders": True}),
    ({"game": "solo", "declarer": "Bene", "points": 45, "contra": True}, {}),
    ({"game": "passed"}, {}),
    ({"game": "geier", "declarer": "Chris", "points": 70, "laufende": 2}, {}),
    ({"game": "sauspiel", "declarer": "Bene", "partner": "Anna", "points": 61}, {}),
]


def flash(page: Page) -> Any:
    """The message the page shows after a change."""
    return page.get_by_role("status").first


def money(cents: int) -> str:
    """Pounds as the English pages write them: the test phone speaks en-GB, so its new list settles in pounds."""
    return f"\u00a3{cents / 100:.2f}"


def short(name: str) -> str:
    """A dealer's name as the block's narrow column writes it."""
    return name if len(name) <= 4 else name[:3] + "."


def start_the_list(phone: Phone) -> Page:
    """Home, New list, four names and a title, Start the list."""
    page = phone.open("/")
    phone.screenshot("home")
    page.get_by_role("link", name="New list", exact=True).tap()
    expect(page.get_by_role("heading", name="New list", level=1)).to_be_visible()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("Title (optional)").fill("Friday at the Wirt")
    # The first dealer defaults to the last player: Dora deals, Anna leads.
    expect(page.get_by_label("First dealer")).to_have_value("")
    phone.screenshot("new-list")
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_role("heading", name="Friday at the Wirt", level=1)).to_be_visible()
    expect(page.get_by_text("Dora deals, Anna leads.")).to_be_visible()
    return page


def test_a_bavarian_evening_of_a_dozen_deals_adds_up_to_what_the_engine_computes(phone: Phone) -> None:
    page = start_the_list(phone)
    list_id = list_id_of(page)
    hand = Hand(page)

    for number, (deal, typed) in enumerate(EVENING, start=1):
        hand.new_deal()
        expect(page.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
        hand.enter(deal, **typed)
        expect(flash(page)).to_have_text(f"Deal {number} saved.")
    expect(page.get_by_text(f"{len(EVENING)} deals played", exact=True)).to_be_visible()

    # Edit deal 2: the Wenz was won schneider after all.
    page.get_by_role("link", name="Edit deal 2", exact=True).tap()
    expect(page.get_by_role("heading", name="Change deal 2")).to_be_visible()
    points = page.get_by_role("textbox", name=re.compile(r"^Card points of the "))
    expect(points).to_have_value("61")
    expect(page.get_by_role("radio", name="Wenz", exact=True)).to_be_checked()
    points.fill("91")
    expect(page.locator('[data-payout="Bene"]')).to_have_text("+180")
    page.get_by_role("button", name="Save", exact=True).tap()
    expect(flash(page)).to_have_text("Deal 2 changed.")

    # Undo the last deal in one tap.
    page.get_by_role("button", name="Undo last deal").tap()
    expect(flash(page)).to_have_text("Deal 13 undone.")

    # Delete deal 10 (Bene's lost Solo, entered by mistake): it asks first, and asks
    # whether the later dealers move back (a mistake) or keep their seats (it was played).
    page.get_by_role("link", name="Edit deal 10", exact=True).tap()
    page.get_by_role("link", name="Delete this deal").tap()
    expect(page.get_by_role("heading", name="Delete deal 10?")).to_be_visible()
    expect(page.locator(".deal-summary")).to_contain_text("Solo")
    page.get_by_role("button", name="Delete, move the dealers").tap()
    expect(flash(page)).to_have_text("Deal 10 deleted.")

    kept = [deal for deal, _typed in EVENING[:12]]
    kept[1] = {**kept[1], "points": 91}
    del kept[9]
    expected = score_document({"rules": {"preset": "bavarian"}, "players": FOUR, "deals": kept})

    assert totals_on_screen(page) == expected["totals"]
    rows, footer = block_on_screen(page)
    assert rows == [[d["payouts"][p] for p in FOUR] for d in expected["deals"]]
    assert footer == [expected["totals"][p] for p in FOUR]
    dealers = page.locator("table.block tbody .dealer").all_inner_texts()
    assert dealers == [short(d["dealer"]) for d in reversed(expected["deals"])]  # the newest first
    assert sum(totals_on_screen(page).values()) == 0
    server = stored(phone, list_id)
    assert server["totals"] == expected["totals"]
    assert [d["game"] for d in server["deals"]] == [d["game"] for d in kept]
    phone.screenshot("list")

    # Settle up: balances in money and the fewest transfers, then finish.
    page.get_by_role("link", name="Settle up").tap()
    expect(page.get_by_role("heading", name="Settle up", level=1)).to_be_visible()
    transfers = page.locator("ul.transfers li").all_inner_texts()
    assert transfers == [
        f"{t['from']} pays {t['to']} {money(t['amount'])}" for t in expected["settlement"]
    ]
    assert 0 < len(transfers) <= len(FOUR) - 1
    balances = page.locator(".total-list li .amount").all_inner_texts()
    # Signed as the list signs its totals: a plus for a win, a minus (not a hyphen) for a loss.
    assert balances == [
        ("+" if expected["totals"][p] > 0 else "\u2212" if expected["totals"][p] < 0 else "")
        + money(abs(expected["totals"][p])) for p in FOUR
    ]
    phone.screenshot("settle")
    page.get_by_role("button", name="Finish the list").tap()
    expect(flash(page)).to_contain_text("The list is finished.")
    expect(page.get_by_role("button", name="Reopen the list")).to_be_visible()

    # Finished: read-only on the list page, and listed as finished at home.
    page.get_by_role("link", name="Back to the list").tap()
    expect(page.get_by_text("finished", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="New deal")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo last deal")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile(r"^Edit deal "))).to_have_count(0)
    assert totals_on_screen(page) == expected["totals"]
    phone.open("/")
    finished = page.get_by_role("heading", name="Finished lists")
    expect(finished).to_be_visible()
    expect(page.locator("ul.lists").last.get_by_text("Friday at the Wirt")).to_be_visible()
