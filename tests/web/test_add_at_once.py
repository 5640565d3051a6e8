"""An add on PostgreSQL: the list read without its lock, the deal written in one statement.

``services.add_at_once`` reads the list outside a transaction and writes the
deal, the list's end and the revision's bump in one statement that changes
nothing if the revision moved since the read; the add is then made again
under the list's write lock (``services.adding``). SQLite takes the lock
first every time. Each test here says what both do, and how they differ.
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
    """The statements the app sends, by their first words, and whether each ran in a transaction."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.in_transaction: list[bool] = []
        self.before: dict[str, Any] = {}  # a statement's first words -> run this once before it

    def __call__(self, conn: sa.Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        words = statement.split()
        said = f"{words[0]} {words[2] if words[0] == 'INSERT' else words[1]}"
        self.statements.append(said)
        driver = conn.connection.driver_connection
        self.in_transaction.append(not getattr(driver, "autocommit", False))
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


def test_another_phone_s_add_between_the_read_and_the_write_is_kept_and_this_one_follows_it(
    app: Flask, client: FlaskClient,
) -> None:
    list_id, headers = new_list(client)
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    other: list[Any] = []

    def another_phone_adds() -> None:
        phone = app.test_client()
        thread = threading.Thread(target=lambda: other.append(
            phone.post(f"/api/lists/{list_id}/deals", json=SOLO, headers=headers)))
        thread.start()
        thread.join(timeout=30)

    postgresql = engine_of(app).dialect.name == "postgresql"
    with watching(app) as seen:
        if postgresql:  # after this add read the list and scored its deal, before it writes
            seen.before["WITH bumped"] = another_phone_adds
        else:  # SQLite takes the lock first: the other phone's add comes before it or after
            another_phone_adds()
        answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                             headers={**headers, "Idempotency-Key": "mine"})
    assert other[0].status_code == 201 and other[0].get_json()["number"] == 2
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["number"] == 3 and answer.get_json()["dealer"] == "Bene"
    assert numbers_and_dealers(client, list_id) == [(1, "Dora", "Anna"), (2, "Anna", "Chris"),
                                                     (3, "Bene", "Anna")]
    if postgresql:
        # This add read the list and sent its one statement; the other phone's add read
        # and wrote before it ran, so it changed nothing; then this add took the lock and
        # wrote in a transaction, resuming from the end the other phone's add stored.
        assert list(zip(seen.statements, seen.in_transaction)) == [
            ("SELECT lists.id,", False), ("WITH bumped", False),
            ("SELECT lists.id,", False), ("WITH bumped", False),
            ("UPDATE lists", True), ("INSERT deals", True), ("UPDATE lists", True),
        ]
    else:
        assert "WITH bumped" not in seen.statements and all(seen.in_transaction)
    # Sent again, the key finds the deal the locked add stored: nothing is stored twice.
    again = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL,
                        headers={**headers, "Idempotency-Key": "mine"})
    assert again.status_code == 201 and again.get_json()["number"] == 3
    assert len(numbers_and_dealers(client, list_id)) == 3


def test_after_finding_its_list_changed_an_add_is_made_under_the_lock_and_the_next_tries_again(
    app: Flask, client: FlaskClient,
) -> None:
    list_id, headers = new_list(client)
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201

    def bump() -> None:  # another change to the list, committed meanwhile
        with engine_of(app).begin() as connection:
            connection.execute(sa.text("UPDATE lists SET revision = revision + 1 WHERE id = :id"), {"id": list_id})

    postgresql = engine_of(app).dialect.name == "postgresql"
    with watching(app) as seen:
        seen.before["WITH bumped"] = bump
        first = client.post(f"/api/lists/{list_id}/deals", json=SOLO, headers=headers)
        first_statements = list(seen.statements)
        seen.statements.clear()
        second = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
    assert first.status_code == 201 and first.get_json()["number"] == 2
    assert second.status_code == 201 and second.get_json()["number"] == 3
    assert numbers_and_dealers(client, list_id) == [(1, "Dora", "Anna"), (2, "Anna", "Chris"),
                                                     (3, "Bene", "Anna")]
    if postgresql:
        assert first_statements[:2] == ["SELECT lists.id,", "WITH bumped"]
        assert "UPDATE lists" in first_statements[2:]  # then the lock
        # The add under the lock stored the list's end: the next add is one statement again.
        assert seen.statements == ["SELECT lists.id,", "WITH bumped"]
    else:
        assert "WITH bumped" not in first_statements
        assert seen.statements[0] == "UPDATE lists"


def test_a_list_with_changes_of_seats_takes_the_lock_for_its_adds(app: Flask, client: FlaskClient) -> None:
    # Bene and Anna swap seats from deal 2 on.
    list_id, headers = new_list(client, deals=[SAUSPIEL],
                                changes=[{"from": 2, "players": ["Bene", "Anna", "Chris", "Dora"]}])
    with watching(app) as seen:
        for number in (2, 3, 4):
            answer = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers)
            assert answer.status_code == 201 and answer.get_json()["number"] == number
    # A list with changes keeps no end: each add reads the list, finds none and takes the lock.
    assert "WITH bumped" not in seen.statements
    if engine_of(app).dialect.name == "postgresql":
        reads = [i for i, said in enumerate(seen.statements) if said == "SELECT lists.id,"]
        assert len(reads) == 3 and all(seen.statements[i + 1] == "UPDATE lists" for i in reads)
    else:
        assert seen.statements[0] == "UPDATE lists" and "SELECT lists.id," not in seen.statements
    assert [dealer for _, dealer, _ in numbers_and_dealers(client, list_id)] == ["Dora", "Bene", "Anna", "Chris"]


def test_an_add_refused_or_sent_again_answers_as_before(app: Flask, client: FlaskClient) -> None:
    list_id, headers = new_list(client)
    keyed = {**headers, "Idempotency-Key": "first"}
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=keyed).status_code == 201
    assert client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=headers).status_code == 201
    # The key again with the same deal: the deal it stored; with another: refused, naming it.
    again = client.post(f"/api/lists/{list_id}/deals", json=SAUSPIEL, headers=keyed)
    assert again.status_code == 201 and again.get_json()["number"] == 1
    other = client.post(f"/api/lists/{list_id}/deals", json=SOLO, headers=keyed)
    assert other.status_code == 422
    assert (other.get_json()["key"], other.get_json()["deal"]) == ("Idempotency-Key", 1)
    # A deal that breaks a rule, a wrong key, no such list.
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


def test_the_deal_form_s_save_is_one_statement_too_and_a_resent_form_stores_nothing_twice(
    app: Flask, client: FlaskClient,
) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": PLAYERS}).get_json()
    client.get(made["edit_url"])  # this phone holds the edit key
    form = {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": "70"}
    assert client.post(f"/l/{made['id']}/deals/new", data={**form, "token": "first"}).status_code == 302
    with watching(app) as seen:
        saved = client.post(f"/l/{made['id']}/deals/new", data={**form, "token": "second"})
        again = client.post(f"/l/{made['id']}/deals/new", data={**form, "token": "second"})
    assert saved.status_code == again.status_code == 302
    if engine_of(app).dialect.name == "postgresql":  # in the page's transaction: its reads came first
        assert "WITH bumped" in seen.statements and "INSERT deals" not in seen.statements
    else:  # under the lock; the INSERT sent again is refused by the key
        assert "WITH bumped" not in seen.statements and "INSERT deals" in seen.statements
    assert numbers_and_dealers(client, made["id"]) == [(1, "Dora", "Anna"), (2, "Anna", "Anna")]
