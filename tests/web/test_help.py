"""The help pages: every house rule explained in both languages, the glossary, the complete reference, the links."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.engine import FAMILIES
from scorer.engine.options import Group
from scorer.web.help import content
from scorer.web.help.routes import anchor
from tests.web.conftest import bavarian_list
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (German pages need the .mo)
from tests.web.test_i18n import text

# What a page says does not depend on the database under it: make test's SQLite pass reads it.
pytestmark = pytest.mark.sqlite_pass


def option_keys(family: str) -> list[str]:
    """Every house rule of a family the new-list page asks for, a group's parts dotted."""
    keys = []
    for option in FAMILIES[family].options:
        if option.section == "hidden":
            continue
        keys.append(option.key)
        if isinstance(option, Group):
            keys += [f"{option.key}.{sub.key}" for sub in option.fields]
    return keys


EVERY_KEY = sorted({(family, key) for family in FAMILIES for key in option_keys(family)})


@pytest.mark.parametrize("lang", content.LANGUAGES)
@pytest.mark.parametrize(("family", "key"), EVERY_KEY, ids=[f"{f}-{k}" for f, k in EVERY_KEY])
def test_every_house_rule_of_every_family_has_a_help_entry_in_each_language(
    lang: str, family: str, key: str
) -> None:
    entries = content.split_entries((content.CONTENT / lang / "options.md").read_text(encoding="utf-8"))
    assert (entries.get(f"{family}:{key}") or entries.get(key)), f"{lang}: no entry for {family} {key}"


@pytest.mark.parametrize("lang", content.LANGUAGES)
def test_no_help_entry_names_a_house_rule_no_family_has(lang: str) -> None:
    entries = content.split_entries((content.CONTENT / lang / "options.md").read_text(encoding="utf-8"))
    known = {key for _family, key in EVERY_KEY} | {f"{family}:{key}" for family, key in EVERY_KEY}
    assert set(entries) - known == set()


def test_both_languages_explain_the_same_rules_and_families() -> None:
    english, german = (content.CONTENT / "en", content.CONTENT / "de")
    assert set(content.split_entries((english / "options.md").read_text())) == set(
        content.split_entries((german / "options.md").read_text()))
    for family in FAMILIES:
        assert (english / "families" / f"{family}.md").is_file()
        assert (german / "families" / f"{family}.md").is_file()


def glossary_ids(client: FlaskClient, lang: str) -> list[str]:
    client.get(f"/lang/{lang}")
    page = text(client.get("/help/glossary"))
    return re.findall(r'<h2 id="([^"]+)"', page)


def test_the_glossary_explains_the_words_players_ask_about_in_both_languages(client: FlaskClient) -> None:
    english = glossary_ids(client, "en")
    german = glossary_ids(client, "de")
    assert english == german  # the same anchors: a link to a word works in either language
    for word in ("strokes", "forced", "sie", "durchmarsch", "laufende", "schneider", "schwarz",
                 "kontra", "bock", "stock", "hochzeit", "bettel", "leaster", "doubler", "crack"):
        assert word in english
    client.get("/lang/de")
    page = text(client.get("/help/glossary"))
    assert "Striche und Köpfe" in page and "Pflichtspiel" in page and "neun Striche machen einen Kopf" in page
    client.get("/lang/en")
    page = text(client.get("/help/glossary"))
    assert "nine strokes complete a head" in page


@pytest.mark.parametrize("family", list(FAMILIES))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_familys_page_lists_each_house_rule_with_its_anchor_and_default(
    client: FlaskClient, family: str, lang: str
) -> None:
    client.get(f"/lang/{lang}")
    response = client.get(f"/help/{family}")
    assert response.status_code == 200
    page = text(response)
    for key in option_keys(family):
        section = re.search(rf'<section class="card knob" id="{anchor(key)}".*?</h\d>(.*?)<p class="default">',
                            page, re.S)
        assert section, f"{key} has no section"
        assert "<p>" in section.group(1), f"{key} has no explanation"
    prose = (content.CONTENT / lang / "families" / f"{family}.md").read_text(encoding="utf-8")
    first_words = prose.split("\n", 1)[0][:30]
    assert first_words in page


def test_defaults_on_the_help_page_come_from_the_engine(client: FlaskClient) -> None:
    client.get("/lang/en")
    page = text(client.get("/help/bavarian"))
    durchmarsch = page[page.index('id="rule-durchmarsch"'):]
    assert re.search(r'Default:</span> 90</p>', durchmarsch[:2000])
    tariffs = page[page.index('id="rule-tariffs"'):]
    assert "Sauspiel 20" in tariffs[:3000] and "Wenz 40" in tariffs[:3000]
    assert "Default:</span> 25</p>" in text(client.get("/help/sheepshead"))


def test_the_help_index_links_each_family_the_glossary_and_the_reference(client: FlaskClient) -> None:
    page = text(client.get("/help"))
    for family in FAMILIES:
        assert f'href="/help/{family}"' in page
    assert 'href="/help/glossary"' in page and 'href="/help/reference"' in page


def test_the_complete_reference_is_docs_rules_md_rendered(client: FlaskClient) -> None:
    page = text(client.get("/help/reference"))
    assert '<h1 id="how-the-scorer-counts">How the scorer counts</h1>' in page
    # Wide tables scroll in their own labelled region, never the page.
    assert page.count('<div class="table-scroll" role="region" tabindex="0"') == page.count("<table>")
    assert page.count("<table>") > 10
    assert "<script" not in page.split("<main>", 1)[1]


def test_an_unknown_family_has_no_help_page(client: FlaskClient) -> None:
    assert client.get("/help/skat").status_code == 404


def test_markdown_in_the_help_cannot_carry_html() -> None:
    assert "<script>" not in content.render("<script>alert(1)</script>")


@pytest.mark.parametrize("family", list(FAMILIES))
def test_each_house_rule_on_the_new_list_page_links_to_its_help(client: FlaskClient, family: str) -> None:
    page = text(client.get(f"/new?family={family}"))
    for key in option_keys(family):
        assert f'href="/help/{family}#{anchor(key)}"' in page, key
    assert page.count('class="help-link"') == len(option_keys(family))
    assert re.search(r'class="help-link"[^>]*><span aria-hidden="true">\?</span><span class="sr-only">Help: ', page)


def test_the_deal_form_links_to_the_lists_game(client: FlaskClient, created: dict[str, Any]) -> None:
    client.get(created["edit_url"])
    page = text(client.get(f"/l/{created['id']}/deals/new"))
    assert 'href="/help/bavarian"' in page


def test_the_new_list_page_describes_every_family(client: FlaskClient) -> None:
    page = text(client.get("/new?family=german"))
    for family in FAMILIES.values():
        assert f'<p class="family-line muted" id="family-line-{family.name}">{family.description}</p>' in page
        assert f'aria-describedby="family-line-{family.name}"' in page


def test_every_link_inside_the_complete_reference_finds_its_heading(client: FlaskClient) -> None:
    page = text(client.get("/help/reference"))
    ids = set(re.findall(r' id="([^"]+)"', page))
    targets = set(re.findall(r'href="#([^"]+)"', page))
    assert targets and targets <= ids


@pytest.mark.parametrize("family", list(FAMILIES))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_familys_page_names_each_of_its_games_as_the_deal_form_does(
    client: FlaskClient, family: str, lang: str
) -> None:
    from scorer.web.labels import game_label

    client.get(f"/lang/{lang}")
    page = text(client.get(f"/help/{family}"))
    prose = page[page.index('<div class="help-text">'):page.index('id="house-rules"')].casefold()
    with client.application.test_request_context(headers={"Accept-Language": lang}):
        labels = [game_label(name) for name in FAMILIES[family].games]
    for label in labels:
        assert label.casefold() in prose, f"{family} ({lang}) does not name {label}"
