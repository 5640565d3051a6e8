"""The site header: the app's name, the help and the two languages on every page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.test_i18n import compiled_catalog  # noqa: F401  (German pages need the .mo)
from tests.web.test_i18n import hold_key, text

# What a page says does not depend on the database under it: make test's SQLite pass reads it.
pytestmark = pytest.mark.sqlite_pass

#: The pages a phone meets in an evening, ``{id}`` a list with one deal; and an error page.
PAGES = ["/", "/new", "/l/{id}", "/l/{id}/deals/new", "/l/{id}/deals/1", "/l/{id}/settle",
         "/l/{id}/share", "/help/glossary", "/l/no-such-list"]
HELP = {"en": "Help", "de": "Hilfe"}


def header(page: str) -> str:
    """The page's header bar, alone."""
    found = re.search(r'<header class="bar">(.*?)</header>', page, re.S)
    assert found, "the page has no header bar"
    return found.group(1)


def help_links(page: str) -> list[str]:
    """The header's links to the help index, each as its tag and text."""
    return re.findall(r'<a class="bar-help" href="/help"[^>]*>[^<]*</a>', header(page))


@pytest.fixture
def listing(client: FlaskClient) -> dict[str, Any]:
    """A Bavarian list with one deal, its edit key held by the client."""
    response = client.post("/api/lists", json={
        "rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"],
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}],
    })
    assert response.status_code == 201, response.get_json()
    made = dict(response.get_json())
    hold_key(client, made)
    return made


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("path", PAGES)
def test_every_page_links_to_the_help_from_its_header_in_its_language(
    client: FlaskClient, listing: dict[str, Any], lang: str, path: str
) -> None:
    client.get(f"/lang/{lang}")
    response = client.get(path.format(id=listing["id"]))
    assert response.status_code == (404 if "no-such" in path else 200)
    links = help_links(text(response))
    assert len(links) == 1, header(text(response))
    assert re.search(rf">\s*{HELP[lang]}\s*</a>$", links[0])
    assert "aria-current" not in links[0]


def test_the_help_link_says_it_is_the_page_shown_on_the_help_index(client: FlaskClient) -> None:
    links = help_links(text(client.get("/help")))
    assert len(links) == 1 and 'aria-current="page"' in links[0]
