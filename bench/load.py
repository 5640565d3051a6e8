"""Many phones, one list: N concurrent clients x M deals through gunicorn.

Run: ``python bench/load.py [--clients N] [--deals M] [--repeat-every K]``.
Every add carries an Idempotency-Key; every K-th add is sent twice, as a
double tap or a resend over bad reception would. Prints acknowledged,
stored, lost, doubled, errors and the p50/p99 latency of the adds.
Expected: 0 lost, 0 doubled, 0 server errors. Loopback only; bounded in
requests and time; the server stops by itself.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import Gunicorn  # noqa: E402

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
        "seconds": wall, "first_errors": errors[:3],
    }


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat-every", type=int, default=5, help="send every K-th add twice (0: never)")
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args()
    with Gunicorn(database_url=args.database_url) as server:
        figures = run(args.clients, args.deals, args.repeat_every, server.url)
    print(f"load: {figures['clients']} clients x {figures['deals_each']} deals into one list "
          f"through gunicorn ({figures['requests']} requests in {figures['seconds']:.1f} s)")
    for key in ("acknowledged", "stored", "lost", "doubled", "errors", "server_errors"):
        print(f"  {key:14} {figures[key]}")
    print(f"  latency p50    {figures['p50_ms']:.1f} ms")
    print(f"  latency p99    {figures['p99_ms']:.1f} ms")
    if figures["first_errors"]:
        print(f"  first errors   {figures['first_errors']}")


if __name__ == "__main__":
    main()
