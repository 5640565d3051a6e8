"""A group's page shows its editor the edit link only where no cache keeps it."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import FOUR


def test_the_edit_link_is_sent_no_store_and_left_out_of_the_copy_asked_for_in_the_background(
    client: FlaskClient,
) -> None:
    group = client.post("/api/groups", json={"name": "Stammtisch", "players": FOUR}).get_json()
    client.get(group["edit_url"])
    shown = client.get(group["url"])
    assert f"?key={group['edit_key']}" in shown.get_data(as_text=True)
    assert "no-store" in shown.headers["Cache-Control"]
    # The copy the service worker keeps is asked for in the background: the key stays out.
    kept = client.get(group["url"], headers={"X-Scorer-Background": "1"})
    body = kept.get_data(as_text=True)
    assert kept.status_code == 200 and "no-store" not in kept.headers.get("Cache-Control", "")
    assert group["edit_key"] not in body
    assert "New list for this group" in body  # still the editor's page
    assert "Open this page with reception to see the edit link." in body


def test_a_watcher_gets_no_edit_link_and_a_page_any_cache_may_keep(client: FlaskClient) -> None:
    group = client.post("/api/groups", json={"name": "Stammtisch", "players": FOUR}).get_json()
    watcher = client.application.test_client()
    page = watcher.get(group["url"])
    body = page.get_data(as_text=True)
    assert "key=" not in body and "Open this page with reception" not in body
    assert "no-store" not in page.headers.get("Cache-Control", "")
