"""Edit keys stay secret: not derivable from the database, not in logs, not readable in the cookie."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow
from tests.web.conftest import FOUR, bavarian_list
from tests.web.test_pages import form_defaults


def stored_row(app: Flask, list_id: str) -> dict[str, Any]:
    with app.app_context():
        row = db.session.get(ScoreListRow, list_id)
        # Every stored column by its name, read through the attribute mapped to it.
        return {attr.columns[0].name: getattr(row, attr.key) for attr in sa.inspect(ScoreListRow).column_attrs}


def list_id_of(response: Any) -> str:
    return str(response.headers["Location"]).rsplit("/", 1)[-1]


def test_a_creation_token_read_from_the_database_gives_no_edit_key(app: Flask) -> None:
    phone, thief = app.test_client(), app.test_client()
    form = form_defaults(phone, "bavarian")
    form.update({"player_1": "Anna", "player_2": "Bene", "player_3": "Chris", "player_4": "Dora"})
    made = phone.post("/new?family=bavarian", data=form)
    list_id = list_id_of(made)
    row = stored_row(app, list_id)
    assert form["once"] not in json.dumps(row, default=str)
    # Whoever reads the database (a backup, a replica) replays what it holds.
    replayed = thief.post("/new?family=bavarian", data={**form, "once": row["creation_token"]})
    assert list_id_of(replayed) != list_id
    assert thief.post(f"/l/{list_id}/finish").status_code == 403
    # The phone that sent the form twice still finds its list and may edit it.
    again = phone.post("/new?family=bavarian", data=form)
    assert list_id_of(again) == list_id
    assert phone.post(f"/l/{list_id}/finish").status_code == 302


def test_an_import_token_read_from_the_database_gives_no_edit_key(app: Flask) -> None:
    phone, thief = app.test_client(), app.test_client()
    text = json.dumps(bavarian_list())
    made = phone.post("/import", data={"text": text, "once": "a-token-only-this-phone-knows"})
    list_id = list_id_of(made)
    token = stored_row(app, list_id)["creation_token"]
    assert token != "a-token-only-this-phone-knows"
    replayed = thief.post("/import", data={"text": text, "once": token})
    assert list_id_of(replayed) != list_id
    assert thief.post(f"/l/{list_id}/finish").status_code == 403


def session_payload(app: Flask, client: FlaskClient) -> tuple[str, str]:
    """The session cookie as sent, and what anyone holding it can read in it."""
    cookie = client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session"))
    assert cookie is not None
    readable = app.session_interface.get_signing_serializer(app).loads(cookie.value)  # type: ignore[attr-defined]
    return cookie.value, json.dumps(readable)


def test_the_edit_key_is_not_readable_in_the_session_cookie(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    client.get(made["edit_url"])
    raw, readable = session_payload(app, client)
    assert made["edit_key"] not in raw and made["edit_key"] not in readable
    assert made["id"] in readable  # the phone still knows the list, and may edit it
    assert client.post(f"/l/{made['id']}/finish").status_code == 302
    share = client.get(f"/l/{made['id']}/share").get_data(as_text=True)
    assert f"?key={made['edit_key']}" in share


def test_a_sealed_key_from_one_list_opens_no_other(app: Flask, client: FlaskClient) -> None:
    first = client.post("/api/lists", json=bavarian_list()).get_json()
    second = client.post("/api/lists", json=bavarian_list()).get_json()
    client.get(first["edit_url"])
    with client.session_transaction() as session:
        session["edit_keys"] = {second["id"]: session["edit_keys"][first["id"]]}
    assert client.post(f"/l/{second['id']}/finish").status_code == 403


def test_the_session_cookie_stays_under_4_kb_with_every_list_a_phone_remembers(
    app: Flask, client: FlaskClient
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "1000 per minute"
    for _ in range(40):
        made = client.post("/api/lists", json=bavarian_list()).get_json()
        client.get(made["edit_url"])
        client.get(made["url"])
    client.get("/lang/de")
    raw, _readable = session_payload(app, client)
    assert len(raw) < 3800, len(raw)


def test_no_line_of_the_access_log_holds_an_edit_key(tmp_path: Any) -> None:
    import urllib.request

    from bench.server import Gunicorn

    log = tmp_path / "access.log"
    with Gunicorn(workers=1, threads=2, env={"SCORER_ACCESS_LOG": str(log)}) as server:
        request = urllib.request.Request(
            server.url + "/api/lists", data=json.dumps(bavarian_list()).encode(),
            headers={"Content-Type": "application/json"}, method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            made = json.loads(response.read())
        opener = urllib.request.build_opener(urllib.request.HTTPRedirectHandler())
        opener.open(server.url + made["edit_url"], timeout=10).close()
        opener.open(urllib.request.Request(
            server.url + made["url"], headers={"Referer": server.url + made["edit_url"]}
        ), timeout=10).close()
    written = log.read_text()
    assert f"/l/{made['id']}" in written  # the requests are logged,
    assert made["edit_key"] not in written  # their keys are not


def test_no_line_of_the_development_servers_log_holds_an_edit_key(
    app: Flask, caplog: Any, monkeypatch: Any
) -> None:
    import logging
    import threading
    import urllib.request

    from werkzeug.serving import make_server

    with app.test_client() as client:
        made = client.post("/api/lists", json=bavarian_list()).get_json()
    # Alembic's logging setup (the fixture's upgrade) turns existing loggers off.
    monkeypatch.setattr(logging.getLogger("werkzeug"), "disabled", False)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level("INFO", logger="werkzeug"):
            url = f"http://127.0.0.1:{server.server_port}{made['edit_url']}&x=1"
            urllib.request.urlopen(url, timeout=10).close()
    finally:
        server.shutdown()
        thread.join(timeout=10)
    assert f"/l/{made['id']}" in caplog.text
    assert made["edit_key"] not in caplog.text


def test_a_key_a_phone_kept_readable_before_is_sealed_when_it_is_next_used(
    app: Flask, client: FlaskClient
) -> None:
    made = client.post("/api/lists", json=bavarian_list()).get_json()
    with client.session_transaction() as session:
        session["edit_keys"] = {made["id"]: made["edit_key"]}
    assert "/deals/new" in client.get(made["url"]).get_data(as_text=True)
    raw, readable = session_payload(app, client)
    assert made["edit_key"] not in readable and made["id"] in readable
