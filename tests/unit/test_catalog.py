"""The German catalog is the one `make messages` writes: its diff shows only the strings that changed.

scripts/messages gathers the app's strings and updates the catalog the same
way every time (no source locations, sorted, no fuzzy guesses, no creation
date). Run on a copy of the catalog in the repository, it must change
nothing; else the catalog was edited by hand out of its order, or a string
is new or gone: run `make messages`, then translate what it leaves empty.
"""

from __future__ import annotations

import difflib
import re
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG = Path("de") / "LC_MESSAGES" / "messages.po"


def test_the_catalog_is_as_make_messages_writes_it(tmp_path: Path) -> None:
    kept = ROOT / "scorer" / "translations" / CATALOG
    copy = tmp_path / CATALOG
    copy.parent.mkdir(parents=True)
    shutil.copyfile(kept, copy)
    env = {**os.environ, "BIN": str(Path(sys.executable).parent)}
    done = subprocess.run([str(ROOT / "scripts" / "messages"), str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    before, after = kept.read_text(encoding="utf-8"), copy.read_text(encoding="utf-8")
    changed = list(difflib.unified_diff(before.splitlines(), after.splitlines(), "in the repository",
                                        "as make messages writes it", lineterm="", n=1))
    assert not changed, "run `make messages` (and translate what it leaves empty):\n" + "\n".join(changed[:40])


def test_no_translated_text_hides_inside_an_f_string() -> None:
    # Babel's extractor reads an f-string as one token: a _("...") inside it is never gathered,
    # so `make messages` would drop its translation and the page would fall back to English.
    hidden = re.compile(r"""\bf(["'])[^\n]*?\{[^}\n]*\b(?:_|_l|N_|gettext|ngettext|lazy_gettext)\(\s*["']""")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for path in sorted((ROOT / "scorer").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if hidden.search(line)]
    assert found == [], "take the translated text out of the f-string: " + ", ".join(found)
