"""Where an app server's time goes while the tables play, sampled by py-spy.

``bench/load.py --tables N --profile`` starts two py-spy samplers on the app
server's workers for the length of the play (both are read-only: they stop
the workers for a moment at each sample, 100 times a second):

- one records only the thread holding the interpreter's lock (``--gil``): what
  the workers spend their CPU on, by the kind of request being served;
- one records every thread, waiting or not (``--idle``): of the samples taken
  inside an add, how many were waiting for PostgreSQL's answer, and in which
  step of the add.

py-spy is a benchmark tool, not a dependency of the app: ``make bench``
installs it into the virtualenv. It needs to be allowed to read the workers'
memory (ptrace: the same user, and ``kernel.yama.ptrace_scope`` 0 or 1 with
the workers its children, or root).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

#: Where py-spy is, beside the interpreter running the bench (the virtualenv's).
PY_SPY = Path(sys.executable).with_name("py-spy")

#: A sample taken inside an add (the API's view).
ADD = re.compile(r"^add_deal \(.*scorer/web/api/")
#: A request's kind, by the view a sample was taken in.
#: Frames read ``function (path:line)``; the first rule one of a sample's frames matches wins.
KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("adds", ADD),
    ("pages", re.compile(r"^show_list \(.*scorer/web/lists/")),
    ("polls", re.compile(r"^changes \(.*scorer/web/lists/")),
    ("other views", re.compile(r"^Flask\.dispatch_request \(")),
    ("the server, Flask and the middleware around the views", re.compile(r"^ThreadWorker\.handle \(")),
]
#: The steps of an add, by the function of the service layer a sample was taken in.
STEPS: list[tuple[str, re.Pattern[str]]] = [
    ("the write lock (BEGIN, UPDATE ... RETURNING)", re.compile(r"^lock_list \(")),
    ("a key sent before (one SELECT)", re.compile(r"^_sent_before \(")),
    ("the list's end, or its replay", re.compile(r"^next_deal \(.*services/list_end")),
    ("the deal and the end written, COMMIT", re.compile(r"^Session\.commit \(")),
]
#: What a thread inside an add was doing, by its innermost frame: psycopg waiting on its
#: socket for PostgreSQL's answer, psycopg sending (or reading what arrived), or the rest.
DOING: list[tuple[str, re.Pattern[str]]] = [
    ("waiting for PostgreSQL's answer", re.compile(r"^(Connection\.wait|wait_\w*) \(psycopg/")),
    ("in psycopg, sending a statement or reading its answer", re.compile(r"\(psycopg/")),
]


def py_spy() -> str | None:
    """The py-spy to run: the virtualenv's, else one on the PATH; None when there is none."""
    return str(PY_SPY) if PY_SPY.exists() else shutil.which("py-spy")


def available() -> str | None:
    """Why py-spy cannot run here, or None when it can."""
    if py_spy() is None:
        return "py-spy is not installed (make bench installs it; or pip install py-spy)"
    return None


class Sampler:
    """One py-spy process recording a server's workers for a while, its samples read afterwards."""

    def __init__(self, pid: int, seconds: float, *, idle: bool, rate: int = 100) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="scorer-py-spy-")
        self.output = Path(self._folder.name) / "samples.txt"
        command = [str(py_spy()), "record",
                   "--pid", str(pid), "--subprocesses", "--rate", str(rate),
                   "--duration", str(max(1, int(seconds))), "--format", "raw",
                   "--output", str(self.output), "--nonblocking"]
        command.append("--idle" if idle else "--gil")
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def samples(self, timeout: float) -> list[tuple[list[str], int]]:
        """Wait for py-spy to finish; each stack (outermost frame first) with its count."""
        _out, err = self.process.communicate(timeout=timeout)
        if not self.output.exists():
            raise RuntimeError(f"py-spy wrote nothing: {err.decode(errors='replace')[-500:]}")
        stacks = []
        for line in self.output.read_text(errors="replace").splitlines():
            stack, _, count = line.rpartition(" ")
            if not count.isdigit():
                continue
            frames = [frame for frame in stack.split(";") if not frame.startswith(("process ", "thread "))]
            stacks.append((frames, int(count)))
        self._folder.cleanup()
        return stacks


def first_match(frames: list[str], rules: list[tuple[str, re.Pattern[str]]]) -> str | None:
    """The name of the first rule (in the rules' order) that one of the frames matches."""
    for name, pattern in rules:
        if any(pattern.search(frame) for frame in frames):
            return name
    return None


def by_kind(stacks: list[tuple[list[str], int]]) -> tuple[Counter[str], int]:
    """The GIL samples by the kind of request being served, and their total."""
    shares: Counter[str] = Counter()
    for frames, count in stacks:
        shares[first_match(frames, KINDS) or "the workers' own loops (accepting, keep-alive)"] += count
    return shares, sum(shares.values())


def inside_adds(stacks: list[tuple[list[str], int]]) -> tuple[Counter[str], Counter[str], int]:
    """Of the samples inside an add: waiting for PostgreSQL or not, and the add's step; with their total."""
    waiting: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    for frames, count in stacks:
        if not any(ADD.search(frame) for frame in frames):
            continue
        waiting[first_match(frames[-1:], DOING) or "running Python outside psycopg"] += count
        steps[first_match(frames, STEPS) or "the rest (reading the request, scoring, the answer)"] += count
    return waiting, steps, sum(waiting.values())


def report(gil: list[tuple[list[str], int]], idle: list[tuple[list[str], int]]) -> dict[str, Any]:
    """The shares, as fractions, for the figures."""
    kinds, total = by_kind(gil)
    waiting, steps, in_adds = inside_adds(idle)
    return {
        "gil": {name: n / total for name, n in kinds.most_common()} if total else {},
        "gil_samples": total,
        "add_waiting": {name: n / in_adds for name, n in waiting.most_common()} if in_adds else {},
        "add_steps": {name: n / in_adds for name, n in steps.most_common()} if in_adds else {},
        "add_samples": in_adds,
    }


def print_report(figures: dict[str, Any]) -> None:
    """The shares, as lines under the tables' figures."""
    print(f"  where the app's CPU goes ({figures['gil_samples']} samples of the thread holding the "
          "interpreter's lock, py-spy --gil):")
    for name, share in figures["gil"].items():
        print(f"    {share * 100:5.1f}%  {name}")
    print(f"  where an add's time goes ({figures['add_samples']} samples of threads inside an add, "
          "waiting or not, py-spy --idle):")
    for name, share in figures["add_waiting"].items():
        print(f"    {share * 100:5.1f}%  {name}")
    for name, share in figures["add_steps"].items():
        print(f"    {share * 100:5.1f}%  {name}")
