"""The list settings page and its use cases: rename, seats and players, rules from the next deal."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tests.unit.test_list_changes import changing_lists
from tests.web.conftest import FOUR, bavarian_list

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 75}


def start(client: FlaskClient, deals: list[dict[str, Any]] = (), **more: Any) -> dict[str, Any]:
    """A list made through the API, opened for editing on this client."""
    response = client.post("/api/lists", json={**bavarian_list(), "deals": list(deals), **more})
    assert response.status_code == 201, response.get_json()
    made = dict(response.get_json())
    client.get(made["edit_url"])
    return made


def document(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    return dict(client.get(f"/api/lists/{made['id']}").get_json())


def form_fields(page: str, action: str) -> dict[str, Any]:
    """A form's fields as the page fills them in (checkboxes only when ticked)."""
    form = page[page.index(f'action="{action}"'):]
    form = form[:form.index("</form>")]
    data: dict[str, Any] = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or 'type="submit"' in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            if "checked" in tag:
                data.setdefault(name.group(1), []).append(value.group(1) if value else "y")
            continue
        data[name.group(1)] = value.group(1) if value else ""
    for select in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option[^>]*selected[^>]*value="([^"]*)"|<option[^>]*value="([^"]*)"[^>]*selected', select[1])
        data[select[0]] = (chosen.group(1) or chosen.group(2)) if chosen else ""
    return data


def seats_form(client: FlaskClient, list_id: str) -> dict[str, Any]:
    """The players page's seats form as the page fills it in: the seats and who deals next."""
    page = client.get(f"/l/{list_id}/settings").get_data(as_text=True)
    return form_fields(page, f"/l/{list_id}/settings/change")


def rules_form(client: FlaskClient, list_id: str) -> dict[str, Any]:
    """The rules page's form as the page fills it in: the house rules."""
    page = client.get(f"/l/{list_id}/settings/rules").get_data(as_text=True)
    return form_fields(page, f"/l/{list_id}/settings/rules")


def change_form(client: FlaskClient, list_id: str) -> dict[str, Any]:
    """The seats and the rules in one post, as the one settings page had them.

    /l/ID/settings/change takes it whole: a phone may still hold that page
    (the service worker's copy) and send both parts.
    """
    return {**rules_form(client, list_id), **seats_form(client, list_id)}


def test_the_settings_page_needs_the_edit_link(client: FlaskClient, app: Any) -> None:
    made = start(client)
    other = app.test_client()
    assert other.get(f"/l/{made['id']}/settings").status_code == 403
    assert other.post(f"/l/{made['id']}/settings/rename", data={"rename-old": "Anna", "rename-new": "X"}).status_code == 403


def test_the_list_page_links_to_the_settings_for_those_who_may_edit(client: FlaskClient, app: Any) -> None:
    made = start(client)
    assert f"/l/{made['id']}/settings" in client.get(made["url"]).get_data(as_text=True)
    assert f"/l/{made['id']}/settings" not in app.test_client().get(made["url"]).get_data(as_text=True)


def test_the_page_shows_the_rules_in_force_in_words(client: FlaskClient) -> None:
    made = start(client, rules={"preset": "bavarian", "tariffs": {"solo": 50}})
    page = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    assert re.search(r"<th scope=\"row\">Solo</th><td class=\"num\">50</td>", page)
    assert re.search(r"<th scope=\"row\">Sauspiel</th><td class=\"num\">20</td>", page)


def test_a_rename_rewrites_every_deal_and_the_title_built_from_the_names(client: FlaskClient) -> None:
    made = start(client, [SAUSPIEL, {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}])
    before = document(client, made)
    response = client.post(f"/l/{made['id']}/settings/rename", data={"rename-old": "Anna", "rename-new": "Anne"})
    assert response.status_code == 302
    after = document(client, made)
    assert after["players"] == ["Anne", "Bene", "Chris", "Dora"]
    assert after["title"] == "Anne · Bene · Chris · Dora"
    assert after["deals"][0]["declarer"] == "Anne"
    assert after["deals"][1]["points"]["Anne"] == 30
    assert after["totals"]["Anne"] == before["totals"]["Anna"]
    assert "Anna" not in str(after)


def test_a_rename_to_another_players_name_is_refused(client: FlaskClient) -> None:
    made = start(client, [SAUSPIEL])
    response = client.post(f"/l/{made['id']}/settings/rename", data={"rename-old": "Anna", "rename-new": "bene"})
    assert response.status_code == 200
    assert "names must differ" in response.get_data(as_text=True)
    assert document(client, made)["players"] == FOUR


def test_a_fifth_player_joins_from_the_next_deal_and_the_earlier_deals_stay(client: FlaskClient) -> None:
    made = start(client, [SAUSPIEL, SOLO])
    before = document(client, made)
    data = seats_form(client, made["id"])
    assert data["change-player_1"] == "Anna" and data["change-player_5"] == ""
    assert {name.removeprefix("change-") for name in data} <= {
        "csrf_token", "first_dealer", *(f"player_{n}" for n in range(1, 6))}  # the seats only: no rule
    data["change-player_5"] = "Emil"
    response = client.post(f"/l/{made['id']}/settings/change", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    after = document(client, made)
    assert after["changes"] == [{"from": 3, "players": FOUR + ["Emil"]}]
    assert [d["payouts"] for d in after["deals"]] == [
        {**d["payouts"], "Emil": 0} for d in before["deals"]
    ]
    # Dora dealt deal 1, Anna deal 2: Bene deals deal 3 and sits it out.
    added = client.post(f"/api/lists/{made['id']}/deals", json={"game": "solo", "declarer": "Emil", "points": 80},
                        headers={"X-Edit-Key": made["edit_key"]})
    assert added.status_code == 201, added.get_json()
    assert added.get_json()["dealer"] == "Bene"
    assert added.get_json()["payouts"] == {"Anna": -40, "Bene": 0, "Chris": -40, "Dora": -40, "Emil": 120}
    page = client.get(f"/l/{made['id']}/deals/new").get_data(as_text=True)
    assert "Emil" in page


def test_a_tariff_changed_applies_from_the_next_deal_only(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = rules_form(client, made["id"])
    assert not any(name.startswith("change-player_") for name in data)
    data["change-tariff_solo"] = "100"
    assert client.post(f"/l/{made['id']}/settings/rules", data=data).status_code == 302
    client.post(f"/api/lists/{made['id']}/deals", json=SOLO, headers={"X-Edit-Key": made["edit_key"]})
    after = document(client, made)
    # The penalty's field is empty: it follows the solo tariff.
    assert after["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 100}}}]
    assert [d["payouts"]["Bene"] for d in after["deals"]] == [120, 300]
    # The rules page now shows the new tariff as the one in force.
    page = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    assert re.search(r"<th scope=\"row\">Solo</th><td class=\"num\">100</td>", page)


def test_before_the_first_deal_a_change_is_the_lists_start(client: FlaskClient) -> None:
    made = start(client)
    data = seats_form(client, made["id"])
    data["change-player_2"], data["change-player_3"] = "Chris", "Bene"
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    after = document(client, made)
    assert after["players"] == ["Anna", "Chris", "Bene", "Dora"] and "changes" not in after


def test_a_seat_count_the_family_does_not_seat_is_refused_on_the_page(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = seats_form(client, made["id"])
    data["change-player_4"] = ""
    response = client.post(f"/l/{made['id']}/settings/change", data=data)
    assert response.status_code == 200
    assert "This game needs 4 or 5 players; the list has 3 players." in response.get_data(as_text=True)
    assert "changes" not in document(client, made)


def test_deleting_a_deal_before_a_change_moves_the_change_with_its_deal(client: FlaskClient) -> None:
    made = start(client, [SOLO, SOLO, SOLO], changes=[{"from": 3, "rules": {"tariffs": {"solo": 100}}}])
    assert [d["payouts"]["Bene"] for d in document(client, made)["deals"]] == [120, 120, 300]
    key = {"X-Edit-Key": made["edit_key"]}
    assert client.delete(f"/api/lists/{made['id']}/deals/1", headers=key).status_code == 204
    after = document(client, made)
    assert after["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 100}}}]
    assert [d["payouts"]["Bene"] for d in after["deals"]] == [120, 300]
    # Editing an earlier deal keeps working with the change in force.
    edited = client.put(f"/api/lists/{made['id']}/deals/1", json={**SOLO, "points": 50}, headers=key)
    assert edited.status_code == 200, edited.get_json()
    assert [d["payouts"]["Bene"] for d in document(client, made)["deals"]] == [-120, 300]


def test_undo_and_restore_of_the_last_deal_keep_a_waiting_change_for_the_next_deal(client: FlaskClient, app: Any) -> None:
    made = start(client, [SOLO, SOLO], changes=[{"from": 3, "players": FOUR + ["Emil"]}])
    rows = client.get(f"/api/lists/{made['id']}").get_json()
    key = {"X-Edit-Key": made["edit_key"]}
    assert client.delete(f"/api/lists/{made['id']}/deals/2", headers=key).status_code == 204
    assert document(client, made)["changes"] == [{"from": 2, "players": FOUR + ["Emil"]}]
    from scorer.web import services
    with app.app_context():
        row = services.get_list(made["id"])
        services.restore_deal(row, services.deleted_deals(row)[0].id)
    assert document(client, made)["changes"] == [{"from": 3, "players": FOUR + ["Emil"]}] == rows["changes"]


def test_an_export_and_import_keep_the_changes(client: FlaskClient) -> None:
    made = start(client, [SOLO, SOLO], changes=[{"from": 2, "players": FOUR + ["Emil"], "rules": {"tariffs": {"solo": 60}}}])
    exported = client.get(f"/l/{made['id']}/export.json").get_json()
    assert exported["changes"] == [{"from": 2, "players": FOUR + ["Emil"], "rules": {"tariffs": {"solo": 60}}}]
    again = client.post("/api/lists", json=exported)
    assert again.status_code == 201, again.get_json()
    assert client.get(f"/api/lists/{again.get_json()['id']}").get_json()["totals"] == document(client, made)["totals"]


def test_the_api_refuses_a_change_beyond_the_next_deal(client: FlaskClient) -> None:
    response = client.post("/api/lists", json={**bavarian_list(), "deals": [SOLO],
                                               "changes": [{"from": 3, "players": FOUR + ["Emil"]}]})
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["deal"] == 3 and answer["key"] == "changes.from"


@pytest.mark.parametrize("change", [{"from": 2}, {"from": 2, "players": None}, {"from": 2, "rules": {}}])
def test_the_api_refuses_a_change_that_sets_nothing_and_stores_no_list(client: FlaskClient, change: Any) -> None:
    response = client.post("/api/lists", json={**bavarian_list(), "title": "Empty change", "deals": [SOLO],
                                               "changes": [change]})
    assert response.status_code == 422
    answer = response.get_json()
    assert (answer["deal"], answer["key"]) == (2, "changes")
    assert answer["error"] == "deal 2: changes: this change sets nothing: give it players, rules or first_dealer"
    german = client.post("/api/lists", json={**bavarian_list(), "deals": [SOLO], "changes": [change]},
                         headers={"Accept-Language": "de"}).get_json()
    assert german["message"].endswith("diese Änderung ändert nichts: sie braucht players, rules oder first_dealer")
    # The import refuses the same file the same way, and stores nothing either.
    imported = client.post("/import", data={"text": json.dumps(
        {**bavarian_list(), "title": "Empty change", "deals": [SOLO], "changes": [change]})})
    assert imported.status_code == 200
    assert "this change sets nothing" in imported.get_data(as_text=True)


def insert_stored_list(
    connection: Any, rules: dict[str, Any], deals: list[dict[str, Any]],
    deleted: Any = lambda position: {}, **columns: Any,
) -> None:
    """Write list AAAAAAAAAAAAAAAAAAAAAA and its deals as an older schema has them (``columns`` more)."""
    import sqlalchemy as sa

    def insert(table: str, values: dict[str, Any]) -> None:
        connection.execute(sa.text(f"INSERT INTO {table} ({', '.join(values)}) "
                                   f"VALUES ({', '.join(':' + name for name in values)})"), values)

    day = "2026-01-01"
    insert("lists", {"id": "AAAAAAAAAAAAAAAAAAAAAA", "title": "Old", "preset": "bavarian",
                     "rules": json.dumps(rules), "players": json.dumps(FOUR), "first_dealer": "Dora",
                     "ends": json.dumps({"kind": "open"}), "edit_key_hash": "0" * 64, "created_at": day,
                     "updated_at": day, "revision": 1, **columns})
    for position, deal in enumerate(deals, start=1):
        insert("deals", {"list_id": "AAAAAAAAAAAAAAAAAAAAAA", "position": position, "data": json.dumps(deal),
                         "named_dealer": deal.get("dealer"), "version": 1, "created_at": day,
                         "updated_at": day, **deleted(position)})


def test_a_list_stored_before_changes_existed_scores_as_it_did(tmp_path: Any) -> None:
    """A list and its deals written by the schema before 0011 have no changes and the same totals."""
    from flask_migrate import upgrade

    from scorer.engine import score_document
    from scorer.web import services
    from scorer.web.extensions import db
    from tests.web.test_migrations import make_app

    app = make_app(tmp_path)
    rules = {"preset": "bavarian", "tariffs": {"solo": 50}}
    deals = [SAUSPIEL, SOLO, {"game": "passed"}, {**SOLO, "dealer": "Anna"}]
    with app.app_context():
        upgrade(revision="0010")
        with db.engine.begin() as connection:
            insert_stored_list(connection, rules, deals)
        upgrade()
        row = services.get_list("AAAAAAAAAAAAAAAAAAAAAA")
        assert row.changes is None
        state = services.list_state(row)
        document = services.api_document(state)
        db.session.remove()
        db.engine.dispose()
    expected = score_document({"rules": rules, "players": FOUR, "first_dealer": "Dora", "deals": deals})
    assert "changes" not in document
    assert document["totals"] == expected["totals"]
    assert [d["payouts"] for d in document["deals"]] == [d["payouts"] for d in expected["deals"]]


def test_a_list_stored_with_a_change_that_sets_nothing_scores_as_it_did_without_it(tmp_path: Any) -> None:
    """Migration 0014 takes out the changes that set nothing, which the reader refuses now."""
    from flask_migrate import upgrade

    from scorer.web import services
    from scorer.web.extensions import db
    from tests.web.test_migrations import make_app

    app = make_app(tmp_path)
    rules = {"preset": "bavarian", "tariffs": {"solo": 50}}
    solo_100 = {"from": 2, "rules": {"tariffs": {"solo": 100}}}
    stored = [solo_100, {"from": 3}, {"from": 4, "rules": {}}]
    deals = [SOLO, SOLO, SOLO, SOLO, SOLO]  # the fifth deleted, with the changes as they were
    with app.app_context():
        upgrade(revision="0013")
        with db.engine.begin() as connection:
            insert_stored_list(
                connection, rules, deals, changes=json.dumps(stored),
                deleted=lambda position: {"deleted_at": "2026-01-02",
                                          "changes_before": json.dumps([*stored, {"from": 5}])}
                if position == 5 else {})
        upgrade()
        row = services.get_list("AAAAAAAAAAAAAAAAAAAAAA")
        assert (row.changes, row.revision) == ([solo_100], 2)
        payouts = [dict(deal.payouts) for deal in services.list_state(row).result.deals]
        # As the engine scored it before: a Solo won at 50 from each opponent, at 100 from deal 2 on.
        assert [p["Bene"] for p in payouts] == [150, 300, 300, 300]
        (gone,) = services.deleted_deals(row)
        assert gone.changes_before == [solo_100]
        services.restore_deal(row, gone.id)
        assert row.changes == [solo_100]
        assert [p["Bene"] for p in (dict(d.payouts) for d in services.list_state(row).result.deals)] == [150] + [300] * 4
        db.session.remove()
        db.engine.dispose()


def test_who_deals_next_is_the_seat_chosen_even_with_an_empty_seat_before_it(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = seats_form(client, made["id"])
    data["change-player_2"], data["change-player_5"] = "", "Emil"
    data["change-first_dealer"] = "4"  # Dora, the fourth seat as the page shows it
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    after = document(client, made)
    assert after["changes"] == [{"from": 2, "players": ["Anna", "Chris", "Dora", "Emil"], "first_dealer": "Dora"}]
    assert "Bene" in after["totals"]


def test_a_change_on_the_page_keeps_what_the_page_does_not_show(client: FlaskClient) -> None:
    made = start(client, [SOLO], rules={"preset": "bavarian", "edition": 1})
    data = rules_form(client, made["id"])
    data["change-tariff_solo"] = "60"
    assert client.post(f"/l/{made['id']}/settings/rules", data=data).status_code == 302
    after = document(client, made)
    # The penalty's field is empty: it follows the solo tariff.
    assert after["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 60}}}]
    assert after["rules"]["edition"] == 1


def restore_last_deleted(app: Any, list_id: str) -> None:
    from scorer.web import services
    with app.app_context():
        row = services.get_list(list_id)
        services.restore_deal(row, services.deleted_deals(row)[0].id)


def test_restoring_the_first_deal_of_a_change_puts_the_change_back_at_it(client: FlaskClient, app: Any) -> None:
    made = start(client, [SOLO, SOLO, SOLO], changes=[{"from": 2, "rules": {"tariffs": {"solo": 100}}}])
    before = document(client, made)
    assert [d["payouts"]["Bene"] for d in before["deals"]] == [120, 300, 300]
    key = {"X-Edit-Key": made["edit_key"]}
    assert client.delete(f"/api/lists/{made['id']}/deals/2", headers=key).status_code == 204
    assert document(client, made)["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 100}}}]
    restore_last_deleted(app, made["id"])
    after = document(client, made)
    assert after["changes"] == before["changes"]
    assert [d["payouts"] for d in after["deals"]] == [d["payouts"] for d in before["deals"]]


def test_restoring_a_deal_splits_two_changes_that_met_when_it_went(client: FlaskClient, app: Any) -> None:
    changes = [{"from": 2, "rules": {"tariffs": {"solo": 100}}}, {"from": 3, "rules": {"tariffs": {"solo": 40}}}]
    made = start(client, [SOLO, SOLO, SOLO], changes=changes)
    before = document(client, made)
    key = {"X-Edit-Key": made["edit_key"]}
    assert client.delete(f"/api/lists/{made['id']}/deals/2", headers=key).status_code == 204
    assert document(client, made)["changes"] == [{"from": 2, "rules": {"tariffs": {"solo": 40}}}]
    restore_last_deleted(app, made["id"])
    assert document(client, made) == before


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=changing_lists(), pick=st.integers(min_value=0))
def test_deleting_then_restoring_any_deal_gives_back_the_list_before(
    client: FlaskClient, app: Any, case: Any, pick: int,
) -> None:
    doc, _ = case
    app.config["LIST_CREATION_LIMIT"] = "1000 per minute"  # one list per example
    response = client.post("/api/lists", json={**doc, "title": "Property"})
    assume(response.status_code == 201)  # only a five-player table's dealer may not declare
    made = dict(response.get_json())
    client.get(made["edit_url"])
    before = document(client, made)
    number = pick % len(before["deals"]) + 1
    deleted = client.delete(f"/api/lists/{made['id']}/deals/{number}", headers={"X-Edit-Key": made["edit_key"]})
    assume(deleted.status_code == 204)  # a later deal may then name a player not seated
    restore_last_deleted(app, made["id"])
    after = document(client, made)
    assert after == before


def change_seats(client: FlaskClient, list_id: str, **seats: str) -> None:
    """Send the seats form with these seats (``player_5="Emil"``) changed."""
    data = seats_form(client, list_id)
    data.update({f"change-{seat}": who for seat, who in seats.items()})
    response = client.post(f"/l/{list_id}/settings/change", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)


def test_a_title_built_from_the_names_follows_a_player_joining_leaving_and_renamed(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    assert document(client, made)["title"] == "Anna · Bene · Chris · Dora"
    change_seats(client, made["id"], player_5="Emil")
    assert document(client, made)["title"] == "Anna · Bene · Chris · Dora · Emil"
    client.post(f"/api/lists/{made['id']}/deals", json={"game": "passed"}, headers={"X-Edit-Key": made["edit_key"]})
    change_seats(client, made["id"], player_1="")
    assert document(client, made)["title"] == "Bene · Chris · Dora · Emil"
    client.post(f"/l/{made['id']}/settings/rename", data={"rename-old": "Emil", "rename-new": "Emma"})
    assert document(client, made)["title"] == "Bene · Chris · Dora · Emma"


def test_a_title_of_its_own_stays_when_players_join(client: FlaskClient) -> None:
    made = start(client, [SOLO], title="Stammtisch")
    change_seats(client, made["id"], player_5="Emil")
    assert document(client, made)["title"] == "Stammtisch"


def reimported(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    """The list exported and imported again: it must be taken."""
    again = client.post("/api/lists", json=client.get(f"/l/{made['id']}/export.json").get_json())
    assert again.status_code == 201, again.get_json()
    return dict(client.get(f"/api/lists/{again.get_json()['id']}").get_json())


def test_a_list_ending_after_n_deals_keeps_n_when_a_player_joins_and_still_ends(client: FlaskClient) -> None:
    made = start(client, [SOLO, SOLO, SOLO], ends={"kind": "deals", "count": 8})
    change_seats(client, made["id"], player_5="Emil")
    assert document(client, made)["ends"] == {"kind": "deals", "count": 8}
    assert "3 of 8 deals played" in client.get(made["url"]).get_data(as_text=True)
    for _ in range(5):
        added = client.post(f"/api/lists/{made['id']}/deals", json={"game": "passed"},
                            headers={"X-Edit-Key": made["edit_key"]})
        assert added.status_code == 201, added.get_json()
    assert "All 8 deals played" in client.get(made["url"]).get_data(as_text=True)
    assert reimported(client, made)["ends"] == {"kind": "deals", "count": 8}


def test_before_the_first_deal_a_list_ending_after_n_deals_keeps_its_rounds(client: FlaskClient) -> None:
    made = start(client, ends={"kind": "deals", "count": 8})  # two rounds of four
    change_seats(client, made["id"], player_5="Emil")
    assert document(client, made)["ends"] == {"kind": "deals", "count": 10}  # two rounds of five
    assert "0 of 10 deals played" in client.get(made["url"]).get_data(as_text=True)
    assert reimported(client, made)["ends"] == {"kind": "deals", "count": 10}
    change_seats(client, made["id"], player_5="")
    assert document(client, made)["ends"] == {"kind": "deals", "count": 8}


def test_the_settings_page_says_how_the_end_follows_a_change_of_players(client: FlaskClient) -> None:
    made = start(client, ends={"kind": "deals", "count": 8})
    page = client.get(f"/l/{made['id']}/settings").get_data(as_text=True)
    assert "The list ends after 8 deals. Before the first deal it keeps its rounds" in page
    client.post(f"/api/lists/{made['id']}/deals", json=SOLO, headers={"X-Edit-Key": made["edit_key"]})
    page = client.get(f"/l/{made['id']}/settings").get_data(as_text=True)
    assert "The list ends after 8 deals, whoever joins or leaves." in page


def test_a_rename_in_a_groups_list_renames_the_groups_player_once_no_other_list_uses_the_old_name(
    client: FlaskClient,
) -> None:
    from tests.web.test_groups import FIVE, a_list, add_list, make_group

    group = make_group(client)
    first, second = (add_list(client, group, a_list(FOUR, [SAUSPIEL])) for _ in range(2))

    def group_answer() -> dict[str, Any]:
        return dict(client.get(f"/api/groups/{group['id']}").get_json())

    for made in (first, second):
        client.get(made["edit_url"])
    page = client.get(f"/l/{first['id']}/settings").get_data(as_text=True)
    assert "renamed too once no other list of the group uses the old name" in page
    client.post(f"/l/{first['id']}/settings/rename", data={"rename-old": "Anna", "rename-new": "Anne"})
    # The second list still has Anna: the group keeps her, Anne is a guest for now.
    assert group_answer()["players"] == FIVE
    client.post(f"/l/{second['id']}/settings/rename", data={"rename-old": "Anna", "rename-new": "Anne"})
    answer = group_answer()
    assert answer["players"] == ["Anne", "Bene", "Chris", "Dora", "Emil"]
    standings = [s["player"] for s in answer["season"]["standings"]]
    assert "Anne" in standings and "Anna" not in standings
    # A new name that looks like another of the group's players leaves the group as it is.
    for made in (first, second):
        client.post(f"/l/{made['id']}/settings/rename", data={"rename-old": "Bene", "rename-new": "emil"})
    assert "emil" in document(client, second)["players"]
    assert group_answer()["players"] == ["Anne", "Bene", "Chris", "Dora", "Emil"]


def test_a_rename_between_delete_and_restore_still_puts_the_change_back_at_its_deal(
    client: FlaskClient, app: Any,
) -> None:
    made = start(client, [SOLO, SOLO, SOLO], changes=[{"from": 2, "players": ["Anna", "Bene", "Chris", "Emil"]}])
    key = {"X-Edit-Key": made["edit_key"]}
    assert client.delete(f"/api/lists/{made['id']}/deals/2", headers=key).status_code == 204
    client.post(f"/l/{made['id']}/settings/rename", data={"rename-old": "Emil", "rename-new": "Emma"})
    restore_last_deleted(app, made["id"])
    assert document(client, made)["changes"] == [{"from": 2, "players": ["Anna", "Bene", "Chris", "Emma"]}]


@pytest.mark.parametrize("family", ["bavarian", "german", "sheepshead", "bavarian3"])
def test_the_change_forms_map_of_rule_fields_names_every_rule_field_once(client: FlaskClient, family: str) -> None:
    # static/settings.js makes the rules object of a change kept on the phone from this map:
    # a rule field it leaves out would be sent as it is in force, whatever the person set.
    from scorer.web.lists.family_form import new_list_form
    from scorer.web.settings.forms import rule_fields

    with client.application.test_request_context():
        form = new_list_form(family)
        fields = rule_fields(form)
        names = [entry["field"] for entry in fields]
        not_rules = {"csrf_token", "family", "once", "title", "first_dealer", "ends_kind", "ends_count", "save_house_rules"}
        wanted = {f.name for f in form if f.short_name not in not_rules and not f.short_name.startswith("player_")}
        assert sorted(names) == sorted(wanted)
        rules = form.rules()
        for entry in fields:  # each path is a place in the rules object the form makes
            place: Any = rules
            for key in entry["path"][:-1]:
                place = place[key] if place[key] is not None else {}
            assert entry["path"][-1] in place or entry["kind"] != "group", entry


def test_the_settings_pages_carry_what_settings_js_needs_to_keep_a_change(client: FlaskClient) -> None:
    made = start(client, [SAUSPIEL, SOLO])
    players = client.get(f"/l/{made['id']}/settings").get_data(as_text=True)
    assert 'data-change-form="seats" data-stored="2"' in players
    assert 'data-field-prefix="change-"' in players
    assert 'data-from-text="Apply the seats from deal {number}"' in players
    assert "data-rule-fields" not in players  # the seats form sends no rule
    page = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    assert 'data-change-form="rules" data-stored="2"' in page
    fields = json.loads(re.search(r"data-rule-fields='([^']*)'", page).group(1).replace("&#34;", '"'))
    assert {"field": "change-tariff_solo", "path": ["tariffs", "solo"], "kind": "number"} in fields
    assert 'data-field-prefix="change-"' in page
    assert 'data-from-text="Apply the rules from deal {number}"' in page
