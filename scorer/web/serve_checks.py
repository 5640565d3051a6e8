"""What ``scorer serve`` asks of the settings before it serves anyone (docs/deploying.md).

A weak ``SECRET_KEY`` lets whoever guesses it sign sessions and derive edit
keys; the debugger runs code for anyone who reaches it, and gives every
worker a random key of its own (one Idempotency-Key, two edit keys); a
forgotten ``DATABASE_URL`` would serve from a SQLite file nobody chose.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from pathlib import Path
from typing import Any

#: The fewest bytes a key may have.
LEAST_BYTES = 32
#: The fewest distinct characters: a hex key has 16.
LEAST_DISTINCT = 12
#: The least entropy, in bits, estimated from the key's own character frequencies.
LEAST_BITS = 128
#: The share of the key's three-character runs that must differ: a short word repeated fails.
LEAST_DISTINCT_RUNS = 0.5
#: The setting that lets ``scorer serve`` run on the default SQLite file on purpose.
ALLOW_SQLITE = "SCORER_ALLOW_SQLITE"
#: How to make a good key, said with every refusal of one.
MAKE_ONE = "make one with python3 -c 'import secrets; print(secrets.token_hex(32))'"


class Refused(Exception):
    """A setting ``scorer serve`` will not run with; the message says which and why."""


def entropy_bits(key: str) -> float:
    """Estimate a key's entropy: the Shannon entropy of its character frequencies times its length."""
    counts = Counter(key)
    return -sum(n * math.log2(n / len(key)) for n in counts.values())


def check_secret_key(secret: Any) -> None:
    """Refuse a SECRET_KEY that is missing, short, or too regular to be random."""
    if not secret:
        raise Refused(f"SECRET_KEY is not set: {MAKE_ONE}")
    key = secret.decode("latin-1") if isinstance(secret, bytes) else str(secret)
    if len(key.encode()) < LEAST_BYTES:
        raise Refused(f"SECRET_KEY is too short: it must be at least {LEAST_BYTES} bytes; {MAKE_ONE}")
    runs = [key[i:i + 3] for i in range(len(key) - 2)]
    if (len(set(key)) < LEAST_DISTINCT or entropy_bits(key) < LEAST_BITS
            or len(set(runs)) < LEAST_DISTINCT_RUNS * len(runs)):
        raise Refused(
            "SECRET_KEY is not random enough: it needs at least "
            f"{LEAST_DISTINCT} different characters, about {LEAST_BITS} bits by their frequencies, "
            f"and no short pattern repeated; {MAKE_ONE}")


def check_not_debugging(config: Any, environ: dict[str, str]) -> None:
    """Refuse the debugger and the test mode: each gives a per-worker random key, and the debugger a shell."""
    debug = environ.get("FLASK_DEBUG", "").strip().lower() not in ("", "0", "false", "no")
    if debug or config.get("DEBUG") or config.get("TESTING"):
        raise Refused("FLASK_DEBUG (or DEBUG, TESTING) is set: scorer serve never runs the debugger "
                      "or the test mode; unset it (flask --app scorer run is for debugging)")


def check_database(uri: str, default: str, environ: dict[str, str]) -> None:
    """Refuse to serve from the default SQLite file unless the host says so on purpose."""
    if environ.get("DATABASE_URL") or uri != default:
        return
    if environ.get(ALLOW_SQLITE, "").strip().lower() in ("1", "true", "yes"):
        return
    raise Refused(
        "DATABASE_URL is not set: set it to your PostgreSQL database "
        "(postgresql://USER:PASSWORD@HOST/NAME), or set "
        f"{ALLOW_SQLITE}=1 to serve from the SQLite file {uri.removeprefix('sqlite:///')} on purpose")


def check(app: Any, environ: dict[str, str] | None = None) -> None:
    """Every check ``scorer serve`` makes of a made app's settings, in the order a host fixes them."""
    environ = dict(os.environ if environ is None else environ)
    check_not_debugging(app.config, environ)
    check_secret_key(app.config.get("SECRET_KEY"))
    default = "sqlite:///" + str(Path(app.instance_path) / "scorer.sqlite3")
    check_database(app.config["SQLALCHEMY_DATABASE_URI"], default, environ)
