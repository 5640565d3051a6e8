"""The list's end: where it stands after its last deal, kept in its row so an add does not replay the list."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

import sqlalchemy as sa

from scorer.engine import Carry, Replay, ScoreList, parse_rules
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from scorer.web.services.lists import kept_deals
from scorer.web.services.state import engine_list, parsed


class Tail(NamedTuple):
    """What adding a deal reads of a list's deals, read in one statement (see :func:`tail`)."""

    #: The highest position taken, deleted deals included (0: none).
    last_position: int
    #: The id of the deal stored with the idempotency key asked about, if any.
    repeat_id: int | None


def tail(row: ScoreListRow, idempotency_key: str | None = None) -> Tail:
    """Read the end of the list for the next deal in one round trip to the database.

    Each statement is a round trip, and a writer holds the list's write lock
    through all of its round trips: on PostgreSQL, where each costs far more
    than on SQLite, their number is what other phones adding at once wait for.
    """
    found = db.session.execute(_tail_statement(), {"list_id": row.id, "key": idempotency_key}).one()
    return Tail(found[0] or 0, found[1])


@functools.cache
def _tail_statement() -> sa.Select[Any]:
    """The statement :func:`tail` runs, built once: building it costs more than running it."""
    deals = sa.orm.aliased(DealRow)
    list_id = sa.bindparam("list_id", type_=sa.String)

    def scalar(query: sa.Select[Any]) -> Any:
        return query.correlate(None).scalar_subquery()

    return sa.select(
        scalar(sa.select(sa.func.max(deals.position)).where(deals.list_id == list_id)),
        # A key of None matches nothing (NULL = NULL is not true).
        scalar(sa.select(deals.id).where(
            deals.list_id == list_id, deals.idempotency_key == sa.bindparam("key", type_=sa.String)
        )),
    )


def next_deal(row: ScoreListRow, kept: KeptEnd | None = None) -> Replay:
    """A replay ready to score the list's next deal, without reading every deal where it can.

    Where nothing changed the list since its last deal was added, it resumes
    from where that add left the list (``kept``, see :func:`kept_end`): the
    next dealer, the count, the carry and the totals (a deal that would take
    one past what JSON holds exactly is refused, ``scorer.engine.exact``).
    Otherwise the list is replayed.
    """
    if kept is not None:
        return Replay.resume(parse_rules(row.rules), tuple(row.players), next_dealer=kept.next_dealer,
                             played=kept.played, carry=kept.carry, totals=kept.totals)
    return replay_to_end(engine_list(row, parsed([d.data for d in kept_deals(row)])))


class KeptEnd(NamedTuple):
    """Where a list stood after the deal last added to it: its end, and what it carries."""

    #: The list's revision that add made (its write lock bumped it to this).
    revision: int
    #: The replay's state after the deal: the carry, the next dealer, the deals kept.
    carry: Carry
    next_dealer: str
    played: int
    #: The position the deal took (the highest, deleted deals included).
    last_position: int
    #: Every player's total after it.
    totals: Mapping[str, int]

    def stored(self) -> dict[str, Any]:
        """As ``lists.list_end`` keeps it (JSON): the carry's fields that are not empty, the totals."""
        carry = {name: value for name, value in (
            ("tally", dict(self.carry.tally)), ("bock", list(self.carry.bock_rounds)),
            ("pot", self.carry.pot), ("doublers", self.carry.doublers)) if value}
        return {"revision": self.revision, "next_dealer": self.next_dealer, "played": self.played,
                "last_position": self.last_position, "totals": dict(self.totals),
                **({"carry": carry} if carry else {})}

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> KeptEnd:
        """Read back what :meth:`stored` wrote."""
        carry = stored.get("carry") or {}
        tally = {"tally": MappingProxyType(dict(carry["tally"]))} if "tally" in carry else {}
        return cls(
            stored["revision"],
            Carry(**tally, bock_rounds=tuple(carry.get("bock", ())), pot=carry.get("pot", 0),
                  doublers=carry.get("doublers", 0)),
            stored["next_dealer"], stored["played"], stored["last_position"],
            MappingProxyType(dict(stored["totals"])),
        )


def kept_end(row: ScoreListRow, *, locked: bool = True) -> KeptEnd | None:
    """Where the list stands, if nothing changed it since a deal was added, on any worker or server.

    The add stored it in the list's row (``list_end``) with the revision its
    write lock made; read holding the list's write lock, the row's revision
    is then one more. Any other change to the list took the lock too, and
    moved the revision on, so what was stored is not used. A list with
    changes of seats or rules has none: what was kept would have to know
    which change it was read under. A row read without the lock
    (``locked`` False, see ``services.add_at_once``) has the revision the add
    stored. An end stored without the totals (before they were kept) is not used.
    """
    stored = row.list_end
    if (not stored or stored.get("revision", 0) + locked != row.revision or row.changes
            or "totals" not in stored):
        return None
    return KeptEnd.from_stored(stored)


def end_after(revision: int, replay: Replay, position: int) -> KeptEnd:
    """Where the list stands after the deal just scored at ``position``, to store with it.

    ``revision``: the one the add makes, read before the commit (after it,
    the row's attributes would be read again, perhaps after another change).
    """
    return KeptEnd(revision, replay.carry, replay.next_dealer, replay.played, position, replay.totals)


def replay_to_end(score_list: ScoreList) -> Replay:
    """A running replay of the list, ready to score one more deal."""
    replay = score_list.replayer()
    replay.extend(score_list.deals)
    return replay

