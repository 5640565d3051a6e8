"""The command line answers every document of the golden corpus byte for byte as it did.

``tests/golden/corpus/`` holds the list documents the tests, the docs and
the benchmarks feed the engine, each with what ``python -m scorer score -``
printed for it (a bench list's by its digest) (``tests/golden/gather.py`` says when to regenerate
it: only for a change meant to change the output). Each is scored again in
this process and compared: exit status, standard output and error. A
difference names the document, where it came from, the first deal and key
that differ, and both values.

The JSON API scores as the command line does: a sample of the documents
that score is stored through it and read back.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask

from scorer.engine.values import MAX_TITLE

from tests.golden.corpus import Output, answers_as_stored, input_bytes, read_corpus, scores
from tests.golden.gather import with_input
from tests.web.conftest import app  # noqa: F401 - the web tests' app fixture

#: The corpus's sources, each one test (``bench:...`` and ``docs:...`` by their prefix).
SOURCES = ("tests", "docs", "bench")
#: Differences shown in full when documents differ; the rest are counted.
SHOWN = 5
#: Every this many of the documents that score is also stored through the API.
API_EVERY = 20


@pytest.fixture(scope="module")
def corpus() -> list[dict[str, Any]]:
    """The stored entries, in order."""
    return read_corpus()


def test_the_corpus_covers_every_source_and_both_answers(corpus: list[dict[str, Any]]) -> None:
    assert [entry["id"] for entry in corpus] == list(range(1, len(corpus) + 1))
    assert {entry["source"].split(":")[0] for entry in corpus} == set(SOURCES)
    statuses = {entry["status"] for entry in corpus}
    assert {0, 2} <= statuses, statuses


@pytest.mark.parametrize("source", SOURCES)
def test_the_command_line_answers_each_document_as_stored(
    corpus: list[dict[str, Any]], source: str
) -> None:
    entries = [with_input(entry) for entry in corpus if entry["source"].split(":")[0] == source]
    outputs = scores(input_bytes(entry) for entry in entries)
    differences = [
        difference(entry, now)
        for entry, now in zip(entries, outputs, strict=True)
        if not answers_as_stored(entry, now)
    ]
    if differences:
        # The message alone: the documents and where they differ, not this test's locals.
        pytest.fail(
            f"{len(differences)} of {len(entries)} documents ({source}) are answered otherwise "
            f"than the golden corpus stores:\n\n" + "\n\n".join(differences[:SHOWN])
            + (f"\n\n... and {len(differences) - SHOWN} more" if len(differences) > SHOWN else ""),
            pytrace=False,
        )


def difference(entry: dict[str, Any], now: Output) -> str:
    """Where the output now first differs from the stored one, for a reader."""
    head = f"document {entry['id']} ({entry['source']}), input {_short(_input(entry), 200)}"
    if "stdout_sha256" in entry:  # a bench list: only its digest and totals are kept
        stored = Output(entry["status"], "", entry["stderr"], entry.get("raised"))
        try:
            totals = json.loads(now.stdout).get("totals")
        except ValueError:
            totals = None
        if (stored.status, stored.stderr, stored.raised) == (now.status, now.stderr, now.raised):
            return (f"{head}\n  stdout differs from the digest kept; totals"
                    f"\n    were   {_short(entry['totals'])}\n    are now {_short(totals)}")
    else:
        stored = Output.of(entry)
    if (stored.status, stored.raised) != (now.status, now.raised):
        was, became = (f"{o.status}" + (f" (raised {o.raised})" if o.raised else "") for o in (stored, now))
        return (f"{head}\n  exit status was {was}, is now {became}"
                f"\n  stderr was {stored.stderr!r}, is now {now.stderr!r}")
    if stored.stderr != now.stderr:
        return f"{head}\n  stderr\n    was    {stored.stderr!r}\n    is now {now.stderr!r}"
    return f"{head}\n  " + stdout_difference(stored.stdout, now.stdout)


def stdout_difference(stored: str, now: str) -> str:
    """The first deal and key where two scored documents differ, else the first byte."""
    try:
        was, became = json.loads(stored), json.loads(now)
    except ValueError:
        return _first_byte(stored, now)
    if not (isinstance(was, dict) and isinstance(became, dict)):
        return _first_byte(stored, now)
    deals_was, deals_now = was.get("deals", []), became.get("deals", [])
    for index, (old, new) in enumerate(zip(deals_was, deals_now)):
        if old != new:
            number = old.get("number", index + 1) if isinstance(old, dict) else index + 1
            return f"deal {number}, " + _key_difference(old, new)
    if len(deals_was) != len(deals_now):
        return f"deals: {len(deals_was)} stored, {len(deals_now)} now"
    rest_was = {k: v for k, v in was.items() if k != "deals"}
    rest_now = {k: v for k, v in became.items() if k != "deals"}
    if rest_was != rest_now:
        return _key_difference(rest_was, rest_now)
    return "the same JSON, written differently: " + _first_byte(stored, now)


def _key_difference(old: Any, new: Any) -> str:
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return f"was {_short(old)}, is now {_short(new)}"
    for key in [*old, *(k for k in new if k not in old)]:
        if key not in new:
            return f"key {key!r} is gone (was {_short(old[key])})"
        if key not in old:
            return f"key {key!r} is new: {_short(new[key])}"
        if old[key] != new[key]:
            return f"key {key!r}\n    was    {_short(old[key])}\n    is now {_short(new[key])}"
    return f"the keys come in another order: {list(old)} then, {list(new)} now"


def _first_byte(stored: str, now: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(stored, now)) if a != b), min(len(stored), len(now)))
    return (f"stdout differs at character {at}: was {_short(stored[max(0, at - 40):at + 80])}, "
            f"is now {_short(now[max(0, at - 40):at + 80])}")


def _input(entry: dict[str, Any]) -> Any:
    return next(entry[key] for key in ("document", "text", "base64") if key in entry)


def _short(value: Any, most: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= most else text[:most - 3] + "..."


def api_sample(corpus: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every API_EVERY-th document that scores, of the tests and docs (the bench lists are long),
    that the app keeps as it is (the command line scores any title; the app keeps 80 characters)."""
    scoring = [
        entry for entry in corpus
        if entry["status"] == 0 and not entry["source"].startswith("bench") and _title_kept(entry)
    ]
    return scoring[API_EVERY - 1::API_EVERY]


def _title_kept(entry: dict[str, Any]) -> bool:
    document = entry.get("document")
    title = document.get("title") if isinstance(document, dict) else None
    return not isinstance(title, str) or len(title) <= MAX_TITLE


def test_the_api_scores_a_sample_as_the_command_line(app: Flask, corpus: list[dict[str, Any]]) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    client = app.test_client()
    checked = 0
    for entry in api_sample(corpus):
        printed = json.loads(entry["stdout"])
        created = client.post("/api/lists", data=input_bytes(entry), content_type="application/json")
        where = f"document {entry['id']} ({entry['source']})"
        assert created.status_code == 201, (where, created.get_json())
        answer = client.get(f"/api/lists/{created.get_json()['id']}").get_json()
        assert len(answer["deals"]) == len(printed["deals"]), where
        for stored, scored in zip(answer["deals"], printed["deals"], strict=True):
            for key in ("number", "dealer", "payouts", "breakdown"):
                assert stored[key] == scored[key], (where, f"deal {scored['number']}", key)
        for key in ("totals", "settlement", "tally", "pot", "pot_back"):
            assert answer.get(key) == printed.get(key), (where, key)
        checked += 1
    assert checked >= 100, checked
