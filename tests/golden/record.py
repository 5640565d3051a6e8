"""A pytest plugin that records every list document the suite hands the engine.

Used by ``python -m tests.golden.gather`` only, never by a plain test run::

    GOLDEN_RECORD=/tmp/recorded.jsonl python -m pytest -p tests.golden.record tests/unit tests/web

It wraps the engine's entry points from outside, without touching the
engine: ``parse_document`` (the raw text or bytes, refused ones too),
``read_list`` (the document as a dict, which ``load_list`` and
``score_document`` read through) and ``ScoreList.replay`` (the list as the
web layer builds it from stored rows, written back as a list file by
``ScoreList.to_document``). Each document is written to the file named by
``GOLDEN_RECORD`` as one JSON line, once: ``{"text": ...}`` for text,
``{"base64": ...}`` for bytes that are not UTF-8, ``{"document": ...}`` for
a dict.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import os
import sys
import threading
from collections.abc import Callable, Mapping
from typing import IO, Any

import pytest

from scorer.engine import document as engine_document
from scorer.engine.replay import ScoreList

ENV = "GOLDEN_RECORD"


class Recorder:
    """Writes each document it is given to a JSON-lines file, once."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.seen: set[bytes] = set()
        self.lock = threading.Lock()
        self.busy = threading.local()

    def write(self, entry: dict[str, Any]) -> None:
        line = json.dumps(entry, ensure_ascii=False)
        digest = hashlib.sha256(line.encode("utf-8", "surrogatepass")).digest()
        with self.lock:
            if digest not in self.seen:
                self.seen.add(digest)
                self.out.write(line + "\n")

    def text(self, text: Any) -> None:
        if isinstance(text, str):
            self.write({"text": text})
        elif isinstance(text, (bytes, bytearray)):
            try:
                self.write({"text": bytes(text).decode("utf-8")})
            except UnicodeDecodeError:
                self.write({"base64": base64.b64encode(bytes(text)).decode("ascii")})

    def document(self, document: Any) -> None:
        try:
            # Serialised now: a test may change its dict after the call.
            self.write({"document": json.loads(json.dumps(document, default=_plain))})
        except (TypeError, ValueError, RecursionError):
            pass  # not a JSON value (a set, an object): no list file can hold it

    def wrap(self, function: Callable[..., Any], record: Callable[[Any], None]) -> Callable[..., Any]:
        """The function, recording its first argument on the outermost call."""

        @functools.wraps(function)
        def recording(first: Any, *args: Any, **kwargs: Any) -> Any:
            if not getattr(self.busy, "on", False):
                self.busy.on = True
                try:
                    record(first)
                finally:
                    self.busy.on = False
            return function(first, *args, **kwargs)

        recording.__wrapped_original__ = function  # type: ignore[attr-defined]
        return recording


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(type(value).__name__)


def _replayed(recorder: Recorder) -> Callable[[Any], None]:
    def record(score_list: Any) -> None:
        try:
            recorder.document(score_list.to_document())
        except Exception:  # noqa: BLE001 - a list that cannot be written is not recorded
            pass

    return record


_wrapped: dict[int, Callable[..., Any]] = {}


def _rebind() -> None:
    """Point every name bound to an original entry point at its wrapper (``from x import y``)."""
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "") or ""
        if not name.startswith(("scorer", "tests", "bench")):
            continue
        for attribute, value in list(vars(module).items()):
            wrapper = _wrapped.get(id(value))
            if wrapper is not None:
                setattr(module, attribute, wrapper)


def pytest_configure(config: pytest.Config) -> None:
    path = os.environ.get(ENV)
    if not path:
        raise pytest.UsageError(f"tests.golden.record writes to the file named by {ENV}")
    out = open(f"{path}.{os.getpid()}", "a", encoding="utf-8", errors="surrogatepass")
    config.add_cleanup(out.close)
    recorder = Recorder(out)
    import scorer.web  # noqa: F401 - everything that imports the entry points, imported now

    for function, record in (
        (engine_document.parse_document, recorder.text),
        (engine_document.read_list, recorder.document),
    ):
        _wrapped[id(function)] = recorder.wrap(function, record)
    ScoreList.replay = recorder.wrap(ScoreList.replay, _replayed(recorder))  # type: ignore[method-assign]
    _rebind()


def pytest_collection_finish(session: pytest.Session) -> None:
    _rebind()  # the test modules, imported since


def pytest_runtest_setup(item: pytest.Item) -> None:
    _rebind()  # modules imported lazily by earlier tests
