"""At the table without scripts: undo from the message, deleting a played
deal, errors in sight, a shorter new-list form, a share page that tells the links apart."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.web import services
from tests.web.test_deal_pages import api_deal, document, flashes, make_list, new_deal, to_list

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}


def page_of(client: FlaskClient, path: str) -> str:
    """A page's HTML, entities resolved."""
    response = client.get(path)
    assert response.status_code == 200, path
    return html.unescape(response.get_data(as_text=True))


def undo_button(page: str) -> tuple[str, dict[str, str], str]:
    """The button a message carries: where its form posts, what it sends, its label."""
    found = re.search(r'<div class="flash flash-undo">(.*?)</div>', page, re.S)
    assert found, "no message with a button on the page"
    box = found.group(1)
    action = re.search(r'<form method="post" action="([^"]+)"', box)
    label = re.search(r"<button[^>]*>([^<]+)</button>", box)
    assert action and label
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', box))
    assert "csrf_token" in fields, "the button's form carries the CSRF token"
    fields.pop("csrf_token")
    return action.group(1), fields, label.group(1).strip()


def dealers(client: FlaskClient, listing: dict[str, Any]) -> list[str]:
    """Each kept deal's dealer, from the API."""
    return [deal["dealer"] for deal in document(client, listing)["deals"]]


# -- 5: undo from the message ---------------------------------------------------------------


def test_a_saved_deal_s_message_undoes_it_and_the_next_message_brings_it_back(
    client: FlaskClient,
) -> None:
    listing = make_list(client, "bavarian", FOUR)
    response = new_deal(client, listing, game="sauspiel", declarer="Anna", partner="Chris", points="72")
    assert to_list(response, listing)
    page = page_of(client, f"/l/{listing['id']}")
    assert '<p role="status">Deal 1 saved.</p>' in page
    action, fields, label = undo_button(page)
    assert (action, label) == (f"/l/{listing['id']}/undo", "Undo")
    # The message shows once; the page after it is the plain list again.
    assert "flash-undo" not in page_of(client, f"/l/{listing['id']}")

    assert to_list(client.post(action, data=fields), listing)
    assert document(client, listing)["deals"] == []
    page = page_of(client, f"/l/{listing['id']}")
    assert '<p role="status">Deal 1 undone.</p>' in page
    action, fields, label = undo_button(page)
    assert label == "Restore" and action.endswith("/restore")

    assert to_list(client.post(action, data=fields), listing)
    deals = document(client, listing)["deals"]
    assert [d["payouts"] for d in deals] == [{"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}]


def test_undo_last_deal_is_undone_by_the_button_of_its_message(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    api_deal(client, listing, SAUSPIEL)
    api_deal(client, listing, {"game": "wenz", "declarer": "Bene", "points": 80})
    page = page_of(client, f"/l/{listing['id']}")
    last = re.search(r'name="last" value="(\d+)"', page)
    assert last
    client.post(f"/l/{listing['id']}/undo", data={"last": last.group(1)})
    assert [d["game"] for d in document(client, listing)["deals"]] == ["sauspiel"]
    action, fields, label = undo_button(page_of(client, f"/l/{listing['id']}"))
    assert label == "Restore"
    client.post(action, data=fields)
    assert [d["game"] for d in document(client, listing)["deals"]] == ["sauspiel", "wenz"]


def test_a_fetch_in_the_background_leaves_the_message_of_an_undo_to_the_page_that_shows_it(
    client: FlaskClient,
) -> None:
    # The service worker keeping the list and its new-deal form, or the list page following
    # other phones, may be answered between the Undo and the page it leads to.
    listing = make_list(client, "bavarian", FOUR)
    api_deal(client, listing, SAUSPIEL)
    api_deal(client, listing, {"game": "wenz", "declarer": "Bene", "points": 80})
    quiet = {"X-Scorer-Background": "1"}
    client.post(f"/l/{listing['id']}/undo", data={"last": "2"})
    for path in (f"/l/{listing['id']}/deals/new", f"/l/{listing['id']}"):
        answer = client.get(path, headers=quiet)
        assert answer.status_code == 200
        assert "Deal 2 undone." not in answer.get_data(as_text=True)
    page = page_of(client, f"/l/{listing['id']}")
    assert '<p role="status">Deal 2 undone.</p>' in page
    action, fields, label = undo_button(page)
    assert label == "Restore"
    # A fetch without the header takes the message, and it is shown once.
    client.post(action, data=fields)
    assert "The deal is back in the list." in client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True)
    assert "The deal is back" not in page_of(client, f"/l/{listing['id']}")


def test_a_deleted_deal_s_message_puts_it_back_in_its_place(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    for deal in (SAUSPIEL, {"game": "wenz", "declarer": "Bene", "points": 80}, SAUSPIEL):
        api_deal(client, listing, deal)
    client.post(f"/l/{listing['id']}/deals/3/delete")
    page_of(client, f"/l/{listing['id']}")  # its message is read
    client.post(f"/l/{listing['id']}/deals/2/delete")
    assert [d["game"] for d in document(client, listing)["deals"]] == ["sauspiel"]
    page = page_of(client, f"/l/{listing['id']}")
    assert '<p role="status">Deal 2 deleted.</p>' in page
    action, fields, label = undo_button(page)
    assert label == "Undo"
    client.post(action, data=fields)
    assert [d["game"] for d in document(client, listing)["deals"]] == ["sauspiel", "wenz"]


def test_the_deleted_deals_panel_has_a_heading_and_says_what_restore_does(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    api_deal(client, listing, SAUSPIEL)
    client.post(f"/l/{listing['id']}/deals/1/delete")
    page = page_of(client, f"/l/{listing['id']}")
    panel = page[page.index('<details class="card deleted">'):]
    assert re.search(r"<summary><h2>1 deleted deal</h2></summary>", panel)
    assert "Restore puts a deal back in its place" in panel


# -- 6: deleting a deal in the middle -------------------------------------------------------


def _evening(client: FlaskClient) -> dict[str, Any]:
    """Four players, five deals: Dora deals first, then Anna, Bene, Chris, Dora."""
    listing = make_list(client, "bavarian", FOUR)
    for declarer in ("Anna", "Bene", "Chris", "Dora", "Anna"):
        api_deal(client, listing, {"game": "wenz", "declarer": declarer, "points": 70})
    assert dealers(client, listing) == ["Dora", "Anna", "Bene", "Chris", "Dora"]
    return listing


def test_the_delete_page_asks_why_a_deal_in_the_middle_goes_and_says_what_each_answer_does(
    client: FlaskClient,
) -> None:
    listing = _evening(client)
    page = page_of(client, f"/l/{listing['id']}/deals/2/delete")
    assert "It was played (the cards went round): deal 3 keeps Bene as its dealer" in page
    assert "the dealers after it move back one seat (Anna deals deal 3)" in page
    assert 'name="dealers" value="keep"' in page and 'name="dealers" value="follow"' in page
    # The last deal has no deal after it: nothing to ask.
    page = page_of(client, f"/l/{listing['id']}/deals/5/delete")
    assert 'name="dealers"' not in page and "Delete deal 5" in page


def test_a_played_deal_deleted_leaves_every_later_dealer_where_it_was(client: FlaskClient) -> None:
    listing = _evening(client)
    page = page_of(client, f"/l/{listing['id']}/deals/2/delete")
    deal_id = re.search(r'name="deal" value="(\d+)"', page)
    assert deal_id
    response = client.post(f"/l/{listing['id']}/deals/2/delete",
                           data={"deal": deal_id.group(1), "dealers": "keep"})
    assert to_list(response, listing)
    assert flashes(client) == ["Deal 2 deleted. The deals after it keep their dealers."]
    assert dealers(client, listing) == ["Dora", "Bene", "Chris", "Dora"]
    # The deal after it names its dealer now; the ones after follow the rotation as before.
    deals = document(client, listing)["deals"]
    assert deals[1]["dealer"] == "Bene" and deals[1]["declarer"] == "Chris"
    # The next deal is dealt by whoever would have dealt it.
    assert client.get(f"/l/{listing['id']}/deals/new").get_data(as_text=True).count("Dealer: Anna") == 1


def test_a_mistaken_deal_deleted_moves_the_later_dealers_back(client: FlaskClient) -> None:
    listing = _evening(client)
    client.post(f"/l/{listing['id']}/deals/2/delete", data={"dealers": "follow"})
    assert flashes(client) == ["Deal 2 deleted."]
    assert dealers(client, listing) == ["Dora", "Anna", "Bene", "Chris"]


def test_restoring_a_played_deal_gives_back_the_same_dealers_and_totals(client: FlaskClient) -> None:
    listing = _evening(client)
    before = document(client, listing)
    client.post(f"/l/{listing['id']}/deals/3/delete", data={"dealers": "keep"})
    action, fields, _label = undo_button(page_of(client, f"/l/{listing['id']}"))
    client.post(action, data=fields)
    after = document(client, listing)
    assert [d["dealer"] for d in after["deals"]] == [d["dealer"] for d in before["deals"]]
    assert after["totals"] == before["totals"]


def test_with_five_players_the_one_sitting_out_stays_the_one_who_dealt(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FIVE)
    for declarer in ("Anna", "Bene", "Chris", "Dora"):
        api_deal(client, listing, {"game": "wenz", "declarer": declarer, "points": 70})
    before = document(client, listing)["deals"]
    client.post(f"/l/{listing['id']}/deals/1/delete", data={"dealers": "keep"})
    after = document(client, listing)["deals"]
    assert [(d["dealer"], d["payouts"]) for d in after] == [(d["dealer"], d["payouts"]) for d in before[1:]]


def test_the_api_delete_keeps_its_contract_and_keeps_dealers_only_when_asked(client: FlaskClient) -> None:
    listing = _evening(client)
    key = {"X-Edit-Key": listing["edit_key"]}
    assert client.delete(f"/api/lists/{listing['id']}/deals/2", headers=key).status_code == 204
    assert dealers(client, listing) == ["Dora", "Anna", "Bene", "Chris"]
    stored = document(client, listing)["deals"]
    assert client.delete(f"/api/lists/{listing['id']}/deals/2?keep_dealers=1", headers=key).status_code == 204
    assert dealers(client, listing) == ["Dora", "Bene", "Chris"]
    assert [d["payouts"] for d in document(client, listing)["deals"]] == [
        stored[0]["payouts"], *[d["payouts"] for d in stored[2:]]]


def test_a_kept_dealer_is_written_into_the_deal_after_it(app: Flask, client: FlaskClient) -> None:
    listing = _evening(client)
    client.post(f"/l/{listing['id']}/deals/2/delete", data={"dealers": "keep"})
    with app.app_context():
        row = services.get_list(listing["id"])
        kept = services.kept_deals(row)
        assert kept[1].data["dealer"] == "Bene" and kept[1].named_dealer == "Bene"
        assert kept[1].version == 2
        assert all(d.named_dealer is None for d in kept[2:])


# -- 9: a refused save in sight ---------------------------------------------------------------


def test_a_refused_save_lists_its_errors_at_the_top_each_linked_to_its_field(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    response = new_deal(client, listing, game="sauspiel", declarer="Anna", points="130")
    assert response.status_code == 200
    page = html.unescape(response.get_data(as_text=True))
    summary = page.index('id="deal-errors"')
    assert summary < page.index("<form method=\"post\" class=\"deal-form\"")
    links = dict((name, text) for name, text in re.findall(
        r'<a href="#([\w-]+)" data-error-link>([^<]+)</a>', page[summary:]))
    assert set(links) == {"field-partner", "field-points"}, links
    assert "130 is more than the 120 in the pack" in links["field-points"]
    for anchor in links:
        assert f'id="{anchor}"' in page
    assert document(client, listing)["deals"] == []


def test_the_preview_shows_in_one_line_beside_save_without_scripts(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    response = new_deal(client, listing, action="preview", **{k: str(v) for k, v in SAUSPIEL.items()})
    page = html.unescape(response.get_data(as_text=True))
    bar = page[page.index('<div class="deal-actions">'):]
    bar = bar[:bar.index("</div>")]
    cells = re.findall(r'data-line-payout="(\w+)"><span class="who">\w+</span> <b>([^<]+)</b>', bar)
    assert cells == [("Anna", "+20"), ("Bene", "\u221220"), ("Chris", "+20"), ("Dora", "\u221220")]
    assert bar.index("data-preview-line") < bar.index(">Save<")


# -- 13: the new-list form --------------------------------------------------------------------


def save(client: FlaskClient, name: str, rules: dict[str, Any], players: list[str]) -> None:
    """Save a list's rules as house rules of this phone, through the saved house rules page."""
    made = client.post("/api/lists", json={"rules": rules, "players": players}).get_json()
    client.get(made["edit_url"])
    answer = client.post("/presets", data={"action": "save", "list_id": made["id"], "name": name},
                         follow_redirects=True)  # the page after shows, and so clears, the message
    assert answer.status_code == 200 and f"house rules {name}" in answer.get_data(as_text=True)


def test_the_new_list_form_offers_only_the_family_s_own_saved_presets(app: Flask, client: FlaskClient) -> None:
    # Saved by this phone, as the saved house rules page does: they belong to the phone that saved them.
    save(client, "Stammtisch Bock", {"preset": "bavarian", "bock": {}}, FOUR)
    save(client, "Wisconsin club", {"preset": "sheepshead"}, FOUR + ["Emil"])
    bavarian = page_of(client, "/new?family=bavarian")
    sheepshead = page_of(client, "/new?family=sheepshead")
    assert "Stammtisch Bock" in bavarian and "Wisconsin club" not in bavarian
    assert "Wisconsin club" in sheepshead and "Stammtisch Bock" not in sheepshead


def test_after_how_many_has_a_hint_for_each_end_the_family_offers(client: FlaskClient) -> None:
    hints = {
        family: dict(re.findall(r'data-end-hint="(\w+)">([^<]+)</p>', page_of(client, f"/new?family={family}")))
        for family in ("bavarian", "sheepshead3", "german")
    }
    assert set(hints["bavarian"]) == {"open", "deals"}
    assert set(hints["sheepshead3"]) == {"open", "deals", "classic"}
    assert set(hints["german"]) == {"open", "deals", "heads"}
    assert "classic tally reaches" in hints["sheepshead3"]["classic"]
    assert "multiple of the number of players" not in hints["sheepshead3"]["classic"]


def test_the_tariffs_are_folded_on_the_new_list_form(client: FlaskClient) -> None:
    page = page_of(client, "/new?family=bavarian")
    assert re.search(r'<details class="section folded"><summary><h3>Tariffs \(points\)</h3>', page)


# -- 14: the share page -----------------------------------------------------------------------


def test_the_edit_link_is_folded_under_a_warning_and_its_code_is_red(client: FlaskClient) -> None:
    listing = make_list(client, "bavarian", FOUR)
    page = page_of(client, f"/l/{listing['id']}/share")
    view = page[page.index('<section class="card share">'):page.index("</section>")]
    assert "link=view" in view and "key=" not in view and "data-copy=" in view
    edit = page[page.index('<details class="card share share-edit">'):page.index("</details>")]
    assert "<details" in edit and " open" not in edit.split(">")[0]
    assert "can enter, change and delete deals" in edit
    assert "qr.svg?link=edit" in edit and 'class="qr qr-edit"' in edit and "key=" in edit
    red = client.get(f"/l/{listing['id']}/qr.svg?link=edit").get_data(as_text=True)
    black = client.get(f"/l/{listing['id']}/qr.svg?link=view").get_data(as_text=True)
    assert "#a3262a" in red and "#a3262a" not in black
    # No script in the page itself: the buttons come from static/share.js.
    assert "<script>" not in page and "share.js" in page
