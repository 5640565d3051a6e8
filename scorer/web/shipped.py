"""The folders the app serves from: inside the package, or in the checkout.

A wheel carries the repository's ``templates/``, ``static/``, ``migrations/``
and ``docs/`` inside the package (setup.py copies them in while building), so
an installed app needs no checkout. Run from a checkout (``make run``, an
editable install), the package holds none of them and the checkout's own
folders serve, as they are edited.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: The ``scorer`` package's folder.
PACKAGE = Path(__file__).resolve().parents[1]
#: The repository, when the package is run from a checkout of it.
CHECKOUT = PACKAGE.parent
#: What the app reads besides its code, by the folder's name in the repository.
FOLDERS = ("templates", "static", "migrations", "docs")


def folder(name: str) -> Path:
    """The shipped copy of the repository's folder ``name``, else the checkout's."""
    if name not in FOLDERS:
        raise ValueError(f"{name!r} is not a folder the package ships: {', '.join(FOLDERS)}")
    inside = PACKAGE / name
    return inside if inside.is_dir() else CHECKOUT / name


def installed() -> bool:
    """Whether the package was installed from a wheel (it carries its folders)."""
    return (PACKAGE / "templates").is_dir()


def instance_folder() -> Path:
    """Where ``config.py`` and the default SQLite database live.

    ``SCORER_INSTANCE`` names it; else a checkout's ``instance/``, and for an
    installed package ``var/scorer-instance`` under the environment's prefix
    (Flask's own choice for an installed app).
    """
    chosen = os.environ.get("SCORER_INSTANCE")
    if chosen:
        return Path(chosen)
    if installed():
        return Path(sys.prefix) / "var" / "scorer-instance"
    return CHECKOUT / "instance"
