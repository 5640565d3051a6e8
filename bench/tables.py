"""One host serving many tables (``bench/load.py --tables``): phones polling their lists,
tables adding deals, on PostgreSQL behind one or two gunicorn servers."""

from __future__ import annotations

import contextlib
import heapq
import http.client
import json
import os
import queue
import random
import resource
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.profile import Sampler, print_report, report  # noqa: E402
from bench.server import DEADLINE_SECONDS, PLAYERS, Gunicorn, Redis, machine_busy, percentile  # noqa: E402
from bench.web import Client  # noqa: E402

#: The goal: many tables' adds at p99 as a multiple of the floor.
ADD_P99_GOAL = 10.0


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
