"""A tournament's pages to read: the projector's standings, my table and place, seating, sheets, prizes."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
#: Nine participants: a table of five (the dealer sits out) and one of four.
PEOPLE = ["Vroni", "anton", "Zenzi", "Bene", "Xaver", "Marei", "Ludwig", "Emmi", "Quirin"]


def setup(client: FlaskClient, players: list[str] = PEOPLE, deals: int = 8) -> dict[str, Any]:
    """A tournament by the API, its first round drawn: its id and key, and the round's tables."""
    made = client.post("/api/tournaments", json={
        "name": "Preisschafkopf Ochsenwirt", "rules": RULES, "players": players, "rounds": 3,
        "deals_per_round": deals})
    assert made.status_code == 201, made.get_json()
    tournament = dict(made.get_json())
    drawn = client.post(f"/api/tournaments/{tournament['id']}/rounds", json={"seed": "fixed"},
                        headers={"X-Edit-Key": tournament["edit_key"]})
    assert drawn.status_code == 201, drawn.get_json()
    tournament["tables"] = drawn.get_json()["tables"]
    return tournament


def add_deal(client: FlaskClient, table: dict[str, Any], deal: dict[str, Any]) -> None:
    response = client.post(f"/api/lists/{table['list']['id']}/deals", json=deal,
                           headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert response.status_code == 201, response.get_json()


def solo(client: FlaskClient, table: dict[str, Any]) -> str:
    """A solo won at the table: its declarer, never the dealer of the first deal.

    Nor start number 1, who leads while nobody has played: the new leader is news.
    """
    declarer = next(p for p in table["players"][1:] if p != PEOPLE[0])
    add_deal(client, table, {"game": "solo", "declarer": declarer, "points": 61})
    return str(declarer)


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def number_of(client: FlaskClient, tournament: dict[str, Any], name: str) -> int:
    players = client.get(f"/api/tournaments/{tournament['id']}").get_json()["players"]
    return int(next(p["number"] for p in players if p["name"] == name))


def rows(page: str, cls: str = "standings") -> list[list[str]]:
    """The body rows of the first table of this class: each row's cells' text."""
    table = page.split(f'class="{cls}', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_the_projector_shows_the_standings_best_first(client: FlaskClient) -> None:
    tournament = setup(client)
    winner = solo(client, tournament["tables"][0])
    page = client.get(f"/t/{tournament['id']}/standings")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    overall = rows(body)
    assert len(overall) == len(PEOPLE)
    first = overall[0]
    assert first[0] == "1." and first[1] == str(number_of(client, tournament, winner)) and first[2] == winner
    points = [int(r[3]) for r in overall]
    assert points == sorted(points, reverse=True) and points[0] > 0
    assert first[4] == "1"  # the solo won
    assert first[5] == first[3]  # round 1's points: a column for each round drawn
    assert len(first) == 6
    assert "Round 1" in text(page) and "Updated" in text(page)
    # No controls on the projector: no form, no button, no link to tap (the app's bar is hidden).
    shown = body.split('class="projector"', 1)[1]
    assert "<form" not in shown and "<button" not in shown and "<a " not in shown
    assert 'http-equiv="refresh"' in body  # without JavaScript it loads itself again


def test_the_board_answers_304_while_nothing_changed(client: FlaskClient) -> None:
    tournament = setup(client)
    path = f"/t/{tournament['id']}/standings/board"
    first = client.get(path)
    assert first.status_code == 200 and first.headers["ETag"]
    tag = first.headers["ETag"]
    assert client.get(path, headers={"If-None-Match": tag}).status_code == 304
    # The page carries the same tag, so its first poll already costs a 304.
    assert f'data-tag="{tag.strip(chr(34))}"' in client.get(f"/t/{tournament['id']}/standings").get_data(as_text=True)
    winner = solo(client, tournament["tables"][1])
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
    assert rows(again.get_data(as_text=True))[0][2] == winner
    assert client.get(path, headers={"If-None-Match": again.headers["ETag"]}).status_code == 304


def test_the_board_shows_a_paper_sheet_at_once(client: FlaskClient) -> None:
    tournament = setup(client)
    path = f"/t/{tournament['id']}/standings/board"
    tag = client.get(path).headers["ETag"]
    table = tournament["tables"][-1]  # the table of four
    a, b, c, d = table["players"]
    kept = client.put(f"/api/tournaments/{tournament['id']}/rounds/1/tables/{table['table']}/sheet",
                      json={"points": {a: 30, b: -10, c: -10, d: -10}},
                      headers={"X-Edit-Key": tournament["edit_key"]})
    assert kept.status_code == 200, kept.get_json()
    after = client.get(path, headers={"If-None-Match": tag})
    assert after.status_code == 200
    first = rows(after.get_data(as_text=True))[0]
    assert first[2] == a and int(first[3]) == 30


def test_a_participant_finds_their_table_and_place(client: FlaskClient) -> None:
    tournament = setup(client)
    table = tournament["tables"][1]
    winner = solo(client, table)
    number = number_of(client, tournament, winner)
    page = client.get(f"/t/{tournament['id']}/me?number={number}")
    assert page.status_code == 200
    shown = text(page)
    assert f"{number} · {winner}" in shown
    assert "Round 1 · Table 2" in shown
    for other in table["players"]:
        if other != winner:
            assert f"{number_of(client, tournament, other)} · {other}" in shown
    others = [p for p in PEOPLE if p not in table["players"]]
    assert not any(f"· {name}" in shown for name in others)
    assert f"Place 1 of {len(PEOPLE)}" in shown and "1 solo won" in shown
    assert 'inputmode="numeric"' in page.get_data(as_text=True)


def test_an_unknown_start_number_is_said_so(client: FlaskClient) -> None:
    tournament = setup(client)
    for asked in ("99", "x7"):
        shown = text(client.get(f"/t/{tournament['id']}/me?number={asked}"))
        assert f"No participant has the start number {asked}." in shown
        assert "My place" not in shown
    assert "No participant" not in text(client.get(f"/t/{tournament['id']}/me"))


def test_before_the_draw_my_page_says_no_round_is_drawn(client: FlaskClient) -> None:
    made = client.post("/api/tournaments", json={
        "name": "Cup", "rules": RULES, "players": PEOPLE[:8], "rounds": 2, "deals_per_round": 8}).get_json()
    shown = text(client.get(f"/t/{made['id']}/me?number=3"))
    assert "No round drawn yet." in shown and "Place 1 of 8" in shown
    assert "No round drawn yet." in text(client.get(f"/t/{made['id']}/standings"))
    assert client.get(f"/t/{made['id']}/rounds/1/seating").status_code == 404


def test_the_seating_plan_by_table_and_alphabetically(client: FlaskClient) -> None:
    tournament = setup(client)
    page = client.get(f"/t/{tournament['id']}/rounds/1/seating")
    assert page.status_code == 200
    by_name = rows(page.get_data(as_text=True), "standings seating-names")
    names = [r[0] for r in by_name]
    assert names == sorted(PEOPLE, key=str.casefold)
    table_of = {name: t["table"] for t in tournament["tables"] for name in t["players"]}
    assert all(int(r[2]) == table_of[r[0]] for r in by_name)
    assert all(int(r[1]) == number_of(client, tournament, r[0]) for r in by_name[:2])
    assert "Table 2" in text(page)
    assert client.get(f"/t/{tournament['id']}/rounds/2/seating").status_code == 404
    assert client.get("/t/" + "A" * 22 + "/rounds/1/seating").status_code == 404


def test_a_sheet_per_table_with_a_line_per_deal(client: FlaskClient) -> None:
    tournament = setup(client)  # eight deals a round: the table of five plays ten
    page = client.get(f"/t/{tournament['id']}/rounds/1/sheets")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    sheets = body.split('<article class="sheet paper-sheet')[1:]
    assert len(sheets) == 2
    for sheet, table, deals in zip(sheets, tournament["tables"], (10, 8)):
        assert len(table["players"]) == deals // 2
        lines = rows(sheet, "sheet-deals")
        assert [r[0] for r in lines] == [str(n) for n in range(1, deals + 1)]
        # deal, dealer, game, declarer, solo mark, then a column per player
        assert all(len(r) == 5 + len(table["players"]) for r in lines)
        head = html.unescape(sheet.split("</thead>")[0])
        assert all(name in head for name in table["players"])
        assert "Signature" in sheet and "Preisschafkopf Ochsenwirt" in html.unescape(sheet)
    assert "data-print" in body


def test_the_prize_list(client: FlaskClient) -> None:
    tournament = setup(client)
    winner = solo(client, tournament["tables"][0])
    page = client.get(f"/t/{tournament['id']}/prizes")
    assert page.status_code == 200
    listed = rows(page.get_data(as_text=True))
    assert listed[0][2] == winner and listed[0][4] == "1"
    assert [r[2] for r in listed].count(winner) == 1 and len(listed) == len(PEOPLE)
    assert len(listed[0]) == 5  # place, number, name, points, solos won
    assert "data-print" in page.get_data(as_text=True)


def test_the_pages_in_german(client: FlaskClient) -> None:
    tournament = setup(client)
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    base = f"/t/{tournament['id']}"
    assert "Aktualisiert" in text(client.get(f"{base}/standings", headers=german))
    assert "Startnummer" in text(client.get(f"{base}/me?number=77", headers=german))
    assert "Tisch 1" in text(client.get(f"{base}/rounds/1/seating", headers=german))
    assert "Unterschrift" in text(client.get(f"{base}/rounds/1/sheets", headers=german))
    assert "Preisliste" in text(client.get(f"{base}/prizes", headers=german))
