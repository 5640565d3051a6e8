"""Seven or eight at a Sheepshead table: five play, the dealer and the players after sit out."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from scorer.engine import FAMILIES, score_document
from scorer.web.labels import sitting_out
from tests.web.test_deal_pages import document, entered, new_deal, to_list
from tests.web.test_sheepshead_pages import payouts, sheepshead, text

SEVEN = ["Anna", "Bene", "Chris", "Dora", "Emil", "Finn", "Gina"]
EIGHT = [*SEVEN, "Hans"]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def test_who_sits_out_starts_with_the_dealer_and_goes_on_clockwise() -> None:
    family = FAMILIES["sheepshead"]
    assert sitting_out(family, tuple(SEVEN), "Gina") == ("Gina", "Anna")
    assert sitting_out(family, tuple(EIGHT), "Gina") == ("Gina", "Hans", "Anna")
    assert sitting_out(family, tuple(SEVEN[:5]), "Gina") == ()
    assert sitting_out(FAMILIES["bavarian"], ("Anna", "Bene", "Chris", "Dora", "Emil"), "Emil") == ("Emil",)


def test_the_list_page_names_everyone_who_sits_the_next_deal_out(client: FlaskClient) -> None:
    listing = sheepshead(client, SEVEN)
    page = text(client.get(f"/l/{listing['id']}"))
    assert "Gina deals, Bene leads. Gina and Anna sit out this deal." in page
    page = text(client.get(f"/l/{listing['id']}", headers=GERMAN))
    assert "Gina und Anna setzen dieses Spiel aus." in page
    listing = sheepshead(client, EIGHT)
    page = text(client.get(f"/l/{listing['id']}"))
    assert "Hans deals, Bene leads. Hans, Anna and Bene sit out this deal." not in page
    assert "Hans deals, Chris leads. Hans, Anna and Bene sit out this deal." in page


def test_the_deal_form_shows_everyone_out_and_offers_only_those_who_play(client: FlaskClient) -> None:
    listing = sheepshead(client, SEVEN)
    page = text(client.get(f"/l/{listing['id']}/deals/new"))
    assert "Dealer: Gina · Gina and Anna sit out this deal" in page
    assert re.search(r'name="declarer" value="Gina" disabled', page)
    assert re.search(r'name="declarer" value="Anna" disabled', page)
    assert not re.search(r'name="declarer" value="Bene" disabled', page)
    assert "deals, sits out" in page and "<small>sits out</small>" in page
    for out in ("Gina", "Anna"):
        assert f'name="points.{out}"' not in page and f'name="no_trick.{out}"' not in page
    assert 'data-sits-out="2"' in page
    german = text(client.get(f"/l/{listing['id']}/deals/new", headers=GERMAN))
    assert "Gina und Anna setzen bei diesem Spiel aus" in german


def test_picks_at_seven_pay_the_five_who_play_and_the_table_marks_those_out(client: FlaskClient) -> None:
    listing = sheepshead(client, SEVEN)
    assert to_list(new_deal(client, listing, game="pick", declarer="Bene", partner="Chris", points="70"), listing)
    # Anna deals the second: Anna and Bene sit out.
    page = text(client.get(f"/l/{listing['id']}"))
    assert "Anna deals, Chris leads. Anna and Bene sit out this deal." in page
    refused = text(new_deal(client, listing, game="pick", declarer="Bene", partner="Chris", points="70",
                            token="second"))
    assert "Bene sits out this deal, after the dealer" in refused
    assert to_list(new_deal(client, listing, game="pick", declarer="Dora", partner="Emil", points="50",
                            token="third"), listing)
    assert payouts(client, listing) == [
        {"Anna": 0, "Bene": 2, "Chris": 1, "Dora": -1, "Emil": -1, "Finn": -1, "Gina": 0},
        {"Anna": 0, "Bene": 0, "Chris": 2, "Dora": -4, "Emil": -2, "Finn": 2, "Gina": 2},
    ]
    stored = document(client, listing)
    again = score_document({**stored, "deals": [entered(d) for d in stored["deals"]]})
    assert [d["payouts"] for d in again["deals"]] == payouts(client, listing)
    assert again["totals"] == stored["totals"]
    # The table: each deal's two out, their cells saying so.
    page = text(client.get(f"/l/{listing['id']}"))
    assert page.count('<td class="pay out">out</td>') == 4


def test_the_breakdown_says_who_deals_and_who_only_sits_out(client: FlaskClient) -> None:
    listing = sheepshead(client, SEVEN)
    assert to_list(new_deal(client, listing, game="pick", declarer="Bene", partner="Chris", points="70"), listing)
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text(client.get(f"/l/{listing['id']}/deals/1"))))
    assert "Anna sits out 0 × 1 0" in page
    assert "Gina deals, sits out 0 × 1 0" in page
