"""Scenario 3: three-hand Schafkopf with a least and the classic tally; the German
game with its strokes and heads."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from scorer.engine import score_document
from tests.e2e.conftest import Hand, Phone, block_on_screen, list_id_of, stored, totals_on_screen


def new_list(phone: Phone, family: str, players: list[str], ends: str, count: int) -> Page:
    """New list page: the family, the names, when it ends; Start the list."""
    page = phone.open("/new")
    page.get_by_role("link", name=family, exact=True).tap()
    expect(page.get_by_role("link", name=family, exact=True)).to_have_attribute("aria-current", "page")
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("The list ends").select_option(label=ends)
    page.get_by_label("After how many").fill(str(count))
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_role("link", name="New deal", exact=True)).to_be_visible()
    return page


def play(page: Page, deals: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """Enter the deals one by one from the list page."""
    hand = Hand(page)
    for number, (deal, typed) in enumerate(deals, start=1):
        hand.new_deal()
        expect(page.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
        hand.enter(deal, **typed)
        expect(page.get_by_role("status").first).to_have_text(f"Deal {number} saved.")


def tally_on_screen(page: Page) -> list[tuple[str, str]]:
    """The tally box: (who, what) per line."""
    items = page.locator("section.tally li")
    return [
        (items.nth(i).locator(".who").inner_text().strip(),
         items.nth(i).locator(".amount").inner_text().strip())
        for i in range(items.count())
    ]


def test_three_hand_schafkopf_keeps_the_classic_tally_through_a_least(phone: Phone) -> None:
    three = ["Anna", "Bene", "Chris"]
    deals: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"game": "pick", "declarer": "Anna", "points": 95}, {}),
        # All passed: Bene took no points and wins double; Chris is filled in to 120.
        ({"game": "least", "points": {"Anna": 30, "Bene": 0, "Chris": 90}}, {"blank": "Chris"}),
        ({"game": "pick", "declarer": "Chris", "points": 25}, {}),
        # Two tied for the fewest: the form asks who wins.
        ({"game": "least", "points": {"Anna": 20, "Bene": 20, "Chris": 80}, "winner": "Bene"}, {}),
    ]
    page = new_list(phone, "Sheepshead (3 players)", three,
                    "when someone reaches classic points", 10)
    list_id = list_id_of(page)
    play(page, deals)

    expected = score_document({
        "rules": {"preset": "sheepshead3"}, "players": three, "deals": [d for d, _ in deals],
    })
    classic = expected["tally"]["classic"]
    assert classic == {"Anna": 4, "Bene": 6, "Chris": -4}  # the seeds' victory points
    expect(page.get_by_role("heading", name="Classic points")).to_be_visible()
    assert tally_on_screen(page) == [(p, str(classic[p])) for p in three]
    assert totals_on_screen(page) == expected["totals"]
    rows, footer = block_on_screen(page)
    assert rows == [[d["payouts"][p] for p in three] for d in expected["deals"]]
    assert footer == [expected["totals"][p] for p in three]
    expect(page.locator(".progress")).to_contain_text(f"classic points {max(classic.values())} of 10")
    assert stored(phone, list_id)["tally"] == expected["tally"]


def test_the_german_game_counts_strokes_and_completes_a_head_at_nine(phone: Phone) -> None:
    four = ["Anna", "Bene", "Chris", "Dora"]
    deals: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True}, {}),
        ({"game": "normal", "declarer": "Bene", "points": 50}, {}),
        ({"game": "normal", "declarer": "Dora", "points": 95}, {}),
        ({"game": "normal", "declarer": "Chris", "points": 30, "forced": True}, {"defenders": True}),
    ]
    page = new_list(phone, "German game (4 players)", four,
                    "after a number of completed heads", 2)
    list_id = list_id_of(page)
    play(page, deals)

    expected = score_document({
        "rules": {"preset": "german"}, "players": four, "deals": [d for d, _ in deals],
    })
    teams = expected["tally"]["teams"]
    # Anna & Chris: schwarz 9 completes a head and both teams start again; then the
    # defenders' straight win 2. Bene & Dora: schneider 2 and the forced game 1.
    assert [(t["strokes"], t["heads"]) for t in teams] == [(2, 1), (3, 0)]
    expect(page.get_by_role("heading", name="Strokes and heads")).to_be_visible()
    assert tally_on_screen(page) == [
        (" & ".join(t["players"]),
         f"{t['strokes']} stroke{'s' * (t['strokes'] != 1)} · {t['heads']} head{'s' * (t['heads'] != 1)}")
        for t in teams
    ]
    assert totals_on_screen(page) == expected["totals"]
    rows, _footer = block_on_screen(page)
    assert rows == [[d["payouts"][p] for p in four] for d in expected["deals"]]
    expect(page.locator(".progress")).to_contain_text("heads 1 of 2")
    assert stored(phone, list_id)["tally"] == expected["tally"]
