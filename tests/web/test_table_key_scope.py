"""A tournament table's key does a table's work: its own deals while its round is open, nothing else.

Every refused attempt leaves the tournament's answer (and so its standings)
byte for byte as it was; the organiser's key corrects a table at any time,
and the correction is kept and shown.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, TournamentRoundRow, TournamentRow

RULES = {"preset": "bavarian", "games": ["sauspiel", "wenz", "solo", "passed"], "table_points": {"system": "1/5"}}
SAUSPIEL = {"game": "sauspiel", "declarer": "Player 1", "partner": "Player 2", "points": 72}


class Night:
    """A tournament of eight, round 1 drawn: its id and key, and table 1's list id and key."""

    def __init__(self, client: FlaskClient, deals: int = 8) -> None:
        self.client = client
        made = client.post("/api/tournaments", json={
            "name": "Cup", "rules": RULES, "players": [f"Player {n}" for n in range(1, 9)],
            "rounds": 3, "deals_per_round": deals})
        assert made.status_code == 201, made.get_json()
        self.id, self.key = made.get_json()["id"], made.get_json()["edit_key"]
        table = self.draw()[0]
        self.list_id, self.table_key = table["list"]["id"], table["list"]["edit_key"]
        self.players = table["seated"]

    def draw(self) -> list[dict[str, Any]]:
        drawn = self.client.post(f"/api/tournaments/{self.id}/rounds", headers={"X-Edit-Key": self.key})
        assert drawn.status_code == 201, drawn.get_json()
        return list(drawn.get_json()["tables"])

    def deal(self, declarer: int = 0, points: int = 72) -> dict[str, Any]:
        """A Sauspiel of table 1: the ``declarer``-th seat with the next one."""
        return {"game": "sauspiel", "declarer": self.players[declarer],
                "partner": self.players[(declarer + 1) % 4], "points": points}

    def api(self, method: str, path: str, key: str | None = None, **kwargs: Any) -> Any:
        """A request to the table's list through the API, with ``key`` (the table's by default)."""
        return self.client.open(f"/api/lists/{self.list_id}{path}", method=method,
                                headers={"X-Edit-Key": key or self.table_key}, **kwargs)

    def add(self, count: int = 1, key: str | None = None) -> None:
        for number in range(count):
            answer = self.api("POST", "/deals", key, json=self.deal(number % 4))
            assert answer.status_code == 201, answer.get_json()

    def answer(self) -> bytes:
        """The tournament as anyone reads it: its rounds, tables and standings."""
        return bytes(self.client.get(f"/api/tournaments/{self.id}").data)

    def listed(self) -> dict[str, Any]:
        return dict(self.client.get(f"/api/lists/{self.list_id}").get_json())


def close_round(app: Flask, night: Night) -> None:
    with app.app_context():
        round_row = db.session.query(TournamentRoundRow).filter_by(tournament_id=night.id, number=1).one()
        round_row.closed_at = datetime(2026, 1, 1, 23, 0)
        db.session.commit()


def end_tournament(app: Flask, night: Night) -> None:
    with app.app_context():
        row = db.session.get(TournamentRow, night.id)
        assert row is not None
        row.ended_at = datetime(2026, 1, 1, 23, 30)
        db.session.commit()


#: What makes a table's round over: the next round drawn, the round closed, the tournament ended.
OVER: dict[str, Callable[[Flask, Night], None]] = {
    "next round drawn": lambda _app, night: night.draw() and None,
    "round closed": close_round,
    "tournament ended": end_tournament,
}


# -- through the API ---------------------------------------------------------------------------


def list_work(night: Night) -> dict[str, Callable[[], Any]]:
    """Every change of the list a table's key tries through the API, each refused."""
    changes = f"/api/lists/{night.list_id}/changes"
    group = night.client.post("/api/groups", json={"name": "Stammtisch", "players": ["Anna", "Bene", "Chris"]}).get_json()
    return {
        # +100,010 into the standings, recording nothing: the attack this stops.
        "rules": lambda: night.client.post(changes, headers={"X-Edit-Key": night.table_key}, json={
            "from": 2, "rules": {"table_points": None, "tariffs": {"sauspiel": 100_000}}}),
        "seating": lambda: night.client.post(changes, headers={"X-Edit-Key": night.table_key}, json={
            "from": 2, "players": list(reversed(night.players))}),
        "group": lambda: night.client.post(
            f"/api/groups/{group['id']}/lists", headers={"X-Edit-Key": group["edit_key"]},
            json={"id": night.list_id, "edit_key": night.table_key}),
    }


@pytest.mark.parametrize("what", ["rules", "seating", "group"])
def test_a_tables_key_changes_nothing_of_its_list_through_the_api(client: FlaskClient, what: str) -> None:
    night = Night(client)
    night.add()
    before, listed = night.answer(), night.listed()
    refused = list_work(night)[what]()
    assert refused.status_code == 403, refused.get_json()
    assert "tournament" in refused.get_json()["message"]
    assert night.answer() == before
    assert night.listed() == listed


@pytest.mark.parametrize("what", ["rules", "seating"])
def test_the_organisers_key_changes_no_tables_rules_either(client: FlaskClient, what: str) -> None:
    night = Night(client)
    night.add(key=night.key)  # the organiser enters deals...
    before = night.answer()
    night.table_key = night.key
    assert list_work(night)[what]().status_code == 403  # ...and changes nothing else
    assert night.answer() == before


def test_a_tables_key_adds_no_deal_past_the_tables_count(client: FlaskClient) -> None:
    night = Night(client, deals=32)
    night.add(32)
    assert night.listed()["deals"][-1]["number"] == 32
    before = night.answer()
    for key in (night.table_key, night.key):  # whoever asks
        refused = night.api("POST", "/deals", key, json=night.deal())
        assert refused.status_code == 409, refused.get_json()
        assert night.answer() == before
    assert len(night.listed()["deals"]) == 32


@pytest.mark.parametrize("over", list(OVER))
def test_once_its_round_is_over_a_tables_key_changes_no_deal(app: Flask, client: FlaskClient, over: str) -> None:
    night = Night(client)
    night.add(3)
    assert night.api("DELETE", "/deals/3").status_code == 204  # while open, the table's own work
    OVER[over](app, night)
    before, listed = night.answer(), night.listed()
    assert listed["tournament"]["open"] is False
    attempts = {
        "add": night.api("POST", "/deals", json=night.deal()),
        "edit": night.api("PUT", "/deals/1", json=night.deal(2, points=72)),
        "delete": night.api("DELETE", "/deals/1"),
    }
    for what, refused in attempts.items():
        assert refused.status_code == 403, what
        assert refused.get_json()["message"].startswith("This table's round is over"), what
    assert night.answer() == before
    assert night.listed() == listed


def test_the_organiser_corrects_a_round_one_deal_after_round_two_is_drawn(client: FlaskClient) -> None:
    night = Night(client)
    night.add(2)
    night.draw()
    before = client.get(f"/api/tournaments/{night.id}").get_json()["standings"]
    assert night.api("PUT", "/deals/1", json=night.deal(2, points=72)).status_code == 403
    corrected = night.api("PUT", "/deals/1", night.key, json=night.deal(2, points=72))
    assert corrected.status_code == 200, corrected.get_json()
    assert client.get(f"/api/tournaments/{night.id}").get_json()["standings"] != before
    assert night.api("POST", "/deals", night.key, json=night.deal(1)).status_code == 201
    assert night.api("DELETE", "/deals/2", night.key).status_code == 204
    listed = night.listed()
    assert listed["tournament"] == {"id": night.id, "round": 1, "table": 1, "open": False}
    assert [(c["deal"], c["what"]) for c in listed["corrections"]] == [
        (1, "edited"), (3, "added"), (2, "deleted")]
    assert all(datetime.fromisoformat(c["at"]) for c in listed["corrections"])


def test_a_tables_list_says_where_it_is_played_and_a_list_of_its_own_does_not(client: FlaskClient) -> None:
    night = Night(client)
    listed = night.listed()
    assert listed["tournament"] == {"id": night.id, "round": 1, "table": 1, "open": True}
    assert listed["corrections"] == []
    own = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": ["A", "B", "C", "D"]})
    read = client.get(f"/api/lists/{own.get_json()['id']}").get_json()
    assert "tournament" not in read and "corrections" not in read


def test_a_read_tag_follows_the_round_not_only_the_list(client: FlaskClient) -> None:
    night = Night(client)
    path = f"/api/lists/{night.list_id}"
    tag = client.get(path).headers["ETag"]
    assert client.get(path, headers={"If-None-Match": tag}).status_code == 304
    night.draw()  # the list did not change; whether its round is open did
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.get_json()["tournament"]["open"] is False


# -- through the pages -------------------------------------------------------------------------


def table_phone(app: Flask, night: Night) -> FlaskClient:
    """A phone at the table: it opened the table's QR code, so it holds the table's key."""
    phone = app.test_client()
    phone.get(f"/l/{night.list_id}?key={night.table_key}")
    return phone


def organiser_phone(app: Flask, night: Night) -> FlaskClient:
    phone = app.test_client()
    phone.get(f"/t/{night.id}?key={night.key}")
    return phone


def page_list_work(phone: FlaskClient, night: Night) -> dict[str, Callable[[], Any]]:
    """Every change of the list a phone tries through the pages."""
    at = f"/l/{night.list_id}"
    group = phone.post("/api/groups", json={"name": "Stammtisch", "players": ["Anna", "Bene", "Chris"]}).get_json()
    phone.get(f"/g/{group['id']}?key={group['edit_key']}")
    return {
        "settings": lambda: phone.get(f"{at}/settings"),
        "rename": lambda: phone.post(f"{at}/settings/rename", data={
            "rename-old": night.players[0], "rename-new": "Cheater"}),
        "seating": lambda: phone.post(f"{at}/settings/change", data={
            "change-players": list(reversed(night.players)), "change-table_points": ""}),
        "delete": lambda: phone.post(f"{at}/delete", data={}),
        "new key": lambda: phone.post(f"{at}/key", data={}),
        "finish": lambda: phone.post(f"{at}/finish", data={}),
        "reopen": lambda: phone.post(f"{at}/reopen", data={}),
        "group": lambda: phone.post(f"/g/{group['id']}/lists", data={"list_id": night.list_id}),
    }


@pytest.mark.parametrize("who", ["table", "organiser"])
@pytest.mark.parametrize("what", ["settings", "rename", "seating", "delete", "new key", "finish", "reopen", "group"])
def test_no_phone_changes_a_tables_list_through_the_pages(app: Flask, client: FlaskClient, who: str, what: str) -> None:
    night = Night(client)
    night.add(2)
    phone = table_phone(app, night) if who == "table" else organiser_phone(app, night)
    assert phone.get(f"/l/{night.list_id}/deals/new").status_code == 200  # either phone enters deals
    before, listed = night.answer(), night.listed()
    refused = page_list_work(phone, night)[what]()
    assert refused.status_code in (403, 302), what
    if refused.status_code == 302:  # the group's page says the list cannot be added
        assert night.list_id not in phone.get(refused.headers["Location"]).get_data(as_text=True)
    assert night.answer() == before
    assert night.listed() == listed
    with app.app_context():
        assert db.session.get(ScoreListRow, night.list_id) is not None


def deal_form(night: Night, declarer: int = 0, points: int = 72, token: str = "") -> dict[str, str]:
    deal = night.deal(declarer, points)
    return {**{k: str(v) for k, v in deal.items()}, "token": token or f"t-{declarer}-{points}"}


@pytest.mark.parametrize("over", list(OVER))
def test_once_its_round_is_over_a_tables_phone_changes_no_deal(app: Flask, client: FlaskClient, over: str) -> None:
    night = Night(client)
    night.add(3)
    phone = table_phone(app, night)
    assert phone.post(f"/l/{night.list_id}/deals/3/delete", data={}).status_code == 302  # while open
    deleted = night.client.get(f"/api/lists/{night.list_id}").get_json()
    assert len(deleted["deals"]) == 2
    OVER[over](app, night)
    before, listed = night.answer(), night.listed()
    at = f"/l/{night.list_id}"
    attempts = {
        "new": phone.post(f"{at}/deals/new", data=deal_form(night)),
        "edit": phone.post(f"{at}/deals/1/edit", data=deal_form(night, 2, 72)),
        "delete": phone.post(f"{at}/deals/1/delete", data={}),
        "undo": phone.post(f"{at}/undo", data={}),
        "restore": phone.post(f"{at}/deals/{restorable_id(app, night)}/restore", data={}),
    }
    for what, refused in attempts.items():
        assert refused.status_code == 403, what
        assert "The organiser corrects it." in refused.get_data(as_text=True), what
    assert night.answer() == before
    assert night.listed() == listed
    page = phone.get(at).get_data(as_text=True)
    assert "round is over: its key can no longer change the list" in page
    assert "New deal" not in page and "Settle up" not in page and "Undo last deal" not in page
    assert f"{at}/deals/1/edit" not in phone.get(f"{at}/deals/1").get_data(as_text=True)


def restorable_id(app: Flask, night: Night) -> int:
    from scorer.web.models import DealRow

    with app.app_context():
        gone = db.session.query(DealRow).filter(
            DealRow.list_id == night.list_id, DealRow.deleted_at.is_not(None)).one()
        return gone.id


def test_a_table_phone_adds_no_deal_past_its_count_on_the_page(app: Flask, client: FlaskClient) -> None:
    night = Night(client, deals=4)
    night.add(4)
    phone = table_phone(app, night)
    before = night.answer()
    refused = phone.post(f"/l/{night.list_id}/deals/new", data=deal_form(night), follow_redirects=True)
    assert "All 4 deals of this table are played." in refused.get_data(as_text=True)
    assert night.answer() == before


def test_a_group_renames_no_one_at_a_tables_list_it_was_given_before(app: Flask, client: FlaskClient) -> None:
    night = Night(client)
    night.add()
    players = [*night.players[:3], "Anna"]
    group = client.post("/api/groups", json={"name": "Stammtisch", "players": players}).get_json()
    with app.app_context():  # a table's list put in a group before a table's key could no longer
        row = db.session.get(ScoreListRow, night.list_id)
        assert row is not None
        row.group_id = group["id"]
        db.session.commit()
    before, listed = night.answer(), night.listed()
    client.get(f"/g/{group['id']}?key={group['edit_key']}")
    renamed = client.post(f"/g/{group['id']}/rename", data={"rename-old": players[0], "rename-new": "Cheater"})
    assert renamed.status_code == 302
    assert night.answer() == before
    assert night.listed() == listed


def test_a_deleted_deal_comes_back_only_while_the_table_has_room(app: Flask, client: FlaskClient) -> None:
    night = Night(client, deals=4)
    night.add(4)
    assert night.api("DELETE", "/deals/4").status_code == 204
    night.add()  # the deal entered again, in its place
    before = night.answer()
    phone = table_phone(app, night)
    refused = phone.post(f"/l/{night.list_id}/deals/{restorable_id(app, night)}/restore", data={},
                         follow_redirects=True)
    assert "All 4 deals of this table are played." in refused.get_data(as_text=True)
    assert night.answer() == before
    assert len(night.listed()["deals"]) == 4


def test_the_organisers_phone_corrects_a_deal_and_the_list_shows_it(app: Flask, client: FlaskClient) -> None:
    night = Night(client)
    night.add(2)
    night.draw()
    phone = organiser_phone(app, night)
    before = client.get(f"/api/tournaments/{night.id}").get_json()["standings"]
    edited = phone.post(f"/l/{night.list_id}/deals/1/edit", data=deal_form(night, 2, 72))
    assert edited.status_code == 302, edited.get_data(as_text=True)
    assert client.get(f"/api/tournaments/{night.id}").get_json()["standings"] != before
    page = phone.get(f"/l/{night.list_id}").get_data(as_text=True)
    assert "Deal 1 edited by the organiser" in page
    assert "Settle up" not in page and "Players and rules" not in page and "Delete list" not in page
    assert f'href="/t/{night.id}"' in page
    watching = app.test_client().get(f"/l/{night.list_id}").get_data(as_text=True)
    assert "Deal 1 edited by the organiser" in watching


def test_a_tables_list_has_no_settle_up_page(app: Flask, client: FlaskClient) -> None:
    night = Night(client)
    answer = table_phone(app, night).get(f"/l/{night.list_id}/settle")
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/l/{night.list_id}")
