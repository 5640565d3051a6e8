"""Configuration: the environment and instance/config.py, and a loud missing secret."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorer import create_app
from scorer.web.app import MissingSecretKey, SecretKeyTooShort, database_url


def test_outside_debug_a_missing_secret_key_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    with pytest.raises(MissingSecretKey, match="SECRET_KEY is not set"):
        create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": None})


def test_the_secret_key_and_database_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-the-environment-at-least-32-bytes")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-the-environment-at-least-32-bytes"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'env.sqlite3'}"
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_by_default_the_database_is_a_sqlite_file_in_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"SECRET_KEY": "x" * 32})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///" + str(
        Path(app.instance_path) / "scorer.sqlite3"
    )
    assert Path(app.instance_path).name == "instance"


@pytest.mark.parametrize(
    "given, used",
    [
        ("postgres://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:///x.sqlite3", "sqlite:///x.sqlite3"),
    ],
)
def test_postgresql_urls_use_psycopg_3(given: str, used: str) -> None:
    assert database_url(given) == used


def test_the_app_starts_from_the_command_line_with_flask_routes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorer", "routes"],
        capture_output=True, text=True, env={"SECRET_KEY": "x" * 32, "PATH": ""}, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "/api/lists" in result.stdout and "lists.show_list" in result.stdout


@pytest.mark.parametrize("key", ["short", "x" * 31, "ä" * 15])
def test_a_secret_key_shorter_than_32_bytes_stops_the_start_saying_why(key: str) -> None:
    with pytest.raises(SecretKeyTooShort, match="at least 32 bytes"):
        create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": key})


def test_a_secret_key_of_32_bytes_is_taken() -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "k" * 32})
    assert app.config["SECRET_KEY"] == "k" * 32
