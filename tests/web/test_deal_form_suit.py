"""The Solo's suit on the deal form of every Bavarian list: one optional tap, kept with the deal, named in the row.

The family declares which game names its suit (the Solo); the form asks it
there and nowhere else. Unsaid, the deal is stored without a suit, as
before; said, the rows and the deal's page call the game by it.
"""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_deal_pages import document, make_list, new_deal, to_list

FOUR = ["Anna", "Bene", "Chris", "Dora"]


def form_of(client: FlaskClient, listing: dict[str, Any], path: str = "deals/new", **headers: str) -> str:
    page = client.get(f"/l/{listing['id']}/{path}", headers=headers).get_data(as_text=True)
    start = page.index('<form method="post" class="deal-form"')
    return page[start:page.index("</form>", start)]


def suit_field(form: str) -> str:
    found = re.search(r'<fieldset class="deal-field" id="field-suit".*?</fieldset>', form, re.S)
    assert found is not None
    return found.group(0)


def checked(form: str) -> list[str]:
    """The suit chosen: the value of each checked suit choice."""
    return re.findall(r'name="suit" value="([^"]*)"\s+checked', form)


def test_the_solo_asks_its_suit_with_not_said_taken_and_no_other_game_does(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    form = form_of(client, listing)
    field = suit_field(form)
    assert 'data-games="solo"' in field and "<legend>Suit</legend>" in field
    assert re.findall(r'name="suit" value="([^"]*)"', field) == ["", "acorns", "leaves", "hearts", "bells"]
    assert checked(field) == [""]  # nothing said until tapped
    assert [w for w in ("Not said", "Acorns", "Leaves", "Hearts", "Bells") if w in field] == [
        "Not said", "Acorns", "Leaves", "Hearts", "Bells"]
    assert "Needed here" not in field
    german = suit_field(form_of(client, listing, **{"Accept-Language": "de"}))
    for word in ("<legend>Farbe</legend>", "Nicht gesagt", "Eichel", "Gras", "Herz", "Schellen"):
        assert word in german, word


def test_a_three_hand_list_asks_the_solo_s_suit_too(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian3", ["Anna", "Bene", "Chris"])
    assert 'data-games="solo"' in suit_field(form_of(client, listing))


def test_a_solo_with_its_suit_is_stored_with_it_and_one_without_as_before(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    assert to_list(new_deal(client, listing, game="solo", declarer="Anna", suit="hearts", points="85"), listing)
    assert to_list(new_deal(client, listing, game="solo", declarer="Bene", suit="", points="70"), listing)
    first, second = document(client, listing)["deals"]
    assert first["suit"] == "hearts" and "suit" not in second
    assert first["payouts"]["Anna"] == second["payouts"]["Bene"] == 120  # a suit pays nothing more here


def test_a_suit_tapped_for_a_game_that_names_none_is_left_out(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    assert to_list(new_deal(client, listing, game="wenz", declarer="Anna", suit="hearts", points="85"), listing)
    assert "suit" not in document(client, listing)["deals"][0]


def test_a_suit_that_is_none_of_the_four_is_refused_at_the_suit(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    answer = new_deal(client, listing, game="solo", declarer="Anna", suit="spades", points="85")
    assert answer.status_code == 200
    field = suit_field(answer.get_data(as_text=True))
    assert 'class="field-error"' in field and "Tap the suit." in field
    assert 'value="85"' in answer.get_data(as_text=True)
    assert document(client, listing)["deals"] == []


def test_the_row_and_the_deal_s_page_call_the_solo_by_its_suit(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    new_deal(client, listing, game="solo", declarer="Anna", suit="hearts", points="85")
    new_deal(client, listing, game="solo", declarer="Bene", points="70")
    page = client.get(f"/l/{listing['id']}").get_data(as_text=True)
    assert "Hearts solo 85" in page and "Solo 70" in page and "· Hearts" not in page
    german = client.get(f"/l/{listing['id']}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Herz-Solo 85" in german
    view = client.get(f"/l/{listing['id']}/deals/1", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Herz-Solo 85" in view and "Herz-Solo · Anna" in view
    assert "Solo 70" in client.get(f"/l/{listing['id']}/deals/2").get_data(as_text=True)


def test_a_suit_of_a_game_that_names_none_reads_as_before(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    answer = client.post(f"/api/lists/{listing['id']}/deals", json={
        "game": "sauspiel", "declarer": "Anna", "partner": "Bene", "called_ace": "acorns", "points": 70},
        headers={"X-Edit-Key": listing["edit_key"]})
    assert answer.status_code == 201, answer.get_json()
    assert "Sau 70 · Acorns" in client.get(f"/l/{listing['id']}").get_data(as_text=True)


def test_an_edit_shows_the_suit_stored_and_keeps_or_changes_it(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    new_deal(client, listing, game="solo", declarer="Anna", suit="bells", points="85")
    assert checked(suit_field(form_of(client, listing, "deals/1/edit"))) == ["bells"]
    version = document(client, listing)["deals"][0]["version"]
    changed = client.post(f"/l/{listing['id']}/deals/1/edit", data={
        "game": "solo", "declarer": "Anna", "suit": "hearts", "points": "85", "version": str(version)})
    assert to_list(changed, listing)
    assert document(client, listing)["deals"][0]["suit"] == "hearts"
