"""POST /api/lists/ID/changes: a change of players, seats or house rules from deal ``from`` on,
as a phone sends it after the deals it kept without reception (item 4c)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import FOUR, bavarian_list

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 75}


def made(client: FlaskClient, deals: list[dict[str, Any]] = (), **more: Any) -> dict[str, Any]:
    response = client.post("/api/lists", json={**bavarian_list(), "deals": list(deals), **more})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def change(client: FlaskClient, made_: dict[str, Any], body: Any, **headers: str) -> Any:
    return client.post(f"/api/lists/{made_['id']}/changes", json=body,
                       headers={"X-Edit-Key": made_["edit_key"], **headers})


def add(client: FlaskClient, made_: dict[str, Any], deal: dict[str, Any]) -> Any:
    return client.post(f"/api/lists/{made_['id']}/deals", json=deal, headers={"X-Edit-Key": made_["edit_key"]})


def read(client: FlaskClient, made_: dict[str, Any]) -> dict[str, Any]:
    return dict(client.get(f"/api/lists/{made_['id']}").get_json())


SEATS = ["Anna", "Chris", "Bene", "Dora"]  # Bene and Chris swap seats


def test_a_change_counts_from_the_deal_it_names_and_the_deals_after_it_follow_it(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL, SOLO])
    response = change(client, lst, {"from": 3, "players": SEATS, "rules": {"tariffs": {"solo": 100}}})
    assert response.status_code == 201
    answer = response.get_json()
    assert answer["from"] == 3
    assert answer["players"] == SEATS
    assert answer["change"] == {"from": 3, "players": SEATS, "rules": {"tariffs": {"solo": 100}}}
    # Deal 2 was dealt by Anna; in the new seating Chris sits after her and deals deal 3.
    assert answer["next_dealer"] == "Chris"

    assert add(client, lst, SOLO).status_code == 201
    document = read(client, lst)
    assert document["changes"] == [{"from": 3, "players": SEATS, "rules": {"tariffs": {"solo": 100}}}]
    first, second, third = document["deals"]
    assert second["payouts"] == {"Anna": -40, "Bene": 120, "Chris": -40, "Dora": -40}  # before: as it was
    assert third["dealer"] == "Chris"
    assert third["payouts"] == {"Anna": -100, "Bene": 300, "Chris": -100, "Dora": -100}


def test_the_rules_left_out_stay_as_they_are_in_force(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL], changes=[{"from": 2, "rules": {"tariffs": {"sauspiel": 30}}}])
    add(client, lst, SAUSPIEL)
    response = change(client, lst, {"from": 3, "rules": {"tariffs": {"solo": 60}}})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["players"] == FOUR
    add(client, lst, SAUSPIEL)
    add(client, lst, SOLO)
    deals = read(client, lst)["deals"]
    assert deals[2]["payouts"]["Anna"] == 30  # the Sauspiel tariff set at deal 2 stays
    assert deals[3]["payouts"]["Bene"] == 180


def test_before_the_first_deal_the_list_starts_this_way(client: FlaskClient) -> None:
    lst = made(client)
    response = change(client, lst, {"from": 1, "players": SEATS, "next_dealer": "Bene"})
    assert response.status_code == 201
    assert response.get_json() == {"from": 1, "players": SEATS, "next_dealer": "Bene", "change": None}
    document = read(client, lst)
    assert document["players"] == SEATS and document["first_dealer"] == "Bene"
    assert "changes" not in document or not document["changes"]


@pytest.mark.parametrize("start", [2, 4, 0])
def test_a_change_for_another_deal_than_the_next_is_refused_with_the_next_deals_number(
    client: FlaskClient, start: int,
) -> None:
    lst = made(client, [SAUSPIEL, SOLO])
    response = change(client, lst, {"from": start, "players": SEATS})
    assert response.status_code == 409
    body = response.get_json()
    assert body["next"] == 3
    assert f"for deal {start}" in body["error"] and "next deal is 3" in body["error"]
    assert "next deal is 3" in body["message"]
    assert not read(client, lst).get("changes")


def test_the_409_speaks_the_language_of_the_request(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL])
    response = change(client, lst, {"from": 5, "players": SEATS}, **{"Accept-Language": "de"})
    assert response.status_code == 409
    assert "Spiel 2" in response.get_json()["message"]
    assert "next deal" in response.get_json()["error"]


@pytest.mark.parametrize("body, key", [
    ({"from": 2, "players": ["Anna", "Bene", "Chris"]}, "players"),
    ({"from": 2, "players": ["Anna", "Bene", "Chris", "Anna"]}, "players"),
    ({"from": 2, "players": "Anna"}, "players"),
    ({"from": 2, "rules": {"tariffs": {"solo": -5}}}, "rules.tariffs.solo"),
    ({"from": 2, "rules": {"tarifs": {}}}, "rules.tarifs"),
    ({"from": 2, "rules": {"preset": "german"}}, "rules.preset"),
    ({"from": 2, "rules": []}, "rules"),
    ({"from": "2"}, "from"),
    ({"players": FOUR}, "from"),
    ({"from": 2, "seats": FOUR}, "seats"),
    ({"from": 2, "next_dealer": 3}, "next_dealer"),
])
def test_a_change_that_breaks_a_rule_is_refused_with_the_apis_422(
    client: FlaskClient, body: dict[str, Any], key: str,
) -> None:
    lst = made(client, [SAUSPIEL])
    response = change(client, lst, body, **{"Accept-Language": "de"})
    assert response.status_code == 422, response.get_json()
    answer = response.get_json()
    assert answer["key"] == key
    assert set(answer) == {"error", "deal", "key", "message"}
    assert answer["error"].startswith(f"deal {answer['deal']}: {key}: " if answer["deal"] else f"{key}: ")
    assert not read(client, lst).get("changes")


def test_a_refused_change_names_the_deal_it_was_for(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL])
    answer = change(client, lst, {"from": 2, "players": ["Anna", "Bene", "Chris"]}).get_json()
    assert answer["deal"] == 2
    assert answer["error"] == "deal 2: players: bavarian is played by 4 or 5 players, not 3"


def test_without_the_edit_key_or_the_list_nothing_changes(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL])
    body = {"from": 2, "players": SEATS}
    assert client.post(f"/api/lists/{lst['id']}/changes", json=body).status_code == 403
    assert change(client, lst, body, **{"X-Edit-Key": "not-the-key"}).status_code == 403
    assert change(client, {**lst, "id": "A" * 22}, body).status_code == 404
    assert client.post(f"/api/lists/{lst['id']}/changes", data="nope",
                       headers={"X-Edit-Key": lst["edit_key"]}).status_code == 400
    assert not read(client, lst).get("changes")


def test_a_finished_list_refuses_a_change(client: FlaskClient, app: Flask) -> None:
    lst = made(client, [SAUSPIEL])
    with app.app_context():
        from scorer.web import services
        services.finish(services.get_list(lst["id"]))
    response = change(client, lst, {"from": 2, "players": SEATS})
    assert response.status_code == 409
    assert "finished" in response.get_json()["error"]


def test_the_same_idempotency_key_applies_the_change_once_and_answers_as_the_first_time(
    client: FlaskClient, app: Flask,
) -> None:
    lst = made(client, [SAUSPIEL])
    body = {"from": 2, "players": SEATS, "rules": {"tariffs": {"solo": 100}}}
    first = change(client, lst, body, **{"Idempotency-Key": "change-1"})
    assert first.status_code == 201
    changes = read(client, lst)["changes"]
    # The phone heard nothing, sent the deal after the change, and sends the change again.
    assert add(client, lst, SOLO).status_code == 201
    again = change(client, lst, body, **{"Idempotency-Key": "change-1"})
    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    document = read(client, lst)
    assert document["changes"] == changes
    assert len(document["deals"]) == 2
    assert document["deals"][1]["payouts"]["Bene"] == 300
    with app.app_context():
        from scorer.web.extensions import db
        from scorer.web.models import ChangeKeyRow
        assert db.session.query(ChangeKeyRow).count() == 1


def test_the_same_key_with_another_change_is_refused(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL])
    assert change(client, lst, {"from": 2, "players": SEATS}, **{"Idempotency-Key": "k"}).status_code == 201
    response = change(client, lst, {"from": 2, "players": FOUR}, **{"Idempotency-Key": "k"})
    assert response.status_code == 422
    assert response.get_json()["key"] == "Idempotency-Key"
    assert read(client, lst)["changes"] == [{"from": 2, "players": SEATS}]


def test_a_bad_idempotency_key_is_refused(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL])
    response = change(client, lst, {"from": 2, "players": SEATS}, **{"Idempotency-Key": "x" * 256})
    assert response.status_code == 400
    assert not read(client, lst).get("changes")


def test_a_refused_change_keeps_no_key(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL])
    assert change(client, lst, {"from": 3, "players": SEATS}, **{"Idempotency-Key": "k"}).status_code == 409
    # The deal it waited for arrives; the same key then applies it.
    add(client, lst, SOLO)
    response = change(client, lst, {"from": 3, "players": SEATS}, **{"Idempotency-Key": "k"})
    assert response.status_code == 201
    assert read(client, lst)["changes"] == [{"from": 3, "players": SEATS}]


def test_deleting_the_list_deletes_its_change_keys(client: FlaskClient, app: Flask) -> None:
    lst = made(client, [SAUSPIEL])
    assert change(client, lst, {"from": 2, "players": SEATS}, **{"Idempotency-Key": "k"}).status_code == 201
    with app.app_context():
        from scorer.web import services
        from scorer.web.extensions import db
        from scorer.web.models import ChangeKeyRow
        services.delete_list(services.get_list(lst["id"]))
        assert db.session.query(ChangeKeyRow).count() == 0


@pytest.mark.parametrize("body", [
    {"from": 2},
    {"from": 2, "players": None, "rules": None, "next_dealer": None},
    {"from": 2, "rules": {}},
    {"from": 2, "rules": {"preset": "bavarian"}},
    {"from": 2, "players": FOUR, "rules": {"tariffs": {"solo": 40}}, "next_dealer": "Anna"},
])
def test_a_change_that_sets_nothing_is_answered_with_no_change_and_kept_nowhere(
    client: FlaskClient, app: Flask, body: dict[str, Any],
) -> None:
    # The seating, the rules and the dealer in force: a phone that queued this
    # offline must not be held back by it for ever.
    lst = made(client, [SAUSPIEL])
    before = read(client, lst)
    first = change(client, lst, body, **{"Idempotency-Key": "nothing"})
    assert first.status_code == 201, first.get_json()
    assert first.get_json() == {"from": 2, "players": FOUR, "next_dealer": "Anna", "change": None}
    assert read(client, lst) == before
    # The phone heard nothing, sent a deal after it, and sends it again.
    assert add(client, lst, SOLO).status_code == 201
    again = change(client, lst, body, **{"Idempotency-Key": "nothing"})
    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    document = read(client, lst)
    assert not document.get("changes") and len(document["deals"]) == 2
    assert document["deals"][1]["dealer"] == "Anna"


def test_a_change_that_sets_what_waits_for_the_next_deal_keeps_it(client: FlaskClient) -> None:
    lst = made(client, [SAUSPIEL], changes=[{"from": 2, "players": SEATS}])
    response = change(client, lst, {"from": 2})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["change"] == {"from": 2, "players": SEATS}
    assert read(client, lst)["changes"] == [{"from": 2, "players": SEATS}]
