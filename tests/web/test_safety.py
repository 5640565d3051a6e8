"""Nothing lost, nobody without the edit link changes anything."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.conftest import FOUR, bavarian_list
from tests.web.test_pages import form_defaults

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def make(client: FlaskClient, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    response = client.post("/api/lists", json={**bavarian_list(), "deals": deals or []})
    assert response.status_code == 201
    return dict(response.get_json())


def test_the_list_page_learns_of_changes_cheaply(client: FlaskClient) -> None:
    made = make(client)
    path = f"/l/{made['id']}/changes"
    first = client.get(path)
    assert first.status_code == 200 and first.headers["ETag"]
    unchanged = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and unchanged.data == b""
    client.post(f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers={"X-Edit-Key": made["edit_key"]})
    changed = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    page = client.get(f"/l/{made['id']}").get_data(as_text=True)
    assert f'data-etag="{changed.headers["ETag"].strip(chr(34))}"' in page
    assert "list.js" in page


def test_a_deleted_deal_can_be_restored_to_its_place(client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, {"game": "wenz", "declarer": "Bene", "points": 70}, {"game": "passed"}])
    client.get(made["edit_url"])
    client.post(f"/l/{made['id']}/deals/2/delete")
    page = client.get(f"/l/{made['id']}").get_data(as_text=True)
    assert "1 deleted deal" in page
    deal_id = page.split(f"/l/{made['id']}/deals/")[-1].split("/restore")[0]
    restored = client.post(f"/l/{made['id']}/deals/{deal_id}/restore")
    assert restored.status_code == 302
    games = [d["game"] for d in client.get(f"/api/lists/{made['id']}").get_json()["deals"]]
    assert games == ["sauspiel", "wenz", "passed"]


def test_restoring_needs_the_edit_key(client: FlaskClient, app: Any) -> None:
    made = make(client, [SAUSPIEL])
    client.delete(f"/api/lists/{made['id']}/deals/1", headers={"X-Edit-Key": made["edit_key"]})
    from scorer.web import services

    with app.app_context():
        (gone,) = services.deleted_deals(services.get_list(made["id"]))
        deal_id = gone.id
    watcher = app.test_client()
    assert watcher.post(f"/l/{made['id']}/deals/{deal_id}/restore").status_code == 403
    assert client.get(f"/api/lists/{made['id']}").get_json()["deals"] == []


def test_deleting_a_list_asks_first_and_needs_the_edit_key(client: FlaskClient, app: Any) -> None:
    made = make(client, [SAUSPIEL])
    watcher = app.test_client()
    assert watcher.get(f"/l/{made['id']}/delete").status_code == 403
    assert watcher.post(f"/l/{made['id']}/delete", data={"confirm": "y"}).status_code == 403
    client.get(made["edit_url"])
    asked = client.get(f"/l/{made['id']}/delete")
    assert asked.status_code == 200 and "for good" in asked.get_data(as_text=True)
    unconfirmed = client.post(f"/l/{made['id']}/delete", data={})
    assert unconfirmed.status_code == 200
    assert client.get(f"/api/lists/{made['id']}").status_code == 200
    deleted = client.post(f"/l/{made['id']}/delete", data={"confirm": "y"})
    assert deleted.status_code == 302
    assert client.get(f"/api/lists/{made['id']}").status_code == 404


def test_a_new_edit_link_shuts_out_the_old_one(client: FlaskClient, app: Any) -> None:
    made = make(client)
    old_holder = app.test_client()
    old_holder.get(made["edit_url"])
    client.get(made["edit_url"])
    assert client.post(f"/l/{made['id']}/key").status_code == 302
    refused = client.post(
        f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers={"X-Edit-Key": made["edit_key"]}
    )
    assert refused.status_code == 403
    assert old_holder.post(f"/l/{made['id']}/finish").status_code == 403
    share = client.get(f"/l/{made['id']}/share").get_data(as_text=True)
    assert made["edit_key"] not in share and "?key=" in share
    assert client.post(f"/l/{made['id']}/finish").status_code == 302


def test_the_view_link_can_change_nothing(client: FlaskClient, app: Any) -> None:
    made = make(client, [SAUSPIEL])
    watcher = app.test_client()
    page = watcher.get(made["url"]).get_data(as_text=True)
    assert "/deals/new" not in page and "/undo" not in page and "/delete" not in page
    base = f"/l/{made['id']}"
    for path in (f"{base}/deals/new", f"{base}/deals/1/edit", f"{base}/deals/1/delete",
                 f"{base}/undo", f"{base}/finish", f"{base}/reopen", f"{base}/key", f"{base}/delete"):
        assert watcher.post(path, data={}).status_code == 403, path
    assert len(client.get(f"/api/lists/{made['id']}").get_json()["deals"]) == 1


def test_player_names_with_markup_are_shown_as_text(client: FlaskClient) -> None:
    evil = "<script>alert(1)</script>"
    response = client.post(
        "/api/lists", json={"rules": {"preset": "bavarian"}, "players": [evil, "Bene", "Chris", "Dora"],
                            "deals": [{"game": "solo", "declarer": evil, "points": 70}]},
    )
    made = response.get_json()
    for path in (made["url"], f"/l/{made['id']}/settle", "/"):
        page = client.get(path).get_data(as_text=True)
        assert evil not in page
        assert "&lt;script&gt;" in page
    assert FOUR[1] in client.get(made["url"]).get_data(as_text=True)


def test_a_new_list_form_sent_twice_makes_one_list_and_both_phones_may_edit(app: Any) -> None:
    first, resend = app.test_client(), app.test_client()
    form = form_defaults(first, "bavarian")
    assert form["once"], "the form carries a one-time token"
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora"})
    one = first.post("/new?family=bavarian", data=form)
    two = resend.post("/new?family=bavarian", data=form)
    assert one.status_code == two.status_code == 302
    assert one.headers["Location"] == two.headers["Location"]
    from scorer.web.extensions import db
    from scorer.web.models import ScoreListRow

    with app.app_context():
        assert db.session.query(ScoreListRow).count() == 1
    for phone in (first, resend):
        listing = phone.get(one.headers["Location"]).get_data(as_text=True)
        assert "/deals/new" in listing


def held(client: FlaskClient, deals: list[dict[str, Any]]) -> dict[str, Any]:
    made = make(client, deals)
    client.get(made["edit_url"])
    return made


def games(client: FlaskClient, made: dict[str, Any]) -> list[str]:
    return [d["game"] for d in client.get(f"/api/lists/{made['id']}").get_json()["deals"]]


THREE = [SAUSPIEL, {"game": "wenz", "declarer": "Bene", "points": 70}, {"game": "passed"}]


def test_a_resent_delete_does_not_take_the_deal_that_moved_up(client: FlaskClient) -> None:
    made = held(client, THREE)
    page = client.get(f"/l/{made['id']}/deals/2/delete").get_data(as_text=True)
    deal_id = page.split('name="deal" value="')[1].split('"')[0]
    for _ in range(2):
        answer = client.post(f"/l/{made['id']}/deals/2/delete", data={"deal": deal_id})
        assert answer.status_code == 302
    assert games(client, made) == ["sauspiel", "passed"]


def test_a_double_tapped_undo_undoes_one_deal(client: FlaskClient) -> None:
    made = held(client, THREE)
    page = client.get(f"/l/{made['id']}").get_data(as_text=True)
    last = page.split('name="last" value="')[1].split('"')[0]
    for _ in range(2):
        assert client.post(f"/l/{made['id']}/undo", data={"last": last}).status_code == 302
    assert games(client, made) == ["sauspiel", "wenz"]


def test_the_same_edit_sent_twice_is_not_a_conflict(client: FlaskClient) -> None:
    made = held(client, THREE)
    path = f"/api/lists/{made['id']}/deals/1"
    headers = {"X-Edit-Key": made["edit_key"], "If-Match": '"1"'}
    first = client.put(path, json={**SAUSPIEL, "points": 80}, headers=headers)
    again = client.put(path, json={**SAUSPIEL, "points": 80}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()
    other = client.put(path, json={**SAUSPIEL, "points": 30}, headers=headers)
    assert other.status_code == 409


def test_a_long_repeat_token_still_stores_the_deal_once(client: FlaskClient) -> None:
    made = make(client)
    long_token = "t" * 255
    headers = {"X-Edit-Key": made["edit_key"], "Idempotency-Key": long_token}
    for _ in range(2):
        answer = client.post(f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers=headers)
        assert answer.status_code == 201
    assert len(client.get(f"/api/lists/{made['id']}").get_json()["deals"]) == 1


def test_the_language_switch_only_leads_back_into_this_site(client: FlaskClient) -> None:
    for target in ("//evil.example/x", "/\\evil.example/x", "https://evil.example/", "evil"):
        answer = client.get("/lang/de", query_string={"next": target})
        assert answer.status_code == 302 and answer.headers["Location"] == "/", target
    inside = client.get("/lang/en", query_string={"next": "/new?family=german"})
    assert inside.headers["Location"] == "/new?family=german"
