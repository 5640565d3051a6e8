"""nginx in front of the app, as deploy/nginx.conf sets it up: TLS, redirects, headers, logs, bodies."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest

from tests.deploy.conftest import OpenPhone
from tests.deploy.pages import FOUR, api
from tests.deploy.client import Answer, Site
from tests.deploy.topology import HOST, SITE_FILE, SUBSTITUTIONS, AppServer, Nginx, render_site

#: The slow senders: how many, and the pause between two bytes of each one's body.
SLOW_CLIENTS = 12
SLOW_PAUSE = 0.5
#: A form's post, whose body the app reads whole (the CSRF check does, first thing).
SLOW_PATH = "/l/slow-body/settings/rename"
#: A generous bound for a page while they send: the app's own threads are 8.
ANSWER_WITHIN = 10.0


def test_nginx_serves_the_repository_s_site_file_with_only_the_host_s_values_put_in(nginx: Nginx) -> None:
    original = SITE_FILE.read_text().splitlines()
    served = (nginx.folder / "site.conf").read_text().splitlines()
    assert len(served) == len(original)
    patterns = [re.compile(pattern) for _what, pattern, _value in SUBSTITUTIONS]
    changed = [(old, new) for old, new in zip(original, served) if old != new]
    # A line differs only where one of the host's values was, and every such line changed.
    assert all(any(p.search(old) for p in patterns) for old, _new in changed), changed
    assert all(old != new for old, new in zip(original, served) if any(p.search(old) for p in patterns))
    assert f"server_name {HOST};" in served[original.index("    server_name scorer.example.org;")]


@pytest.mark.parametrize(("edit", "what"), [
    (("listen 443 ssl http2;", "listen 443 ssl;"), "the https port"),
    (("127.0.0.1:8000", "unix:/run/scorer.sock"), "the upstream"),
    (("/var/log/nginx/scorer.log", "/srv/scorer/access.log"), "the access log"),
])
def test_a_site_file_the_tests_could_not_fill_in_fails_loudly(edit: tuple[str, str], what: str) -> None:
    values = {"host": HOST, "public": HOST, "http": "1", "https": "2", "cert": "/c", "key": "/k", "app": "3",
              "access_log": "/l"}
    changed = SITE_FILE.read_text().replace(*edit)
    with pytest.raises(AssertionError, match=what):
        render_site(changed, values)


def test_answers_over_https_say_https_only_same_origin_referers_and_a_secure_cookie(site: Site) -> None:
    for path in ("/", "/new", "/no-such-page"):
        answer = site.request("GET", path)
        assert answer.status == (404 if path == "/no-such-page" else 200), path
        # Once, from nginx (the app's own is hidden), on errors too.
        assert answer.all("Strict-Transport-Security") == ["max-age=31536000"], path
        assert answer.header("Referrer-Policy") == "same-origin", path
    cookie = site.request("GET", "/new").header("Set-Cookie") or ""
    assert cookie.startswith("session="), cookie
    assert {"Secure", "HttpOnly", "SameSite=Lax"} <= {part.strip() for part in cookie.split(";")}, cookie


@pytest.mark.any_port
def test_plain_http_is_sent_to_https(site: Site, phones: OpenPhone) -> None:
    answer = site.request("GET", "/l/abc?x=1", secure=False)
    assert answer.status == 301
    assert answer.header("Location") == f"{site.url}/l/abc?x=1"
    # A phone typing the address without https lands on the https page, at the site's port.
    page = phones("en").page
    http = "" if site.ports.public_http == 80 else f":{site.ports.public_http}"
    page.goto(f"http://{HOST}{http}/new")
    assert page.url == f"{site.url}/new"


@pytest.mark.any_port
def test_a_forged_host_is_sent_to_the_configured_name_and_refused_over_https(site: Site) -> None:
    # The redirect's target is the configured name, so a forged Host cannot send the link's key away.
    answer = site.request("GET", "/l/abc?key=K", headers={"Host": "evil.example"}, secure=False)
    assert answer.status == 301
    assert answer.header("Location") == f"{site.url}/l/abc?key=K"
    # Over https only the configured name reaches the app, which builds its links from it.
    assert site.request("GET", "/new", headers={"Host": "evil.example"}).status == 421


def logged(log: Path, line: str, within: float = 10.0) -> str:
    """The log's text once it holds ``line``: a server writes its access log after the answer."""
    deadline = time.monotonic() + within
    text = log.read_text(errors="replace")
    while line not in text and time.monotonic() < deadline:
        time.sleep(0.05)
        text = log.read_text(errors="replace")
    return text


def cookie_attributes(answer: Answer) -> dict[str, str]:
    """The ``edit_key`` cookie the answer sets, its value under ``edit_key``; empty without one."""
    for header in answer.all("Set-Cookie"):
        name, _, rest = header.partition("=")
        if name == "edit_key":
            parts = [part.strip() for part in rest.split(";")]
            attributes = dict(part.partition("=")[::2] for part in parts[1:])
            return {"edit_key": parts[0], **{name.lower(): value for name, value in attributes.items()}}
    return {}


def test_nginx_answers_an_edit_link_itself_with_the_key_in_a_minute_s_cookie(
    site: Site, nginx: Nginx, app_server: AppServer,
) -> None:
    made = api(site, "POST", "/api/lists", {"rules": {"preset": "bavarian"}, "players": FOUR})
    key, path = made["edit_key"], f"/l/{made['id']}"
    opened = site.request("GET", f"{path}?key={key}")
    assert opened.status == 303 and opened.header("Location") == path
    assert cookie_attributes(opened) == {"edit_key": key, "path": path, "max-age": "60", "secure": "",
                                         "httponly": "", "samesite": "Lax"}
    assert opened.header("Cache-Control") == "no-store"
    assert opened.all("Strict-Transport-Security") == ["max-age=31536000"]
    # The phone follows with the cookie: the app keeps the key and deletes the cookie.
    followed = site.request("GET", path, headers={"Cookie": f"edit_key={key}"})
    assert followed.status == 302 and followed.header("Location") == path
    assert cookie_attributes(followed)["max-age"] == "0"
    session = next(value for value in followed.all("Set-Cookie") if value.startswith("session="))
    page = site.request("GET", path, headers={"Cookie": session.split(";")[0]})
    assert f'href="{path}/deals/new"' in page.text  # the phone may add deals
    for log in (nginx.access_log, app_server.log):
        text = logged(log, f'"GET {path} HTTP/1.1"')
        assert f'"GET {path} HTTP/1.1"' in text, f"{log.name}: {text[-2000:]}"
        assert "key=" not in text and key not in text, log.name


#: Queries that carry a key the app does not read as an edit link's: none is handed over.
ODD_QUERIES = [
    "key=not+a+key%3B+Domain%3Devil.example",  # not URL-safe: it would reach the header
    "deals=all&KEY=K1",  # a name the app does not read
    "k%65y=K2",  # the name escaped, as the app reads it
    "next=/l/x?key=K3",  # a key inside another argument
    "key",
]


def test_any_key_in_the_query_stops_at_nginx_and_only_a_well_formed_one_is_handed_over(
    site: Site, app_server: AppServer,
) -> None:
    for query in ODD_QUERIES:
        answer = site.request("GET", f"/l/any-list?{query}")
        assert answer.status == 303 and answer.header("Location") == "/l/any-list", query
        assert cookie_attributes(answer) == {}, query
    # Nor does an odd path reach the header or send the phone to another site.
    assert site.request("GET", "//evil.example/x?key=K4").header("Location") == "/"
    odd = site.request("GET", "/l/a;Max-Age=99999?key=K5")
    assert odd.header("Location") == "/" and cookie_attributes(odd) == {}
    # Queries without a key pass.
    assert site.request("GET", "/?monkey").status == 200
    assert "any-list" not in app_server.log.read_text(errors="replace")


def test_a_body_too_big_with_a_key_in_the_address_is_answered_before_it_is_logged(
    site: Site, nginx: Nginx,
) -> None:
    answer = site.request("POST", "/l/big-body?key=K6", b"a" * (3 << 20),
                          {"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status == 303
    assert "K6" not in nginx.error_log.read_text(errors="replace")


def test_a_dozen_slow_bodies_hold_nginx_while_the_app_answers_others(
    site: Site, nginx: Nginx, app_server: AppServer,
) -> None:
    stop = threading.Event()
    sent = [0] * SLOW_CLIENTS
    failures: list[BaseException] = []

    def drip(index: int) -> None:
        try:
            with site.tls_socket(timeout=5) as sock:
                sock.sendall(f"POST {SLOW_PATH} HTTP/1.1\r\nHost: {HOST}\r\n"
                             "Content-Type: application/x-www-form-urlencoded\r\n"
                             "Content-Length: 1000\r\n\r\n".encode())
                while not stop.wait(SLOW_PAUSE):
                    sock.sendall(b"a")
                    sent[index] += 1
        except BaseException as error:  # reported below, in the test's own thread
            failures.append(error)

    senders = [threading.Thread(target=drip, args=(i,), daemon=True) for i in range(SLOW_CLIENTS)]
    try:
        for sender in senders:
            sender.start()
        time.sleep(4 * SLOW_PAUSE)
        assert all(count >= 2 for count in sent), sent  # every body is under way
        started = time.monotonic()
        try:
            page = site.request("GET", "/", timeout=ANSWER_WITHIN)
        except TimeoutError:
            pytest.fail(f"GET / got no answer within {ANSWER_WITHIN} s while {SLOW_CLIENTS} bodies "
                        "trickled in: the app's threads waited on them, nginx did not keep them")
        elapsed = time.monotonic() - started
    finally:
        stop.set()
        for sender in senders:
            sender.join(timeout=5)
    assert not any(sender.is_alive() for sender in senders)
    assert failures == []
    assert page.status == 200 and elapsed < ANSWER_WITHIN, (page.status, elapsed)
    # nginx kept the unfinished bodies: none of those requests reached the app.
    assert SLOW_PATH not in app_server.log.read_text(errors="replace")
