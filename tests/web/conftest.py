"""Fixtures for the web tests: an app on a fresh database per test (tests/web/databases.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from scorer import create_app
from scorer.web.extensions import db
# database_url: test modules that need an empty database import it from here.
from tests.web.databases import database_url, migrated_database_url  # noqa: F401

FOUR = ["Anna", "Bene", "Chris", "Dora"]


class TemplatesCompiledOnce(BytecodeCache):
    """The templates compiled once per test process, not once per test's app.

    Each test makes an app of its own, and each app's Jinja environment would
    parse and compile every template it renders again (about a fifth of a page
    test's time). Jinja's own bytecode cache keeps the compiled code here in
    memory; it is keyed by the template's name and checks its source, so an
    edited template is compiled anew. What a page renders does not change.
    """

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = TemplatesCompiledOnce()


@contextmanager
def migrated_app(tmp_path: Path, **config: Any) -> Iterator[Flask]:
    """The app on a fresh database, schema made by the migrations; ``config`` over the test settings."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret-key-at-least-32-bytes-long",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": migrated_database_url(tmp_path),
            **config,
        }
    )
    app.jinja_env.bytecode_cache = TEMPLATES
    try:
        yield app
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on a fresh database, schema made by the migrations."""
    with migrated_app(tmp_path) as made:
        yield made


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's command-line commands."""
    return app.test_cli_runner()


def bavarian_list(**rules: Any) -> dict[str, Any]:
    """A four-player Bavarian list file without deals."""
    return {"rules": {"preset": "bavarian", **rules}, "players": list(FOUR)}


@pytest.fixture
def created(client: FlaskClient) -> dict[str, Any]:
    """A Bavarian list created through the API: its id, urls and edit key."""
    response = client.post("/api/lists", json=bavarian_list())
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def deal_rows(page: str) -> list[str]:
    """The list page's deals as HTML, one row group each, in the order they were played.

    The page shows the newest deal first; each deal's row group names its number.
    """
    groups = re.findall(r'<tbody class="deal[^"]*">(.*?)</tbody>', page, re.S)
    return sorted(groups, key=lambda group: int(re.search(r'id="deal-(\d+)"', group).group(1)))
