"""The deal pages: enter a deal through the form, preview it, edit, delete, undo."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.web import services

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]


# -- helpers -----------------------------------------------------------------------


def hold_key(client: FlaskClient, listing: dict[str, Any]) -> None:
    """Let this phone hold the list's edit key, as opening the edit link does."""
    with client.session_transaction() as session:
        keys = dict(session.get("edit_keys", {}))
        keys[listing["id"]] = listing["edit_key"]
        session["edit_keys"] = keys


def make_list(client: FlaskClient, family: str, players: list[str], **rules: Any) -> dict[str, Any]:
    """Create a list through the API and hold its edit key."""
    response = client.post("/api/lists", json={"rules": {"preset": family, **rules}, "players": players})
    assert response.status_code == 201, response.get_json()
    listing = dict(response.get_json())
    hold_key(client, listing)
    return listing


@pytest.fixture
def editing(client: FlaskClient, created: dict[str, Any]) -> dict[str, Any]:
    """The Bavarian list of ``created``, its edit key held by this phone."""
    hold_key(client, created)
    return created


def document(client: FlaskClient, listing: dict[str, Any]) -> dict[str, Any]:
    """The list file with payouts and totals, from the API."""
    response = client.get(f"/api/lists/{listing['id']}")
    assert response.status_code == 200
    return dict(response.get_json())


def api_deal(client: FlaskClient, listing: dict[str, Any], deal: dict[str, Any]) -> None:
    """Add a deal through the API."""
    response = client.post(
        f"/api/lists/{listing['id']}/deals", json=deal,
        headers={"X-Edit-Key": listing["edit_key"]},
    )
    assert response.status_code == 201, response.get_json()


def new_deal(client: FlaskClient, listing: dict[str, Any], **fields: str) -> Any:
    """Post the deal form, with a one-time token unless one is given."""
    fields.setdefault("token", "token-" + "-".join(sorted(fields.values())))
    return client.post(f"/l/{listing['id']}/deals/new", data=fields)


def flashes(client: FlaskClient) -> list[str]:
    """The messages waiting for the next page."""
    with client.session_transaction() as session:
        return [message for _category, message in session.get("_flashes", [])]


def to_list(response: Any, listing: dict[str, Any]) -> bool:
    """Tell whether a response redirects to the list page."""
    return response.status_code == 302 and response.headers["Location"].endswith(f"/l/{listing['id']}")


def entered(deal: dict[str, Any]) -> dict[str, Any]:
    """A deal of the API's list file without what the app adds (number, payouts, ...)."""
    return {k: v for k, v in deal.items() if k not in ("number", "dealer", "payouts", "breakdown", "version")}


def between(html: str, start: str, end: str) -> str:
    """The part of a page from one marker to the next."""
    first = html.index(start)
    return html[first:html.index(end, first)]


def tied(line: str) -> str:
    """A breakdown's line as the pages write it, ``_`` standing for a no-break space (no wrap there)."""
    return line.replace("_", "\u00a0")


# -- entering a deal -------------------------------------------------------------------


def test_a_sauspiel_entered_through_the_form_is_stored_and_scored(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(client, editing, game="sauspiel", declarer="Anna", partner="Chris", points="72")
    assert to_list(response, editing)
    assert flashes(client) == ["Deal 1 saved."]
    deal = document(client, editing)["deals"][0]
    assert deal["payouts"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}
    assert entered(deal) == {
        "game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72,
    }


def test_from_the_edit_link_a_sauspiel_takes_new_deal_and_one_post(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    page = client.get(created["edit_url"], follow_redirects=True)
    assert page.status_code == 200
    new = f"/l/{created['id']}/deals/new"
    assert f'href="{new}"' in page.get_data(as_text=True)
    form = client.get(new).get_data(as_text=True)
    token = re.search(r'name="token" value="([^"]+)"', form)
    assert token
    listed = client.post(new, follow_redirects=True, data={
        "game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72",
        "token": token.group(1),
    })
    assert listed.status_code == 200
    assert "Deal 1 saved." in listed.get_data(as_text=True)
    assert document(client, created)["totals"]["Anna"] == 20


def test_the_form_offers_the_lists_games_and_players_as_big_buttons(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    html = client.get(f"/l/{editing['id']}/deals/new").get_data(as_text=True)
    for game, label in [("sauspiel", "Sauspiel"), ("wenz", "Wenz"), ("ramsch", "Ramsch")]:
        assert f'type="radio" name="game" value="{game}"' in html
        assert label in html
    for player in FOUR:
        assert f'name="declarer" value="{player}"' in html
        assert f'name="partner" value="{player}"' in html
    assert 'inputmode="numeric"' in html
    assert 'name="token" value="' in html
    assert 'name="csrf_token"' in html
    assert "Kontra" in html and "Laufende" in html
    assert 'name="bid"' not in html and 'name="forced"' not in html


def test_a_plain_sauspiel_needs_nothing_but_game_declarer_partner_and_points(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    html = client.get(f"/l/{editing['id']}/deals/new").get_data(as_text=True)
    assert " required" not in html
    response = client.post(
        f"/l/{editing['id']}/deals/new",
        data={"game": "sauspiel", "declarer": "Bene", "partner": "Dora", "points": "61"},
    )
    assert to_list(response, editing)
    assert len(document(client, editing)["deals"]) == 1


def test_the_pages_have_no_inline_script_or_style(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    for url in (f"/l/{editing['id']}/deals/new", f"/l/{editing['id']}/deals/1/edit",
                f"/l/{editing['id']}/deals/1/delete"):
        html = client.get(url).get_data(as_text=True)
        assert "style=" not in html
        assert " onclick" not in html.lower()
        assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html))
        assert "deal.css" in html


def test_a_solo_with_laufende_and_contra_ignores_the_partner_field(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(
        client, editing, game="solo", declarer="Anna", partner="Bene", points="80",
        laufende="4", contra="1", doubles="0", bid="70",
    )
    assert to_list(response, editing)
    deal = document(client, editing)["deals"][0]
    assert entered(deal) == {
        "game": "solo", "declarer": "Anna", "points": 80, "laufende": 4, "contra": True,
    }
    # (40 solo + 4 x 5 Laufende) x 2 for Kontra, from each of three.
    assert deal["payouts"] == {"Anna": 360, "Bene": -120, "Chris": -120, "Dora": -120}


def test_a_ramsch_fills_the_one_empty_player_to_make_120(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(
        client, editing, game="ramsch",
        **{"points.Anna": "30", "points.Bene": "40", "points.Chris": "20", "points.Dora": ""},
    )
    assert to_list(response, editing)
    deal = document(client, editing)["deals"][0]
    assert deal["points"] == {"Anna": 30, "Bene": 40, "Chris": 20, "Dora": 30}
    assert deal["payouts"] == {"Anna": 10, "Bene": -30, "Chris": 10, "Dora": 10}


def test_a_ramsch_with_two_empty_players_asks_for_them(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(client, editing, game="ramsch", **{"points.Anna": "30", "points.Bene": "40"})
    assert response.status_code == 200
    assert "one may stay empty" in response.get_data(as_text=True)
    assert document(client, editing)["deals"] == []


def test_the_defenders_points_switch_stores_the_declaring_sides_points(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(
        client, editing, game="sauspiel", declarer="Anna", partner="Chris", points="50", defenders="1",
    )
    assert to_list(response, editing)
    deal = document(client, editing)["deals"][0]
    assert deal["points"] == 70
    assert deal["payouts"]["Anna"] == 20


def test_130_points_show_the_message_at_the_points_field_and_keep_the_input(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(client, editing, game="sauspiel", declarer="Anna", partner="Chris", points="130")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    field = between(html, "data-points-label", 'id="points"')
    assert "more than the 120 in the pack" in field
    assert 'value="130"' in html
    assert 'value="sauspiel" checked' in html
    assert 'name="declarer" value="Anna" checked' in html
    assert document(client, editing)["deals"] == []


def test_an_engine_error_shows_next_to_the_field_it_names(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(client, editing, game="sauspiel", declarer="Anna", partner="Anna", points="70")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "the partner holds the called ace" in between(html, "<legend>Partner", "</fieldset>")
    assert document(client, editing)["deals"] == []


def test_missing_declarer_and_partner_are_asked_for(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(client, editing, game="sauspiel", points="70")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Tap the declarer" in between(html, "<legend>Declarer", "</fieldset>")
    assert "Tap the partner" in between(html, "<legend>Partner", "</fieldset>")


def test_no_game_chosen_is_an_error_at_the_games(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(client, editing, declarer="Anna", points="70")
    assert response.status_code == 200
    assert "Choose a game." in between(response.get_data(as_text=True), "<legend>Game", "</fieldset>")


def test_the_same_one_time_token_twice_stores_one_deal(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    fields = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72", "token": "once"}
    assert to_list(client.post(f"/l/{editing['id']}/deals/new", data=fields), editing)
    assert to_list(client.post(f"/l/{editing['id']}/deals/new", data=fields), editing)
    assert len(document(client, editing)["deals"]) == 1
    assert flashes(client) == ["Deal 1 saved.", "Deal 1 was saved already."]


def test_each_form_gets_its_own_token(client: FlaskClient, editing: dict[str, Any]) -> None:
    pattern = r'name="token" value="([^"]+)"'
    first = re.search(pattern, client.get(f"/l/{editing['id']}/deals/new").get_data(as_text=True))
    second = re.search(pattern, client.get(f"/l/{editing['id']}/deals/new").get_data(as_text=True))
    assert first and second and first.group(1) != second.group(1)


def test_with_five_players_the_sitting_out_dealer_is_not_offered(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FIVE)
    html = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert 'name="declarer" value="Emil" disabled' in html
    assert 'name="partner" value="Emil" disabled' in html
    assert 'name="declarer" value="Anna">' in html
    assert "sits out" in html
    assert 'name="points.Emil"' not in html
    response = new_deal(client, listing, game="sauspiel", declarer="Emil", partner="Anna", points="70")
    assert response.status_code == 200
    assert "Emil deals and sits out this deal" in between(
        response.get_data(as_text=True), "<legend>Declarer", "</fieldset>"
    )
    assert document(client, listing)["deals"] == []


def test_the_csrf_token_is_needed_and_the_rendered_one_works(
    app: Flask, client: FlaskClient, editing: dict[str, Any]
) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    html = client.get(f"/l/{editing['id']}/deals/new").get_data(as_text=True)
    fields = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72"}
    assert client.post(f"/l/{editing['id']}/deals/new", data=fields).status_code == 400
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert token
    response = client.post(f"/l/{editing['id']}/deals/new", data={**fields, "csrf_token": token.group(1)})
    assert to_list(response, editing)


# -- the preview -----------------------------------------------------------------------------


def test_the_preview_answers_payouts_and_stores_nothing(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = client.post(
        f"/l/{editing['id']}/deals/preview",
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "72", "token": "t"},
    )
    assert response.status_code == 200
    assert response.get_json() == {
        "payouts": {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}, "dealer": "Dora",
        "explained": tied("Sauspiel_20_each"),
    }
    assert document(client, editing)["deals"] == []


FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SOLO_FIELDS = {"game": "solo", "declarer": "Chris", "points": "80", "token": "t"}


@pytest.mark.parametrize(
    ("waiting", "sits_out"),
    [
        ([], "Emil"),  # nothing waits: the server's dealer, Emil, deals deal 1
        ([{"game": "passed"}], "Anna"),  # Emil deals the waiting deal 1, Anna deal 2
        ([{"game": "passed"}, {"game": "passed"}], "Bene"),
        # A waiting deal the server will refuse (Emil deals it and cannot declare): the deal
        # still moves on a seat, as the phone shows it.
        ([{"game": "solo", "declarer": "Emil", "points": 80}], "Anna"),
        ("not a list of deals", "Emil"),
    ],
)
def test_the_preview_scores_the_new_deal_after_the_deals_waiting_on_the_phone(
    client: FlaskClient, waiting: Any, sits_out: str,
) -> None:
    listing = make_list(client, "bavarian", FIVE)
    sent = waiting if isinstance(waiting, str) else json.dumps(waiting)
    fields = {**SOLO_FIELDS, "waiting": sent} if waiting else SOLO_FIELDS
    answer = client.post(f"/l/{listing['id']}/deals/preview", data=fields).get_json()
    assert answer["dealer"] == sits_out and answer["payouts"][sits_out] == 0
    assert [who for who, amount in answer["payouts"].items() if amount == 0] == [sits_out]
    assert document(client, listing)["deals"] == []


def test_the_preview_after_waiting_deals_takes_the_pot_they_leave(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR, stock={"pay": 10, "won_by": "any"})
    alone = client.post(f"/l/{listing['id']}/deals/preview", data=SOLO_FIELDS).get_json()
    after = client.post(f"/l/{listing['id']}/deals/preview",
                        data={**SOLO_FIELDS, "waiting": json.dumps([{"game": "passed"}])}).get_json()
    # The hand thrown in put 10 from each into the pot: the won Solo takes it.
    assert after["payouts"]["Chris"] == alone["payouts"]["Chris"] + 40


def test_the_preview_after_waiting_deals_pays_what_storing_them_will(client: FlaskClient) -> None:
    # Two deals stored; Emil joins from deal 3, the one waiting on the phone.
    stored = {"game": "solo", "declarer": "Bene", "points": 75}
    response = client.post("/api/lists", json={
        "rules": {"preset": "bavarian"}, "players": FOUR, "deals": [stored, stored],
        "changes": [{"from": 3, "players": FIVE}],
    })
    assert response.status_code == 201, response.get_json()
    listing = dict(response.get_json())
    hold_key(client, listing)
    waiting = [{"game": "passed"}]
    answer = client.post(f"/l/{listing['id']}/deals/preview",
                         data={**SOLO_FIELDS, "declarer": "Anna", "waiting": json.dumps(waiting)}).get_json()
    # Bene deals the waiting deal, the first with five at the table: Chris deals this one and sits out.
    assert answer["dealer"] == "Chris" and set(answer["payouts"]) == set(FIVE) and answer["payouts"]["Chris"] == 0
    assert document(client, listing)["deals"][-1]["game"] == "solo"  # nothing stored by the preview
    for deal in [*waiting, {"game": "solo", "declarer": "Anna", "points": 80}]:
        added = client.post(f"/api/lists/{listing['id']}/deals", json=deal,
                            headers={"X-Edit-Key": listing["edit_key"]})
        assert added.status_code == 201, added.get_json()
    last = document(client, listing)["deals"][-1]
    assert (last["dealer"], last["payouts"]) == (answer["dealer"], answer["payouts"])


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "130"},
         "points", "more than the 120"),
        ({"declarer": "Anna"}, "game", "Choose a game"),
        ({"game": "sauspiel", "declarer": "Anna", "points": "70"}, "partner", "partner"),
        ({"game": "wenz", "declarer": "Anna", "points": "70", "laufende": "5"},
         "laufende", "only 4 trumps"),
        ({"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "70", "re": "1"},
         "re", "nobody said contra"),
    ],
)
def test_the_preview_answers_errors_with_the_field(
    client: FlaskClient, editing: dict[str, Any], fields: dict[str, str], field: str, words: str
) -> None:
    response = client.post(f"/l/{editing['id']}/deals/preview", data=fields)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["field"] == field
    assert words in answer["error"]
    assert document(client, editing)["deals"] == []


def test_the_preview_of_an_edit_replaces_that_deal(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Bene", "partner": "Dora", "points": 72})
    response = client.post(
        f"/l/{editing['id']}/deals/preview?number=1",
        data={"game": "wenz", "declarer": "Anna", "points": "70"},
    )
    assert response.get_json() == {
        "payouts": {"Anna": 120, "Bene": -40, "Chris": -40, "Dora": -40}, "dealer": "Dora",
        "explained": tied("Wenz_40 · Declarer_×3 = +120"),
    }
    assert len(document(client, editing)["deals"]) == 2


def test_the_preview_button_without_script_shows_the_payouts(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    response = new_deal(
        client, editing, game="sauspiel", declarer="Anna", partner="Chris", points="72", action="preview",
    )
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'data-payout="Anna" class="plus">+20</dd>' in html
    assert 'data-payout="Bene" class="minus">−20</dd>' in html
    assert document(client, editing)["deals"] == []


# -- edit, delete, undo -------------------------------------------------------------------------


def test_editing_a_deal_prefills_it_and_changes_the_totals(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    html = client.get(f"/l/{editing['id']}/deals/1/edit").get_data(as_text=True)
    assert 'value="sauspiel" checked' in html
    assert 'name="declarer" value="Anna" checked' in html
    assert 'name="partner" value="Chris" checked' in html
    assert 'value="72"' in html
    version = re.search(r'name="version" value="(\d+)"', html)
    assert version
    response = client.post(
        f"/l/{editing['id']}/deals/1/edit",
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "50",
              "version": version.group(1)},
    )
    assert to_list(response, editing)
    assert flashes(client) == ["Deal 1 changed."]
    assert document(client, editing)["totals"] == {"Anna": -20, "Bene": 20, "Chris": -20, "Dora": 20}


def test_an_edit_of_a_deal_another_phone_changed_meanwhile_is_refused_not_saved(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    html = client.get(f"/l/{editing['id']}/deals/1/edit").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    other_phone = client.put(
        f"/api/lists/{editing['id']}/deals/1", headers={"X-Edit-Key": editing["edit_key"]},
        json={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 95},
    )
    assert other_phone.status_code == 200
    response = client.post(
        f"/l/{editing['id']}/deals/1/edit",
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "30",
              "version": version},
    )
    assert to_list(response, editing)
    assert "changed this list meanwhile" in " ".join(flashes(client))
    assert document(client, editing)["deals"][0]["points"] == 95


def test_an_edit_with_an_error_keeps_the_deal_and_the_input(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    response = client.post(
        f"/l/{editing['id']}/deals/1/edit",
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "121"},
    )
    assert response.status_code == 200
    assert 'value="121"' in response.get_data(as_text=True)
    assert document(client, editing)["deals"][0]["points"] == 72


def test_editing_a_deal_that_is_not_there_is_a_404(
    client: FlaskClient, editing: dict[str, Any]
) -> None:
    assert client.get(f"/l/{editing['id']}/deals/3/edit").status_code == 404
    assert client.get("/l/no-such-list/deals/new").status_code == 404


def test_deleting_asks_first_then_deletes(client: FlaskClient, editing: dict[str, Any]) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    page = client.get(f"/l/{editing['id']}/deals/1/delete")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Delete deal 1?" in html
    assert "Sauspiel · Anna with Chris · 72 points" in html
    assert 'method="post"' in html
    assert len(document(client, editing)["deals"]) == 1
    response = client.post(f"/l/{editing['id']}/deals/1/delete")
    assert to_list(response, editing)
    assert flashes(client) == ["Deal 1 deleted."]
    assert document(client, editing)["deals"] == []


def test_undo_removes_the_last_deal(client: FlaskClient, editing: dict[str, Any]) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    api_deal(client, editing, {"game": "wenz", "declarer": "Bene", "points": 80})
    response = client.post(f"/l/{editing['id']}/undo")
    assert to_list(response, editing)
    assert flashes(client) == ["Deal 2 undone."]
    deals = document(client, editing)["deals"]
    assert [d["game"] for d in deals] == ["sauspiel"]


def test_undo_with_no_deal_says_so(client: FlaskClient, editing: dict[str, Any]) -> None:
    response = client.post(f"/l/{editing['id']}/undo")
    assert to_list(response, editing)
    assert flashes(client) == ["There is no deal to undo."]


def test_a_phone_without_the_key_gets_403_on_every_changing_route(
    app: Flask, created: dict[str, Any]
) -> None:
    owner = app.test_client()
    api_deal(owner, created, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    stranger = app.test_client()
    base = f"/l/{created['id']}"
    deal = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "50"}
    assert stranger.get(f"{base}/deals/new").status_code == 403
    assert stranger.post(f"{base}/deals/new", data=deal).status_code == 403
    assert stranger.post(f"{base}/deals/preview", data=deal).status_code == 403
    assert stranger.get(f"{base}/deals/1/edit").status_code == 403
    assert stranger.post(f"{base}/deals/1/edit", data=deal).status_code == 403
    assert stranger.get(f"{base}/deals/1/delete").status_code == 403
    assert stranger.post(f"{base}/deals/1/delete").status_code == 403
    assert stranger.post(f"{base}/undo").status_code == 403
    deals = document(owner, created)["deals"]
    assert len(deals) == 1 and deals[0]["points"] == 72


def test_a_finished_list_sends_changes_back_to_the_list(
    app: Flask, client: FlaskClient, editing: dict[str, Any]
) -> None:
    api_deal(client, editing, {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72})
    with app.app_context():
        services.finish(services.get_list(editing["id"]))
    assert to_list(client.get(f"/l/{editing['id']}/deals/new"), editing)
    response = new_deal(client, editing, game="sauspiel", declarer="Anna", partner="Chris", points="72")
    assert to_list(response, editing)
    assert to_list(client.post(f"/l/{editing['id']}/undo"), editing)
    assert to_list(client.post(f"/l/{editing['id']}/deals/1/delete"), editing)
    assert "This list is finished. Reopen it to change it." in flashes(client)
    assert len(document(client, editing)["deals"]) == 1


# -- the other families ------------------------------------------------------------------------------


def test_a_sheepshead3_least_fills_the_last_player_and_names_a_tied_winner(client: FlaskClient) -> None:
    listing = make_list(client, "sheepshead3", ["Anna", "Bene", "Chris"])
    html = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert 'value="pick"' in html and 'value="least"' in html
    assert 'name="schwarz"' in html
    assert 'name="partner"' not in html and 'name="contra"' not in html and 'name="laufende"' not in html

    response = new_deal(client, listing, game="least", **{"points.Anna": "10", "points.Bene": "50"})
    assert to_list(response, listing)
    deal = document(client, listing)["deals"][0]
    assert deal["points"] == {"Anna": 10, "Bene": 50, "Chris": 60}
    assert deal["payouts"] == {"Anna": 4, "Bene": -2, "Chris": -2}

    tied = {"points.Anna": "30", "points.Bene": "30", "points.Chris": "60"}
    response = new_deal(client, listing, game="least", **tied)
    assert response.status_code == 200
    assert "tie for the fewest" in between(response.get_data(as_text=True), "who wins?", "</fieldset>")
    assert to_list(new_deal(client, listing, game="least", winner="Bene", **tied), listing)
    assert document(client, listing)["deals"][1]["payouts"]["Bene"] == 4


def test_a_german_forced_game_is_entered_without_a_partner(client: FlaskClient) -> None:
    listing = make_list(client, "german", FOUR)
    html = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert 'value="normal"' in html and 'name="forced"' in html
    assert 'name="partner"' not in html and 'value="solo"' not in html
    response = new_deal(client, listing, game="normal", declarer="Anna", points="50", forced="1")
    assert to_list(response, listing)
    deal = document(client, listing)["deals"][0]
    assert deal["forced"] is True
    # A forced game lost costs one game point, not two.
    assert deal["payouts"] == {"Anna": -10, "Bene": 10, "Chris": -10, "Dora": 10}


def test_a_german_list_with_solo_offers_the_solo(client: FlaskClient) -> None:
    listing = make_list(client, "german", FOUR, solo=True)
    html = client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert 'name="game" value="solo"' in html
    response = new_deal(client, listing, game="solo", declarer="Bene", points="70")
    assert to_list(response, listing)
    assert document(client, listing)["deals"][0]["payouts"]["Bene"] == 30


def test_bavarian3_offers_bid_hand_and_tout_and_contra_only_by_house_rule(client: FlaskClient) -> None:
    plain = make_list(client, "bavarian3", ["Anna", "Bene", "Chris"])
    html = client.get(f"/l/{plain['id']}/deals/new").get_data(as_text=True)
    assert 'name="bid"' in html and 'name="hand"' in html and 'name="tout"' in html
    assert 'name="contra"' not in html and 'name="laufende"' not in html
    assert 'name="doubles"' not in html and 'name="partner"' not in html
    response = new_deal(client, plain, game="solo", declarer="Anna", points="72", bid="70", hand="1", contra="1")
    assert to_list(response, plain)
    deal = document(client, plain)["deals"][0]
    assert deal["bid"] == 70 and deal["hand"] is True and "contra" not in deal

    ruled = make_list(client, "bavarian3", ["Anna", "Bene", "Chris"], contra=True, laufende=True)
    html = client.get(f"/l/{ruled['id']}/deals/new").get_data(as_text=True)
    assert 'name="contra"' in html and 'name="laufende"' in html
