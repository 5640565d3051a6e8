"""Sheepshead's no-pick games as boxes on the list forms: one or several, never none."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.test_list_settings import change_form
from tests.web.test_pages import form_defaults
from tests.web.test_sheepshead_pages import FIVE, games_offered, sheepshead, text

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def no_pick_ticked(page: str, name: str = "no_pick") -> list[str]:
    """The no-pick boxes ticked on a page."""
    return [
        re.search(r'value="([^"]+)"', tag).group(1)  # type: ignore[union-attr]
        for tag in re.findall(r'<input[^>]*name="' + name + r'"[^>]*>', page) if "checked" in tag
    ]


def start(client: FlaskClient, table: str = "", **fields: Any) -> Any:
    """Post the new-list page for five, from the family's defaults (or a common table)."""
    form = form_defaults(client, "sheepshead" + table)
    form.update({f"player_{i}": name for i, name in enumerate(FIVE, start=1)})
    form.update(fields)
    return client.post("/new?family=sheepshead" + table, data=form)


def stored_rules(client: FlaskClient, response: Any) -> dict[str, Any]:
    assert response.status_code == 302, text(response)
    list_id = response.headers["Location"].rsplit("/", 1)[1]
    return dict(client.get(f"/api/lists/{list_id}").get_json()["rules"])


def test_the_new_list_page_offers_each_no_pick_game_as_a_box(client: FlaskClient) -> None:
    page = text(client.get("/new?family=sheepshead"))
    for game in ("leaster", "moster", "doubler"):
        assert re.search(r'<input[^>]*type="checkbox"[^>]*name="no_pick"[^>]*value="' + game, page) or \
            re.search(r'<input[^>]*name="no_pick"[^>]*type="checkbox"[^>]*value="' + game, page), game
    assert no_pick_ticked(page) == ["leaster"]


def test_ticking_leaster_and_doubler_stores_both_and_the_deal_form_offers_both(client: FlaskClient) -> None:
    rules = stored_rules(client, start(client, no_pick=["leaster", "doubler"]))
    assert rules["no_pick"] == ["leaster", "doubler"]
    response = start(client, no_pick=["leaster", "doubler"])
    page = text(client.get(response.headers["Location"] + "/deals/new"))
    offered = games_offered(page)
    assert "leaster" in offered and "doubler" in offered and "moster" not in offered


def test_one_box_ticked_is_written_as_the_word(client: FlaskClient) -> None:
    assert stored_rules(client, start(client, no_pick=["moster"]))["no_pick"] == "moster"


def test_no_box_ticked_is_refused_next_to_the_boxes(client: FlaskClient) -> None:
    response = start(client, no_pick=[])
    assert response.status_code == 200
    page = text(response)
    assert '<p class="field-error" id="no_pick-error">Tick at least one.</p>' in page
    german = text(client.post("/new?family=sheepshead", headers=GERMAN, data={
        **form_defaults(client, "sheepshead"), **{f"player_{i}": n for i, n in enumerate(FIVE, start=1)},
        "no_pick": [],
    }))
    assert "Kreuz mindestens eines an." in german


def test_the_common_tables_still_start_with_their_one_no_pick_game(client: FlaskClient) -> None:
    for table, game in (("&table=2", "leaster"), ("&table=3", "doubler"), ("&table=4", "leaster")):
        assert no_pick_ticked(text(client.get("/new?family=sheepshead" + table))) == [game]
        assert stored_rules(client, start(client, table))["no_pick"] == game


def test_the_settings_tick_the_lists_no_pick_games_and_change_them(client: FlaskClient) -> None:
    listing = sheepshead(client, no_pick=["leaster", "doubler"])
    data = change_form(client, listing["id"])
    assert data["change-no_pick"] == ["leaster", "doubler"]
    data["change-no_pick"] = ["moster"]
    assert client.post(f"/l/{listing['id']}/settings/change", data=data).status_code == 302
    page = text(client.get(f"/l/{listing['id']}/deals/new"))
    assert "moster" in games_offered(page) and "leaster" not in games_offered(page)
    data = change_form(client, listing["id"])
    assert data["change-no_pick"] == ["moster"]
    data["change-no_pick"] = []
    page = text(client.post(f"/l/{listing['id']}/settings/change", data=data))
    assert "Tick at least one." in page


@pytest.mark.parametrize("no_pick", ["leaster", ["leaster", "doubler"]])
def test_the_help_and_the_rules_page_say_the_no_pick_games_in_words(client: FlaskClient, no_pick: Any) -> None:
    made = client.post("/api/lists", json={
        "rules": {"preset": "sheepshead", "no_pick": no_pick}, "players": FIVE}).get_json()
    client.get(made["edit_url"])
    pages = {"help": text(client.get("/help/sheepshead")),
             "rules": text(client.get(f"/l/{made['id']}/settings/rules"))}
    for where, page in pages.items():
        assert "a leaster: the fewest points win" in page, where
        assert "l, e, a, s" not in page, where
