"""A table without a phone: the organiser enters its paper sheet on a small phone."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import NARROW, Phone, small_targets
from tests.e2e.test_accessibility import axe_violations, sideways
from tests.e2e.test_outside_rules_evening import phone
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

__all__ = ["phone"]  # the fixture (a 360 x 740 phone with axe at hand), used by name

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
PLAYERS = ["Annemarie", "Benedikt", "Christoph", "Dorothea", "Emmeran", "Franziska", "Georg", "Hildegard"]


def tournament_with_a_round(phone: Phone) -> tuple[dict[str, Any], dict[str, Any]]:
    """A tournament of eight, its first round drawn: it, and its first table."""
    made = phone.page.request.post(phone.base_url + "/api/tournaments", data={
        "name": "Schafkopf-Cup Donau-Ries", "rules": RULES, "players": PLAYERS, "rounds": 2,
        "deals_per_round": 32}).json()
    drawn = phone.page.request.post(f"{phone.base_url}/api/tournaments/{made['id']}/rounds",
                                    headers={"X-Edit-Key": made["edit_key"]})
    assert drawn.status == 201, drawn.text()
    return made, drawn.json()["tables"][0]


@pytest.mark.parametrize(("lang", "kept", "wrong_sum"), [
    ("en", "The sheet is kept", "the points sum to 1"),
    ("de", "Der Zettel ist gespeichert", "die Punkte ergeben zusammen 1"),
])
def test_a_sheet_with_a_wrong_sum_is_refused_with_the_points_kept_then_saved(
    phone: Phone, lang: str, kept: str, wrong_sum: str,
) -> None:
    made, table = tournament_with_a_round(phone)
    path = f"/t/{made['id']}/rounds/1/tables/1/sheet?key={made['edit_key']}"
    phone.open(f"/lang/{lang}?next={quote(path, safe='/?=&')}")
    page = phone.page
    assert "key=" not in page.url
    fields = page.locator("form.sheet-form input[name^='points-']")
    expect(fields).to_have_count(4)
    for field, points in zip(fields.all(), ("12", "4", "3", "4")):
        field.tap()
        field.fill(points)
    # The pad may have no minus key: the sign buttons turn three of them into points lost.
    signs = page.locator("button.sheet-sign")
    for index in (1, 2, 3):
        signs.nth(index).tap()
    expect(page.locator("#sheet-sum")).to_have_text("1")
    assert small_targets(page) == []
    with page.expect_navigation():
        page.locator("form.sheet-form button[type=submit]").tap()
    expect(page.locator("#sum-error")).to_contain_text(wrong_sum)
    assert [f.input_value() for f in fields.all()] == ["12", "-4", "-3", "-4"]
    expect(page.locator("#sheet-sum")).to_have_text("1")
    assert axe_violations(page) == []
    assert sideways(page, NARROW, "the refused sheet") == []
    phone.screenshot(f"tournament-sheet-refused-{lang}")
    fields.nth(3).fill("-5")
    expect(page.locator("#sheet-sum")).to_have_text("0")
    with page.expect_navigation():
        page.locator("form.sheet-form button[type=submit]").tap()
    expect(page.locator(".flash")).to_contain_text(kept)
    assert axe_violations(page) == []
    standings = phone.page.request.get(f"{phone.base_url}/api/tournaments/{made['id']}").json()["standings"]
    kept_points = {s["player"]: s["points"] for s in standings}
    assert [kept_points[name] for name in table["players"]] == [12, -4, -3, -5]
