"""The tournament's page and its API read at 400 players and six rounds, every table with deals.

Run: ``scripts/with-postgres python bench/tournament_page.py [--players 400] [--rounds 6]
[--deals-each 4] [--samples 7]`` (without ``scripts/with-postgres``: SQLite).

Makes a tournament of ``--players`` (Bavarian rules, tournament points
"1/5", 32 deals a round) through the JSON API behind gunicorn, draws
``--rounds`` rounds and, after each draw, adds ``--deals-each`` deals at
every table of it (while the round is open to its tables' keys). Then asks,
one request at a time, for the organiser's page (``/t/ID`` with the session
the edit link leaves), the same page as a watcher sees it, and
``GET /api/tournaments/ID`` with and without the organiser's key. Prints for
each the median and the slowest of ``--samples`` answers (after one warm-up)
and the answer's bytes before compression, against the goal for the
organiser's page: under 1 s and 300 KB.

Loopback only; bounded in requests (the setup stops after 240 s) and time;
the server stops by itself. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import Gunicorn, machine_busy  # noqa: E402
from bench.web import Client  # noqa: E402

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
#: The organiser's page's goals: seconds and bytes of HTML before compression.
GOAL_SECONDS = 1.0
GOAL_BYTES = 300_000
#: Longest the setup (the tournament, its draws and deals) may take.
SETUP_SECONDS = 240.0
#: Clients adding the deals at once.
ADDERS = 8


def add_deals(url: str, tables: list[dict[str, Any]], each: int, deadline: float) -> int:
    """Add ``each`` solo games won at every table, from a few clients at once; answer the deals stored."""
    stored = [0]
    lock = threading.Lock()
    waiting = list(tables)

    def adder() -> None:
        client = Client(url)
        while time.monotonic() < deadline:
            with lock:
                if not waiting:
                    return
                table = waiting.pop()
            for n in range(each):
                declarer = table["players"][1 + n % (len(table["players"]) - 1)]
                status, body, _ = client.request(
                    "POST", f"/api/lists/{table['list']['id']}/deals",
                    {"game": "solo", "declarer": declarer, "points": 61},
                    {"X-Edit-Key": table["list"]["edit_key"]})
                assert status == 201, body[:300]
                with lock:
                    stored[0] += 1

    threads = [threading.Thread(target=adder) for _ in range(ADDERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return stored[0]


def setup(url: str, players: int, rounds: int, each: int) -> tuple[dict[str, Any], int]:
    """Make the tournament, draw its rounds with deals at every table; answer it and the deals stored."""
    deadline = time.monotonic() + SETUP_SECONDS
    client = Client(url)
    status, body, _ = client.request("POST", "/api/tournaments", {
        "name": "Bench Cup", "rules": RULES, "players": [f"Player {n}" for n in range(1, players + 1)],
        "rounds": rounds, "deals_per_round": 32})
    assert status == 201, body[:300]
    made = json.loads(body)
    deals = 0
    for number in range(1, rounds + 1):
        if time.monotonic() > deadline:
            raise SystemExit(f"the setup took over {SETUP_SECONDS:.0f} s; stopped at round {number}")
        status, body, _ = client.request("POST", f"/api/tournaments/{made['id']}/rounds", {"round": number},
                                         {"X-Edit-Key": made["edit_key"]})
        assert status == 201, body[:300]
        deals += add_deals(url, json.loads(body)["tables"], each, deadline)
    return made, deals


def organiser_cookie(url: str, made: dict[str, Any]) -> str:
    """The session cookie the edit link leaves on a phone: it holds the tournament's key."""
    status, _body, headers = Client(url).request("GET", made["edit_url"])
    assert status == 302 and "set-cookie" in headers, (status, headers)
    return headers["set-cookie"].split(";", 1)[0]


def timed(url: str, path: str, samples: int, headers: dict[str, str]) -> tuple[float, float, int]:
    """Median and slowest seconds of ``samples`` answers after one warm-up, and the answer's bytes."""
    client = Client(url)
    client.request("GET", path, None, headers)
    times, size = [], 0
    for _ in range(samples):
        start = time.perf_counter()
        status, body, _ = client.request("GET", path, None, headers)
        times.append(time.perf_counter() - start)
        assert status == 200, (path, status, body[:200])
        size = len(body)
    return statistics.median(times), max(times), size


def main() -> None:
    """Set the tournament up behind gunicorn and time its page and its API read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--deals-each", type=int, default=4)
    parser.add_argument("--samples", type=int, default=7)
    args = parser.parse_args()
    if not (8 <= args.players <= 400 and 1 <= args.rounds <= 6 and 0 <= args.deals_each <= 32
            and 1 <= args.samples <= 50):
        raise SystemExit("players 8..400, rounds 1..6, deals-each 0..32, samples 1..50")
    with Gunicorn() as server:
        started = time.monotonic()
        made, deals = setup(server.url, args.players, args.rounds, args.deals_each)
        print(f"{args.players} players, {args.rounds} rounds drawn, {deals} deals at "
              f"{args.rounds * args.players // 4} tables, set up in {time.monotonic() - started:.0f} s "
              f"({server.database_url.split(':', 1)[0]})")
        busy_before, total_before = machine_busy()
        cookie = organiser_cookie(server.url, made)
        page = f"/t/{made['id']}"
        api = f"/api/tournaments/{made['id']}"
        rows = [
            ("the organiser's page", page, {"Cookie": cookie}),
            ("the page, watching", page, {}),
            ("the API read, with the key", api, {"X-Edit-Key": made["edit_key"]}),
            ("the API read, without", api, {}),
        ]
        print(f"{'answer':32} {'median':>9} {'slowest':>9} {'bytes':>10}")
        for label, path, headers in rows:
            median, slowest, size = timed(server.url, path, args.samples, headers)
            print(f"{label:32} {median * 1000:7.0f} ms {slowest * 1000:6.0f} ms {size:10,}")
            if label == "the organiser's page":
                print(f"{'  goal':32} {GOAL_SECONDS * 1000:7.0f} ms {'':9} {GOAL_BYTES:10,}")
        busy_after, total_after = machine_busy()
        share = 100 * (busy_after - busy_before) / max(1, total_after - total_before)
        print(f"the machine was {share:.0f} % busy while timing (all cores, this bench included)")
        errors = server.errors().strip()
        if errors:
            print("server errors:\n" + errors[-2000:])


if __name__ == "__main__":
    main()
