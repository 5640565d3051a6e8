"""Ask a URL now and then from a process of its own, and print how long each answer took.

Run by ``bench/load.py --tables`` while the tables play: a phone that is not
one of the load generator's threads, so what it measures is the machine's
load and not the generator's own (its threads share one interpreter).
Prints one JSON list of seconds when its standard input closes or after
``--seconds``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import select
import sys
import time


def main() -> None:
    """Ask, wait, ask again; print the times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="http://127.0.0.1:PORT")
    parser.add_argument("--every", type=float, default=0.05, help="seconds between requests")
    parser.add_argument("--seconds", type=float, default=600, help="stop after this long at the latest")
    args = parser.parse_args()
    host, port = args.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    times: list[float] = []
    failed = 0
    stop_at = time.monotonic() + args.seconds
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        try:
            connection.request("GET", "/")
            response = connection.getresponse()
            response.read()
            if response.status == 200:
                times.append(time.perf_counter() - start)
            else:
                failed += 1
        except (OSError, http.client.HTTPException):
            failed += 1
            connection.close()
        # Wait for the next request, or stop when told to (standard input closed).
        if select.select([sys.stdin], [], [], args.every)[0] and not sys.stdin.read(1):
            break
    print(json.dumps({"seconds": times, "failed": failed}))


if __name__ == "__main__":
    main()
