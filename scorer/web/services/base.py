"""What every use case shares: its errors, its transaction, the list's write lock."""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

import sqlalchemy as sa
import sqlalchemy.orm

from scorer.web.extensions import db
from scorer.web.models import ScoreListRow, now


F = TypeVar("F", bound=Callable[..., Any])
M = TypeVar("M")

#: The largest id an integer key column holds on every database (PostgreSQL's
#: INTEGER); a larger number in an address or a form names no row.
MAX_ROW_ID = 2**31 - 1


class NotFound(LookupError):
    """No such list or deal."""


class NotAllowed(PermissionError):
    """The edit key is missing or wrong."""


class Conflict(Exception):
    """The change cannot be made as things stand (stale edit, finished list)."""


def transaction(change: F) -> F:
    """Run a change as one transaction: commit inside, roll back on any refusal.

    Rolling back at once lets go of the list's write lock before the view
    renders its error, so other phones are not kept waiting.
    """

    @wraps(change)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return change(*args, **kwargs)
        except BaseException:
            db.session.rollback()
            raise

    return cast(F, wrapper)


def require_open(row: ScoreListRow) -> None:
    """Refuse a change to a finished list."""
    if row.finished_at is not None:
        raise Conflict("the list is finished; reopen it to change it")


def lock_list(list_id: str) -> ScoreListRow | None:
    """Take a list's write lock and read its row, in one statement; None when there is none.

    A change that would first read the row and then lock it makes two round
    trips to the database where this makes one (see :func:`_lock`). Whoever
    calls it checks the row (its edit key) and rolls back when refusing, so
    the lock is let go at once.
    """
    found = db.session.execute(_lock_statement(), {"list_id": list_id, "now": now()}).scalar()
    if found is not None:
        db.session.info.setdefault("locked_lists", set()).add(list_id)
    return found


@functools.cache
def _lock_statement() -> Any:
    """The lock's UPDATE: bump the revision, read the row back in the same round trip.

    Built once, its values bound when it runs: building a statement costs
    more than the database takes to run this one.
    """
    return (
        sa.update(ScoreListRow)
        .where(ScoreListRow.id == sa.bindparam("list_id", type_=sa.String))
        .values(revision=ScoreListRow.revision + 1, updated_at=sa.bindparam("now", type_=sa.DateTime))
        .returning(ScoreListRow)
        .execution_options(synchronize_session=False, populate_existing=True)
    )


def _lock(row: ScoreListRow) -> None:
    """Take the list's write lock for this transaction, bumping its revision.

    Writing the list row first serialises changes to one list on SQLite and
    PostgreSQL alike, so two phones adding at once get consecutive deals.
    The session remembers the list as locked (``locked``) till it ends: what it
    reads of the list from then on is a change in progress, not a revision to keep.
    """
    # RETURNING reads the row back in the same round trip (SQLite 3.35+, PostgreSQL):
    # other phones wait for this lock through every round trip until the commit.
    lock_list(row.id)


@sa.event.listens_for(sa.orm.Session, "after_commit")
@sa.event.listens_for(sa.orm.Session, "after_rollback")
def _unlocked(session: sa.orm.Session) -> None:
    """A transaction's end lets go of its lists' write locks."""
    session.info.pop("locked_lists", None)


def locked(list_id: str) -> bool:
    """Whether this session took the list's write lock (its revision is not yet everyone's)."""
    return list_id in db.session.info.get("locked_lists", ())


def by_id(model: type[M], row_id: int) -> M | None:
    """The row of ``model`` with this integer id, if there is one.

    A number outside the column's range is looked up nowhere: the database
    would refuse it with an error instead of finding nothing.
    """
    if not 1 <= row_id <= MAX_ROW_ID:
        return None
    return db.session.get(model, row_id)
