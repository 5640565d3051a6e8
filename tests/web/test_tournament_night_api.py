"""The organiser's night over the JSON API: undo a draw, close a round, end the tournament."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.test_tournament_night import api_draw, deal, made, play_out


def _path(tournament: dict[str, object]) -> str:
    return f"/api/tournaments/{tournament['id']}"


def _key(tournament: dict[str, object]) -> dict[str, str]:
    return {"X-Edit-Key": str(tournament["edit_key"])}


def test_a_draw_undone_by_the_api_is_drawn_again_and_its_lists_are_gone(client: FlaskClient) -> None:
    tournament = made(client)
    first = api_draw(client, tournament)
    assert client.delete(f"{_path(tournament)}/rounds/1").status_code == 403  # the key is the organiser's
    assert client.delete(f"{_path(tournament)}/rounds/1", headers=_key(tournament)).status_code == 204
    assert client.get(_path(tournament)).get_json()["rounds"] == []
    assert client.get(f"/api/lists/{first[0]['list']['id']}").status_code == 404
    again = api_draw(client, tournament)
    assert {t["list"]["id"] for t in again}.isdisjoint({t["list"]["id"] for t in first})


def test_the_api_undoes_no_round_a_table_has_played_in(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    deal(client, tables[1])
    refused = client.delete(f"{_path(tournament)}/rounds/1", headers=_key(tournament))
    assert refused.status_code == 422 and refused.get_json()["key"] == "round"
    assert "table 2" in refused.get_json()["error"]
    assert len(client.get(_path(tournament)).get_json()["rounds"]) == 1


def test_a_round_closed_by_the_api_takes_no_more_deals_from_its_tables(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    deal(client, tables[0])
    closed = client.post(f"{_path(tournament)}/rounds/1/close", headers=_key(tournament))
    assert closed.status_code == 200 and closed.get_json() == {"round": 1, "closed": True}
    table = tables[0]["list"]
    refused = client.post(f"/api/lists/{table['id']}/deals", headers={"X-Edit-Key": table["edit_key"]},
                          json={"game": "solo", "declarer": tables[0]["players"][1], "points": 61})
    assert refused.status_code == 403
    assert client.get(f"/api/lists/{table['id']}").get_json()["tournament"]["open"] is False


def test_a_tournament_ended_by_the_api_draws_no_more_and_its_standings_are_final(client: FlaskClient) -> None:
    tournament = made(client)
    tables = api_draw(client, tournament)
    for table in tables:
        play_out(client, table)
    ended = client.post(f"{_path(tournament)}/end", headers=_key(tournament))
    assert ended.status_code == 200 and ended.get_json()["ended"] is True
    read = client.get(_path(tournament)).get_json()
    assert read["final"] is True and read["after_round"] == 1
    refused = client.post(f"{_path(tournament)}/rounds", json={}, headers=_key(tournament))
    assert refused.status_code == 409
