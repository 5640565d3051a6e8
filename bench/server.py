"""Run the app under gunicorn on a loopback port, for load tests and benchmarks.

The server is bounded: it binds 127.0.0.1 only, and it is stopped (and killed
if need be) when the ``with`` block ends.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Gunicorn:
    """The app (or another WSGI app) served by gunicorn on 127.0.0.1."""

    def __init__(
        self,
        app: str = "scorer:create_app()",
        *,
        database_url: str | None = None,
        workers: int = 2,
        threads: int = 4,
        env: dict[str, str] | None = None,
        upgrade: bool = True,
        keepalive: int = 2,
    ) -> None:
        self.app = app
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._folder = tempfile.TemporaryDirectory(prefix="scorer-serve-")
        self.database_url = database_url or os.environ.get("TEST_DATABASE_URL") or (
            f"sqlite:///{Path(self._folder.name) / 'serve.sqlite3'}"
        )
        self.workers = workers
        self.threads = threads
        self.upgrade = upgrade
        self.keepalive = keepalive
        self.env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "SECRET_KEY": "loopback-only-secret-key-of-32-bytes-or-more",
            "DATABASE_URL": self.database_url,
            "FLASK_LIST_CREATION_LIMIT": "100000 per minute",
            "FLASK_SESSION_COOKIE_SECURE": "false",
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None
        #: Where the server writes its errors (a file: a pipe nobody reads would fill and stall it).
        self.error_log = Path(self._folder.name) / "errors.log"

    def errors(self) -> str:
        """What the server wrote to its error log so far (tracebacks of answers it failed)."""
        try:
            return self.error_log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def start(self) -> Gunicorn:
        """Upgrade the schema, start the server and wait until it answers."""
        if self.upgrade:
            subprocess.run(
                [str(BIN / "flask"), "--app", "scorer", "db", "upgrade"],
                cwd=ROOT, env=self.env, check=True, capture_output=True,
            )
        with self.error_log.open("ab") as log:  # the server keeps its own copy of the file open
            self.process = subprocess.Popen(
                [
                    # The package's settings (as `scorer serve`), then this run's own.
                    str(BIN / "gunicorn"), "-c", "python:scorer.web.gunicorn_conf",
                    "--bind", f"127.0.0.1:{self.port}",
                    "--worker-class", "gthread", "--workers", str(self.workers),
                    "--threads", str(self.threads), "--keep-alive", str(self.keepalive),
                    "--log-level", "warning", self.app,
                ],
                cwd=ROOT, env=self.env, start_new_session=True,
                stdout=subprocess.DEVNULL, stderr=log,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped: {self.errors()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).close()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not answer within 30 seconds")

    def pid(self) -> int:
        """The server's (gunicorn's master's) process id; its workers are its children."""
        if self.process is None:
            raise RuntimeError("the server is not running")
        return self.process.pid

    def cpu_seconds(self) -> float:
        """CPU time the server and its workers have used so far (from /proc; 0 elsewhere)."""
        if self.process is None:
            return 0.0
        return tree_cpu_seconds(self.process.pid)

    def kill(self) -> None:
        """Kill the server and its workers at once (SIGKILL), as a crash would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stop the server gracefully, or kill it after ten seconds."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
        self._folder.cleanup()


def tree_cpu_seconds(root: int) -> float:
    """User and system CPU seconds of a process and its children, read from /proc (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid == root or parent == root:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def machine_busy() -> tuple[int, int]:
    """All cores' busy and total jiffies so far, from /proc/stat (Linux): a difference gives the load."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return sum(values) - idle, sum(values)


def redis_answers(port: int, process: subprocess.Popen[bytes], *, seconds: float) -> bool:
    """Wait until the Redis server on this loopback port answers PING; False if it stops or never does."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return True
        except OSError:
            time.sleep(0.1)
    return False


class Redis:
    """A throwaway Redis server on loopback (Debian's redis-server), for the limiter's counts.

    No persistence, bounded memory; stopped when the ``with`` block ends.
    """

    def __init__(self, binary: str = "/usr/bin/redis-server") -> None:
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Redis:
        self.process = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--maxmemory", "64mb", "--protected-mode", "yes"],
            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        if redis_answers(self.port, self.process, seconds=15):
            return self
        self.__exit__(None, None, None)
        raise RuntimeError("redis-server did not answer within 15 seconds")

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


#: The players of the benchmarks' lists.
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
#: Longest a whole load run may take before its clients give up.
DEADLINE_SECONDS = 300


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of them lie (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(len(ordered) * share + 0.5) - 1))]
