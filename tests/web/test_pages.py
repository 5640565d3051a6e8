"""The list pages: home, new list, the list, settle, share, export, import, presets."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine.families import bavarian
from scorer.web import services
from scorer.web.extensions import db
from scorer.web.models import SavedHouseRulesRow, ScoreListRow
from tests.web.conftest import deal_rows, migrated_app

FOUR = ["Anna", "Bene", "Chris", "Dora"]
DEALS = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    {"game": "solo", "declarer": "Bene", "points": 95, "laufende": 3},
    {"game": "wenz", "declarer": "Chris", "points": 40},
    {"game": "passed"},
]


def create(client: FlaskClient, deals: list[dict[str, Any]] | None = None,
           **document: Any) -> dict[str, Any]:
    """A list made through the JSON API; the test client does not hold its key."""
    body = {"rules": {"preset": "bavarian"}, "players": list(FOUR), **document}
    if deals is not None:
        body["deals"] = deals
    response = client.post("/api/lists", json=body)
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def text(response: Any) -> str:
    """The page as text."""
    return response.get_data(as_text=True)


def csv_text(response: Any) -> str:
    """A CSV download as text, without the byte order mark spreadsheet programs look for."""
    return response.get_data().decode("utf-8-sig")


def list_count(app: Flask) -> int:
    with app.app_context():
        return db.session.query(ScoreListRow).count()


def edit_keys(client: FlaskClient) -> dict[str, str]:
    with client.session_transaction() as sess:
        return dict(sess.get("edit_keys", {}))


def bavarian_form(**fields: Any) -> dict[str, Any]:
    """The new-list form for four Bavarian players with the defaults."""
    form = {
        "family": "bavarian", "title": "Friday", "first_dealer": "",
        "player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora",
        "player_5": "", "ends_kind": "deals", "ends_count": "32",
        # The tariffs and Laufende of the games a new list plays (the house games' left empty).
        **{f"tariff_{name}": str(units) for name, units in bavarian.SEED_TARIFFS.items()},
        **{f"laufende_from_{name}": str(count) for name, count in bavarian.LAUFENDE_FROM.items()
           if bavarian.GAMES[name].seed},
        "schneider_loss_max": "30", "durchmarsch": "90", "virgin": "own",
        "games": [name for name, game in bavarian.GAMES.items() if game.seed and name != "passed"],
        "point_value": "5",
    }
    form.update(fields)
    return form


def form_defaults(client: FlaskClient, family: str) -> dict[str, Any]:
    """Read the new-list page's own fields and values, as a browser would send them."""
    page = text(client.get(f"/new?family={family}"))
    form: dict[str, Any] = {"games": []}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        if not name:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            if "checked" in tag:  # a browser sends each ticked box's value
                form.setdefault(name.group(1), []).append(value.group(1) if value else "on")
        else:
            form[name.group(1)] = value.group(1) if value else ""
    for select in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option selected value="([^"]*)"|<option value="([^"]*)" selected', select[1])
        first = re.search(r'<option[^>]*value="([^"]*)"', select[1])
        form[select[0]] = (chosen.group(1) or chosen.group(2)) if chosen else first.group(1)
    return form


# -- home ------------------------------------------------------------------------------


def test_home_lists_an_open_list_with_its_players_and_next_deal(client: FlaskClient) -> None:
    made = create(client, deals=DEALS[:2], title="Stammtisch")
    client.get(made["url"])
    page = text(client.get("/"))
    assert "Stammtisch" in page
    assert "Anna, Bene, Chris, Dora" in page
    assert "deal 3" in page
    assert f'/l/{made["id"]}' in page
    assert "/new" in page and "/import" in page


def test_home_shows_finished_lists_apart(client: FlaskClient) -> None:
    made = create(client, title="Last week")
    client.get(made["edit_url"])
    client.post(f'/l/{made["id"]}/finish')
    page = text(client.get("/"))
    assert "Finished lists" in page
    assert page.index("Last week") > page.index("Finished lists")


def test_home_shows_a_phone_only_the_lists_it_knows(app: Flask, client: FlaskClient) -> None:
    mine = create(client, title="Our table")
    other = create(app.test_client(), title="Another table")
    client.get(mine["edit_url"])
    page = text(client.get("/"))
    assert "Our table" in page
    assert "Another table" not in page and other["id"] not in page
    stranger = text(app.test_client().get("/"))
    assert "Our table" not in stranger and "Another table" not in stranger
    assert "Anna" not in text(app.test_client().get("/new"))


def test_the_csv_never_hands_a_spreadsheet_a_formula(client: FlaskClient) -> None:
    made = create(client, players=["=1+1", "Bene", "@SUM(A1)", "Dora"],
                  deals=[{"game": "solo", "declarer": "=1+1", "points": 70}])
    rows = list(csv.reader(io.StringIO(csv_text(client.get(f'/l/{made["id"]}/export.csv')))))
    assert rows[0][-4:] == ["'=1+1", "Bene", "'@SUM(A1)", "Dora"]
    declarer = rows[0].index("Declarer")
    assert rows[1][declarer] == "'=1+1" and rows[1][-4:] == ["120", "-40", "-40", "-40"]


# -- new list ----------------------------------------------------------------------------


def test_new_list_shows_the_family_rules_with_their_defaults(client: FlaskClient) -> None:
    page = text(client.get("/new?family=bavarian"))
    assert 'name="tariff_sauspiel"' in page and 'value="20"' in page
    assert 'name="durchmarsch"' in page and 'name="virgin"' in page
    assert 'name="player_5"' in page
    german = text(client.get("/new?family=german"))
    assert 'name="tariff_game_point"' in german and 'value="10"' in german
    assert 'name="settle_per_head"' in german and 'name="player_5"' not in german
    assert "tariff_sauspiel" not in german
    assert 'value="heads"' in german and 'value="classic"' not in german
    three = text(client.get("/new?family=sheepshead3"))
    assert 'value="classic"' in three and 'name="player_4"' not in three


def test_new_list_suggests_names_used_before(client: FlaskClient) -> None:
    made = create(client, players=["Xaver", "Bene", "Chris", "Dora"])
    client.get(made["url"])  # names come from the lists this phone knows
    page = text(client.get("/new"))
    assert '<option value="Xaver">' in page


@pytest.mark.parametrize(
    ("family", "players", "extra"),
    [
        ("bavarian", ["Anna", "Bene", "Chris", "Dora", "Emil"], {"tariff_sauspiel": "10"}),
        ("bavarian3", ["Anna", "Bene", "Chris"], {"contra": "y"}),
        ("sheepshead3", ["Anna", "Bene", "Chris"], {"ends_kind": "classic", "ends_count": "10"}),
        ("german", FOUR, {"ends_kind": "heads", "ends_count": "3", "tariff_game_point": "20"}),
    ],
)
def test_new_list_for_each_family_keeps_the_chosen_rules_and_the_edit_key(
    app: Flask, client: FlaskClient, family: str, players: list[str], extra: dict[str, str]
) -> None:
    form = form_defaults(client, family)
    for i, name in enumerate(players, start=1):
        form[f"player_{i}"] = name
    form.update(title=f"{family} night", point_value="7", **extra)
    response = client.post(f"/new?family={family}", data=form)
    assert response.status_code == 302, text(response)
    list_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert list_id in edit_keys(client)
    with app.app_context():
        row = db.session.get(ScoreListRow, list_id)
        assert row.family_name == family
        assert row.players == players
        assert row.first_dealer == players[-1]
        assert row.rules["point_value"] == 7
        assert row.title == f"{family} night"
        if family == "bavarian":
            assert row.rules["tariffs"]["sauspiel"] == 10
        if family == "bavarian3":
            assert row.rules["contra"] is True and row.rules["laufende"] is False
        if family == "sheepshead3":
            assert row.ends == {"kind": "classic", "count": 10}
        if family == "german":
            assert row.ends == {"kind": "heads", "count": 3}
            assert row.rules["tariffs"]["game_point"] == 20
    page = text(client.get(f"/l/{list_id}"))
    assert "New deal" in page


def test_new_list_takes_the_first_dealer_and_the_games(app: Flask, client: FlaskClient) -> None:
    form = bavarian_form(first_dealer="2", games=["sauspiel", "solo"], durchmarsch="")
    response = client.post("/new", data=form)
    assert response.status_code == 302
    with app.app_context():
        row = db.session.scalars(db.select(ScoreListRow)).one()
        assert row.first_dealer == "Bene"
        assert row.rules["games"] == ["sauspiel", "solo", "passed"]
        assert row.rules["durchmarsch"] is None
        assert row.ends == {"kind": "deals", "count": 32}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"player_4": ""}, "This game needs 4 or 5 players; the list has 3 players."),
        ({"player_2": "Anna"}, "Each player needs a different name."),
        ({"ends_count": "30"}, "must be a multiple of 4"),
        ({"ends_count": ""}, "Say after how many."),
        ({"tariff_wenz": "lots"}, "Not a valid integer value."),
        ({"laufende_from_wenz": "9"}, "Number must be between 1 and 4."),
        ({"games": []}, "Choose at least one game."),
        ({"first_dealer": "5"}, "There is no such seat."),
    ],
)
def test_new_list_with_bad_input_says_why_at_the_field_and_stores_nothing(
    app: Flask, client: FlaskClient, fields: dict[str, Any], message: str
) -> None:
    response = client.post("/new", data=bavarian_form(**fields))
    assert response.status_code == 200
    page = text(response)
    assert message in page
    assert 'class="field-error"' in page
    assert 'value="Chris"' in page  # the input is kept
    assert list_count(app) == 0


def test_new_list_refuses_a_target_the_family_does_not_have(app: Flask, client: FlaskClient) -> None:
    response = client.post("/new", data=bavarian_form(ends_kind="heads", ends_count="4"))
    assert response.status_code == 200
    assert "Not a valid choice" in text(response)
    assert list_count(app) == 0


def test_new_list_with_a_bad_value_from_the_engine_shows_it_at_its_field(
    app: Flask, client: FlaskClient
) -> None:
    form = form_defaults(client, "bavarian")
    form.update(player_1="A", player_2="B", player_3="C", player_4="D",
                durchmarsch="")
    form["durchmarsch"] = "60"  # below what the engine and the form take
    response = client.post("/new", data=form)
    assert response.status_code == 200
    page = text(response)
    assert "Number must be between 61 and 120." in page
    assert page.index("Number must be between 61") > page.index('name="durchmarsch"')
    assert list_count(app) == 0


def test_an_engine_refusal_is_shown_at_the_field_it_names(app: Flask) -> None:
    from scorer.web.lists.family_form import new_list_form

    with app.test_request_context("/new?family=german"):
        form = new_list_form("german")
        assert form.field_for("rules.tariffs.game_point") is form.tariff_game_point
        assert form.field_for("rules.solo") is form.solo
        assert form.field_for("players") is form.player_1
        assert form.field_for("ends") is form.ends_count
        assert form.field_for("something else") is form.title


def test_the_german_solo_game_follows_its_house_rule(app: Flask, client: FlaskClient) -> None:
    page = text(client.get("/new?family=german"))
    assert 'value="solo"' not in page  # no separate game checkbox to contradict the rule
    form = form_defaults(client, "german")
    form.update(player_1="A", player_2="B", player_3="C", player_4="D", solo="y")
    assert client.post("/new?family=german", data=form).status_code == 302
    with app.app_context():
        row = db.session.scalars(db.select(ScoreListRow)).one()
        assert row.rules["solo"] is True
        assert row.rules["games"] == ["normal", "solo", "passed"]


def test_new_list_saves_the_rules_as_a_preset_and_a_preset_prefills(
    app: Flask, client: FlaskClient
) -> None:
    response = client.post("/new", data=bavarian_form(tariff_sauspiel="15", save_house_rules="Wirtshaus"))
    assert response.status_code == 302
    with app.app_context():
        preset = db.session.scalars(db.select(SavedHouseRulesRow)).one()
        assert preset.name == "Wirtshaus"
        assert preset.rules["tariffs"]["sauspiel"] == 15
        preset_id = preset.id
    page = text(client.get(f"/new?preset={preset_id}"))
    assert re.search(r'name="tariff_sauspiel"[^>]*value="15"|value="15"[^>]*name="tariff_sauspiel"', page)
    assert "Wirtshaus" in page


def test_a_list_keeps_its_own_rules_when_its_preset_changes_later(
    app: Flask, client: FlaskClient
) -> None:
    client.post("/new", data=bavarian_form(tariff_sauspiel="15", save_house_rules="Wirtshaus"))
    with app.app_context():
        (made,) = db.session.scalars(db.select(ScoreListRow)).all()
        list_id = made.id
        owner = db.session.scalars(db.select(SavedHouseRulesRow)).one().owner_hash
        services.save_house_rules("Wirtshaus", {"preset": "bavarian", "tariffs": {"sauspiel": 50}}, owner=owner)
        preset = db.session.scalars(db.select(SavedHouseRulesRow)).one()
        assert preset.rules["tariffs"]["sauspiel"] == 50
    rules = client.get(f"/api/lists/{list_id}").get_json()["rules"]
    assert rules["tariffs"]["sauspiel"] == 15


# -- the list ------------------------------------------------------------------------------


def totals_row(page: str) -> list[int]:
    footer = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S).group(1)
    cells = re.findall(r'<td class="pay[^"]*">([^<]+)</td>', footer)
    return [0 if c.strip() == "\u2013" else int(c.strip().replace("\u2212", "-")) for c in cells]


def test_the_list_shows_each_deal_and_totals_that_sum_to_zero(client: FlaskClient) -> None:
    made = create(client, deals=DEALS, ends={"kind": "deals", "count": 32})
    page = text(client.get(f'/l/{made["id"]}'))
    start = page.index('id="deals-heading"')
    deals = page[start:page.index("</section>", start)]  # the folded statistics table comes after it
    # The head, two rows for each deal (its summary, its payouts), the totals.
    assert deals.count("<tr>") == 1 + 2 * len(DEALS) + 1
    assert len(deal_rows(page)) == len(DEALS)
    assert "Sau" in page and "Solo" in page and "Wenz" in page and "Thrown in" in page
    totals = totals_row(page)
    assert len(totals) == 4 and sum(totals) == 0
    api = client.get(f'/api/lists/{made["id"]}').get_json()
    assert totals == [api["totals"][p] for p in FOUR]
    assert "4 of 32 deals played" in page
    # deal 5 is dealt by Dora's left neighbour after four deals: Dora again; Anna leads
    assert "Dora deals, Anna leads." in page


def test_the_list_shows_the_sheepshead_classic_points_and_german_strokes(client: FlaskClient) -> None:
    three = create(
        client, rules={"preset": "sheepshead3"}, players=["Anna", "Bene", "Chris"],
        deals=[{"game": "pick", "declarer": "Anna", "points": 70}],
        ends={"kind": "classic", "count": 10},
    )
    page = text(client.get(f'/l/{three["id"]}'))
    assert "Classic points" in page and "classic points 2 of 10" in page
    german = create(client, rules={"preset": "german"},
                    deals=[{"game": "normal", "declarer": "Anna", "points": 70}])
    page = text(client.get(f'/l/{german["id"]}'))
    assert "Strokes and heads" in page and "Anna &amp; Chris" in page


def test_five_players_fit_with_the_dealer_sitting_out(client: FlaskClient) -> None:
    made = create(client, players=FOUR + ["Emil"], deals=DEALS[:1])
    page = text(client.get(f'/l/{made["id"]}'))
    assert "players-5" in page
    assert sum(totals_row(page)) == 0 and len(totals_row(page)) == 5


def test_the_edit_link_remembers_the_key_and_shows_the_change_controls(client: FlaskClient) -> None:
    made = create(client, deals=DEALS[:1])
    response = client.get(made["edit_url"])
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f'/l/{made["id"]}')
    assert made["id"] in edit_keys(client)  # sealed: the key itself is not readable there
    page = text(client.get(f'/l/{made["id"]}'))
    assert "New deal" in page and "Undo last deal" in page
    assert f'/l/{made["id"]}/deals/1/edit' in page


def test_the_view_link_shows_no_change_controls_and_refuses_changes(client: FlaskClient) -> None:
    made = create(client, deals=DEALS[:1])
    page = text(client.get(f'/l/{made["id"]}'))
    assert "New deal" not in page and "Undo last deal" not in page
    assert "/deals/1/edit" not in page and "/finish" not in page
    assert "You are watching this list" in page
    settle = text(client.get(f'/l/{made["id"]}/settle'))
    assert "Finish the list" not in settle
    for action in ("finish", "reopen"):
        response = client.post(f'/l/{made["id"]}/{action}')
        assert response.status_code == 403
        assert "edit link" in text(response)


def test_a_wrong_key_says_so_and_leaves_the_phone_watching(client: FlaskClient) -> None:
    made = create(client)
    response = client.get(f'/l/{made["id"]}?key=wrong', follow_redirects=True)
    assert "does not fit this list" in text(response)
    assert "New deal" not in text(response)
    assert edit_keys(client) == {}


def test_an_unknown_list_is_the_friendly_404_page(client: FlaskClient) -> None:
    for path in ("/l/nope", "/l/nope/settle", "/l/nope/share", "/l/nope/qr.svg",
                 "/l/nope/export.json", "/l/nope/export.csv", "/l/" + "x" * 100):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "There is nothing here" in text(response)
        assert "To the lists" in text(response)


# -- settle, finish, reopen ---------------------------------------------------------------


def test_settle_shows_balances_and_transfers_in_money(client: FlaskClient) -> None:
    made = create(client, rules={"preset": "bavarian", "point_value": 10},
                  deals=[{"game": "solo", "declarer": "Anna", "points": 70}])
    page = text(client.get(f'/l/{made["id"]}/settle'))
    # a won solo at 40: Anna +120 units, each other -40; at 10 cents: 12.00 and 4.00
    assert "€12.00" in page
    assert "Bene pays Anna €4.00" in page
    assert "Chris pays Anna €4.00" in page
    assert "Dora pays Anna €4.00" in page


def test_settle_speaks_german(client: FlaskClient) -> None:
    made = create(client, rules={"preset": "bavarian", "point_value": 10},
                  deals=[{"game": "solo", "declarer": "Anna", "points": 70}])
    client.get("/lang/de")
    page = text(client.get(f'/l/{made["id"]}/settle'))
    assert "4,00\xa0€" in page


def test_finish_makes_the_list_read_only_and_reopen_opens_it(client: FlaskClient) -> None:
    made = create(client, deals=DEALS[:2])
    client.get(made["edit_url"])
    response = client.post(f'/l/{made["id"]}/finish', follow_redirects=True)
    assert "The list is finished" in text(response)
    assert "Reopen the list" in text(response)
    page = text(client.get(f'/l/{made["id"]}'))
    assert "finished" in page
    assert "New deal" not in page and "Undo last deal" not in page and "/deals/1/edit" not in page
    assert "Reopen" in page
    refused = client.post(f'/api/lists/{made["id"]}/deals', json={"game": "passed"},
                          headers={"X-Edit-Key": made["edit_key"]})
    assert refused.status_code == 409
    response = client.post(f'/l/{made["id"]}/reopen', follow_redirects=True)
    assert "The list is open again" in text(response)
    assert "New deal" in text(response)


# -- share and QR --------------------------------------------------------------------------


def test_share_shows_the_view_link_and_only_the_editor_the_edit_link(client: FlaskClient) -> None:
    made = create(client)
    watching = text(client.get(f'/l/{made["id"]}/share'))
    assert f'http://localhost/l/{made["id"]}' in watching
    assert "qr.svg?link=view" in watching
    assert "key=" not in watching and "qr.svg?link=edit" not in watching
    assert client.get(f'/l/{made["id"]}/qr.svg?link=edit').status_code == 403
    client.get(made["edit_url"])
    editing = text(client.get(f'/l/{made["id"]}/share'))
    assert f'key={made["edit_key"]}' in editing
    assert "qr.svg?link=edit" in editing


def test_the_qr_code_is_svg(client: FlaskClient) -> None:
    made = create(client)
    response = client.get(f'/l/{made["id"]}/qr.svg?link=view')
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    body = text(response)
    assert body.lstrip().startswith("<svg") and "<path" in body
    assert client.get(f'/l/{made["id"]}/qr.svg?link=other').status_code == 404


# -- export and import ---------------------------------------------------------------------


def test_export_json_reimports_to_the_same_totals(app: Flask, client: FlaskClient) -> None:
    made = create(client, deals=DEALS, title="Export me", ends={"kind": "deals", "count": 8})
    response = client.get(f'/l/{made["id"]}/export.json')
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    document = json.loads(text(response))
    assert document["format"] == "schafkopf-list/1"
    assert len(document["deals"]) == len(DEALS)
    imported = client.post("/import", data={"text": json.dumps(document)})
    assert imported.status_code == 302
    new_id = imported.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != made["id"] and new_id in edit_keys(client)
    before = client.get(f'/api/lists/{made["id"]}').get_json()
    after = client.get(f"/api/lists/{new_id}").get_json()
    assert after["totals"] == before["totals"]
    assert after["title"] == "Export me" and after["ends"] == {"kind": "deals", "count": 8}


def test_import_takes_an_uploaded_file(client: FlaskClient) -> None:
    document = {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": DEALS[:1]}
    upload = (io.BytesIO(json.dumps(document).encode()), "list.json")
    response = client.post("/import", data={"upload": upload}, content_type="multipart/form-data")
    assert response.status_code == 302
    page = text(client.get(response.headers["Location"]))
    assert "New deal" in page and "+20" in page


def test_export_csv_has_a_row_per_deal_a_totals_row_and_a_money_row(client: FlaskClient) -> None:
    made = create(client, deals=DEALS)
    response = client.get(f'/l/{made["id"]}/export.csv')
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(csv_text(response))))
    assert rows[0][:7] == ["Deal", "Dealer", "Game", "Summary", "Declarer", "Partner", "Card points"]
    assert rows[0][-4:] == FOUR
    assert len(rows) == 1 + len(DEALS) + 2
    assert rows[1][:7] == ["1", "Dora", "Sauspiel", "Sau 72", "Anna", "Chris", "72"]
    assert rows[1][-4:] == ["20", "-20", "20", "-20"]
    assert rows[-2][0] == "Total"
    assert sum(int(x) for x in rows[-2][-4:]) == 0
    assert rows[-1][0] == "Balance in euros"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{not json", "The list file is not valid JSON: a key in double quotes is expected here"),
        ("", "The list file is empty"),
        (json.dumps({"rules": {"preset": "bavarian"}, "players": ["A", "B", "C"]}),
         "This game needs 4 or 5 players; the list has 3 players."),
        (json.dumps({"rules": {"preset": "bavarian"}, "players": FOUR,
                     "deals": [{"game": "sauspiel", "declarer": "A", "points": 121}]}),
         "deal 1:"),
    ],
)
def test_import_of_a_bad_file_says_why_and_stores_nothing(
    app: Flask, client: FlaskClient, body: str, message: str
) -> None:
    response = client.post("/import", data={"text": body})
    assert response.status_code == 200
    assert message in text(response)
    assert 'class="field-error"' in text(response)
    assert list_count(app) == 0


# -- presets -------------------------------------------------------------------------------


def test_presets_page_saves_from_a_list_and_deletes(app: Flask, client: FlaskClient) -> None:
    made = create(client, rules={"preset": "german", "tariffs": {"game_point": 50}}, title="Skat club")
    client.get(made["url"])
    page = text(client.get("/presets"))
    assert "No house rules saved yet" in page and "Skat club" in page
    response = client.post("/presets", data={"action": "save", "list_id": made["id"], "name": "Club"},
                           follow_redirects=True)
    page = text(response)
    assert "Club" in page and "German game" in page
    with app.app_context():
        preset = db.session.scalars(db.select(SavedHouseRulesRow)).one()
        assert preset.rules["tariffs"]["game_point"] == 50
        preset_id = preset.id
    new = text(client.get(f"/new?preset={preset_id}"))
    assert 'name="tariff_game_point"' in new and 'value="50"' in new
    response = client.post(f"/presets/{preset_id}/delete", data={"confirm": "y"},
                           follow_redirects=True)
    assert "The house rules are deleted" in text(response)
    with app.app_context():
        assert db.session.query(SavedHouseRulesRow).count() == 0


def test_presets_page_needs_a_name(client: FlaskClient) -> None:
    made = create(client)
    client.get(made["url"])
    response = client.post("/presets", data={"action": "save", "list_id": made["id"], "name": ""})
    assert response.status_code == 200
    assert "This field is required." in text(response)


# -- CSRF ----------------------------------------------------------------------------------


@pytest.fixture
def csrf_app(tmp_path: Any) -> Iterator[Flask]:
    with migrated_app(tmp_path, WTF_CSRF_ENABLED=True) as app:
        yield app


def test_a_post_without_the_csrf_token_is_refused_and_with_it_succeeds(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    made = create(client)
    client.get(made["edit_url"])
    settle = text(client.get(f'/l/{made["id"]}/settle'))
    refused = client.post(f'/l/{made["id"]}/finish')
    assert refused.status_code == 400
    with csrf_app.app_context():
        assert db.session.get(ScoreListRow, made["id"]).finished_at is None
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', settle).group(1)
    response = client.post(f'/l/{made["id"]}/finish', data={"csrf_token": token})
    assert response.status_code == 302
    with csrf_app.app_context():
        assert db.session.get(ScoreListRow, made["id"]).finished_at is not None
    new = client.post("/new", data=bavarian_form())
    assert new.status_code == 400
    assert "could not be understood" in text(new)
    page = text(client.get("/new"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    assert client.post("/new", data={**bavarian_form(), "csrf_token": token}).status_code == 302
    with csrf_app.app_context():
        assert db.session.query(ScoreListRow).count() == 2


def test_a_refusal_from_the_service_lands_next_to_its_field(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorer.engine import ScoringError

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise ScoringError("rules.tariffs.wenz", "is not a tariff this table plays")

    monkeypatch.setattr(services, "create_list", refuse)
    response = client.post("/new", data=bavarian_form())
    assert response.status_code == 200
    page = text(response)
    message = page.index("is not a tariff this table plays")
    assert page.index('name="tariff_wenz"') < message < page.index('name="tariff_solo"')
    assert list_count(app) == 0


def test_a_repeated_name_is_flagged_at_the_second_seat(client: FlaskClient) -> None:
    page = text(client.post("/new", data=bavarian_form(player_3="anna")))
    message = page.index("Each player needs a different name.")
    assert page.index('name="player_3"') < message < page.index('name="player_4"')
