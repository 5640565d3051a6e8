"""The real HTTP server (gunicorn on loopback): concurrency and a hard kill."""

from __future__ import annotations

import json
import urllib.request

import pytest

from bench.load import call, print_one_list, run
from bench.server import Gunicorn

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]


def test_several_phones_adding_at_once_never_lose_or_double_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    with Gunicorn() as server:
        figures = run(clients=6, deals=8, repeat_every=2, url=server.url)
    assert figures["acknowledged"] == 48
    assert figures["stored"] == 48
    assert figures["errors"] == 0
    print_one_list(figures, "SQLite")  # as make bench prints them
    printed = capsys.readouterr().out
    assert "acknowledged   48" in printed and "lost           0" in printed and "latency p99" in printed


def test_a_hard_kill_loses_no_acknowledged_deal() -> None:
    server = Gunicorn()
    with server:
        status, created = call(
            "POST", server.url + "/api/lists", {"rules": {"preset": "bavarian"}, "players": PLAYERS}
        )
        assert status == 201
        path = f"/api/lists/{created['id']}"
        acknowledged = []
        for n in range(12):
            deal = {"game": "solo", "declarer": PLAYERS[n % 4], "points": 50 + n}
            status, answer = call("POST", server.url + path + "/deals", deal,
                                  {"X-Edit-Key": created["edit_key"]})
            assert status == 201
            acknowledged.append(answer)
        server.kill()
        restarted = Gunicorn(database_url=server.database_url, upgrade=False)
        with restarted:
            with urllib.request.urlopen(restarted.url + path, timeout=10) as response:
                document = json.loads(response.read())
    assert [d["payouts"] for d in document["deals"]] == [a["payouts"] for a in acknowledged]
