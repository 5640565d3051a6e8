"""The house-rules table of docs/rules.md, written from the families' option specs.

``python -m scorer rules-table`` prints it; a test checks that the docs hold
exactly what it prints, so the table can never drift from the code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from scorer.engine.families import FAMILIES
from scorer.engine.families.base import Family
from scorer.engine.options import Group, Option

NONE = "—"


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


def rules_table(families: Mapping[str, Family] = FAMILIES) -> str:
    """The Markdown table: one row per key, each family's default in its column."""
    rows: dict[str, tuple[Option, dict[str, str]]] = {}
    for name, family in families.items():
        for key, option, default in _entries(family):
            rows.setdefault(key, (option, {}))[1][name] = _shown(default)
    head = ["key", "what it is", *families]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key, (option, defaults) in rows.items():
        what = option.label if "." in key and option.kind not in ("tariffs", "laufende") else (option.help or option.label)
        if option.kind in ("tariffs", "laufende") and "." in key:
            what = f"{option.label}: {key.split('.', 1)[1]}"
        cells = [f"`{key}`", what, *(f"`{defaults[n]}`" if n in defaults else NONE for n in families)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
