"""The organiser's night on the tournament's pages: progress, asking before a draw, undo, the end,
the prize list, and a page that stays small at 400 players and six rounds."""

from __future__ import annotations

import html
import re
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import RetiredListRow, ScoreListRow, TournamentRow

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
EIGHT = ["Anna", "Bene", "Chris", "Dora", "Emmi", "Ferdl", "Gusti", "Hans"]


def made(client: FlaskClient, players: list[str] = EIGHT, rounds: int = 3, deals: int = 4) -> dict[str, Any]:
    """A tournament by the API, this client holding its key as the organiser."""
    answer = client.post("/api/tournaments", json={
        "name": "Preisschafkopf", "rules": RULES, "players": players, "rounds": rounds,
        "deals_per_round": deals})
    assert answer.status_code == 201, answer.get_json()
    tournament = dict(answer.get_json())
    client.get(tournament["edit_url"])
    return tournament


def api_draw(client: FlaskClient, tournament: dict[str, Any]) -> list[dict[str, Any]]:
    drawn = client.post(f"/api/tournaments/{tournament['id']}/rounds", json={},
                        headers={"X-Edit-Key": tournament["edit_key"]})
    assert drawn.status_code == 201, drawn.get_json()
    return list(drawn.get_json()["tables"])


def deal(client: FlaskClient, table: dict[str, Any], declarer: int = 1) -> None:
    added = client.post(f"/api/lists/{table['list']['id']}/deals",
                        json={"game": "solo", "declarer": table["players"][declarer], "points": 61},
                        headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert added.status_code == 201, added.get_json()


def play_out(client: FlaskClient, table: dict[str, Any], deals: int = 4) -> None:
    for _ in range(deals):
        deal(client, table)


def words(response: Any) -> str:
    """The page's text as read: tags dropped, spaces folded."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def page_of(client: FlaskClient, tournament: dict[str, Any]) -> str:
    return words(client.get(f"/t/{tournament['id']}"))


def rounds_drawn(client: FlaskClient, tournament: dict[str, Any]) -> int:
    return len(client.get(f"/api/tournaments/{tournament['id']}").get_json()["rounds"])


def test_each_table_shows_its_deals_against_its_count_or_its_sheet(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    deal(client, tables[0])
    deal(client, tables[0])
    sheet = client.put(f"/api/tournaments/{tournament['id']}/rounds/1/tables/{tables[1]['table']}/sheet",
                       headers={"X-Edit-Key": tournament["edit_key"]},
                       json={"points": {name: 0 for name in tables[1]["players"]}})
    assert sheet.status_code == 200, sheet.get_json()
    page = page_of(client, tournament)
    assert f"Table {tables[0]['table']} 2 of 4 deals" in page
    assert f"Table {tables[1]['table']} sheet in" in page
    assert "1 table still playing" in page
    projector = words(client.get(f"/t/{tournament['id']}/standings"))
    assert "1 table still playing" in projector


def test_progress_is_read_in_two_queries_whatever_the_tables(app: Flask, client: FlaskClient) -> None:
    from scorer.web.services import tournament_night as night
    tournament = made(client, players=[f"Spieler {n}" for n in range(1, 41)])
    api_draw(client, tournament)
    api_draw(client, tournament)
    statements: list[str] = []
    with app.app_context():
        row = db.session.get(TournamentRow, tournament["id"])
        assert row is not None
        sa.event.listen(db.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
        rounds = night.progress(row)
    assert [len(r.tables) for r in rounds] == [10, 10]
    assert len(statements) == 2


def test_a_draw_with_tables_unfinished_names_them_and_asks(client: FlaskClient) -> None:
    tournament = made(client, players=[f"Spieler {n}" for n in range(1, 13)])
    tables = api_draw(client, tournament)
    play_out(client, tables[0])
    deal(client, tables[2])
    asked = client.post(f"/t/{tournament['id']}/rounds", data={"wanted": "2", "seed": "s"})
    assert asked.status_code == 200
    said = words(asked)
    assert "Tables 2 and 3 have not finished round 1 (0 of 4, 1 of 4). Draw round 2 anyway?" in said
    assert rounds_drawn(client, tournament) == 1
    body = asked.get_data(as_text=True)
    assert 'name="confirmed" value="yes"' in body and 'name="seed" value="s"' in body
    drawn = client.post(f"/t/{tournament['id']}/rounds", data={"wanted": "2", "seed": "s", "confirmed": "yes"})
    assert drawn.status_code == 302
    assert rounds_drawn(client, tournament) == 2


def test_a_draw_with_every_table_finished_asks_nothing(client: FlaskClient) -> None:
    tournament = made(client)
    for table in api_draw(client, tournament):
        play_out(client, table)
    drawn = client.post(f"/t/{tournament['id']}/rounds", data={"wanted": "2"})
    assert drawn.status_code == 302
    assert rounds_drawn(client, tournament) == 2


def test_undo_asks_then_takes_the_round_and_its_lists_away(app: Flask, client: FlaskClient) -> None:
    tournament = made(client)
    for table in api_draw(client, tournament):
        play_out(client, table)
    tables = api_draw(client, tournament)
    asked = client.post(f"/t/{tournament['id']}/rounds/2/undo")
    assert "Undo the draw of round 2? 2 tables and their lists are deleted." in words(asked)
    assert rounds_drawn(client, tournament) == 2
    undone = client.post(f"/t/{tournament['id']}/rounds/2/undo", data={"confirmed": "yes"})
    assert undone.status_code == 302
    assert rounds_drawn(client, tournament) == 1
    assert "The draw of round 2 is undone." in page_of(client, tournament)
    with app.app_context():
        for table in tables:
            assert db.session.get(ScoreListRow, table["list"]["id"]) is None
            assert db.session.get(RetiredListRow, table["list"]["id"]) is not None
    # The next draw draws round 2 again.
    assert client.post(f"/t/{tournament['id']}/rounds", data={"wanted": "2"}).status_code == 302
    assert rounds_drawn(client, tournament) == 2


def test_undo_is_refused_once_a_table_has_a_deal(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    deal(client, tables[1])
    # Not even asked: the refusal says why at once.
    refused = client.post(f"/t/{tournament['id']}/rounds/1/undo")
    assert refused.status_code == 302
    said = page_of(client, tournament)
    assert f"The draw of round 1 stays: round 1 has deals already (table {tables[1]['table']})." in said
    assert rounds_drawn(client, tournament) == 1


def test_ending_after_round_two_asks_stops_the_draws_and_says_final(client: FlaskClient) -> None:
    tournament = made(client)
    for _round in (1, 2):
        for table in api_draw(client, tournament):
            play_out(client, table)
    asked = client.post(f"/t/{tournament['id']}/end")
    assert "End the tournament after round 2?" in words(asked)
    assert client.post(f"/t/{tournament['id']}/end", data={"confirmed": "yes"}).status_code == 302
    page = client.get(f"/t/{tournament['id']}").get_data(as_text=True)
    assert "Final standings after round 2" in words(client.get(f"/t/{tournament['id']}"))
    assert f'action="/t/{tournament["id"]}/rounds"' not in page
    for path in ("standings", "prizes"):
        assert "Final standings after round 2" in words(client.get(f"/t/{tournament['id']}/{path}"))
    assert "Final standings after round 2" in words(client.get(f"/t/{tournament['id']}/me?number=1"))
    refused = client.post(f"/t/{tournament['id']}/rounds", data={"wanted": "3"})
    assert refused.status_code == 302 and rounds_drawn(client, tournament) == 2


def test_the_prize_list_says_which_rounds_it_counts(client: FlaskClient) -> None:
    tournament = made(client)
    assert "nothing played yet" in words(client.get(f"/t/{tournament['id']}/prizes"))
    tables = api_draw(client, tournament)
    assert "nothing played yet" in words(client.get(f"/t/{tournament['id']}/prizes"))
    deal(client, tables[0])
    assert "after round 1 of 3" in words(client.get(f"/t/{tournament['id']}/prizes"))
    play_out(client, tables[0], deals=3)  # the one dealt above makes four
    for table in tables[1:]:
        play_out(client, table)
    api_draw(client, tournament)
    # Round 2 is drawn, but nothing of it is played: the list still counts round 1.
    assert "after round 1 of 3" in words(client.get(f"/t/{tournament['id']}/prizes"))


def test_the_withdrawn_take_no_place_on_the_prize_list(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    deal(client, tables[0], declarer=1)  # a solo won: the declarer leads
    winner = tables[0]["players"][1]
    number = next(p["number"] for p in client.get(f"/api/tournaments/{tournament['id']}").get_json()["players"]
                  if p["name"] == winner)
    assert client.post(f"/t/{tournament['id']}/players/{number}/withdraw").status_code == 302
    body = client.get(f"/t/{tournament['id']}/prizes").get_data(as_text=True)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>")[1], re.S)
    cells = [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)]
             for r in rows]
    assert len(cells) == 8
    assert winner not in cells[0][2] and cells[0][0] == "1."
    last = cells[-1]
    assert winner in last[2] and "withdrawn" in last[2] and last[0] == ""
    assert all(c[0] for c in cells[:-1])


def test_the_qr_code_comes_on_demand_for_the_organiser_only(app: Flask, client: FlaskClient) -> None:
    tournament = made(client)
    api_draw(client, tournament)
    page = client.get(f"/t/{tournament['id']}").get_data(as_text=True)
    assert "data:image/svg+xml" not in page
    path = f"/t/{tournament['id']}/rounds/1/tables/1/qr.svg"
    assert f'data-qr="{path}"' in page
    code = client.get(path)
    assert code.status_code == 200 and code.mimetype == "image/svg+xml"
    assert code.headers["Cache-Control"] == "private, no-store"
    assert b"<svg" in code.data
    assert app.test_client().get(path).status_code == 403
    assert client.get(f"/t/{tournament['id']}/rounds/1/tables/9/qr.svg").status_code == 404


def test_the_organisers_page_at_400_players_and_6_rounds_stays_under_300_kb(client: FlaskClient) -> None:
    tournament = made(client, players=[f"Teilnehmerin Nummer {n}" for n in range(1, 401)], rounds=6, deals=32)
    for _round in range(6):
        api_draw(client, tournament)
    body = client.get(f"/t/{tournament['id']}").get_data()
    assert len(body) < 300_000, len(body)
    text = body.decode()
    assert text.count('<a class="button primary" href="http://localhost/l/') == 100  # the current round's tables
    assert text.count('<details class="round past-round"') == 5
    assert text.index('href="#standings"') < text.index('id="round-6"')
    # So many participants are listed on a page of their own, with their forms.
    assert f'href="/t/{tournament["id"]}/participants"' in text and 'aria-label="Withdraw' not in text
    listed = client.get(f"/t/{tournament['id']}/participants").get_data(as_text=True)
    assert listed.count('aria-label="Withdraw ') == 400


def test_my_place_asks_for_its_board_and_hears_304_until_a_deal(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    page = client.get(f"/t/{tournament['id']}/me?number=1").get_data(as_text=True)
    board = re.search(r'data-board="([^"]+)"', page)
    tag = re.search(r'data-tag="([^"]+)"', page)
    assert board and tag
    path = html.unescape(board.group(1))
    assert client.get(path, headers={"If-None-Match": f'"{tag.group(1)}"'}).status_code == 304
    deal(client, tables[0])
    changed = client.get(path, headers={"If-None-Match": f'"{tag.group(1)}"'})
    assert changed.status_code == 200 and "Place" in words(changed)


def test_the_projector_pages_at_the_interval_asked_for(client: FlaskClient) -> None:
    tournament = made(client)
    api_draw(client, tournament)
    assert 'data-page-seconds="8"' in client.get(f"/t/{tournament['id']}/standings").get_data(as_text=True)
    quick = client.get(f"/t/{tournament['id']}/standings?page_seconds=2").get_data(as_text=True)
    assert 'data-page-seconds="2"' in quick and 'data-page-words="page {page} of {pages}"' in quick


def test_closing_a_round_asks_then_marks_it_closed(app: Flask, client: FlaskClient) -> None:
    tournament = made(client)
    api_draw(client, tournament)
    asked = client.post(f"/t/{tournament['id']}/rounds/1/close")
    assert "Close round 1?" in words(asked)
    assert client.post(f"/t/{tournament['id']}/rounds/1/close", data={"confirmed": "yes"}).status_code == 302
    page = page_of(client, tournament)
    assert "Round 1 is closed." in page and "Seed:" in page and "· closed" in page
    assert "Close round 1" not in page


def test_a_watcher_sees_progress_but_no_edit_link_or_qr_code(app: Flask, client: FlaskClient) -> None:
    tournament = made(client)
    deal(client, api_draw(client, tournament)[0])
    watcher = app.test_client()
    page = watcher.get(f"/t/{tournament['id']}").get_data(as_text=True)
    assert "1 of 4 deals" in words(watcher.get(f"/t/{tournament['id']}"))
    assert "?key=" not in page and "data-qr" not in page and "End the tournament" not in page
    for path in ("rounds/1/undo", "rounds/1/close", "end"):
        assert watcher.post(f"/t/{tournament['id']}/{path}", data={"confirmed": "yes"}).status_code == 403
    assert rounds_drawn(client, tournament) == 1
