"""The golden corpus: list documents and what ``python -m scorer score -`` printed for each.

``corpus.jsonl.gz`` holds one JSON object a line (gzip'd: the bench lists
alone are megabytes of JSON), each a document and the command line's answer
to it on standard input:

``id``
    its number in the corpus, from 1;
``source``
    where it was found: ``tests`` (handed to the engine by tests/unit or
    tests/web), ``docs:FILE`` (an example of the docs), ``bench:NAME`` (a
    list the benchmarks build);
``document`` | ``text`` | ``base64``
    the input: a JSON value, sent as :func:`input_bytes` writes it; or, for
    text that is not JSON, or JSON that gives a key twice, the text as it
    stands; or bytes that are not UTF-8;
``status``, ``stdout``, ``stderr``
    the exit status and both outputs, as text (``stdout`` is UTF-8 JSON, or
    empty; ``stderr`` the one-line refusal, or empty);
``raised``
    present only when the command raised instead of answering: the
    exception's type and message.

See ``tests/golden/gather.py`` for when and how to regenerate it.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import io
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.__main__ import main

CORPUS = Path(__file__).with_name("corpus.jsonl.gz")
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
        """The output stored with an entry."""
        return cls(entry["status"], entry["stdout"], entry["stderr"], entry.get("raised"))

    def fields(self) -> dict[str, Any]:
        """The entry's fields for this output."""
        fields: dict[str, Any] = {"status": self.status, "stdout": self.stdout, "stderr": self.stderr}
        if self.raised is not None:
            fields["raised"] = self.raised
        return fields


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


def read_corpus(path: Path = CORPUS) -> list[dict[str, Any]]:
    """The corpus's entries, in order."""
    with gzip.open(path, "rt", encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def write_corpus(entries: Iterable[dict[str, Any]], path: Path = CORPUS) -> None:
    """Write the entries, byte for byte the same for the same entries (no time stamp in the gzip)."""
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as file:
        for line in _lines(entries):
            file.write(line.encode("utf-8") + b"\n")


def _lines(entries: Iterable[dict[str, Any]]) -> Iterator[str]:
    for entry in entries:
        line = json.dumps(entry, ensure_ascii=False)
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: escaped, so the file stays UTF-8
            line = json.dumps(entry)
        yield line
