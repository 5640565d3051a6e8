"""Print how long the engine takes to score a 10,000-deal list.

Run: ``make bench`` or ``python bench/engine.py [--deals N] [--repeat R]``.
Budget (issue 2): under 50 microseconds per deal in process.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.engine import parse_document, read_list  # noqa: E402

BUDGET_US = 50.0
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]


def evening(deals: int, seed: int = 7) -> dict[str, Any]:
    """A Bavarian list of the given length with a realistic mix of games."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for _ in range(deals):
        roll = rng.random()
        declarer, partner = rng.sample(PLAYERS, 2)
        points = rng.randint(0, 120)
        if roll < 0.55:
            deal = {"game": "sauspiel", "declarer": declarer, "partner": partner,
                    "points": points, "laufende": rng.choice([0, 0, 3, 4]),
                    "contra": rng.random() < 0.1, "doubles": rng.choice([0, 0, 0, 1])}
        elif roll < 0.8:
            deal = {"game": rng.choice(["solo", "wenz"]), "declarer": declarer,
                    "points": points, "laufende": rng.choice([0, 2, 3])}
            if points in (0, 120):
                deal["schwarz"] = rng.random() < 0.5
        elif roll < 0.95:
            cut = sorted(rng.sample(range(1, 120), 3))
            shares = [cut[0], cut[1] - cut[0], cut[2] - cut[1], 120 - cut[2]]
            deal = {"game": "ramsch", "points": dict(zip(PLAYERS, shares))}
            most = max(shares)
            if shares.count(most) > 1:
                deal["loser"] = PLAYERS[shares.index(most)]
        else:
            deal = {"game": "passed"}
        out.append(deal)
    return {"rules": {"preset": "bavarian"}, "players": PLAYERS, "deals": out}


def in_process(text: str, repeat: int) -> list[float]:
    """Seconds to read, check and replay the whole list, each run."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        read_list(parse_document(text)).replay().to_dict()
        runs.append(time.perf_counter() - start)
    return runs


def command_line(path: str, repeat: int) -> list[float]:
    """Seconds for ``python -m scorer score FILE``, interpreter start included."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "scorer", "score", path],
            cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
        )
        runs.append(time.perf_counter() - start)
    return runs


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    text = json.dumps(evening(args.deals))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        file.write(text)
    inside = statistics.median(in_process(text, args.repeat))
    cli = statistics.median(command_line(file.name, args.repeat))
    Path(file.name).unlink()
    per_deal = inside / args.deals * 1e6
    print(f"engine: {args.deals} deals, median of {args.repeat} runs")
    print(f"  in process:   {inside * 1e3:8.1f} ms  = {per_deal:6.1f} us per deal "
          f"(budget {BUDGET_US:.0f} us: {'within' if per_deal < BUDGET_US else 'OVER'})")
    print(f"  command line: {cli * 1e3:8.1f} ms  = {cli / args.deals * 1e6:6.1f} us per deal "
          "(interpreter start included)")


if __name__ == "__main__":
    main()
