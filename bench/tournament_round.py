"""What bench/tournament.py's clients share: a connection that reopens, and the round's counts and lags.

A table client reports each deal acknowledged; a follower reports the
standings it received, and each deal acknowledged before and now shown
gives one lag (from its 201 until a poll first shows it).
"""

from __future__ import annotations

import http.client
import threading
import time
from typing import Any

from bench.web import Client


class Line:
    """A keep-alive connection opened again after a network error."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client = Client(url)

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        try:
            return self.client.request(method, path, body, headers)
        except (OSError, http.client.HTTPException):
            self.client.connection.close()
            self.client = Client(self.url)
            raise


class Round:
    """What the table clients and the followers share: the 201s waiting to be seen, the lags, the counts."""

    def __init__(self, tables: list[dict[str, Any]]) -> None:
        self.tables = tables
        self.lock = threading.Lock()
        #: Per table: the deals acknowledged and not yet shown, as (count, time of the 201).
        self.waiting: list[list[tuple[int, float]]] = [[] for _ in tables]
        #: Per table: the projector's deals acknowledged and not yet on its screen.
        self.waiting_projector: list[list[tuple[int, float]]] = [[] for _ in tables]
        self.lags: list[float] = []
        self.projector_lags: list[float] = []
        self.requests = {"adds": 0, "polls": 0, "not_modified": 0}
        self.add_seconds: list[float] = []
        self.poll_seconds: list[float] = []
        self.errors: list[str] = []
        self.retries = 0
        self.sent = 0
        self.acknowledged: list[set[str]] = [set() for _ in tables]
        #: The table each participant sits at (by start number).
        self.table_of = {n: i for i, t in enumerate(tables) for n in t["numbers"]}

    def acknowledged_deal(self, table: int, count: int) -> None:
        now = time.monotonic()
        with self.lock:
            self.waiting[table].append((count, now))
            self.waiting_projector[table].append((count, now))

    def shown(self, body: dict[str, Any], received: float, projector: bool) -> None:
        """A follower received these standings: the deals each table shows are now seen."""
        counts = [0] * len(self.tables)
        for standing in body["standings"]:
            table = self.table_of.get(standing["number"])
            if table is not None:
                counts[table] += standing["solos_won"]
        with self.lock:
            for waiting, lags in ((self.waiting, self.lags), (self.waiting_projector, self.projector_lags)):
                if waiting is self.waiting_projector and not projector:
                    continue
                for table, count in enumerate(counts):
                    pending = waiting[table]
                    while pending and pending[0][0] <= count and pending[0][1] <= received:
                        lags.append(received - pending.pop(0)[1])
