"""The JSON API answers as FORMAT.md's table says."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import FOUR, bavarian_list

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def add(client: FlaskClient, created: dict[str, Any], deal: dict[str, Any], **headers: str) -> Any:
    return client.post(
        f"/api/lists/{created['id']}/deals", json=deal,
        headers={"X-Edit-Key": created["edit_key"], **headers},
    )


def test_creating_a_list_answers_its_links_and_edit_key(client: FlaskClient) -> None:
    response = client.post("/api/lists", json=bavarian_list())
    assert response.status_code == 201
    body = response.get_json()
    assert body["url"] == f"/l/{body['id']}"
    assert body["edit_url"] == f"/l/{body['id']}?key={body['edit_key']}"
    assert len(body["id"]) >= 20 and len(body["edit_key"]) >= 30


def test_list_ids_and_keys_are_unguessable_and_distinct(client: FlaskClient) -> None:
    first = client.post("/api/lists", json=bavarian_list()).get_json()
    second = client.post("/api/lists", json=bavarian_list()).get_json()
    assert first["id"] != second["id"] and first["edit_key"] != second["edit_key"]


def test_a_list_file_with_deals_is_scored_and_stored(client: FlaskClient) -> None:
    document = {**bavarian_list(), "deals": [SAUSPIEL, {"game": "solo", "declarer": "Bene", "points": 61}]}
    created = client.post("/api/lists", json=document).get_json()
    body = client.get(f"/api/lists/{created['id']}").get_json()
    assert [d["number"] for d in body["deals"]] == [1, 2]
    assert [d["dealer"] for d in body["deals"]] == ["Dora", "Anna"]
    assert body["deals"][1]["payouts"] == {"Anna": -40, "Bene": 120, "Chris": -40, "Dora": -40}
    assert body["totals"] == {"Anna": -20, "Bene": 100, "Chris": -20, "Dora": -60}
    assert sum(body["totals"].values()) == 0
    settled = dict(body["totals"])
    for transfer in body["settlement"]:
        settled[transfer["from"]] += transfer["amount"]
        settled[transfer["to"]] -= transfer["amount"]
    assert set(settled.values()) == {0}


def test_reading_a_list_fills_in_every_rule_default(client: FlaskClient) -> None:
    created = client.post("/api/lists", json=bavarian_list(tariffs={"sauspiel": 10})).get_json()
    rules = client.get(f"/api/lists/{created['id']}").get_json()["rules"]
    assert rules["tariffs"]["sauspiel"] == 10
    assert rules["tariffs"]["solo"] == 40
    assert rules["laufende_from"]["wenz"] == 2
    assert rules["durchmarsch"] == 90 and rules["virgin"] == "own"


def test_a_list_file_that_breaks_a_rule_is_refused_and_nothing_is_stored(
    client: FlaskClient, app: Any
) -> None:
    document = {**bavarian_list(), "deals": [SAUSPIEL, {**SAUSPIEL, "points": 121}]}
    response = client.post("/api/lists", json=document)
    assert response.status_code == 422
    assert response.get_json()["error"] == "deal 2: points: 121 is more than the 120 in the pack"
    from scorer.web.models import ScoreListRow
    from scorer.web.extensions import db

    with app.app_context():
        assert db.session.query(ScoreListRow).count() == 0


@pytest.mark.parametrize(
    "body, status",
    [
        (b"", 400),
        (b"{not json", 400),
        (b"[1, 2]", 400),
        (b'{"players": []}', 422),
        (b'{"rules": {"preset": "skat"}, "players": ["a", "b", "c"]}', 422),
        (b'{"rules": {"preset": "bavarian"}, "players": ["a", "b", "c"]}', 422),
    ],
)
def test_bad_bodies_get_a_json_error_with_a_message(
    client: FlaskClient, body: bytes, status: int
) -> None:
    response = client.post("/api/lists", data=body, content_type="application/json")
    assert response.status_code == status
    assert response.is_json and response.get_json()["error"]


def test_adding_a_deal_answers_its_number_dealer_and_payouts(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    response = add(client, created, SAUSPIEL)
    assert response.status_code == 201
    body = response.get_json()
    assert body.pop("breakdown")["value"] == 20
    assert body == {
        "number": 1, "dealer": "Dora",
        "payouts": {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20},
    }
    assert add(client, created, {"game": "passed"}).get_json()["dealer"] == "Anna"


def test_adding_without_the_edit_key_is_forbidden(client: FlaskClient, created: dict[str, Any]) -> None:
    path = f"/api/lists/{created['id']}/deals"
    assert client.post(path, json=SAUSPIEL).status_code == 403
    wrong = client.post(path, json=SAUSPIEL, headers={"X-Edit-Key": "guess"})
    assert wrong.status_code == 403 and wrong.get_json()["error"]
    assert client.get(f"/api/lists/{created['id']}").get_json()["deals"] == []


def test_a_deal_that_breaks_a_rule_is_refused_with_422_and_not_stored(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    response = add(client, created, {**SAUSPIEL, "re": True})
    assert response.status_code == 422
    assert response.get_json()["error"].startswith("deal 1: re:")
    assert client.get(f"/api/lists/{created['id']}").get_json()["deals"] == []


def test_a_repeated_idempotency_key_stores_the_deal_once(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    first = add(client, created, SAUSPIEL, **{"Idempotency-Key": "tap-1"})
    again = add(client, created, SAUSPIEL, **{"Idempotency-Key": "tap-1"})
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert len(client.get(f"/api/lists/{created['id']}").get_json()["deals"]) == 1
    other = add(client, created, SAUSPIEL, **{"Idempotency-Key": "tap-2"})
    assert other.get_json()["number"] == 2


def test_editing_a_deal_rescores_it_and_later_deals_keep_their_order(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    add(client, created, SAUSPIEL)
    add(client, created, {"game": "wenz", "declarer": "Bene", "points": 70})
    path = f"/api/lists/{created['id']}/deals/1"
    response = client.put(path, json={**SAUSPIEL, "points": 40}, headers={"X-Edit-Key": created["edit_key"]})
    assert response.status_code == 200
    assert response.get_json()["payouts"] == {"Anna": -20, "Bene": 20, "Chris": -20, "Dora": 20}
    deals = client.get(f"/api/lists/{created['id']}").get_json()["deals"]
    assert [d["game"] for d in deals] == ["sauspiel", "wenz"]
    assert deals[0]["points"] == 40


def test_deleting_a_deal_moves_later_deals_up_and_their_dealers_follow(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    add(client, created, SAUSPIEL)
    add(client, created, {"game": "wenz", "declarer": "Bene", "points": 70})
    response = client.delete(
        f"/api/lists/{created['id']}/deals/1", headers={"X-Edit-Key": created["edit_key"]}
    )
    assert response.status_code == 204
    deals = client.get(f"/api/lists/{created['id']}").get_json()["deals"]
    assert [(d["number"], d["game"], d["dealer"]) for d in deals] == [(1, "wenz", "Dora")]


def test_changing_or_deleting_a_missing_deal_is_404_json(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    headers = {"X-Edit-Key": created["edit_key"]}
    assert client.put(f"/api/lists/{created['id']}/deals/3", json=SAUSPIEL, headers=headers).status_code == 404
    response = client.delete(f"/api/lists/{created['id']}/deals/1", headers=headers)
    assert response.status_code == 404 and response.is_json


def test_an_unknown_list_or_route_under_api_is_a_json_404(client: FlaskClient) -> None:
    for path in ("/api/lists/nope", "/api/nothing"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.is_json and response.get_json()["error"]


def test_a_wrong_method_under_api_is_a_json_405(client: FlaskClient) -> None:
    response = client.delete("/api/lists")
    assert response.status_code == 405 and response.is_json


def test_the_preview_scores_without_storing(client: FlaskClient, created: dict[str, Any]) -> None:
    response = client.post(f"/api/lists/{created['id']}/preview", json=SAUSPIEL)
    assert response.get_json()["payouts"]["Anna"] == 20
    assert client.get(f"/api/lists/{created['id']}").get_json()["deals"] == []


@pytest.mark.parametrize(
    "deal, payouts",
    [
        # RULES.md seed examples (Bavarian).
        ({"game": "solo", "declarer": "Anna", "points": 61}, [120, -40, -40, -40]),
        ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 61}, [20, -20, 20, -20]),
        ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 91}, [30, -30, 30, -30]),
        (
            {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 120, "schwarz": True},
            [40, -40, 40, -40],
        ),
        (
            {"game": "ramsch", "points": {"Anna": 20, "Bene": 0, "Chris": 30, "Dora": 70}},
            [10, 20, 10, -40],
        ),
    ],
)
def test_the_api_scores_the_rules_seed_examples(
    client: FlaskClient, created: dict[str, Any], deal: dict[str, Any], payouts: list[int]
) -> None:
    response = add(client, created, deal)
    assert response.status_code == 201
    assert response.get_json()["payouts"] == dict(zip(FOUR, payouts))


def test_an_edit_from_a_stale_version_is_refused_not_overwritten(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    add(client, created, SAUSPIEL)
    path = f"/api/lists/{created['id']}/deals/1"
    (deal,) = client.get(f"/api/lists/{created['id']}").get_json()["deals"]
    headers = {"X-Edit-Key": created["edit_key"], "If-Match": f'"{deal["version"]}"'}
    first = client.put(path, json={**SAUSPIEL, "points": 80}, headers=headers)
    assert first.status_code == 200
    second = client.put(path, json={**SAUSPIEL, "points": 30}, headers=headers)
    assert second.status_code == 409
    assert "changed on another phone" in second.get_json()["error"]
    (deal,) = client.get(f"/api/lists/{created['id']}").get_json()["deals"]
    assert deal["points"] == 80 and deal["version"] == 2


def test_reading_an_unchanged_list_again_costs_a_304(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    path = f"/api/lists/{created['id']}"
    first = client.get(path)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    add(client, created, SAUSPIEL)
    changed = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and len(changed.get_json()["deals"]) == 1


def test_a_list_file_read_from_the_api_imports_again_as_the_same_list(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    add(client, created, SAUSPIEL)
    add(client, created, {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}})
    document = client.get(f"/api/lists/{created['id']}").get_json()
    copy = client.post("/api/lists", json=document)
    assert copy.status_code == 201, copy.get_json()
    again = client.get(f"/api/lists/{copy.get_json()['id']}").get_json()
    assert again["totals"] == document["totals"]
    assert [d["payouts"] for d in again["deals"]] == [d["payouts"] for d in document["deals"]]


def test_every_answer_carries_the_security_headers(client: FlaskClient) -> None:
    for path in ("/", "/api/lists/nope"):
        headers = client.get(path).headers
        policy = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"


def test_creating_lists_is_rate_limited(app: Any, client: FlaskClient) -> None:
    app.config["LIST_CREATION_LIMIT"] = "3 per minute"
    codes = [client.post("/api/lists", json=bavarian_list()).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    refused = client.post("/api/lists", json=bavarian_list())
    assert refused.is_json and refused.get_json()["error"]


def test_a_body_over_the_size_limit_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/lists", data=b"{" + b" " * (2 * 1024 * 1024) + b"}",
                           content_type="application/json")
    assert response.status_code == 413 and response.is_json


def test_any_distinct_non_empty_names_are_taken_as_the_list_file_has_them(client: FlaskClient) -> None:
    long_name = "Maximilian-Ferdinand von und zu Oberammergau-Partenkirchen"
    players = [long_name, " Bene", "Chris ", "Dora"]
    document = {
        "rules": {"preset": "bavarian"}, "players": players, "first_dealer": long_name,
        "deals": [{"game": "solo", "declarer": " Bene", "points": 70, "dealer": long_name}],
    }
    created = client.post("/api/lists", json=document)
    assert created.status_code == 201, created.get_json()
    made = created.get_json()
    added = client.post(
        f"/api/lists/{made['id']}/deals", json={"game": "passed", "dealer": long_name},
        headers={"X-Edit-Key": made["edit_key"]},
    )
    assert added.status_code == 201 and added.get_json()["dealer"] == long_name
    body = client.get(f"/api/lists/{made['id']}").get_json()
    assert body["players"] == players
    assert body["totals"][" Bene"] == 120


def test_a_retried_delete_naming_the_list_it_saw_deletes_one_deal_only(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    for deal in (SAUSPIEL, {"game": "wenz", "declarer": "Bene", "points": 70}, {"game": "passed"}):
        add(client, created, deal)
    seen = client.get(f"/api/lists/{created['id']}").headers["ETag"]
    headers = {"X-Edit-Key": created["edit_key"], "If-Match": seen}
    path = f"/api/lists/{created['id']}/deals/2"
    assert client.delete(path, headers=headers).status_code == 204
    retried = client.delete(path, headers=headers)
    assert retried.status_code == 409 and "changed since you read it" in retried.get_json()["error"]
    games = [d["game"] for d in client.get(f"/api/lists/{created['id']}").get_json()["deals"]]
    assert games == ["sauspiel", "passed"]


# -- retries: Idempotency-Key ----------------------------------------------------------------


def test_two_idempotency_keys_that_share_their_first_80_characters_store_two_deals(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    for last in "ab":
        answer = add(client, created, SAUSPIEL, **{"Idempotency-Key": "k" * 80 + last})
        assert answer.status_code == 201
    assert len(client.get(f"/api/lists/{created['id']}").get_json()["deals"]) == 2


def test_an_idempotency_key_is_kept_whole_up_to_255_characters_and_refused_beyond(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    for _ in range(2):
        assert add(client, created, SAUSPIEL, **{"Idempotency-Key": "k" * 255}).status_code == 201
    refused = add(client, created, SAUSPIEL, **{"Idempotency-Key": "k" * 256})
    assert refused.status_code == 400 and "255" in refused.get_json()["error"]
    assert len(client.get(f"/api/lists/{created['id']}").get_json()["deals"]) == 1


def test_an_idempotency_key_sent_again_with_another_deal_is_refused(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    first = add(client, created, SAUSPIEL, **{"Idempotency-Key": "once"})
    again = add(client, created, dict(reversed(list(SAUSPIEL.items()))), **{"Idempotency-Key": "once"})
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    other = add(client, created, {**SAUSPIEL, "points": 30}, **{"Idempotency-Key": "once"})
    assert other.status_code == 422
    body = other.get_json()
    assert body["key"] == "Idempotency-Key" and "another" in body["error"]
    assert body["deal"] == 1  # the deal stored under the key: the phone that sent it says so
    assert len(client.get(f"/api/lists/{created['id']}").get_json()["deals"]) == 1


def test_the_refusal_of_a_key_sent_again_names_the_deal_stored_under_it_as_it_is_numbered_now(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    for key in ("first", "second", "third"):
        assert add(client, created, SAUSPIEL, **{"Idempotency-Key": key}).status_code == 201
    deleted = client.delete(f"/api/lists/{created['id']}/deals/1", headers={"X-Edit-Key": created["edit_key"]})
    assert deleted.status_code == 204
    other = add(client, created, {**SAUSPIEL, "points": 30}, **{"Idempotency-Key": "third"})
    assert (other.status_code, other.get_json()["deal"]) == (422, 2)
    assert other.get_json()["error"].startswith("deal 2: Idempotency-Key: was sent before")


# -- conditional requests and compressed answers ---------------------------------------------


def compressed_tag(client: FlaskClient, path: str, coding: str) -> str:
    answer = client.get(path, headers={"Accept-Encoding": coding})
    assert answer.headers["Content-Encoding"] == coding
    tag = answer.headers["ETag"]
    assert tag.endswith(f':{coding}"'), tag
    return str(tag)


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_a_delete_naming_the_compressed_etag_it_received_deletes(
    client: FlaskClient, created: dict[str, Any], coding: str
) -> None:
    for deal in (SAUSPIEL, {"game": "wenz", "declarer": "Bene", "points": 70}, {"game": "passed"}):
        add(client, created, deal)
    path = f"/api/lists/{created['id']}"
    seen = compressed_tag(client, path, coding)
    headers = {"X-Edit-Key": created["edit_key"], "If-Match": seen}
    assert client.delete(f"{path}/deals/2", headers=headers).status_code == 204
    assert client.delete(f"{path}/deals/2", headers=headers).status_code == 409
    assert [d["game"] for d in client.get(path).get_json()["deals"]] == ["sauspiel", "passed"]


def test_a_weak_or_unknown_tag_in_if_match_never_matches_and_a_star_always_does(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    for deal in (SAUSPIEL, SAUSPIEL, SAUSPIEL):
        add(client, created, deal)
    path = f"/api/lists/{created['id']}"
    seen = client.get(path).headers["ETag"]
    key = {"X-Edit-Key": created["edit_key"]}
    assert client.delete(f"{path}/deals/1", headers={**key, "If-Match": f"W/{seen}"}).status_code == 409
    assert client.delete(f"{path}/deals/1", headers={**key, "If-Match": '"other"'}).status_code == 409
    assert client.delete(f"{path}/deals/1", headers={**key, "If-Match": f'"other", {seen}'}).status_code == 204
    assert client.delete(f"{path}/deals/1", headers={**key, "If-Match": "*"}).status_code == 204


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_an_unchanged_list_answers_304_to_its_compressed_etag_without_building_the_body(
    client: FlaskClient, created: dict[str, Any], coding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(3):
        add(client, created, SAUSPIEL)
    path = f"/api/lists/{created['id']}"
    seen = compressed_tag(client, path, coding)
    from scorer.web import services

    def unexpected(*_args: Any) -> Any:
        raise AssertionError("the body was built for a 304")

    monkeypatch.setattr(services, "api_document", unexpected)
    for tag in (seen, f"W/{seen}"):
        answer = client.get(path, headers={"If-None-Match": tag, "Accept-Encoding": coding})
        assert answer.status_code == 304, tag
