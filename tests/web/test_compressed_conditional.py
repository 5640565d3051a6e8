"""Answers compressed by Flask-Compress, and their 304s answered by the view that tags them."""

from __future__ import annotations

import ast
import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli  # Flask-Compress[brotli]
import pytest
from flask.testing import FlaskClient

import scorer
from tests.web.test_table_key_scope import Night

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
UNPACK = {"gzip": gzip.decompress, "br": brotli.decompress}
#: Modules that compress: the app leaves that to Flask-Compress.
COMPRESSORS = {"gzip", "zlib", "brotli", "brotlicffi", "zstandard", "zstd", "compression", "lzma", "bz2"}


def add(client: FlaskClient, created: dict[str, Any], count: int = 1) -> None:
    for _ in range(count):
        answer = client.post(f"/api/lists/{created['id']}/deals", json=SAUSPIEL,
                             headers={"X-Edit-Key": created["edit_key"]})
        assert answer.status_code == 201, answer.get_json()


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_a_compressed_list_and_its_304_round_trip(
    client: FlaskClient, created: dict[str, Any], coding: str
) -> None:
    add(client, created, 3)
    path = f"/api/lists/{created['id']}"
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": coding})
    assert packed.headers["Content-Encoding"] == coding and "Accept-Encoding" in packed.headers["Vary"]
    assert UNPACK[coding](packed.get_data()) == plain.get_data()
    tag = packed.headers["ETag"]
    assert tag == plain.headers["ETag"][:-1] + f':{coding}"'
    again = client.get(path, headers={"Accept-Encoding": coding, "If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert "Content-Encoding" not in again.headers and again.headers["ETag"] == plain.headers["ETag"]
    add(client, created)
    fresh = client.get(path, headers={"Accept-Encoding": coding, "If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] not in (tag, plain.headers["ETag"])
    assert len(client.get(path).get_json()["deals"]) == 4
    assert len(json.loads(UNPACK[coding](fresh.get_data()))["deals"]) == 4


def test_every_tag_a_client_holds_for_the_revision_answers_304_however_it_asks(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    add(client, created, 3)
    path = f"/api/lists/{created['id']}"
    plain = client.get(path).headers["ETag"]
    held = [client.get(path, headers={"Accept-Encoding": coding}).headers["ETag"] for coding in ("gzip", "br")]
    for tag in (plain, *held, *(f"W/{tag}" for tag in held), f'"{created["id"]}-0", {held[0]}'):
        for taken in ("", "gzip", "br", "br, gzip"):
            answer = client.get(path, headers={"If-None-Match": tag, "Accept-Encoding": taken})
            assert answer.status_code == 304, (tag, taken)
    # A tag of an older revision, compressed or not, or of another coding's name, is never a 304.
    for tag in (f'"{created["id"]}-1:br"', f'"{created["id"]}-1"', plain[:-1] + ':identity"'):
        assert client.get(path, headers={"If-None-Match": tag}).status_code == 200, tag


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_a_tables_compressed_list_and_its_304_round_trip_while_its_round_is_open(
    client: FlaskClient, coding: str
) -> None:
    night = Night(client)
    night.add(4)
    path = f"/api/lists/{night.list_id}"
    packed = client.get(path, headers={"Accept-Encoding": coding})
    tag = packed.headers["ETag"]
    assert packed.headers["Content-Encoding"] == coding and tag.endswith(f'.open:{coding}"')
    assert json.loads(UNPACK[coding](packed.get_data()))["tournament"]["open"] is True
    assert client.get(path, headers={"Accept-Encoding": coding, "If-None-Match": tag}).status_code == 304
    night.draw()  # the round closes: the list's tag moves
    closed = client.get(path, headers={"Accept-Encoding": coding, "If-None-Match": tag})
    assert closed.status_code == 200 and closed.headers["ETag"].endswith(f'.over:{coding}"')


def test_a_delete_with_the_compressed_tag_of_an_older_revision_changes_nothing(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    add(client, created, 3)
    path = f"/api/lists/{created['id']}"
    seen = client.get(path, headers={"Accept-Encoding": "br"}).headers["ETag"]
    add(client, created)
    refused = client.delete(f"{path}/deals/1", headers={"X-Edit-Key": created["edit_key"], "If-Match": seen})
    assert refused.status_code == 409 and len(client.get(path).get_json()["deals"]) == 4


def imported(source: Path) -> Iterator[str]:
    """The top-level names of the modules a Python file imports."""
    for node in ast.walk(ast.parse(source.read_text(), str(source))):
        if isinstance(node, ast.Import):
            yield from (alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module.partition(".")[0]


def test_no_module_of_the_app_compresses_answers_itself() -> None:
    package = Path(scorer.__file__).parent
    compressing = {str(path.relative_to(package)): sorted(set(imported(path)) & COMPRESSORS)
                   for path in package.rglob("*.py")}
    assert {path: names for path, names in compressing.items() if names} == {}


def test_the_list_json_is_compressed_once_per_revision_and_coding_and_a_page_every_time(
    client: FlaskClient, created: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from flask_compress import flask_compress

    packed: list[str] = []
    original = flask_compress._compress_data
    monkeypatch.setattr(flask_compress, "_compress_data",
                        lambda app, data, coding: packed.append(coding) or original(app, data, coding))
    add(client, created, 3)
    path = f"/api/lists/{created['id']}"
    answers = [client.get(path, headers={"Accept-Encoding": coding}) for coding in ("br", "gzip", "br", "gzip")]
    assert packed == ["br", "gzip"]
    assert answers[0].get_data() == answers[2].get_data() and answers[1].get_data() == answers[3].get_data()
    add(client, created)
    fresh = client.get(path, headers={"Accept-Encoding": "br"})
    assert packed == ["br", "gzip", "br"] and len(json.loads(UNPACK["br"](fresh.get_data()))["deals"]) == 4
    packed.clear()
    for _ in range(2):  # an answer its view does not name is kept nowhere
        assert client.get(created["url"], headers={"Accept-Encoding": "br"}).headers["Content-Encoding"] == "br"
    assert packed == ["br", "br"]
