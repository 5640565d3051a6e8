"""A group owns its saved house rules: only whoever holds its edit key sees, uses or changes them.

And the group pages' leftovers: taking a list out of a group, a group's own 403.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade, upgrade

from scorer.web import services
from scorer.web.extensions import db
from scorer.web.services import groups as groups_service
from scorer.web.models import SavedHouseRulesRow, ScoreListRow
from tests.web.conftest import FOUR
from tests.web.test_migrations import make_app
from tests.web.test_groups import SAUSPIEL, SOLO, a_list, add_list, html, make_group
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German page needs the .mo)
from tests.web.test_pages import bavarian_form


@pytest.fixture
def group(client: FlaskClient) -> dict[str, Any]:
    """A group this client holds the edit key of, with one list whose Sauspiel pays 15."""
    made = make_group(client)
    made["list"] = add_list(client, made, {**a_list(FOUR, [SAUSPIEL], tariffs={"sauspiel": 15}),
                                           "title": "Fifteen"})
    client.get(made["edit_url"])
    return made


def save_on_group_page(client: FlaskClient, group: dict[str, Any], name: str) -> Any:
    return client.post(f"/g/{group['id']}/presets",
                       data={"preset-list_id": group["list"]["id"], "preset-name": name})


def group_preset_id(client: FlaskClient, group: dict[str, Any]) -> int:
    found = re.search(r'/new\?preset=(\d+)&amp;group=', html(client, group["url"]))
    assert found, "the group page offers no preset"
    return int(found.group(1))


def stored(app: Flask) -> list[tuple[str, str | None, str | None, int]]:
    with app.app_context():
        return [(p.name, p.group_id, p.owner_hash, p.rules["tariffs"]["sauspiel"])
                for p in db.session.scalars(db.select(SavedHouseRulesRow).order_by(SavedHouseRulesRow.id))]


def test_the_groups_editor_saves_a_preset_from_the_group_page(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    response = save_on_group_page(client, group, "Ochsen-Tarif")
    assert response.status_code == 302
    page = html(client, group["url"])
    assert "saved as the group&#39;s house rules Ochsen-Tarif" in page
    assert "Ochsen-Tarif" in page.split('id="presets-heading"')[1]
    assert stored(app) == [("Ochsen-Tarif", group["id"], None, 15)]
    # It is the group's, not the phone's: the phone's own page does not list it.
    assert "Ochsen-Tarif" not in html(client, "/presets")


def test_a_list_of_the_group_starts_from_the_groups_preset(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    save_on_group_page(client, group, "Ochsen-Tarif")
    preset_id = group_preset_id(client, group)
    form = html(client, f"/new?group={group['id']}")
    assert f"/new?preset={preset_id}&amp;group={group['id']}" in form
    page = html(client, f"/new?preset={preset_id}&group={group['id']}")
    assert re.search(r'name="tariff_sauspiel"[^>]*value="15"', page)
    made = client.post(f"/new?preset={preset_id}&group={group['id']}",
                       data=bavarian_form(title="Second", tariff_sauspiel="15"))
    assert made.status_code == 302
    with app.app_context():
        row = db.session.scalar(db.select(ScoreListRow).where(ScoreListRow.title == "Second"))
        assert (row.group_id, row.rules["tariffs"]["sauspiel"]) == (group["id"], 15)


def test_saving_a_preset_on_a_new_list_for_the_group_saves_it_into_the_group(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    page = html(client, f"/new?group={group['id']}")
    assert "The group Stammtisch Ochsen keeps the house rules: phones with its edit link can use them." in page
    response = client.post(f"/new?group={group['id']}",
                           data=bavarian_form(tariff_sauspiel="30", save_house_rules="Dreißiger"))
    assert response.status_code == 302
    assert stored(app) == [("Dreißiger", group["id"], None, 30)]
    assert "Dreißiger" in html(client, group["url"])
    # Without a group the phone keeps the preset itself, as before.
    client.post("/new", data=bavarian_form(tariff_sauspiel="25", save_house_rules="Meiner"))
    assert stored(app)[1][:2] == ("Meiner", None) and stored(app)[1][2] is not None
    assert "Meiner" in html(client, "/presets") and "Meiner" not in html(client, group["url"])


def test_a_phone_with_only_the_view_link_neither_sees_uses_nor_changes_the_groups_presets(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    save_on_group_page(client, group, "Ochsen-Tarif")
    preset_id = group_preset_id(client, group)
    watcher = app.test_client()
    page = html(watcher, group["url"])
    assert "Ochsen-Tarif" not in page and "presets-heading" not in page
    assert "Ochsen-Tarif" not in html(watcher, "/presets")
    assert "Ochsen-Tarif" not in html(watcher, f"/new?group={group['id']}")
    assert watcher.get(f"/new?preset={preset_id}&group={group['id']}").status_code == 404
    assert watcher.get(f"/new?preset={preset_id}").status_code == 404
    assert watcher.get(f"/presets/{preset_id}/delete").status_code == 404
    assert watcher.get(f"/g/{group['id']}/presets/{preset_id}/delete").status_code == 403
    assert watcher.post(f"/g/{group['id']}/presets/{preset_id}/delete",
                        data={"confirm": "y"}).status_code == 403
    assert save_on_group_page(watcher, group, "Ochsen-Tarif").status_code == 403
    assert stored(app) == [("Ochsen-Tarif", group["id"], None, 15)]


def test_another_groups_editor_cannot_use_or_delete_the_groups_preset(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    save_on_group_page(client, group, "Ochsen-Tarif")
    preset_id = group_preset_id(client, group)
    other = app.test_client()
    theirs = make_group(other, name="Runde Hirsch")
    other.get(theirs["edit_url"])
    assert other.get(f"/new?preset={preset_id}&group={theirs['id']}").status_code == 404
    assert other.get(f"/g/{theirs['id']}/presets/{preset_id}/delete").status_code == 404
    assert other.post(f"/g/{theirs['id']}/presets/{preset_id}/delete", data={"confirm": "y"}).status_code == 404
    assert len(stored(app)) == 1


def test_deleting_a_groups_preset_asks_first(app: Flask, client: FlaskClient, group: dict[str, Any]) -> None:
    save_on_group_page(client, group, "Ochsen-Tarif")
    preset_id = group_preset_id(client, group)
    asked = html(client, f"/g/{group['id']}/presets/{preset_id}/delete")
    assert "Ochsen-Tarif" in asked and 'name="confirm"' in asked and f'href="/g/{group["id"]}"' in asked
    assert client.post(f"/g/{group['id']}/presets/{preset_id}/delete", data={}).status_code == 200
    assert len(stored(app)) == 1
    done = client.post(f"/g/{group['id']}/presets/{preset_id}/delete", data={"confirm": "y"})
    assert done.status_code == 302 and stored(app) == []


def test_a_preset_needs_a_name_and_a_list_of_the_group(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    loose = client.post("/api/lists", json=a_list(FOUR, [])).get_json()
    client.get(loose["edit_url"])
    client.post(f"/g/{group['id']}/presets", data={"preset-list_id": loose["id"], "preset-name": "X"})
    client.post(f"/g/{group['id']}/presets", data={"preset-list_id": group["list"]["id"], "preset-name": " "})
    assert stored(app) == []
    assert "Name the house rules and choose one of the group" in html(client, group["url"])


# -- the API --------------------------------------------------------------------------------


def test_the_api_saves_lists_and_deletes_a_groups_presets_with_its_key_only(
    app: Flask, client: FlaskClient
) -> None:
    group = make_group(client)
    key = {"X-Edit-Key": group["edit_key"]}
    body = {"name": "Ochsen-Tarif", "rules": {"preset": "bavarian", "tariffs": {"sauspiel": 15}}}
    assert client.post(f"/api/groups/{group['id']}/presets", json=body).status_code == 403
    assert client.post(f"/api/groups/{group['id']}/presets", json=body,
                       headers={"X-Edit-Key": "wrong"}).status_code == 403
    made = client.post(f"/api/groups/{group['id']}/presets", json=body, headers=key)
    assert made.status_code == 201
    preset = made.get_json()
    assert preset["name"] == "Ochsen-Tarif" and preset["rules"]["tariffs"]["sauspiel"] == 15

    assert "presets" not in client.get(f"/api/groups/{group['id']}").get_json()
    assert "presets" not in client.get(f"/api/groups/{group['id']}", headers={"X-Edit-Key": "x"}).get_json()
    listed = client.get(f"/api/groups/{group['id']}", headers=key).get_json()
    assert listed["presets"] == [preset] and listed["name"] == "Stammtisch Ochsen"

    assert client.delete(f"/api/groups/{group['id']}/presets/{preset['id']}").status_code == 403
    assert client.delete(f"/api/groups/{group['id']}/presets/{preset['id']}", headers=key).status_code == 204
    assert client.delete(f"/api/groups/{group['id']}/presets/{preset['id']}", headers=key).status_code == 404
    assert stored(app) == []


@pytest.mark.parametrize(("body", "key"), [
    ({"rules": {"preset": "bavarian"}}, "name"),
    ({"name": "", "rules": {"preset": "bavarian"}}, "name"),
    ({"name": "X", "rules": {"preset": "skat"}}, "rules.preset"),
    ({"name": "X", "rules": {"preset": "bavarian", "tariffs": {"sauspiel": -5}}}, "rules.tariffs.sauspiel"),
])
def test_a_bad_preset_through_the_api_is_a_422_naming_the_key(
    client: FlaskClient, body: dict[str, Any], key: str
) -> None:
    group = make_group(client)
    response = client.post(f"/api/groups/{group['id']}/presets", json=body,
                           headers={"X-Edit-Key": group["edit_key"]})
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["key"] == key and answer["deal"] is None and answer["error"]


def test_a_groups_preset_through_the_api_is_offered_for_the_groups_new_lists(client: FlaskClient) -> None:
    group = make_group(client)
    body = {"name": "Ochsen-Tarif", "rules": {"preset": "bavarian", "tariffs": {"sauspiel": 15}}}
    preset = client.post(f"/api/groups/{group['id']}/presets", json=body,
                         headers={"X-Edit-Key": group["edit_key"]}).get_json()
    assert "Ochsen-Tarif" not in html(client, f"/new?group={group['id']}")  # no key on this phone yet
    client.get(group["edit_url"])
    assert f"/new?preset={preset['id']}&amp;group={group['id']}" in html(client, f"/new?group={group['id']}")


# -- the archive ------------------------------------------------------------------------------


def archive_of(client: FlaskClient, group: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/g/{group['id']}/export.zip")
    assert response.status_code == 200
    return dict(json.loads(zipfile.ZipFile(io.BytesIO(response.data)).read("group.json")))


def test_the_groups_presets_go_out_with_its_archive_to_its_editors_and_come_back(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    save_on_group_page(client, group, "Ochsen-Tarif")
    manifest = archive_of(client, group)
    assert [(p["name"], p["rules"]["tariffs"]["sauspiel"]) for p in manifest["presets"]] == [("Ochsen-Tarif", 15)]
    assert "presets" not in archive_of(app.test_client(), group)  # the view link's archive

    data = client.get(f"/g/{group['id']}/export.zip").data
    other = app.test_client()
    response = other.post("/groups/import", data={"once": "imp-p", "upload": (io.BytesIO(data), "g.zip")},
                          content_type="multipart/form-data")
    assert response.status_code == 302
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert [s[:2] for s in stored(app)] == [("Ochsen-Tarif", group["id"]), ("Ochsen-Tarif", new_id)]
    assert "Ochsen-Tarif" in html(other, f"/g/{new_id}")
    # Sent again, the import stores nothing twice.
    other.post("/groups/import", data={"once": "imp-p", "upload": (io.BytesIO(data), "g.zip")},
               content_type="multipart/form-data")
    assert len(stored(app)) == 2


def test_an_archive_with_a_bad_preset_stores_nothing_and_says_why(app: Flask, client: FlaskClient) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("group.json", json.dumps({
            "format": "schafkopf-group/1", "name": "Runde", "players": FOUR,
            "lists": [{"file": "lists/1.json"}],
            "presets": [{"name": "Kaputt", "rules": {"preset": "bavarian", "tariffs": {"sauspiel": -1}}}],
        }))
        archive.writestr("lists/1.json", json.dumps(a_list(FOUR, [SAUSPIEL])))
    response = client.post("/groups/import", data={"upload": (io.BytesIO(out.getvalue()), "g.zip")},
                           content_type="multipart/form-data")
    assert response.status_code == 200
    assert "Kaputt" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(ScoreListRow).count() == 0
    assert stored(app) == []


# -- taking a list out of a group --------------------------------------------------------------


def test_the_groups_editor_takes_a_list_out_and_it_keeps_its_deals(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    second = add_list(client, group, a_list(FOUR, [SOLO, SOLO]))
    page = html(client, group["url"])
    assert "2 lists in this period" in page and "Take a list out" in page
    response = client.post(f"/g/{group['id']}/lists/remove", data={"remove-list_id": second["id"]})
    assert response.status_code == 302
    page = html(client, group["url"])
    assert "taken out of the group" in page and "1 list in this period" in page
    season = client.get(f"/api/groups/{group['id']}").get_json()
    assert [item["id"] for item in season["lists"]] == [group["list"]["id"]]
    assert season["season"]["lists"] == [group["list"]["id"]]
    assert {s["player"]: s["units"] for s in season["season"]["standings"]}["Bene"] == -15
    alone = client.get(f"/api/lists/{second['id']}").get_json()
    assert len(alone["deals"]) == 2 and alone["totals"]["Bene"] == 240


def test_taking_a_list_out_needs_the_groups_edit_key_and_says_so_in_the_groups_words(
    app: Flask, group: dict[str, Any]
) -> None:
    watcher = app.test_client()
    watcher.get(group["list"]["edit_url"])  # the list's key is not the group's
    response = watcher.post(f"/g/{group['id']}/lists/remove", data={"remove-list_id": group["list"]["id"]})
    assert response.status_code == 403
    text = response.get_data(as_text=True)
    assert "This needs the group&#39;s edit link." in text and "list&#39;s edit link" not in text
    with app.app_context():
        assert db.session.get(ScoreListRow, group["list"]["id"]).group_id == group["id"]


def test_a_list_of_another_group_cannot_be_taken_out_here(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    other = make_group(client, name="Runde Hirsch")
    theirs = add_list(client, other, a_list(FOUR, [SAUSPIEL]))
    client.post(f"/g/{group['id']}/lists/remove", data={"remove-list_id": theirs["id"]})
    assert "does not belong to this group" in html(client, group["url"])
    with app.app_context():
        assert db.session.get(ScoreListRow, theirs["id"]).group_id == other["id"]


def test_the_api_takes_a_list_out_of_the_group_with_the_groups_key(
    app: Flask, client: FlaskClient, group: dict[str, Any]
) -> None:
    path = f"/api/groups/{group['id']}/lists/{group['list']['id']}"
    assert client.delete(path).status_code == 403
    assert client.delete(path, headers={"X-Edit-Key": group["list"]["edit_key"]}).status_code == 403
    response = client.delete(path, headers={"X-Edit-Key": group["edit_key"]})
    assert response.status_code == 200
    assert response.get_json() == {"id": group["list"]["id"], "url": group["list"]["url"], "group": None}
    assert client.delete(path, headers={"X-Edit-Key": group["edit_key"]}).status_code == 404
    assert client.get(f"/api/groups/{group['id']}").get_json()["season"]["standings"] == []
    assert len(client.get(f"/api/lists/{group['list']['id']}").get_json()["deals"]) == 1
    # Taken out, it may join a group again.
    again = client.post(f"/api/groups/{group['id']}/lists",
                        json={"id": group["list"]["id"], "edit_key": group["list"]["edit_key"]},
                        headers={"X-Edit-Key": group["edit_key"]})
    assert again.status_code == 200


def test_a_group_page_403_speaks_of_the_group(app: Flask, group: dict[str, Any]) -> None:
    watcher = app.test_client()
    made = watcher.post("/api/lists", json=a_list(FOUR, [])).get_json()
    watcher.get(made["edit_url"])
    response = watcher.post(f"/g/{group['id']}/lists", data={"list_id": made["id"]})
    assert response.status_code == 403
    assert "This needs the group&#39;s edit link." in response.get_data(as_text=True)
    # A list's 403 keeps the list's words.
    other = app.test_client()
    assert "This needs the list&#39;s edit link." in other.get(f"/l/{made['id']}/delete").get_data(as_text=True)


# -- the migration ----------------------------------------------------------------------------


def test_presets_saved_before_groups_owned_them_survive_the_upgrade_unchanged(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    rules = {"preset": "bavarian", "tariffs": {"sauspiel": 15}}
    columns = "id, name, owner_hash, rules, created_at"
    with app.app_context():
        upgrade(revision="0010")
        with db.engine.begin() as connection:
            for number, owner in ((1, "a" * 64), (2, None)):
                connection.execute(sa.text(
                    "INSERT INTO presets (id, name, owner_hash, rules, created_at) "
                    "VALUES (:id, 'Stammtisch', :owner, :rules, '2026-01-01 20:00:00')"
                ), {"id": number, "owner": owner, "rules": json.dumps(rules)})
            before = connection.execute(sa.text(f"SELECT {columns} FROM presets ORDER BY id")).all()
        upgrade()
        with db.engine.connect() as connection:
            after = connection.execute(sa.text(f"SELECT {columns} FROM presets ORDER BY id")).all()
            groups = connection.execute(sa.text("SELECT group_id FROM presets")).scalars().all()
        downgrade(revision="0010")
        with db.engine.connect() as connection:
            back = connection.execute(sa.text(f"SELECT {columns} FROM presets ORDER BY id")).all()
    assert after == before == back and len(before) == 2
    assert groups == [None, None]


# -- the group page's speed: summaries replayed in one go -------------------------------------------


def test_summaries_replayed_together_equal_each_list_replayed_alone(app: Flask, client: FlaskClient) -> None:
    group = make_group(client)
    lists = [
        add_list(client, group, a_list(FOUR, [SAUSPIEL, SOLO, SAUSPIEL], tariffs={"sauspiel": 15})),
        add_list(client, group, {"rules": {"preset": "sheepshead3"}, "players": FOUR[:3],
                                 "deals": [{"game": "pick", "declarer": "Anna", "points": 95}]}),
        add_list(client, group, a_list(FOUR, [])),
    ]
    deleted = client.delete(f"/api/lists/{lists[0]['id']}/deals/2", headers={"X-Edit-Key": lists[0]["edit_key"]})
    assert deleted.status_code in (200, 204)
    with app.app_context():
        rows = services.group_lists(services.get_group(group["id"]))
        groups_service._SUMMARIES.clear()
        together = groups_service.list_summaries(rows)
        groups_service._SUMMARIES.clear()
        alone = [services.list_summary(row) for row in rows]
    assert together == alone
    assert [s.deals for s in together] == [2, 1, 0]
    assert together[0].totals.balances == {"Anna": 30, "Bene": -30, "Chris": 30, "Dora": -30}


def standings_of(page: str) -> dict[str, str]:
    rows = re.findall(
        r'<th scope="row" class="who">([^<]+)</th>\s*<td class="pay">\d+</td>\s*<td class="pay[^"]*">([^<]+)</td>',
        page,
    )
    return dict(rows)


def test_the_season_as_rendered_follows_every_change_and_the_language(
    client: FlaskClient, group: dict[str, Any], compiled_catalog: None,
) -> None:
    assert standings_of(html(client, group["url"]))["Anna"] == "+15"
    made = group["list"]
    client.post(f"/api/lists/{made['id']}/deals", json=SAUSPIEL, headers={"X-Edit-Key": made["edit_key"]})
    page = html(client, group["url"])
    assert standings_of(page)["Anna"] == "+30" and ">Standings<" in page
    german = client.get(group["url"], headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert ">Tabelle<" in german and ">Standings<" not in german
    assert standings_of(german)["Anna"] == "+30"
    client.delete(f"/api/groups/{group['id']}/lists/{made['id']}", headers={"X-Edit-Key": group["edit_key"]})
    assert "Tabelle" not in client.get(group["url"], headers={"Accept-Language": "de"}).get_data(as_text=True)
