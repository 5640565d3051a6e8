"""Many phones adding to one list, and one host serving many tables, through gunicorn.

Run: ``python bench/load.py [--clients N] [--deals M] [--repeat-every K]``:
N concurrent clients x M deals into one list. Every add carries an
Idempotency-Key; every K-th add is sent twice, as a double tap or a resend
over bad reception would. Prints acknowledged, stored, lost, doubled,
errors and the p50/p99 latency of the adds. ``--compare`` runs it on a
temporary SQLite file and on PostgreSQL (DATABASE_URL, as
``scripts/with-postgres`` sets it) and prints PostgreSQL's p50 and p99 as
multiples of SQLite's (the goal: within 2x). ``--compare --clients 1
--deals 100`` is one phone alone: what an add costs with nobody waiting
for the list's write lock, as at a table that adds a deal a minute.

``--tables T`` (with ``--phones``, ``--poll``, ``--add``, ``--seconds``,
``--servers``) is one host serving many tables, on PostgreSQL: each phone
asks its list's ``/changes`` every few seconds with the ETag it has, as
static/list.js does, and loads the page when the list changed; each table
adds a deal every ``--add`` seconds. Prints requests served per second,
p50/p99 of polls and of adds, errors and the CPU used; with ``--servers 2``
two gunicorn servers share the database and a Redis for the limiter, the
phones of a table split between them, and every resend goes to the other
server. Then every list is read back: 0 lost, 0 doubled. ``--profile``
samples the first app server with py-spy while the tables play and prints
where its CPU goes, by kind of request, and where an add's time goes
(``bench/profile.py``).

Expected: 0 lost, 0 doubled, 0 server errors. Loopback only; bounded in
requests and time; the servers stop by themselves.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import textwrap
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.profile import available as profiling_unavailable  # noqa: E402
from bench.server import DEADLINE_SECONDS, PLAYERS, Gunicorn  # noqa: E402
from bench.tables import floor_ms, print_tables, tables  # noqa: E402



def call(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """One HTTP request with a timeout; returns the status and the JSON answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json", **(headers or {}),
    })
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def run(clients: int, deals: int, repeat_every: int, url: str) -> dict[str, Any]:
    """Send the deals and count what came back and what was stored."""
    status, created = call("POST", url + "/api/lists", {"rules": {"preset": "bavarian"}, "players": PLAYERS})
    assert status == 201, created
    list_url = f"{url}/api/lists/{created['id']}"
    key = created["edit_key"]
    acknowledged: set[str] = set()
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + DEADLINE_SECONDS

    def client(index: int) -> None:
        for n in range(deals):
            if time.monotonic() > stop_at:
                return
            token = f"c{index}-d{n}"
            deal = {"game": "sauspiel", "declarer": PLAYERS[n % 4], "partner": PLAYERS[(n + 1) % 4],
                    "points": (index * 7 + n * 13) % 121}
            sends = 2 if repeat_every and n % repeat_every == 0 else 1
            for _ in range(sends):
                start = time.perf_counter()
                status, answer = call("POST", list_url + "/deals", deal,
                                      {"X-Edit-Key": key, "Idempotency-Key": token})
                elapsed = time.perf_counter() - start
                with lock:
                    latencies.append(elapsed)
                    if status == 201:
                        acknowledged.add(token)
                    else:
                        errors.append(f"{status}: {answer}")

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    status, document = call("GET", list_url)
    stored = len(document["deals"])
    assert sum(document["totals"].values()) == 0
    latencies.sort()
    return {
        "clients": clients, "deals_each": deals, "requests": len(latencies),
        "acknowledged": len(acknowledged), "stored": stored,
        "lost": max(0, len(acknowledged) - stored), "doubled": max(0, stored - len(acknowledged)),
        "errors": len(errors), "server_errors": sum(1 for e in errors if e.startswith("5")),
        "p50_ms": statistics.median(latencies) * 1e3 if latencies else 0.0,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1e3 if latencies else 0.0,
        "mean_ms": statistics.fmean(latencies) * 1e3 if latencies else 0.0,
        "seconds": wall, "first_errors": errors[:3],
    }


#: The goal: PostgreSQL's p50 and p99 of the one-list test as multiples of SQLite's.
POSTGRES_GOAL = 2.0


def print_one_list(figures: dict[str, Any], where: str) -> None:
    """The one-list figures, as lines."""
    print(f"load: {figures['clients']} clients x {figures['deals_each']} deals into one list "
          f"through gunicorn on {where} ({figures['requests']} requests in {figures['seconds']:.1f} s)")
    for key in ("acknowledged", "stored", "lost", "doubled", "errors", "server_errors"):
        print(f"  {key:14} {figures[key]}")
    print(f"  latency p50    {figures['p50_ms']:.1f} ms")
    print(f"  latency p99    {figures['p99_ms']:.1f} ms")
    print(f"  latency mean   {figures['mean_ms']:.1f} ms "
          f"({figures['requests'] / figures['seconds']:.0f} adds/s through the list's write lock)")
    if figures["first_errors"]:
        print(f"  first errors   {figures['first_errors']}")
    if figures["server_errors"]:
        print("  the servers' error log (its last 3000 characters):")
        print(textwrap.indent(figures["server_errors"][-3000:], "    "))


def compare(clients: int, deals: int, repeat_every: int, postgres_url: str) -> None:
    """The one-list test on SQLite and then on PostgreSQL, and the ratios against the goal."""
    with tempfile.TemporaryDirectory(prefix="scorer-load-") as folder:
        with Gunicorn(database_url=f"sqlite:///{Path(folder) / 'load.sqlite3'}") as server:
            lite = run(clients, deals, repeat_every, server.url)
    print_one_list(lite, "SQLite")
    with Gunicorn(database_url=postgres_url) as server:
        postgres = run(clients, deals, repeat_every, server.url)
    print_one_list(postgres, "PostgreSQL")
    for name in ("p50", "p99"):
        ratio = postgres[f"{name}_ms"] / max(lite[f"{name}_ms"], 1e-9)
        print(f"  PostgreSQL {name} = {ratio:.2f} x SQLite's "
              f"(goal within {POSTGRES_GOAL:.0f} x: {'within' if ratio <= POSTGRES_GOAL else 'OVER'})")
    # Every add to one list passes the same lock, one at a time: with the phones always
    # waiting, the mean wait follows from the adds per second alone (Little's law), and
    # the p50 from who goes next. PostgreSQL lets waiters in in the order they came,
    # SQLite whichever retries first: a lower p50, a longer tail, the same mean.
    ratio = postgres["mean_ms"] / max(lite["mean_ms"], 1e-9)
    rate = (lite["requests"] / lite["seconds"]) / max(postgres["requests"] / postgres["seconds"], 1e-9)
    print(f"  PostgreSQL mean = {ratio:.2f} x SQLite's; SQLite's adds/s = {rate:.2f} x PostgreSQL's "
          f"(the cost of an add; p50 and p99 are how the lock's queue is served)")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat-every", type=int, default=5, help="send every K-th add twice (0: never)")
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--compare", action="store_true",
                        help="the one-list test on SQLite, then on PostgreSQL (DATABASE_URL)")
    parser.add_argument("--tables", type=int, default=0, help="serve this many tables (PostgreSQL)")
    parser.add_argument("--phones", type=int, default=4, help="phones per table")
    parser.add_argument("--poll", type=float, default=4.0, help="seconds between a phone's polls")
    parser.add_argument("--add", type=float, default=30.0, help="seconds between a table's deals")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2), help="app servers sharing the database")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per app server (4 threads each)")
    parser.add_argument("--split", action="store_true",
                        help="with --servers 2: the adds to one server, the polls and pages to the other")
    parser.add_argument("--profile", action="store_true",
                        help="with --tables: sample the (first) app server with py-spy while the tables play, "
                             "and print where its CPU and an add's time go (bench/profile.py)")
    args = parser.parse_args()
    postgres_url = args.database_url or os.environ.get("DATABASE_URL", "")
    if (args.compare or args.tables) and not postgres_url.startswith("postgres"):
        parser.error("--compare and --tables need PostgreSQL: run under scripts/with-postgres, "
                     "or give --database-url")
    if args.compare:
        compare(args.clients, args.deals, args.repeat_every, postgres_url)
    elif args.tables:
        floor = floor_ms()
        if args.split and args.servers != 2:
            parser.error("--split needs --servers 2")
        if args.profile and (why := profiling_unavailable()):
            parser.error(f"--profile: {why}")
        figures = tables(args.tables, args.phones, args.poll, args.add, args.seconds, args.servers, postgres_url,
                         args.workers, split=args.split, profile=args.profile)
        print(f"floor: hello-world Flask {floor:.2f} ms")
        print_tables(figures, floor)
    else:
        with Gunicorn(database_url=args.database_url) as server:
            figures = run(args.clients, args.deals, args.repeat_every, server.url)
        print_one_list(figures, "SQLite" if server.database_url.startswith("sqlite") else "PostgreSQL")


if __name__ == "__main__":
    main()
