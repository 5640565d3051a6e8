"""A substitute plays a participant's seat from the next round drawn; the points stay the participant's."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.test_tournaments_api import create, draw, names, read


def substitute(client: FlaskClient, made: dict[str, Any], number: int, name: Any) -> Any:
    return client.post(f"/api/tournaments/{made['id']}/players/{number}/substitute", json={"name": name},
                       headers={"X-Edit-Key": made["edit_key"]})


def test_a_substitute_is_seated_under_their_name_and_scores_for_the_participant(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    answer = substitute(client, made, 3, "Eva")
    assert answer.status_code == 200
    assert answer.get_json() == {"number": 3, "name": "Player 3", "withdrawn": False, "substitute": "Eva"}
    assert read(client, made)["players"][2]["substitute"] == "Eva"
    tables = draw(client, made).get_json()["tables"]
    table = next(t for t in tables if "Player 3" in t["players"])
    seat = table["players"].index("Player 3")
    assert table["seated"][seat] == "Eva"
    document = client.get(f"/api/lists/{table['list']['id']}").get_json()
    assert document["players"] == table["seated"]
    others = [p for p in table["players"] if p != "Player 3"]
    added = client.post(f"/api/lists/{table['list']['id']}/deals",
                        json={"game": "solo", "declarer": "Eva", "points": 61},
                        headers={"X-Edit-Key": table["list"]["edit_key"]})
    assert added.status_code == 201, added.get_json()
    totals = client.get(f"/api/lists/{table['list']['id']}").get_json()["totals"]
    tournament = read(client, made)
    standings = {s["number"]: s for s in tournament["standings"]}
    assert standings[3]["points"] == totals["Eva"] > 0 and standings[3]["solos_won"] == 1
    assert standings[3]["place"] == 1 and "Eva" not in {s["player"] for s in tournament["standings"]}
    shown = next(t for t in tournament["rounds"][0]["tables"] if t["table"] == table["table"])
    assert shown["seated"] == table["seated"] and shown["players"] == table["players"]
    assert all(standings[int(n)]["points"] == totals[p] for n, p in zip(shown["numbers"], shown["seated"])
               if p in others)


def test_ending_a_substitution_seats_the_participant_again(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    assert substitute(client, made, 3, "Eva").status_code == 200
    ended = substitute(client, made, 3, None)
    assert ended.status_code == 200 and ended.get_json()["substitute"] is None
    tables = draw(client, made).get_json()["tables"]
    assert all(t["seated"] == t["players"] for t in tables)


def test_a_substitute_needs_a_name_of_their_own(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    taken = substitute(client, made, 3, "player 4")
    assert taken.status_code == 422 and taken.get_json()["key"] == "name"
    assert substitute(client, made, 3, "Eva").status_code == 200
    assert substitute(client, made, 3, "Eva").status_code == 200  # sent again: the same
    twice = substitute(client, made, 5, "eva")
    assert twice.status_code == 422 and twice.get_json()["key"] == "name"
    joined = client.post(f"/api/tournaments/{made['id']}/players", json={"players": ["Eva"]},
                         headers={"X-Edit-Key": made["edit_key"]})
    assert joined.status_code == 422 and joined.get_json()["key"] == "players"
    assert substitute(client, made, 3, " ").status_code == 422
    assert substitute(client, made, 99, "Otto").status_code == 404
    path = f"/api/tournaments/{made['id']}/players/3/substitute"
    assert client.post(path, json={"name": "Otto"}).status_code == 403
    no_name = client.post(path, json={}, headers={"X-Edit-Key": made["edit_key"]})
    assert no_name.status_code == 400


def test_a_withdrawn_participant_takes_no_substitute(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    assert client.post(f"/api/tournaments/{made['id']}/players/3/withdraw",
                       headers={"X-Edit-Key": made["edit_key"]}).status_code == 200
    refused = substitute(client, made, 3, "Eva")
    assert refused.status_code == 422 and refused.get_json()["key"] == "name"


def test_the_organiser_names_and_removes_a_substitute_on_the_page(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    path = f"/t/{made['id']}/players/3/substitute"
    assert client.post(path, data={"substitute": "Eva"}).status_code == 403
    client.get(made["edit_url"])
    page = client.get(f"/t/{made['id']}/players/3").get_data(as_text=True)
    assert f'action="{path}"' in page and 'name="substitute"' in page and 'name="end"' not in page
    taken = client.post(path, data={"substitute": "player 4"})
    assert taken.status_code == 200 and 'id="substitute-error"' in taken.get_data(as_text=True)
    named = client.post(path, data={"substitute": "Eva"})
    assert named.status_code == 302
    assert read(client, made)["players"][2]["substitute"] == "Eva"
    shown = client.get(f"/t/{made['id']}").get_data(as_text=True)
    assert "played by Eva" in shown and "Eva plays the seat of Player 3" in shown
    page = client.get(f"/t/{made['id']}/players/3").get_data(as_text=True)
    assert 'value="Eva"' in page and 'name="end"' in page
    assert client.post(path, data={"end": "1"}).status_code == 302
    assert read(client, made)["players"][2]["substitute"] is None
    tables = draw(client, made).get_json()["tables"]
    assert all(t["seated"] == t["players"] for t in tables)
