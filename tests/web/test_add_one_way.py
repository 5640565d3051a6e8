"""Adding a deal is one way on every database: the list's write lock, the key asked once, one transaction.

``services.add_deal`` takes the list's write lock (bumping its revision),
asks once for a deal stored under the Idempotency-Key, scores the deal from
the list's kept end or a replay, and writes it before letting go. Each test
here holds on SQLite and on PostgreSQL alike.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
import sqlalchemy as sa
from sqlalchemy import event as sa_event

from scorer.web.extensions import db

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70}
SOLO = {"game": "solo", "declarer": "Chris", "points": 80}


def new_list(client: FlaskClient, **more: Any) -> tuple[str, dict[str, str]]:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": PLAYERS, **more})
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"], {"X-Edit-Key": made.get_json()["edit_key"]}


def engine_of(app: Flask) -> sa.Engine:
    with app.app_context():
        return db.engine


class Seen:
    """The statements the app sends from one thread, by their first words; a hook to run before one."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.thread = threading.get_ident()
        self.before: dict[str, Any] = {}  # a statement's first words -> run this once before it

    def __call__(self, _conn: sa.Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if threading.get_ident() != self.thread:
            return
        words = statement.split()
        said = f"{words[0]} {words[2] if words[0] == 'INSERT' else words[1]}"
        self.statements.append(said)
        if said in self.before:
            self.before.pop(said)()


@contextmanager
def watching(app: Flask) -> Iterator[Seen]:
    engine = engine_of(app)
    seen = Seen()
    sa_event.listen(engine, "before_cursor_execute", seen)
    try:
        yield seen
    finally:
        sa_event.remove(engine, "before_cursor_execute", seen)


def numbers_and_dealers(client: FlaskClient, list_id: str) -> list[tuple[int, str, str]]:
    deals = client.get(f"/api/lists/{list_id}").get_json()["deals"]
    return [(d["number"], d["dealer"], d["declarer"]) for d in deals]


def test_an_add_makes_the_same_statements_on_every_database(app: Flask, client: FlaskClient) -> None:
    list_id, headers = new_list(client)
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    with watching(app) as seen:
        keyed = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                            headers={**headers, "Idempotency-Key": "second"})
        with_key = list(seen.statements)
        seen.statements.clear()
        plain = client.post(f"/api/lists/{list_id}/deals", json=SOLO, headers=headers)
    assert keyed.get_json()["number"] == 2 and plain.get_json()["number"] == 3
    # The lock (which reads the list's row and its kept end), the key asked about, the
    # list's end and the deal written; no read of the deals, no other way on PostgreSQL.
    assert with_key == ["UPDATE lists", "SELECT deals.id,", "UPDATE lists", "INSERT deals"]
    assert seen.statements == ["UPDATE lists", "UPDATE lists", "INSERT deals"]


def test_a_phone_adding_while_another_holds_the_lock_waits_and_follows_it(
    app: Flask, client: FlaskClient,
) -> None:
    list_id, headers = new_list(client)
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    other: list[Any] = []
    asking = threading.Event()

    def another_phone_adds() -> None:
        other.append(app.test_client().post(f"/api/lists/{list_id}/deals", json=SOLO,
                                            headers={**headers, "Idempotency-Key": "other"}))

    thread = threading.Thread(target=another_phone_adds)

    def start_the_other_phone() -> None:  # this add holds the lock and has scored its deal
        thread.start()
        assert asking.wait(timeout=30)

    def sent(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if threading.get_ident() == thread.ident and statement.startswith("UPDATE lists"):
            asking.set()  # the other phone's lock, on its way: it waits for this add's

    sa_event.listen(engine_of(app), "before_cursor_execute", sent)
    try:
        with watching(app) as seen:
            seen.before["INSERT deals"] = start_the_other_phone
            mine = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                               headers={**headers, "Idempotency-Key": "mine"})
        thread.join(timeout=60)
    finally:
        sa_event.remove(engine_of(app), "before_cursor_execute", sent)
    assert mine.status_code == 201 and mine.get_json()["number"] == 2
    # The other phone's add took the lock after this one let go, and resumed from the end it left.
    assert other[0].status_code == 201, other[0].get_json()
    assert (other[0].get_json()["number"], other[0].get_json()["dealer"]) == (3, "Bene")
    assert numbers_and_dealers(client, list_id) == [(1, "Dora", "Anna"), (2, "Anna", "Anna"),
                                                     (3, "Bene", "Chris")]
    with app.app_context():
        positions = db.session.scalars(sa.text("SELECT position FROM deals WHERE list_id = :id"),
                                       {"id": list_id}).all()
    assert sorted(positions) == [1, 2, 3]


def test_a_key_sent_again_answers_its_deal_before_any_refusal_and_changes_nothing(
    app: Flask, client: FlaskClient,
) -> None:
    list_id, headers = new_list(client)
    keyed = {**headers, "Idempotency-Key": "first"}
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=keyed).status_code == 201
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    tag = client.get(f"/api/lists/{list_id}").headers["ETag"]
    with watching(app) as seen:
        again = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=keyed)
    assert again.status_code == 201 and again.get_json()["number"] == 1
    assert "INSERT deals" not in seen.statements
    # Answered from what was stored: the lock was let go with the revision as it was.
    assert client.get(f"/api/lists/{list_id}").headers["ETag"] == tag
    other = client.post(f"/api/lists/{list_id}/deals", json=SOLO, headers=keyed)
    assert other.status_code == 422
    assert (other.get_json()["key"], other.get_json()["deal"]) == ("Idempotency-Key", 1)
    bad = client.post(f"/api/lists/{list_id}/deals", json={**SAUSPIEL, "partner": "Anna"}, headers=headers)
    assert bad.status_code == 422 and bad.get_json()["deal"] == 3
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                       headers={"X-Edit-Key": "wrong"}).status_code == 403
    assert client.post("/api/lists/nosuchlistnosuchlist00/deals", json=SAUSPIEL,
                       headers=headers).status_code == 404
    # A finished list takes no deal, but a key sent again still finds its deal.
    with app.app_context():
        db.session.execute(sa.text("UPDATE lists SET finished_at = CURRENT_TIMESTAMP WHERE id = :id"),
                           {"id": list_id})
        db.session.commit()
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 409
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=keyed).get_json()["number"] == 1
    assert len(numbers_and_dealers(client, list_id)) == 2


def test_a_bad_key_is_refused_only_once_the_list_and_its_edit_key_are_found(client: FlaskClient) -> None:
    list_id, headers = new_list(client)
    bad = {"Idempotency-Key": "k" * 256}  # one past the longest kept
    assert client.post("/api/lists/nosuchlistnosuchlist00/deals", json=SAUSPIEL,
                       headers={**headers, **bad}).status_code == 404
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                       headers={"X-Edit-Key": "wrong", **bad}).status_code == 403
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers={**headers, **bad}).status_code == 400
    assert numbers_and_dealers(client, list_id) == []


def test_an_add_after_another_change_replays_the_list_and_the_next_resumes_again(
    app: Flask, client: FlaskClient,
) -> None:
    list_id, headers = new_list(client)
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    with app.app_context():  # another change to the list, committed meanwhile
        db.session.execute(sa.text("UPDATE lists SET revision = revision + 1 WHERE id = :id"), {"id": list_id})
        db.session.commit()
    with watching(app) as seen:
        first = client.post(f"/api/lists/{list_id}/deals", json=SOLO, headers=headers)
        replayed = list(seen.statements)
        seen.statements.clear()
        second = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
    assert first.get_json()["number"] == 2 and second.get_json()["number"] == 3
    assert numbers_and_dealers(client, list_id) == [(1, "Dora", "Anna"), (2, "Anna", "Chris"),
                                                     (3, "Bene", "Anna")]
    assert "SELECT deals.id," in replayed  # the end kept was one change behind: the deals are read
    assert seen.statements == ["UPDATE lists", "UPDATE lists", "INSERT deals"]  # the end it stored


def test_a_list_with_changes_of_seats_replays_for_each_add(client: FlaskClient) -> None:
    # Bene and Anna swap seats from deal 2 on.
    list_id, headers = new_list(client, deals=[SAUSPIEL],
                                changes=[{"from": 2, "players": ["Bene", "Anna", "Chris", "Dora"]}])
    for number in (2, 3, 4):
        answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
        assert answer.status_code == 201 and answer.get_json()["number"] == number
    assert [dealer for _, dealer, _ in numbers_and_dealers(client, list_id)] == ["Dora", "Bene", "Anna", "Chris"]


def test_the_deal_form_s_save_is_the_same_add_and_a_resent_form_stores_nothing_twice(
    app: Flask, client: FlaskClient,
) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": PLAYERS}).get_json()
    client.get(made["edit_url"])  # this phone holds the edit key
    form = {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": "70"}
    assert client.post(f"/l/{made['id']}/deals/new", data={**form, "token": "first"}).status_code == 302
    with watching(app) as seen:
        saved = client.post(f"/l/{made['id']}/deals/new", data={**form, "token": "second"})
        inserts = seen.statements.count("INSERT deals")
        again = client.post(f"/l/{made['id']}/deals/new", data={**form, "token": "second"})
    assert saved.status_code == again.status_code == 302
    assert inserts == 1 and seen.statements.count("INSERT deals") == 1
    assert numbers_and_dealers(client, made["id"]) == [(1, "Dora", "Anna"), (2, "Anna", "Anna")]
