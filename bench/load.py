"""Many phones adding to one list, and one host serving many tables, through gunicorn.

Run: ``python bench/load.py [--clients N] [--deals M] [--repeat-every K]``:
N concurrent clients x M deals into one list. Every add carries an
Idempotency-Key; every K-th add is sent twice, as a double tap or a resend
over bad reception would. Prints acknowledged, stored, lost, doubled,
errors and the p50/p99 latency of the adds. ``--compare`` runs it on a
temporary SQLite file and on PostgreSQL (DATABASE_URL, as
``scripts/with-postgres`` sets it) and prints PostgreSQL's p50 and p99 as
multiples of SQLite's (the goal: within 2x).

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
import contextlib
import heapq
import http.client
import json
import os
import queue
import random
import resource
import statistics
import subprocess
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

from bench.profile import Sampler, print_report, report  # noqa: E402
from bench.profile import available as profiling_unavailable  # noqa: E402
from bench.server import Gunicorn, Redis, machine_busy  # noqa: E402
from bench.web import Client  # noqa: E402

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
#: Longest the whole run may take before the clients give up.
DEADLINE_SECONDS = 300


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


#: The goals: PostgreSQL's p50 and p99 of the one-list test as
#: multiples of SQLite's; and many tables' adds at p99 as a multiple of the floor.
POSTGRES_GOAL = 2.0
ADD_P99_GOAL = 10.0


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of them lie (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(len(ordered) * share + 0.5) - 1))]


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


class Phone:
    """One keep-alive connection per server, opened again when the server closed it."""

    def __init__(self, urls: list[str]) -> None:
        self.urls = urls
        self.clients: dict[str, Client] = {}

    def request(self, url: str, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        for attempt in (1, 2):
            client = self.clients.get(url) or self.clients.setdefault(url, Client(url))
            try:
                return client.request(method, path, body, headers)
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed an idle keep-alive connection: open a new one once.
                client.connection.close()
                del self.clients[url]
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def floor_ms() -> float:
    """The median latency of a hello-world Flask app served the same way (the floor)."""
    with Gunicorn("bench.hello:app", upgrade=False) as hello:
        return Client(hello.url).timed("GET", "/", 80) * 1e3


def tables(count: int, phones: int, poll: float, add: float, seconds: float, servers: int,
           postgres_url: str, server_workers: int = 2, workers: int = 256, split: bool = False,
           profile: bool = False) -> dict[str, Any]:
    """One host (or two servers sharing one database) serving ``count`` tables for ``seconds``."""
    rng = random.Random(15)
    with contextlib.ExitStack() as stack:
        redis = stack.enter_context(Redis())
        env = {"FLASK_RATELIMIT_STORAGE_URI": redis.url}
        running = [stack.enter_context(Gunicorn(database_url=postgres_url, env=env, keepalive=30,
                                                workers=server_workers, upgrade=i == 0))
                   for i in range(servers)]
        # The floor's hello-world app, asked now and then while the tables play: what
        # the cheapest request costs on this machine under this load.
        hello = stack.enter_context(Gunicorn("bench.hello:app", upgrade=False, keepalive=30))
        return _serve_tables(count, phones, poll, add, seconds, [s.url for s in running], running, rng, workers,
                             split, probe_url=hello.url, profile=profile)


def _serve_tables(count: int, phones: int, poll: float, add: float, seconds: float, urls: list[str],
                  servers: list[Gunicorn], rng: random.Random, workers: int, split: bool = False,
                  probe_url: str | None = None, profile: bool = False) -> dict[str, Any]:
    setup = Phone(urls)
    for url in urls:  # warm every worker up: its first requests import and connect
        status, body, _ = setup.request(url, "POST", "/api/lists", {"rules": {"preset": "bavarian"}, "players": PLAYERS})
        made = json.loads(body)
        for n in range(16):  # a new connection each time, to reach every worker
            fresh = Phone(urls)
            fresh.request(url, "POST", f"/api/lists/{made['id']}/deals", {"game": "passed"},
                          {"X-Edit-Key": made["edit_key"]})
            fresh.request(url, "GET", f"/l/{made['id']}" if n % 4 == 0 else f"/l/{made['id']}/changes")
    lists = []
    for _ in range(count):
        status, body, _ = setup.request(urls[0], "POST", "/api/lists",
                                        {"rules": {"preset": "bavarian"}, "players": PLAYERS})
        assert status == 201, body[:300]
        made = json.loads(body)
        # Each phone has the page open: it holds the list's ETag from it.
        status, body, headers = setup.request(urls[0], "GET", f"/l/{made['id']}/changes")
        assert status == 200, body[:300]
        lists.append({"id": made["id"], "key": made["edit_key"], "etags": [headers["etag"]] * phones})
    # What each table and phone does, and when: (time, order, kind, table, phone).
    events: list[tuple[float, int, str, int, int]] = []
    order = 0
    for table in range(count):
        for phone in range(phones):
            at = rng.uniform(0, poll)
            while at < seconds:
                events.append((at, order, "poll", table, phone))
                order += 1
                at += poll
        at = rng.uniform(0, add)
        while at < seconds:
            events.append((at, order, "add", table, (order % phones)))
            order += 1
            at += add
    heapq.heapify(events)
    work: queue.Queue[tuple[float, str, int, int] | None] = queue.Queue()
    lock = threading.Lock()
    polls: list[float] = []
    adds: list[float] = []
    late: list[float] = []
    reloads = 0
    errors: list[str] = []
    acknowledged: list[set[str]] = [set() for _ in range(count)]
    counter = [0]

    def server_of(table: int, phone: int, kind: str) -> str:
        if split:
            # A proxy routing by path: every change to the first server, every read to the second.
            return urls[0] if kind == "add" else urls[-1]
        # The phones of a table split between the servers, as two machines behind one name would.
        return urls[(table + phone) % len(urls)]

    def worker() -> None:
        client = Phone(urls)
        while True:
            item = work.get()
            if item is None:
                return
            due, kind, table, phone = item
            entry = lists[table]
            url = server_of(table, phone, kind)
            start = time.perf_counter()
            with lock:
                late.append(max(0.0, time.monotonic() - due))
            try:
                if kind == "poll":
                    tag = entry["etags"][phone]
                    status, _body, headers = client.request(
                        url, "GET", f"/l/{entry['id']}/changes", headers={"If-None-Match": tag} if tag else {})
                    elapsed = time.perf_counter() - start
                    if status == 200 and headers.get("etag") != tag:
                        entry["etags"][phone] = headers.get("etag", "")
                        page, _page, _ = client.request(url, "GET", f"/l/{entry['id']}")
                        with lock:
                            nonlocal reloads
                            reloads += 1
                            if page != 200:
                                errors.append(f"page {page}")
                    with lock:
                        polls.append(elapsed)
                        if status not in (200, 304):
                            errors.append(f"poll {status}")
                else:
                    with lock:
                        counter[0] += 1
                        n = counter[0]
                    token = f"t{table}-n{n}"
                    deal = {"game": "sauspiel", "declarer": PLAYERS[n % 4], "partner": PLAYERS[(n + 1) % 4],
                            "points": n * 13 % 121}
                    # Every fifth add is sent again, to the other server when there are two
                    # (to the same one when changes all go to one).
                    again = url if split else urls[(urls.index(url) + 1) % len(urls)]
                    sends = [url, again] if n % 5 == 0 else [url]
                    for target in sends:
                        start = time.perf_counter()
                        status, body, _ = client.request(
                            target, "POST", f"/api/lists/{entry['id']}/deals", deal,
                            {"X-Edit-Key": entry["key"], "Idempotency-Key": token})
                        elapsed = time.perf_counter() - start
                        with lock:
                            adds.append(elapsed)
                            if status == 201:
                                acknowledged[table].add(token)
                            else:
                                errors.append(f"add {status}: {body[:120]!r}")
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    errors.append(f"{kind} {type(error).__name__}: {error}")

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(workers)]
    for thread in threads:
        thread.start()
    # A hello-world request every 50 ms from a process of its own while the tables play.
    prober = subprocess.Popen([sys.executable, str(Path(__file__).with_name("probe.py")), probe_url],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE) if probe_url else None
    # py-spy on the first app server while the tables play (--profile): what holds the
    # interpreter's lock, and where the threads inside an add wait.
    samplers = [Sampler(servers[0].pid(), seconds, idle=idle) for idle in (False, True)] if profile else []
    cpu_before = [server.cpu_seconds() for server in servers]
    busy_before = machine_busy()
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    began = time.monotonic()
    while events:
        at, _order, kind, table, phone = heapq.heappop(events)
        delay = began + at - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        work.put((began + at, kind, table, phone))
    for _ in threads:
        work.put(None)
    for thread in threads:
        thread.join(timeout=DEADLINE_SECONDS)
    probed: dict[str, Any] = {"seconds": [], "failed": 0}
    if prober is not None:
        probed = json.loads(prober.communicate(timeout=DEADLINE_SECONDS)[0])  # closing its input stops it
        if probed["failed"]:
            errors.append(f"hello-world failed {probed['failed']} times")
    wall = time.monotonic() - began
    profiled = report(*(sampler.samples(DEADLINE_SECONDS) for sampler in samplers)) if samplers else None
    busy_after = machine_busy()
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = sum(server.cpu_seconds() for server in servers) - sum(cpu_before)
    stored = []
    for entry in lists:
        status, body, _ = setup.request(urls[-1], "GET", f"/api/lists/{entry['id']}")
        assert status == 200, body[:200]
        document = json.loads(body)
        assert sum(document["totals"].values()) == 0
        stored.append(len(document["deals"]))
    acked = [len(tokens) for tokens in acknowledged]
    cores = os.cpu_count() or 1
    busy = (busy_after[0] - busy_before[0]) / max(1, busy_after[1] - busy_before[1])
    return {
        "tables": len(lists), "phones": len(lists) * len(lists[0]["etags"]), "servers": len(urls), "split": split,
        "workers": servers[0].workers,
        "seconds": wall, "requests": len(polls) + len(adds) + reloads,
        "polls": polls, "adds": adds, "reloads": reloads, "late": late, "probes": probed["seconds"],
        "acknowledged": sum(acked), "stored": sum(stored),
        "lost": sum(max(0, a - s) for a, s in zip(acked, stored)),
        "doubled": sum(max(0, s - a) for a, s in zip(acked, stored)),
        "errors": len(errors), "first_errors": errors[:3],
        "server_errors": "".join(server.errors() for server in servers),
        "machine_busy": busy, "cores": cores, "server_cpu": server_cpu, "profile": profiled,
        "client_cpu": (own_after.ru_utime + own_after.ru_stime) - (own_before.ru_utime + own_before.ru_stime),
    }


def print_tables(figures: dict[str, Any], floor: float) -> None:
    """The many-tables figures, as lines, each beside its goal."""
    servers = figures["servers"]
    print(f"tables: {figures['tables']} tables x {figures['phones'] // figures['tables']} phones "
          f"for {figures['seconds']:.0f} s, {'one gunicorn' if servers == 1 else f'{servers} gunicorns'} "
          f"of {figures['workers']} workers x 4 threads on one PostgreSQL" + (" and one Redis" if servers > 1 else "")
          + ("; the adds to the first, the polls and pages to the second" if figures["split"] else ""))
    print(f"  served         {figures['requests'] / figures['seconds']:.0f} requests/s "
          f"({len(figures['polls'])} polls, {figures['reloads']} page loads, {len(figures['adds'])} adds)")
    polls, adds = figures["polls"], figures["adds"]
    print(f"  polls          p50 {percentile(polls, 0.5) * 1e3:.1f} ms, p99 {percentile(polls, 0.99) * 1e3:.1f} ms")
    p99 = percentile(adds, 0.99) * 1e3
    print(f"  adds           p50 {percentile(adds, 0.5) * 1e3:.1f} ms, p99 {p99:.1f} ms = {p99 / floor:.1f} x floor "
          f"(goal under {ADD_P99_GOAL:.0f} x: {'within' if p99 / floor < ADD_P99_GOAL else 'OVER'})")
    if figures["probes"]:
        probes = figures["probes"]
        quiet = percentile(probes, 0.99) * 1e3
        print(f"  hello-world    p50 {percentile(probes, 0.5) * 1e3:.1f} ms, p99 {quiet:.1f} ms = {quiet / floor:.1f} x floor "
              f"({len(probes)} requests from a process of its own to the floor's app during the load: "
              f"the cheapest request on this machine)")
    print(f"  started late   p99 {percentile(figures['late'], 0.99) * 1e3:.1f} ms (the load generator's own lag)")
    for key in ("acknowledged", "stored", "lost", "doubled", "errors"):
        goal = " (goal 0)" if key in ("lost", "doubled", "errors") else ""
        print(f"  {key:14} {figures[key]}{goal}")
    print(f"  CPU            machine {figures['machine_busy'] * 100:.0f}% of {figures['cores']} cores busy "
          f"(everything on it); app servers {figures['server_cpu'] / figures['seconds']:.2f} cores, "
          f"load generator {figures['client_cpu'] / figures['seconds']:.2f} cores")
    if figures["profile"]:
        print_report(figures["profile"])
    if figures["first_errors"]:
        print(f"  first errors   {figures['first_errors']}")
    if figures["server_errors"]:
        print("  the servers' error log (its last 3000 characters):")
        print(textwrap.indent(figures["server_errors"][-3000:], "    "))


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
