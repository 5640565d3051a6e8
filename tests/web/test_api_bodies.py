"""Bodies the API routes were not made for get a 4xx that says why, on a real server too, and a 500
(should one ever happen) logs its traceback.

Found fuzzing POST /api/lists/ID/changes: a body nested just below what the
JSON parser takes overflowed the stack when the Idempotency-Key's fingerprint
encoded it again (a 500 on a narrow band of depths); and under gunicorn a
chunked body whose framing is broken raised gunicorn's own error through the
body read (a 500, the client still sending met a broken pipe).
"""

from __future__ import annotations

import io
import json
import logging
import socket
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from gunicorn.http.errors import ChunkMissingTerminator, InvalidChunkSize

from bench.load import call
from bench.server import Gunicorn
from scorer import create_app
from scorer.web.api.routes import MAX_DEPTH, nested_within
from scorer.web.extensions import db
from scorer.web.models import ChangeKeyRow, DealRow
from tests.web.conftest import bavarian_list

SEATS = ["Anna", "Chris", "Bene", "Dora"]


def made(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/api/lists", json={**bavarian_list(), "deals": [{"game": "passed"}]})
    assert response.status_code == 201
    return dict(response.get_json())


def nested(depth: int) -> str:
    """A change nested ``depth`` deep in all: the body's object, then its players' arrays."""
    return '{"from": 2, "players": %s}' % ("[" * (depth - 1) + "]" * (depth - 1))


def test_the_depth_of_a_body_is_measured_without_recursing() -> None:
    assert nested_within({}, 1) and not nested_within({"a": []}, 1)
    assert nested_within(json.loads(nested(MAX_DEPTH)), MAX_DEPTH)
    assert not nested_within(json.loads(nested(MAX_DEPTH + 1)), MAX_DEPTH)
    deepest: list[Any] = []
    for _ in range(5000):  # deeper than Python recurses
        deepest = [deepest]
    assert not nested_within({"players": deepest}, MAX_DEPTH)


@pytest.mark.parametrize("route", ["changes", "deals"])
def test_a_body_nested_deeper_than_a_list_file_is_refused_at_every_depth(
    app: Flask, client: FlaskClient, route: str,
) -> None:
    # Up to the parser's own limit and past it: each depth once, with an Idempotency-Key
    # (its fingerprint encodes the body again, deeper in the stack than the parser ran).
    lst = made(client)
    for depth in [MAX_DEPTH + 1, 100, 500, *range(850, 1001)]:
        response = client.post(f"/api/lists/{lst['id']}/{route}", data=nested(depth), headers={
            "X-Edit-Key": lst["edit_key"], "Content-Type": "application/json", "Idempotency-Key": f"k-{depth}"})
        assert response.status_code == 400, (depth, response.status_code)
        assert "deep" in response.get_json()["error"] or "not valid JSON" in response.get_json()["error"]
    # As deep as a body may be, the change is read and refused for what it says.
    within = client.post(f"/api/lists/{lst['id']}/{route}", data=nested(MAX_DEPTH),
                         headers={"X-Edit-Key": lst["edit_key"], "Content-Type": "application/json"})
    assert within.status_code == 422 and within.get_json()["key"] in ("players", "from")  # not a deal's key
    with app.app_context():
        assert db.session.query(ChangeKeyRow).count() == 0
        assert db.session.query(DealRow).count() == 1


class BrokenChunks(io.RawIOBase):
    """A chunked body as gunicorn reads one whose framing is broken: its own error, not an OSError."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        raise self.error

    def readline(self, size: int | None = -1) -> bytes:
        raise self.error


@pytest.mark.parametrize("error", [InvalidChunkSize(b"zz"), ChunkMissingTerminator(b"xx")])
def test_a_body_the_server_cannot_read_is_a_400_on_the_api_and_the_pages(
    client: FlaskClient, error: Exception,
) -> None:
    lst = made(client)
    broken = {"wsgi.input": BrokenChunks(error), "wsgi.input_terminated": True}
    response = client.post(f"/api/lists/{lst['id']}/changes", environ_overrides=broken, headers={
        "X-Edit-Key": lst["edit_key"], "Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    assert response.status_code == 400 and response.get_json()["error"]
    page = client.post("/import", environ_overrides=broken, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked"})
    assert page.status_code == 400
    assert not client.get(f"/api/lists/{lst['id']}").get_json().get("changes")


def raw_post(
    port: int, path: str, key: str, body: bytes, *, chunked: bool, length: int | None = None, sent_as: str = "",
) -> bytes:
    """Send a POST as bytes (``sent_as``: its Idempotency-Key), stop sending, and read the answer's status line."""
    head = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", f"X-Edit-Key: {key}",
            "Content-Type: application/json", *([f"Idempotency-Key: {sent_as}"] if sent_as else [])]
    head.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {length}")
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall("\r\n".join(head).encode() + b"\r\n\r\n" + body)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while b"\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n", 1)[0]


# How gunicorn reads a request's framing does not depend on the database: the SQLite pass runs it.
@pytest.mark.sqlite_pass
def test_a_real_server_answers_broken_framing_and_deep_bodies_with_a_400_and_logs_no_traceback() -> None:
    change = json.dumps({"from": 2, "players": SEATS}).encode()
    with Gunicorn(workers=1, threads=2) as server:
        status, lst = call("POST", server.url + "/api/lists", {**bavarian_list(), "deals": [{"game": "passed"}]})
        assert status == 201
        path = f"/api/lists/{lst['id']}/changes"
        sent = {
            "a chunk size that is no number": (b"zz\r\n" + change, True, None),
            "a chunk without its line end": (b"%x\r\n" % len(change) + change + b"xx0\r\n\r\n", True, None),
            "a chunk extension with a bare CR": (b"5;a\rb\r\n" + change, True, None),
            "a chunk cut short": (b"%x\r\n" % (len(change) + 40) + change, True, None),
            "a Content-Length past the body": (change[:20], False, len(change)),
        }
        statuses = {why: raw_post(server.port, path, lst["edit_key"], body, chunked=chunked, length=length)
                    for why, (body, chunked, length) in sent.items()}
        for depth in range(850, 1001):  # where the band that overflowed lies depends on the server's stack
            body = nested(depth).encode()
            statuses[f"nested {depth} deep"] = raw_post(
                server.port, path, lst["edit_key"], body, chunked=False, length=len(body), sent_as=f"k-{depth}")
        errors = server.errors()
        status, document = call("GET", server.url + f"/api/lists/{lst['id']}")
    assert {why: answer for why, answer in statuses.items() if not answer.startswith(b"HTTP/1.1 4")} == {}
    assert "Traceback" not in errors and "Exception on" not in errors
    assert status == 200 and not document.get("changes")


def test_a_500_logs_its_traceback_even_after_a_migration_ran_in_the_same_process(
    app: Flask, tmp_path: Path,
) -> None:
    # The app's logger exists (it logged before); a migration then reads alembic.ini's
    # logging, in this process, as the tests and a server started in process run one.
    app.logger.warning("the logger exists before the migration")
    other = create_app({"SECRET_KEY": "k" * 32, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.db'}"})
    with other.app_context():
        upgrade()
        db.engine.dispose()
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as a server runs it: the 500 handler answers

    @app.get("/api/boom")
    def boom() -> Any:
        raise RuntimeError("a bug")

    # The migration set the logging up anew (pytest's own capture is gone from it):
    # what the app's logger hands its handlers is caught here.
    logged: list[logging.LogRecord] = []
    catch = logging.Handler(logging.ERROR)
    catch.emit = logged.append  # type: ignore[method-assign]
    app.logger.addHandler(catch)
    try:
        response = app.test_client().get("/api/boom")
    finally:
        app.logger.removeHandler(catch)
    assert response.status_code == 500 and response.get_json()["error"]
    assert [record.exc_info[1] for record in logged if record.exc_info]
    assert str(logged[0].exc_info[1] if logged[0].exc_info else "") == "a bug"
