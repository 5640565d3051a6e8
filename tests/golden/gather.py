"""Gather the golden corpus (``tests/golden/corpus/``): inputs and the command line's output.

The corpus pins what ``python -m scorer score -`` prints, byte for byte, for
every list document the tests and the docs hold and for the lists the
benchmarks build; ``tests/golden/test_golden.py`` compares the command's
output now with it. A refactor of the engine must leave it as it is.

**When to regenerate.** Only when a change is *meant* to change the output:
a rule that now pays differently, a message reworded, a new key in the
result. Regenerate in the same commit as that change and say in the commit
message which outputs change and why; never regenerate to make a failing
golden test pass without knowing why it failed.

**How**::

    python -m tests.golden.gather                   # runs tests/unit and tests/web once (slow)
    python -m tests.golden.gather --recorded FILE   # reuse documents recorded before
    python -m tests.golden.gather --keep FILE       # also keep the recording in FILE
    python -m tests.golden.gather --rescore         # the stored inputs only, scored again

``--rescore`` keeps the corpus's inputs and scores each again: for a change
meant to change some outputs, it prints the ids of the entries whose output
changed, so the commit can say which and why, and gathers nothing new.

The documents come from three places:

* the test suite: tests/unit and tests/web run once, in a subprocess, under
  the plugin ``tests.golden.record``, which records every document handed to
  the engine (refused ones too); Hypothesis runs derandomized (``CI=1``),
  so a run draws the same examples as the last;
* the docs: fenced ``json`` blocks of README.md, docs/*.md and the shared
  FORMAT.md and RULES.md (../shared/, when present) that are list documents (a JSON object with
  ``rules`` or ``players``), and the documents piped to the command in their
  ``sh`` blocks (``echo '{...}' | python -m scorer score -``);
* the benchmarks: the lists bench/engine.py and bench/web.py build, at the
  sizes they build them, and the list bench/load.py's clients add up to.

Entries are deduplicated by their JSON value, keys in their order (a text
that is valid JSON and gives no key twice is kept as that value). Then each
is scored by ``scorer.__main__.main`` in this process, its standard input
and outputs captured (see ``tests/golden/corpus.py``).
"""

from __future__ import annotations

import argparse
import functools
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from tests.golden.corpus import (
    CORPUS, INPUTS, Output, answers_as_stored, canonical, digest, input_bytes, read_corpus, scores, write_corpus,
)
from tests.golden.record import ENV

ROOT = Path(__file__).resolve().parents[2]
#: The shared docs of the project, next to its checkout.
SHARED = ROOT.parent / "shared"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), SHARED / "FORMAT.md", SHARED / "RULES.md"]
#: The suites whose documents are recorded (the browser tests add none of their own).
SUITES = ("tests/unit", "tests/web")


def record_suite(keep: Path | None) -> list[dict[str, Any]]:
    """Run the suites once under the recording plugin; the recorded entries."""
    with tempfile.TemporaryDirectory() as scratch:
        target = keep if keep is not None else Path(scratch) / "recorded.jsonl"
        env = {**os.environ, ENV: str(target), "CI": "1", "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "pytest", "-q", "-p", "tests.golden.record",
                   "-p", "no:cacheprovider", *SUITES]
        print("recording:", " ".join(command), file=sys.stderr)
        # Failing tests still hand their documents over: the run's status is not the point.
        subprocess.run(command, cwd=ROOT, env=env, check=False)
        return read_recorded(target)


def read_recorded(path: Path) -> list[dict[str, Any]]:
    """The entries the plugin wrote to ``path`` (one file per process, ``path.PID``)."""
    entries: list[dict[str, Any]] = []
    for name in sorted(glob.glob(f"{glob.escape(str(path))}.*")) or [str(path)]:
        with open(name, encoding="utf-8", errors="surrogatepass") as file:
            entries.extend(json.loads(line) for line in file)
    return entries


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise ValueError("a key given twice")
    return result


def as_value(entry: dict[str, Any]) -> dict[str, Any]:
    """A text entry that is JSON giving no key twice, as that value; any other entry as it is."""
    if "text" not in entry:
        return entry
    try:
        value = json.loads(entry["text"], object_pairs_hook=_no_key_twice)
    except (ValueError, RecursionError):
        return entry
    return {"document": value}


def doc_blocks(path: Path) -> Iterator[Any]:
    """The list documents shown in a Markdown file: its json blocks, and what its sh blocks pipe."""
    text = path.read_text(encoding="utf-8")
    for language, body in re.findall(r"^```(\w*)\n(.*?)^```", text, re.M | re.S):
        if language == "json":
            candidates = [body]
        elif language in ("sh", "bash", "console"):
            candidates = re.findall(r"'(\{.*?\})'", body, re.S)
        else:
            continue
        for candidate in candidates:
            try:
                value = json.loads(candidate)
            except ValueError:
                continue  # a fragment ("changes": [...]), not a document
            if isinstance(value, dict) and ("rules" in value or "players" in value):
                yield value


def from_docs() -> Iterator[tuple[str, dict[str, Any]]]:
    for path in DOCS:
        if not path.exists():
            continue
        label = path.relative_to(SHARED.parent if path.is_relative_to(SHARED) else ROOT)
        for value in doc_blocks(path):
            yield f"docs:{label}", {"document": value}


def bench_lists() -> dict[str, Callable[[], dict[str, Any]]]:
    """The lists the benchmarks build, at the sizes they build them (builders only, no timing), by source."""
    from bench import engine

    return {
        **{f"bench:engine {name}, 10000 deals": functools.partial(make, 10_000)
           for name, make in engine.MIXES.items()},
        **{f"bench:web evening, {n} deals": functools.partial(engine.evening, n) for n in (40, 1000)},
        "bench:load 8 clients, 40 deals": functools.partial(load_list, clients=8, deals=40),
    }


def from_bench() -> Iterator[tuple[str, dict[str, Any]]]:
    for source, make in bench_lists().items():
        yield source, {"document": make()}


def with_input(entry: dict[str, Any]) -> dict[str, Any]:
    """A bench entry with its list built again (checked against the digest kept); any other as it is."""
    if "input_sha256" not in entry:
        return entry
    make = bench_lists().get(entry["source"])
    if make is None:
        raise LookupError(f"document {entry['id']}: no benchmark builds {entry['source']!r} any more; "
                          "gather the corpus again (python -m tests.golden.gather)")
    built = {**entry, "document": make()}
    if digest(input_bytes(built)) != entry["input_sha256"]:
        raise LookupError(f"document {entry['id']}: the benchmark builds {entry['source']!r} otherwise "
                          "than when the corpus was gathered; gather it again (python -m tests.golden.gather)")
    return built


def load_list(clients: int, deals: int) -> dict[str, Any]:
    """The list bench/load.py's clients fill, their deals in turn (as its ``run`` sends them)."""
    players = ["Anna", "Bene", "Chris", "Dora"]
    return {
        "rules": {"preset": "bavarian"}, "players": players,
        "deals": [
            {"game": "sauspiel", "declarer": players[n % 4], "partner": players[(n + 1) % 4],
             "points": (index * 7 + n * 13) % 121}
            for index in range(clients) for n in range(deals)
        ],
    }


def unique(found: Iterable[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The entries, each input once (its first source), numbered from 1."""
    entries: dict[str, dict[str, Any]] = {}
    for source, entry in found:
        entry = as_value(entry)
        entries.setdefault(canonical(entry), {"source": source, **entry})
    return [{"id": number, **entry} for number, entry in enumerate(entries.values(), start=1)]


def scored(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each entry with the command line's output for it."""
    outputs = scores(input_bytes(entry) for entry in entries)
    return [{**entry, **output.fields()} for entry, output in zip(entries, outputs, strict=True)]


def rescored(path: Path) -> list[dict[str, Any]]:
    """The corpus's entries with their inputs as stored and today's outputs; says which changed."""
    before = [with_input(entry) for entry in read_corpus(path)]
    inputs = [{k: v for k, v in entry.items() if k in ("id", "source", *INPUTS)} for entry in before]
    after = scored(inputs)
    changed = [new["id"] for old, new in zip(before, after, strict=True) if not answers_as_stored(old, Output.of(new))]
    print(f"{len(changed)} outputs changed: {' '.join(map(str, changed))}", file=sys.stderr)
    return after


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--recorded", type=Path, help="entries recorded before (the plugin's file)")
    parser.add_argument("--keep", type=Path, help="record the suite into this file (and keep it)")
    parser.add_argument("--rescore", action="store_true", help="score the stored inputs again, gather nothing")
    parser.add_argument("--out", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    if args.rescore:
        write_corpus(rescored(args.out), args.out)
        return
    recorded = read_recorded(args.recorded) if args.recorded else record_suite(args.keep)
    start = time.perf_counter()
    entries = scored(unique([*from_docs(), *(("tests", entry) for entry in recorded), *from_bench()]))
    write_corpus(entries, args.out)
    size = sum(file.stat().st_size for file in args.out.glob("*.jsonl"))
    print(f"{args.out}: {len(entries)} documents, {size} bytes "
          f"(scored in {time.perf_counter() - start:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
