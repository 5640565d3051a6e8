"""What the deal form assumes it says before Save: the bid of the game for three, a German game not forced.

Neither shows in the breakdown's terms, yet each moves money: a Solo for
three at 63 points is won at a bid of 61 and lost at 65; a German normal
game lost by the declarers pays the defenders 2 game points, but 1 when it
was forced. The preview's note names both, in English and German.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.web.test_deal_pages import FOUR, make_list, new_deal

THREE = ["Anna", "Bene", "Chris"]


def preview(client: FlaskClient, listing: dict[str, str], lang: str = "en", **fields: str) -> dict[str, object]:
    """The live preview's answer to the fields, in a language."""
    answer = client.post(f"/l/{listing['id']}/deals/preview", data=fields,
                         headers={"Accept-Language": lang}).get_json()
    assert "payouts" in answer, answer
    return dict(answer)


@pytest.mark.parametrize(("lang", "words"), [("en", "Bid 61, the lowest"), ("de", "Gebot 61, das niedrigste")])
def test_a_bid_left_alone_is_said_as_the_lowest_bid(client: FlaskClient, lang: str, words: str) -> None:
    listing = make_list(client, "bavarian3", THREE)
    answer = preview(client, listing, lang, game="solo", declarer="Anna", points="63")
    assert answer["note"] == words
    assert answer["payouts"] == {"Anna": 80, "Bene": -40, "Chris": -40}


@pytest.mark.parametrize(("lang", "words"), [("en", "Bid 65"), ("de", "Gebot 65")])
def test_a_bid_chosen_is_said_as_chosen(client: FlaskClient, lang: str, words: str) -> None:
    listing = make_list(client, "bavarian3", THREE)
    answer = preview(client, listing, lang, game="solo", declarer="Anna", points="63", bid="65")
    assert answer["note"] == words
    assert answer["payouts"] == {"Anna": -80, "Bene": 40, "Chris": 40}


@pytest.mark.parametrize(("lang", "words"), [("en", "Not a forced game"), ("de", "Kein Pflichtspiel")])
def test_a_german_game_left_unticked_is_said_not_forced(client: FlaskClient, lang: str, words: str) -> None:
    listing = make_list(client, "german", FOUR)
    answer = preview(client, listing, lang, game="normal", declarer="Anna", points="50")
    assert answer["note"] == words
    forced = preview(client, listing, lang, game="normal", declarer="Anna", points="50", forced="1")
    assert forced["note"] == ("Forced game" if lang == "en" else "Pflichtspiel")
    assert answer["payouts"] != forced["payouts"]


def test_the_page_without_script_says_the_assumption_in_its_preview(client: FlaskClient) -> None:
    listing = make_list(client, "german", FOUR)
    page = new_deal(client, listing, game="normal", declarer="Anna", points="50", action="preview")
    assert page.status_code == 200
    assert re.search(r"Dealer: \w+ · Not a forced game\s*</p>", page.get_data(as_text=True))


def test_a_thrown_in_hand_assumes_nothing(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian3", THREE)
    answer = preview(client, listing, game="passed")
    assert "note" not in answer


def test_a_tournament_sauspiel_where_a_hand_all_pass_is_forced_says_it_was_not(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR, table_points={"system": "1/5", "passed": "forced"})
    fields = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "60", "schwarz.no": "1"}
    assert preview(client, listing, "de", **fields)["note"] == "Kein Pflichtspiel"
    forced = preview(client, listing, **fields, forced="1")
    assert str(forced["note"]).endswith("Forced game")
