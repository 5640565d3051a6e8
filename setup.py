"""Build steps: the translation catalogs compiled, the served folders shipped.

Everything else about the package is in pyproject.toml. The compiled
catalogs (.mo) are not kept in git; building the package, a wheel or an
editable install (`pip install -e .`), compiles them from the .po files
first, so an installed app always speaks German. A wheel also carries the
repository's templates/, static/, migrations/ and docs/ inside the package
(scorer/web/shipped.py finds them there), so it serves without a checkout;
an editable install serves the checkout's own.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
TRANSLATIONS = ROOT / "scorer" / "translations"
#: The repository's folders the app reads, shipped inside the package (scorer/web/shipped.py).
SHIPPED = ("templates", "static", "migrations", "docs")


def compile_catalogs(folder: Path = TRANSLATIONS) -> None:
    """Compile every LC_MESSAGES/*.po under ``folder`` next to itself, as `pybabel compile` does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        with mo.open("wb") as target:
            write_mo(target, catalog)


def ship_folders(package: Path, source: Path = ROOT) -> None:
    """Copy the served folders into the built package, caches left out."""
    for name in SHIPPED:
        target = package / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


class BuildWithCatalogs(build_py):
    """Compile the catalogs before the package's files are gathered; ship the folders."""

    def run(self) -> None:
        compile_catalogs()
        self.__dict__.pop("data_files", None)  # gathered again, with the .mo files
        super().run()
        if not self.editable_mode:
            ship_folders(Path(self.build_lib) / "scorer")


setup(cmdclass={"build_py": BuildWithCatalogs})
