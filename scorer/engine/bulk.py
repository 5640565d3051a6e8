"""Cyclic garbage collection held off while the engine builds a list's values in bulk.

Reading, replaying and writing a list makes several small objects per deal
(the deal, its outcome, its payouts, its scored result), and none of them
refers back to another in a cycle. The cyclic collector does not know
that: every 700 new objects it walks the young ones, and as the list's
results grow it walks them again and again in the older generations, a
tenth of what scoring a long list costs (``bench/engine.py``). Held off for
the length of one bulk step, it walks them once, the next time it runs;
nothing is lost, since collection is only put off, and nothing the engine
makes needs it.

The collector's switch is one for the whole process, so several threads
(the web app's) share one count of bulk steps under way: the first turns
collection off, the last turns it back on, and only if it was on when the
first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: Bulk steps under way, in every thread.
_running = 0
#: Whether collection was on when the first of them began.
_was_on = False


@contextmanager
def bulk() -> Iterator[None]:
    """Hold off cyclic garbage collection until this step (and every other under way) ends.

    >>> import gc
    >>> with bulk():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    global _running, _was_on
    with _lock:
        if _running == 0:
            _was_on = gc.isenabled()
            gc.disable()
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _was_on:
                gc.enable()
