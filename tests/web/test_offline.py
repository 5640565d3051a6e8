"""Offline use, the server's side: the service worker, the manifest, the key for syncing."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.web.offline import testing
from tests.web.conftest import bavarian_list

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(client: FlaskClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.mimetype in ("application/javascript", "text/javascript")
    assert worker.headers["Cache-Control"] == "no-cache"
    assert worker.headers["Service-Worker-Allowed"] == "/"
    assert 'data-sw="/sw.js"' in client.get("/").get_data(as_text=True)  # app.js registers it


def test_the_manifest_makes_the_app_installable_with_icons_that_exist(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    link = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert link
    answer = client.get(link.group(1))
    assert answer.mimetype == "application/manifest+json"
    manifest = answer.get_json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon


def test_only_a_phone_with_edit_rights_gets_the_key_and_nobody_keeps_it(
    client: FlaskClient, app: Any, created: dict[str, Any],
) -> None:
    list_id = created["id"]
    watcher = app.test_client()
    watcher.get(created["url"])
    refused = watcher.get(f"/l/{list_id}/edit-key")
    assert refused.status_code == 403
    assert created["edit_key"] not in refused.get_data(as_text=True)

    client.get(created["edit_url"])
    answer = client.get(f"/l/{list_id}/edit-key")
    assert answer.status_code == 200
    assert answer.get_json() == {"key": created["edit_key"]}
    assert "no-store" in answer.headers["Cache-Control"]
    assert client.get("/l/no-such-list/edit-key").status_code == 404


def test_the_list_page_offers_offline_sending_only_to_a_phone_with_edit_rights(
    client: FlaskClient, app: Any, created: dict[str, Any],
) -> None:
    watcher = app.test_client()
    watched = watcher.get(created["url"]).get_data(as_text=True)
    assert "data-offline" in watched and "/edit-key" not in watched and "data-api-url" not in watched
    client.get(created["edit_url"])
    page = client.get(created["url"]).get_data(as_text=True)
    assert f'data-key-url="/l/{created["id"]}/edit-key"' in page
    assert f'data-api-url="/api/lists/{created["id"]}/deals"' in page
    assert created["edit_key"] not in page
    form = client.get(f"{created['url']}/deals/new").get_data(as_text=True)
    assert "data-key-url" in form and "data-text-offline" in form


def test_the_test_switch_is_not_there_outside_tests(client: FlaskClient) -> None:
    assert client.post("/test/offline/drop-after-store?count=1").status_code == 404


def test_the_test_switch_stores_the_deal_and_drops_its_answer(app: Flask) -> None:
    testing.register(app)  # as create_app does with OFFLINE_TEST_ROUTES
    client = app.test_client()
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    assert client.post("/test/offline/drop-after-store?count=1").status_code == 200
    headers = {"X-Edit-Key": made["edit_key"], "Idempotency-Key": "once"}
    dropped = client.post(f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers=headers)
    assert dropped.status_code == 502  # the test client has no socket to cut
    again = client.post(f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers=headers)
    assert again.status_code == 201 and again.get_json()["number"] == 1
    assert len(client.get(f"/api/lists/{made['id']}").get_json()["deals"]) == 1
    assert client.get("/test/offline/dropped").get_json() == {"count": 0, "dropped": 1}


def test_a_refused_deal_says_why_in_the_language_of_the_phone_and_keeps_the_english_error(
    client: FlaskClient, created: dict[str, Any],
) -> None:
    headers = {"X-Edit-Key": created["edit_key"], "Idempotency-Key": "k1"}
    url = f"/api/lists/{created['id']}/deals"
    too_many = dict(SAUSPIEL, points=121)
    english = client.post(url, json=too_many, headers=headers)
    assert english.status_code == 422
    answer = english.get_json()
    assert answer["error"] == answer["message"] == "deal 1: points: 121 is more than the 120 in the pack"
    assert (answer["deal"], answer["key"]) == (1, "points")

    german = client.post(url, json=too_many, headers={**headers, "Accept-Language": "de-DE,de;q=0.9"})
    answer = german.get_json()
    assert answer["error"] == "deal 1: points: 121 is more than the 120 in the pack"  # the API's words stay
    assert "121 sind mehr als die 120 Augen im Blatt" in answer["message"]
    client.get("/lang/de")  # the language chosen with the switch wins over the browser's
    chosen = client.post(url, json=too_many, headers={**headers, "Accept-Language": "en"}).get_json()
    assert "121 sind mehr als die 120 Augen im Blatt" in chosen["message"]


def test_the_test_switch_drops_the_answer_to_a_save_in_one_request(app: Flask) -> None:
    testing.register(app)
    client = app.test_client()
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    client.get(made["edit_url"])
    form = client.get(f"/l/{made['id']}/deals/new").get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', form)
    assert token
    client.post("/test/offline/drop-after-store?count=1")
    fields = {"token": token.group(1), "game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72"}
    dropped = client.post(f"/l/{made['id']}/deals/new", data=fields, headers={"Accept": "application/json"})
    assert dropped.status_code == 502
    assert len(client.get(f"/api/lists/{made['id']}").get_json()["deals"]) == 1
    assert client.get("/test/offline/dropped").get_json() == {"count": 0, "dropped": 1}
