"""Settings for the whole suite.

Hypothesis explores new random examples on every run on a developer's
machine; under CI it replays a fixed set (derandomized), so that a submission
is judged on its own change and not on a newly drawn example. Anything the
random runs find becomes a fixed test of its own. No example has a time
limit: a busy machine must not fail a test (speed is the benchmarks' to say).

The browser tests (tests/e2e, tests/deploy) share one Playwright driver.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
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
