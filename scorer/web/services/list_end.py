"""The list's end: where it stands after its last deal, kept in its row so an add does not replay the list."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

import sqlalchemy as sa

from scorer.engine import Carry, Replay, ScoreList, parse_rules
from scorer.web.extensions import db
from scorer.web.models import DealRow, ScoreListRow
from scorer.web.services.lists import kept_deals
from scorer.web.services.state import engine_list, parsed


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


def kept_end(row: ScoreListRow) -> KeptEnd | None:
    """Where the list stands, read holding its write lock, if nothing changed it since a deal was added.

    The add stored it in the list's row (``list_end``) with the revision it
    made. Every change to a list takes the lock, which bumps the revision:
    the end is the list's own if the revision the lock found is the one the
    add made. A list with changes of seats or rules keeps none: what was
    kept would have to know which change it was read under. An end stored
    without the totals (before they were kept) is not used.
    """
    stored = row.list_end
    if not stored or row.changes or "totals" not in stored or stored.get("revision") != row.revision - 1:
        return None
    return KeptEnd.from_stored(stored)


def next_deal(row: ScoreListRow) -> tuple[Replay, int]:
    """A replay ready to score the list's next deal, and the position that deal takes; read holding the lock.

    Where nothing changed the list since its last deal was added, it resumes
    from where that add left the list (:func:`kept_end`): the next dealer,
    the count, the carry and the totals (a deal that would take one past
    what JSON holds exactly is refused, ``scorer.engine.exact``). Otherwise
    the list is replayed.
    """
    kept = kept_end(row)
    if kept is not None:
        replay = Replay.resume(parse_rules(row.rules), tuple(row.players), next_dealer=kept.next_dealer,
                               played=kept.played, carry=kept.carry, totals=kept.totals)
        return replay, kept.last_position + 1
    # Past every position taken, deleted deals' too: a deal restored goes back to its own.
    last = db.session.scalar(sa.select(sa.func.max(DealRow.position)).where(DealRow.list_id == row.id))
    return replay_to_end(engine_list(row, parsed([d.data for d in kept_deals(row)]))), (last or 0) + 1


def end_after(row: ScoreListRow, replay: Replay, position: int) -> dict[str, Any]:
    """Where the list stands after the deal just scored at ``position``, as its row keeps it.

    Made holding the lock, before the commit: the row's revision is then the one this change makes.
    """
    return KeptEnd(row.revision, replay.carry, replay.next_dealer, replay.played, position,
                   replay.totals).stored()


def replay_to_end(score_list: ScoreList) -> Replay:
    """A running replay of the list, ready to score one more deal."""
    replay = score_list.replayer()
    replay.extend(score_list.deals)
    return replay
