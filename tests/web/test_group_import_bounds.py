"""A group import is bounded by what group.json names, and draws on the list budget per list."""

from __future__ import annotations

import html
import io
import json
import zipfile
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import DealRow, GroupRow, ScoreListRow
from scorer.web.services.group_archive import MAX_ARCHIVE_DEALS, MAX_ARCHIVE_LISTS
from tests.web.conftest import FOUR, bavarian_list

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def archive(files: dict[str, dict[str, Any]], names: list[str] | None = None) -> bytes:
    """A group archive holding these list files; group.json names ``names`` (the files by default)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("group.json", json.dumps({
            "format": "schafkopf-group/1", "name": "Stammtisch", "players": FOUR,
            "lists": [{"file": name} for name in (list(files) if names is None else names)],
        }))
        for name, document in files.items():
            zipped.writestr(name, json.dumps(document))
    return out.getvalue()


def lists_of(count: int, deals: int = 1) -> dict[str, dict[str, Any]]:
    return {f"lists/{n:03d}.json": {**bavarian_list(), "deals": [SAUSPIEL] * deals}
            for n in range(1, count + 1)}


def send(client: FlaskClient, data: bytes, *, once: str = "", headers: dict[str, str] | None = None) -> Any:
    return client.post("/groups/import", data={"once": once, "upload": (io.BytesIO(data), "g.zip")},
                       content_type="multipart/form-data", headers=headers or {})


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def stored(app: Flask) -> tuple[int, int, int]:
    """How many groups, lists and deals the database holds."""
    with app.app_context():
        return (db.session.query(GroupRow).count(), db.session.query(ScoreListRow).count(),
                db.session.query(DealRow).count())


def via_api(client: FlaskClient) -> int:
    return client.post("/api/lists", json=bavarian_list()).status_code


# -- what group.json names -------------------------------------------------------------------


@pytest.mark.parametrize(("headers", "words"), [
    ({}, "lists/001.json is named twice in group.json"),
    (GERMAN, "lists/001.json ist in group.json zweimal genannt"),
])
def test_a_file_named_twice_in_group_json_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient, headers: dict[str, str], words: str,
) -> None:
    data = archive(lists_of(1), names=["lists/001.json"] * 12)
    response = send(client, data, headers=headers)
    assert response.status_code == 200
    assert words in text(response)
    assert stored(app) == (0, 0, 0)


def test_group_json_naming_more_lists_than_an_archive_holds_is_refused(
    app: Flask, client: FlaskClient,
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    files = lists_of(MAX_ARCHIVE_LISTS)
    response = send(client, archive(files, names=[*files, "lists/extra.json"]))
    assert response.status_code == 200
    assert f"an archive holds at most {MAX_ARCHIVE_LISTS} lists" in text(response)
    assert stored(app) == (0, 0, 0)
    german = send(client, archive(files, names=[*files, "lists/extra.json"]), headers=GERMAN)
    assert f"ein Archiv enthält höchstens {MAX_ARCHIVE_LISTS} Listen" in text(german)


def test_lists_holding_more_deals_together_than_an_archive_holds_are_refused(
    app: Flask, client: FlaskClient,
) -> None:
    each = 10_001  # a list file under the size limit, each
    count = MAX_ARCHIVE_DEALS // each + 1
    data = archive(lists_of(count, deals=each))
    assert len(data) < app.config["MAX_CONTENT_LENGTH"]
    response = send(client, data)
    assert response.status_code == 200
    assert f"an archive holds at most {MAX_ARCHIVE_DEALS} deals in all its lists" in text(response)
    assert stored(app) == (0, 0, 0)
    german = send(client, data, headers=GERMAN)
    assert f"ein Archiv enthält in all seinen Listen höchstens {MAX_ARCHIVE_DEALS} Spiele" in text(german)


def test_an_archive_within_the_bounds_is_stored_whole(app: Flask, client: FlaskClient) -> None:
    response = send(client, archive(lists_of(3, deals=4)))
    assert response.status_code == 302
    assert stored(app) == (1, 3, 12)


# -- the list budget ---------------------------------------------------------------------------


def test_a_group_import_draws_one_list_on_the_budget_for_each_list_it_makes(
    app: Flask, client: FlaskClient,
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "5 per minute"
    assert send(client, archive(lists_of(3))).status_code == 302
    assert [via_api(client) for _ in range(3)] == [201, 201, 429]


def test_a_group_import_past_the_budget_is_refused_and_stores_nothing(
    app: Flask, client: FlaskClient,
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "3 per minute"
    assert via_api(client) == 201
    response = send(client, archive(lists_of(3)))
    assert response.status_code == 429
    assert "The archive holds 3 lists, but this phone may make only 2 more now." in text(response)
    german = send(client, archive(lists_of(3)), headers=GERMAN)
    assert german.status_code == 429
    assert "Das Archiv enthält 3 Listen, dieses Handy darf jetzt aber nur noch 2 anlegen." in text(german)
    assert stored(app) == (0, 1, 0)
    # What fits the budget is stored, and spends it.
    assert send(client, archive(lists_of(2))).status_code == 302
    assert stored(app) == (1, 3, 2)
    assert via_api(client) == 429


def test_a_group_import_sent_again_makes_no_list_and_spends_nothing_more(
    app: Flask, client: FlaskClient,
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "3 per minute"
    first = send(client, archive(lists_of(2)), once="import-once")
    again = send(client, archive(lists_of(2)), once="import-once")
    assert (first.status_code, again.status_code) == (302, 302)
    assert first.headers["Location"] == again.headers["Location"]
    assert stored(app) == (1, 2, 2)
    assert [via_api(client), via_api(client)] == [201, 429]
