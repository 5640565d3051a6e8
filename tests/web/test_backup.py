"""Backup writes every list as a list file; restore brings them back whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorer.web import services
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from tests.web.conftest import bavarian_list

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
    make_lists(client)
    runner.invoke(args=["backup", str(tmp_path)])
    wipe(app)
    (tmp_path / "broken.json").write_text('{"rules": ')
    result = runner.invoke(args=["restore", str(tmp_path)])
    assert result.exit_code == 1
    assert "2 lists restored" in result.output
    assert "broken.json: list file: is not valid JSON" in result.output


def test_a_backup_with_a_damaged_key_or_id_is_refused_by_name(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    lists = make_lists(client)
    runner.invoke(args=["backup", str(tmp_path)])
    wipe(app)
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
