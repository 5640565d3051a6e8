"""Settings for the whole suite.

Hypothesis explores new random examples on every run on a developer's
machine; under CI it replays a fixed set (derandomized), so that a submission
is judged on its own change and not on a newly drawn example. Anything the
random runs find becomes a fixed test of its own. No example has a time
limit: a busy machine must not fail a test (speed is the benchmarks' to say).

The browser tests (tests/e2e, tests/deploy) share one Playwright driver.

Which pass of `make test` runs a test is decided by where it lives and what
it asks for, so new modules are picked up by themselves. The ``database``
marker sends a test to the PostgreSQL pass too (``-m database``):
everything under tests/web and tests/deploy, and any test elsewhere that asks
for the app on a database (``app``, ``client``, ``created``, ...). The engine's
tests (the rest of tests/unit and tests/golden: tests/unit/test_engine_is_pure.py
says they import no web or database module) and the browser tests of
tests/e2e run once, on SQLite: what a page does in Chromium does not depend on
the database under the server, and what the server does with it is proven by
tests/web on both databases and by tests/deploy's browser on PostgreSQL.

A test whose proof does not depend on the database's kind says which one
pass runs it: ``sqlite_pass`` (the README's `make run` on a fresh clone,
which always serves on embedded SQLite; what a page says, draws or lays out,
the help, the logs, a proxy's headers, the rate limit's store, how gunicorn
reads a request, the fuzz's random mixes of odd values: the same on any
database) is left out of the PostgreSQL pass;
``postgresql_pass`` (the wheel installed alone and served, as a host runs
it on PostgreSQL) is marked ``database`` and left out of `make test`'s
SQLite pass (its ``-m "not postgresql_pass"``). Run alone, either runs on
whatever database the environment names.

Under pytest-xdist (`make test` runs each pass on several workers) a test
that uses a module- or class-wide fixture (a wheel built once, a Redis
started once) is kept on one worker with the rest of its module, and
tests/deploy, whose hosting topology is started once per session, all on one
worker: ``--dist loadgroup`` with an ``xdist_group`` given here.

Under pytest-xdist each worker process works on a PostgreSQL database of its
own, made here on TEST_DATABASE_URL's server, so that two workers never reset
each other's tables.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from playwright.sync_api import Playwright

settings.register_profile("machine", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "machine")


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    """Playwright's driver for the whole session, shared by every browser test.

    One driver only: Playwright's sync API refuses to start a second one while
    the first runs, and the browser tests of tests/e2e and tests/deploy both
    keep theirs for the session.
    """
    from playwright.sync_api import sync_playwright  # only the browser tests load it

    with sync_playwright() as playwright:
        yield playwright


TESTS = Path(__file__).parent
#: The folders whose tests run the app on a database: on SQLite and again on PostgreSQL.
DATABASE_FOLDERS = ("web", "deploy")
#: The folder of the browser tests: once, on SQLite, whatever fixtures they ask for.
BROWSER_FOLDER = "e2e"
#: Fixtures that give a test a database, wherever it lives (tests/golden's API sample asks for ``app``).
DATABASE_FIXTURES = {"app", "client", "runner", "created", "live_server", "live_database", "database"}
#: Fixture scopes that xdist must not start once per worker for one module.
MODULE_SCOPES = {"module", "class", "package"}
#: The worker's own database, dropped when the worker ends.
_worker_database = ExitStack()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "database: runs on PostgreSQL too; given by folder and fixtures (tests/conftest.py)")
    config.addinivalue_line(
        "markers", "sqlite_pass: runs in make test's SQLite pass only (its proof needs no PostgreSQL)")
    config.addinivalue_line(
        "markers", "postgresql_pass: runs in make test's PostgreSQL pass only (as a host runs it)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get("TEST_DATABASE_URL"):
        from tests.web.databases import separate_database

        url = _worker_database.enter_context(separate_database(f"scorer_{worker}"))
        os.environ["TEST_DATABASE_URL"] = os.environ["DATABASE_URL"] = url


def pytest_unconfigure(config: pytest.Config) -> None:
    _worker_database.close()


def _runs_on_postgresql(item: pytest.Item, folder: str) -> bool:
    """Say whether a test belongs to the PostgreSQL pass too (the module's doc says which)."""
    if item.get_closest_marker("sqlite_pass"):
        return False
    if item.get_closest_marker("postgresql_pass") or folder in DATABASE_FOLDERS:
        return True
    return folder != BROWSER_FOLDER and bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def _xdist_group(item: pytest.Item, folder: str) -> str | None:
    """Name the worker group a test must share: its module's when it uses a module-wide fixture."""
    if folder == "deploy":
        return "deploy"
    info = getattr(item, "_fixtureinfo", None)
    definitions = info.name2fixturedefs.values() if info is not None else ()
    if any(fixture.scope in MODULE_SCOPES for chain in definitions for fixture in chain):
        return item.nodeid.split("::")[0]
    return None


# First, so that pytest-xdist's own hook sees the groups given here.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests that also run on PostgreSQL, and group those that share a module's fixture."""
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0] if item.path.is_relative_to(TESTS) else ""
        if _runs_on_postgresql(item, folder):
            item.add_marker(pytest.mark.database)
        group = _xdist_group(item, folder)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
