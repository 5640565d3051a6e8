"""A list of tournament points counted plus only says so through the API, and settles nothing."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import FOUR

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "geier", "farbwenz", "passed"],
         "table_points": {"system": "1/5", "plus_only": True}}


def test_the_list_and_each_deal_say_plus_only_and_the_settlement_is_empty(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": RULES, "players": FOUR})
    assert made.status_code == 201
    created = made.get_json()
    added = client.post(f"/api/lists/{created['id']}/deals", headers={"X-Edit-Key": created["edit_key"]},
                        json={"game": "wenz", "declarer": "Anna", "points": 70})
    assert added.status_code == 201 and added.get_json()["plus_only"] is True
    answer = client.get(f"/api/lists/{created['id']}").get_json()
    assert answer["plus_only"] is True and answer["deals"][0]["plus_only"] is True
    assert answer["totals"] == {"Anna": 15, "Bene": 0, "Chris": 0, "Dora": 0}
    assert answer["settlement"] == []
    # The answer is a list file: it goes back in as the same list.
    again = client.post("/api/lists", json=answer)
    assert again.status_code == 201
    assert client.get(f"/api/lists/{again.get_json()['id']}").get_json()["totals"] == answer["totals"]
