"""Scenarios: house rules from outside the Bavarian tradition, on a 360 px phone.

A Sheepshead table of five plays leasters and doublers in the same list; a
Sheepshead table of seven has two sit out each deal; a Bavarian table settles
a renege as a penalty, in English and in German. Each scenario checks the
stored deals and totals against the engine and runs axe on every page it opens.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from scorer.engine import score_document
from tests.e2e.conftest import (
    NARROW, Hand, LiveServer, Phone, block_on_screen, create_list_by_api, list_id_of, new_phone, stored,
    totals_on_screen,
)
from tests.e2e.test_accessibility import AXE, axe_violations
from tests.e2e.test_offline import banner, cellar_phone, same_deals, stored_deals, wait_until_kept
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SEVEN = [*FIVE, "Finn", "Gina"]
FOUR = FIVE[:4]
GAMES = {"pick": "Pick", "leaster": "Leaster", "doubler": "Doubler"}

__all__ = ["cellar_phone"]  # the fixture, used by name


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 x 740 phone with axe in every page; no console error, no foreign request."""
    phone = new_phone(browser, live_server, width=NARROW, height=740)
    phone.context.add_init_script(path=str(AXE))
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


def accessible(page: Page) -> None:
    """axe finds no serious or critical violation on the page as it stands."""
    assert axe_violations(page) == [], page.url


def saved(page: Page, text: str) -> None:
    """The list page says the deal is saved, and passes axe."""
    expect(page.get_by_role("status").first).to_have_text(text)
    accessible(page)


def matches_the_engine(phone: Phone, list_id: str, document: dict[str, Any],
                       deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The stored deals, the totals on screen and the table are what the engine computes."""
    expected = score_document({**document, "deals": deals})
    server = stored(phone, list_id)
    assert [{k: v for k, v in d.items() if k in deal} for d, deal in zip(server["deals"], deals)] == deals
    assert [d["payouts"] for d in server["deals"]] == [d["payouts"] for d in expected["deals"]]
    assert server["totals"] == expected["totals"]
    page = phone.page
    assert totals_on_screen(page) == expected["totals"]
    players = document["players"]
    rows, footer = block_on_screen(page)
    assert rows == [[d["payouts"][p] for p in players] for d in expected["deals"]]
    assert footer == [expected["totals"][p] for p in players]
    return expected


# -- (a) leasters and doublers at the same table ------------------------------------------------

#: Five at the table, the no-pick game each time as the table says it: (deal, typed).
MIXED: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 67}, {}),
    ({"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 25, "Emil": 35}},
     {"blank": "Emil"}),
    ({"game": "doubler"}, {}),
    ({"game": "pick", "declarer": "Bene", "partner": "Dora", "points": 80}, {}),  # doubled
    ({"game": "doubler"}, {}),
    ({"game": "leaster", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 15, "Emil": 35},
      "no_trick": ["Bene"]}, {"blank": "Emil"}),
    ({"game": "pick", "declarer": "Emil", "points": 91}, {}),  # alone, doubled
]


def enter_sheepshead(hand: Hand, deal: dict[str, Any], *, blank: str | None = None) -> None:
    """Fill in the open Sheepshead deal form as the table says it, and save."""
    page = hand.page
    hand.radio("Game", GAMES[deal["game"]])
    if "declarer" in deal:
        hand.radio("Picker", deal["declarer"])
        hand.radio("Partner", deal.get("partner", "Alone"))
    hand.enter_points(deal, blank=blank)
    for who in deal.get("no_trick", []):
        hand.tap(page.get_by_role("group", name="Who took no trick?", exact=True)
                 .get_by_role("checkbox", name=who, exact=True))
    hand.save()


def test_five_play_leasters_and_doublers_mixed_with_picks_in_one_list(phone: Phone) -> None:
    page = phone.open("/new?family=sheepshead")
    accessible(page)
    boxes = page.get_by_role("group", name=re.compile("^When nobody picks"))
    expect(boxes.get_by_role("checkbox", name=re.compile("^a leaster"))).to_be_checked()
    boxes.get_by_role("checkbox", name=re.compile("^a doubler")).tap()
    for seat, name in enumerate(FIVE, start=1):
        page.get_by_label(f"Player {seat}" if seat <= 4 else f"Player {seat} (optional)", exact=True).fill(name)
    page.get_by_label("Title (optional)").fill(f"Leasters and doublers {time.time_ns()}")
    page.get_by_role("button", name="Start the list").tap()
    expect(page.get_by_text("Emil deals, Anna leads.")).to_be_visible()
    accessible(page)
    list_id = list_id_of(page)
    assert stored(phone, list_id)["rules"]["no_pick"] == ["leaster", "doubler"]

    for number, (deal, typed) in enumerate(MIXED, start=1):
        hand = Hand(page)
        hand.new_deal()
        expect(page.get_by_role("heading", name=f"Deal {number}", exact=True)).to_be_visible()
        # Each deal offers the pick and both no-pick games of the list, and no other.
        games = page.get_by_role("group", name="Game", exact=True).get_by_role("radio")
        expect(games).to_have_count(3)
        expect(page.get_by_role("radio", name="Moster", exact=True)).to_have_count(0)
        if number in (1, 2):
            accessible(page)
        enter_sheepshead(hand, deal, **typed)
        saved(page, f"Deal {number} saved.")

    deals = [deal for deal, _typed in MIXED]
    document = {"rules": {"preset": "sheepshead", "no_pick": ["leaster", "doubler"]}, "players": FIVE}
    expected = matches_the_engine(phone, list_id, document, deals)
    # The picks after a doubler paid double: Bene's +4 rather than +2.
    assert expected["deals"][3]["payouts"]["Bene"] == 4
    phone.screenshot("outside-leasters-and-doublers")


# -- (b) seven at a Sheepshead table ------------------------------------------------------------

#: Seven at the table: (deal, the two who sit it out, the dealer first).
SEVEN_DEALS: list[tuple[dict[str, Any], tuple[str, str]]] = [
    ({"game": "pick", "declarer": "Bene", "partner": "Chris", "points": 70}, ("Gina", "Anna")),
    ({"game": "pick", "declarer": "Chris", "partner": "Finn", "points": 50}, ("Anna", "Bene")),
    ({"game": "pick", "declarer": "Dora", "points": 95}, ("Bene", "Chris")),
    ({"game": "pick", "declarer": "Gina", "partner": "Anna", "points": 61}, ("Chris", "Dora")),
]


def test_seven_at_a_sheepshead_table_each_deal_shows_the_two_who_sit_out(phone: Phone) -> None:
    document = {"rules": {"preset": "sheepshead"}, "players": SEVEN}
    list_id = create_list_by_api(phone, document)
    page = phone.page
    accessible(page)
    for number, (deal, (dealer, after)) in enumerate(SEVEN_DEALS, start=1):
        seat = SEVEN.index(after)
        leader = SEVEN[(seat + 1) % len(SEVEN)]
        expect(page.locator(".next-deal")).to_have_text(
            f"{dealer} deals, {leader} leads. {dealer} and {after} sit out this deal.")
        hand = Hand(page)
        hand.new_deal()
        expect(page.locator(".deal-dealer")).to_have_text(
            f"Dealer: {dealer} · {dealer} and {after} sit out this deal")
        hand.radio("Game", "Pick")
        for group in ("Picker", "Partner"):
            players = page.get_by_role("group", name=group, exact=True)
            expect(players.get_by_role("radio", name=f"{dealer} deals, sits out", exact=True)).to_be_disabled()
            expect(players.get_by_role("radio", name=f"{after} sits out", exact=True)).to_be_disabled()
            # Five play: the Partner row also offers Alone.
            expect(players.get_by_role("radio", disabled=False)).to_have_count(5 if group == "Picker" else 6)
        if number == 1:
            accessible(page)
            phone.screenshot("outside-seven-deal")
        hand.radio("Picker", deal["declarer"])
        hand.radio("Partner", deal.get("partner", "Alone"))
        hand.points(deal["points"])
        expect(page.locator(f'[data-payout="{dealer}"]')).to_have_text("0")
        expect(page.locator(f'[data-payout="{after}"]')).to_have_text("0")
        hand.save()
        saved(page, f"Deal {number} saved.")
        # The table's row of this deal says who sat out.
        row = page.locator("table.block tbody.deal", has=page.locator(f"#deal-{number}"))
        expect(row.locator("td.pay.out")).to_have_count(2)

    matches_the_engine(phone, list_id, document, [deal for deal, _out in SEVEN_DEALS])
    phone.screenshot("outside-seven-list")


def test_seven_offline_the_deal_after_one_waiting_has_the_next_two_sit_out(
    cellar_phone: Phone, live_server: LiveServer,
) -> None:
    page = cellar_phone.page
    document = {"rules": {"preset": "sheepshead", "no_pick": ["leaster", "doubler"]}, "players": SEVEN}
    list_id = create_list_by_api(cellar_phone, document)
    wait_until_kept(page, list_id)
    cellar_phone.context.set_offline(True)
    first = {"game": "pick", "declarer": "Bene", "partner": "Chris", "points": 70}
    hand = Hand(page)
    hand.new_deal()
    enter_sheepshead(hand, first)
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(1)

    hand = Hand(page)
    hand.new_deal()
    # Gina dealt the first deal; Anna deals the second, and Anna and Bene sit it out.
    expect(page.locator(".deal-dealer")).to_have_text("Dealer: Anna · Anna and Bene sit out this deal")
    hand.radio("Game", "Pick")
    picker = page.get_by_role("group", name="Picker", exact=True)
    expect(picker.get_by_role("radio", name="Anna deals, sits out", exact=True)).to_be_disabled()
    expect(picker.get_by_role("radio", name="Bene sits out", exact=True)).to_be_disabled()
    expect(picker.get_by_role("radio", name="Gina", exact=True)).to_be_enabled()
    hand.radio("Game", "Leaster")
    points = page.get_by_role("group", name="Card points of each player", exact=True)
    expect(points.get_by_label("Gina", exact=True)).to_have_count(1)
    expect(points.get_by_label("Bene", exact=True)).to_have_count(0)
    second = {"game": "leaster", "points": {"Chris": 10, "Dora": 20, "Emil": 30, "Finn": 25, "Gina": 35}}
    enter_sheepshead(hand, second, blank="Gina")
    expect(page.locator("tbody[data-waiting-row]")).to_have_count(2)

    cellar_phone.context.set_offline(False)
    expect(banner(page)).to_contain_text("Sent: stored as No. 1–2.")
    kept = stored_deals(live_server, list_id)
    assert same_deals(kept, [first, second])
    expected = score_document({**document, "deals": [first, second]})
    assert [d["payouts"] for d in kept] == [d["payouts"] for d in expected["deals"]]


# -- (c) a renege settled as a penalty, in English and in German ---------------------------------

WORDS = {
    "en": {"player": "Player {n}", "start": "Start the list", "games": "Games played",
           "penalty": "Penalty", "offender": "Offender", "game": "Game", "save": "Save",
           "new deal": "New deal", "saved": "Deal {n} saved.", "tariff": "Penalty (empty: the solo tariff)"},
    "de": {"player": "Spieler {n}", "start": "Liste anfangen", "games": "Gespielte Spiele",
           "penalty": "Strafe", "offender": "Schuldiger", "game": "Spiel", "save": "Speichern",
           "new deal": "Neues Spiel", "saved": "Spiel {n} gespeichert.",
           "tariff": "Strafe (leer: der Solo-Tarif)"},
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_renege_is_one_tap_on_penalty_then_the_offender(phone: Phone, lang: str) -> None:
    words = WORDS[lang]
    phone.open(f"/lang/{lang}?next={quote('/new?family=bavarian', safe='/?=&')}")
    page = phone.page
    accessible(page)
    # The list allows the penalty; its tariff left empty follows the solo tariff.
    expect(page.get_by_label(words["tariff"], exact=True)).to_have_value("")
    page.get_by_role("group", name=re.compile("^" + words["games"])).get_by_role(
        "checkbox", name=words["penalty"], exact=True).tap()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(words["player"].format(n=seat), exact=True).fill(name)
    page.locator("input[name=title]").fill(f"Renege ({lang}, {time.time_ns()})")
    page.get_by_role("button", name=words["start"]).tap()
    expect(page.get_by_role("link", name=words["new deal"], exact=True)).to_be_visible()
    accessible(page)
    list_id = list_id_of(page)
    rules = stored(phone, list_id)["rules"]
    assert "penalty" in rules["games"] and "penalty" not in rules["tariffs"]  # it follows the solo tariff

    deals = [
        {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
        {"game": "penalty", "offender": "Chris"},
    ]
    hand = Hand(page)
    hand.tap(page.get_by_role("link", name=words["new deal"], exact=True))
    hand.tap(page.get_by_role("group", name=words["game"], exact=True).get_by_role("radio", name="Sauspiel"))
    hand.tap(page.get_by_role("group", name=re.compile("^(Declarer|Spieler)$")).get_by_role(
        "radio", name="Anna", exact=True))
    hand.tap(page.get_by_role("group", name=re.compile(r"^Partner \(")).get_by_role(
        "radio", name="Chris", exact=True))
    hand.fill(page.get_by_role("textbox", name=re.compile(r"^(Card points|Augen) ")), "72")
    hand.tap(page.get_by_role("button", name=words["save"], exact=True))
    saved(page, words["saved"].format(n=1))

    hand = Hand(page)
    hand.tap(page.get_by_role("link", name=words["new deal"], exact=True))
    expect(page.get_by_role("heading", level=1)).to_contain_text("2")
    accessible(page)
    hand.tap(page.get_by_role("group", name=words["game"], exact=True).get_by_role(
        "radio", name=words["penalty"], exact=True))
    offender = page.get_by_role("group", name=words["offender"], exact=True)
    expect(offender).to_be_visible()
    hand.tap(offender.get_by_role("radio", name="Chris", exact=True))
    expect(page.locator('[data-payout="Chris"]')).to_have_text("\u2212120")
    expect(page.locator('[data-payout="Anna"]')).to_have_text("+40")
    accessible(page)
    phone.screenshot(f"outside-penalty-{lang}")
    hand.tap(page.get_by_role("button", name=words["save"], exact=True))
    # One tap on the game, one on the offender, Save.
    assert hand.count - 1 == 3, "\n".join(hand.actions)
    saved(page, words["saved"].format(n=2))

    document = {"rules": {"preset": "bavarian", "games": rules["games"]}, "players": FOUR}
    expected = matches_the_engine(phone, list_id, document, deals)
    assert expected["deals"][1]["payouts"] == {"Anna": 40, "Bene": 40, "Chris": -120, "Dora": 40}
