"""The README's first command on a fresh clone: `make run` serves, with no test tool.

A copy of the repository as a clone has it (no virtualenv, no compiled
catalog, no database) runs `make run` on a free loopback port; the page
answers in both languages, and the virtualenv it made holds what running
needs and none of the test extra. It serves on embedded SQLite whatever
the environment names, so `make test` runs it in its SQLite pass only.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.web.test_packaging import fresh_clone

pytestmark = pytest.mark.sqlite_pass

#: The test extra of pyproject.toml: none of it belongs in a server's virtualenv.
TEST_TOOLS = ("pytest", "hypothesis", "playwright", "mypy", "pytest-timeout")


def test_make_run_on_a_fresh_clone_serves_and_installs_no_test_tool(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    fresh_clone(clone)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY", "VIRTUAL_ENV")}
    log = (tmp_path / "run.log").open("w")
    started = time.monotonic()
    server = subprocess.Popen(["make", "run", f"PORT={port}"], cwd=clone, env=env, stdout=log,
                              stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = started + 240
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/new", timeout=5) as answer:
                    assert answer.status == 200
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, (tmp_path / "run.log").read_text()
                assert time.monotonic() < deadline, (tmp_path / "run.log").read_text()
                time.sleep(0.5)
        german = urllib.request.Request(f"http://127.0.0.1:{port}/new", headers={"Accept-Language": "de"})
        with urllib.request.urlopen(german, timeout=10) as answer:
            assert 'lang="de"' in answer.read().decode()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    listed = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True, check=True, timeout=60).stdout.lower()
    installed = {line.split("==")[0] for line in listed.splitlines()}
    assert "flask" in installed and "gunicorn" in installed
    assert not installed & set(TEST_TOOLS), installed & set(TEST_TOOLS)
    assert (clone / "instance" / "scorer.sqlite3").is_file()
