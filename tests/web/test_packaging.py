"""The wheel serves on its own: built from a fresh checkout, installed into a
fresh virtualenv, started with ``scorer serve``.

No checkout is beside it: the templates, assets, migrations and docs it
serves are the ones inside the package, and the German catalog the build
compiled. The server is gunicorn with the project's settings, on loopback,
on this run's database (PostgreSQL under scripts/with-postgres). Building
the wheel is the slowest fixture of the suite, so `make test` runs this
module once, in its PostgreSQL pass: the database a host serves it on.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.web.conftest import database_url

ROOT = Path(__file__).resolve().parents[2]
CATALOG = "scorer/translations/de/LC_MESSAGES/messages.mo"

pytestmark = pytest.mark.postgresql_pass


def fresh_clone(target: Path) -> None:
    """A `git clone` of this repository, with the working tree's changes (kept files and new
    ones git does not ignore) added in it, as a commit would: no virtualenv, compiled catalog
    or database."""
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(target)], check=True, capture_output=True,
                   timeout=120)
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
    names = {name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()}
    cloned = subprocess.run(["git", "ls-files", "-z"], cwd=target, capture_output=True, check=True,
                            timeout=60).stdout
    for gone in set(filter(None, cloned.decode().split("\0"))) - names:
        (target / gone).unlink()
    for name in names:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    subprocess.run(["git", "add", "-A"], cwd=target, check=True, capture_output=True, timeout=60)


#: Files a checkout may hold that git does not keep, in every folder the wheel takes from:
#: none may be shipped.
STRAYS = ["static/.env", "migrations/dev.sqlite3", "templates/.base.html.swp", "docs/private-notes.md",
          "scorer/stray.py", "scorer/web/help/content/en/draft.md",
          "scorer/translations/de/LC_MESSAGES/old.po"]
#: Modules kept in git for the tests only.
TEST_ONLY = ["scorer/web/offline/testing.py"]


#: The folders the wheel carries inside the package, a file of each.
SHIPPED = ["scorer/templates/base.html", "scorer/static/app.css", "scorer/migrations/env.py",
           "scorer/docs/rules.md", "scorer/docs/rules.de.md", "scorer/web/gunicorn_conf.py"]
#: Every kind of page, ``{id}`` a list with one deal whose edit key the client holds.
PAGES = ["/", "/new", "/new?family=sheepshead", "/import", "/groups/new", "/groups/import",
         "/help", "/help/glossary", "/help/bavarian", "/help/reference", "/help/list-file.md",
         "/l/{id}", "/l/{id}/deals/new", "/l/{id}/deals/1", "/l/{id}/settle", "/l/{id}/share",
         "/l/{id}/settings"]
#: A word each language's pages show in their header.
HELP = {"en": "Help", "de": "Hilfe"}
KEY = "packaged-secret-key-of-at-least-32-bytes"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Installed:
    """The wheel installed alone in a virtualenv of its own."""

    wheel: Path
    bin: Path
    home: Path


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    home = tmp_path_factory.mktemp("packaged")
    checkout = home / "checkout"
    fresh_clone(checkout)
    assert not (checkout / CATALOG).exists()
    for stray in STRAYS:
        (checkout / stray).parent.mkdir(parents=True, exist_ok=True)
        (checkout / stray).write_text("SECRET_KEY=stray\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
         "-w", str(home / "dist"), str(checkout)],
        check=True, capture_output=True, timeout=300,
    )
    (wheel,) = (home / "dist").glob("scorer-*.whl")
    shutil.rmtree(checkout)  # nothing of the checkout is left to serve from
    venv.create(home / "venv", with_pip=True)
    bin_ = home / "venv" / "bin"
    subprocess.run([str(bin_ / "pip"), "install", "--quiet", str(wheel)],
                   check=True, capture_output=True, timeout=600)
    return Installed(wheel, bin_, home)


def test_the_wheel_carries_the_catalog_templates_assets_migrations_and_docs(installed: Installed) -> None:
    names = zipfile.ZipFile(installed.wheel).namelist()
    for name in [CATALOG, *SHIPPED]:
        assert name in names
    versions = [n for n in names if re.fullmatch(r"scorer/migrations/versions/\d+_.*\.py", n)]
    assert len(versions) == len(list((ROOT / "migrations" / "versions").glob("[0-9]*_*.py")))
    assert not [n for n in names if "__pycache__" in n]


def test_the_wheel_ships_only_what_git_keeps_and_no_module_for_tests(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    inside = {stray if stray.startswith("scorer/") else f"scorer/{stray}" for stray in STRAYS}
    assert inside & names == set()
    assert set(TEST_ONLY) & names == set()
    assert not [n for n in names if "stray" in n or n.endswith((".swp", ".sqlite3", ".env"))]


def test_without_a_good_secret_key_scorer_serve_refuses_and_says_why(installed: Installed) -> None:
    env = {"PATH": str(installed.bin), "SCORER_INSTANCE": str(installed.home / "refused")}
    for secret in (None, "too-short"):
        if secret:
            env["SECRET_KEY"] = secret
        refused = subprocess.run([str(installed.bin / "scorer"), "serve"], cwd=installed.home, env=env,
                                 capture_output=True, text=True, timeout=60, check=False)
        assert refused.returncode == 2
        assert "SECRET_KEY" in refused.stderr and "token_hex" in refused.stderr
        assert "Listening" not in refused.stderr


@pytest.fixture(scope="module")
def served(installed: Installed, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``scorer serve`` from the virtualenv, on loopback; its address."""
    port = free_port()
    database = database_url(tmp_path_factory.mktemp("packaged-db"))
    log = (installed.home / "serve.log").open("w")
    server = subprocess.Popen(
        [str(installed.bin / "scorer"), "serve"], cwd=installed.home, stdout=log, stderr=subprocess.STDOUT,
        env={"PATH": str(installed.bin), "SECRET_KEY": KEY, "DATABASE_URL": database,
             "SCORER_BIND": f"127.0.0.1:{port}", "SCORER_WORKERS": "1",
             "SCORER_INSTANCE": str(installed.home / "instance"),
             # Plain http on loopback: the phone's cookie must come back without TLS.
             "FLASK_SESSION_COOKIE_SECURE": "false"},
    )
    address = f"http://127.0.0.1:{port}"
    try:
        # Starting migrates the database first: on a busy machine the first answer is slow.
        deadline = time.monotonic() + 180
        while True:
            try:
                urllib.request.urlopen(address + "/help", timeout=30).close()
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):  # still starting
                assert server.poll() is None, (installed.home / "serve.log").read_text()
                assert time.monotonic() < deadline, "scorer serve did not answer within 180 s"
                time.sleep(0.2)
        assert_migrated(database)
        yield address
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def assert_migrated(url: str) -> None:
    """The database is at the newest migration the package ships."""
    newest = max(p.name.split("_")[0] for p in (ROOT / "migrations" / "versions").glob("[0-9]*_*.py"))
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == newest
    finally:
        engine.dispose()


def phone() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_installed_wheel_serves_every_page_in_both_languages(served: str, lang: str) -> None:
    client = phone()
    made = json.load(client.open(urllib.request.Request(
        served + "/api/lists", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"],
                         "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris",
                                    "points": 72}]}).encode(),
    ), timeout=30))
    client.open(served + made["edit_url"], timeout=30).close()  # the phone holds the edit key
    for path in PAGES:
        with client.open(urllib.request.Request(served + path.format(id=made["id"]),
                                                headers={"Accept-Language": lang}), timeout=30) as answer:
            assert answer.status == 200, path
            page = answer.read().decode()
        assert f'lang="{lang}"' in page, path
        assert re.search(rf">\s*{HELP[lang]}\s*</a>", page), path
    with pytest.raises(urllib.error.HTTPError) as missing:
        client.open(served + "/static/.env", timeout=30)
    assert missing.value.code == 404
    assets = re.findall(r'(/static/[^"?]+\?v=[0-9a-f]+)', page)
    assert assets
    for asset in assets:
        with client.open(served + asset, timeout=30) as answer:
            assert answer.status == 200 and answer.read()


def test_outside_a_checkout_the_instance_folder_is_the_environments(installed: Installed) -> None:
    shown = subprocess.run(
        [str(installed.bin / "python"), "-c",
         "from scorer.web import shipped; print(shipped.installed(), shipped.instance_folder())"],
        cwd=installed.home, env={"PATH": str(installed.bin)}, capture_output=True, text=True, check=True,
        timeout=60,
    )
    assert shown.stdout.split() == ["True", str(installed.home / "venv" / "var" / "scorer-instance")]
