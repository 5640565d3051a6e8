"""How pages and assets travel: compressed, fingerprinted, cached for long."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

# How pages and assets travel does not depend on the database: make test's SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass


def test_pages_are_sent_compressed_when_the_phone_accepts_it(client: FlaskClient) -> None:
    plain = client.get("/")
    packed = client.get("/", headers={"Accept-Encoding": "br, gzip"})
    assert packed.headers["Content-Encoding"] == "br"
    assert len(packed.data) < len(plain.data)
    gzipped = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"


def test_static_assets_are_sent_compressed_in_each_coding_a_phone_may_take(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for asset in re.findall(r'"(/static/[\w.]+\.(?:css|js)\?v=[0-9a-f]{12})"', page):
        plain = client.get(asset).get_data()
        # A browser over plain http offers no Brotli; some clients offer gzip alone.
        for offered, coding in (("br, gzip", "br"), ("gzip, deflate", "gzip"), ("gzip", "gzip")):
            packed = client.get(asset, headers={"Accept-Encoding": offered})
            assert packed.headers.get("Content-Encoding") == coding, (asset, offered)
            assert len(packed.get_data()) < len(plain), (asset, offered)


def test_static_assets_are_fingerprinted_and_cached_for_a_year(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    links = re.findall(r'(/static/app\.css\?v=[0-9a-f]{12})', page)
    assert links, "the stylesheet link carries a content hash"
    asset = client.get(links[0])
    assert asset.status_code == 200
    assert "max-age=31536000" in asset.headers["Cache-Control"]
    assert "immutable" in asset.headers["Cache-Control"]
    # The same for every phone: it neither reads nor renews the session cookie.
    assert "Cookie" not in asset.headers.get("Vary", "")
    assert not [h for h in asset.headers.getlist("Set-Cookie") if h.startswith("session=")]


def test_an_asset_without_its_fingerprint_is_not_cached_for_long(client: FlaskClient) -> None:
    asset = client.get("/static/app.css")
    assert "max-age=31536000" not in asset.headers.get("Cache-Control", "")


def test_no_page_has_a_script_that_blocks_rendering_or_runs_inline(client: FlaskClient) -> None:
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": ["A", "B", "C", "D"]}).get_json()
    client.get(made["edit_url"])
    for path in ("/", "/new", made["url"], f"{made['url']}/deals/new", f"{made['url']}/settle"):
        page = client.get(path).get_data(as_text=True)
        scripts = re.findall(r"<script[^>]*>", page)
        assert scripts, path
        for tag in scripts:
            assert 'src="/static/' in tag and " defer" in tag, (path, tag)
        assert not re.search(r"<script[^>]*>\s*[^<\s]", page), f"inline script on {path}"
        assert " onclick=" not in page and ' style="' not in page, path
