"""The JSON API gives each deal's breakdown, as the command line does; every other key stays."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.conftest import bavarian_list

SCHNEIDER_WITH_CONTRA = {
    "game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 95, "laufende": 3,
    "contra": True,
}
BREAKDOWN = {
    "terms": [
        {"name": "sauspiel", "units": 20}, {"name": "schneider", "units": 10},
        {"name": "laufende", "units": 15, "count": 3},
    ],
    "multipliers": [{"name": "contra", "factor": 2}],
    "value": 90,
    "shares": [
        {"role": "declarer", "players": ["Anna"], "times": 1},
        {"role": "partner", "players": ["Chris"], "times": 1},
        {"role": "opponent", "players": ["Bene", "Dora"], "times": -1},
    ],
}


def add(client: FlaskClient, created: dict[str, Any], deal: dict[str, Any]) -> Any:
    return client.post(
        f"/api/lists/{created['id']}/deals", json=deal, headers={"X-Edit-Key": created["edit_key"]}
    )


def test_adding_a_deal_answers_its_breakdown_beside_its_payouts(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    body = add(client, created, SCHNEIDER_WITH_CONTRA).get_json()
    assert body["payouts"] == {"Anna": 90, "Bene": -90, "Chris": 90, "Dora": -90}
    assert body["breakdown"] == BREAKDOWN
    assert set(body) == {"number", "dealer", "payouts", "breakdown"}


def test_reading_a_list_gives_each_deal_its_breakdown(client: FlaskClient, created: dict[str, Any]) -> None:
    add(client, created, SCHNEIDER_WITH_CONTRA)
    (deal,) = client.get(f"/api/lists/{created['id']}").get_json()["deals"]
    assert deal["breakdown"] == BREAKDOWN
    assert {"number", "dealer", "payouts", "version"} <= set(deal)


def test_a_list_with_the_stock_shows_what_went_into_the_pot(client: FlaskClient) -> None:
    document = {**bavarian_list(stock={}), "deals": [{"game": "passed"}]}
    created = client.post("/api/lists", json=document).get_json()
    (deal,) = client.get(f"/api/lists/{created['id']}").get_json()["deals"]
    assert deal["breakdown"]["stock"] == {
        "name": "pay_in", "before": 0, "after": 80,
        "amounts": {"Anna": -20, "Bene": -20, "Chris": -20, "Dora": -20},
    }


def test_a_list_read_with_its_breakdowns_imports_again(client: FlaskClient, created: dict[str, Any]) -> None:
    add(client, created, SCHNEIDER_WITH_CONTRA)
    document = client.get(f"/api/lists/{created['id']}").get_json()
    copy = client.post("/api/lists", json=document)
    assert copy.status_code == 201, copy.get_json()
    again = client.get(f"/api/lists/{copy.get_json()['id']}").get_json()
    assert [d["breakdown"] for d in again["deals"]] == [d["breakdown"] for d in document["deals"]]
