"""The panel of deleted deals says which number each deal takes back when restored."""

from __future__ import annotations

import re
from html import unescape

from flask.testing import FlaskClient

PLAYERS = ["Anna", "Bene", "Franz", "Dora"]
DEALS = [
    {"game": "wenz", "declarer": "Bene", "points": 80},
    {"game": "sauspiel", "declarer": "Anna", "partner": "Dora", "points": 72},
    {"game": "solo", "declarer": "Franz", "points": 70},
]


def panel_items(page: str) -> list[str]:
    panel = page.split('class="deleted-list"', 1)[1].split("</ul>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", panel, re.S)
    return [re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", item))).strip() for item in items]


def test_each_deleted_deal_names_the_number_it_takes_back(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": PLAYERS,
                                           "deals": DEALS}).get_json()
    key = {"X-Edit-Key": made["edit_key"]}
    for number in (3, 1):
        assert client.delete(f"/api/lists/{made['id']}/deals/{number}", headers=key).status_code == 204
    page = client.get(made["edit_url"], follow_redirects=True).get_data(as_text=True)
    first, second = panel_items(page)
    assert first.startswith("Deal 1 · Wenz · Bene")
    assert second.startswith("Deal 2 · Solo · Franz")  # the Wenz is still gone: the Solo comes back second
    client.get("/lang/de")
    german = panel_items(client.get(f"/l/{made['id']}").get_data(as_text=True))
    assert german[0].startswith("Spiel 1 · Wenz · Bene")
