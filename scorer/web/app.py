"""The app factory: configuration, extensions, blueprints, error pages."""

from __future__ import annotations

import hashlib
import logging
import os
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.exceptions import Conflict as HTTPConflict
from werkzeug.exceptions import Forbidden, HTTPException, NotFound
from werkzeug.middleware.proxy_fix import ProxyFix

from scorer.web import access, commands, compressed, security, services, shipped, undo
from scorer.web.api import routes as api
from scorer.web.api import tournament_night as tournament_night_api
from scorer.web.api import tournament_people as tournament_people_api
from scorer.web.api import tournaments as tournaments_api
from scorer.web.body import ReadableBodies
from scorer.web.deals import routes as deals
from scorer.web.extensions import babel, compress, csrf, db, limiter, migrate
from scorer.web.groups import routes as groups
from scorer.web.help import routes as help_pages
from scorer.web.house_rules import routes as house_rules
from scorer.web.i18n import LANGUAGES, paper, select_locale
from scorer.web.pictures.views import statistics_words
from scorer.web.lists import routes as lists
from scorer.web.offline import routes as offline
from scorer.web.settings import routes as settings
from scorer.web.sharing import routes as sharing
from scorer.web.tournaments import routes as tournaments
from scorer.web.tournaments import boards as tournament_boards
from scorer.web.tournaments import new as tournament_new
from scorer.web.tournaments import night as tournament_night
from scorer.web.tournaments import people as tournament_people
from scorer.web.tournaments import printed as tournament_print
from scorer.web.tournaments import sheet as tournament_sheets


class MissingSecretKey(RuntimeError):
    """The app was started outside debug without a SECRET_KEY."""


class SecretKeyTooShort(RuntimeError):
    """The SECRET_KEY is too short to keep sessions and edit keys safe."""


#: The shortest SECRET_KEY taken: it signs the session and derives edit keys.
MIN_SECRET_KEY_BYTES = 32


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the table app."""
    app = Flask(
        "scorer",
        instance_path=str(shipped.instance_folder()),
        instance_relative_config=True,
        template_folder=str(shipped.folder("templates")),
        static_folder=str(shipped.folder("static")),
    )
    configure(app, test_config)
    register_proxies(app)
    # A body whose framing the server refuses (a broken chunk) is answered 400, not 500.
    app.wsgi_app = ReadableBodies(app.wsgi_app)  # type: ignore[method-assign]
    app.json.sort_keys = False  # type: ignore[attr-defined]  # players stay in seating order
    register_extensions(app)
    register_security(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_commands(app)
    register_logging()
    return app


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Defaults, then instance/config.py, then the environment, then tests."""
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + str(Path(app.instance_path) / "scorer.sqlite3"),
        MAX_CONTENT_LENGTH=1024 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a list page stays open all evening
        BABEL_DEFAULT_LOCALE="en",
        LANGUAGES=LANGUAGES,
        SESSION_COOKIE_SECURE=True,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        #: A phone keeps its edit rights and its lists across browser restarts: the
        #: session cookie lasts as long as browsers keep one (400 days), and the
        #: first visit of each day renews it (access.renew_daily). It holds at most
        #: access.REMEMBERED lists of each kind.
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        #: Not every answer: a slow answer (a service worker's fetch, a poll)
        #: would write back the cookie as it was when it was asked, undoing a
        #: change made meanwhile, such as the language just chosen.
        SESSION_REFRESH_EACH_REQUEST=False,
        #: New lists one client may create, in Flask-Limiter's notation.
        LIST_CREATION_LIMIT="30 per 10 minutes",
        #: Lists of tournaments one client may pay for when making them (a budget of its own):
        #: a 400-player, 6-round tournament (600 lists) four times a day.
        TOURNAMENT_LIST_LIMIT="2400 per day",
        # The new-tournament page's sample, asked as the organiser types: it stores nothing.
        TOURNAMENT_SAMPLE_LIMIT="120 per minute",
        RATELIMIT_HEADERS_ENABLED=True,
        #: Where the counts live: memory:// is per worker process; a host with
        #: several workers or machines points all of them at one store (redis://).
        RATELIMIT_STORAGE_URI="memory://",
        #: How many reverse proxies in front of the app add to X-Forwarded-For;
        #: only their word on the client's address is taken. 0: none, use the peer.
        PROXY_COUNT=0,
        COMPRESS_ALGORITHM=["br", "gzip"],
        #: Static files are sent as streams, which Flask-Compress would compress in br or
        #: deflate only: a browser over plain http (no Brotli there) gets gzip too.
        COMPRESS_ALGORITHM_STREAMING=["br", "gzip"],
        COMPRESS_MIN_SIZE=300,
        #: A body its view names (the list JSON, by revision) is compressed once per coding.
        COMPRESS_CACHE_KEY=compressed.cache_key,
        COMPRESS_CACHE_BACKEND=compressed.Kept,
        COMPRESS_MIMETYPES=[
            "text/html", "text/css", "text/csv", "application/javascript",
            "text/javascript", "application/json", "image/svg+xml",
        ],
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env()
    if os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    if test_config:
        app.config.update(test_config)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if not app.config.get("SECRET_KEY"):
        if not (app.debug or app.testing):
            raise MissingSecretKey(
                "SECRET_KEY is not set: set the SECRET_KEY environment variable "
                "(or SECRET_KEY in instance/config.py) to a long random string, "
                "e.g. python3 -c 'import secrets; print(secrets.token_hex(32))'"
            )
        app.config["SECRET_KEY"] = os.urandom(32).hex()
    secret = app.config["SECRET_KEY"]
    if len(secret.encode() if isinstance(secret, str) else secret) < MIN_SECRET_KEY_BYTES:
        raise SecretKeyTooShort(
            f"SECRET_KEY is too short: it must be at least {MIN_SECRET_KEY_BYTES} bytes, "
            "because it signs the session cookie and derives edit keys; make one with "
            "python3 -c 'import secrets; print(secrets.token_hex(32))'"
        )


def register_proxies(app: Flask) -> None:
    """Take the client's address (and scheme) from the trusted proxies in front, if any.

    Each proxy appends the address it saw to X-Forwarded-For; only the last
    PROXY_COUNT entries are theirs, the rest is whatever the client sent.
    """
    count = app.config["PROXY_COUNT"]
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"PROXY_COUNT must be a whole number of proxies, 0 or more, not {count!r}")
    if count:
        # Replacing wsgi_app is how Flask takes a middleware; mypy reads it as a method.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count)  # type: ignore[method-assign]


def database_url(url: str) -> str:
    """Let ``postgres://`` and ``postgresql://`` URLs use psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """SQLite: write-ahead log, foreign keys, wait for a busy database."""
    if type(connection).__module__.startswith("sqlite3"):
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=15000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


def register_extensions(app: Flask) -> None:
    """Bind the extensions to the app."""
    db.init_app(app)
    migrate.init_app(app, db, directory=str(shipped.folder("migrations")))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    limiter.init_app(app)
    compress.init_app(app)
    register_fingerprints(app)


#: A year: a fingerprinted asset never changes under its address.
IMMUTABLE = "public, max-age=31536000, immutable"


def register_fingerprints(app: Flask) -> None:
    """Give static URLs a content hash (?v=...), and cache those for a year."""
    hashes: dict[str, str | None] = {}

    @app.url_defaults
    def fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint != "static" or "filename" not in values:
            return
        name = values["filename"]
        if name not in hashes or app.debug:
            path = Path(app.static_folder or "") / name
            hashes[name] = (
                hashlib.sha256(path.read_bytes()).hexdigest()[:12] if path.is_file() else None
            )
        if hashes[name]:
            values["v"] = hashes[name]

    @app.after_request
    def cache_fingerprinted(response: Response) -> Response:
        if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
            response.headers["Cache-Control"] = IMMUTABLE
        return response


def register_security(app: Flask) -> None:
    """Security headers on every answer; the session renewed daily; a key the proxy handed over taken."""
    app.before_request(access.take_key_cookie)
    app.after_request(access.renew_daily)
    app.after_request(security.secure_headers)


def register_blueprints(app: Flask) -> None:
    """Mount the pages, one blueprint per area, and the JSON API."""
    app.register_blueprint(lists.bp)
    app.register_blueprint(deals.bp)
    app.register_blueprint(sharing.bp)
    app.register_blueprint(house_rules.bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(tournaments_api.bp)
    app.register_blueprint(tournament_people_api.bp)
    app.register_blueprint(tournament_night_api.bp)
    app.register_blueprint(tournament_sheets.bp)
    app.register_blueprint(offline.bp)
    app.register_blueprint(settings.bp)
    app.register_blueprint(help_pages.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(tournament_new.bp)
    app.register_blueprint(tournament_people.bp)
    app.register_blueprint(tournament_boards.bp)
    app.register_blueprint(tournament_print.bp)
    app.register_blueprint(tournament_night.bp)
    app.add_template_global(undo.page_messages, "page_messages")
    app.add_template_global(paper, "paper")
    app.add_template_global(statistics_words, "statistics_words")
    csrf.exempt(api.bp)
    csrf.exempt(tournaments_api.bp)
    csrf.exempt(tournament_people_api.bp)
    csrf.exempt(tournament_night_api.bp)
    if app.config.get("OFFLINE_TEST_ROUTES"):
        # Browser tests only: drop answers after a deal is stored. The module is
        # kept in git for them and never shipped (setup.py's TEST_ONLY).
        from scorer.web.offline import testing

        testing.register(app)


def register_errorhandlers(app: Flask) -> None:
    """JSON errors under /api/, friendly pages elsewhere; never a traceback."""

    def handle(error: HTTPException) -> Any:
        code = error.code or 500
        if request.path.startswith("/api/"):
            return jsonify(error=error.description or error.name), code
        return render_template("error.html", code=code, message=_message(code)), code

    for code in (400, 403, 404, 405, 409, 413, 422, 429, 500):
        app.register_error_handler(code, handle)
    app.register_error_handler(services.NotFound, lambda error: handle(NotFound(str(error))))
    app.register_error_handler(services.NotAllowed, lambda error: handle(Forbidden(str(error))))
    app.register_error_handler(services.Conflict, lambda error: handle(HTTPConflict(str(error))))


def _message(code: int) -> str:
    messages = {
        400: _("That request could not be understood."),
        403: _("This needs the list's edit link."),
        404: _("There is nothing here. The link may be mistyped or the list deleted."),
        405: _("That is not possible here."),
        409: _("Someone changed this meanwhile. Look again and retry."),
        413: _("That is too big to send."),
        422: _("That could not be saved."),
        429: _("Too many requests. Wait a moment and try again."),
    }
    return messages.get(code, _("Something went wrong on our side. Nothing was saved."))


#: An edit key in a logged request line: ``?key=...`` or ``&key=...``.
_KEY_IN_QUERY = re.compile(r"([?&]key=)[^&\s\"]*")


class HideEditKeys(logging.Filter):
    """Write ``key=...`` in a logged request line as ``key=[hidden]``.

    The development server (``make run``) logs every request line with its
    query, and an edit link carries its key there (scorer/web/gunicorn_conf.py keeps
    queries out of gunicorn's access log).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _KEY_IN_QUERY.sub(r"\1[hidden]", arg) if isinstance(arg, str) else arg
                for arg in record.args
            )
        if isinstance(record.msg, str):
            record.msg = _KEY_IN_QUERY.sub(r"\1[hidden]", record.msg)
        return True


def register_logging() -> None:
    """Keep edit keys out of the request lines the development server logs."""
    logger = logging.getLogger("werkzeug")
    if not any(isinstance(f, HideEditKeys) for f in logger.filters):
        logger.addFilter(HideEditKeys())


def register_commands(app: Flask) -> None:
    """Command-line commands for `flask --app scorer ...`."""
    commands.register(app)
