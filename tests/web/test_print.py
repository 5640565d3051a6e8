"""The print view: the whole list on one sheet, and print rules on every page."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.web.conftest import FOUR

# What the print view lays out does not depend on the database: make test's SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def test_the_settle_page_links_the_print_sheet(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": FOUR,
                                           "deals": [SAUSPIEL] * 32}).get_json()
    settle = client.get(f"/l/{made['id']}/settle").get_data(as_text=True)
    assert f'href="/l/{made["id"]}/print"' in settle
    sheet = client.get(f"/l/{made['id']}/print")
    assert sheet.status_code == 200
    page = sheet.get_data(as_text=True)
    assert page.count('<tbody class="deal"') == 32
    assert '<svg class="chart"' in page
    assert "Bene pays Anna" in page or "Dora pays" in page
    assert "/edit" not in page  # a sheet is for reading: no deal links to edit


def test_every_page_carries_its_print_rules_without_inline_style(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/static/print.css?v=' in page and 'media="print"' in page
    assert "<style" not in page
    assert client.get("/static/print.css").status_code == 200


def test_an_empty_list_prints_too(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": FOUR}).get_json()
    assert "No deal yet." in client.get(f"/l/{made['id']}/print").get_data(as_text=True)


def test_a_total_of_zero_prints_as_0_as_on_the_list_page(client: FlaskClient) -> None:
    """A dash means 'nothing this deal' in a row; a total of nothing is a plain 0."""
    other = {**SAUSPIEL, "partner": "Bene"}
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": FOUR,
                                           "deals": [SAUSPIEL, other]}).get_json()
    foot = {}
    for path in (f"/l/{made['id']}/print", f"/l/{made['id']}"):
        page = client.get(path).get_data(as_text=True)
        found = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S)
        assert found, path
        foot[path] = re.findall(r'<td class="pay[^"]*">([^<]*)</td>', found.group(1))
    assert foot[f"/l/{made['id']}/print"] == foot[f"/l/{made['id']}"]
    assert foot[f"/l/{made['id']}/print"].count("0") == 2  # Bene and Chris won once and lost once
