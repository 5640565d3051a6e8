"""``scorer serve`` refuses weak keys, the debugger and a database nobody chose, saying why."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from scorer.__main__ import main
from scorer.web.app import create_app
from scorer.web.serve_checks import ALLOW_SQLITE, Refused, check, check_secret_key

GOOD = secrets.token_hex(32)


@pytest.mark.parametrize("key", ["a" * 32, "changeme" * 4, "0123456789abcdef" * 4, "ab" * 40,
                                 "correcthorsebatterystaple!!12345"])
def test_a_key_long_enough_but_not_random_is_refused(key: str) -> None:
    with pytest.raises(Refused, match="not random enough.*token_hex"):
        check_secret_key(key)


@pytest.mark.parametrize("key", [GOOD, secrets.token_hex(32), secrets.token_urlsafe(32), secrets.token_urlsafe(24)],
                         ids=["good", "hex-32", "urlsafe-32", "urlsafe-24"])
def test_a_random_key_passes(key: str) -> None:
    check_secret_key(key)


def test_a_short_or_missing_key_is_refused() -> None:
    for key in ("", None, secrets.token_hex(15)):
        with pytest.raises(Refused, match="SECRET_KEY"):
            check_secret_key(key)


@pytest.fixture
def host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A host's environment: a good key and a database chosen, nothing of this test run's own."""
    for name in ("FLASK_DEBUG", "FLASK_TESTING", "DATABASE_URL", "SECRET_KEY", ALLOW_SQLITE):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SCORER_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("SECRET_KEY", GOOD)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'chosen.sqlite3'}")
    return tmp_path


def serve_refuses(capsys: pytest.CaptureFixture[str], *words: str) -> None:
    """``scorer serve`` exits with 2 before serving, and its message holds ``words``."""
    assert main(["serve"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("scorer serve: ")
    for word in words:
        assert word in said, said


def test_a_host_s_settings_pass(host: Path) -> None:
    check(create_app())


def test_serve_refuses_a_weak_key_through_the_command(host: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SECRET_KEY", "changeme" * 4)
    serve_refuses(capsys, "SECRET_KEY", "not random enough", "token_hex")


@pytest.mark.parametrize("flag", ["1", "true"])
def test_serve_never_runs_the_debugger_even_with_a_good_key(
    host: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], flag: str,
) -> None:
    monkeypatch.setenv("FLASK_DEBUG", flag)
    serve_refuses(capsys, "FLASK_DEBUG")


def test_serve_with_the_debugger_and_no_key_refuses_rather_than_make_one_per_worker(
    host: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("FLASK_DEBUG", "1")
    monkeypatch.delenv("SECRET_KEY")
    serve_refuses(capsys, "FLASK_DEBUG")


def test_serve_refuses_without_a_database_unless_sqlite_is_chosen_on_purpose(
    host: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("DATABASE_URL")
    serve_refuses(capsys, "DATABASE_URL", ALLOW_SQLITE, str(host / "instance" / "scorer.sqlite3"))
    monkeypatch.setenv(ALLOW_SQLITE, "1")
    check(create_app())


def test_a_database_chosen_in_config_py_needs_no_database_url(host: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL")
    (host / "instance").mkdir()
    (host / "instance" / "config.py").write_text(
        f"SQLALCHEMY_DATABASE_URI = 'sqlite:///{host / 'elsewhere.sqlite3'}'\n")
    check(create_app())
