"""The new-list page's usual tariffs, and the deal form's words for who is who in a Hochzeit."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from tests.web.conftest import FOUR


def usual_tariffs(page: str) -> list[tuple[str, str, dict[str, int]]]:
    """Each usual-tariff button: its name, whether pressed, and the fields it fills."""
    return [
        (label, pressed, json.loads(fields))
        for pressed, fields, label in re.findall(
            r'<button type="button" class="button" aria-pressed="(\w+)"\s+'
            r"data-tariffs='([^']*)'>([^<]*)</button>", page)
    ]


def test_a_bavarian_list_offers_the_usual_tariffs_for_the_partner_and_the_solo_games(
    client: FlaskClient,
) -> None:
    page = client.get("/new?family=bavarian").get_data(as_text=True)
    found = usual_tariffs(page)
    assert [label for label, _, _ in found] == ["5/10", "10/20", "20/40", "20/50", "50/100"]
    # The defaults are 20/40: that button is pressed, the others are not.
    assert [pressed for _, pressed, _ in found] == ["false", "false", "true", "false", "false"]
    assert found[3][2] == {
        "tariff_sauspiel": 20, "tariff_hochzeit": 20, "tariff_wenz": 50, "tariff_solo": 50,
        "tariff_geier": 50, "tariff_farbwenz": 50, "tariff_farbgeier": 50,
    }


def test_a_family_without_partner_and_solo_tariffs_offers_none(client: FlaskClient) -> None:
    for family in ("german", "sheepshead"):
        page = client.get(f"/new?family={family}").get_data(as_text=True)
        assert "data-tariff-sets" not in page and usual_tariffs(page) == [], family


def test_the_deal_form_says_who_is_who_in_a_hochzeit_for_that_game_only(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={
        "rules": {"preset": "bavarian", "games": ["sauspiel", "hochzeit", "ramsch"]}, "players": FOUR,
    }).get_json()
    client.get(made["edit_url"])
    page = client.get(f"/l/{made['id']}/deals/new").get_data(as_text=True)
    assert '<p class="muted hint" data-games="hochzeit">Hochzeit: who gave the trump away</p>' in page
    assert '<p class="muted hint" data-games="hochzeit">Hochzeit: who took the trump</p>' in page
    assert page.count('data-games="hochzeit">') == 2
