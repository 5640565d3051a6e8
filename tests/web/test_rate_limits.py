"""One budget of new lists per client, on every way to make one, shared by every worker."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bench.server import Redis
from tests.web.conftest import bavarian_list
from tests.web.test_pages import form_defaults

# The budget of new lists is kept in memory or Redis, not in the database: the SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass

ROOT = Path(__file__).resolve().parents[2]


def via_api(client: FlaskClient, **headers: str) -> int:
    return client.post("/api/lists", json=bavarian_list(), headers=headers).status_code


def via_form(client: FlaskClient) -> int:
    form = form_defaults(client, "bavarian")
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora"})
    return client.post("/new?family=bavarian", data=form).status_code


def via_import(client: FlaskClient) -> int:
    return client.post("/import", data={"text": json.dumps(bavarian_list())}).status_code


def test_every_way_to_make_a_list_draws_on_one_budget(app: Flask, client: FlaskClient) -> None:
    app.config["LIST_CREATION_LIMIT"] = "3 per minute"
    assert (via_api(client), via_form(client), via_import(client)) == (201, 302, 302)
    assert (via_api(client), via_form(client), via_import(client)) == (429, 429, 429)
    assert client.get("/new").status_code == 200 and client.get("/import").status_code == 200


def test_only_lists_actually_made_count(app: Flask, client: FlaskClient) -> None:
    app.config["LIST_CREATION_LIMIT"] = "2 per minute"
    for _ in range(3):
        assert client.post("/api/lists", json={"rules": {"preset": "x"}}).status_code == 422
        assert client.post("/new?family=bavarian", data={"player_1": "Anna"}).status_code == 200
        assert client.post("/import", data={"text": "{"}).status_code == 200
    assert (via_api(client), via_import(client), via_form(client)) == (201, 302, 429)


def test_behind_a_trusted_proxy_each_client_has_its_own_budget(tmp_path: Path) -> None:
    from tests.web.conftest import database_url

    from flask_migrate import upgrade

    from scorer import create_app

    app = create_app({
        "TESTING": True, "SECRET_KEY": "k" * 32, "WTF_CSRF_ENABLED": False, "PROXY_COUNT": 1,
        "LIST_CREATION_LIMIT": "1 per minute", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path),
    })
    with app.app_context():
        upgrade()
    client = app.test_client()
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    client.environ_base.update(proxy)
    assert via_api(client, **{"X-Forwarded-For": "203.0.113.1"}) == 201
    assert via_api(client, **{"X-Forwarded-For": "203.0.113.1"}) == 429
    assert via_api(client, **{"X-Forwarded-For": "203.0.113.2"}) == 201
    # A client cannot pose as another: the proxy appends the address it saw.
    assert via_api(client, **{"X-Forwarded-For": "203.0.113.9, 203.0.113.2"}) == 429


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(app: Flask, client: FlaskClient) -> None:
    assert app.config["PROXY_COUNT"] == 0
    app.config["LIST_CREATION_LIMIT"] = "1 per minute"
    assert via_api(client, **{"X-Forwarded-For": "203.0.113.1"}) == 201
    assert via_api(client, **{"X-Forwarded-For": "203.0.113.2"}) == 429


# -- a shared store: a real Redis server on loopback -----------------------------------------


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A throwaway Redis server on loopback, without persistence; stopped after the tests."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not os.access(binary, os.X_OK):
        pytest.fail("redis-server is missing: `make test` installs it (Debian's redis-server)")
    with Redis(binary) as server:
        yield server.url


#: One worker process: makes lists until refused, prints the answers' statuses.
WORKER = """
import json, sys
from scorer import create_app
app = create_app({"TESTING": True, "SECRET_KEY": "k" * 32, "SQLALCHEMY_DATABASE_URI": sys.argv[1],
                  "RATELIMIT_STORAGE_URI": sys.argv[2], "LIST_CREATION_LIMIT": "3 per minute"})
client = app.test_client()
body = {"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"]}
print(json.dumps([client.post("/api/lists", json=body).status_code for _ in range(int(sys.argv[3]))]))
"""


def test_workers_pointed_at_a_shared_store_share_one_budget(app: Flask, redis_url: str) -> None:
    url = app.config["SQLALCHEMY_DATABASE_URI"]

    def worker(tries: int) -> list[int]:
        done = subprocess.run([sys.executable, "-c", WORKER, url, redis_url, str(tries)], cwd=ROOT,
                              capture_output=True, text=True, check=True, timeout=60)
        return list(json.loads(done.stdout.strip().splitlines()[-1]))

    assert worker(2) == [201, 201]
    assert worker(2) == [201, 429]  # another process, the same budget
    import redis

    assert redis.Redis.from_url(redis_url).keys("LIMITS*")
