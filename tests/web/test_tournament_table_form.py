"""At a tournament's table: the deal form offers only what the tournament's rules allow;
a Sheepshead tournament chooses how the picker's partner is found."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_tournaments_api import create, draw, names, read


def offered(client: FlaskClient, list_id: str, key: str) -> str:
    """The deal form of a list, opened with its edit key."""
    client.get(f"/l/{list_id}?key={key}")
    response = client.get(f"/l/{list_id}/deals/new")
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def inputs(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}"[^>]*value="([^"]*)"', page)


def test_a_tournament_table_s_form_offers_no_kontra_and_only_the_tournament_s_games(
    client: FlaskClient,
) -> None:
    made = create(client, players=names(9), rounds=2, deals_per_round=4)
    for table in draw(client, made).get_json()["tables"]:
        page = offered(client, table["list"]["id"], table["list"]["edit_key"])
        assert inputs(page, "game") == ["sauspiel", "wenz", "solo", "passed"]
        for refused in ("contra", "re", "doubles"):
            assert f'name="{refused}"' not in page, refused
        assert 'name="schwarz"' in page and 'name="tout"' in page and 'name="laufende"' in page


def test_an_ordinary_list_s_form_still_offers_kontra(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"},
                                          "players": ["Anna", "Bene", "Chris", "Dora"]}).get_json()
    page = offered(client, made["id"], made["edit_key"])
    for kept in ("contra", "re", "sie", "tout", "schwarz"):
        assert f'name="{kept}"' in page, kept


def test_a_deal_the_form_sends_at_a_tournament_table_is_taken(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    table = draw(client, made).get_json()["tables"][0]
    first, second = table["players"][:2]
    offered(client, table["list"]["id"], table["list"]["edit_key"])
    sent = client.post(f"/l/{table['list']['id']}/deals/new", data={
        "game": "sauspiel", "declarer": first, "partner": second, "points": "70", "contra": "1"})
    assert sent.status_code == 302  # Kontra is not a field of this form: what it does not offer, it leaves out
    deals = client.get(f"/api/lists/{table['list']['id']}").get_json()["deals"]
    assert len(deals) == 1 and not deals[0].get("contra")


def new_sheepshead(client: FlaskClient, **given: Any) -> Any:
    return client.post("/t/new", data={"name": "Kohler Falls", "scoring": "sheepshead", "rounds": "2",
                                       "deals": "20", "players": "\n".join(names(10)), **given})


def test_a_sheepshead_tournament_chooses_its_partner_on_the_form(client: FlaskClient) -> None:
    form = client.get("/t/new").get_data(as_text=True)
    assert 'value="jack_of_diamonds"' in form and 'value="called_ace"' in form
    for choice in ("jack_of_diamonds", "called_ace"):
        made = new_sheepshead(client, partner_by=choice)
        assert made.status_code == 302, made.get_data(as_text=True)
        tournament_id = made.headers["Location"].rsplit("/", 1)[-1]
        rules = client.get(f"/api/tournaments/{tournament_id}").get_json()["rules"]
        assert rules["partner_by"] == choice
    schafkopf = client.post("/t/new", data={"name": "Cup", "scoring": "1/5", "rounds": "2", "deals": "32",
                                            "players": "\n".join(names(8)), "partner_by": "jack_of_diamonds"})
    tournament_id = schafkopf.headers["Location"].rsplit("/", 1)[-1]
    assert "partner_by" not in client.get(f"/api/tournaments/{tournament_id}").get_json()["rules"]


def test_the_jack_of_diamonds_reaches_every_table_s_list(client: FlaskClient) -> None:
    made = create(client, players=names(10), rules={"preset": "sheepshead", "partner_by": "jack_of_diamonds"},
                  deals_per_round=20)
    for table in draw(client, made).get_json()["tables"]:
        rules = client.get(f"/api/lists/{table['list']['id']}").get_json()["rules"]
        assert rules["partner_by"] == "jack_of_diamonds"
    assert read(client, made)["rules"]["partner_by"] == "jack_of_diamonds"
