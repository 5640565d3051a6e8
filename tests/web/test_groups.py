"""Groups: made with a name and players, keyed like a list; their lists, season, archive and API."""

from __future__ import annotations

import io
import json
import re
import zipfile
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.web import services
from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.conftest import FOUR
from tests.web.test_pages import bavarian_form

FIVE = [*FOUR, "Emil"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}  # A, C +20
SOLO = {"game": "solo", "declarer": "Bene", "points": 80}  # B +120, others -40


def a_list(players: list[str], deals: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {"rules": {"preset": "bavarian", **rules}, "players": players, "deals": deals}


def make_group(client: FlaskClient, name: str = "Stammtisch Ochsen", players: list[str] = FIVE) -> dict[str, Any]:
    response = client.post("/api/groups", json={"name": name, "players": players})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def add_list(client: FlaskClient, group: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/groups/{group['id']}/lists", json=document,
                           headers={"X-Edit-Key": group["edit_key"]})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def html(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def set_created(app: Flask, list_id: str, when: str) -> None:
    with app.app_context():
        row = db.session.get(ScoreListRow, list_id)
        row.created_at = datetime.fromisoformat(when)
        db.session.commit()


@pytest.fixture
def season(client: FlaskClient) -> dict[str, Any]:
    """A group of five with three lists this year; Emil sat out the first, Dora the others."""
    group = make_group(client)
    lists = [
        add_list(client, group, a_list(FOUR, [SAUSPIEL, SOLO])),
        add_list(client, group, a_list(["Anna", "Bene", "Chris", "Emil"], [SAUSPIEL])),
        add_list(client, group, a_list(["Anna", "Bene", "Chris", "Emil"], [SOLO], point_value=50)),
    ]
    return {"group": group, "lists": lists}


# -- the API --------------------------------------------------------------------------------


def test_making_a_group_answers_its_links_and_edit_key(client: FlaskClient) -> None:
    body = make_group(client)
    assert body["url"] == f"/g/{body['id']}"
    assert body["edit_url"] == f"/g/{body['id']}?key={body['edit_key']}"
    assert len(body["id"]) >= 20 and len(body["edit_key"]) >= 30


@pytest.mark.parametrize(("body", "key"), [
    ({"players": FIVE}, "name"),
    ({"name": "  ", "players": FIVE}, "name"),
    ({"name": "Runde"}, "players"),
    ({"name": "Runde", "players": ["Anna", "Bene"]}, "players"),
    ({"name": "Runde", "players": ["Anna", "Bene", "Anna"]}, "players"),
    ({"name": "Runde", "players": ["Anna", "Bene", 3]}, "players"),
])
def test_a_group_without_a_name_or_three_distinct_players_is_refused(
    client: FlaskClient, body: dict[str, Any], key: str
) -> None:
    response = client.post("/api/groups", json=body)
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["key"] == key and answer["deal"] is None and answer["error"].startswith(key)


def test_a_group_body_that_is_not_json_is_a_400(client: FlaskClient) -> None:
    response = client.post("/api/groups", data="nope", content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.get_json()


def test_starting_a_list_in_a_group_needs_the_groups_edit_key(client: FlaskClient) -> None:
    group = make_group(client)
    response = client.post(f"/api/groups/{group['id']}/lists", json=a_list(FOUR, []))
    assert response.status_code == 403
    assert response.get_json() == {"error": "this needs the group's edit link"}
    response = client.post(f"/api/groups/{group['id']}/lists", json=a_list(FOUR, []),
                           headers={"X-Edit-Key": "wrong"})
    assert response.status_code == 403


def test_a_list_started_in_a_group_answers_like_a_new_list_and_belongs_to_it(client: FlaskClient) -> None:
    group = make_group(client)
    made = add_list(client, group, a_list(FOUR, [SAUSPIEL]))
    assert made["edit_url"] == f"/l/{made['id']}?key={made['edit_key']}"
    answer = client.get(f"/api/groups/{group['id']}").get_json()
    assert [item["id"] for item in answer["lists"]] == [made["id"]]
    assert answer["lists"][0]["deals"] == 1


def test_a_bad_deal_in_a_groups_new_list_names_the_deal_and_key(client: FlaskClient) -> None:
    group = make_group(client)
    bad = a_list(FOUR, [SAUSPIEL, {**SAUSPIEL, "points": 121}])
    response = client.post(f"/api/groups/{group['id']}/lists", json=bad,
                           headers={"X-Edit-Key": group["edit_key"]})
    assert response.status_code == 422
    assert response.get_json()["deal"] == 2 and response.get_json()["key"] == "points"


def test_an_existing_list_joins_a_group_with_both_edit_keys(client: FlaskClient) -> None:
    group = make_group(client)
    made = client.post("/api/lists", json=a_list(FOUR, [SAUSPIEL])).get_json()
    path = f"/api/groups/{group['id']}/lists"
    headers = {"X-Edit-Key": group["edit_key"]}
    assert client.post(path, json={"id": made["id"]}, headers=headers).status_code == 403
    assert client.post(path, json={"id": made["id"], "edit_key": "x"}, headers=headers).status_code == 403
    response = client.post(path, json={"id": made["id"], "edit_key": made["edit_key"]}, headers=headers)
    assert response.status_code == 200
    assert response.get_json()["id"] == made["id"]
    assert [item["id"] for item in client.get(f"/api/groups/{group['id']}").get_json()["lists"]] == [made["id"]]


def test_a_list_of_one_group_cannot_join_another(client: FlaskClient) -> None:
    first, second = make_group(client), make_group(client, "Runde")
    made = add_list(client, first, a_list(FOUR, []))
    response = client.post(f"/api/groups/{second['id']}/lists",
                           json={"id": made["id"], "edit_key": made["edit_key"]},
                           headers={"X-Edit-Key": second["edit_key"]})
    assert response.status_code == 409


def test_a_missing_group_is_a_json_404(client: FlaskClient) -> None:
    response = client.get("/api/groups/nothing-here")
    assert response.status_code == 404
    assert response.get_json() == {"error": "no such group"}


def test_the_api_season_counts_only_the_lists_each_player_played(client: FlaskClient, season: dict[str, Any]) -> None:
    answer = client.get(f"/api/groups/{season['group']['id']}").get_json()
    standings = {s["player"]: s for s in answer["season"]["standings"]}
    # A unit is a cent but in list 3 (50 cents). List 1: A -20, B +100, C -20, D -60.
    # List 2: A, C +20, B, E -20. List 3: B +120, A, C, E -40 each.
    assert standings["Dora"] == {"player": "Dora", "lists": 1, "units": -60, "money": -60, "average": -60}
    assert standings["Emil"] == {"player": "Emil", "lists": 2, "units": -60, "money": -2020, "average": -1010}
    assert standings["Bene"] == {"player": "Bene", "lists": 3, "units": 200, "money": 6080, "average": 2027}
    assert standings["Anna"] == {"player": "Anna", "lists": 3, "units": -40, "money": -2000, "average": -667}
    assert sum(s["money"] for s in standings.values()) == 0


def test_the_period_chooses_the_lists_by_the_day_they_began(
    app: Flask, client: FlaskClient, season: dict[str, Any]
) -> None:
    first, second, third = (made["id"] for made in season["lists"])
    set_created(app, first, "2025-03-14 20:00:00")
    set_created(app, second, "2025-12-31 23:30:00")
    group_id = season["group"]["id"]
    answer = client.get(f"/api/groups/{group_id}?from=2025-01-01&to=2025-12-31").get_json()
    assert answer["season"]["lists"] == [first, second]
    assert client.get(f"/api/groups/{group_id}").get_json()["season"]["lists"] == [third]
    assert client.get(f"/api/groups/{group_id}?from=2025-03-15").get_json()["season"]["lists"] == [second, third]
    assert client.get(f"/api/groups/{group_id}?from=March").status_code == 400


# -- the pages ------------------------------------------------------------------------------


def test_the_new_group_form_makes_a_group_and_keeps_its_key(client: FlaskClient) -> None:
    response = client.post("/groups/new", data={
        "name": "Donnerstagsrunde", "players": "Anna\nBene\n\nChris\r\nDora\n", "once": "tok-1",
    })
    assert response.status_code == 302
    page = html(client, response.headers["Location"])
    assert "Donnerstagsrunde" in page and "Anna, Bene, Chris, Dora" in page
    assert "New list for this group" in page and "?key=" in page


def test_the_new_group_form_sent_twice_makes_one_group(client: FlaskClient) -> None:
    data = {"name": "Runde", "players": "A\nB\nC", "once": "same-token"}
    first = client.post("/groups/new", data=data).headers["Location"]
    second = client.post("/groups/new", data=data).headers["Location"]
    assert first == second


def test_the_new_group_form_says_what_is_wrong(client: FlaskClient) -> None:
    page = client.post("/groups/new", data={"name": "Runde", "players": "Anna\nAnna\nBene"}).get_data(as_text=True)
    assert "Anna is named twice" in page


def test_the_group_page_shows_the_season(client: FlaskClient, season: dict[str, Any]) -> None:
    page = html(client, season["group"]["url"])
    assert "3 lists in this period" in page
    assert page.count('<polyline points="') == 5  # one line per player who played
    standings = re.findall(r'<th scope="row" class="who">([^<]+)</th>\s*<td class="pay">(\d+)</td>', page)
    assert standings == [("Bene", "3"), ("Dora", "1"), ("Anna", "3"), ("Chris", "3"), ("Emil", "2")]
    assert "Statistics" in page and "Deals played" in page
    assert "€60.80" in page  # Bene's money over the season
    assert "You are watching this group" in page and "?key=" not in page


def test_a_period_without_lists_says_so(client: FlaskClient, season: dict[str, Any]) -> None:
    page = html(client, season["group"]["url"] + "?from=2001-01-01&to=2001-12-31")
    assert "No list of this group was started in this period." in page
    assert "<polyline" not in page
    assert page.count('class="list-link card"') == 3  # every list is still listed


def test_a_bad_period_falls_back_to_this_year(client: FlaskClient, season: dict[str, Any]) -> None:
    page = html(client, season["group"]["url"] + "?from=soon&to=later")
    assert "3 lists in this period" in page


def test_the_edit_link_lets_a_phone_start_lists_for_the_group(client: FlaskClient, season: dict[str, Any]) -> None:
    group = season["group"]
    response = client.get(group["edit_url"])
    assert response.status_code == 302 and response.headers["Location"] == group["url"]
    page = html(client, group["url"])
    assert f"/new?group={group['id']}" in page
    new_page = html(client, f"/new?group={group['id']}")
    assert "For the group Stammtisch Ochsen" in new_page
    assert '<option value="Emil">' in new_page  # the group's players are suggested


def test_a_wrong_group_key_lets_the_phone_only_watch(client: FlaskClient, season: dict[str, Any]) -> None:
    response = client.get(season["group"]["url"] + "?key=wrong", follow_redirects=True)
    assert "does not fit this group" in response.get_data(as_text=True)
    assert "New list for this group" not in response.get_data(as_text=True)


def test_a_list_made_from_the_groups_page_belongs_to_the_group(client: FlaskClient) -> None:
    group = make_group(client)
    client.get(group["edit_url"])
    response = client.post(f"/new?group={group['id']}", data=bavarian_form(title="Erster Abend"))
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    list_page = html(client, response.headers["Location"])
    assert "Part of Stammtisch Ochsen" in list_page
    assert "Erster Abend" in html(client, group["url"])


def test_without_the_groups_key_a_new_list_belongs_to_no_group(client: FlaskClient) -> None:
    group = make_group(client)
    response = client.post(f"/new?group={group['id']}", data=bavarian_form())
    assert response.status_code == 302
    assert "Part of" not in html(client, response.headers["Location"])


def test_a_phone_with_both_keys_adds_a_list_to_the_group(client: FlaskClient) -> None:
    group = make_group(client)
    made = client.post("/api/lists", json={**a_list(FOUR, [SAUSPIEL]), "title": "Loose list"}).get_json()
    client.get(made["edit_url"])
    client.get(group["edit_url"])
    page = html(client, group["url"])
    assert f'<option value="{made["id"]}">Loose list</option>' in page
    response = client.post(f"/g/{group['id']}/lists", data={"list_id": made["id"]})
    assert response.status_code == 302
    page = html(client, group["url"])
    assert "now belongs to the group" in page and "1 list in this period" in page


def test_adding_a_list_needs_the_lists_key_too(client: FlaskClient, app: Flask) -> None:
    group = make_group(client)
    made = client.post("/api/lists", json=a_list(FOUR, [])).get_json()
    client.get(group["edit_url"])
    client.post(f"/g/{group['id']}/lists", data={"list_id": made["id"]})
    with app.app_context():
        assert db.session.get(ScoreListRow, made["id"]).group_id is None


def test_adding_a_list_needs_the_groups_key(client: FlaskClient) -> None:
    group = make_group(client)
    made = client.post("/api/lists", json=a_list(FOUR, [])).get_json()
    client.get(made["edit_url"])
    assert client.post(f"/g/{group['id']}/lists", data={"list_id": made["id"]}).status_code == 403


def test_the_home_page_links_the_groups_this_phone_knows(client: FlaskClient) -> None:
    assert "New group" in html(client, "/")
    group = make_group(client)
    assert "Stammtisch Ochsen" not in html(client, "/")
    client.get(group["url"])
    assert f'href="/g/{group["id"]}"' in html(client, "/")


def test_the_group_page_replays_a_list_again_only_after_it_changed(
    app: Flask, client: FlaskClient, season: dict[str, Any]
) -> None:
    html(client, season["group"]["url"])
    with app.app_context():
        rows = services.group_lists(services.get_group(season["group"]["id"]))
        before = [services.list_summary(row) for row in rows]
    made = season["lists"][0]
    client.post(f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers={"X-Edit-Key": made["edit_key"]})
    with app.app_context():
        rows = services.group_lists(services.get_group(season["group"]["id"]))
        after = [services.list_summary(row) for row in rows]
    assert after[0] is not before[0] and after[0].deals == 3
    assert after[1:] == before[1:] and after[1] is before[1]


# -- the archive ------------------------------------------------------------------------------


def test_a_group_goes_out_as_a_zip_of_list_files_and_comes_back_whole(
    app: Flask, client: FlaskClient, season: dict[str, Any]
) -> None:
    set_created(app, season["lists"][0]["id"], "2025-06-01 19:00:00")
    response = client.get(f"/g/{season['group']['id']}/export.zip")
    assert response.status_code == 200 and response.mimetype == "application/zip"
    assert "schafkopf-group-stammtisch-ochsen.zip" in response.headers["Content-Disposition"]
    archive = zipfile.ZipFile(io.BytesIO(response.data))
    manifest = json.loads(archive.read("group.json"))
    assert manifest["format"] == "schafkopf-group/1" and manifest["players"] == FIVE
    assert len(manifest["lists"]) == 3
    first = json.loads(archive.read(manifest["lists"][0]["file"]))
    assert first["players"] == FOUR and len(first["deals"]) == 2  # a list file as Export writes it

    other = app.test_client()
    response = other.post("/groups/import", data={
        "once": "imp-1", "upload": (io.BytesIO(response.data), "group.zip"),
    }, content_type="multipart/form-data")
    assert response.status_code == 302
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert new_id != season["group"]["id"]
    original = client.get(f"/api/groups/{season['group']['id']}?from=2025-01-01").get_json()
    copy = other.get(f"/api/groups/{new_id}?from=2025-01-01").get_json()
    assert copy["season"]["standings"] == original["season"]["standings"]
    assert [item["created_at"] for item in copy["lists"]] == [item["created_at"] for item in original["lists"]]
    assert "New list for this group" in html(other, f"/g/{new_id}")


def test_a_broken_archive_stores_nothing_and_says_why(client: FlaskClient, app: Flask) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("group.json", json.dumps({
            "format": "schafkopf-group/1", "name": "Runde", "players": FOUR,
            "lists": [{"file": "lists/1.json"}, {"file": "lists/2.json"}],
        }))
        archive.writestr("lists/1.json", json.dumps(a_list(FOUR, [SAUSPIEL])))
        archive.writestr("lists/2.json", json.dumps(a_list(FOUR, [{**SAUSPIEL, "points": 121}])))
    response = client.post("/groups/import", data={"upload": (io.BytesIO(out.getvalue()), "g.zip")},
                           content_type="multipart/form-data")
    assert response.status_code == 200
    assert "lists/2.json" in response.get_data(as_text=True)
    not_a_zip = client.post("/groups/import", data={"upload": (io.BytesIO(b"hello"), "g.zip")},
                            content_type="multipart/form-data")
    assert "is not a group archive" in not_a_zip.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(ScoreListRow).count() == 0


# -- renaming a player on the group page ----------------------------------------------------


def revision(app: Flask, list_id: str) -> int:
    with app.app_context():
        return db.session.get(ScoreListRow, list_id).revision


def test_a_rename_on_the_group_page_renames_the_player_in_every_list_that_has_them_finished_ones_too(
    client: FlaskClient, app: Flask, season: dict[str, Any],
) -> None:
    group, lists = season["group"], season["lists"]
    without_anna = add_list(client, group, a_list(["Bene", "Chris", "Dora", "Emil"], [SOLO]))
    with app.app_context():
        services.finish(services.get_list(lists[2]["id"]))
    before = {made["id"]: client.get(f"/api/lists/{made['id']}").get_json() for made in [*lists, without_anna]}
    revisions = {list_id: revision(app, list_id) for list_id in before}
    client.get(group["edit_url"])
    page = html(client, group["url"])
    assert 'action="/g/%s/rename"' % group["id"] in page and "finished lists too" in page

    response = client.post(f"/g/{group['id']}/rename", data={"rename-old": "Anna", "rename-new": " Anne "})
    assert response.status_code == 302
    assert "Anna is now called Anne, in the group and in 3 lists." in html(client, group["url"])
    answer = client.get(f"/api/groups/{group['id']}").get_json()
    assert answer["players"] == ["Anne", "Bene", "Chris", "Dora", "Emil"]
    assert [s["player"] for s in answer["season"]["standings"] if s["player"] in ("Anna", "Anne")] == ["Anne"]
    for made in lists:
        after = client.get(f"/api/lists/{made['id']}").get_json()
        old = before[made["id"]]
        assert "Anna" not in json.dumps(after)
        assert after["totals"] == {("Anne" if who == "Anna" else who): v for who, v in old["totals"].items()}
        assert after["players"][0] == "Anne"
        assert revision(app, made["id"]) > revisions[made["id"]]
    with app.app_context():
        assert services.get_list(lists[2]["id"]).finished_at is not None  # still finished
    # The list without Anna is left alone: not even its revision moves.
    assert revision(app, without_anna["id"]) == revisions[without_anna["id"]]
    assert client.get(f"/api/lists/{without_anna['id']}").get_json() == before[without_anna["id"]]


def test_a_group_rename_to_a_name_like_anothers_in_a_list_changes_nothing(
    client: FlaskClient, app: Flask, season: dict[str, Any],
) -> None:
    group, lists = season["group"], season["lists"]
    guest = add_list(client, group, {**a_list(["Anna", "Bene", "Chris", "Xaver"], [SOLO]), "title": "With a guest"})
    before = {made["id"]: client.get(f"/api/lists/{made['id']}").get_json() for made in [*lists, guest]}
    client.get(group["edit_url"])
    client.post(f"/g/{group['id']}/rename", data={"rename-old": "Anna", "rename-new": "xaver"})
    assert ("xaver looks the same as Xaver in the list With a guest; names must differ"
            in html(client, group["url"]))
    client.post(f"/g/{group['id']}/rename", data={"rename-old": "Anna", "rename-new": "EMIL"})
    assert "EMIL looks the same as Emil; names must differ" in html(client, group["url"])
    assert client.get(f"/api/groups/{group['id']}").get_json()["players"] == FIVE
    for list_id, old in before.items():  # the lists before the one that refused are not renamed either
        assert client.get(f"/api/lists/{list_id}").get_json() == old


def test_a_group_rename_needs_the_groups_edit_link(client: FlaskClient, season: dict[str, Any]) -> None:
    group = season["group"]
    assert "Rename a player" not in html(client, group["url"])
    response = client.post(f"/g/{group['id']}/rename", data={"rename-old": "Anna", "rename-new": "Anne"})
    assert response.status_code == 403
    assert client.get(f"/api/groups/{group['id']}").get_json()["players"] == FIVE
