"""Each tournament system's worked example in docs/tournaments.md scores as the doc says, through the CLI."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.engine import describe, read_list
from scorer.engine.breakdown_words import counted_in, words_in

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: A row of the table of examples: the list file it links, the breakdown and the payouts it says.
ROW = re.compile(r"^\| [^|]+ \| \[[^]]+\]\(examples/([\w.-]+\.json)\) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$", re.M)


def documented() -> list[tuple[str, str, dict[str, int]]]:
    """Each example of the doc: its file, its breakdown line, and each player's payout."""
    rows = []
    for name, line, said in ROW.findall((DOCS / "tournaments.md").read_text(encoding="utf-8")):
        payouts = {who: int(amount.replace("\u2212", "-").replace("+", ""))
                   for who, amount in re.findall(r"(\w+) ([+\u2212]?\d+)", said)}
        rows.append((name, line.strip(), payouts))
    return rows


EXAMPLES = documented()


def test_the_doc_documents_every_example_file_once() -> None:
    assert sorted(name for name, _line, _payouts in EXAMPLES) == sorted(
        path.name for path in (DOCS / "examples").glob("*.json"))
    assert len(EXAMPLES) == 8


@pytest.mark.parametrize(("name", "line", "payouts"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_each_example_scores_as_the_doc_says(name: str, line: str, payouts: dict[str, int]) -> None:
    path = DOCS / "examples" / name
    printed = subprocess.run([sys.executable, "-m", "scorer", "score", str(path)],
                             capture_output=True, text=True, check=True)
    deals = json.loads(printed.stdout)["deals"]
    assert len(deals) == 1 and deals[0]["payouts"] == payouts
    scored = read_list(json.loads(path.read_text(encoding="utf-8"))).replay().deals[0]
    assert describe(scored.breakdown, words_in("en"), counted_in("en")) == line
