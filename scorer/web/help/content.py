"""The help pages' prose: Markdown files per language, rendered with markdown-it-py.

Prose lives in files, one folder per language (``content/en``, ``content/de``),
not in the gettext catalog: a page of explanation reads and is edited as a
whole, and a translator sees the paragraph, not a sentence torn out of it.
What must not drift from the code (each house rule's label, its default,
the games a family has) comes from the engine's option specs instead.

``options.md`` explains each house rule under a heading of its key
(``## bock.after``); a family's own wording of a shared key goes under
``## family:key`` (``## sheepshead:games``).

``glossary.md`` holds one entry per ``##`` heading; the line under a heading
names the families that say the word (``<!-- sheepshead -->``; none: every
family), so a family's help page can list its own words in its own way, and
a word two families say differently has an entry for each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

CONTENT = Path(__file__).resolve().parent / "content"
#: The languages the help is written in; the first is the fallback.
LANGUAGES = ("en", "de")


def slug(text: str) -> str:
    """An id for a heading: lower case, words joined by hyphens (umlauts kept)."""
    words = re.findall(r"[\w]+", text.casefold())
    return "-".join(words) or "section"


def _with_ids(tokens: list[Token]) -> None:
    """Give each heading an id from its words (``{#id}`` at its end sets one)."""
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[index + 1]
        found = re.search(r"\s*\{#([\w-]+)\}\s*$", inline.content)
        if found:
            token.attrSet("id", found.group(1))
            inline.content = inline.content[: found.start()]
            if inline.children:
                last = inline.children[-1]
                last.content = re.sub(r"\s*\{#[\w-]+\}\s*$", "", last.content)
        else:
            token.attrSet("id", slug(inline.content))


@cache
def _parser() -> MarkdownIt:
    # No raw HTML from the files: what they say is text, tables and links.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def render(text: str, table_name: str = "Table") -> str:
    """Markdown as HTML, each heading with an id, each table in a box that scrolls sideways.

    A wide table may scroll inside its own labelled, focusable region, so the
    page itself never scrolls sideways on a phone.
    """
    parser = _parser()
    tokens = parser.parse(text)
    _with_ids(tokens)
    html = str(parser.renderer.render(tokens, parser.options, {}))
    box = f'<div class="table-scroll" role="region" tabindex="0" aria-label="{table_name}"><table>'
    return html.replace("<table>", box).replace("</table>", "</table></div>")


def language(lang: str) -> str:
    """The help's language for a page language."""
    return lang if lang in LANGUAGES else LANGUAGES[0]


@cache
def read(lang: str, name: str) -> str:
    """A content file's Markdown, in the language, else in English; empty when there is none."""
    for folder in (language(lang), LANGUAGES[0]):
        path = CONTENT / folder / f"{name}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


@cache
def page(lang: str, name: str) -> str:
    """A content file rendered."""
    return render(read(lang, name))


@cache
def entries(lang: str) -> dict[str, str]:
    """The house rules' explanations by key (``options.md``), as Markdown."""
    return split_entries(read(lang, "options"))


def split_entries(text: str) -> dict[str, str]:
    """Split Markdown at its ``## key`` headings: {key: the text under it}."""
    out: dict[str, str] = {}
    key = None
    for line in text.splitlines():
        heading = re.match(r"^##\s+(\S+)\s*$", line)
        if heading:
            key = heading.group(1)
            out[key] = ""
        elif key is not None:
            out[key] += line + "\n"
    return {k: v.strip() for k, v in out.items()}


def entry(lang: str, family: str, key: str) -> str:
    """One house rule's explanation as HTML: the family's own, else the shared one."""
    found = entries(language(lang))
    text = found.get(f"{family}:{key}") or found.get(key, "")
    return render(text) if text else ""


#: The families a glossary entry is for, on the line under its heading.
_FAMILIES = re.compile(r"^<!--\s*([\w\s]*?)\s*-->\s*$")


@dataclass(frozen=True)
class Word:
    """One glossary entry: its Markdown, heading first, and the families that say the word."""

    markdown: str
    #: The families whose tables say it this way; empty: every family.
    families: tuple[str, ...] = ()

    def said_at(self, family: str) -> bool:
        """Tell whether a family's table says the word this way."""
        return not self.families or family in self.families


@cache
def glossary(lang: str) -> tuple[str, tuple[Word, ...]]:
    """Read the glossary in the language: its opening Markdown and its entries."""
    opening, *parts = re.split(r"(?m)^(?=## )", read(lang, "glossary"))
    words = []
    for part in parts:
        heading, _, rest = part.partition("\n")
        first, _, body = rest.partition("\n")
        tag = _FAMILIES.match(first)
        families = tuple(tag.group(1).split()) if tag else ()
        words.append(Word(f"{heading}\n{body if tag else rest}".strip(), families))
    return opening.strip(), tuple(words)


#: A glossary entry's heading: its words and its id, when it sets one.
_HEADING = re.compile(r"^## (.*?)(?:\s*\{#([\w-]+)\})?\s*$", re.M)


def _under_a_page(markdown: str) -> str:
    """An entry as a section of a help page: its heading one level down, its id marked ``word-``."""
    return _HEADING.sub(lambda m: f"### {m.group(1)} {{#word-{m.group(2) or slug(m.group(1))}}}", markdown, count=1)


@cache
def family_words(lang: str, family: str) -> str:
    """Render a family's glossary entries, as sections of its help page."""
    said = [_under_a_page(word.markdown) for word in glossary(language(lang))[1] if word.said_at(family)]
    return render("\n\n".join(said))
