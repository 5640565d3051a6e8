"""Build step: compile the translation catalogs into the package.

Everything else about the package is in pyproject.toml. The compiled
catalogs (.mo) are not kept in git; building the package, a wheel or an
editable install (`pip install -e .`, as the README deploys it), compiles
them from the .po files first, so an installed app always speaks German.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

TRANSLATIONS = Path(__file__).resolve().parent / "scorer" / "translations"


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


class BuildWithCatalogs(build_py):
    """Compile the catalogs before the package's files are gathered."""

    def run(self) -> None:
        compile_catalogs()
        self.__dict__.pop("data_files", None)  # gathered again, with the .mo files
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
