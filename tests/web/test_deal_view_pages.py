"""A deal's page to read, for everyone who can see the list: what it was, who dealt, why it pays that."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import FOUR, deal_rows
from tests.web.test_deal_pages import hold_key
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72, "contra": True}
SOLO = {"game": "solo", "declarer": "Bene", "points": 95, "laufende": 3}
WENZ = {"game": "wenz", "declarer": "Dora", "points": 40}


def make(client: FlaskClient, deals: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    """A Bavarian list made through the API; the client that made it does not hold its key."""
    response = client.post("/api/lists", json={"rules": {"preset": "bavarian", **rules},
                                               "players": FOUR, "deals": deals})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def read(client: FlaskClient, path: str) -> str:
    """A page's HTML, entities resolved; it must answer 200."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return html.unescape(response.get_data(as_text=True))


def row_links(page: str) -> list[str]:
    """Where each row of the list's table leads, in the order the deals were played."""
    return [found.group(1) if (found := re.search(r'<a class="row-\w+" href="([^"]+)"', row)) else ""
            for row in deal_rows(page)]


def amounts(cells: list[str]) -> list[int]:
    """Signed amounts as the pages write them (+5, −5, a dash for nothing) as integers."""
    return [0 if cell in ("–", "0") else int(cell.replace("−", "-").replace("+", "")) for cell in cells]


def breakdown_payouts(page: str) -> dict[str, int]:
    """Each player's payout as the breakdown's split table states it."""
    found = re.findall(r'data-breakdown-player="([^"]+)">.*?<td class="amount">([^<]+)</td>', page, re.S)
    return dict(zip([who for who, _ in found], amounts([cell for _, cell in found]), strict=True))


def summary_payouts(page: str) -> list[int]:
    """The payouts at the top of the page, in the players' order."""
    table = re.search(r'<dl class="payouts">(.*?)</dl>', page, re.S)
    assert table
    return amounts([cell.strip() for cell in re.findall(r"<dd[^>]*>([^<]*)</dd>", table.group(1))])


# -- who reaches it ---------------------------------------------------------------------------


def test_a_watcher_taps_a_row_and_reads_the_deal_in_full(app: Flask, client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, SOLO])
    watcher = app.test_client()
    links = row_links(read(watcher, f"/l/{made['id']}"))
    assert links == [f"/l/{made['id']}/deals/1", f"/l/{made['id']}/deals/2"]
    page = read(watcher, links[1])
    assert "<h1>Deal 2</h1>" in page
    assert '<p class="deal-summary">Solo 95 · 3 L</p>' in page  # the table's words
    assert "Solo · Bene · 95 points · 3 Laufende" in page  # and the same in full
    assert "Dealer: Anna" in page
    assert "Why deal 2 pays this" in page and "3 Laufende" in page and "= 65" in page
    # Nothing that changes the list: no edit button, no form.
    assert "/edit" not in page and "<form" not in page


def test_an_editor_of_an_open_list_keeps_tapping_into_the_edit_page(client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, SOLO])
    hold_key(client, made)
    assert row_links(read(client, f"/l/{made['id']}")) == [
        f"/l/{made['id']}/deals/1/edit", f"/l/{made['id']}/deals/2/edit"]
    page = read(client, f"/l/{made['id']}/deals/1")
    assert f'href="/l/{made["id"]}/deals/1/edit">Edit deal 1</a>' in page


def test_on_a_finished_list_every_row_opens_the_deal_to_read(client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, SOLO])
    hold_key(client, made)
    assert client.post(f"/l/{made['id']}/finish").status_code == 302
    assert row_links(read(client, f"/l/{made['id']}")) == [
        f"/l/{made['id']}/deals/1", f"/l/{made['id']}/deals/2"]
    # The edit page sends a finished list's editor back to the list; this page shows the deal.
    assert client.get(f"/l/{made['id']}/deals/2/edit").status_code == 302
    page = read(client, f"/l/{made['id']}/deals/2")
    assert "Why deal 2 pays this" in page and "/edit" not in page


def test_the_print_sheet_still_links_no_deal(client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, SOLO])
    sheet = read(client, f"/l/{made['id']}/print")
    assert "/deals/" not in sheet and "row-open" not in sheet and "row-edit" not in sheet


# -- which deals there are --------------------------------------------------------------------


@pytest.mark.parametrize("number", ["0", "3", "99999999999999999999", "-1", "two", "1.5", "1x"])
def test_a_deal_the_list_does_not_have_is_not_found(client: FlaskClient, number: str) -> None:
    made = make(client, [SAUSPIEL, SOLO])
    assert client.get(f"/l/{made['id']}/deals/{number}").status_code == 404


def test_a_list_that_does_not_exist_has_no_deal_page(client: FlaskClient) -> None:
    assert client.get("/l/no-such-list/deals/1").status_code == 404


def test_a_deleted_deal_is_not_shown_and_the_later_ones_move_up(client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, SOLO, WENZ])
    gone = client.delete(f"/api/lists/{made['id']}/deals/2", headers={"X-Edit-Key": made["edit_key"]})
    assert gone.status_code == 204
    second = read(client, f"/l/{made['id']}/deals/2")
    assert "Wenz" in second and "Solo" not in second and "Bene · 95 points" not in second
    assert client.get(f"/l/{made['id']}/deals/3").status_code == 404
    # The last deal has no next one, the first no previous one.
    assert 'rel="next"' not in second and f'rel="prev" href="/l/{made["id"]}/deals/1"' in second
    first = read(client, f"/l/{made['id']}/deals/1")
    assert 'rel="prev"' not in first and f'rel="next" href="/l/{made["id"]}/deals/2"' in first


# -- the amounts --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [{}, {"stock": {}}, {"bock": {}}], ids=["plain", "stock", "bock"])
def test_the_page_pays_what_the_api_pays(app: Flask, client: FlaskClient, rules: dict[str, Any]) -> None:
    deals = [SAUSPIEL, SOLO, {"game": "passed"}, WENZ, {**SAUSPIEL, "points": 40, "schwarz": False},
             {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}]
    made = make(client, deals, **rules)
    scored = client.get(f"/api/lists/{made['id']}").get_json()["deals"]
    assert len(scored) == len(deals)
    watcher = app.test_client()
    for number, deal in enumerate(scored, start=1):
        page = read(watcher, f"/l/{made['id']}/deals/{number}")
        expected = {who: deal["payouts"][who] for who in FOUR}
        assert breakdown_payouts(page) == expected, number
        assert summary_payouts(page) == [expected[who] for who in FOUR], number
        assert f"Dealer: {deal['dealer']}" in page


def test_the_deal_page_speaks_the_table_s_language(app: Flask, client: FlaskClient) -> None:
    made = make(client, [SAUSPIEL, SOLO])
    watcher = app.test_client()
    watcher.get("/lang/de")
    page = read(watcher, f"/l/{made['id']}/deals/1")
    assert '<html lang="de"' in page
    assert "<h1>Spiel 1</h1>" in page and "Geber: Dora" in page
    assert "Sauspiel · Anna mit Chris · 72 Augen · Kontra" in page
    assert "Warum Spiel 1 so zahlt" in page and "Zurück zur Liste" in page
