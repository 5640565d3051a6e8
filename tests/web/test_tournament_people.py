"""A tournament's people: start numbers (CSV, API), names alike, checks, rename, withdraw and re-admit, races."""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_tournaments_api import create, draw, names, read

BIG = 2**31


def key(made: dict[str, Any]) -> dict[str, str]:
    return {"X-Edit-Key": made["edit_key"]}


def text(response: Any) -> str:
    return str(response.get_data(as_text=True))


def post(client: FlaskClient, made: dict[str, Any], path: str, body: Any = None) -> Any:
    return client.post(f"/api/tournaments/{made['id']}/players{path}", json=body, headers=key(made))


def organise(client: FlaskClient, made: dict[str, Any]) -> None:
    """This client holds the tournament's key, as after opening its edit link."""
    client.get(made["edit_url"])


def new_with_csv(client: FlaskClient, data: bytes) -> Any:
    return client.post("/t/new", data={
        "name": "Cup", "scoring": "1/5", "rounds": "2", "deals": "32", "players": "",
        "upload": (io.BytesIO(data), "people.csv")}, content_type="multipart/form-data")


# -- start numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize("heading", ["Nr", "Nr.", "Startnummer", "number", "Start number", "no"])
def test_the_csv_s_start_numbers_are_kept_gaps_and_all(client: FlaskClient, heading: str) -> None:
    made = new_with_csv(client, f"{heading};Name;Verein\n12;Anna;FC\n3;Bene;SV\n;Chris;\n40;Anna;TSV\n".encode())
    assert made.status_code == 302, text(made)
    tournament_id = made.headers["Location"].rsplit("/", 1)[-1]
    players = client.get(f"/api/tournaments/{tournament_id}").get_json()["players"]
    assert [(p["number"], p["name"]) for p in players] == [(3, "Bene"), (12, "Anna"), (40, "Anna"), (41, "Chris")]


def test_a_start_number_twice_in_the_csv_is_refused_naming_it(client: FlaskClient) -> None:
    refused = new_with_csv(client, b"Nr,Name\n7,Anna\n8,Bene\n7,Chris\n")
    assert refused.status_code == 200
    assert 'id="upload-error"' in text(refused) and "start number 7 is in the file twice" in text(refused)
    bad = new_with_csv(client, b"Nr,Name\nseven,Anna\n")
    assert bad.status_code == 200 and "the start number seven is no whole number" in text(bad)


def test_typed_lines_may_give_start_numbers(client: FlaskClient) -> None:
    made = client.post("/t/new", data={"name": "Cup", "scoring": "1/5", "rounds": "2", "deals": "32",
                                       "players": "5; Anna\nBene\n2, Chris\nDora"})
    assert made.status_code == 302, text(made)
    tournament_id = made.headers["Location"].rsplit("/", 1)[-1]
    players = client.get(f"/api/tournaments/{tournament_id}").get_json()["players"]
    assert [(p["number"], p["name"]) for p in players] == [(2, "Chris"), (5, "Anna"), (6, "Bene"), (7, "Dora")]


def test_the_api_takes_names_and_numbered_participants_mixed(client: FlaskClient) -> None:
    made = create(client, players=[{"number": 12, "name": "Anna"}, "Bene", {"number": 3, "name": "Anna"},
                                   {"name": "Chris"}, *names(4)])
    players = read(client, made)["players"]
    assert [(p["number"], p["name"]) for p in players] == [
        (3, "Anna"), (12, "Anna"), (13, "Bene"), (14, "Chris"), (15, "Player 1"), (16, "Player 2"),
        (17, "Player 3"), (18, "Player 4")]
    late = post(client, made, "", {"players": [{"number": 100, "name": "Bene"}, "Dora"]})
    assert late.status_code == 201, late.get_json()
    assert [(p["number"], p["name"]) for p in late.get_json()["players"]] == [(100, "Bene"), (101, "Dora")]
    taken = post(client, made, "", {"players": [{"number": 12, "name": "Otto"}]})
    assert taken.status_code == 422 and taken.get_json()["key"] == "players"
    assert "start number 12" in taken.get_json()["error"]


@pytest.mark.parametrize("players", [
    [{"number": 4, "name": "Anna"}, {"number": 4, "name": "Bene"}],
    [{"number": 0, "name": "Anna"}],
    [{"number": BIG, "name": "Anna"}],
    [{"number": "1", "name": "Anna"}],
    [{"number": 1, "name": "Anna", "club": "FC"}],
    [{"number": 1}],
    ["Anna\u0000"], ["An\u0007na"], ["Anna\ud800"], ["x" * 61], [""], [7],
])
def test_bad_participants_are_refused_with_422(client: FlaskClient, players: list[Any]) -> None:
    response = client.post("/api/tournaments", json={
        "name": "Cup", "rules": {"preset": "sheepshead"}, "players": [*players, *names(10)],
        "rounds": 2, "deals_per_round": 20})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.get_json()["key"] == "players"


def test_two_of_one_name_are_told_apart_by_start_number(client: FlaskClient) -> None:
    made = create(client, players=["Anna", "anna ", *names(6)], rounds=2, deals_per_round=4)
    players = read(client, made)["players"]
    assert [(p["number"], p["name"]) for p in players[:2]] == [(1, "Anna"), (2, "anna")]
    standings = read(client, made)["standings"]
    assert {s["number"] for s in standings if s["player"].lower() == "anna"} == {1, 2}


def test_a_participant_number_beyond_the_database_s_integers_is_not_found(
    client: FlaskClient,
) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    for path, body in (("/withdraw", None), ("/readmit", None), ("/name", {"name": "Otto"}),
                       ("/substitute", {"name": "Otto"})):
        for number in (BIG, 10**30):
            answer = post(client, made, f"/{number}{path}", body)
            assert answer.status_code == 404 and "error" in answer.get_json(), (path, number)
    organise(client, made)
    assert client.get(f"/t/{made['id']}/players/{BIG}").status_code == 404
    assert client.post(f"/t/{made['id']}/players/{BIG}/withdraw").status_code == 404
    assert client.get(f"/t/{made['id']}/players/{BIG}/withdraw").status_code == 404


def test_odd_names_at_registration_and_for_a_substitute_answer_422(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    for bad in ("Eva\u0000", "Eva\ud800", "Eva\u202e", "x" * 61, " ", 12, None):
        late = post(client, made, "", {"players": [bad]})
        assert late.status_code == 422 and late.get_json()["key"] == "players", bad
        numbered = post(client, made, "", {"players": [{"number": 30, "name": bad}]})
        assert numbered.status_code == 422 and numbered.get_json()["key"] == "players", bad
        if bad is not None:
            sub = post(client, made, "/3/substitute", {"name": bad})
            assert sub.status_code == 422 and sub.get_json()["key"] == "name", bad
    assert len(read(client, made)["players"]) == 8


# -- rename -----------------------------------------------------------------------------------


def test_a_rename_reaches_the_standings_the_seating_and_the_current_round_s_lists(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=3, deals_per_round=4)
    first = draw(client, made).get_json()["tables"]
    second = draw(client, made).get_json()["tables"]
    renamed = post(client, made, "/3/name", {"name": "Xaver"})
    assert renamed.status_code == 200, renamed.get_json()
    assert renamed.get_json() == {"number": 3, "name": "Xaver", "withdrawn": False, "substitute": None}
    answer = read(client, made)
    assert {s["number"]: s["player"] for s in answer["standings"]}[3] == "Xaver"
    now = next(t for t in second if "Player 3" in t["players"])
    listed = client.get(f"/api/lists/{now['list']['id']}").get_json()["players"]
    assert "Xaver" in listed and "Player 3" not in listed
    before = next(t for t in first if "Player 3" in t["players"])
    assert "Player 3" in client.get(f"/api/lists/{before['list']['id']}").get_json()["players"]
    seating = text(client.get(f"/t/{made['id']}/rounds/1/seating"))
    assert "Xaver" in seating and "Player 3" not in seating
    # A deal at the current table under the new name counts for the participant.
    added = client.post(f"/api/lists/{now['list']['id']}/deals", json={"game": "solo", "declarer": "Xaver",
                        "points": 70}, headers={"X-Edit-Key": now["list"]["edit_key"]})
    assert added.status_code == 201, added.get_json()
    standings = {s["number"]: s for s in read(client, made)["standings"]}
    assert standings[3]["solos_won"] == 1 and standings[3]["place"] == 1


def test_a_rename_to_a_name_another_bears_numbers_the_seat(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    tables = draw(client, made).get_json()["tables"]
    assert post(client, made, "/3/name", {"name": "Player 4"}).status_code == 200
    listed = [p for t in tables for p in client.get(f"/api/lists/{t['list']['id']}").get_json()["players"]]
    assert "Player 4 (3)" in listed and "Player 4" in listed


def test_a_rename_is_refused_cleanly(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    assert post(client, made, "/4/substitute", {"name": "Eva"}).status_code == 200
    for bad in ("eva", "", "A\u0000", "B\ud800", "x" * 61, None, 5):
        answer = post(client, made, "/3/name", {"name": bad})
        assert answer.status_code == 422 and answer.get_json()["key"] == "name", bad
    assert post(client, made, "/99/name", {"name": "Otto"}).status_code == 404
    assert post(client, made, "/3/name", {}).status_code == 400
    assert client.post(f"/api/tournaments/{made['id']}/players/3/name", json={"name": "Otto"}).status_code == 403
    assert read(client, made)["players"][2]["name"] == "Player 3"


def test_the_organiser_renames_on_the_participant_s_page(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    assert client.get(f"/t/{made['id']}/players/3").status_code == 403
    organise(client, made)
    tournament = text(client.get(f"/t/{made['id']}"))
    assert f'href="/t/{made["id"]}/players/3"' in tournament
    page = client.get(f"/t/{made['id']}/players/3")
    assert page.status_code == 200 and 'value="Player 3"' in text(page)
    refused = client.post(f"/t/{made['id']}/players/3/name", data={"name": "A\u0007"})
    assert refused.status_code == 200 and 'id="name-error"' in text(refused)
    done = client.post(f"/t/{made['id']}/players/3/name", data={"name": "Xaver"})
    assert done.status_code == 302
    assert "Player 3 is now called Xaver." in text(client.get(f"/t/{made['id']}"))
    assert read(client, made)["players"][2]["name"] == "Xaver"


# -- withdraw, re-admit -------------------------------------------------------------------------


def test_withdrawing_on_the_page_asks_first(client: FlaskClient) -> None:
    made = create(client, players=names(9), rounds=2, deals_per_round=4)
    organise(client, made)
    listed = text(client.get(f"/t/{made['id']}"))
    asking = f"/t/{made['id']}/players/9/withdraw"
    assert f'<a class="button" href="{asking}"' in listed and f'action="{asking}"' not in listed
    asked = client.get(asking)
    assert asked.status_code == 200
    assert "Withdraw Player 9 (9)?" in text(asked) and f'action="{asking}"' in text(asked)
    assert read(client, made)["players"][8]["withdrawn"] is False
    done = client.post(asking)
    assert done.status_code == 302
    assert read(client, made)["players"][8]["withdrawn"] is True
    assert "Re-admit Player 9 (9)" in text(client.get(f"/t/{made['id']}"))


def test_a_withdrawn_participant_is_readmitted_and_seated_from_the_next_round(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=3, deals_per_round=4)
    assert post(client, made, "/8/withdraw").status_code == 200
    short = draw(client, made)
    assert short.status_code == 422  # seven do not fill tables of four
    back = post(client, made, "/8/readmit")
    assert back.status_code == 200 and back.get_json()["withdrawn"] is False
    seated = [p for t in draw(client, made).get_json()["tables"] for p in t["players"]]
    assert sorted(seated) == sorted(names(8))
    organise(client, made)
    assert client.post(f"/t/{made['id']}/players/8/withdraw").status_code == 302
    assert client.post(f"/t/{made['id']}/players/8/readmit").status_code == 302
    assert read(client, made)["players"][7]["withdrawn"] is False
    assert "Player 8 is back" in text(client.get(f"/t/{made['id']}"))
    assert client.post(f"/api/tournaments/{made['id']}/players/8/readmit").status_code == 403


# -- races --------------------------------------------------------------------------------------


def at_once(app: Flask, calls: list[Callable[[FlaskClient], Any]]) -> list[Any]:
    """Run each call on its own client in its own thread, all let go together; their answers."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        client = app.test_client()
        barrier.wait()
        answers[index] = calls[index](client)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_registrations_at_once_get_a_number_each(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    calls = [lambda c, n=n: c.post(f"/api/tournaments/{made['id']}/players", json={"players": [f"Late {n}"]},
                                   headers=key(made)) for n in range(6)]
    calls += [lambda c: c.post(f"/api/tournaments/{made['id']}/players",
                               json={"players": [{"number": 50, "name": "Fifty"}]}, headers=key(made))] * 2
    answers = at_once(app, calls)
    codes = sorted(a.status_code for a in answers)
    assert set(codes) <= {201, 409, 422}, [a.get_data(as_text=True) for a in answers]
    assert codes.count(201) >= 7  # every late name, and one of the two fifties
    numbers = [p["number"] for p in read(client, made)["players"]]
    assert len(numbers) == len(set(numbers)) == 8 + codes.count(201)
    assert numbers.count(50) == 1


def test_substitutes_and_renames_at_once_answer_without_error(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    draw(client, made)
    path = f"/api/tournaments/{made['id']}/players"
    calls = [lambda c, n=n: c.post(f"{path}/{n}/substitute", json={"name": "Eva"}, headers=key(made))
             for n in (1, 2, 3)]
    calls += [lambda c, n=n: c.post(f"{path}/{n}/name", json={"name": f"New {n}"}, headers=key(made))
              for n in (4, 5, 6, 7)]
    answers = at_once(app, calls)
    codes = [a.status_code for a in answers]
    assert set(codes) <= {200, 409, 422}, [a.get_data(as_text=True) for a in answers]
    assert codes[:3].count(200) == 1  # one substitute named Eva, the others refused
    assert codes[3:] == [200] * 4
    players = read(client, made)["players"]
    assert [p["substitute"] for p in players].count("Eva") == 1
    assert [p["name"] for p in players[3:7]] == [f"New {n}" for n in (4, 5, 6, 7)]


def test_a_participant_s_page_and_the_ask_speak_german(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    organise(client, made)
    client.get("/lang/de")
    page = text(client.get(f"/t/{made['id']}/players/3"))
    assert "Umbenennen" in page and "Ersatzspieler" in page
    asked = text(client.get(f"/t/{made['id']}/players/3/withdraw"))
    assert "Player 3 (3) abmelden?" in asked and "Ja, abmelden" in asked
