"""The new-tournament page's subform for tie-breaks and prizes: what it reads, what it refuses."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, render_template_string
from werkzeug.datastructures import MultiDict

from scorer.web.tournaments.prize_fields import PrizeFields, money_cents, prize_keys

#: What the subform sends untouched: the default tie-breaks, euros, nothing typed.
UNTOUCHED = {"tie_break_1": "solos_won", "tie_break_2": "last_round", "tie_break_3": "",
             "tie_break_4": "", "tie_break_5": "", "currency": "EUR"}


@pytest.fixture
def english(app: Flask) -> Iterator[None]:
    with app.test_request_context(headers={"Accept-Language": "en"}):
        yield


def typed(**fields: Any) -> PrizeFields:
    return PrizeFields(formdata=MultiDict({**UNTOUCHED, **fields}))


@pytest.mark.usefixtures("english")
def test_untouched_it_gives_no_key() -> None:
    fields = typed()
    assert fields.validate(), fields.errors
    assert prize_keys(fields) == {}


@pytest.mark.usefixtures("english")
def test_kohler_falls_typed_gives_the_documents_keys() -> None:
    fields = typed(tie_break_1="games_won", tie_break_2="tout_won", tie_break_3="last_round", lot="y",
                   currency="USD", entry_fee="20", shares="30, 15, 10, 10, 10",
                   prizes="1: 50\nlast: a bottle of wine\n\nround_best: 5.00\nsecond to last: 2,5")
    assert fields.validate(), fields.errors
    assert prize_keys(fields) == {
        "tie_breaks": ["games_won", "tout_won", "last_round", "lot"], "currency": "USD", "entry_fee": 2000,
        "shares": [30, 15, 10, 10, 10],
        "prizes": [{"place": 1, "amount": 5000}, {"place": "last", "label": "a bottle of wine"},
                   {"place": "round_best", "amount": 500}, {"place": "second_to_last", "amount": 250}]}


@pytest.mark.parametrize(("text", "cents"), [("10", 1000), ("10.50", 1050), ("10,5", 1050), (" 0.07 ", 7)])
def test_money_is_typed_as_on_a_phone(text: str, cents: int) -> None:
    assert money_cents(text) == cents


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"entry_fee": "ten"}, "entry_fee", "Type the fee as money"),
    ({"entry_fee": "10.505"}, "entry_fee", "Type the fee as money"),
    ({"shares": "30, fifteen"}, "shares", "Type whole percentages"),
    ({"shares": "60, 50"}, "shares", "the shares sum to 110 percent"),
    ({"prizes": "1: 50\nfirst: a ham"}, "prizes", "Line 2 does not read as a prize"),
    ({"prizes": "1 50"}, "prizes", "Line 1 does not read as a prize"),
    ({"prizes": "0: 50"}, "prizes", "0 is less than 1"),
    ({"tie_break_1": "games_won", "tie_break_2": "games_won"}, "tie_break_1", "named twice"),
    ({"currency": "JPY"}, "currency", "Not a valid choice"),
])
def test_what_does_not_read_is_refused_at_its_field(fields: dict[str, str], field: str, words: str) -> None:
    form = typed(**fields)
    assert not form.validate()
    assert any(words in message for message in form[field].errors), form.errors


def test_the_partial_renders_labels_hints_and_errors_in_german(app: Flask) -> None:
    with app.test_request_context(headers={"Accept-Language": "de"}):
        form = typed(entry_fee="zehn")
        form.validate()
        page = render_template_string(
            '{% from "tournaments/_prize_fields.html" import prize_fields %}{{ prize_fields(form) }}', form=form)
    assert "Startgeld" in page and "Bei Gleichstand zuerst" in page and "Das Startgeld als Betrag" in page
    assert 'aria-describedby="entry_fee-error"' in page and 'aria-invalid="true"' in page
    assert 'aria-describedby="shares-hint"' in page
