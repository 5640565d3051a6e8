"""Backup writes every list as a list file; restore brings them back whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorer.web import services
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from tests.web.conftest import FOUR, bavarian_list

DEALS = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    {"game": "solo", "declarer": "Bene", "points": 95, "laufende": 3},
    {"game": "wenz", "declarer": "Chris", "points": 40},
]


def make_lists(client: FlaskClient) -> list[dict[str, Any]]:
    first = client.post("/api/lists", json={**bavarian_list(), "deals": DEALS}).get_json()
    second = client.post(
        "/api/lists",
        json={"rules": {"preset": "sheepshead3"}, "players": ["X", "Y", "Z"],
              "deals": [{"game": "pick", "declarer": "X", "points": 95}]},
    ).get_json()
    client.delete(f"/api/lists/{first['id']}/deals/2", headers={"X-Edit-Key": first["edit_key"]})
    return [first, second]


def backed_up_and_wiped(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, folder: Path
) -> list[dict[str, Any]]:
    """Two lists made, written into ``folder`` by a backup, then gone from the database."""
    lists = make_lists(client)
    runner.invoke(args=["backup", str(folder)])
    wipe(app)
    return lists


def wipe(app: Flask) -> None:
    with app.app_context():
        db.session.execute(db.delete(DealRow))
        db.session.execute(db.delete(ScoreListRow))
        db.session.commit()


def test_backup_writes_each_list_as_a_file_the_command_line_scores(
    client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    lists = make_lists(client)
    result = runner.invoke(args=["backup", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert "2 lists written" in result.output
    files = sorted((tmp_path / "b").glob("*.json"))
    assert {f.stem for f in files} == {item["id"] for item in lists}
    scored = subprocess.run(
        [sys.executable, "-m", "scorer", "score", str(tmp_path / "b" / f"{lists[0]['id']}.json")],
        capture_output=True, text=True, check=True,
    )
    expected = client.get(f"/api/lists/{lists[0]['id']}").get_json()["totals"]
    assert json.loads(scored.stdout)["totals"] == expected


def test_restore_round_trips_lists_keys_and_deleted_deals(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    lists = make_lists(client)
    before = [client.get(f"/api/lists/{item['id']}").get_json() for item in lists]
    assert runner.invoke(args=["backup", str(tmp_path)]).exit_code == 0
    wipe(app)
    assert client.get(f"/api/lists/{lists[0]['id']}").status_code == 404

    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "2 lists restored" in result.output
    after = [client.get(f"/api/lists/{item['id']}").get_json() for item in lists]
    assert after == before
    # The old edit key still works, and the deleted deal can still be restored in place.
    first = lists[0]
    added = client.post(
        f"/api/lists/{first['id']}/deals", json={"game": "passed"},
        headers={"X-Edit-Key": first["edit_key"]},
    )
    assert added.status_code == 201
    with app.app_context():
        row = services.get_list(first["id"])
        (deleted,) = services.deleted_deals(row)
        assert deleted.data["game"] == "solo"
        services.restore_deal(row, deleted.id)
        games = [d.deal.game for d in services.list_state(row).result.deals]
    assert games == ["sauspiel", "solo", "wenz", "passed"]


def test_a_deleted_deal_restored_after_a_backup_gives_back_the_list_before_with_its_changes(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    # Two changes that meet when deal 2 goes: restoring it parts them again, after a backup as without one.
    solo = {"game": "solo", "declarer": "Bene", "points": 75}
    changes = [{"from": 2, "rules": {"tariffs": {"solo": 100}}}, {"from": 3, "players": ["Bene", "Anna", "Chris", "Dora"]}]
    made = client.post("/api/lists", json={**bavarian_list(), "deals": [solo] * 3, "changes": changes}).get_json()
    before = client.get(f"/api/lists/{made['id']}").get_json()
    assert client.delete(f"/api/lists/{made['id']}/deals/2", headers={"X-Edit-Key": made["edit_key"]}).status_code == 204
    assert client.get(f"/api/lists/{made['id']}").get_json()["changes"] == [
        {"from": 2, "rules": {"tariffs": {"solo": 100}}, "players": ["Bene", "Anna", "Chris", "Dora"]}]
    assert runner.invoke(args=["backup", str(tmp_path)]).exit_code == 0
    backed_up = json.loads((tmp_path / f"{made['id']}.json").read_text())
    assert backed_up["backup"]["deleted_deals"][0]["changes_before"] == changes
    wipe(app)
    assert runner.invoke(args=["restore", str(tmp_path)]).exit_code == 0
    with app.app_context():
        row = services.get_list(made["id"])
        (deleted,) = services.deleted_deals(row)
        services.restore_deal(row, deleted.id)
    after = client.get(f"/api/lists/{made['id']}").get_json()
    assert after["changes"] == changes
    assert after == before


def test_restore_keeps_lists_that_are_already_there(
    client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    make_lists(client)
    runner.invoke(args=["backup", str(tmp_path)])
    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 0
    assert "0 lists restored, 2 already here" in result.output


def test_restore_reports_a_damaged_file_and_restores_the_rest(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    backed_up_and_wiped(app, client, runner, tmp_path)
    (tmp_path / "broken.json").write_text('{"rules": ')
    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 1
    assert "2 lists restored" in result.output
    assert "broken.json: list file: is not valid JSON" in result.output


def test_a_backup_with_a_damaged_key_or_id_is_refused_by_name(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    lists = backed_up_and_wiped(app, client, runner, tmp_path)
    first = tmp_path / f"{lists[0]['id']}.json"
    document = json.loads(first.read_text())
    document["backup"]["edit_key_hash"] = "x" * 300
    first.write_text(json.dumps(document))
    second = tmp_path / f"{lists[1]['id']}.json"
    other = json.loads(second.read_text())
    other["backup"]["id"] = "i" * 40
    second.write_text(json.dumps(other))
    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 1
    assert "0 lists restored" in result.output
    assert "backup: is damaged: edit_key_hash" in result.output
    assert "backup: is damaged: id" in result.output


# -- a restore takes a list's id from its file ----------------------------------------------


def with_id(path: Path, list_id: Any) -> None:
    document = json.loads(path.read_text())
    document["backup"]["id"] = list_id
    path.write_text(json.dumps(document))


@pytest.mark.parametrize(
    "bad_id",
    ["../../x", "/tmp/escaped", "", "A" * 21, "A" * 23, "AAAAAAAAAA\u202eAAAAAAAAAAA",
     "AAAAAAAAAA.AAAAAAAAAAA", "AAAAAAAAAA/AAAAAAAAAAA", "AAAAAAAAAA\x00AAAAAAAAAAA", 12],
)
def test_a_restored_id_must_look_like_the_apps_own(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path, bad_id: Any
) -> None:
    lists = backed_up_and_wiped(app, client, runner, tmp_path / "b")
    with_id(tmp_path / "b" / f"{lists[0]['id']}.json", bad_id)
    result = runner.invoke(args=["restore", str(tmp_path / "b")])
    assert result.exit_code == 1
    assert "1 lists restored" in result.output
    assert f"{lists[0]['id']}.json: backup: is damaged: id" in result.output
    with app.app_context():
        assert [row.id for row in db.session.scalars(db.select(ScoreListRow))] == [lists[1]["id"]]


def test_a_backup_writes_only_inside_its_directory_whatever_ids_the_database_holds(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    make_lists(client)
    stored_with_id(app, "../../escaped")
    result = runner.invoke(args=["backup", str(tmp_path / "inside" / "b")])
    written = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.json")]
    assert len(written) == 2 and all(path.startswith("inside/b/") for path in written)
    assert result.exit_code == 1
    assert "../../escaped" in result.output and "not written" in result.output


def stored_with_id(app: Flask, list_id: str) -> None:
    """A list stored under an id a restore once let in, before ids were checked."""
    with app.app_context():
        db.session.add(ScoreListRow(
            id=list_id, title="t", family_name="bavarian", rules={"preset": "bavarian"},
            players=list(FOUR), first_dealer="Dora", ends={"kind": "open"}, edit_key_hash="0" * 64,
        ))
        db.session.commit()


def test_odd_ids_in_an_address_are_not_found(app: Flask, client: FlaskClient) -> None:
    stored_with_id(app, "AAAAAAAAAA\u202eAAAAAAAAAAA")
    for odd in ("AAAAAAAAAA\u202eAAAAAAAAAAA", "%00", "..", "A" * 33, "\u00e4" * 22, " "):
        for path in (f"/api/lists/{odd}", f"/l/{odd}", f"/l/{odd}/changes"):
            assert client.get(path).status_code == 404, path


def test_a_deleted_lists_id_is_never_restored_nor_handed_out_again(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lists = make_lists(client)
    runner.invoke(args=["backup", str(tmp_path)])
    gone = lists[0]
    client.get(gone["edit_url"])
    assert client.post(f"/l/{gone['id']}/delete", data={"confirm": "y"}).status_code == 302
    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{gone['id']}.json: backup: the list {gone['id']} was deleted" in result.output
    assert client.get(f"/api/lists/{gone['id']}").status_code == 404

    import secrets

    drawn = iter([gone["id"], lists[1]["id"], "N" * 22])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n=None: next(drawn))
    made = client.post("/api/lists", json=bavarian_list())
    assert made.status_code == 201 and made.get_json()["id"] == "N" * 22


# -- restore file by file, keeping what conditional requests rely on ------------------------


def test_restore_goes_on_past_any_file_it_cannot_take_and_says_why_for_each(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    lists = backed_up_and_wiped(app, client, runner, tmp_path)
    good = json.loads((tmp_path / f"{lists[0]['id']}.json").read_text())

    def damaged(name: str, **backup: Any) -> None:
        document = json.loads(json.dumps(good))
        document["backup"].update(backup, id=f"{name:_<22}")
        (tmp_path / f"{name}.json").write_text(json.dumps(document))

    damaged("baddate", created_at="not a date")
    damaged("baddeleteddate", deleted_deals=[{"after": 1, "data": {"game": "passed"}, "deleted_at": "x"}])
    damaged("deletednotalist", deleted_deals=5)
    damaged("badafter", deleted_deals=[{"after": "x", "data": {"game": "passed"}}])
    damaged("badchanges", deleted_deals=[{"after": 1, "data": {"game": "passed"}, "changes_before": [{"from": "x"}]}])
    damaged("badseats", deleted_deals=[{"after": 1, "data": {"game": "passed"},
                                        "changes_before": [{"from": 2, "players": "Anna"}]}])
    damaged("badrevision", revision="many")
    damaged("badversions", versions=[1])
    (tmp_path / "latin1.json").write_bytes(b'{"title": "\xe4"}')
    (tmp_path / "folder.json").mkdir()
    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 1
    assert "2 lists restored" in result.output
    assert "Traceback" not in result.output
    for name in ("baddate", "baddeleteddate", "deletednotalist", "badafter", "badchanges", "badseats",
                 "badrevision", "badversions", "latin1", "folder"):
        line = next((line for line in result.output.splitlines() if line.startswith(f"{name}.json: ")), None)
        assert line is not None, (name, result.output)
        assert len(line) > len(name) + 8, line
    assert "10 files refused" in result.output
    assert "badchanges.json: backup: is damaged: deleted_deals.changes_before" in result.output


def test_restore_keeps_revisions_deal_versions_and_times_so_old_tags_never_match_again(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    made = client.post("/api/lists", json={**bavarian_list(), "deals": DEALS}).get_json()
    path = f"/api/lists/{made['id']}"
    headers = {"X-Edit-Key": made["edit_key"]}
    first_tag = client.get(path).headers["ETag"]
    for points in (80, 90):
        assert client.put(f"{path}/deals/1", json={**DEALS[0], "points": points}, headers=headers).status_code == 200
    client.delete(f"{path}/deals/3", headers=headers)
    before = client.get(path)
    runner.invoke(args=["backup", str(tmp_path)])
    backup_file = tmp_path / f"{made['id']}.json"
    document = json.loads(backup_file.read_text())
    assert document["backup"]["created_at"].endswith("+00:00")
    document["backup"]["created_at"] = "2026-01-01T12:00:00+02:00"
    backup_file.write_text(json.dumps(document))
    wipe(app)

    assert runner.invoke(args=["restore", str(tmp_path)]).exit_code == 0
    after = client.get(path)
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.get_json() == before.get_json()
    assert after.get_json()["deals"][0]["version"] == 3
    assert client.get(path, headers={"If-None-Match": first_tag}).status_code == 200
    stale = client.put(f"{path}/deals/1", json={**DEALS[0], "points": 30},
                       headers={**headers, "If-Match": '"1"'})
    assert stale.status_code == 409
    with app.app_context():
        row = services.get_list(made["id"])
        assert row.created_at.isoformat() == "2026-01-01T10:00:00"
        (deleted,) = services.deleted_deals(row)
        assert deleted.data["game"] == "wenz"
