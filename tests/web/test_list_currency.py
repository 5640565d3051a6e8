"""A list's currency: chosen on the new-list page from the phone, kept in the list file, shown wherever money is."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade

from scorer import create_app
from scorer.web import services
from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.conftest import FOUR, database_url

SOLO = {"game": "solo", "declarer": "Anna", "points": 70}  # Anna +120, each other -40
FIVE = [*FOUR, "Emil"]
US_PHONE = {"Accept-Language": "en-US,en;q=0.9"}
GERMAN_PHONE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
#: Twelve euros (or dollars, ...) as an English page writes them: Anna's +120 at 10 cents.
TWELVE = {"EUR": "€12.00", "USD": "$12.00", "CHF": "CHF12.00", "GBP": "£12.00"}
FOUR_OF = {"EUR": "€4.00", "USD": "$4.00", "CHF": "CHF4.00", "GBP": "£4.00"}


def text(response: Any) -> str:
    return response.get_data(as_text=True)


def create(client: FlaskClient, currency: str | None = None, *, point_value: int = 10,
           deals: list[dict[str, Any]] | None = None, players: list[str] = FOUR) -> str:
    """A Bavarian list made through the API, in a currency (left out: none given); its id."""
    body: dict[str, Any] = {"rules": {"preset": "bavarian", "point_value": point_value},
                            "players": players, "deals": [SOLO] if deals is None else deals}
    if currency is not None:
        body["currency"] = currency
    response = client.post("/api/lists", json=body)
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def stored_currency(app: Flask, list_id: str) -> str:
    with app.app_context():
        return db.session.get(ScoreListRow, list_id).currency  # type: ignore[union-attr]


def new_list_form(client: FlaskClient, family: str, headers: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The new-list page as a phone with these headers gets it, and its fields as a browser sends them."""
    page = text(client.get(f"/new?family={family}", headers=headers))
    form: dict[str, Any] = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        if not name:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            if "checked" in tag:
                form.setdefault(name.group(1), []).append(value.group(1) if value else "on")
        else:
            form[name.group(1)] = value.group(1) if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        form[name] = chosen_option(options)
    return page, form


def chosen_option(options: str) -> str:
    """The option a select shows chosen (the first when none says so)."""
    chosen = re.search(r'<option selected value="([^"]*)"|<option value="([^"]*)" selected', options)
    if chosen:
        return chosen.group(1) or chosen.group(2)
    first = re.search(r'<option[^>]*value="([^"]*)"', options)
    return first.group(1) if first else ""


def currency_select(page: str) -> str:
    select = re.search(r'<select[^>]*name="currency"[^>]*>(.*?)</select>', page, re.S)
    assert select, "the new-list page has no currency select"
    return select.group(1)


def start(client: FlaskClient, family: str, players: list[str], headers: dict[str, str],
          **fields: Any) -> str:
    """Start a list on the new-list page as that phone would, the fields as shown; its id."""
    _page, form = new_list_form(client, family, headers)
    form.update({f"player_{i}": name for i, name in enumerate(players, start=1)})
    form.update(fields)
    response = client.post(f"/new?family={family}", data=form, headers=headers)
    assert response.status_code == 302, text(response)
    return response.headers["Location"].rsplit("/", 1)[1]


# -- chosen on the new-list page --------------------------------------------------------------


@pytest.mark.parametrize(("language", "currency"), [
    ("en-US,en;q=0.9", "USD"),
    ("en-GB,en;q=0.8", "GBP"),
    ("de-CH,de;q=0.9", "CHF"),
    ("fr-CH", "CHF"),
    ("it-CH,it;q=0.9,en;q=0.5", "CHF"),
    ("de-DE,de;q=0.9,en;q=0.5", "EUR"),
    ("de-AT", "EUR"),
    ("en", "EUR"),
    ("fr-FR,en-US;q=0.5", "EUR"),
    ("", "EUR"),
])
def test_the_new_list_page_shows_the_phone_s_currency_chosen(
    client: FlaskClient, language: str, currency: str,
) -> None:
    page = text(client.get("/new?family=bavarian", headers={"Accept-Language": language}))
    options = currency_select(page)
    assert chosen_option(options) == currency
    # Shown chosen, never a silent default: the option carries ``selected``.
    assert re.search(r'<option[^>]*value="' + currency + r'"[^>]*selected|<option selected value="' + currency,
                     options)
    assert re.findall(r'value="([^"]+)"', options) == ["EUR", "USD", "CHF", "GBP", "points"]


def test_the_currency_sits_beside_cents_per_point(client: FlaskClient) -> None:
    page = text(client.get("/new?family=bavarian"))
    pair = re.search(r'<div class="grid money-rules">(.*?)<div class="rule">', page, re.S)
    assert pair, "no currency beside the cents per point"
    fields = re.findall(r'<(?:select|input)[^>]*name="([^"]+)"', pair.group(1))
    assert fields == ["currency", "point_value"]
    assert "What one unit is worth in cents when settling up." in page


def test_a_sheepshead_list_made_on_an_american_phone_settles_in_dollars_a_quarter_a_point(
    app: Flask, client: FlaskClient,
) -> None:
    page, form = new_list_form(client, "sheepshead", US_PHONE)
    assert form["currency"] == "USD" and form["point_value"] == "25"
    list_id = start(client, "sheepshead", FIVE, US_PHONE)
    assert stored_currency(app, list_id) == "USD"
    made = client.get(f"/api/lists/{list_id}").get_json()
    assert made["currency"] == "USD" and made["rules"]["point_value"] == 25
    settle = text(client.get(f"/l/{list_id}/settle", headers=US_PHONE))
    assert "$0.25 per point" in settle and "€" not in settle


def test_a_list_made_on_a_german_phone_settles_in_euros(app: Flask, client: FlaskClient) -> None:
    list_id = start(client, "bavarian", FOUR, GERMAN_PHONE)
    assert stored_currency(app, list_id) == "EUR"
    assert "currency" not in client.get(f"/api/lists/{list_id}").get_json()


def test_the_currency_chosen_on_the_page_is_the_list_s(app: Flask, client: FlaskClient) -> None:
    list_id = start(client, "bavarian", FOUR, US_PHONE, currency="points")
    assert stored_currency(app, list_id) == "points"


def test_a_currency_the_page_does_not_offer_is_refused_at_its_select(app: Flask, client: FlaskClient) -> None:
    _page, form = new_list_form(client, "bavarian", US_PHONE)
    form.update({f"player_{i}": name for i, name in enumerate(FOUR, start=1)}, currency="YEN")
    response = client.post("/new?family=bavarian", data=form, headers=US_PHONE)
    assert response.status_code == 200
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(ScoreListRow)) == 0


# -- stored lists keep euros -------------------------------------------------------------------


def test_a_list_made_without_a_currency_settles_in_euros(app: Flask, client: FlaskClient) -> None:
    list_id = create(client)
    assert stored_currency(app, list_id) == "EUR"
    assert "€12.00" in text(client.get(f"/l/{list_id}/settle"))
    assert "currency" not in client.get(f"/l/{list_id}/export.json").get_json()


def test_a_list_kept_before_lists_had_a_currency_stays_in_euros(tmp_path: Path) -> None:
    # An id of its own: the pages keep a list's replay by its id and revision for the process.
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-key-at-least-32-bytes-long",
                      "SQLALCHEMY_DATABASE_URI": database_url(tmp_path)})
    with app.app_context():
        upgrade(revision="0020")
        db.session.execute(sa.text(
            "INSERT INTO lists (id, title, preset, rules, players, first_dealer, ends, edit_key_hash,"
            " created_at, updated_at, revision) VALUES ('KeptInEurosBefore00000', 'Kept', 'bavarian',"
            " :rules, :players, 'Dora', '{\"kind\": \"open\"}', :hash, '2026-01-01', '2026-01-01', 1)"
        ), {"hash": "0" * 64, "players": json.dumps(FOUR),
            "rules": json.dumps({"preset": "bavarian", "point_value": 10})})
        db.session.commit()
        upgrade()
        row = db.session.get(ScoreListRow, "KeptInEurosBefore00000")
        assert row is not None and row.currency == "EUR"
        assert "currency" not in services.export_document(services.list_state(row))
        db.session.remove()
        db.engine.dispose()
    page = text(app.test_client().get("/l/KeptInEurosBefore00000/settle"))
    assert "€0.10 per point" in page


# -- the list file and the API -------------------------------------------------------------------


@pytest.mark.parametrize("currency", ["USD", "CHF", "GBP", "points"])
def test_the_api_keeps_the_list_s_currency(app: Flask, client: FlaskClient, currency: str) -> None:
    list_id = create(client, currency)
    assert stored_currency(app, list_id) == currency
    assert client.get(f"/api/lists/{list_id}").get_json()["currency"] == currency


@pytest.mark.parametrize("value", ["YEN", "eur", "", 5, ["USD"], {"code": "USD"}, True])
def test_a_currency_the_app_does_not_know_is_refused_with_its_key(client: FlaskClient, value: Any) -> None:
    response = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": FOUR,
                                               "currency": value})
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["key"] == "currency" and answer["deal"] is None
    assert "is not a currency the app pays in" in answer["error"]
    assert "EUR, USD, CHF, GBP, points" in answer["error"]


@pytest.mark.parametrize("currency", ["EUR", "USD", "CHF", "GBP", "points"])
def test_export_and_import_keep_each_currency(app: Flask, client: FlaskClient, currency: str) -> None:
    list_id = create(client, currency)
    exported = client.get(f"/l/{list_id}/export.json").get_json()
    assert exported.get("currency") == (None if currency == "EUR" else currency)
    response = client.post("/import", data={"text": json.dumps(exported)})
    assert response.status_code == 302, text(response)
    again = response.headers["Location"].rsplit("/", 1)[1]
    assert again != list_id and stored_currency(app, again) == currency
    assert client.get(f"/l/{again}/export.json").get_json() == exported


@pytest.mark.parametrize("currency", ["EUR", "USD", "points"])
def test_a_backup_restores_the_list_s_currency(app: Flask, client: FlaskClient, currency: str) -> None:
    list_id = create(client, currency)
    with app.app_context():
        document = services.backup_document(db.session.get(ScoreListRow, list_id))  # type: ignore[arg-type]
        assert document.get("currency") == (None if currency == "EUR" else currency)
        services.delete_list(db.session.get(ScoreListRow, list_id))  # type: ignore[arg-type]
        document["backup"]["id"] = "B" * 22
        row, restored = services.restore_document(document)
        assert restored and row.currency == currency


# -- shown wherever money is ---------------------------------------------------------------------


@pytest.mark.parametrize("currency", ["EUR", "USD", "CHF", "GBP"])
def test_the_settle_page_settles_in_the_list_s_currency(client: FlaskClient, currency: str) -> None:
    page = text(client.get(f"/l/{create(client, currency)}/settle"))
    assert TWELVE[currency] in page
    assert f"Bene pays Anna {FOUR_OF[currency]}" in page
    others = set(TWELVE) - {currency}
    assert not any(TWELVE[other] in page or FOUR_OF[other] in page for other in others)


def test_a_list_in_points_only_settles_in_points(client: FlaskClient) -> None:
    page = text(client.get(f"/l/{create(client, 'points')}/settle"))
    assert "In points: this list plays for no money." in page
    assert "per point" not in page
    assert "Bene pays Anna 40 points" in page
    assert re.search(r'<span class="amount">\+120</span>', page)
    assert not re.search(r"[€$£]|CHF", page)


def test_a_list_in_points_only_settles_in_points_in_german(client: FlaskClient) -> None:
    page = text(client.get(f"/l/{create(client, 'points')}/settle", headers=GERMAN_PHONE))
    assert "40 Punkte" in page
    assert "€" not in page


@pytest.mark.parametrize(("currency", "money"), [
    ("EUR", "\u2212€4.00"), ("USD", "\u2212$4.00"), ("GBP", "\u2212£4.00"), ("CHF", "\u2212CHF4.00"),
])
def test_the_list_page_shows_each_total_in_money_beside_the_points(
    client: FlaskClient, currency: str, money: str,
) -> None:
    page = text(client.get(f"/l/{create(client, currency)}"))
    totals = page.split('id="totals-heading"', 1)[1].split("</section>", 1)[0]
    assert f'<span class="amount">\u221240</span><span class="money">· {money}</span>' in totals
    assert '<span class="amount">+120</span>' in totals


def test_the_list_page_writes_money_as_the_page_s_language_does(client: FlaskClient) -> None:
    deals = [SOLO] * 9  # Anna +1,080, each other -360
    page = text(client.get(f"/l/{create(client, deals=deals)}", headers=GERMAN_PHONE))
    assert '<span class="amount">+1.080</span><span class="money">· +108,00\xa0€</span>' in page


@pytest.mark.parametrize(("currency", "point_value"), [("points", 10), ("EUR", 0)])
def test_the_list_page_shows_points_alone_where_the_list_has_no_money(
    client: FlaskClient, currency: str, point_value: int,
) -> None:
    page = text(client.get(f"/l/{create(client, currency, point_value=point_value)}"))
    totals = page.split('id="totals-heading"', 1)[1].split("</section>", 1)[0]
    assert "money" not in totals and '<span class="amount">+120</span>' in totals


@pytest.mark.parametrize(("currency", "english", "german"), [
    ("EUR", "Balance in euros", "Saldo in Euro"),
    ("USD", "Balance in dollars", "Saldo in Dollar"),
    ("CHF", "Balance in Swiss francs", "Saldo in Franken"),
    ("GBP", "Balance in pounds", "Saldo in Pfund"),
])
def test_the_spreadsheet_says_the_list_s_money(
    client: FlaskClient, currency: str, english: str, german: str,
) -> None:
    list_id = create(client, currency)
    last = text(client.get(f"/l/{list_id}/export.csv")).strip().splitlines()[-1].split(",")
    assert last[0] == english and last[-4:] == ["12.00", "-4.00", "-4.00", "-4.00"]
    last = text(client.get(f"/l/{list_id}/export.csv", headers=GERMAN_PHONE)).strip().splitlines()[-1]
    assert last.split(";")[0] == german and last.endswith(";12,00;-4,00;-4,00;-4,00")


def test_the_spreadsheet_of_a_list_in_points_ends_in_points(client: FlaskClient) -> None:
    last = text(client.get(f"/l/{create(client, 'points')}/export.csv")).strip().splitlines()[-1]
    assert last.split(",")[0] == "Balance in points" and last.endswith(",120,-40,-40,-40")


@pytest.mark.parametrize("currency", ["EUR", "USD", "CHF", "GBP"])
def test_the_print_page_prints_the_list_s_money(client: FlaskClient, currency: str) -> None:
    page = text(client.get(f"/l/{create(client, currency)}/print"))
    assert TWELVE[currency] in page and f"Bene pays Anna {FOUR_OF[currency]}" in page
    point = TWELVE[currency].replace("12.00", "0.10")
    assert f"{point} per point" in page


def test_the_print_page_of_a_list_in_points_prints_points(client: FlaskClient) -> None:
    page = text(client.get(f"/l/{create(client, 'points')}/print"))
    assert "Bene pays Anna 40 points" in page and "In points: this list plays for no money." in page
    assert not re.search(r"[€$£]|CHF", page)


# -- a group's season ----------------------------------------------------------------------------


def group_with(client: FlaskClient, *currencies: str) -> str:
    """A group of four with one list (a won solo, 10 cents a point) in each currency; the group page."""
    made = client.post("/api/groups", json={"name": "Stammtisch", "players": FOUR}).get_json()
    for currency in currencies:
        body = {"rules": {"preset": "bavarian", "point_value": 10}, "players": FOUR, "deals": [SOLO],
                "currency": currency}
        answer = client.post(f"/api/groups/{made['id']}/lists", json=body,
                             headers={"X-Edit-Key": made["edit_key"]})
        assert answer.status_code == 201, answer.get_json()
    return text(client.get(f"/g/{made['id']}"))


def standings(page: str) -> str:
    return page.split('id="standings-heading"', 1)[1].split("</table>", 1)[0]


def test_a_season_in_one_currency_adds_up_its_money(client: FlaskClient) -> None:
    table = standings(group_with(client, "USD", "USD"))
    assert ">Money<" in table and "$24.00" in table and "€" not in table
    assert "data-season-points" not in table


@pytest.mark.parametrize("currencies", [("EUR", "USD"), ("points", "points"), ("GBP", "points")])
def test_a_season_in_different_currencies_adds_up_points_only(client: FlaskClient, currencies: tuple[str, ...]) -> None:
    table = standings(group_with(client, *currencies))
    assert "data-season-points" in table and ">Money<" not in table
    assert not re.search(r"[€$£]|CHF", table)
    assert "+240" in table  # Anna's points over both lists


@pytest.mark.parametrize(("currencies", "said"), [(("USD", "USD"), "USD"), (("EUR", "USD"), None), (("points",), None)])
def test_the_api_says_the_season_s_currency(
    client: FlaskClient, currencies: tuple[str, ...], said: str | None,
) -> None:
    made = client.post("/api/groups", json={"name": "Stammtisch", "players": FOUR}).get_json()
    for currency in currencies:
        body = {"rules": {"preset": "bavarian", "point_value": 10}, "players": FOUR, "deals": [SOLO],
                "currency": currency}
        client.post(f"/api/groups/{made['id']}/lists", json=body, headers={"X-Edit-Key": made["edit_key"]})
    season = client.get(f"/api/groups/{made['id']}").get_json()["season"]
    assert season["currency"] == said
    anna = next(s for s in season["standings"] if s["player"] == "Anna")
    assert anna["units"] == 120 * len(currencies)
    assert anna["money"] == (1200 * len(currencies) if said else 0)


# -- changed later ------------------------------------------------------------------------------


def test_changing_the_currency_moves_the_revision_and_the_pages_follow(app: Flask, client: FlaskClient) -> None:
    from scorer.engine import ScoringError
    from scorer.web.services.lists import change_currency

    list_id = create(client)
    with app.app_context():
        row = db.session.get(ScoreListRow, list_id)
        assert row is not None
        before = row.revision
        change_currency(row, "GBP")
        assert row.revision == before + 1
        with pytest.raises(ScoringError) as refused:
            change_currency(row, "YEN")
        assert refused.value.key == "currency"
    assert stored_currency(app, list_id) == "GBP"
    assert "Bene pays Anna £4.00" in text(client.get(f"/l/{list_id}/settle"))
