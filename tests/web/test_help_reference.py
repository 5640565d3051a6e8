"""The complete reference in both languages: docs/rules.md in English, docs/rules.de.md in German.

The German file is a translation kept by hand, so these tests hold it in step
with the English one where a difference would mislead a player or break a
link: the same headings with the same ids, in the same order (so every link to
a section finds it in either language), the same tables with the same numbers
row by row, the same JSON examples, and the house-rules table written by the
code in both (tests/unit/test_rules_table.py).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorer.web.help import content
from scorer.web.help.routes import REFERENCES, reference_language
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (German pages need the .mo)
from tests.web.test_i18n import text

# What a page says does not depend on the database under it: make test's SQLite pass reads it.
pytestmark = pytest.mark.sqlite_pass

ROOT = Path(__file__).resolve().parents[2]
ENGLISH, GERMAN = (REFERENCES["en"].read_text(encoding="utf-8"), REFERENCES["de"].read_text(encoding="utf-8"))


def reference(client: FlaskClient, lang: str) -> str:
    client.get(f"/lang/{lang}")
    response = client.get("/help/reference")
    assert response.status_code == 200
    return text(response)


def heading_ids(page: str) -> list[str]:
    return re.findall(r'<h[1-6] id="([^"]+)"', page)


def test_a_german_page_gets_the_german_reference_and_an_english_one_the_english(client: FlaskClient) -> None:
    german = reference(client, "de")
    assert '<h1 id="how-the-scorer-counts">Wie der Schreiber zählt</h1>' in german
    assert '<div class="help-text reference" lang="de">' in german
    assert "nur auf Englisch" not in german  # no "English only" notice any more
    assert 'aria-label="Tabelle"' in german and 'aria-label="Table"' not in german
    english = reference(client, "en")
    assert '<h1 id="how-the-scorer-counts">How the scorer counts</h1>' in english
    assert '<div class="help-text reference" lang="en">' in english
    assert "Wie der Schreiber" not in english


def test_the_german_reference_is_served_only_when_it_exists(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert reference_language("de") == "de" and reference_language("en") == "en"
    assert reference_language("fr") == "en"
    monkeypatch.setitem(REFERENCES, "de", tmp_path / "missing.md")
    assert reference_language("de") == "en"


def test_both_languages_have_the_same_sections_with_the_same_ids(client: FlaskClient) -> None:
    english, german = heading_ids(reference(client, "en")), heading_ids(reference(client, "de"))
    assert english == german
    assert len(english) == len(set(english)) > 20
    # The German headings keep the English ones' ids, each written out ({#id}).
    for line in GERMAN.splitlines():
        if line.startswith("#"):
            assert re.search(r"\{#[\w-]+\}$", line), line


def linked_anchors() -> set[str]:
    """Every #anchor linked into the reference: from the reference itself, the app's
    templates and help prose, and the docs and README (``rules.md#x``, ``rules.de.md#x``)."""
    found = set(re.findall(r"\]\(#([\w-]+)\)", ENGLISH)) | set(re.findall(r"\]\(#([\w-]+)\)", GERMAN))
    for pattern in ("templates/**/*.html", "scorer/**/*.py", "scorer/**/*.md", "static/**/*.js"):
        for path in ROOT.glob(pattern):
            found |= set(re.findall(r"/help/reference#([\w-]+)", path.read_text(encoding="utf-8")))
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md")]:
        found |= set(re.findall(r"rules(?:\.de)?\.md#([\w-]+)", path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_anchor_linked_anywhere_is_on_the_reference_in_each_language(client: FlaskClient, lang: str) -> None:
    anchors = linked_anchors()
    assert {"house-rules", "settling-up", "why-this-payout-the-breakdown"} <= anchors
    page = reference(client, lang)
    ids = set(re.findall(r' id="([^"]+)"', page))
    assert anchors - ids == set()
    assert set(re.findall(r'href="#([^"]+)"', page)) <= ids


def tables(markdown: str) -> list[list[str]]:
    """Each Markdown table as its lines."""
    out: list[list[str]] = []
    inside = False
    for line in markdown.splitlines():
        if line.startswith("|"):
            if not inside:
                out.append([])
            out[-1].append(line)
        inside = line.startswith("|")
    return out


def numbers(line: str) -> list[str]:
    return sorted(re.findall(r"\d+", line))


def test_both_languages_have_the_same_tables_with_the_same_numbers_row_by_row() -> None:
    english, german = tables(ENGLISH), tables(GERMAN)
    assert len(english) == len(german) > 15
    for number, (ours, theirs) in enumerate(zip(english, german, strict=True), 1):
        assert len(ours) == len(theirs), f"table {number}: rows differ"
        for row, (a, b) in enumerate(zip(ours, theirs, strict=True), 1):
            assert a.count("|") == b.count("|"), f"table {number}, row {row}: columns differ"
            assert numbers(a) == numbers(b), f"table {number}, row {row}:\n  {a}\n  {b}"


def test_both_languages_show_the_same_json_examples() -> None:
    blocks = re.compile(r"```json\n.*?```", re.S)
    assert blocks.findall(ENGLISH) == blocks.findall(GERMAN)
    assert len(blocks.findall(ENGLISH)) >= 7


def test_the_reference_renders_like_the_rest_of_the_help(client: FlaskClient) -> None:
    page = reference(client, "de")
    assert page.count('<div class="table-scroll" role="region" tabindex="0"') == page.count("<table>") > 15
    assert "<script" not in page.split("<main>", 1)[1]
    assert "{#" not in page  # every {#id} became an id
    assert "&lt;!--" not in page and "<!--" not in page.split("<main>", 1)[1]  # the table's markers are gone
    body = html.unescape(content.render(GERMAN.replace("<!-- rules-table -->\n", "")
                                        .replace("<!-- /rules-table -->\n", ""), "Tabelle"))
    assert body in page  # docs/rules.de.md, all of it


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_house_rules_table_ends_with_its_last_rule(client: FlaskClient, lang: str) -> None:
    page = reference(client, lang)
    table = page[page.index('id="house-rules"'):]
    table = table[:table.index("</table>")]
    assert "<code>settle_per_head</code>" in table.rsplit("<tr>", 1)[1]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_the_reference_links_to_by_name_is_served(client: FlaskClient, lang: str) -> None:
    """The reference links to docs/list-file.md and docs/breakdown-examples.md by file name:
    those links lead to the help's copies of them (they led to a 404 before)."""
    page = reference(client, lang)
    relative = {link for link in re.findall(r'href="([^"#]+)', page)
                if not link.startswith(("/", "http:", "https:", "mailto:"))}
    assert {"list-file.md", "breakdown-examples.md"} <= relative
    for link in relative:
        answer = client.get(f"/help/{link}")
        assert answer.status_code == 200, link
        first = (ROOT / "docs" / link).read_text(encoding="utf-8").splitlines()[0].removeprefix("# ")
        assert f"<title>{html.escape(first)} ·" in text(answer)
    assert client.get("/help/rules.md").status_code == 404
