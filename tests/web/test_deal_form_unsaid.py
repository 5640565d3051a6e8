"""What the deal form never assumes: a value that moves money is tapped, or Save stores nothing.

A Sheepshead pick with no partner tapped is not alone; a Tout with 120 and
Schwarz not tapped is not lost; 0 or 120 points (and a picker's few
buried points) say whether a side took no trick; a Bettel says won or
lost. Each refusal stands next to its field and keeps what was typed.
"""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_deal_pages import document, entered, make_list, new_deal, to_list

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = ["Arnie", "Bob", "Carl", "Donna", "Ed"]


def refused(response: Any) -> str:
    """The page of a refused deal: the form again, with the reasons."""
    assert response.status_code == 200
    page = str(response.get_data(as_text=True))
    assert "Not saved yet:" in page or "Noch nicht gespeichert" in page
    return page


def field(page: str, name: str) -> str:
    found = re.search(rf'<(?:fieldset|div) class="deal-field" id="field-{name}".*?</(?:fieldset|div)>\s*(?=<|$)',
                      page, re.S)
    assert found is not None, name
    return found.group(0)


def stored(client: FlaskClient, listing: dict[str, Any]) -> list[dict[str, Any]]:
    return [entered(deal) for deal in document(client, listing)["deals"]]


# -- Sheepshead: a pick's partner, or "Alone" -----------------------------------------------


def test_a_pick_with_no_partner_tapped_is_not_saved_as_alone(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead", FIVE)
    page = refused(new_deal(client, listing, game="pick", declarer="Arnie", points="70"))
    partner = page[page.index('id="field-partner"'):page.index("</fieldset>", page.index('id="field-partner"'))]
    assert "Tap the partner, or “Alone”: a pick is alone only when tapped so." in partner
    assert 'name="points" type="text"' in page and 'value="70"' in page  # kept as typed
    assert re.search(r'name="declarer" value="Arnie"\s+checked', page)
    assert stored(client, listing) == []


def test_alone_tapped_is_alone_and_a_partner_tapped_is_the_partner(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead", FIVE)
    assert to_list(new_deal(client, listing, game="pick", declarer="Arnie", partner="", points="70"), listing)
    assert to_list(new_deal(client, listing, game="pick", declarer="Bob", partner="Ed", points="70"), listing)
    assert stored(client, listing) == [
        {"game": "pick", "declarer": "Arnie", "points": 70},
        {"game": "pick", "declarer": "Bob", "partner": "Ed", "points": 70},
    ]
    deals = document(client, listing)["deals"]
    assert deals[0]["payouts"]["Arnie"] == 4  # alone: the picker's double share


def test_the_preview_says_the_partner_is_missing_in_german_too(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead", FIVE)
    answer = client.post(f"/l/{listing['id']}/deals/preview",
                         data={"game": "pick", "declarer": "Arnie", "points": "70"},
                         headers={"Accept-Language": "de"}).get_json()
    assert answer["field"] == "partner" and "payouts" not in answer
    assert answer["error"].startswith("Tippe den Partner an, oder „Allein“")


def test_the_edit_of_an_alone_pick_shows_alone_tapped_and_saves_as_it_was(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead", FIVE)
    assert to_list(new_deal(client, listing, game="pick", declarer="Arnie", partner="", points="70"), listing)
    page = client.get(f"/l/{listing['id']}/deals/1/edit").get_data(as_text=True)
    assert re.search(r'name="partner" value=""\s+checked', page)


# -- Schwarz at the points where a side may have taken every trick ---------------------------


def test_a_tout_with_120_and_schwarz_not_tapped_is_asked_not_stored_as_lost(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    page = refused(new_deal(client, listing, game="solo", declarer="Anna", points="120", tout="1"))
    assert ("With 120 points: did a side take no trick at all? Tap “Schwarz”, or “Both sides took a trick”. "
            "A Tout or Sie is won only with every trick.") in page
    assert re.search(r'name="tout" value="1"\s+checked', page)  # kept as tapped
    assert stored(client, listing) == []
    # Every trick: the Tout is won; a trick to the others: lost, said out loud.
    assert to_list(new_deal(client, listing, game="solo", declarer="Anna", points="120", tout="1",
                            schwarz="1"), listing)
    assert to_list(new_deal(client, listing, game="solo", declarer="Bene", points="120", tout="1",
                            **{"schwarz.no": "1"}), listing)
    first, second = document(client, listing)["deals"]
    assert first["schwarz"] is True and first["payouts"]["Anna"] > 0
    assert "schwarz" not in second and second["payouts"]["Bene"] < 0


def test_a_sauspiel_asks_schwarz_at_0_and_120_and_not_between(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    for points in ("0", "120"):
        page = refused(new_deal(client, listing, game="sauspiel", declarer="Anna", partner="Chris",
                                points=points))
        asked = re.search(r'data-games="sauspiel" data-schwarz-ask[^>]*>([^<]*)<', page)
        assert asked is not None
        assert asked.group(1) == (f"With {points} points: did a side take no trick at all? "
                                  "Tap “Schwarz”, or “Both sides took a trick”.")  # a Sauspiel has no Tout
    assert to_list(new_deal(client, listing, game="sauspiel", declarer="Anna", partner="Chris",
                            points="119"), listing)
    assert to_list(new_deal(client, listing, game="sauspiel", declarer="Anna", partner="Chris",
                            points="120", **{"schwarz.no": "1"}), listing)
    assert [deal["payouts"]["Anna"] for deal in document(client, listing)["deals"]] == [30, 30]


def test_both_boxes_tapped_is_refused_next_to_them(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    page = refused(new_deal(client, listing, game="solo", declarer="Anna", points="120", schwarz="1",
                            **{"schwarz.no": "1"}))
    assert "Tap one of “Schwarz” and “Both sides took a trick”, not both." in page


def test_a_picker_with_few_points_says_whether_the_side_was_a_no_tricker(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead", FIVE)
    page = refused(new_deal(client, listing, game="pick", declarer="Arnie", partner="Bob", points="15"))
    assert "With 15 points: did a side take no trick at all? Tap “No-tricker”, or “Both sides took a trick”." in page
    assert to_list(new_deal(client, listing, game="pick", declarer="Arnie", partner="Bob", points="15",
                            **{"schwarz.no": "1"}), listing)
    assert to_list(new_deal(client, listing, game="pick", declarer="Arnie", partner="Bob", points="50"), listing)


def test_no_question_where_the_list_counts_schwarz_by_points(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead3", ["Anna", "Bene", "Chris"], schwarz_by="points")
    page = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert 'name="schwarz.no"' not in page and "data-schwarz-ask " not in page
    assert to_list(new_deal(client, listing, game="pick", declarer="Anna", points="120"), listing)


def test_the_form_tells_the_page_where_schwarz_is_asked(client: FlaskClient) -> None:
    listing = make_list(client, "german", FOUR)
    page = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert "data-schwarz-asked='{\"normal\": [0, 120]}'" in page
    assert re.search(r'data-games="normal" data-said-no="schwarz"', page)


def test_the_edit_of_a_120_without_schwarz_keeps_the_no_said(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    assert to_list(new_deal(client, listing, game="solo", declarer="Anna", points="120",
                            **{"schwarz.no": "1"}), listing)
    page = client.get(f"/l/{listing['id']}/deals/1/edit").get_data(as_text=True)
    assert re.search(r'name="schwarz.no" value="1"\s+checked', page)


# -- a Bettel's result -------------------------------------------------------------------------


def test_a_bettel_says_won_or_lost_and_nothing_tapped_is_not_lost(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR, games=["sauspiel", "solo", "bettel"])
    page = refused(new_deal(client, listing, game="bettel", declarer="Anna"))
    assert "Tap “Won (no trick taken)”, or “Lost: took a trick”." in page
    assert stored(client, listing) == []
    assert to_list(new_deal(client, listing, game="bettel", declarer="Anna", **{"won.no": "1"}), listing)
    assert to_list(new_deal(client, listing, game="bettel", declarer="Bene", won="1"), listing)
    assert [(d["won"], d["payouts"][d["declarer"]] > 0) for d in document(client, listing)["deals"]] == [
        (False, False), (True, True)]


# -- a player with 0 points in a leaster: took no trick, or took one -----------------------------


def test_a_leaster_player_with_0_points_is_never_taken_to_have_won_a_trick_unasked(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead", FIVE)
    points = {"points.Arnie": "0", "points.Bob": "10", "points.Carl": "30", "points.Donna": "40", "points.Ed": "40"}
    page = refused(new_deal(client, listing, game="leaster", **points))
    assert "Arnie: 0 points. Tick who took no trick, or “Everyone else with 0 points took a trick”." in page
    assert 'name="points.Arnie"' in page and 'value="40"' in page  # kept as typed
    assert stored(client, listing) == []
    assert to_list(new_deal(client, listing, game="leaster", **points, token="a", **{"no_trick.Arnie": "1"}),
                   listing)
    assert to_list(new_deal(client, listing, game="leaster", **points, token="b", zero_took_trick="1"), listing)
    first, second = document(client, listing)["deals"]
    assert first["no_trick"] == ["Arnie"] and first["payouts"]["Bob"] == 4
    assert "no_trick" not in second and second["payouts"]["Arnie"] == 4
