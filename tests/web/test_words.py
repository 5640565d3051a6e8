"""The words of the new-list form and the import: one error per problem, no parser English."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorer.web.sharing.wording import looks_like_a_table
from tests.web.conftest import FOUR
from tests.web.test_i18n import compiled_catalog, text  # noqa: F401  (German pages need the .mo)
from tests.web.test_pages import form_defaults


def errors(page: str) -> list[str]:
    return re.findall(r'<p class="field-error"[^>]*>([^<]*)</p>', page)


def test_a_name_too_long_gets_one_error_not_two(client: FlaskClient) -> None:
    form = form_defaults(client, "bavarian")
    form.update({f"player_{i}": name for i, name in enumerate(FOUR, start=1)}, player_1="A" * 61)
    page = text(client.post("/new?family=bavarian", data=form))
    assert errors(page) == ["A name may be at most 60 characters."]


def test_a_form_sent_without_names_asks_for_them_instead_of_saying_not_0(client: FlaskClient) -> None:
    page = text(client.post("/new?family=bavarian", data=form_defaults(client, "bavarian")))
    assert "Type the players' names: this game needs 4 or 5 players." in errors(page)
    assert "not 0" not in page and "4 / 5" not in page


def test_too_few_names_say_how_many_the_game_needs_and_how_many_there_are(client: FlaskClient) -> None:
    form = form_defaults(client, "sheepshead")
    form.update(player_1="Anna", player_2="Bene", player_3="Chris")
    page = text(client.post("/new?family=sheepshead", data=form))
    assert "This game needs 4, 5, 6, 7 or 8 players; the list has 3 players." in errors(page)


def test_one_name_is_counted_in_the_singular(client: FlaskClient) -> None:
    form = form_defaults(client, "german")
    form.update(player_1="Anna")
    page = text(client.post("/new?family=german", data=form))
    assert "This game needs 4 players; the list has 1 player." in errors(page)


CSV_EXPORT = "\ufeffDeal;Dealer;Game;Summary;Anna;Bene;Chris;Dora\n1;Dora;Sauspiel;Sau 72;20;-20;20;-20\n"


@pytest.mark.parametrize("body", [CSV_EXPORT, CSV_EXPORT.replace(";", ","), "Deal\tDealer\tGame\n1\tDora\tSolo\n"])
def test_a_csv_export_pasted_into_the_import_is_named_as_such(client: FlaskClient, body: str) -> None:
    assert looks_like_a_table(body)
    page = text(client.post("/import", data={"text": body}))
    assert errors(page) == [
        "This is a table (CSV), as the CSV button writes it: it cannot be read back. "
        "Import takes the list file (JSON) that the Export button writes."
    ]


@pytest.mark.parametrize(("body", "words"), [
    ('{"players": ["Anna", "Bene"], ', "a key in double quotes is expected here (line 1, column 31)"),
    ('{"players": ["Anna" "Bene"]}', "a comma is missing here (line 1, column 21)"),
    ('{"players": ["Anna"]} x', "something follows after the end of the list (line 1, column 23)"),
    ('{"title": "Freitag', "a text in quotes starts here and is never closed (line 1, column 11)"),
])
def test_a_broken_list_file_is_described_without_the_parsers_english(
    client: FlaskClient, body: str, words: str
) -> None:
    page = text(client.post("/import", data={"text": body}))
    assert errors(page) == [f"The list file is not valid JSON: {words}."]
    client.get("/lang/de")
    german = text(client.post("/import", data={"text": body}))
    assert "Expecting" not in german and "delimiter" not in german and "Extra data" not in german
    assert "list file:" not in german


def test_an_ordinary_list_file_does_not_look_like_a_table() -> None:
    assert not looks_like_a_table('{"players": ["Anna", "Bene"]}')
    assert not looks_like_a_table("  \n[1, 2]")
    assert not looks_like_a_table("")
