"""No edit key in any log, nginx's error log included, even while the app is down.

Edit links of a list, a group and a tournament are opened in Chromium
through nginx: each lands on its page with edit rights. Then the app is
stopped, the links are opened again (nginx answers 502 for the page they
lead to), the app is started again, and every log is searched for the keys.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.deploy.client import Site
from tests.deploy.conftest import OpenPhone
from tests.deploy.pages import FOUR, api
from tests.deploy.test_proxy import logged
from tests.deploy.topology import AppServer, Nginx

TOURNAMENT = {"name": "Cup", "rules": {"preset": "bavarian", "table_points": {"system": "1/5"}}, "rounds": 2, "deals_per_round": 8,
              "players": [*FOUR, "Emil", "Fritz", "Gerd", "Hanna"]}


def edit_links(site: Site) -> list[tuple[str, str, str]]:
    """A list's, a group's and a tournament's edit link, made through the API: (path, key, what shows editing)."""
    made = [
        (api(site, "POST", "/api/lists", {"rules": {"preset": "bavarian"}, "players": FOUR}),
         "a[href$='/deals/new']"),
        (api(site, "POST", "/api/groups", {"name": "Stammtisch", "players": FOUR}), "p.link a[href*='key=']"),
        (api(site, "POST", "/api/tournaments", TOURNAMENT), "button.primary.big"),
    ]
    links = []
    for answer, editing in made:
        link = urlsplit(answer["edit_url"])
        assert link.query == f"key={answer['edit_key']}", answer["edit_url"]
        links.append((link.path, answer["edit_key"], editing))
    return links


def every_log(nginx: Nginx, app_server: AppServer) -> dict[str, str]:
    """Every log of the topology by its name: nginx's access and error logs and its own
    output, gunicorn's access and error logs and the app's (one file: its output)."""
    paths: list[Path] = [nginx.access_log, nginx.error_log, nginx.folder / "nginx.out", app_server.log]
    return {path.name: path.read_text(errors="replace") for path in paths if path.exists()}


def test_edit_links_give_edit_rights_and_no_log_holds_a_key_even_after_a_502(
    site: Site, nginx: Nginx, app_server: AppServer, phones: OpenPhone,
) -> None:
    links = edit_links(site)
    phone = phones("en")
    for path, key, editing in links:
        phone.open(f"{path}?key={key}")
        assert phone.page.url == f"{site.url}{path}"
        expect(phone.page.locator(editing).first).to_be_visible()
    assert not [cookie for cookie in phone.context.cookies() if cookie["name"] == "edit_key"]

    app_server.stop()
    try:
        # A fresh phone, as a player scanning the code while the app restarts;
        # the link opened from the site's own page, so the request has a Referer.
        late = phones("en", offline=True)
        for path, key, _editing in links:
            answer: Any = late.page.goto(f"{site.url}{path}?key={key}", referer=f"{site.url}/")
            assert answer is not None and answer.status in (502, 504), path
            assert late.page.url == f"{site.url}{path}"
    finally:
        app_server.start()

    logs = every_log(nginx, app_server)
    # The app was down for those pages: nginx logged each in its error log.
    assert all(f'request: "GET {path} HTTP/' in logs["error.log"] for path, _key, _editing in links), logs["error.log"]
    for name, text in logs.items():
        for path, key, _editing in links:
            assert key not in text, f"the key of {path} is in {name}"
        assert "key=" not in text, name


def test_gunicorn_reached_by_itself_logs_a_request_it_cannot_read_without_its_key(app_server: AppServer) -> None:
    # Past nginx, as a client on the machine could: gunicorn logs the line it refuses.
    with socket.create_connection(("127.0.0.1", app_server.port), timeout=10) as sock:
        sock.sendall(b"GET /l/unread?key=NotReadByGunicorn1\r\nHost: scorer.test\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 400")
    text = logged(app_server.log, "/l/unread?key=")
    assert "/l/unread?key=[hidden]" in text, text[-2000:]
    assert "NotReadByGunicorn1" not in text
