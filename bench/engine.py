"""Print how long the engine takes to score a 1,000-deal list, family by family.

Run: ``make bench`` or ``python bench/engine.py [--deals N] [--repeat R]``.
Budget: a list of 1,000 deals scores in well under 100 ms in process, with
Bock, the Stock and the American and German families in the mix.
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

from scorer.engine import parse_document, score_document  # noqa: E402

#: Milliseconds to read, check and score a list of 1,000 deals.
BUDGET_MS = 100.0
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
FIVE = PLAYERS + ["Emil"]


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


def stammtisch(deals: int, seed: int = 11) -> dict[str, Any]:
    """The Bavarian mix with the house games, Bock rounds and the Stock on."""
    document = evening(deals, seed)
    rng = random.Random(seed)
    for deal in document["deals"]:
        roll = rng.random()
        if roll < 0.04 and deal.get("partner"):
            deal["game"] = "hochzeit"
        elif roll < 0.08 and deal["game"] in ("solo", "wenz"):
            deal.clear()
            deal.update(game="bettel", declarer=rng.choice(PLAYERS), won=rng.random() < 0.5)
    document["rules"] = {
        "preset": "bavarian", "games": ["sauspiel", "solo", "wenz", "hochzeit", "bettel", "ramsch"],
        "bock": {"after": ["sixty", "passed", "re"]}, "stock": {},
    }
    return document


def wisconsin(deals: int, seed: int = 13) -> dict[str, Any]:
    """An American Sheepshead table of five: picks with a partner or alone, cracks, doublers."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for _ in range(deals):
        if rng.random() < 0.1:
            out.append({"game": "doubler"})
            continue
        picker, partner = rng.sample(FIVE, 2)
        deal: dict[str, Any] = {"game": "pick", "declarer": picker, "points": rng.randint(23, 120)}
        if rng.random() < 0.85:
            deal["partner"] = partner
        if rng.random() < 0.15:
            deal["crack"] = True
        out.append(deal)
    rules = {"preset": "sheepshead", "no_pick": "doubler", "max_multiplier": 16}
    return {"rules": rules, "players": FIVE, "deals": out}


def heads(deals: int, seed: int = 17) -> dict[str, Any]:
    """The German game settled per completed head."""
    rng = random.Random(seed)
    out = [{"game": "normal", "declarer": rng.choice(PLAYERS), "points": rng.randint(0, 119)}
           for _ in range(deals)]
    return {"rules": {"preset": "german", "settle_per_head": True}, "players": PLAYERS, "deals": out}


#: The lists measured, by name.
MIXES = {"bavarian": evening, "with Bock and Stock": stammtisch, "sheepshead": wisconsin, "german heads": heads}


def in_process(text: str, repeat: int) -> list[float]:
    """CPU seconds to read, check, replay and write the whole list, each run.

    The process's own CPU time, not the wall clock: on a machine busy with
    other work, the time this process waits for a core is not the engine's.
    """
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        score_document(parse_document(text))
        runs.append(time.process_time() - start)
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
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=11)
    args = parser.parse_args()
    per = 1_000 / args.deals  # scaled to a list of 1,000 deals
    print(f"engine: {args.deals} deals per list, median of {args.repeat} runs, CPU time "
          f"(budget {BUDGET_MS:.0f} ms per 1,000 deals)")
    worst = 0.0
    for name, make in MIXES.items():
        text = json.dumps(make(args.deals))
        ms = statistics.median(in_process(text, args.repeat)) * 1e3 * per
        worst = max(worst, ms)
        print(f"  {name + ':':22} {ms:6.1f} ms per 1,000 deals in process "
              f"({'within' if ms < BUDGET_MS else 'OVER'})")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        file.write(json.dumps(evening(args.deals)))
    cli = statistics.median(command_line(file.name, min(args.repeat, 5)))
    Path(file.name).unlink()
    print(f"  command line:          {cli * 1e3:6.1f} ms for the Bavarian list, interpreter start included")
    print(f"  worst family:          {worst:6.1f} ms per 1,000 deals "
          f"(budget {BUDGET_MS:.0f} ms: {'within' if worst < BUDGET_MS else 'OVER'})")


if __name__ == "__main__":
    main()
