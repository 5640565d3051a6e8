"""The penalty's tariff on the new-list and settings forms: empty follows the list's other tariffs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.engine import FAMILIES
from scorer.web.lists.forms import amount_keys
from tests.web.test_list_settings import change_form, document, start
from tests.web.test_pages import form_defaults, text

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
CHRIS_RENEGED = {"game": "penalty", "offender": "Chris"}


def penalty_input(page: str, name: str = "tariff_penalty") -> str:
    """The penalty field's input tag."""
    found = re.search(r'<input[^>]*name="' + name + r'"[^>]*>', page)
    assert found, "no penalty field"
    return found.group(0)


def new_list(client: FlaskClient, family: str, **fields: Any) -> dict[str, Any]:
    """Start a list through the new-list page; answer its list file through the API."""
    form = form_defaults(client, family)
    names = ["Anna", "Bene", "Chris", "Dora", "Emil"]
    for i, name in enumerate(names[:min(FAMILIES[family].seats)], start=1):
        form[f"player_{i}"] = name
    form.update(fields)
    response = client.post("/new", data=form)
    assert response.status_code == 302, text(response)
    list_id = response.headers["Location"].rstrip("/").split("/")[-1]
    return dict(client.get(f"/api/lists/{list_id}").get_json())


@pytest.mark.parametrize(("family", "words"), [
    ("bavarian", "Penalty (empty: the solo tariff)"),
    ("bavarian3", "Penalty (empty: the solo tariff)"),
    ("german", "Penalty (empty: twice the game point)"),
])
def test_the_new_list_page_offers_the_penalty_empty_saying_what_it_follows(
    client: FlaskClient, family: str, words: str,
) -> None:
    page = text(client.get(f"/new?family={family}"))
    assert words in page
    assert re.search(r'value=""|^(?!.*value=)', penalty_input(page))


def test_the_german_page_says_what_an_empty_penalty_follows(client: FlaskClient) -> None:
    page = text(client.get("/new?family=bavarian", headers=GERMAN))
    assert "Strafe (leer: der Solo-Tarif)" in page
    page = text(client.get("/new?family=german", headers=GERMAN))
    assert "Strafe (leer: zweimal der Spielpunkt)" in page


def test_a_family_whose_penalty_has_a_plain_default_shows_it(client: FlaskClient) -> None:
    page = text(client.get("/new?family=sheepshead"))
    assert 'value="2"' in penalty_input(page)


def test_the_forms_ask_for_each_tariff_once() -> None:
    for family in FAMILIES.values():
        option = next(o for o in family.options if o.key == "tariffs")
        keys = amount_keys(family, option)
        assert len(keys) == len(set(keys))
        assert ("penalty" in keys) == ("penalty" in family.games)


def test_an_empty_penalty_follows_the_solo_tariff_and_a_number_sets_it(client: FlaskClient) -> None:
    # The games a new list plays (the form has no box for the hand thrown in), and the penalty.
    bavarian = FAMILIES["bavarian"]
    games = [name for name, game in bavarian.games.items() if game.seed and name != "passed"] + ["penalty"]
    made = new_list(client, "bavarian", tariff_solo="50", tariff_penalty="", games=games)
    # Left out of the list's rules, the penalty follows the solo tariff: 50.
    assert "penalty" not in made["rules"]["tariffs"] and made["rules"]["tariffs"]["solo"] == 50
    assert "penalty" in made["rules"]["games"]
    made = new_list(client, "bavarian", tariff_solo="50", tariff_penalty="15", games=games)
    assert made["rules"]["tariffs"]["penalty"] == 15


def test_an_empty_penalty_follows_twice_the_game_point(client: FlaskClient) -> None:
    made = new_list(client, "german", tariff_game_point="7")
    assert "penalty" not in made["rules"]["tariffs"] and made["rules"]["tariffs"]["game_point"] == 7


def test_a_penalty_out_of_range_is_refused_at_its_field(client: FlaskClient) -> None:
    form = form_defaults(client, "bavarian")
    form.update(player_1="Anna", player_2="Bene", player_3="Chris", player_4="Dora", tariff_penalty="-3")
    page = text(client.post("/new", data=form))
    assert re.search(r'name="tariff_penalty"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="tariff_penalty"', page)


def test_the_settings_show_a_following_penalty_empty_and_an_own_one_as_set(client: FlaskClient) -> None:
    made = start(client, rules={"preset": "bavarian", "games": ["sauspiel", "solo", "penalty"]})
    assert change_form(client, made["id"])["change-tariff_penalty"] == ""
    made = start(client, rules={"preset": "bavarian", "tariffs": {"penalty": 15}})
    assert change_form(client, made["id"])["change-tariff_penalty"] == "15"


def test_a_following_penalty_keeps_following_when_the_solo_changes(client: FlaskClient) -> None:
    made = start(client, [CHRIS_RENEGED], rules={"preset": "bavarian", "games": ["sauspiel", "solo", "penalty"]})
    data = change_form(client, made["id"])
    data["change-tariff_solo"] = "70"
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    client.post(f"/api/lists/{made['id']}/deals", json=CHRIS_RENEGED, headers={"X-Edit-Key": made["edit_key"]})
    assert [d["payouts"]["Chris"] for d in document(client, made)["deals"]] == [-120, -210]


def test_a_penalty_set_on_the_settings_page_stays_when_the_solo_changes(client: FlaskClient) -> None:
    made = start(client, [CHRIS_RENEGED], rules={"preset": "bavarian", "games": ["sauspiel", "solo", "penalty"]})
    data = change_form(client, made["id"])
    data["change-tariff_penalty"] = "10"
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    data = change_form(client, made["id"])
    assert data["change-tariff_penalty"] == "10"
    data["change-tariff_solo"] = "70"
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    client.post(f"/api/lists/{made['id']}/deals", json=CHRIS_RENEGED, headers={"X-Edit-Key": made["edit_key"]})
    assert [d["payouts"]["Chris"] for d in document(client, made)["deals"]] == [-120, -30]
