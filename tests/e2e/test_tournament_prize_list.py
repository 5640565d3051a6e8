"""The prize list on a small phone, in both languages: who takes what in the tournament's currency,
each round's best, the fees and the rounding; places drawn by lot say so. Nothing serious for axe."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Phone, small_targets
from tests.e2e.test_accessibility import axe_violations, reflow_problems
from tests.e2e.test_outside_rules_evening import phone
from tests.e2e.test_tournament_boards import PEOPLE, RULES, open_in
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

WORDS = {
    "en": {"first": "$28.02", "fees": "$80.08", "rest": "3 cents left by rounding", "lot": "drawn by lot",
           "best": "Best of each round"},
    "de": {"first": "28,02\u00a0$", "fees": "80,08\u00a0$", "rest": "3 Cent durch Rundung übrig",
           "lot": "durch Los", "best": "Beste jeder Runde"},
}


def kohler_falls(phone: Phone) -> dict[str, Any]:
    """Eight at $10.01, Kohler Falls' shares, a round's best, lot last; round 1 kept on paper sheets:
    a clear first, then the places lot draws among three equal on 10 and two on -10."""
    request = phone.page.request
    made = request.post(phone.base_url + "/api/tournaments", data={
        "name": "Kohler Falls Sheepshead Night", "rules": RULES, "players": PEOPLE, "rounds": 3,
        "deals_per_round": 8, "currency": "USD", "entry_fee": 1001, "shares": [30, 15, 10, 10, 10],
        "tie_breaks": ["solos_won", "lot"],
        "prizes": [{"place": 1, "label": "the Kohler Falls cup"}, {"place": "last", "label": "a bottle of wine"},
                   {"place": "round_best", "amount": 400}]})
    assert made.status == 201, made.text()
    answer = dict(made.json())
    key = {"X-Edit-Key": answer["edit_key"]}
    drawn = request.post(f"{phone.base_url}/api/tournaments/{answer['id']}/rounds", data={"seed": "e2e"},
                         headers=key)
    assert drawn.status == 201, drawn.text()
    for table, points in zip(drawn.json()["tables"], ([40, 10, -20, -30], [10, 10, -10, -10])):
        kept = request.put(f"{phone.base_url}/api/tournaments/{answer['id']}/rounds/1/tables/{table['table']}/sheet",
                           data={"points": dict(zip(table["players"], points))}, headers=key)
        assert kept.status == 200, kept.text()
    return answer


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_prize_list_on_a_small_phone(phone: Phone, lang: str) -> None:
    words = WORDS[lang]
    made = kohler_falls(phone)
    page = open_in(phone, lang, f"/t/{made['id']}/prizes")
    first = page.locator("table.standings tbody tr").first
    expect(first.locator("td.prize")).to_contain_text(words["first"])
    expect(first.locator("td.prize")).to_contain_text("the Kohler Falls cup")
    expect(page.locator("table.standings tbody tr").nth(1).locator("td.place")).to_contain_text(words["lot"])
    expect(page.get_by_role("heading", name=words["best"])).to_be_visible()
    expect(page.locator(".prize-sums")).to_contain_text(words["fees"])
    expect(page.locator(".prize-sums")).to_contain_text(words["rest"])
    assert axe_violations(page) == []
    assert reflow_problems(phone, "") == []
    assert small_targets(page) == []
    phone.screenshot(f"tournament-prizes-{lang}")
    page = open_in(phone, lang, f"/t/{made['id']}/standings")
    expect(page.locator(".board-overall td.place .drawn").first).to_contain_text(words["lot"])
    assert axe_violations(page) == []
