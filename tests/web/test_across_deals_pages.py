"""Bock rounds, the Stock and the house games through the JSON API and the pages."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine import score_document
from scorer.engine.families import FAMILIES
from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.conftest import FOUR, deal_rows

#: Every Bavarian game but the penalty: the seed games and the house games.
HOUSE = [name for name in FAMILIES["bavarian"].games if name != "penalty"]
EVENING = [
    {"game": "passed"},
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 50},
    {"game": "bettel", "declarer": "Bene", "won": True},
    {"game": "hochzeit", "declarer": "Dora", "partner": "Bene", "points": 80},
    {"game": "farbgeier", "declarer": "Chris", "points": 90, "laufende": 3, "suit": "bells"},
    {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}, "bock": True},
    {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 60},
    {"game": "solo", "declarer": "Dora", "points": 95, "laufende": 4},
]


def rules(**more: Any) -> dict[str, Any]:
    return {"preset": "bavarian", "games": HOUSE, "bock": {"deals": 2}, "stock": {}, **more}


def create(client: FlaskClient, deals: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    response = client.post("/api/lists", json={"rules": rules(**more), "players": FOUR, "deals": deals or []})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def read(client: FlaskClient, created: dict[str, Any]) -> dict[str, Any]:
    return dict(client.get(f"/api/lists/{created['id']}").get_json())


def add(client: FlaskClient, created: dict[str, Any], deal: dict[str, Any]) -> Any:
    return client.post(f"/api/lists/{created['id']}/deals", json=deal,
                       headers={"X-Edit-Key": created["edit_key"]})


def test_an_evening_with_bock_and_the_stock_scores_through_the_api_as_on_the_command_line(
    client: FlaskClient,
) -> None:
    expected = score_document({"rules": rules(), "players": FOUR, "deals": EVENING})
    body = read(client, create(client, EVENING))
    assert [d["payouts"] for d in body["deals"]] == [d["payouts"] for d in expected["deals"]]
    assert [d["under_bock"] for d in body["deals"]] == [d["bock"] for d in expected["deals"]]
    assert [d["pot"] for d in body["deals"]] == [d["pot"] for d in expected["deals"]]
    assert body["totals"] == expected["totals"] and body["pot"] == expected["pot"]
    assert sum(body["totals"].values()) == -body["pot"]
    assert body["deals"][5]["bock"] is True  # the deal's own key stays as entered


def test_adding_the_deals_one_by_one_gives_exactly_the_full_replay(client: FlaskClient) -> None:
    created = create(client)
    answers = [add(client, created, deal) for deal in EVENING]
    assert [a.status_code for a in answers] == [201] * len(EVENING)
    expected = score_document({"rules": rules(), "players": FOUR, "deals": EVENING})
    assert [a.get_json()["payouts"] for a in answers] == [d["payouts"] for d in expected["deals"]]
    assert [a.get_json()["bock"] for a in answers] == [d["bock"] for d in expected["deals"]]
    assert [a.get_json()["pot"] for a in answers] == [d["pot"] for d in expected["deals"]]
    assert read(client, created)["totals"] == expected["totals"]


def test_deleting_a_deal_in_the_middle_rescores_the_bock_rounds_after_it(client: FlaskClient) -> None:
    created = create(client, EVENING)
    response = client.delete(f"/api/lists/{created['id']}/deals/1", headers={"X-Edit-Key": created["edit_key"]})
    assert response.status_code == 204
    expected = score_document({"rules": rules(), "players": FOUR, "deals": EVENING[1:]})
    body = read(client, created)
    assert [d["under_bock"] for d in body["deals"]] == [d["bock"] for d in expected["deals"]]
    assert [d["pot"] for d in body["deals"]] == [d["pot"] for d in expected["deals"]]


def test_the_list_file_read_from_the_api_can_be_imported_again(client: FlaskClient) -> None:
    body = read(client, create(client, EVENING))
    again = client.post("/api/lists", json=body)
    assert again.status_code == 201, again.get_json()
    assert read(client, again.get_json())["totals"] == body["totals"]


@pytest.mark.parametrize(
    ("deal", "payouts"),
    [
        ({"game": "hochzeit", "declarer": "Anna", "partner": "Chris", "points": 95, "laufende": 3},
         {"Anna": 45, "Bene": -45, "Chris": 45, "Dora": -45}),
        ({"game": "bettel", "declarer": "Anna", "won": False, "ouvert": True},
         {"Anna": -180, "Bene": 60, "Chris": 60, "Dora": 60}),
        ({"game": "farbgeier", "declarer": "Anna", "points": 75, "laufende": 3},
         {"Anna": 165, "Bene": -55, "Chris": -55, "Dora": -55}),
    ],
)
def test_each_house_game_pays_through_the_api(client: FlaskClient, deal: dict[str, Any], payouts: dict[str, int]) -> None:
    created = create(client, bock=None, stock=None)
    response = add(client, created, deal)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    # Bene is an opponent in each: he wins or pays the value once.
    assert body.pop("breakdown")["value"] == abs(payouts["Bene"])
    assert body == {"number": 1, "dealer": "Dora", "payouts": payouts}


def test_a_house_game_the_list_does_not_name_is_refused_with_its_key(client: FlaskClient) -> None:
    created = create(client, games=["sauspiel", "solo"])
    response = add(client, created, {"game": "bettel", "declarer": "Anna", "won": True})
    assert response.status_code == 422
    assert response.get_json()["key"] == "game" and response.get_json()["deal"] == 1


# -- the pages ---------------------------------------------------------------------------


def text(response: Any) -> str:
    return response.get_data(as_text=True)


def edit(client: FlaskClient, created: dict[str, Any]) -> None:
    """Open the edit link, as the phone that made the list does."""
    assert client.get(created["edit_url"]).status_code == 302


def test_the_new_list_page_offers_bock_and_the_stock_folded_with_the_house_rules(client: FlaskClient) -> None:
    page = text(client.get("/new?family=bavarian"))
    across = page[page.index("Across deals"):]
    assert page.rfind("<details", 0, page.index("Across deals")) > page.rfind("</details>", 0, page.index("Across deals"))
    for name in ("bock", "bock_after", "bock_deals", "bock_stack", "stock", "stock_pay", "stock_won_by", "stock_double"):
        assert f'name="{name}"' in across
    for game in (name for name, game in FAMILIES["bavarian"].games.items() if not game.seed):
        assert f'value="{game}"' in page
    assert 'name="virgin_by"' in page and 'name="durchmarsch_value"' in page
    assert 'name="edition"' not in page


def test_a_list_started_with_bock_and_the_stock_keeps_them_in_its_rules(app: Flask, client: FlaskClient) -> None:
    form = {
        "family": "bavarian", "player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora",
        "ends_kind": "open", "games": ["sauspiel", "solo", "bettel"],
        "bock": "y", "bock_after": ["passed", "re"], "bock_deals": "", "bock_stack": "double",
        "stock": "y", "stock_pay": "15", "stock_won_by": "any",
    }
    response = client.post("/new", data=form)
    assert response.status_code == 302, text(response)
    with app.app_context():
        row = db.session.scalars(db.select(ScoreListRow)).one()
        assert row.rules["bock"] == {"after": ["passed", "re"], "deals": None, "stack": "double"}
        assert row.rules["stock"] == {"pay": 15, "won_by": "any", "double": False}
        assert row.rules["games"] == ["sauspiel", "solo", "bettel", "passed"]
        assert row.rules["edition"] == 2


def test_the_list_shows_the_running_bock_round_the_pot_and_each_bock_deal(client: FlaskClient) -> None:
    created = create(client, EVENING[:2])
    edit(client, created)
    page = text(client.get(f"/l/{created['id']}"))
    assert "Bock ×2: 1 deal left" in page
    assert "Stock (pot)" in page
    assert re.search(r'class="pot"><span class="who">Stock \(pot\)</span><span class="amount">160<', page)
    rows = deal_rows(page)
    assert 'class="bock"' not in rows[0] and "×2" in rows[1]


def test_the_deal_form_says_bock_is_running_and_its_preview_shows_the_doubled_payouts(client: FlaskClient) -> None:
    created = create(client, EVENING[:1])
    edit(client, created)
    assert "Bock ×2: 2 deals left" in text(client.get(f"/l/{created['id']}/deals/new"))
    answer = client.post(
        f"/l/{created['id']}/deals/preview",
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72", "token": "t"},
    ).get_json()
    assert answer["payouts"] == {"Anna": 40 + 40, "Bene": -40, "Chris": 40 + 40, "Dora": -40}
    # Bock is in the line; the note adds only the pot after the deal.
    assert "Bock\u00a0×2" in answer["explained"]
    assert answer["note"] == "pot after: 0"


def test_the_preview_without_script_says_bock_once_in_the_line_and_the_pot_in_the_note(
    client: FlaskClient,
) -> None:
    created = create(client, EVENING[:1])
    edit(client, created)
    page = text(client.post(f"/l/{created['id']}/deals/new", data={
        "game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72", "action": "preview"}))
    card = page[page.index('data-preview>'):page.index('class="deal-actions"')]
    assert card.count("Bock") == 1
    assert "Bock\u00a0×2 = 40" in card and "pot after: 0" in card


def test_a_bettel_is_entered_with_won_instead_of_points(client: FlaskClient) -> None:
    created = create(client, bock=None, stock=None)
    edit(client, created)
    form = text(client.get(f"/l/{created['id']}/deals/new"))
    won = form[form.index('name="won"') - 300:form.index('name="won"')]
    # The field shows for the Bettel (and any game of this list that is entered with won).
    assert "bettel" in won[won.rindex('data-games="'):].split('"')[1].split()
    response = client.post(f"/l/{created['id']}/deals/new",
                           data={"game": "bettel", "declarer": "Bene", "won.no": "1", "token": "a"})
    assert response.status_code == 302
    response = client.post(f"/l/{created['id']}/deals/new",
                           data={"game": "bettel", "declarer": "Bene", "won": "1", "ouvert": "1", "token": "b"})
    assert response.status_code == 302
    deals = read(client, created)["deals"]
    assert [(d["won"], d.get("ouvert", False)) for d in deals] == [(False, False), (True, True)]
    assert deals[1]["payouts"] == {"Anna": -60, "Bene": 180, "Chris": -60, "Dora": -60}


def test_a_list_without_the_house_games_offers_none_of_them(client: FlaskClient) -> None:
    created = create(client, games=["sauspiel", "solo"], bock=None)
    edit(client, created)
    form = text(client.get(f"/l/{created['id']}/deals/new"))
    assert 'value="bettel"' not in form and 'value="hochzeit"' not in form
    assert 'name="won"' not in form and 'name="bock"' not in form


def test_the_settle_page_pays_the_pot_back_before_the_transfers(client: FlaskClient) -> None:
    created = create(client, [{"game": "passed"}, {"game": "solo", "declarer": "Anna", "points": 70}],
                     stock={"pay": 5}, bock=None)
    page = text(client.get(f"/l/{created['id']}/settle"))
    assert page.index("First, the pot goes back") < page.index("Who pays whom")
    back = page[page.index("First, the pot goes back"):page.index("Who pays whom")]
    assert back.count("+€0.05") == 4


def test_the_csv_has_each_deals_bock_and_pot(client: FlaskClient) -> None:
    created = create(client, EVENING[:3])
    body = client.get(f"/l/{created['id']}/export.csv").get_data().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0][-6:-4] == ["Bock multiplier", "Stock (pot)"]
    assert [row[-6:-4] for row in rows[1:4]] == [["1", "80"], ["2", "160"], ["2", "160"]]
