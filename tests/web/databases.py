"""Databases for the tests: the migrations run once per test process, each test starts empty.

Running the migrations takes about a third of a second on SQLite and more on
PostgreSQL, and well over a thousand tests want a freshly migrated database.
So the schema is made by the migrations once, then each test gets it as new:
on SQLite a copy of the migrated file in the test's own folder, on PostgreSQL
the same tables emptied and their counters reset (TRUNCATE ... RESTART
IDENTITY), which is what a freshly migrated database holds.

A test that asks for an empty database (``database_url``) may do anything to
the schema (downgrade it, migrate it halfway); the next migrated database is
then migrated anew.

Under pytest-xdist each worker gets a database of its own on the PostgreSQL
server (``use_worker_database``), and the browser tests' live server another
one (``separate_database``), so no test empties tables another one is using.
"""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

#: Settings of the app that runs the migrations; only its database matters.
MIGRATING = {"TESTING": True, "SECRET_KEY": "test-secret-key-at-least-32-bytes-long"}

#: The PostgreSQL database whose tables are at the migrations' head, untouched since.
_at_head: str | None = None
#: The migrated SQLite file the tests copy, made on first use.
_sqlite_schema: Path | None = None
#: One engine per PostgreSQL database this process empties or resets.
_engines: dict[str, sa.Engine] = {}


def server_url() -> str | None:
    """The PostgreSQL server's database the tests run on, or None for SQLite files."""
    return os.environ.get("TEST_DATABASE_URL") or None


def _engine(url: str) -> sa.Engine:
    if url not in _engines:
        _engines[url] = sa.create_engine(url, poolclass=sa.NullPool)
    return _engines[url]


def database_url(tmp_path: Path) -> str:
    """A fresh, empty database for one test: PostgreSQL when TEST_DATABASE_URL names one."""
    global _at_head
    url = server_url()
    if not url:
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    _at_head = None  # the caller may leave the schema in any state
    with _engine(url).begin() as connection:
        connection.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    return url


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the migrations' head."""
    from flask_migrate import upgrade

    from scorer import create_app
    from scorer.web.extensions import db

    app = create_app({**MIGRATING, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        try:
            upgrade()
        finally:
            db.session.remove()
            db.engine.dispose()


def _migrated_sqlite_file() -> Path:
    """The SQLite file the migrations made, once per process; removed when the process ends."""
    global _sqlite_schema
    if _sqlite_schema is None:
        folder = Path(tempfile.mkdtemp(prefix="scorer-schema-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        migrate(f"sqlite:///{folder / 'schema.sqlite3'}")
        _sqlite_schema = folder / "schema.sqlite3"
    return _sqlite_schema


def _empty_tables(url: str) -> None:
    """Empty every table but the migrations' own and restart the counters, in one statement."""
    with _engine(url).begin() as connection:
        tables = connection.execute(sa.text(
            "SELECT quote_ident(tablename) FROM pg_tables"
            " WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
        )).scalars().all()
        if tables:
            connection.execute(sa.text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))


def migrated_database_url(tmp_path: Path) -> str:
    """A fresh database for one test with the schema the migrations make (see the module's doc)."""
    global _at_head
    url = server_url()
    if not url:
        target = tmp_path / "test.sqlite3"
        shutil.copyfile(_migrated_sqlite_file(), target)
        return f"sqlite:///{target}"
    if _at_head == url:
        _empty_tables(url)
    else:
        database_url(tmp_path)
        migrate(url)
        _at_head = url
    return url


@contextmanager
def separate_database(prefix: str) -> Iterator[str]:
    """A database of its own on TEST_DATABASE_URL's server, dropped at the end; its URL."""
    url = server_url()
    assert url, "separate_database needs TEST_DATABASE_URL"
    server = sa.make_url(url)
    name = f"{prefix}_{secrets.token_hex(4)}"
    engine = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.NullPool)
    with engine.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()
