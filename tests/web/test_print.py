"""The print view: the whole list on one sheet, and print rules on every page."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import FOUR

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def test_the_settle_page_links_the_print_sheet(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": FOUR,
                                           "deals": [SAUSPIEL] * 32}).get_json()
    settle = client.get(f"/l/{made['id']}/settle").get_data(as_text=True)
    assert f'href="/l/{made["id"]}/print"' in settle
    sheet = client.get(f"/l/{made['id']}/print")
    assert sheet.status_code == 200
    page = sheet.get_data(as_text=True)
    assert page.count('<td class="num">') == 32
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
