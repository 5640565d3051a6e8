"""Settings for the whole suite.

Hypothesis explores new random examples on every run on a developer's
machine; under CI it replays a fixed set (derandomized), so that a submission
is judged on its own change and not on a newly drawn example. Anything the
random runs find becomes a fixed test of its own. No example has a time
limit: a busy machine must not fail a test (speed is the benchmarks' to say).

The browser tests (tests/e2e, tests/deploy) share one Playwright driver.

Which tests touch a database is decided by where they live: everything under
tests/web, tests/e2e and tests/deploy gets the ``database`` marker, so the
PostgreSQL pass of `make test` runs ``-m database`` and picks up new modules
there by itself; so does a test elsewhere that asks for a database fixture
(``app``, ``client``, ``live_server``, ...). The rest of tests/unit and
tests/golden checks the engine (tests/unit/test_engine_is_pure.py: it imports
no web or database module) and runs once, on the SQLite pass.

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
DATABASE_FOLDERS = ("web", "e2e", "deploy")
#: Fixtures that give a test a database, wherever it lives (tests/golden's API sample asks for ``app``).
DATABASE_FIXTURES = {"app", "client", "runner", "created", "live_server", "live_database", "database"}
#: The worker's own database, dropped when the worker ends.
_worker_database = ExitStack()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "database: runs the app on a database; given by folder (tests/conftest.py)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get("TEST_DATABASE_URL"):
        from tests.web.databases import separate_database

        url = _worker_database.enter_context(separate_database(f"scorer_{worker}"))
        os.environ["TEST_DATABASE_URL"] = os.environ["DATABASE_URL"] = url


def pytest_unconfigure(config: pytest.Config) -> None:
    _worker_database.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests that run the app on a database: by their folder, or the fixtures they ask for."""
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0] if item.path.is_relative_to(TESTS) else ""
        if folder in DATABASE_FOLDERS or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.database)
