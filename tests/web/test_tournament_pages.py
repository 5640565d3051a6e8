"""The organiser's pages of a tournament: making one, registering late, withdrawing, drawing rounds."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import TournamentRow
from tests.web.conftest import migrated_app

EIGHT = ["Anna", "Bene", "Chris", "Dora", "Emmi", "Ferdl", "Gusti", "Hans"]


def text(response: Any) -> str:
    return str(response.get_data(as_text=True))


def form(**given: Any) -> dict[str, Any]:
    return {"name": "Schafkopf-Cup", "scoring": "1/5", "rounds": "3", "deals": "32",
            "players": "\n".join(EIGHT), **given}


def make(client: FlaskClient, **given: Any) -> str:
    """Make a tournament through the form; answer its id (this client holds its key)."""
    response = client.post("/t/new", data=form(**given))
    assert response.status_code == 302, text(response)
    found = re.fullmatch(r"/t/([\w-]+)", response.headers["Location"])
    assert found, response.headers["Location"]
    return found.group(1)


def read(client: FlaskClient, tournament_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tournaments/{tournament_id}").get_json()
    assert isinstance(answer, dict)
    return answer


def draw(client: FlaskClient, tournament_id: str, wanted: int, seed: str = "", confirmed: str = "") -> Any:
    return client.post(f"/t/{tournament_id}/rounds", data={"wanted": str(wanted), "seed": seed,
                                                           "confirmed": confirmed})


def test_the_home_page_links_to_a_new_tournament(client: FlaskClient) -> None:
    assert 'href="/t/new"' in text(client.get("/"))
    page = client.get("/t/new")
    assert page.status_code == 200
    assert 'name="players"' in text(page) and 'type="file"' in text(page)


def test_a_tournament_made_with_typed_names_opens_for_its_organiser(client: FlaskClient) -> None:
    tournament_id = make(client, players="Anna\n\n  Bene \nChris\nDora\nEmmi\nFerdl\nGusti\nHans\n")
    answer = read(client, tournament_id)
    assert answer["name"] == "Schafkopf-Cup" and answer["rounds_planned"] == 3
    assert answer["deals_per_round"] == 32
    assert answer["rules"]["table_points"]["system"] == "1/5"
    assert [(p["number"], p["name"]) for p in answer["players"]] == list(enumerate(EIGHT, start=1))
    page = text(client.get(f"/t/{tournament_id}"))
    assert "Draw round 1" in page and "Late registration" in page
    assert page.count('aria-label="Withdraw ') == 8
    assert "tournament points 1/5" in page


@pytest.mark.parametrize(("upload", "names"), [
    (b"name\nAnna\nBene\nChris\nDora\n", ["Anna", "Bene", "Chris", "Dora"]),
    (b"Nr;Name;Verein\n1;Anna;SC\n2;Bene;SC\n3;Chris;FC\n4;Dora;FC\n", ["Anna", "Bene", "Chris", "Dora"]),
    (b"\xef\xbb\xbfAnna\r\nBene\r\n\r\nChris\r\nDora\r\n", ["Anna", "Bene", "Chris", "Dora"]),
    ("Name\nJürgen\nBene\nChris\nDora\n".encode("cp1252"), ["Jürgen", "Bene", "Chris", "Dora"]),
])
def test_participants_come_from_a_csv_file(client: FlaskClient, upload: bytes, names: list[str]) -> None:
    tournament_id = make(client, players="", upload=(io.BytesIO(upload), "players.csv"))
    assert [p["name"] for p in read(client, tournament_id)["players"]] == names


def test_typed_names_come_first_and_the_file_joins_them(client: FlaskClient) -> None:
    tournament_id = make(client, players="Anna\nBene",
                         upload=(io.BytesIO(b"name\nChris\nDora\n"), "players.csv"))
    assert [p["name"] for p in read(client, tournament_id)["players"]] == ["Anna", "Bene", "Chris", "Dora"]


@pytest.mark.parametrize(("upload", "words"), [
    (b"", "The file is empty."),
    (b"Nr,Club\n1,SC\n2,FC\n", "none headed"),
    (b"name\n\n", "The file holds no names."),
    (b"\x00\x01\x02PK", "no text file"),
])
def test_a_bad_csv_file_says_what_was_wrong_and_keeps_the_rest(
    client: FlaskClient, upload: bytes, words: str,
) -> None:
    response = client.post("/t/new", data=form(name="Frühjahrs-Cup", players="Zenzi",
                                              upload=(io.BytesIO(upload), "players.csv")))
    assert response.status_code == 200
    page = text(response)
    assert words in page and 'class="field-error" id="upload-error"' in page
    assert 'value="Frühjahrs-Cup"' in page and re.search(r">\s*Zenzi</textarea>", page)


@pytest.mark.parametrize(("given", "field", "words"), [
    ({"name": ""}, "name", "Give the tournament a name."),
    ({"rounds": "zwei"}, "rounds", "Not a valid integer value."),
    ({"rounds": "21"}, "rounds", "From 1 to 20 rounds."),
    ({"players": ""}, "players", "Name the participants, or choose a CSV file of them."),
    ({"scoring": "preset-999"}, "scoring", "Not a valid choice."),
])
def test_a_refusal_shows_by_its_field_and_keeps_what_was_typed(
    app: Flask, client: FlaskClient, given: dict[str, str], field: str, words: str,
) -> None:
    sent = form(**given)
    response = client.post("/t/new", data=sent)
    assert response.status_code == 200
    page = text(response)
    error = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', page)
    assert error and words in error.group(1), page
    if sent["name"]:
        assert f'value="{sent["name"]}"' in page
    assert f'value="{sent["rounds"]}"' in page and f'value="{sent["deals"]}"' in page
    for name in sent["players"].split("\n") if sent["players"] else []:
        assert name in page
    assert tournaments_stored(app) == 0


def tournaments_stored(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(TournamentRow)) or 0)


def test_names_from_a_file_stay_in_the_box_when_another_field_is_refused(client: FlaskClient) -> None:
    response = client.post("/t/new", data=form(
        players="Anna", rounds="0", upload=(io.BytesIO(b"Name\nBene\nChris\n"), "players.csv")))
    page = text(response)
    assert "From 1 to 20 rounds." in page
    assert re.search(r">\s*Anna\r?\nBene\r?\nChris</textarea>", page)
    assert "The 2 names of the file are in the box above now." in page


def save_house_rules(client: FlaskClient, name: str, rules: dict[str, Any]) -> None:
    """Save the rules of a list this phone opened as its house rules."""
    made = client.post("/api/lists", json={"rules": rules, "players": EIGHT[:4]}).get_json()
    client.get(made["edit_url"])
    assert client.post("/presets", data={"name": name, "list_id": made["id"]}).status_code == 302


def test_saved_rules_are_offered_only_when_a_tournament_takes_them(client: FlaskClient) -> None:
    save_house_rules(client, "Wirtshaus", {"preset": "bavarian"})
    save_house_rules(client, "Plus-Cup", {"preset": "bavarian", "games": ["sauspiel", "solo", "passed"],
                                     "table_points": {"system": "1/2", "plus_only": True}})
    group = client.post("/api/groups", json={"name": "Stammtisch", "players": EIGHT}).get_json()
    client.get(group["edit_url"])
    saved = client.post(f"/api/groups/{group['id']}/presets", headers={"X-Edit-Key": group["edit_key"]},
                        json={"name": "Vereinsregeln", "rules": {"preset": "sheepshead", "point_value": 1}})
    assert saved.status_code == 201, saved.get_json()
    page = text(client.get("/t/new"))
    values = dict(re.findall(r'<input [^>]*id="(scoring-\d+)" name="scoring" type="radio" value="([^"]+)"', page))
    options = {label: values[given] for given, label in re.findall(r'<label for="(scoring-\d+)">([^<]+)<', page)}
    assert "Saved rules: Wirtshaus" not in options
    assert "Saved rules: Vereinsregeln (Stammtisch)" in options
    tournament_id = make(client, scoring=options["Saved rules: Plus-Cup"])
    rules = read(client, tournament_id)["rules"]
    assert rules["table_points"]["plus_only"] is True and rules["games"] == ["sauspiel", "solo", "passed"]
    assert "plus only" in text(client.get(f"/t/{tournament_id}"))


def test_sheepshead_scores_points(client: FlaskClient) -> None:
    tournament_id = make(client, scoring="sheepshead", deals="20",
                         players="\n".join([*EIGHT, "Ida", "Jakob"]))
    rules = read(client, tournament_id)["rules"]
    assert rules["preset"] == "sheepshead" and rules["point_value"] == 1


def test_the_form_sent_twice_makes_one_tournament(client: FlaskClient) -> None:
    sent = form(once="same-token-from-the-form")
    first = client.post("/t/new", data=sent)
    second = client.post("/t/new", data=dict(sent))
    assert first.headers["Location"] == second.headers["Location"]


def test_a_draw_shows_the_tables_with_edit_links_and_qr_codes(client: FlaskClient) -> None:
    tournament_id = make(client)
    response = draw(client, tournament_id, 1, seed="abc")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{tournament_id}#round-1")
    page = text(client.get(f"/t/{tournament_id}"))
    assert "Seed: abc" in page and "Draw round 2" in page
    tables = read(client, tournament_id)["rounds"][0]["tables"]
    assert len(tables) == 2
    for table in tables:
        assert re.search(rf'href="http://localhost/l/{table["list"]["id"]}\?key=[\w-]+"', page)
    # Each table's QR code is fetched only when its fold is opened.
    assert "data:image/svg+xml" not in page
    assert page.count(f'data-qr="/t/{tournament_id}/rounds/1/tables/') == 2
    # The edit link opens the table's list for entering deals.
    edit = re.search(r'href="http://localhost(/l/[\w-]+\?key=[\w-]+)"', page)
    assert edit
    other = client.application.test_client()
    opened = other.get(edit.group(1), follow_redirects=True)
    assert "deals/new" in text(opened)


def test_a_draw_sent_twice_draws_once(client: FlaskClient) -> None:
    tournament_id = make(client)
    first = draw(client, tournament_id, 1)
    again = draw(client, tournament_id, 1)
    assert first.status_code == again.status_code == 302
    assert len(read(client, tournament_id)["rounds"]) == 1
    assert "Round 1 was drawn already" in text(client.get(f"/t/{tournament_id}"))
    assert draw(client, tournament_id, 2, confirmed="yes").status_code == 302
    assert len(read(client, tournament_id)["rounds"]) == 2


def test_a_draw_past_the_next_round_or_short_of_players_is_refused_on_the_page(client: FlaskClient) -> None:
    tournament_id = make(client)
    response = draw(client, tournament_id, 3)
    assert response.status_code == 200 and "round 1 is the next to draw" in text(response)
    client.post(f"/t/{tournament_id}/players/8/withdraw")
    refused = draw(client, tournament_id, 1, seed="x")
    assert refused.status_code == 200 and 'id="wanted-error"' in text(refused)
    assert 'value="x"' in text(refused)
    assert read(client, tournament_id)["rounds"] == []


def test_a_withdrawn_participant_is_seated_in_no_later_round(client: FlaskClient) -> None:
    tournament_id = make(client, players="\n".join([*EIGHT, "Ida"]))
    response = client.post(f"/t/{tournament_id}/players/9/withdraw")
    assert response.status_code == 302
    assert "Ida is withdrawn" in text(client.get(f"/t/{tournament_id}"))
    draw(client, tournament_id, 1)
    seated = [n for t in read(client, tournament_id)["rounds"][0]["tables"] for n in t["players"]]
    assert sorted(seated) == sorted(EIGHT)
    assert read(client, tournament_id)["players"][8]["withdrawn"] is True


def test_late_participants_get_the_next_start_numbers(client: FlaskClient) -> None:
    tournament_id = make(client, players="\n".join(EIGHT[:4]))
    response = client.post(f"/t/{tournament_id}/players", data={"players": "Emmi\nFerdl\nGusti\nHans"})
    assert response.status_code == 302
    assert "4 participants registered." in text(client.get(f"/t/{tournament_id}"))
    assert [p["number"] for p in read(client, tournament_id)["players"]] == list(range(1, 9))
    refused = client.post(f"/t/{tournament_id}/players", data={"players": "3; Zenzi"})
    assert refused.status_code == 200
    page = text(refused)
    assert 'id="players-error"' in page and "start number 3 is given twice" in page and "Zenzi" in page
    assert len(read(client, tournament_id)["players"]) == 8


def test_without_the_key_the_page_is_to_watch_only(app: Flask, client: FlaskClient) -> None:
    tournament_id = make(client)
    draw(client, tournament_id, 1)
    watcher = app.test_client()
    page = text(watcher.get(f"/t/{tournament_id}"))
    assert "Round 1" in page and "Anna" in page
    assert "?key=" not in page and "data:image/svg+xml" not in page
    assert "<form" not in page.split("</header>")[1]
    assert "You are watching this tournament." in page
    for path, data in [(f"/t/{tournament_id}/rounds", {"wanted": "2"}),
                       (f"/t/{tournament_id}/players", {"players": "Zenzi"}),
                       (f"/t/{tournament_id}/players/1/withdraw", {})]:
        assert watcher.post(path, data=data).status_code == 403
    assert len(read(client, tournament_id)["rounds"]) == 1
    assert len(read(client, tournament_id)["players"]) == 8


def test_the_edit_link_hands_the_key_to_another_phone(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/tournaments", json={
        "name": "Cup", "rules": {"preset": "sheepshead"}, "players": [*EIGHT, "Ida", "Jakob"],
        "rounds": 2, "deals_per_round": 20}).get_json()
    assert made["url"] == f"/t/{made['id']}"
    assert made["edit_url"] == f"/t/{made['id']}?key={made['edit_key']}"
    phone = app.test_client()
    assert phone.get(made["edit_url"]).headers["Location"] == made["url"]
    page = phone.get(made["url"])
    assert "Draw round 1" in text(page) and page.headers["Cache-Control"] == "private, no-store"
    wrong = app.test_client()
    wrong.get(f"/t/{made['id']}?key=guess")
    assert "does not fit this tournament" in text(wrong.get(made["url"]))
    assert "Draw round 1" not in text(wrong.get(made["url"]))


def test_the_standings_list_place_start_number_name_and_points(client: FlaskClient) -> None:
    tournament_id = make(client, deals="4")
    draw(client, tournament_id, 1)
    page = text(client.get(f"/t/{tournament_id}"))
    link = re.search(r'href="http://localhost(/l/([\w-]+)\?key=([\w-]+))"', page)
    assert link
    list_id, key = link.group(2), link.group(3)
    players = client.get(f"/api/lists/{list_id}").get_json()["players"]
    stored = client.post(f"/api/lists/{list_id}/deals", headers={"X-Edit-Key": key},
                         json={"game": "solo", "declarer": players[0], "points": 61})
    assert stored.status_code == 201, stored.get_json()
    page = text(client.get(f"/t/{tournament_id}"))
    standings = page.split('id="standings-heading"')[1].split("</table>")[0]
    first = re.search(r"<tr>\s*<td>1\.</td>\s*<td>(\d+)</td>\s*<th[^>]*>([^<]+)</th>\s*<td[^>]*>([^<]+)</td>",
                      standings)
    assert first and first.group(2).strip() == players[0] and first.group(3) == "+15"
    assert EIGHT.index(players[0]) + 1 == int(first.group(1))


@pytest.fixture
def csrf_app(tmp_path: Path) -> Iterator[Flask]:
    with migrated_app(tmp_path, WTF_CSRF_ENABLED=True) as app:
        yield app


def test_withdrawing_needs_the_pages_csrf_token(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    made = client.post("/api/tournaments", json={
        "name": "Cup", "rules": {"preset": "sheepshead"}, "players": [*EIGHT, "Ida", "Jakob"],
        "rounds": 2, "deals_per_round": 20}).get_json()
    client.get(made["edit_url"])
    page = text(client.get(made["url"]))
    assert client.post(f"/t/{made['id']}/players/1/withdraw").status_code == 400
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    sent = client.post(f"/t/{made['id']}/players/1/withdraw", data={"csrf_token": token.group(1)})
    assert sent.status_code == 302
    assert client.get(f"/api/tournaments/{made['id']}").get_json()["players"][0]["withdrawn"] is True
