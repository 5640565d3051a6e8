"""A switch for browser tests: the network drops after the server stored a deal.

Registered only when ``OFFLINE_TEST_ROUTES`` is set (never in production):
``POST /test/offline/drop-after-store?count=N`` makes the next N deals added
through the JSON API, or saved by deal.js in one request, be stored and then
answered with a dropped connection, as when the signal goes in the cellar
while the answer is on its way.
"""

from __future__ import annotations

import socket
import threading
from typing import Any

from flask import Flask, Response, jsonify, request

from scorer.web.extensions import csrf


def stored_a_deal(response: Response) -> bool:
    """Whether this answer says a deal was just stored: by the JSON API, or a scripted save."""
    if request.endpoint == "api.add_deal":
        return response.status_code == 201
    if request.endpoint == "deals.new_deal" and request.method == "POST" and response.is_json:
        return "main" in (response.get_json(silent=True) or {})
    return False


def register(app: Flask) -> None:
    """Add the test switch and the hook that drops the answers."""
    lock = threading.Lock()
    pending = {"count": 0, "dropped": 0}

    @app.post("/test/offline/drop-after-store")
    @csrf.exempt  # type: ignore[untyped-decorator]  # Flask-WTF has no types
    def drop_after_store() -> Any:
        with lock:
            pending["count"] = request.args.get("count", 1, type=int)
            pending["dropped"] = 0
        return jsonify(pending)

    @app.get("/test/offline/dropped")
    def dropped() -> Any:
        with lock:
            return jsonify(pending)

    @app.after_request
    def drop_answer(response: Response) -> Response:
        if not stored_a_deal(response):
            return response
        with lock:
            if pending["count"] <= 0:
                return response
            pending["count"] -= 1
            pending["dropped"] += 1
        connection = request.environ.get("werkzeug.socket")
        if connection is not None:
            # The deal is committed; the phone never hears so.
            connection.shutdown(socket.SHUT_RDWR)
            return response
        return Response("dropped", status=502)
