"""The golden corpus: list documents and what ``python -m scorer score -`` printed for each.

The corpus is text, so that a diff shows which outputs moved: the folder
``corpus/`` holds JSON Lines files, one entry a line, in the order of their
ids: ``docs.jsonl`` (the docs' examples), ``tests-FAMILY.jsonl`` (what
tests/unit and tests/web handed the engine, by the family the document
names; ``tests-other.jsonl`` for documents naming none the engine knows) and
``bench.jsonl`` (the long lists the benchmarks build). Each entry has:

``id``
    its number in the corpus, from 1;
``source``
    where it was found: ``tests``, ``docs:FILE``, ``bench:NAME``;
``status``, ``stderr``
    the exit status, and the one-line refusal on standard error (or empty);
``raised``
    present only when the command raised instead of answering: the
    exception's type and message;
``document`` | ``text`` | ``base64``
    the input: a JSON value, sent as :func:`input_bytes` writes it; or, for
    text that is not JSON, or JSON that gives a key twice, the text as it
    stands; or bytes that are not UTF-8;
``output`` | ``stdout``
    standard output: the JSON value the command printed (it prints
    ``json.dumps(value, ensure_ascii=False)`` and a newline, so the bytes
    follow from the value), or the text itself when it is not that.

A bench list is tens of thousands of lines of input and output, and would
make the corpus unreadable: its entry holds no input or output but their
SHA-256 digests and sizes and the list's totals; its input is built again
by the benchmark's builder (``tests/golden/gather.py``), from the name in
``source``.

See ``tests/golden/gather.py`` for when and how to regenerate it.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import io
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.__main__ import main
from scorer.engine.families import FAMILIES

CORPUS = Path(__file__).with_name("corpus")
#: The keys of an entry that are its input.
INPUTS = ("document", "text", "base64")


@dataclass(frozen=True)
class Output:
    """What the command line answered: exit status, standard output and error, or what it raised."""

    status: int | None
    stdout: str
    stderr: str
    raised: str | None = None

    @classmethod
    def of(cls, entry: dict[str, Any]) -> Output:
        """The output stored with an entry (not a bench entry's: it keeps a digest, see :func:`answers_as_stored`)."""
        return cls(entry["status"], entry["stdout"], entry["stderr"], entry.get("raised"))

    def fields(self) -> dict[str, Any]:
        """The entry's fields for this output."""
        fields: dict[str, Any] = {"status": self.status, "stdout": self.stdout, "stderr": self.stderr}
        if self.raised is not None:
            fields["raised"] = self.raised
        return fields


def answers_as_stored(entry: dict[str, Any], now: Output) -> bool:
    """Tell whether the command answers an entry now as the corpus stores it (a bench entry by its digest)."""
    if "stdout_sha256" in entry:
        return (now.status, now.stderr, now.raised) == (entry["status"], entry["stderr"], entry.get("raised")) \
            and digest(now.stdout.encode("utf-8")) == entry["stdout_sha256"]
    return now == Output.of(entry)


def input_bytes(entry: dict[str, Any]) -> bytes:
    """The bytes an entry sends on standard input.

    A document is written as JSON with its text as it is (``ensure_ascii=False``),
    or escaped when it holds a lone surrogate, which UTF-8 cannot carry.
    """
    if "document" in entry:
        try:
            return json.dumps(entry["document"], ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(entry["document"]).encode("ascii")
    if "text" in entry:
        return str(entry["text"]).encode("utf-8", "surrogatepass")
    return base64.b64decode(entry["base64"])


def score(data: bytes) -> Output:
    """Run ``python -m scorer score -`` in this process on these bytes as standard input."""
    stdout, stderr = io.BytesIO(), io.BytesIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    # As the interpreter sets them up: UTF-8, and an error stream that escapes what it cannot write.
    sys.stdout = io.TextIOWrapper(stdout, encoding="utf-8")
    sys.stderr = io.TextIOWrapper(stderr, encoding="utf-8", errors="backslashreplace")
    raised = None
    try:
        status: int | None = main(["score", "-"])
    except Exception as error:  # noqa: BLE001 - an input the command cannot answer is golden too
        status, raised = None, f"{type(error).__name__}: {error}"
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
            stream.detach()
        sys.stdin, sys.stdout, sys.stderr = saved
    return Output(status, stdout.getvalue().decode("utf-8"), stderr.getvalue().decode("utf-8"), raised)


def scores(inputs: Iterable[bytes]) -> Iterator[Output]:
    """:func:`score` for each input in turn, with argparse's message lookups remembered."""
    with remembered_argparse_messages():
        for data in inputs:
            yield score(data)


@contextmanager
def remembered_argparse_messages() -> Iterator[None]:
    """Let argparse look each message's translation up once, not for every parser built.

    ``main`` builds its parser on every call, and argparse asks gettext for
    the translation of each of its messages as it does, a few file lookups
    each: two thirds of the time of scoring a short list in process. The
    answers do not change within a run, so they are remembered while this
    lasts; the parser, and what the command prints, are as they were.
    """
    lookup = getattr(argparse, "_")
    setattr(argparse, "_", functools.cache(lookup))
    try:
        yield
    finally:
        setattr(argparse, "_", lookup)


def canonical(entry: dict[str, Any]) -> str:
    """What two entries with the same input share: the JSON value (keys in order), else the raw input."""
    for key in INPUTS:
        if key in entry:
            value = entry[key]
            return f"{key}:" + json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    raise ValueError(f"an entry without input: {sorted(entry)}")


def group(entry: dict[str, Any]) -> str:
    """The file of the corpus an entry is kept in (without ``.jsonl``)."""
    kind = entry["source"].split(":")[0]
    if kind != "tests":
        return kind
    document = entry.get("document")
    rules = document.get("rules") if isinstance(document, dict) else None
    family = rules.get("preset") if isinstance(rules, dict) else None
    return f"tests-{family}" if isinstance(family, str) and family in FAMILIES else "tests-other"


def digest(data: bytes) -> str:
    """The SHA-256 a bench entry keeps of its input and output."""
    return hashlib.sha256(data).hexdigest()


def read_corpus(path: Path = CORPUS) -> list[dict[str, Any]]:
    """The corpus's entries in the order of their ids, each with its ``stdout`` as text again.

    A bench entry comes back as stored: its digests, without input or output.
    """
    entries: list[dict[str, Any]] = []
    for name in sorted(path.glob("*.jsonl")):
        with name.open(encoding="utf-8") as file:
            entries.extend(_entry(json.loads(line)) for line in file)
    return sorted(entries, key=lambda entry: entry["id"])


def _entry(stored: dict[str, Any]) -> dict[str, Any]:
    if "output" not in stored:
        return stored
    entry = {key: value for key, value in stored.items() if key != "output"}
    entry["stdout"] = json.dumps(stored["output"], ensure_ascii=False) + "\n"
    return entry


def write_corpus(entries: Iterable[dict[str, Any]], path: Path = CORPUS) -> None:
    """Write the entries into the folder's files, byte for byte the same for the same entries.

    A bench entry must come with its input (``document``) and ``stdout``:
    what is kept of it is their digests, sizes and the list's totals.
    """
    files: dict[str, list[str]] = {}
    for entry in sorted(entries, key=lambda entry: entry["id"]):
        stored = _bench_entry(entry) if group(entry) == "bench" else _stored(entry)
        files.setdefault(group(entry), []).append(_line(stored))
    path.mkdir(exist_ok=True)
    for old in path.glob("*.jsonl"):
        if old.stem not in files:
            old.unlink()
    for name, lines in files.items():
        (path / f"{name}.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")


#: The order of an entry's keys in its line: what it is and what it answered first, the bulk last.
_ORDER = ("id", "source", "status", "stderr", "raised", "document", "text", "base64", "output", "stdout")


def _stored(entry: dict[str, Any]) -> dict[str, Any]:
    stored = dict(entry)
    stdout = stored.pop("stdout")
    try:
        value = json.loads(stdout)
    except ValueError:
        value = None
    if value is not None and json.dumps(value, ensure_ascii=False) + "\n" == stdout:
        stored["output"] = value
    else:
        stored["stdout"] = stdout
    return {key: stored[key] for key in _ORDER if key in stored}


def _bench_entry(entry: dict[str, Any]) -> dict[str, Any]:
    data, stdout = input_bytes(entry), entry["stdout"].encode("utf-8")
    try:
        totals = json.loads(stdout).get("totals")
    except ValueError:
        totals = None
    return {
        "id": entry["id"], "source": entry["source"], "status": entry["status"], "stderr": entry["stderr"],
        **({"raised": entry["raised"]} if "raised" in entry else {}),
        "input_sha256": digest(data), "input_bytes": len(data),
        "stdout_sha256": digest(stdout), "stdout_bytes": len(stdout), "totals": totals,
    }


def _line(entry: dict[str, Any]) -> str:
    line = json.dumps(entry, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escaped, so the file stays UTF-8
        line = json.dumps(entry)
    return line
