"""The house-rules table of docs/rules.md, written from the families' option specs.

``python -m scorer rules-table`` prints it; a test checks that the docs hold
exactly what it prints, so the table can never drift from the code;
``--into FILE`` writes it into the file, between its ``<!-- rules-table -->``
and ``<!-- /rules-table -->`` lines (``make docs`` does both docs).
``python -m scorer rules-table --lang de`` prints the German one of
docs/rules.de.md: the same rows and defaults, each option's words as the
German new-list page says them (from the German catalog).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from scorer.engine.families import FAMILIES
from scorer.engine.families.base import Family
from scorer.engine.options import Group, Option

NONE = "—"
#: The gettext catalogs (``LANG/LC_MESSAGES/messages.po``).
TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
#: The table's first two column heads, by language.
HEADS = {"en": ("key", "what it is"), "de": ("Schlüssel", "was es ist")}


def _entries(family: Family) -> Iterator[tuple[str, Option, Any]]:
    """Every documented key of a family with its option and default (objects expanded)."""
    defaults: dict[str, Any] = {}
    for option in family.options:
        if option.section == "hidden":
            continue
        default = option.default_for(defaults)
        defaults[option.key] = default
        if option.kind in ("tariffs", "laufende"):
            for name, amount in default.items():
                yield f"{option.key}.{name}", option, amount
        elif isinstance(option, Group):
            yield option.key, option, None
            for sub in option.fields:
                yield f"{option.key}.{sub.key}", sub, sub.dump(sub.default_for(defaults))
        else:
            yield option.key, option, option.dump(default)


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple, frozenset)):
        return ", ".join(str(v) for v in value) or "[]"
    return json.dumps(value, ensure_ascii=False)


def catalog(lang: str) -> Callable[[str], str]:
    """A language's words from its .po file (no compiled catalog needed); English as it is."""
    if lang == "en":
        return lambda text: text
    # Imported here: every start of the command line would pay for it (about 40 ms).
    from babel.messages.pofile import read_po

    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        messages = read_po(file)
    found = {m.id: m.string for m in messages
             if isinstance(m.id, str) and isinstance(m.string, str) and m.string}
    return lambda text: found.get(text, text)


def rules_table(families: Mapping[str, Family] = FAMILIES, lang: str = "en") -> str:
    """The Markdown table: one row per key, each family's default in its column.

    ``lang`` is the language of the column heads and of what each option is;
    keys, family names and defaults are the list file's own.
    """
    _ = catalog(lang)
    rows: dict[str, tuple[Option, dict[str, str]]] = {}
    for name, family in families.items():
        for key, option, default in _entries(family):
            rows.setdefault(key, (option, {}))[1][name] = _shown(default)
    head = [*HEADS[lang], *families]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key, (option, defaults) in rows.items():
        what = _(option.label) if "." in key and option.kind not in ("tariffs", "laufende") else _(option.help or option.label)
        if option.kind in ("tariffs", "laufende") and "." in key:
            what = f"{_(option.label)}: {key.split('.', 1)[1]}"
        cells = [f"`{key}`", what, *(f"`{defaults[n]}`" if n in defaults else NONE for n in families)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


#: The lines a doc marks its table with; the table goes between them.
MARKS = ("<!-- rules-table -->\n", "<!-- /rules-table -->\n")


def into(text: str, table: str) -> str:
    """The doc's text with its marked table replaced by ``table``; a doc without both marks is refused."""
    start, end = (text.find(mark) for mark in MARKS)
    if start < 0 or end < start:
        raise ValueError(f"the doc marks no table: it needs the lines {MARKS[0].strip()} and {MARKS[1].strip()}")
    start += len(MARKS[0])
    return text[:start] + table + text[end:]
