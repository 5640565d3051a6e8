"""The house-rules table of docs/rules.md is the one the families' option specs write."""

import pathlib
import re
import subprocess
import sys

from scorer.engine import FAMILIES
from scorer.engine.rules_table import rules_table

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules.md"
GERMAN_DOCS = DOCS.with_name("rules.de.md")


def test_the_docs_hold_exactly_the_table_the_option_specs_write():
    docs = DOCS.read_text(encoding="utf-8")
    found = re.search(r"<!-- rules-table -->\n(.*?)<!-- /rules-table -->", docs, re.S)
    assert found, "docs/rules.md has no generated rules table"
    assert found.group(1) == rules_table(), "run: make docs (python -m scorer rules-table --into docs/rules.md)"


def test_the_german_docs_hold_the_same_table_in_german_words():
    docs = GERMAN_DOCS.read_text(encoding="utf-8")
    found = re.search(r"<!-- rules-table -->\n(.*?)<!-- /rules-table -->", docs, re.S)
    assert found, "docs/rules.de.md has no generated rules table"
    german = rules_table(lang="de")
    assert found.group(1) == german, "run: make docs"
    english = rules_table()
    assert german.count("\n") == english.count("\n")
    for ours, theirs in zip(english.splitlines()[1:], german.splitlines()[1:], strict=True):
        # The same key and defaults in each row; only what the option is reads in German.
        assert ours.split(" | ")[0] == theirs.split(" | ")[0] and ours.split(" | ")[2:] == theirs.split(" | ")[2:]
    assert "Die Spiele dieser Liste" in german and "| Schlüssel | was es ist |" in german


def test_the_table_has_a_row_for_every_option_and_a_column_for_every_family():
    table = rules_table()
    header = table.splitlines()[0]
    for name in FAMILIES:
        assert f" {name} " in header
    for family in FAMILIES.values():
        for option in family.options:
            if option.section != "hidden":
                assert f"`{option.key}" in table, option.key


def test_the_command_line_prints_the_table_in_either_language():
    for args, lang in (([], "en"), (["--lang", "de"], "de")):
        printed = subprocess.run([sys.executable, "-m", "scorer", "rules-table", *args],
                                 capture_output=True, text=True, check=True)
        assert printed.stdout == rules_table(lang=lang)


def test_the_command_writes_the_table_between_the_marks_of_a_doc(tmp_path):
    doc = tmp_path / "rules.md"
    doc.write_text("Before.\n<!-- rules-table -->\n| an old table |\n<!-- /rules-table -->\nAfter.\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scorer", "rules-table", "--lang", "de", "--into", str(doc)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert doc.read_text(encoding="utf-8") == (
        "Before.\n<!-- rules-table -->\n" + rules_table(lang="de") + "<!-- /rules-table -->\nAfter.\n")


def test_the_command_refuses_a_doc_without_the_marks_and_leaves_it(tmp_path):
    doc = tmp_path / "notes.md"
    doc.write_text("No table here.\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scorer", "rules-table", "--into", str(doc)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "marks no table" in done.stderr and "<!-- rules-table -->" in done.stderr
    assert doc.read_text(encoding="utf-8") == "No table here.\n"
