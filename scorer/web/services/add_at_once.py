"""PostgreSQL's add in one statement: the list read without its lock, the deal written if it did not move.

On PostgreSQL each round trip costs far more than on SQLite, and a writer
holding a list's write lock keeps every other phone adding to it waiting
through all of its round trips. Here the list's row is read without the
lock (outside a transaction, where none has begun), the deal scored from
the end kept in it, and the deal, the new end and the revision's bump
written in one statement that changes nothing if the revision moved since
the read. ``services.adding`` chooses this by the dialect, and takes the
lock and tries again when the statement changed nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, now
from scorer.web.services.lists import EditKey, list_to_change
from scorer.web.services.table_scope import Work


def usable() -> bool:
    """Tell whether the database adds a deal in one statement (PostgreSQL's data-modifying WITH)."""
    return db.session.get_bind().dialect.name == "postgresql"


def list_to_add_to(list_id: str, key: EditKey) -> ScoreListRow:
    """Find the list with this edit key without its lock: outside a transaction, where none has begun.

    The read then holds nothing, and :func:`write` runs as a transaction of its own.
    """
    if not db.session().in_transaction():
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
    return list_to_change(list_id, key, work=Work.DEALS)


def write(values: Mapping[str, Any], *, revision: int, end: Mapping[str, Any]) -> bool:
    """Insert the deal (a row's ``values``) and store the list's end, if its revision is still ``revision``.

    True if written. An Idempotency-Key sent before is refused by the
    INSERT (IntegrityError), and nothing is written.
    """
    added = db.session.execute(_statement(), {**values, "revision": revision, "end_state": end,
                                              "now": now()}).scalar()
    return added is not None


@functools.cache
def _statement() -> sa.TextClause:
    """The one statement of :func:`write`, built once.

    The UPDATE waits for a writer holding the list's lock, then finds the
    revision moved and changes nothing, so the INSERT inserts nothing: a
    data-modifying WITH runs as one statement, and a refused INSERT (a key
    sent before) undoes the UPDATE with it.
    """
    return sa.text(
        "WITH bumped AS (UPDATE lists SET revision = revision + 1, updated_at = :now, list_end = :end_state"
        " WHERE id = :list_id AND revision = :revision RETURNING id)"
        " INSERT INTO deals (list_id, position, data, named_dealer, idempotency_key,"
        " idempotency_fingerprint, version, created_at, updated_at)"
        " SELECT id, :position, :data, :named_dealer, :idempotency_key, :idempotency_fingerprint,"
        " 1, :now, :now FROM bumped RETURNING id"
    ).bindparams(
        sa.bindparam("list_id", type_=sa.String), sa.bindparam("revision", type_=sa.Integer),
        sa.bindparam("end_state", type_=sa.JSON), sa.bindparam("now", type_=sa.DateTime),
        sa.bindparam("position", type_=sa.Integer), sa.bindparam("data", type_=sa.JSON),
        sa.bindparam("named_dealer", type_=sa.Text), sa.bindparam("idempotency_key", type_=sa.String),
        sa.bindparam("idempotency_fingerprint", type_=sa.String),
    )
