"""A Preisschafkopf tournament's round: 100 tables adding deals while 200 phones and a projector follow the standings.

Run: ``scripts/with-postgres python bench/tournament.py [--players 400] [--deals 32]
[--gap 2.0] [--spread 0.5] [--poll 5] [--projector 1.5]``.

Makes a tournament of ``--players`` (Bavarian rules, tournament points
"1/5") through the JSON API on PostgreSQL behind gunicorn, draws round 1
(tables of four), then plays it: the deals come in waves, as a round's end
brings them, every ``--gap`` seconds each table adds its next deal within
``--spread`` seconds of the others (a burst). Each add carries an
Idempotency-Key and is sent again with the same key after a network error;
every 8th is sent twice, as a double tap would. Meanwhile each phone asks
``GET /api/tournaments/ID`` every ``--poll`` seconds and the projector every
``--projector`` seconds, each with the ETag it holds (If-None-Match).

Every deal is a solo game its declarer wins, so a table's solo games won in
the standings count the deals they show. Prints the requests, errors, deals
sent, acknowledged and stored (lost, doubled), the standings' lag (from a
deal's 201 until a poll first shows it, by any follower and by the projector:
p50, p95, p99, max), the standings request's time with the tables and
followers paused at 0 %, 50 % and 100 % of the deals (the whole answer, and
its 304), and the CPU the app server used. The round stops after 150 s
whatever is left of it.

Loopback only; bounded in requests and time; the server stops by itself.
Figures, not assertions.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import resource
import statistics
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import DEADLINE_SECONDS, Gunicorn, machine_busy, percentile  # noqa: E402
from bench.tournament_round import Line, Round  # noqa: E402

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
#: The goal: a table's last deal in the standings within this many seconds (p99).
LAG_GOAL = 2.0
#: Longest the round may take: the tables stop sending after this many seconds.
PLAY_SECONDS = 150.0
#: Tries of one add after network errors, each with the same Idempotency-Key.
TRIES = 5


def setup(url: str, players: int, deals: int) -> tuple[str, list[dict[str, Any]]]:
    """Make the tournament, draw round 1, and answer its id and the tables (numbers, list, key)."""
    line = Line(url)
    names = [f"Player {n}" for n in range(1, players + 1)]
    status, body, _ = line.request("POST", "/api/tournaments", {
        "name": "Bench Cup", "rules": RULES, "players": names, "rounds": 3, "deals_per_round": deals})
    assert status == 201, body[:300]
    made = json.loads(body)
    status, body, _ = line.request("POST", f"/api/tournaments/{made['id']}/rounds", {"round": 1},
                                   {"X-Edit-Key": made["edit_key"]})
    assert status == 201, body[:300]
    drawn = json.loads(body)["tables"]
    status, body, _ = line.request("GET", f"/api/tournaments/{made['id']}")
    numbers = {t["table"]: t["numbers"] for t in json.loads(body)["rounds"][0]["tables"]}
    return made["id"], [
        {"id": t["list"]["id"], "key": t["list"]["edit_key"], "players": t["players"],
         "numbers": numbers[t["table"]]} for t in drawn]


def quiet_timings(url: str, path: str, samples: int = 15) -> dict[str, float]:
    """The standings request's median time with the bench's other clients paused: the whole answer and its 304."""
    line = Line(url)
    status, body, headers = line.request("GET", path)
    assert status == 200, body[:200]
    tag = headers.get("etag")
    whole, not_modified = [], []
    for _ in range(samples):
        start = time.perf_counter()
        status, _body, _ = line.request("GET", path)
        whole.append(time.perf_counter() - start)
        if tag:
            start = time.perf_counter()
            status, _body, _ = line.request("GET", path, headers={"If-None-Match": tag})
            not_modified.append(time.perf_counter() - start)
    return {"whole": statistics.median(whole) * 1e3,
            "not_modified": statistics.median(not_modified) * 1e3 if not_modified else float("nan"),
            "bytes": float(len(body))}


def play(server: Gunicorn, tournament: str, tables: list[dict[str, Any]], deals: int, gap: float, spread: float,
         phones: int, poll: float, projector_poll: float) -> dict[str, Any]:
    """Play the round: the waves of deals, the followers polling, the quiet measurements."""
    url = server.url
    shared = Round(tables)
    path = f"/api/tournaments/{tournament}"
    stop_at = time.monotonic() + PLAY_SECONDS
    following = threading.Event()
    following.set()
    done = threading.Event()
    waves = [threading.Event() for _ in range(deals)]
    finished = [0] * deals
    finished_lock = threading.Lock()
    in_flight = [0]

    def table_client(index: int) -> None:
        table = tables[index]
        line = Line(url)
        offsets = random.Random(index)
        for n in range(deals):
            waves[n].wait(timeout=DEADLINE_SECONDS)
            time.sleep(offsets.uniform(0, spread))
            players = table["players"]
            deal = {"game": "wenz" if n % 3 == 2 else "solo", "declarer": players[n % 4],
                    "points": 61 + (index * 7 + n * 13) % 60}
            token = f"{tournament}-t{index}-d{n}"
            if time.monotonic() > stop_at:
                return
            with shared.lock:
                shared.sent += 1
            for send in range(2 if n % 8 == 7 else 1):
                for attempt in range(TRIES):
                    if time.monotonic() > stop_at:
                        return
                    start = time.perf_counter()
                    try:
                        status, body, _ = line.request(
                            "POST", f"/api/lists/{table['id']}/deals", deal,
                            {"X-Edit-Key": table["key"], "Idempotency-Key": token})
                    except (OSError, http.client.HTTPException) as error:
                        with shared.lock:
                            shared.retries += 1
                            if attempt == TRIES - 1:
                                shared.errors.append(f"add {type(error).__name__}: {error}")
                        continue
                    with shared.lock:
                        shared.requests["adds"] += 1
                        shared.add_seconds.append(time.perf_counter() - start)
                        if status == 201:
                            first = token not in shared.acknowledged[index]
                            shared.acknowledged[index].add(token)
                        else:
                            first = False
                            shared.errors.append(f"add {status}: {body[:160]!r}")
                    if first:
                        shared.acknowledged_deal(index, n + 1)
                    break
            with finished_lock:
                finished[n] += 1

    def follower(every: float, projector: bool, seed: int) -> None:
        line = Line(url)
        tag = ""
        last: dict[str, Any] | None = None
        time.sleep(random.Random(seed).uniform(0, every))
        while not done.is_set() and time.monotonic() < stop_at:
            began = time.monotonic()
            with finished_lock:
                paused = not following.is_set()
                if not paused:
                    in_flight[0] += 1
            if paused:
                following.wait(timeout=DEADLINE_SECONDS)
                continue
            try:
                start = time.perf_counter()
                status, body, headers = line.request("GET", path, headers={"If-None-Match": tag} if tag else {})
                received = time.monotonic()
                with shared.lock:
                    shared.requests["polls"] += 1
                    shared.poll_seconds.append(time.perf_counter() - start)
                    if status == 304:
                        shared.requests["not_modified"] += 1
                if status == 200:
                    last = json.loads(body)
                    tag = headers.get("etag", "")
                elif status != 304:
                    with shared.lock:
                        shared.errors.append(f"poll {status}: {body[:160]!r}")
                if last is not None and status in (200, 304):
                    shared.shown(last, received, projector)
            except (OSError, http.client.HTTPException) as error:
                with shared.lock:
                    shared.errors.append(f"poll {type(error).__name__}: {error}")
            finally:
                with finished_lock:
                    in_flight[0] -= 1
            done.wait(max(0.0, began + every - time.monotonic()))

    def quiet(share: str) -> dict[str, float]:
        """Stop the followers, let their requests end, time the standings alone, go on."""
        with finished_lock:
            following.clear()
        while True:
            with finished_lock:
                if not in_flight[0]:
                    break
            time.sleep(0.01)
        try:
            timed = quiet_timings(url, path)
        except (OSError, http.client.HTTPException) as error:  # a server still buried in work
            with shared.lock:
                shared.errors.append(f"quiet standings {type(error).__name__}: {error}")
            timed = {"whole": float("nan"), "not_modified": float("nan"), "bytes": float("nan")}
        timed["share"] = float(share.rstrip("%"))
        following.set()
        return timed

    quiet_figures = [quiet("0%")]
    threads = [threading.Thread(target=table_client, args=(i,), daemon=True) for i in range(len(tables))]
    threads += [threading.Thread(target=follower, args=(poll, False, i), daemon=True) for i in range(phones)]
    threads.append(threading.Thread(target=follower, args=(projector_poll, True, -1), daemon=True))
    busy_before = machine_busy()
    cpu_before = server.cpu_seconds()
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for n in range(deals):
        wave_began = time.monotonic()
        if n == deals // 2:
            # Half the deals are in: measure the standings with the tables and followers paused.
            while time.monotonic() < stop_at:
                with finished_lock:
                    if finished[n - 1] == len(tables):
                        break
                time.sleep(0.01)
            quiet_figures.append(quiet("50%"))
            wave_began = time.monotonic()
        waves[n].set()
        time.sleep(max(0.0, wave_began + gap - time.monotonic()))
    while time.monotonic() < stop_at:
        with finished_lock:
            if finished[-1] == len(tables):
                break
        time.sleep(0.05)
    # Let the followers see the last wave (a few of their polls), then stop them.
    last_deadline = time.monotonic() + max(poll, projector_poll) + 5
    while time.monotonic() < last_deadline:
        with shared.lock:
            if not any(shared.waiting) and not any(shared.waiting_projector):
                break
        time.sleep(0.05)
    done.set()
    following.set()
    for thread in threads:
        thread.join(timeout=30)
    wall = time.monotonic() - began
    busy_after = machine_busy()
    server_cpu = server.cpu_seconds() - cpu_before
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    quiet_figures.append(quiet("100%"))
    line = Line(url)
    stored = []
    for table in tables:
        for attempt in range(TRIES):  # a server still working off its queue may time out
            try:
                status, body, _ = line.request("GET", f"/api/lists/{table['id']}")
                break
            except (OSError, http.client.HTTPException):
                if attempt == TRIES - 1:
                    raise
        assert status == 200, body[:200]
        stored.append(len(json.loads(body)["deals"]))
    acked = [len(tokens) for tokens in shared.acknowledged]
    unseen = sum(len(w) for w in shared.waiting)
    return {
        "tables": len(tables), "players": sum(len(t["players"]) for t in tables), "phones": phones,
        "deals_each": deals, "seconds": wall, "requests": shared.requests,
        "adds": shared.add_seconds, "polls": shared.poll_seconds,
        "sent": shared.sent, "planned": len(tables) * deals, "acknowledged": sum(acked), "stored": sum(stored),
        "lost": sum(max(0, a - s) for a, s in zip(acked, stored)),
        "doubled": sum(max(0, s - a) for a, s in zip(acked, stored)),
        "errors": shared.errors, "retries": shared.retries, "unseen": unseen,
        "lags": shared.lags, "projector_lags": shared.projector_lags, "quiet": quiet_figures,
        "machine_busy": (busy_after[0] - busy_before[0]) / max(1, busy_after[1] - busy_before[1]),
        "server_cpu": server_cpu,
        "client_cpu": (own_after.ru_utime + own_after.ru_stime) - (own_before.ru_utime + own_before.ru_stime),
    }


def print_figures(figures: dict[str, Any], server: Gunicorn) -> None:
    """The figures, as lines, the goals beside them."""
    requests = figures["requests"]
    print(f"tournament: {figures['players']} players at {figures['tables']} tables x {figures['deals_each']} deals, "
          f"{figures['phones']} phones and a projector following the standings, one gunicorn of "
          f"{server.workers} workers x {server.threads} threads on PostgreSQL; {figures['seconds']:.0f} s")
    total = requests["adds"] + requests["polls"]
    print(f"  requests       {total} ({requests['adds']} adds, {requests['polls']} standings polls, "
          f"{requests['not_modified']} of them 304), {total / figures['seconds']:.0f}/s")
    adds, polls = figures["adds"], figures["polls"]
    print(f"  adds           p50 {percentile(adds, 0.5) * 1e3:.0f} ms, p99 {percentile(adds, 0.99) * 1e3:.0f} ms")
    print(f"  polls          p50 {percentile(polls, 0.5) * 1e3:.0f} ms, p99 {percentile(polls, 0.99) * 1e3:.0f} ms")
    print(f"  deals          {figures['planned']} planned, sent {figures['sent']}, acknowledged {figures['acknowledged']}, "
          f"stored {figures['stored']}; lost {figures['lost']}, doubled {figures['doubled']} (goal 0, 0)")
    print(f"  errors         {len(figures['errors'])} (goal 0); network errors sent again: {figures['retries']}")
    for name, lags in (("lag, any", figures["lags"]), ("lag, projector", figures["projector_lags"])):
        p99 = percentile(lags, 0.99)
        goal = f" (goal p99 under {LAG_GOAL:.0f} s: {'within' if p99 < LAG_GOAL else 'OVER'})" \
            if name == "lag, any" else ""
        print(f"  {name:14} p50 {percentile(lags, 0.5):.2f} s, p95 {percentile(lags, 0.95):.2f} s, "
              f"p99 {p99:.2f} s, max {max(lags, default=0):.2f} s over {len(lags)} deals{goal}")
    if figures["unseen"]:
        print(f"  never shown    {figures['unseen']} deals acknowledged but never seen in the standings")
    for quiet in figures["quiet"]:
        print(f"  standings at {quiet['share']:3.0f}% of the deals: {quiet['whole']:.1f} ms the whole answer "
              f"({quiet['bytes'] / 1024:.0f} KiB), {quiet['not_modified']:.1f} ms its 304 (median, the bench's own clients paused)")
    print(f"  CPU            machine {figures['machine_busy'] * 100:.0f}% of {os.cpu_count()} cores busy "
          f"(everything on it, other work included); app server {figures['server_cpu'] / figures['seconds']:.2f} "
          f"cores, {figures['server_cpu'] / max(1, total) * 1e3:.1f} ms a request; load generator "
          f"{figures['client_cpu'] / figures['seconds']:.2f} cores")
    if figures["errors"]:
        print(f"  first errors   {figures['errors'][:3]}")
    if server.errors():
        print("  the server's error log (its last 3000 characters):")
        print(textwrap.indent(server.errors()[-3000:], "    "))


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--deals", type=int, default=32, help="deals per table (a multiple of 4)")
    parser.add_argument("--gap", type=float, default=2.0, help="seconds between waves of deals")
    parser.add_argument("--spread", type=float, default=0.5, help="seconds a wave's deals spread over")
    parser.add_argument("--phones", type=int, default=200, help="phones following the standings")
    parser.add_argument("--poll", type=float, default=5.0, help="seconds between a phone's polls")
    parser.add_argument("--projector", type=float, default=1.5,
                        help="seconds between the projector's polls (as the standings page on a wide screen)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (4 threads each)")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    postgres_url = args.database_url or os.environ.get("DATABASE_URL", "")
    if not postgres_url.startswith("postgres"):
        parser.error("needs PostgreSQL: run under scripts/with-postgres, or give --database-url")
    with Gunicorn(database_url=postgres_url, workers=args.workers, keepalive=30) as server:
        tournament, tables = setup(server.url, args.players, args.deals)
        figures = play(server, tournament, tables, args.deals, args.gap, args.spread,
                       args.phones, args.poll, args.projector)
        print_figures(figures, server)


if __name__ == "__main__":
    main()
