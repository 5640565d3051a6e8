"""The list's currency on the house-rules page: it settles the whole list, a table's key never changes it."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_list_settings import SOLO, document, start
from tests.web.test_table_key_scope import Night, organiser_phone, table_phone


def currency_of(client: FlaskClient, made: dict[str, Any]) -> str:
    """The list's currency as its file says it: euros are left out."""
    return str(document(client, made).get("currency", "EUR"))


def settle(client: FlaskClient, list_id: str, currency: str) -> Any:
    return client.post(f"/l/{list_id}/settings/currency", data={"currency-currency": currency})


def test_the_rules_page_offers_the_currency_with_the_lists_own_chosen(client: FlaskClient) -> None:
    made = start(client, [SOLO], currency="CHF")
    page = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    form = page[page.index(f'action="/l/{made["id"]}/settings/currency"'):]
    form = form[:form.index("</form>")]
    assert "Settle the whole list in" in form
    assert re.findall(r'<option[^>]*value="([^"]+)"', form) == ["EUR", "USD", "CHF", "GBP", "points"]
    assert re.search(r'<option[^>]*selected[^>]*value="CHF"|<option[^>]*value="CHF"[^>]*selected', form)


def test_a_new_currency_settles_the_whole_list_and_the_settle_page_shows_it(client: FlaskClient) -> None:
    made = start(client, [SOLO, SOLO])
    assert "€" in client.get(f"/l/{made['id']}/settle").get_data(as_text=True)
    answer = settle(client, made["id"], "USD")
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/l/{made['id']}")
    assert "The whole list now settles in: Dollar ($)." in client.get(answer.headers["Location"]).get_data(as_text=True)
    assert currency_of(client, made) == "USD"
    after = document(client, made)
    assert len(after["deals"]) == 2 and "changes" not in after  # every deal, not from the next one on
    page = client.get(f"/l/{made['id']}/settle").get_data(as_text=True)
    assert "$" in page and "€" not in page


def test_a_list_in_points_only_settles_in_money_again_when_its_currency_is_chosen(client: FlaskClient) -> None:
    made = start(client, [SOLO], currency="points")
    assert "€" not in client.get(f"/l/{made['id']}/settle").get_data(as_text=True)
    assert settle(client, made["id"], "EUR").status_code == 302
    assert currency_of(client, made) == "EUR"
    assert "€" in client.get(f"/l/{made['id']}/settle").get_data(as_text=True)


def test_a_currency_the_app_does_not_pay_in_is_refused_at_the_field_and_nothing_changes(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    before = document(client, made)
    answer = settle(client, made["id"], "XYZ")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert re.search(r'id="currency-currency"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="currency-currency"', page)
    error = re.search(r'<p class="field-error" id="currency-currency-error">([^<]+)</p>', page)
    assert error and "XYZ" in error.group(1) and "is not a currency" in error.group(1)
    assert document(client, made) == before


def test_the_refusal_speaks_german_on_a_german_phone(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    page = client.post(f"/l/{made['id']}/settings/currency", data={"currency-currency": "XYZ"},
                       headers={"Accept-Language": "de"}).get_data(as_text=True)
    error = re.search(r'<p class="field-error" id="currency-currency-error">([^<]+)</p>', page)
    assert "Die ganze Liste abrechnen in" in page
    assert error and "XYZ" in error.group(1) and "is not a currency" not in error.group(1)
    assert currency_of(client, made) == "EUR"


def test_a_finished_list_keeps_its_currency_and_shows_no_form_to_change_it(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    assert client.post(f"/l/{made['id']}/finish", data={}).status_code == 302
    assert "/settings/currency" not in client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    assert settle(client, made["id"], "USD").status_code == 302
    assert currency_of(client, made) == "EUR"


def test_a_list_in_points_only_shows_no_worth_of_a_point_among_the_rules_in_force(client: FlaskClient) -> None:
    euros = start(client, [SOLO])
    points = start(client, [SOLO], currency="points")
    in_force = re.compile(r'<th scope="row">Cents per point</th>')
    assert in_force.search(client.get(f"/l/{euros['id']}/settings/rules").get_data(as_text=True))
    assert not in_force.search(client.get(f"/l/{points['id']}/settings/rules").get_data(as_text=True))
    # Nor once the list is finished, where the rules in force are all the page shows.
    assert client.post(f"/l/{points['id']}/finish", data={}).status_code == 302
    assert not in_force.search(client.get(f"/l/{points['id']}/settings/rules").get_data(as_text=True))


def test_a_list_turned_to_points_only_drops_the_worth_of_a_point_from_the_rules_in_force(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    assert settle(client, made["id"], "points").status_code == 302
    page = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    assert '<th scope="row">Cents per point</th>' not in page


def test_no_phone_changes_a_tournament_tables_currency(app: Flask, client: FlaskClient) -> None:
    night = Night(client)
    night.add(2)
    for phone in (table_phone(app, night), organiser_phone(app, night)):
        before, listed = night.answer(), night.listed()
        refused = phone.post(f"/l/{night.list_id}/settings/currency", data={"currency-currency": "USD"})
        assert refused.status_code == 403
        assert "tournament" in refused.get_data(as_text=True)
        assert night.answer() == before and night.listed() == listed
