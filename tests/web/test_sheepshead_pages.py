"""American Sheepshead on the pages: its words, its common tables, six at the table, the form."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.engine import FAMILIES, score_document
from scorer.engine.families.base import WORDS
from tests.web.test_deal_pages import (
    api_deal, document, entered, flashes, make_list, new_deal, tied, to_list,
)
from tests.web.conftest import deal_rows
from tests.web.test_pages import form_defaults

FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SIX = [*FIVE, "Finn"]


def text(response: Any) -> str:
    """The page as text, entities resolved."""
    return html.unescape(response.get_data(as_text=True))


def sheepshead(client: FlaskClient, players: list[str] | None = None, **rules: Any) -> dict[str, Any]:
    """A Sheepshead list made through the API, its edit key held by this phone."""
    return make_list(client, "sheepshead", players or FIVE, **rules)


def games_offered(page: str) -> list[str]:
    """The games the deal form offers, in order."""
    return re.findall(r'type="radio" name="game" value="([^"]+)"', page)


def payouts(client: FlaskClient, listing: dict[str, Any]) -> list[dict[str, int]]:
    """Every deal's payouts, from the API."""
    return [deal["payouts"] for deal in document(client, listing)["deals"]]


# -- the words -----------------------------------------------------------------------


def test_the_sheepshead_deal_form_speaks_of_the_picker_and_the_no_tricker(client: FlaskClient) -> None:
    page = text(client.get(f"/l/{sheepshead(client)['id']}/deals/new"))
    for words in ("<legend>Picker</legend>", "<legend>Partner</legend>", "Alone",
                  "Card points of the picker's side", "Defenders' points",
                  "the picker's side gets 120 minus them", "Schneider", "No-tricker", "Crack",
                  "Re-crack", "Blitz: queens shown", "Who took no trick?"):
        assert words in page, words
    assert 'data-text-makes="The picker\'s side has {points}."' in page
    for bavarian in ("Declarer", "declaring side", "Schwarz", "Partner (called ace)", "Kontra"):
        assert bavarian not in page, bavarian


def test_the_bavarian_deal_form_keeps_its_own_words(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FIVE[:4])
    page = text(client.get(f"/l/{listing['id']}/deals/new"))
    for words in ("<legend>Declarer</legend>", "<legend>Partner (called ace)</legend>",
                  "Card points of the declaring side", "Card points of the defenders",
                  "the declaring side gets 120 minus them", "Schwarz", "Kontra"):
        assert words in page, words
    assert "Picker" not in page and "No-tricker" not in page and "Alone" not in page


def test_every_family_overrides_only_words_the_pages_know() -> None:
    for family in FAMILIES.values():
        # The pages also call a doubling handed on to later deals by the family's word.
        assert set(family.words) <= set(WORDS) | {"doubling"}, family.name
        assert all(family.word(role) for role in WORDS)


def test_a_missing_picker_is_asked_for_in_sheepshead_words(client: FlaskClient) -> None:
    listing = sheepshead(client)
    page = text(new_deal(client, listing, game="pick", points="70"))
    assert "Who picked? Tap the picker." in page


def test_the_list_names_the_picker_an_alone_pick_and_a_doubled_one(client: FlaskClient) -> None:
    listing = sheepshead(client, no_pick="doubler")
    for deal in ({"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 70},
                 {"game": "doubler"},
                 {"game": "pick", "declarer": "Bene", "points": 80}):
        api_deal(client, listing, deal)
    page = text(client.get(f"/l/{listing['id']}"))
    rows = deal_rows(page)
    assert '<span class="declarer" title="Picker">Anna+Chris</span>' in rows[0]
    assert "Doubler" in rows[1] and "×" not in rows[1]
    assert '<span class="bock" title="Doubler">×2</span>' in rows[2]
    assert '<span class="declarer" title="Picker">Bene alone</span>' in rows[2]
    summary = text(client.get(f"/l/{listing['id']}/deals/3/delete"))
    assert "Pick · Bene alone · 80 points" in summary


# -- the doubler queue ---------------------------------------------------------------


def test_the_doubler_queue_shows_on_the_list_the_form_and_the_preview(client: FlaskClient) -> None:
    listing = sheepshead(client, no_pick="doubler")
    api_deal(client, listing, {"game": "doubler"})
    api_deal(client, listing, {"game": "doubler"})
    assert "Doubler: the next 2 picks are doubled" in text(client.get(f"/l/{listing['id']}"))
    assert "Doubler: the next 2 picks are doubled" in text(client.get(f"/l/{listing['id']}/deals/new"))
    answer = client.post(f"/l/{listing['id']}/deals/preview",
                         data={"game": "pick", "declarer": "Anna", "partner": "Bene", "points": "70"})
    # The doubler is in the line, once: no note says it again.
    assert answer.get_json() == {
        "payouts": {"Anna": 4, "Bene": 2, "Chris": -2, "Dora": -2, "Emil": -2},
        "dealer": "Bene", "explained": tied("Tier_1 · Doubler_×2 = 2 · Picker_×2 = +4"),
    }
    page = text(new_deal(client, listing, game="pick", declarer="Anna", partner="Bene", points="70",
                         action="preview"))
    card = page[page.index("data-preview>"):page.index('class="deal-actions"')]
    assert card.count("Doubler") == 1 and "Doubler\u00a0×2 = 2" in card


def test_multiplied_doublers_say_how_much(client: FlaskClient) -> None:
    listing = sheepshead(client, no_pick="doubler", doubler_stack="multiply")
    api_deal(client, listing, {"game": "doubler"})
    api_deal(client, listing, {"game": "doubler"})
    assert "Doubler: the next pick counts ×4" in text(client.get(f"/l/{listing['id']}"))
    answer = client.post(f"/l/{listing['id']}/deals/preview",
                         data={"game": "pick", "declarer": "Anna", "partner": "Bene", "points": "70"})
    assert "note" not in answer.get_json()
    assert tied("2_Doublers_×4 = 4") in answer.get_json()["explained"]
    assert answer.get_json()["payouts"]["Anna"] == 8


# -- the games the form offers -------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "offered"),
    [
        ({}, ["pick", "leaster"]),
        ({"no_pick": "moster"}, ["pick", "moster"]),
        ({"no_pick": "doubler"}, ["pick", "doubler"]),
        ({"games": ["pick"]}, ["pick"]),
    ],
)
def test_the_form_offers_the_pick_and_only_the_lists_no_pick_game(
    client: FlaskClient, rules: dict[str, Any], offered: list[str],
) -> None:
    page = text(client.get(f"/l/{sheepshead(client, **rules)['id']}/deals/new"))
    assert games_offered(page) == offered


# -- the form ------------------------------------------------------------------------------


def test_a_plain_pick_with_a_partner_is_picker_partner_and_points(client: FlaskClient) -> None:
    listing = sheepshead(client)
    response = new_deal(client, listing, game="pick", declarer="Anna", partner="Chris", points="67")
    assert to_list(response, listing)
    assert flashes(client) == ["Deal 1 saved."]
    deal = document(client, listing)["deals"][0]
    assert entered(deal) == {"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 67}
    assert deal["payouts"] == {"Anna": 2, "Bene": -1, "Chris": 1, "Dora": -1, "Emil": -1}


def test_the_defenders_points_switch_gives_the_pickers_side_the_rest(client: FlaskClient) -> None:
    listing = sheepshead(client)
    response = new_deal(client, listing, game="pick", declarer="Anna", partner="Chris",
                        points="24", defenders="1")
    assert to_list(response, listing)
    assert entered(document(client, listing)["deals"][0])["points"] == 96
    assert payouts(client, listing) == [{"Anna": 4, "Bene": -2, "Chris": 2, "Dora": -2, "Emil": -2}]


def test_an_alone_pick_is_one_tap_on_alone(client: FlaskClient) -> None:
    listing = sheepshead(client)
    response = new_deal(client, listing, game="pick", declarer="Bene", partner="", points="70")
    assert to_list(response, listing)
    assert entered(document(client, listing)["deals"][0]) == {"game": "pick", "declarer": "Bene", "points": 70}
    assert payouts(client, listing) == [{"Anna": -1, "Bene": 4, "Chris": -1, "Dora": -1, "Emil": -1}]


def test_a_cracked_and_recracked_blitzed_pick_is_stored_with_its_doublings(client: FlaskClient) -> None:
    listing = sheepshead(client)
    response = new_deal(client, listing, game="pick", declarer="Anna", partner="Chris", points="70",
                        crack="1", recrack="1", blitz="1")
    assert to_list(response, listing)
    assert entered(document(client, listing)["deals"][0]) == {
        "game": "pick", "declarer": "Anna", "partner": "Chris", "points": 70,
        "crack": True, "recrack": True, "blitz": 1,
    }
    assert payouts(client, listing) == [{"Anna": 16, "Bene": -8, "Chris": 8, "Dora": -8, "Emil": -8}]


def test_a_recrack_without_a_crack_is_refused_at_the_recrack(client: FlaskClient) -> None:
    listing = sheepshead(client)
    page = text(new_deal(client, listing, game="pick", declarer="Anna", partner="Chris", points="70",
                         recrack="1"))
    assert "A recrack answers a crack, and nobody cracked" in page
    assert document(client, listing)["deals"] == []


def test_a_leaster_with_players_who_took_no_trick(client: FlaskClient) -> None:
    listing = sheepshead(client)
    # Anna took no trick; of the players who took one, Bene has the fewest points.
    response = new_deal(client, listing, game="leaster", **{
        "points.Anna": "0", "points.Bene": "5", "points.Chris": "30", "points.Dora": "40",
        "points.Emil": "", "no_trick.Anna": "1",
    })
    assert to_list(response, listing)
    deal = document(client, listing)["deals"][0]
    assert entered(deal) == {
        "game": "leaster", "no_trick": ["Anna"],
        "points": {"Anna": 0, "Bene": 5, "Chris": 30, "Dora": 40, "Emil": 45},
    }
    assert deal["payouts"] == {"Anna": -1, "Bene": 4, "Chris": -1, "Dora": -1, "Emil": -1}


def test_a_leaster_won_by_a_no_tricker_is_refused_at_the_winner(client: FlaskClient) -> None:
    listing = sheepshead(client)
    page = text(new_deal(client, listing, game="leaster", winner="Anna", **{
        "points.Anna": "0", "points.Bene": "0", "points.Chris": "30", "points.Dora": "40",
        "points.Emil": "50", "no_trick.Anna": "1", "zero_took_trick": "1",  # Bene took a trick of none
    }))
    assert "Anna took no trick, and a leaster is won by a player who took one" in page
    assert document(client, listing)["deals"] == []


def test_a_doubler_then_a_doubled_pick_through_the_form(client: FlaskClient) -> None:
    listing = sheepshead(client, no_pick="doubler")
    assert to_list(new_deal(client, listing, game="doubler"), listing)
    assert "Doubler: the next pick is doubled" in text(client.get(f"/l/{listing['id']}"))
    german = text(client.get(f"/l/{listing['id']}", headers={"Accept-Language": "de-DE,de;q=0.9"}))
    assert "Doubler: 1 kommender Pick zählt doppelt" in german
    assert to_list(new_deal(client, listing, game="pick", declarer="Chris", partner="Dora",
                            points="50"), listing)
    assert payouts(client, listing) == [
        {"Anna": 0, "Bene": 0, "Chris": 0, "Dora": 0, "Emil": 0},
        # Lost: the bump and the doubler, 2 x 2 per defender.
        {"Anna": 4, "Bene": 4, "Chris": -8, "Dora": -4, "Emil": 4},
    ]
    assert "Doubler: the next" not in text(client.get(f"/l/{listing['id']}"))


def test_a_no_tricker_is_ticked_on_the_form(client: FlaskClient) -> None:
    listing = sheepshead(client)
    assert to_list(new_deal(client, listing, game="pick", declarer="Anna", partner="Chris",
                            points="120", schwarz="1"), listing)
    assert payouts(client, listing) == [{"Anna": 6, "Bene": -3, "Chris": 3, "Dora": -3, "Emil": -3}]


# -- six at the table ----------------------------------------------------------------------


def test_the_new_list_page_has_eight_name_inputs_for_sheepshead_and_five_for_bavarian(
    client: FlaskClient,
) -> None:
    def seats(family: str) -> list[str]:
        return re.findall(r'name="(player_\d+)"', text(client.get(f"/new?family={family}")))

    assert seats("sheepshead") == [f"player_{i}" for i in range(1, 9)]
    assert seats("bavarian") == [f"player_{i}" for i in range(1, 6)]
    page = text(client.get("/new?family=sheepshead"))
    assert "Player 4</label>" in page and "Player 5 (optional)" in page and "Player 8 (optional)" in page


def test_six_players_start_a_list_from_the_new_list_page(client: FlaskClient) -> None:
    form = form_defaults(client, "sheepshead")
    form.update({f"player_{i}": name for i, name in enumerate(SIX, start=1)})
    response = client.post("/new", data=form)
    assert response.status_code == 302, text(response)
    page = text(client.get(response.headers["Location"]))
    assert "Finn deals, Anna leads. Finn sits out this deal." in page


def test_with_six_the_dealer_sits_out_and_the_rotation_says_who(client: FlaskClient) -> None:
    listing = sheepshead(client, SIX)
    assert "Finn deals, Anna leads. Finn sits out this deal." in text(client.get(f"/l/{listing['id']}"))
    page = text(client.get(f"/l/{listing['id']}/deals/new"))
    assert "Dealer: Finn · sits out this deal" in page
    assert 'name="declarer" value="Finn" disabled' in page
    assert 'name="no_trick.Finn"' not in page and 'name="points.Finn"' not in page
    assert to_list(new_deal(client, listing, game="pick", declarer="Anna", partner="Bene",
                            points="70"), listing)
    assert payouts(client, listing) == [
        {"Anna": 2, "Bene": 1, "Chris": -1, "Dora": -1, "Emil": -1, "Finn": 0},
    ]
    assert "Anna deals, Bene leads. Anna sits out this deal." in text(client.get(f"/l/{listing['id']}"))
    refused = text(new_deal(client, listing, game="pick", declarer="Anna", partner="Bene", points="70",
                            token="second"))
    assert "Anna deals and sits out this deal" in refused


def test_with_four_or_five_nobody_sits_out(client: FlaskClient) -> None:
    for players in (FIVE[:4], FIVE):
        page = text(client.get(f"/l/{sheepshead(client, players)['id']}"))
        assert "sits out" not in page


# -- the common tables ---------------------------------------------------------------------


def test_the_new_list_page_offers_the_common_tables_of_the_family(client: FlaskClient) -> None:
    page = text(client.get("/new?family=sheepshead"))
    for number, name in enumerate(
        ["Tournament: Jack of Diamonds, double on the bump", "Called ace, leasters",
         "Doublers, no cap", "Jack of Diamonds, no bump, leasters, dimes"], start=1,
    ):
        assert f'href="/new?family=sheepshead&table={number}"' in page.replace("&amp;", "&")
        assert name in page
    assert "Bock and Stock" in text(client.get("/new?family=bavarian"))
    assert "common table" not in text(client.get("/new?family=german"))


@pytest.mark.parametrize(
    ("table", "rules"),
    [
        (1, {"partner_by": "jack_of_diamonds", "double_on_bump": True, "no_pick": "leaster"}),
        (2, {"partner_by": "called_ace", "no_pick": "leaster"}),
        (3, {"no_pick": "doubler", "doubler_stack": "queue", "max_multiplier": None}),
        (4, {"partner_by": "jack_of_diamonds", "double_on_bump": False, "point_value": 10}),
    ],
)
def test_a_common_table_prefills_the_form_and_starts_a_list_with_its_rules(
    client: FlaskClient, table: int, rules: dict[str, Any],
) -> None:
    page = text(client.get(f"/new?family=sheepshead&table={table}"))
    assert 'aria-current="page">' + str(FAMILIES["sheepshead"].common_rules[table - 1].name) in page
    form = form_defaults(client, f"sheepshead&table={table}")
    form.update({f"player_{i}": name for i, name in enumerate(FIVE, start=1)})
    response = client.post(f"/new?family=sheepshead&table={table}", data=form)
    assert response.status_code == 302, text(response)
    stored = client.get("/api/lists/" + response.headers["Location"].rsplit("/", 1)[1]).get_json()
    assert {key: stored["rules"][key] for key in rules} == rules


def test_the_bock_and_stock_table_ticks_both_rules(client: FlaskClient) -> None:
    form = form_defaults(client, "bavarian&table=1")
    assert form.get("bock") == ["y"] and form.get("stock") == ["y"]
    assert "bock" not in form_defaults(client, "bavarian")


def test_a_table_the_family_does_not_have_starts_from_its_defaults(client: FlaskClient) -> None:
    for asked in ("sheepshead&table=9", "sheepshead&table=0", "sheepshead&table=x", "german&table=1"):
        page = text(client.get(f"/new?family={asked}"))
        assert page.count('aria-current="page"') == 1, asked  # the family alone
    assert form_defaults(client, "sheepshead&table=9")["point_value"] == "25"


# -- RULES.md's worked examples through the JSON API ------------------------------------------


def pick(points: int, **more: Any) -> dict[str, Any]:
    """Anna picks with Bene as partner."""
    return {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": points, **more}


def five(picker: int, partner: int, defender: int) -> dict[str, int]:
    """Payouts at five: Anna picks, Bene partners, the other three defend."""
    return {"Anna": picker, "Bene": partner, "Chris": defender, "Dora": defender, "Emil": defender}


@pytest.mark.parametrize(
    ("rules", "deal", "expected"),
    [
        ({}, pick(67), five(2, 1, -1)),
        ({}, pick(96), five(4, 2, -2)),
        ({}, pick(120, schwarz=True), five(6, 3, -3)),
        ({}, pick(50), five(-4, -2, 2)),
        ({}, pick(25), five(-8, -4, 4)),
        ({"partner_off_hook": True}, pick(0, schwarz=True), five(-18, 0, 6)),
        ({}, {"game": "pick", "declarer": "Anna", "points": 70},
         {"Anna": 4, "Bene": -1, "Chris": -1, "Dora": -1, "Emil": -1}),
        ({}, pick(70, crack=True, recrack=True), five(8, 4, -4)),
        ({}, {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 25, "Dora": 30, "Emil": 35}},
         {"Anna": 4, "Bene": -1, "Chris": -1, "Dora": -1, "Emil": -1}),
    ],
    ids=["67", "96", "every-trick", "50-bump", "25-bump", "no-trick-off-the-hook", "alone-70",
         "crack-recrack-70", "leaster"],
)
def test_the_worked_examples_of_the_rules_pay_through_the_api(
    client: FlaskClient, rules: dict[str, Any], deal: dict[str, Any], expected: dict[str, int],
) -> None:
    body = {"rules": {"preset": "sheepshead", **rules}, "players": FIVE, "deals": [deal]}
    created = client.post("/api/lists", json=body)
    assert created.status_code == 201, created.get_json()
    stored = client.get(f"/api/lists/{created.get_json()['id']}").get_json()
    assert stored["deals"][0]["payouts"] == expected
    assert stored["totals"] == score_document(body)["totals"] == expected


def test_the_statistics_speak_sheepshead_after_cracks_and_a_leaster(client: FlaskClient) -> None:
    listing = client.post("/api/lists", json={"rules": {"preset": "sheepshead"}, "players": FIVE, "deals": [
        {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 67, "crack": True},
        {"game": "pick", "declarer": "Chris", "points": 70, "crack": True, "recrack": True},
        {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 5, "Emil": 55}},
    ]}).get_json()
    page = text(client.get(f"/l/{listing['id']}"))
    stats = page[page.index('class="sheet stats'):]
    stats = stats[:stats.index("</table>")]
    for words in ("Picks: won", "Picked alone: won", "Cracked or re-cracked: won", "Leasters and mosters won"):
        assert f'<th scope="row">{words}</th>' in stats, words
    for bavarian in ("Kontra", "Laufende", "Declared", "Alone against all", "all play alone"):
        assert bavarian not in stats, bavarian
    # Five play every deal: each played both cracked picks.
    assert stats.count(">2 of 2<") + stats.count(">1 of 2<") + stats.count(">0 of 2<") == 5
