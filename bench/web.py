"""Latency of the table app against the floor of the framework, under gunicorn.

Run: ``make bench`` or ``python bench/web.py [--samples N]``.

Prints the median latency of a hello-world Flask app (the floor) and of the
app's heavy paths, each as a multiple of the floor, against their budgets
(a group's season of 50 lists of 40 deals against the 40-deal list page's
budget) and the goals for long lists: the list page as cheap at 1000 deals
as at 40, in time and bytes; the list JSON of 1000 deals (plain, Brotli,
gzip) and its 304, each with its bytes as sent and the server's CPU a
request; the bytes a phone receives for a 40-deal list page with its
assets; and the engine's time for 1,000 deals. Loopback only; the servers stop by
themselves. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import evening, in_process  # noqa: E402
from bench.server import Gunicorn  # noqa: E402

#: Budgets, as multiples of the floor (or as stated).
BUDGETS = {"list page, 40 deals": 15, "list page, 1000 deals": 60, "add a deal to 1000": 15,
           # A group's season is held to the list page's budget.
           "group page, 50 x 40 deals": 15}
#: Goals, as multiples of the floor: the list JSON of a long list, and its 304.
GOALS = {"list JSON, 1000 deals": 15, "list JSON, 1000, br/gzip": 15, "list JSON, 304": 1.5}
#: The 1000-deal list page at most this many times the 40-deal one (time and bytes).
PAGE_GROWTH_GOAL = 1.5
PAGE_BUDGET_BYTES = 60 * 1024
#: Milliseconds for the engine to read, check and score the 1,000-deal Bavarian list.
ENGINE_BUDGET_MS = 100.0


class Client:
    """One keep-alive HTTP connection, as a phone's browser holds one."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        data = json.dumps(body).encode() if body is not None else None
        sent = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
        try:
            self.connection.request(method, path, body=data, headers=sent)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # The server let an idle keep-alive connection go: a browser opens another.
            self.connection.close()
            self.connection.request(method, path, body=data, headers=sent)
            response = self.connection.getresponse()
        return response.status, response.read(), {k.lower(): v for k, v in response.getheaders()}

    def timed(self, method: str, path: str, samples: int, body: Any = None, headers: dict[str, str] | None = None) -> float:
        """Median seconds of ``samples`` requests (after one warm-up)."""
        self.request(method, path, body, headers)
        times = []
        for _ in range(samples):
            start = time.perf_counter()
            status, _body, _ = self.request(method, path, body, headers)
            times.append(time.perf_counter() - start)
            assert status < 400, (path, status, _body[:200])
        return statistics.median(times)


def against_floor(
    client: Client, floor: Client, method: str, path: str, samples: int,
    body: Any = None, headers: dict[str, str] | None = None,
) -> tuple[float, float]:
    """Median seconds of a path, and of the floor timed just before and just after it.

    On a shared machine the load wanders within seconds; the floor of the
    same moment keeps each ratio honest. (Taken in blocks, not request by
    request: a floor request right after a heavy one waits for its leftovers.)
    """
    before = floor.timed("GET", "/", samples // 2)
    seconds = client.timed(method, path, samples, body, headers)
    after = floor.timed("GET", "/", samples // 2)
    return seconds, (before + after) / 2


def in_turn(client: Client, paths: list[str], samples: int) -> list[float]:
    """Median seconds of each path, their requests taken in turn (the same moments for all)."""
    for path in paths:
        client.request("GET", path)
    times: list[list[float]] = [[] for _ in paths]
    for _ in range(samples):
        for spent, path in zip(times, paths):
            start = time.perf_counter()
            status, _body, _ = client.request("GET", path)
            spent.append(time.perf_counter() - start)
            assert status == 200, (path, status)
    return [statistics.median(spent) for spent in times]


def make_list(client: Client, deals: int) -> dict[str, Any]:
    """A Bavarian list of ``deals`` deals, stored through the API."""
    document = evening(deals)
    status, body, _ = client.request("POST", "/api/lists", document)
    assert status == 201, body[:300]
    return dict(json.loads(body))


def make_group(client: Client, lists: int, deals: int) -> dict[str, Any]:
    """A group whose season has ``lists`` Bavarian lists of ``deals`` deals, through the API."""
    status, body, _ = client.request(
        "POST", "/api/groups", {"name": "Stammtisch", "players": ["Anna", "Bene", "Chris", "Dora"]}
    )
    assert status == 201, body[:300]
    group = dict(json.loads(body))
    for _ in range(lists):
        status, body, _ = client.request(
            "POST", f"/api/groups/{group['id']}/lists", evening(deals), {"X-Edit-Key": group["edit_key"]}
        )
        assert status == 201, body[:300]
    return group


def page_bytes(client: Client, path: str) -> tuple[int, list[str]]:
    """Bytes sent for a page and its stylesheets and scripts, compressed as served."""
    compressed = {"Accept-Encoding": "br, gzip"}
    _, html, headers = client.request("GET", path, headers=compressed)
    total = len(html)
    _, plain, _ = client.request("GET", path)
    assets = re.findall(rb'<(?:link[^>]+href|script[^>]+src)="(/static/[^"]+)"', plain)
    foreign = re.findall(rb'(?:href|src)="(https?://[^"]+)"', plain)
    for asset in assets:
        _, body, _ = client.request("GET", asset.decode().replace("&amp;", "&"), headers=compressed)
        total += len(body)
    return total, [f.decode() for f in foreign]


def sent_bytes(client: Client, path: str, headers: dict[str, str] | None) -> tuple[int, int]:
    """The body's bytes and the header lines' bytes of one answer, as sent."""
    _, body, answer = client.request("GET", path, headers=headers)
    return len(body), sum(len(name) + len(value) + 4 for name, value in answer.items())


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    n = args.samples
    with Gunicorn("bench.hello:app", upgrade=False) as hello, Gunicorn() as server:
        base = Client(hello.url)
        floor = base.timed("GET", "/", n * 2)
        client = Client(server.url)
        small = make_list(client, 40)
        large = make_list(client, 1000)
        group = make_group(client, 50, 40)
        start = time.perf_counter()
        status, _body, _ = client.request("GET", group["url"])
        cold = time.perf_counter() - start
        assert status == 200, status
        _, _, answer = client.request("GET", f"/api/lists/{large['id']}")
        compressed = {"Accept-Encoding": "br, gzip"}
        paths: dict[str, tuple[str, str, dict[str, str] | None]] = {
            "list page, 40 deals": ("GET", small["url"], None),
            "list page, 1000 deals": ("GET", large["url"], None),
            "list JSON, 1000 deals": ("GET", f"/api/lists/{large['id']}", None),
            "list JSON, 1000, br/gzip": ("GET", f"/api/lists/{large['id']}", compressed),
            "list JSON, 1000, gzip": ("GET", f"/api/lists/{large['id']}", {"Accept-Encoding": "gzip"}),
            "list JSON, 304": ("GET", f"/api/lists/{large['id']}", {"If-None-Match": answer["etag"]}),
            "group page, 50 x 40 deals": ("GET", group["url"], None),
        }
        # Each figure with the floor timed in turn with it (its own moment's floor).
        timed: dict[str, tuple[float, float]] = {}
        #: The server's CPU a request (its workers', from /proc): what the load does not move much.
        cpu: dict[str, float] = {}
        for name, (method, path, headers) in paths.items():
            before = server.cpu_seconds()
            timed[name] = against_floor(client, base, method, path, n, None, headers)
            cpu[name] = (server.cpu_seconds() - before) / (n + 1)
        json_sizes = {name: sent_bytes(client, path, headers) for name, (_m, path, headers) in paths.items()
                      if name.startswith("list JSON")}
        page_sizes = {deals: len(client.request("GET", made["url"], headers=compressed)[1])
                      for deals, made in ((40, small), (1000, large))}
        # The two pages' times compared request by request: the load's drift between two
        # figures taken one after the other is larger than what is compared.
        page_times = dict(zip((40, 1000), in_turn(client, [small["url"], large["url"]], n)))
        deal = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
        timed["add a deal to 1000"] = against_floor(
            client, base, "POST", f"/api/lists/{large['id']}/deals", n, deal, {"X-Edit-Key": large["edit_key"]}
        )
        sent, foreign = page_bytes(client, small["url"])
    figures = {name: seconds for name, (seconds, _floor) in timed.items()}
    text = json.dumps(evening(1_000))
    engine = statistics.median(in_process(text, 5))

    print(f"web: gunicorn gthread, 2 workers x 4 threads, loopback, median of {n} requests")
    print(f"  {'hello-world Flask (floor)':26} {floor * 1e3:8.2f} ms (alone; each ratio below "
          "takes the floor timed just before and after it)")
    for name, (seconds, moment) in timed.items():
        ratio = seconds / moment
        budget = BUDGETS.get(name)
        verdict = "" if budget is None else f"  (budget {budget} x: {'within' if ratio <= budget else 'OVER'})"
        if name in GOALS:
            verdict = f"  (goal {GOALS[name]} x: {'met' if ratio <= GOALS[name] else 'MISSED'})"
        print(f"  {name:26} {seconds * 1e3:8.2f} ms = {ratio:6.1f} x floor{verdict}")
        if name in json_sizes:
            body, head = json_sizes[name]
            print(f"  {'':26} {body:8,} bytes of body, {head:,} of headers; "
                  f"server CPU {cpu[name] * 1e3:.2f} ms a request")
    growth = page_times[1000] / page_times[40]
    size_growth = page_sizes[1000] / page_sizes[40]
    print(f"  {'list page 1000 / 40, time':26} {growth:8.2f} x  ({page_times[1000] * 1e3:.2f} / "
          f"{page_times[40] * 1e3:.2f} ms, taken in turn; goal {PAGE_GROWTH_GOAL} x: "
          f"{'met' if growth <= PAGE_GROWTH_GOAL else 'MISSED'})")
    print(f"  {'list page 1000 / 40, bytes':26} {size_growth:8.2f} x  ({page_sizes[1000]:,} / "
          f"{page_sizes[40]:,} bytes as sent, br; goal {PAGE_GROWTH_GOAL} x: "
          f"{'met' if size_growth <= PAGE_GROWTH_GOAL else 'MISSED'})")
    group_to_list = figures["group page, 50 x 40 deals"] / figures["list page, 40 deals"]
    print(f"  {'group page / list page':26} {group_to_list:8.2f} x (the same budget: a noisy "
          "machine moves both alike)")
    print(f"  {'group page, first view':26} {cold * 1e3:8.2f} ms = {cold / floor:6.1f} x floor "
          "(every list replayed from one query, then kept by its revision)")
    print(f"  {'40-deal page + assets':26} {sent / 1024:8.1f} KiB as sent (br/gzip) "
          f"(budget 60 KiB: {'within' if sent <= PAGE_BUDGET_BYTES else 'OVER'}); "
          f"other hosts: {len(foreign)}")
    ms = engine * 1e3
    print(f"  {'engine, 1,000 deals':26} {ms:8.1f} ms "
          f"(budget {ENGINE_BUDGET_MS:.0f} ms: {'within' if ms < ENGINE_BUDGET_MS else 'OVER'})")


if __name__ == "__main__":
    main()
