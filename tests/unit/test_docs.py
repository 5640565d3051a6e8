"""The README and docs/: a short README, links that lead somewhere, no work log.

Every relative link and image in README.md and docs/*.md must name a file of
the repository (never one outside it, through ``../``), and a ``#anchor``
into a Markdown file must name one of its headings: by GitHub's slug of the
heading's text, or by the ``{#id}`` the reference's headings carry
(docs/rules.de.md keeps the English ids that way).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from scorer.web.help.routes import COMPANIONS

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
#: What a README read in two minutes can hold.
README_MOST_LINES = 150
#: An explicit id at a heading's end: ``## Hausregeln {#house-rules}``.
EXPLICIT_ID = re.compile(r"\s*\{#([\w-]+)\}\s*$")
#: HTML in Markdown that points somewhere: ``<img src="...">``, ``<a href="...">``.
HTML_LINK = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")


def name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@cache
def tokens(path: Path) -> list[Token]:
    parser = MarkdownIt("commonmark", {"html": True}).enable("table")
    return parser.parse(path.read_text(encoding="utf-8"))


def walk(found: list[Token]) -> Iterator[Token]:
    for token in found:
        yield token
        if token.children:
            yield from walk(token.children)


def links(path: Path) -> list[str]:
    """Every link and image target of a Markdown file, code blocks and spans left out."""
    out: list[str] = []
    for token in walk(tokens(path)):
        if token.type == "link_open":
            out.append(str(token.attrGet("href")))
        elif token.type == "image":
            out.append(str(token.attrGet("src")))
        elif token.type in ("html_inline", "html_block"):
            out.extend(HTML_LINK.findall(token.content))
    return out


def relative(target: str) -> bool:
    """A link into the repository: no scheme, no host (``https:``, ``mailto:``)."""
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc


def github_slug(text: str) -> str:
    """GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def heading_text(inline: Token) -> str:
    """A heading's text as shown: inline code keeps its words, markup goes."""
    return "".join(child.content for child in inline.children or []
                   if child.type in ("text", "code_inline"))


@cache
def anchors(path: Path) -> frozenset[str]:
    """Every id a link may name in a Markdown file (GitHub numbers repeated slugs -1, -2, ...)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    parsed = tokens(path)
    for index, token in enumerate(parsed):
        if token.type != "heading_open":
            continue
        text = heading_text(parsed[index + 1])
        explicit = EXPLICIT_ID.search(text)
        if explicit:
            found.add(explicit.group(1))
            text = text[: explicit.start()]
        slug = github_slug(text)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return frozenset(found)


def broken(path: Path, target: str) -> str | None:
    """Why a relative link of ``path`` leads nowhere, or None when it resolves."""
    parts = urlsplit(target)
    if parts.path.startswith("/"):
        return "is absolute: on GitHub it leaves the repository"
    to = (path.parent / unquote(parts.path)).resolve() if parts.path else path
    if not to.is_relative_to(ROOT):
        return "leaves the repository"
    if not to.is_file():
        return "names no file of the repository"
    if parts.fragment and to.suffix == ".md" and parts.fragment not in anchors(to):
        return f"names no heading of {name(to)}"
    return None


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_every_relative_link_leads_to_a_file_and_a_heading_of_the_repository(path: Path) -> None:
    found = [target for target in links(path) if relative(target)]
    wrong = [f"{target}: {why}" for target in found if (why := broken(path, target))]
    assert wrong == [], f"{name(path)}: " + "; ".join(wrong)


def test_the_readme_is_short_and_leads_into_docs() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_MOST_LINES
    assert lines[0].startswith("# ")
    found = links(README)
    assert "docs/phone.png" in found
    for path in DOCUMENTS[1:]:
        assert f"docs/{path.name}" in found, f"the README does not lead to {name(path)}"


def test_the_picture_of_a_phone_is_small_and_described() -> None:
    picture = ROOT / "docs" / "phone.png"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture.stat().st_size < 100 * 1024
    html = "".join(token.content for token in walk(tokens(README)) if token.type.startswith("html"))
    alt = re.search(r'<img[^>]*\bsrc="docs/phone\.png"[^>]*\balt="([^"]+)"', html, re.S)
    assert alt and len(alt.group(1).split()) >= 5


@pytest.mark.parametrize("stem", COMPANIONS)
def test_the_docs_the_help_serves_link_only_to_what_it_serves(stem: str) -> None:
    """docs/list-file.md and docs/breakdown-examples.md are also help pages
    (/help/list-file.md): a relative link there must lead to another of them."""
    path = ROOT / "docs" / f"{stem}.md"
    served = {f"{other}.md" for other in COMPANIONS}
    for target in filter(relative, links(path)):
        linked = urlsplit(target).path
        assert not linked or linked in served, f"{name(path)}: {target} is not a help page"


#: How the work was organised: no place in documents read for what the app does.
WORK_LOG = re.compile(r"\b(?:session|issue)s?\s+#?\d+", re.I)


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_no_document_tells_how_the_work_was_organised(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert WORK_LOG.findall(text) == []
