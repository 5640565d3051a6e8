"""A table's paper sheet: its final points count in the standings instead of the table's list."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.test_tournaments_api import RULES, create, draw, names, read

PLUS_ONLY = {**RULES, "table_points": {"system": "1/5", "plus_only": True}}


def sheet_path(made: dict[str, Any], round_number: int = 1, table: int = 1) -> str:
    return f"/api/tournaments/{made['id']}/rounds/{round_number}/tables/{table}/sheet"


def put(client: FlaskClient, made: dict[str, Any], body: dict[str, Any], **where: int) -> Any:
    return client.put(sheet_path(made, **where), json=body, headers={"X-Edit-Key": made["edit_key"]})


def first_table(client: FlaskClient, **given: Any) -> tuple[dict[str, Any], list[str], list[str]]:
    """A tournament of eight, round 1 drawn: it, the first table's players and the second's."""
    made = create(client, players=names(8), rounds=2, deals_per_round=4, **given)
    first, second = draw(client, made).get_json()["tables"]
    return made, first["players"], second["players"]


def test_a_sheet_counts_in_the_standings_and_shows_on_its_table(client: FlaskClient) -> None:
    made, players, _others = first_table(client)
    a, b, c, d = players
    kept = put(client, made, {"points": {a: 12, b: -4, c: -3, d: -5}, "solos_won": {a: 2}})
    assert kept.status_code == 200, kept.get_json()
    assert kept.get_json()["sheet"] == {"points": {a: 12, b: -4, c: -3, d: -5},
                                        "solos_won": {a: 2, b: 0, c: 0, d: 0}}
    answer = read(client, made)
    assert answer["rounds"][0]["tables"][0]["sheet"]["points"][a] == 12
    assert answer["rounds"][0]["tables"][1]["sheet"] is None
    standings = {s["player"]: s for s in answer["standings"]}
    assert standings[a]["points"] == 12 and standings[a]["rounds"] == [12, 0]
    assert standings[a]["solos_won"] == 2 and standings[a]["place"] == 1
    assert standings[d]["points"] == -5


def test_a_sheet_sent_again_replaces_it_and_a_removed_one_counts_no_more(client: FlaskClient) -> None:
    made, (a, b, c, d), _others = first_table(client)
    assert put(client, made, {"points": {a: 12, b: -4, c: -3, d: -5}}).status_code == 200
    corrected = put(client, made, {"points": {a: 2, b: -2, c: 0, d: 0}})
    assert corrected.status_code == 200
    assert {s["player"]: s["points"] for s in read(client, made)["standings"]}[a] == 2
    removed = client.delete(sheet_path(made), headers={"X-Edit-Key": made["edit_key"]})
    assert removed.status_code == 204
    answer = read(client, made)
    assert answer["rounds"][0]["tables"][0]["sheet"] is None
    assert {s["player"]: s["points"] for s in answer["standings"]}[a] == 0


def test_points_that_do_not_sum_to_zero_are_refused_naming_the_sum(client: FlaskClient) -> None:
    made, (a, b, c, d), _others = first_table(client)
    refused = put(client, made, {"points": {a: 12, b: -4, c: -3, d: -4}})
    assert refused.status_code == 422
    body = refused.get_json()
    assert body["key"] == "points" and "sum to 1" in body["error"]
    assert read(client, made)["rounds"][0]["tables"][0]["sheet"] is None


def test_a_sheepshead_table_of_five_sums_to_zero(client: FlaskClient) -> None:
    made = create(client, rules={"preset": "sheepshead"}, players=names(10), deals_per_round=20)
    players = draw(client, made).get_json()["tables"][0]["players"]
    assert len(players) == 5
    refused = put(client, made, {"points": dict(zip(players, [9, -3, -3, -3, 1]))})
    assert refused.status_code == 422 and "sum to 1" in refused.get_json()["error"]
    assert put(client, made, {"points": dict(zip(players, [9, -3, -3, -3, 0]))}).status_code == 200


def test_plus_only_takes_any_sum_but_no_negative_points(client: FlaskClient) -> None:
    made, (a, b, c, d), _others = first_table(client, rules=PLUS_ONLY)
    assert put(client, made, {"points": {a: 12, b: 0, c: 3, d: 5}}).status_code == 200
    refused = put(client, made, {"points": {a: 12, b: -1, c: 3, d: 5}})
    assert refused.status_code == 422 and refused.get_json()["key"] == f"points.{b}"
    assert {s["player"]: s["points"] for s in read(client, made)["standings"]}[b] == 0


def test_unknown_and_missing_players_and_bad_numbers_are_refused(client: FlaskClient) -> None:
    made, (a, b, c, d), (e, *_rest) = first_table(client)
    stranger = put(client, made, {"points": {a: 1, b: -1, c: 0, d: 0, e: 0}})
    assert stranger.status_code == 422 and stranger.get_json()["key"] == f"points.{e}"
    assert "does not sit at this table" in stranger.get_json()["error"]
    missing = put(client, made, {"points": {a: 1, b: -1, c: 0}})
    assert missing.status_code == 422 and d in missing.get_json()["error"]
    fraction = put(client, made, {"points": {a: 1.5, b: -1.5, c: 0, d: 0}})
    assert fraction.status_code == 422 and fraction.get_json()["key"] == f"points.{a}"
    solos = put(client, made, {"points": {a: 0, b: 0, c: 0, d: 0}, "solos_won": {a: -1}})
    assert solos.status_code == 422 and solos.get_json()["key"] == f"solos_won.{a}"
    assert put(client, made, {"points": "12"}).status_code == 422


def test_a_table_whose_list_has_deals_takes_no_sheet(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    table = draw(client, made).get_json()["tables"][0]
    a, b, c, d = table["players"]
    added = client.post(f"/api/lists/{table['list']['id']}/deals",
                        json={"game": "sauspiel", "declarer": a, "partner": c, "points": 72},
                        headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert added.status_code == 201
    refused = put(client, made, {"points": {a: 0, b: 0, c: 0, d: 0}})
    assert refused.status_code == 409 and "has deals" in refused.get_json()["error"]
    assert read(client, made)["rounds"][0]["tables"][0]["sheet"] is None


def test_a_sheet_needs_the_tournament_key_and_a_table_drawn(client: FlaskClient) -> None:
    made, (a, b, c, d), _others = first_table(client)
    body = {"points": {a: 0, b: 0, c: 0, d: 0}}
    assert client.put(sheet_path(made), json=body).status_code == 403
    assert client.put(sheet_path(made), json=body, headers={"X-Edit-Key": "guess"}).status_code == 403
    assert client.delete(sheet_path(made)).status_code == 403
    assert put(client, made, body, round_number=2).status_code == 404
    assert put(client, made, body, table=3).status_code == 404


# -- the page ---------------------------------------------------------------------------------


def page_path(made: dict[str, Any]) -> str:
    return f"/t/{made['id']}/rounds/1/tables/1/sheet"


def test_the_page_takes_the_tournament_key_from_its_edit_link(client: FlaskClient) -> None:
    made, (a, _b, _c, _d), _others = first_table(client)
    assert client.get(page_path(made)).status_code == 403
    wrong = client.get(page_path(made) + "?key=guess")
    assert wrong.status_code == 302 and client.get(page_path(made)).status_code == 403
    opened = client.get(page_path(made) + f"?key={made['edit_key']}")
    assert opened.status_code == 302 and "key=" not in opened.headers["Location"]
    page = client.get(page_path(made)).get_data(as_text=True)
    assert f">{a}</label>" in page and 'inputmode="numeric"' in page
    assert client.get(f"/t/{made['id']}/rounds/2/tables/1/sheet").status_code == 404


def test_a_wrong_sum_is_refused_with_what_was_typed_kept(client: FlaskClient) -> None:
    made, players, _others = first_table(client)
    client.get(page_path(made) + f"?key={made['edit_key']}")
    typed = {"points-1": "12", "points-2": "-4", "points-3": "\u22123", "points-4": "x"}
    numbers = read(client, made)["rounds"][0]["tables"][0]["numbers"]
    form = {f"points-{n}": v for n, v in zip(numbers, typed.values())}
    refused = client.post(page_path(made), data=form)
    assert refused.status_code == 200
    page = refused.get_data(as_text=True)
    assert page.count("Enter a whole number.") == 1 and 'value="\u22123"' in page and 'value="x"' in page
    form[f"points-{numbers[3]}"] = "-4"
    refused = client.post(page_path(made), data=form)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 200 and "the points sum to 1" in page and 'id="sum-error"' in page
    assert read(client, made)["rounds"][0]["tables"][0]["sheet"] is None
    form[f"points-{numbers[3]}"] = "-5"
    form[f"solos-{numbers[0]}"] = "1"
    kept = client.post(page_path(made), data=form)
    assert kept.status_code == 302
    sheet = read(client, made)["rounds"][0]["tables"][0]["sheet"]
    assert sheet["points"] == dict(zip(players, [12, -4, -3, -5]))
    assert sheet["solos_won"][players[0]] == 1
    again = client.get(page_path(made)).get_data(as_text=True)
    assert 'value="12"' in again and "Remove the sheet" in again
    removed = client.post(page_path(made), data={"remove": "1"})
    assert removed.status_code == 302
    assert read(client, made)["rounds"][0]["tables"][0]["sheet"] is None


def test_the_page_of_a_table_with_deals_says_its_list_counts(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    table = draw(client, made).get_json()["tables"][0]
    a, _b, c, _d = table["players"]
    client.post(f"/api/lists/{table['list']['id']}/deals",
                json={"game": "sauspiel", "declarer": a, "partner": c, "points": 72},
                headers={"X-Edit-Key": table["list"]["edit_key"]})
    client.get(page_path(made) + f"?key={made['edit_key']}")
    page = client.get(page_path(made)).get_data(as_text=True)
    assert "the list counts, not a sheet" in page and "Keep the sheet" not in page


# -- the printed sheets -------------------------------------------------------------------------


def printed_lines(sheet: str) -> list[list[str]]:
    """The body rows of a printed sheet: each row's cells' text."""
    import html
    import re

    body = sheet.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_a_printed_sheet_has_a_game_column_solo_marks_and_who_sits_out(client: FlaskClient) -> None:
    made = create(client, players=names(9), rounds=2, deals_per_round=4)
    tables = draw(client, made).get_json()["tables"]
    five = next(t for t in tables if len(t["players"]) == 5)
    numbers = next(t["numbers"] for t in read(client, made)["rounds"][0]["tables"] if t["table"] == five["table"])
    page = client.get(f"/t/{made['id']}/rounds/1/sheets").get_data(as_text=True)
    sheets = page.split('<article class="sheet paper-sheet')[1:]
    assert len(sheets) == 2
    sheet = sheets[five["table"] - 1]
    head = sheet.split("</thead>")[0]
    for column in ("Dealer", "Game", "Declarer", "Solo"):
        assert f">{column}<" in head
    assert all(player in head for player in five["players"])
    lines = printed_lines(sheet)
    assert len(lines) == 5  # four deals a player at a table of five: five deals, each sits out one
    # The last seat deals first, then round the table; the dealer's own field says "out".
    assert [line[1] for line in lines] == [str(numbers[(n - 2) % 5]) for n in range(1, 6)]
    for n, line in enumerate(lines, start=1):
        assert line[2:5] == ["", "", ""]
        assert line[5:] == ["out" if seat == (n - 2) % 5 else "" for seat in range(5)]
    assert "the dealer sits out" in sheet
    for words in ("Points", "Solos won", "Signature"):
        assert f'colspan="5">{words}</th>' in sheet
    four = sheets[2 - five["table"]]
    assert "out" not in "".join(cell for line in printed_lines(four) for cell in line)


def test_blank_sheets_print_before_the_first_round(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=8)
    client.get(made["edit_url"])
    assert f'href="/t/{made["id"]}/sheets"' in client.get(f"/t/{made['id']}").get_data(as_text=True)
    page = client.get(f"/t/{made['id']}/sheets")
    assert page.status_code == 200
    sheets = page.get_data(as_text=True).split('<article class="sheet paper-sheet')[1:]
    assert len(sheets) == 2  # a table of four and a table of five
    four, five = (printed_lines(sheet) for sheet in sheets)
    assert len(four) == 8 and len(five) == 10
    assert [line[1] for line in four[:3]] == ["Seat 4", "Seat 1", "Seat 2"]
    assert all(len(line) == 5 + 5 for line in five) and five[0][5:] == ["", "", "", "", "out"]
    assert client.get("/t/" + "A" * 22 + "/sheets").status_code == 404
