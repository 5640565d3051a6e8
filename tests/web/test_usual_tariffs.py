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
            r"data-tariffs='([^']*)' data-said=\"[^\"]*\">([^<]*)</button>", page)
    ]


def test_a_bavarian_list_offers_the_usual_tariffs_for_the_partner_and_the_solo_games(
    client: FlaskClient,
) -> None:
    page = client.get("/new?family=bavarian").get_data(as_text=True)
    found = usual_tariffs(page)
    assert [label for label, _, _ in found] == ["5/10", "10/20", "20/40", "20/50", "50/100"]
    # The defaults (Schneider 10 at a Sauspiel of 20) are none of the usual tariffs.
    assert [pressed for _, pressed, _ in found] == ["false"] * 5
    # A usual tariff sets the whole tariff: Schneider, Schwarz, each Laufender and Ramsch at the
    # Sauspiel's, Bettel halfway; the penalty keeps following the solo games.
    assert found[3][2] == {
        "tariff_sauspiel": 20, "tariff_hochzeit": 20, "tariff_wenz": 50, "tariff_solo": 50,
        "tariff_geier": 50, "tariff_farbwenz": 50, "tariff_farbgeier": 50,
        "tariff_schneider": 20, "tariff_schwarz": 20, "tariff_laufende": 20, "tariff_ramsch": 20,
        "tariff_bettel": 35,
    }


def test_a_usual_tariff_sent_with_the_form_is_pressed_and_says_what_it_set(client: FlaskClient) -> None:
    form = {f"tariff_{k}": v for k, v in {
        "sauspiel": 10, "hochzeit": 10, "wenz": 20, "solo": 20, "geier": 20, "farbwenz": 20,
        "farbgeier": 20, "schneider": 10, "schwarz": 10, "laufende": 10, "ramsch": 10, "bettel": 15,
    }.items()}
    page = client.post("/new?family=bavarian", data=form).get_data(as_text=True)
    assert [pressed for _, pressed, _ in usual_tariffs(page)] == ["false", "true", "false", "false", "false"]
    assert ("Set: Sauspiel, Hochzeit, Schneider, Schwarz, Laufende (each), Ramsch: 10 · "
            "Wenz, Solo, Geier, Farbwenz, Farbgeier: 20 · Bettel: 15") in page.replace("&#183;", "·")


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
