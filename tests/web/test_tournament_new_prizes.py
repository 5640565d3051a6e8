"""The new-tournament page's tie-breaks, entry fee and prizes: typed on the page, kept by the tournament."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.test_tournament_systems import error_of, form, make, text


def test_the_page_folds_the_prizes_away_and_makes_a_tournament_without_them(client: FlaskClient) -> None:
    page = text(client.get("/t/new"))
    assert '<details class="card prize-details">' in page and 'name="prizes-entry_fee"' in page
    answer = make(client, form())
    assert answer["tie_breaks"] == ["solos_won", "last_round"]
    assert (answer["entry_fee"], answer["shares"], answer["prizes"], answer["currency"]) == (0, [], [], "EUR")


def test_fee_shares_prizes_and_tie_breaks_typed_on_the_page_are_the_tournaments(client: FlaskClient) -> None:
    answer = make(client, form(**{
        "prizes-tie_break_1": "games_won", "prizes-tie_break_2": "solos_won", "prizes-tie_break_3": "",
        "prizes-lot": "y", "prizes-currency": "USD", "prizes-entry_fee": "10.50",
        "prizes-shares": "30, 15, 10, 10, 10", "prizes-prizes": "last: a bottle of wine\nround_best: 5",
    }))
    assert answer["tie_breaks"] == ["games_won", "solos_won", "lot"]
    assert answer["currency"] == "USD" and answer["entry_fee"] == 1050
    assert answer["shares"] == [30, 15, 10, 10, 10]
    assert answer["prizes"] == [{"place": "last", "label": "a bottle of wine"}, {"place": "round_best", "amount": 500}]


def test_a_share_over_the_fees_is_refused_next_to_its_field_and_keeps_what_was_typed(client: FlaskClient) -> None:
    response = client.post("/t/new", data=form(**{"prizes-entry_fee": "10", "prizes-shares": "60, 50"}))
    assert response.status_code == 200
    page = text(response)
    assert error_of(page, "prizes-shares")
    assert 'value="60, 50"' in page and "<details class=\"card prize-details\" open>" in page
