"""The app as a host deploys it, driven over https in Debian's Chromium.

Started once per test session, all on loopback and on ports free at the
time: a certificate made for the run (a throwaway CA and a server
certificate for ``scorer.test``), Redis for the rate limit's counts, the app
as deploy/scorer.service starts it (``scorer serve``: the migrations, then
gunicorn with the package's settings) on a PostgreSQL database of its own,
and Debian's nginx serving deploy/nginx.conf in front of it, as a host
serving 443 has it (the browser's default ports mapped to nginx's) and, for
the tests marked ``any_port``, on a high port the addresses name. Chromium
reaches ``scorer.test`` at nginx's ports and takes the server certificate as
valid (its public key is named on the command line), so pages are a secure
context and the service worker runs. Everything is stopped at the end of the
session, whatever the tests did.

The server is the real thing: no test switch (OFFLINE_TEST_ROUTES or other)
is set on it; it gets the settings of docs/deploying.md, from a file of the unit's
EnvironmentFile shape, and the unit's own Environment (its instance folder
a fresh one: the checkout's instance/config.py is not read).
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Playwright

from tests.deploy.client import Site
from tests.deploy.topology import (
    HOST, NGINX, OPENSSL, ROOT, AppServer, Certificate, Nginx, Ports, Redis, environment_file, free_port,
    make_certificate, unit_environment,
)
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Phone, Watch
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

REDIS_SERVER = os.environ.get("REDIS_SERVER", "/usr/bin/redis-server")
#: What Chromium writes to the console for a request that got no answer (the phone offline).
NETWORK_NOISE = re.compile(r"^Failed to load resource: ")
#: The browser's language for each of the app's: it asks in Accept-Language.
LOCALES = {"en": "en-GB", "de": "de-DE"}


def need(path: str, what: str) -> None:
    """Fail, saying what to install, when a program the topology runs is missing."""
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} is missing: tests/deploy need {what}", pytrace=False)


@pytest.fixture(scope="session")
def database() -> Iterator[str]:
    """A database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped at the end.

    Its own, so the other tests resetting theirs never touch the server's.
    """
    url = os.environ.get("TEST_DATABASE_URL", "")
    if not url.startswith("postgresql"):
        pytest.fail(
            "tests/deploy serve the app on PostgreSQL, as a host does, and need a server in "
            "TEST_DATABASE_URL: run them under scripts/with-postgres (as `make test` does), e.g. "
            "`scripts/with-postgres .venv/bin/python -m pytest tests/deploy`",
            pytrace=False,
        )
    server = sa.make_url(url)
    name = f"scorer_deploy_{secrets.token_hex(4)}"
    engine = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        # As docs/deploying.md writes it: postgresql://, the app picks psycopg 3 itself.
        yield server.set(drivername="postgresql", database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    """A CA and a server certificate for ``scorer.test``, made for this run."""
    need(OPENSSL, "openssl (apt-get install openssl)")
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway Redis server on loopback for the rate limit's counts."""
    need(REDIS_SERVER, "Debian's redis-server (`make test` installs it)")
    redis = Redis(REDIS_SERVER, tmp_path_factory.mktemp("redis"))
    try:
        yield redis.start().url
    finally:
        redis.stop()


#: The two ways a host serves the site: behind 80 and 443 (the browser's default ports, mapped
#: to nginx's), or on a high port the addresses carry (the Host and the Referer name it).
TOPOLOGIES = ("443", "high-port")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "any_port: run on a high port too, not only behind 443 (tests/deploy/conftest.py)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Serve each test behind 443; those marked ``any_port`` on a high port as well.

    Only the forms and the redirect run twice, to keep the run short: they are
    what the port changes (the CSRF check's Referer, the redirect's target).
    """
    if "topology" in metafunc.fixturenames:
        chosen = TOPOLOGIES if metafunc.definition.get_closest_marker("any_port") else TOPOLOGIES[:1]
        metafunc.parametrize("topology", chosen, indirect=True, scope="session")


@pytest.fixture(scope="session")
def topology(request: pytest.FixtureRequest) -> str:
    """Which of ``TOPOLOGIES`` nginx serves for this test."""
    return str(request.param)


@pytest.fixture(scope="session")
def ports() -> Ports:
    """Free loopback ports for nginx's http and https servers and for the app."""
    chosen: set[int] = set()
    while len(chosen) < 3:
        chosen.add(free_port())
    http, https, app = sorted(chosen)
    return Ports(http=http, https=https, app=app)


def server_environment(folder: Path, database: str, redis_url: str, port: int) -> dict[str, str]:
    """The app's environment as the unit gives it, and nothing of this test run's own settings.

    The settings of docs/deploying.md come from a file of the EnvironmentFile's shape; the
    unit's Environment= lines follow (its instance folder moved into ``folder``).
    """
    inherited = {
        key: value for key, value in os.environ.items()
        if not key.startswith(("FLASK_", "SCORER_", "GUNICORN_"))
        and key not in ("SECRET_KEY", "DATABASE_URL", "TEST_DATABASE_URL", "OFFLINE_TEST_ROUTES")
    }
    settings = environment_file(folder / "scorer.env", {
        "SECRET_KEY": secrets.token_hex(32),
        "DATABASE_URL": database,
        "FLASK_PROXY_COUNT": "1",
        "FLASK_RATELIMIT_STORAGE_URI": redis_url,
    })
    (folder / "instance").mkdir()
    return {
        **inherited,
        **unit_environment(folder / "instance"),
        **settings,
        "PYTHONPATH": str(ROOT),  # the checkout's code, as `pip install -e .` serves it
        "SCORER_BIND": f"127.0.0.1:{port}",
        "SCORER_WORKERS": "2",
    }


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory, database: str, redis_url: str,
               ports: Ports) -> Iterator[AppServer]:
    """The app as deploy/scorer.service starts it: ``scorer serve`` migrates, then runs gunicorn."""
    folder = tmp_path_factory.mktemp("app")
    server = AppServer(folder, ports.app, server_environment(folder, database, redis_url, ports.app))
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture(scope="session")
def nginx(tmp_path_factory: pytest.TempPathFactory, certificate: Certificate, ports: Ports,
          app_server: AppServer, topology: str) -> Iterator[Nginx]:
    """nginx serving deploy/nginx.conf in front of the app, behind 443 or on high ports of its own.

    At the end its access log must hold no edit key: the tests open edit links.
    """
    need(NGINX, "Debian's nginx (apt-get install nginx)")
    if topology != "443":
        chosen = {ports.http, ports.https, ports.app}
        while len(chosen) < 5:
            chosen.add(free_port())
        http, https = sorted(chosen - {ports.http, ports.https, ports.app})
        ports = Ports(http=http, https=https, app=ports.app, seen=True)
    server = Nginx(tmp_path_factory.mktemp("nginx"), ports, certificate)
    try:
        yield server.start()
    finally:
        server.stop()
    log = server.access_log.read_text(errors="replace") if server.access_log.exists() else ""
    assert log, "nginx logged no request"
    assert "key=" not in log, "an edit key reached nginx's access log"


@pytest.fixture(scope="session")
def site(certificate: Certificate, nginx: Nginx) -> Site:
    """The deployed site, https through nginx, for a client without a browser."""
    return Site(certificate, nginx.ports)


@pytest.fixture(scope="session")
def deploy_browser(playwright_session: Playwright, certificate: Certificate, site: Site) -> Iterator[Browser]:
    """Debian's Chromium that finds ``scorer.test`` on loopback and takes its certificate as valid."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not at {CHROMIUM}: `make test` installs Debian's chromium", pytrace=False)
    # Behind 443, the site at its default ports, as a phone has it: the page's origin, the
    # Host and the Referer carry no port. On a high port, nginx's own ports, which they carry.
    rules = (f"MAP {HOST} 127.0.0.1" if site.ports.seen else
             f"MAP {HOST}:443 127.0.0.1:{site.ports.https},MAP {HOST}:80 127.0.0.1:{site.ports.http}")
    browser = playwright_session.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, f"--ignore-certificate-errors-spki-list={certificate.spki}",
              f"--host-resolver-rules={rules}"],
    )
    try:
        yield browser
    finally:
        browser.close()


#: Opens a phone on the site: ``phones(lang="en", scripts=True, storage_state=None)``.
OpenPhone = Callable[..., Phone]


@pytest.fixture
def phones(deploy_browser: Browser, site: Site) -> Iterator[OpenPhone]:
    """Phones for one test, closed at its end; none may log a console error.

    A phone opened with ``offline=True`` may log Chromium's note on a failed
    request, which a phone without reception does.
    """
    opened: list[tuple[Phone, bool]] = []

    def open_phone(lang: str = "en", *, scripts: bool = True, storage_state: Any = None,
                   offline: bool = False) -> Phone:
        context = deploy_browser.new_context(
            viewport={"width": PHONE["width"], "height": PHONE["height"]}, device_scale_factor=2, is_mobile=True, has_touch=True,
            locale=LOCALES[lang], java_script_enabled=scripts, storage_state=storage_state,
        )
        context.set_default_timeout(15_000)
        page = context.new_page()
        watch = Watch(urlsplit(site.url).netloc)
        watch.attach(page)
        phone = Phone(context, page, watch, site.url)
        opened.append((phone, offline))
        return phone

    yield open_phone
    plain = HOST if site.ports.public_http == 80 else f"{HOST}:{site.ports.public_http}"
    for phone, _offline in opened:
        phone.context.close()
    for phone, offline in opened:
        errors = [text for text in phone.watch.console_errors if not (offline and NETWORK_NOISE.match(text))]
        assert errors == [], f"console errors: {errors}"
        # The site's plain http address (on a high port, another netloc) only redirects here.
        foreign = [url for url in phone.watch.foreign_requests if urlsplit(url).netloc != plain]
        assert foreign == [], f"requests to other hosts: {foreign}"
