"""Build steps: the translation catalogs compiled, the served folders shipped, only what git keeps.

Everything else about the package is in pyproject.toml. The compiled
catalogs (.mo) are not kept in git; building the package, a wheel or an
editable install (`pip install -e .`), compiles them from the .po files
first, so an installed app always speaks German. A wheel also carries the
repository's templates/, static/, migrations/ and docs/ inside the package
(scorer/web/shipped.py finds them there), so it serves without a checkout;
an editable install serves the checkout's own.

Only files git keeps are shipped, in the wheel and in a source
distribution alike: whatever else lies in a checkout (an editor's swap
file, a .env, a development database, private notes, a stray module) stays
out, as does the module only the tests register (TEST_ONLY). Built from a
source distribution, which holds no .git, its files are the ones the
distribution was made of, so the same files.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
TRANSLATIONS = ROOT / "scorer" / "translations"
#: The repository's folders the app reads, shipped inside the package (scorer/web/shipped.py).
SHIPPED = ("templates", "static", "migrations", "docs")
#: Shipped in a source distribution besides the package and those folders.
BESIDES = ("deploy/nginx.conf", "deploy/scorer.service")
#: Modules kept in git for the tests, never shipped (the app registers them only in tests).
TEST_ONLY = frozenset({"scorer/web/offline/testing.py"})


@cache
def kept_files(source: Path = ROOT) -> frozenset[str]:
    """The files of ``source`` that are shipped, as paths relative to it.

    In a checkout, those git keeps (committed or added); in an unpacked
    source distribution (PKG-INFO, no .git), every file: it was made of them.
    """
    if (source / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "-z", "--cached"], cwd=source, check=True,
                                capture_output=True).stdout.decode()
        return frozenset(name for name in listed.split("\0") if name and (source / name).is_file())
    if (source / "PKG-INFO").exists():
        return frozenset(path.relative_to(source).as_posix() for path in source.rglob("*") if path.is_file())
    raise SystemExit(f"{source} is neither a git checkout nor a source distribution: "
                     "the package ships only the files git keeps")


def shipped(name: str | Path, source: Path = ROOT) -> bool:
    """Whether a file of the checkout goes into the package: kept by git, not for tests only."""
    path = Path(name)
    relative = (path.resolve().relative_to(source) if path.is_absolute() else path).as_posix()
    if relative in TEST_ONLY:
        return False
    if relative in kept_files(source):
        return True
    # A compiled catalog is made by the build itself, from a .po file git keeps.
    return relative.endswith(".mo") and relative[:-3] + ".po" in kept_files(source)


def compile_catalogs(folder: Path = TRANSLATIONS) -> None:
    """Compile every LC_MESSAGES/*.po git keeps under ``folder`` next to itself, as `pybabel compile` does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
        if not shipped(po):
            continue
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        with mo.open("wb") as target:
            write_mo(target, catalog)


def ship_folders(package: Path, source: Path = ROOT) -> None:
    """Copy the files git keeps of the served folders into the built package."""
    for name in SHIPPED:
        target = package / name
        if target.exists():
            shutil.rmtree(target)
        for relative in sorted(kept_files(source)):
            if relative.startswith(f"{name}/") and shipped(relative, source):
                (package / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source / relative, package / relative)


class BuildWithCatalogs(build_py):
    """Compile the catalogs before the package's files are gathered; ship only kept files."""

    def run(self) -> None:
        compile_catalogs()
        self.__dict__.pop("data_files", None)  # gathered again, with the .mo files
        super().run()
        if not self.editable_mode:
            ship_folders(Path(self.build_lib) / "scorer")

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        """The package's modules git keeps; an editable install serves the checkout as it is."""
        found: list[tuple[str, str, str]] = super().find_package_modules(package, package_dir)
        if self.editable_mode:
            return found
        return [module for module in found if shipped(module[2])]

    def find_data_files(self, package: str, src_dir: str) -> list[str]:
        """The package data git keeps, and the catalogs compiled from it."""
        found: list[str] = super().find_data_files(package, src_dir)
        if self.editable_mode:
            return found
        return [name for name in found if shipped(name)]


class SourceOfKeptFiles(sdist):
    """A source distribution of the package, its served folders and the deploy files git keeps."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        """Lay out the package's files, then the served folders' and the deploy files git keeps."""
        super().make_release_tree(base_dir, files)
        for name in sorted(kept_files()):
            if (name.split("/")[0] in SHIPPED or name in BESIDES) and shipped(name):
                target = Path(base_dir) / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, target)


setup(cmdclass={"build_py": BuildWithCatalogs, "sdist": SourceOfKeptFiles})
