"""The help pages: an index, a page per family, the glossary, and docs/rules.md (or rules.de.md) in full."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template
from flask_babel import gettext as _

from scorer.engine import FAMILIES, Family, Option
from scorer.engine.options import Group
from scorer.web import shipped
from scorer.web.help import content
from scorer.web.i18n import select_locale
from scorer.web.labels import family_description, family_label, game_label, tariff_label, unchosen_games
from scorer.web.lists.forms import amount_keys, defaults

bp = Blueprint("help", __name__)

#: The complete reference, served as it is kept in the repository: English,
#: and its German translation (the same headings' ids, so a link to a section
#: finds it in either language).
REFERENCE = shipped.folder("docs") / "rules.md"
REFERENCES = {"en": REFERENCE, "de": shipped.folder("docs") / "rules.de.md"}
#: The label of the region a wide table scrolls in, by the reference's language.
TABLE = {"en": "Table", "de": "Tabelle"}


@dataclass(frozen=True)
class Knob:
    """One house rule on a family's help page."""

    #: The rules key, dotted for a group's sub-option (``bock.after``).
    key: str
    option: Option
    #: Its default, in words.
    default: str
    #: A group's sub-options.
    parts: tuple[Knob, ...] = ()

    @property
    def anchor(self) -> str:
        """The id the new-list form's "?" links to."""
        return anchor(self.key)

    @property
    def label(self) -> str:
        """What the option is called on the new-list page."""
        return _(self.option.label)


def anchor(key: str) -> str:
    """The help page's id of a house rule: ``rule-bock-after`` for ``bock.after``."""
    return "rule-" + key.replace(".", "-")


bp.add_app_template_global(anchor, "help_anchor")


def _words(option: Option, value: Any, family: Family) -> str:
    """A default value as a player reads it."""
    kind = option.kind
    labels: Mapping[str, str] = getattr(option, "labels", {})
    if kind == "group":
        return _("off") if value is None else _("on")
    if kind == "flag":
        return _("yes") if value else _("no")
    if kind == "choice":
        return _(labels.get(value, value))
    if kind == "choices":
        # Read back as the option reads it: one game may be written as the word itself.
        return ", ".join(_(labels.get(v, v)) for v in option.parse(value, option.key, {})) or _("none")
    if kind == "games":
        hidden = unchosen_games(family)
        return ", ".join(game_label(g) for g in family.games if g in value and g not in hidden)
    if kind == "tariffs":
        # A tariff that follows others (the penalty) is not written: its label says what it follows.
        return ", ".join(f"{tariff_label(k, family)} {value[k]}" for k in amount_keys(family, option) if k in value)
    if kind == "laufende":
        return ", ".join(f"{game_label(k)} {value[k]}" for k in amount_keys(family, option))
    if value is None:
        return _("empty")
    return str(value)


def knobs(family: Family) -> Iterator[Knob]:
    """The family's house rules as the new-list page shows them, with their defaults."""
    base = defaults(family.name)
    for option in family.options:
        if option.section == "hidden":
            continue
        value = base[option.key]
        parts: tuple[Knob, ...] = ()
        if isinstance(option, Group):
            on = option.parse({}, option.key, base) or {}
            parts = tuple(
                Knob(f"{option.key}.{sub.key}", sub, _words(sub, sub.dump(on[sub.key]), family))
                for sub in option.fields
            )
        yield Knob(option.key, option, _words(option, value, family), parts)


@bp.get("/help")
def index() -> Any:
    """What help there is: each family, the glossary, the complete reference."""
    return render_template(
        "help/index.html", families=FAMILIES,
        descriptions={name: family_description(name) for name in FAMILIES},
        intro=content.page(select_locale(), "index"),
    )


@bp.get("/help/glossary")
def glossary() -> Any:
    """The words players ask about, each with the games that say it that way."""
    opening, words = content.glossary(content.language(select_locale()))
    entries = [(content.render(word.markdown), [family_label(name) for name in word.families])
               for word in words]
    return render_template("help/glossary.html", opening=content.render(opening), entries=entries,
                           families=FAMILIES)


def reference_language(lang: str) -> str:
    """The language the reference is served in for a page language: its own if written, else English."""
    lang = content.language(lang)
    path = REFERENCES.get(lang)
    return lang if path is not None and path.is_file() else content.LANGUAGES[0]


#: A comment line of the Markdown (the generated table's markers), for the repository's readers only.
COMMENT = re.compile(r"^<!--.*?-->[ \t]*\n", re.M)


@cache
def _reference(path: Path, table_name: str) -> str:
    # Raw HTML is text in the help, so the markers would show (the closing one as a table row).
    return content.render(COMMENT.sub("", path.read_text(encoding="utf-8")), table_name)


@bp.get("/help/reference")
def reference() -> Any:
    """docs/rules.md, the complete reference of how the app counts; docs/rules.de.md in German."""
    lang = reference_language(select_locale())
    path = REFERENCES[lang]
    if not path.is_file():
        abort(404)
    return render_template("help/reference.html", body=_reference(path, TABLE[lang]), reference_lang=lang)


#: The reference's companions in docs/ (English only), linked from it by their file names.
COMPANIONS = ("list-file", "breakdown-examples")


@bp.get(f"/help/<any({', '.join(map(repr, COMPANIONS))}):name>.md")
def companion(name: str) -> Any:
    """docs/list-file.md or docs/breakdown-examples.md, where the reference's links to them lead."""
    path = shipped.folder("docs") / f"{name}.md"
    if not path.is_file():
        abort(404)
    markdown = path.read_text(encoding="utf-8")
    title = markdown.splitlines()[0].removeprefix("# ")
    return render_template("help/reference.html", body=_reference(path, TABLE["en"]), reference_lang="en",
                           title=title)


@bp.get("/help/<family>")
def family(family: str) -> Any:
    """A family's games and how each pays, and each house rule with its meaning and default."""
    found = FAMILIES.get(family)
    if found is None:
        abort(404)
    lang = select_locale()
    return render_template(
        "help/family.html", family=found, label=family_label(family),
        description=family_description(family), body=content.page(lang, f"families/{family}"),
        knobs=list(knobs(found)), explain=lambda key: content.entry(lang, family, key),
        words=content.family_words(lang, family),
    )
