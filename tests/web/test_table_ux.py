"""The deals table, its numbers and the CSV."""

from __future__ import annotations

import csv
import html
import io
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine import GAMES
from scorer.engine.deals import NEUTRAL
from scorer.web.lists import summary as summary_module
from scorer.web.lists import table as table_module
from scorer.web.lists.filters import money_filter
from scorer.web.lists.summary import LEFT_OUT, SHORT
from scorer.web.lists.table import number, signed, total
from tests.web.conftest import FOUR, deal_rows
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)


def create(client: FlaskClient, deals: list[dict[str, Any]], *, hold: bool = True,
           ends: dict[str, Any] | None = None, **rules: Any) -> dict[str, Any]:
    """A list made through the API; with ``hold``, this client holds its edit key."""
    document = {"rules": {"preset": "bavarian", **rules}, "players": FOUR, "deals": deals}
    response = client.post("/api/lists", json={**document, **({"ends": ends} if ends else {})})
    assert response.status_code == 201, response.get_json()
    made = dict(response.get_json())
    if hold:
        client.get(made["edit_url"])
    return made


def page(client: FlaskClient, path: str, lang: str = "en") -> str:
    """A page in a language, entities resolved."""
    client.get(f"/lang/{lang}")
    return html.unescape(client.get(path).get_data(as_text=True))


def summaries(text: str) -> list[str]:
    """Each deal's summary on the list page, in the order played."""
    return [re.search(r'<span class="game-name">(.*?)</span>', row).group(1) for row in deal_rows(text)]


def csv_rows(client: FlaskClient, made: dict[str, Any], lang: str) -> tuple[str, list[list[str]]]:
    """The CSV download in a language: its raw text and its rows, read with the locale's separator."""
    client.get(f"/lang/{lang}")
    response = client.get(f"/l/{made['id']}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    body = response.get_data().decode("utf-8-sig")
    return body, list(csv.reader(io.StringIO(body), delimiter=";" if lang == "de" else ","))


# -- 2. the row summary ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72, "contra": True},
         "Sau 72 · K"),
        ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72, "doubles": 2},
         "Sau 72 · 2×"),
        ({"game": "wenz", "declarer": "Bene", "points": 80, "contra": True, "re": True, "laufende": 3},
         "Wenz 80 · 3 L · K · Re"),
        ({"game": "solo", "declarer": "Dora", "points": 120, "schwarz": True, "tout": True,
          "suit": "hearts"}, "Hearts solo 120 · Schwarz · Tout"),
        ({"game": "ramsch", "points": {"Anna": 30, "Bene": 40, "Chris": 20, "Dora": 30}, "loser": "Bene"},
         "Ramsch 30/40/20/30 · Bene loses"),
        ({"game": "passed"}, "Thrown in"),
    ],
)
def test_a_row_sums_up_its_deal_from_the_deals_own_keys(client: FlaskClient, deal: dict[str, Any],
                                                         words: str) -> None:
    made = create(client, [deal])
    assert summaries(page(client, f"/l/{made['id']}")) == [words]


def test_a_bettel_says_won_or_lost(client: FlaskClient) -> None:
    games = ["sauspiel", "wenz", "solo", "bettel", "passed"]
    made = create(client, [{"game": "bettel", "declarer": "Anna", "won": True},
                           {"game": "bettel", "declarer": "Anna", "won": False}], games=games)
    assert summaries(page(client, f"/l/{made['id']}")) == ["Bettel · won", "Bettel · lost"]


def test_the_summary_speaks_the_pages_language(client: FlaskClient) -> None:
    made = create(client, [{"game": "passed"},
                           {"game": "wenz", "declarer": "Bene", "points": 80, "laufende": 3}])
    assert summaries(page(client, f"/l/{made['id']}", "de")) == ["Zusammengeworfen", "Wenz 80 · 3 L"]


def test_every_key_a_deal_can_set_has_its_short_word() -> None:
    shown = set(NEUTRAL) - LEFT_OUT - {"won", "called_ace", "suit"}
    assert shown <= set(SHORT), sorted(shown - set(SHORT))


@pytest.mark.parametrize("module", [summary_module, table_module])
def test_the_table_and_the_summary_name_no_game(module: Any) -> None:
    source = Path(module.__file__).read_text()
    named = [game for game in GAMES if f'"{game}"' in source or f"'{game}'" in source]
    assert named == [], "the game object says what a game has, not a branch on its name"


# -- 1, 3, 4. the rows --------------------------------------------------------------------------


def test_the_newest_deal_comes_first(client: FlaskClient) -> None:
    deals = [{"game": "solo", "declarer": "Anna", "points": 61 + i} for i in range(3)]
    made = create(client, deals)
    text = page(client, f"/l/{made['id']}")
    numbers = [int(n) for n in re.findall(r'<tbody class="deal[^"]*"><tr><th[^>]*id="deal-(\d+)"', text)]
    assert numbers == [3, 2, 1]


def test_each_deal_is_a_row_group_the_edit_link_stretches_over(client: FlaskClient) -> None:
    made = create(client, [{"game": "solo", "declarer": "Anna", "points": 70}])
    rows = deal_rows(page(client, f"/l/{made['id']}"))
    assert '<a class="row-edit" href="/l/' in rows[0] and 'aria-label="Edit deal 1"' in rows[0]
    assert rows[0].count("<tr>") == 2 and 'colspan="4"' in rows[0]


def test_a_watching_phone_gets_rows_that_open_the_deal_to_read(app: Flask, client: FlaskClient) -> None:
    made = create(client, [{"game": "solo", "declarer": "Anna", "points": 70}], hold=False)
    rows = deal_rows(page(app.test_client(), f"/l/{made['id']}"))
    assert "row-edit" not in rows[0] and "/edit" not in rows[0]
    assert f'<a class="row-open" href="/l/{made["id"]}/deals/1" aria-label="Deal 1">1</a>' in rows[0]


# -- 10. numbers ------------------------------------------------------------------------------


def test_signed_amounts_use_a_minus_and_a_plus_and_a_total_of_zero_is_0(app: Flask) -> None:
    with app.test_request_context():
        assert signed(20) == "+20" and signed(-20) == "\u221220" and signed(0) == "\u2013"
        assert total(0) == "0" and total(-5) == "\u22125"
        assert number(1040) == "1,040" and signed(-2560) == "\u22122,560"


@pytest.mark.parametrize(
    ("lang", "cents", "sign", "shown"),
    [
        ("en", 140, True, "+€1.40"), ("en", -20, True, "\u2212€0.20"), ("en", 0, True, "€0.00"),
        ("en", -20, False, "-€0.20"),
        ("de", 140, True, "+1,40\u00a0€"), ("de", -20, True, "\u22120,20\u00a0€"),
    ],
)
def test_money_is_in_the_locales_format_with_the_lists_signs(
    app: Flask, lang: str, cents: int, sign: bool, shown: str,
) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert money_filter(cents, sign=sign) == shown


def test_the_settle_page_signs_each_balance_and_says_so_far_while_the_list_is_open(client: FlaskClient) -> None:
    made = create(client, [{"game": "solo", "declarer": "Anna", "points": 70}])
    text = page(client, f"/l/{made['id']}/settle")
    assert "Balances so far" in text and "Final balances" not in text
    amounts = re.findall(r'<span class="amount">(.*?)</span>', text)
    assert amounts[:4] == ["+€1.20", "\u2212€0.40", "\u2212€0.40", "\u2212€0.40"]
    german = page(client, f"/l/{made['id']}/settle", "de")
    assert "Endstand" not in german
    assert re.findall(r'<span class="amount">(.*?)</span>', german)[:2] == ["+1,20\u00a0€", "\u22120,40\u00a0€"]
    client.post(f"/l/{made['id']}/finish")
    assert "Final balances" in page(client, f"/l/{made['id']}/settle")


def test_the_list_says_how_many_deals_are_played_and_a_zero_total_is_0(client: FlaskClient) -> None:
    made = create(client, [{"game": "passed"}] * 3)
    text = page(client, f"/l/{made['id']}")
    progress = re.search(r'<p class="progress">(.*?)</p>', text, re.S).group(1)
    assert " ".join(progress.split()) == "3 deals played"
    assert re.findall(r'<span class="amount">(.*?)</span>', text)[:4] == ["0"] * 4
    one = create(client, [{"game": "passed"}], ends={"kind": "deals", "count": 8})
    assert "1 of 8 deals played" in page(client, f"/l/{one['id']}")


# -- 15. the CSV -------------------------------------------------------------------------------


EVENING = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72, "contra": True},
    {"game": "wenz", "declarer": "Bene", "points": 80, "contra": True, "re": True, "laufende": 3},
    {"game": "passed"},
]


def test_the_csv_is_in_german_with_semicolons_on_a_german_page(client: FlaskClient) -> None:
    made = create(client, EVENING)
    body, rows = csv_rows(client, made, "de")
    assert body.splitlines()[0].count(";") == len(rows[0]) - 1
    assert rows[0][1:3] == ["Geber", "Spiel"] and rows[0][-4:] == FOUR
    assert rows[3][2] == "Zusammengeworfen" and rows[-2][0] == "Summe"
    assert rows[-1][-4:] == ["-1,80", "6,20", "-1,80", "-2,60"]
    assert all(len(row) == len(rows[0]) for row in rows)


def test_the_csv_is_in_english_with_commas_on_an_english_page(client: FlaskClient) -> None:
    made = create(client, EVENING)
    _body, rows = csv_rows(client, made, "en")
    assert rows[0][:4] == ["Deal", "Dealer", "Game", "Summary"]
    assert rows[-1][-4:] == ["-1.80", "6.20", "-1.80", "-2.60"]


def test_the_csv_has_every_key_of_each_deal_and_the_rows_summary(client: FlaskClient) -> None:
    made = create(client, EVENING)
    _body, rows = csv_rows(client, made, "en")
    head = rows[0]
    for key in ("Declarer", "Partner", "Card points", "Schwarz", "Laufende", "Kontra", "Re", "Tout",
                "Sie", "Doubles"):
        assert key in head, key
    wenz = dict(zip(head, rows[2]))
    assert wenz["Summary"] == "Wenz 80 · 3 L · K · Re" == summaries(page(client, f"/l/{made['id']}"))[1]
    assert (wenz["Declarer"], wenz["Card points"], wenz["Laufende"], wenz["Kontra"], wenz["Re"]) == (
        "Bene", "80", "3", "yes", "yes")
    assert wenz["Partner"] == "" and wenz["Tout"] == ""
    # A hand thrown in has no declarer and no card points: empty, not 0.
    passed = dict(zip(head, rows[3]))
    assert passed["Card points"] == "" and passed["Laufende"] == ""


def test_the_csv_has_the_bock_multiplier_and_the_pot_where_the_list_plays_them(client: FlaskClient) -> None:
    plain = create(client, EVENING)
    assert "Bock multiplier" not in csv_rows(client, plain, "en")[1][0]
    made = create(client, EVENING, bock={}, stock={})
    _body, rows = csv_rows(client, made, "en")
    assert "Bock multiplier" in rows[0] and "Stock (pot)" in rows[0]
    # The deal's own key: the table called a Bock round after it.
    assert "Bock!" in rows[0]
