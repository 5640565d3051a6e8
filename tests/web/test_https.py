"""Behind a TLS proxy: the forms' posts pass the CSRF check, and keys stay home.

Flask-WTF refuses a post over https whose Referer is missing or names another
site (WTF_CSRF_SSL_STRICT). The pages' referrer policy decides what the
browser sends: `same-origin` gives the site's own posts their Referer and
another site none, so an edit link's key never leaves the site that way.
tests/deploy drives a real browser through nginx over https; these tests pin
the rule the browser follows there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.conftest import migrated_app
from tests.web.test_pages import bavarian_form

# What a TLS proxy's headers change does not depend on the database: make test's SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass

FORM = bavarian_form()

HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
#: Where the browser is: its Secure session cookie goes only to https.
SITE = "https://scorer.example.org"


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Flask]:
    """The app as deployed: one proxy in front, CSRF checks on, Secure cookies."""
    with migrated_app(tmp_path, PROXY_COUNT=1, WTF_CSRF_ENABLED=True) as app:
        yield app


def _token(client: FlaskClient) -> str:
    page = client.get("/new", headers=HTTPS, base_url=SITE)
    assert page.status_code == 200
    assert page.headers["Referrer-Policy"] == "same-origin"
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.get_data(as_text=True))
    assert found, "the new-list form carries a CSRF token"
    return found.group(1)


def test_a_form_posted_over_https_with_the_sites_own_referer_is_taken(proxied: Flask) -> None:
    client = proxied.test_client()
    token = _token(client)
    made = client.post("/new", data={**FORM, "csrf_token": token}, base_url=SITE,
                       headers={**HTTPS, "Referer": "https://scorer.example.org/new"})
    assert made.status_code == 302, made.get_data(as_text=True)[:500]
    assert re.match(r"/l/[^/?]+", made.headers["Location"])


@pytest.mark.parametrize("referer", [None, "https://evil.example.com/new", "http://scorer.example.org/new"])
def test_a_post_over_https_without_the_sites_referer_is_refused(proxied: Flask, referer: str | None) -> None:
    client = proxied.test_client()
    token = _token(client)
    headers = dict(HTTPS)
    if referer:
        headers["Referer"] = referer
    refused = client.post("/new", data={**FORM, "csrf_token": token}, headers=headers, base_url=SITE)
    assert refused.status_code == 400


def test_over_https_the_browser_is_told_to_keep_to_https(proxied: Flask) -> None:
    client = proxied.test_client()
    assert client.get("/", headers=HTTPS).headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/").headers
