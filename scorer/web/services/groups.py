"""A group: making it, its lists in and out, and its season.

A season is summed from each list's result; a list's result is kept by its
revision (which every change bumps), so a group page replays a list only
after it changed, and the lists it has not seen yet are read in one query.
Nothing is stored as truth: the cache is only a memory. The group's saved
house rules live in saved_house_rules; its archive of list files in group_archive.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
import sqlalchemy.orm as so
from sqlalchemy.orm.attributes import set_committed_value

from scorer.engine import N_, ScoringError
from scorer.engine.season import ListTotals, Standing, running_over_lists, standings
from scorer.engine.statistics import PlayerStatistics, statistics, summed
from scorer.engine.values import name as player_name, name_key
from scorer.web.extensions import db
from scorer.web.models import DealRow, GroupRow, ScoreListRow, now
from scorer.web.services.base import Conflict, NotAllowed, NotFound, _lock, transaction
from scorer.web.services.keys import hash_key, key_from_token
from scorer.web.services.lists import LIST_CURRENCIES, POINTS_ONLY, create_list, is_list_id
from scorer.web.services.state import engine_list, list_state, parsed_deal

MAX_GROUP_NAME = 80
#: A Stammtisch is more than a table, but not a town.
MAX_GROUP_PLAYERS = 40
MAX_PLAYER_NAME = 40


# -- making and finding a group ----------------------------------------------------------


def _checked_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScoringError("name", N_("needs a name for the group"))
    return value.strip()[:MAX_GROUP_NAME]


def _checked_players(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise ScoringError("players", N_("must be a list of names"))
    players = [player_name(p, "players").strip() for p in value]
    if len(players) < 3:
        raise ScoringError("players", N_("a group needs at least 3 players"))
    if len(players) > MAX_GROUP_PLAYERS:
        raise ScoringError("players", N_("a group has at most %(most)s players"), most=MAX_GROUP_PLAYERS)
    for player in players:
        if len(player) > MAX_PLAYER_NAME:
            raise ScoringError("players", N_("%(name)s is longer than %(most)s letters"),
                               name=player[:MAX_PLAYER_NAME] + "…", most=MAX_PLAYER_NAME)
        if players.count(player) > 1:
            raise ScoringError("players", N_("%(name)s is named twice; names must differ"), name=player)
    return players


@transaction
def create_group(document: Mapping[str, Any], *, token: str | None = None) -> tuple[GroupRow, str]:
    """Store a new group from its name and players; return it and its edit key.

    A repeated one-time ``token`` (a form sent twice) stores the group once.
    """
    name = _checked_name(document.get("name"))
    players = _checked_players(document.get("players"))
    repeat = group_made_with(token)
    if token and repeat is not None:
        return repeat, key_from_token("group", token)
    key = key_from_token("group", token) if token else secrets.token_urlsafe(24)
    group = GroupRow(id=secrets.token_urlsafe(16), name=name, players=players,
                     edit_key_hash=hash_key(key), creation_token=token or None)
    db.session.add(group)
    db.session.commit()
    return group, key


def group_made_with(token: str | None) -> GroupRow | None:
    """The group a form with this one-time token made already, if it did."""
    if not token:
        return None
    return db.session.scalar(sa.select(GroupRow).where(GroupRow.creation_token == token))


def get_group(group_id: str) -> GroupRow:
    """Find a group by its id."""
    # Group ids are made as list ids are: anything of another shape (a NUL, a
    # direction mark) is no group, and never reaches the database.
    group = db.session.get(GroupRow, group_id) if is_list_id(group_id) else None
    if group is None:
        raise NotFound("no such group")
    return group


class GroupNotAllowed(NotAllowed):
    """The group's edit key is missing or wrong (a page says so in the group's words)."""


def require_group_key(group: GroupRow, key: str | None) -> None:
    """Refuse a change without the group's edit key."""
    if key is None or not hmac.compare_digest(hash_key(key), group.edit_key_hash):
        raise GroupNotAllowed("this needs the group's edit link")


def known_groups(ids: Sequence[str]) -> list[GroupRow]:
    """Those of these ids that are groups, by name."""
    if not ids:
        return []
    query = sa.select(GroupRow).where(GroupRow.id.in_(ids)).order_by(GroupRow.name)
    return list(db.session.scalars(query))


def group_of(row: ScoreListRow) -> GroupRow | None:
    """The group a list belongs to, if any."""
    return db.session.get(GroupRow, row.group_id) if row.group_id else None


def group_lists(group: GroupRow) -> list[ScoreListRow]:
    """The group's lists, oldest first.

    Their rules are read only when used: a summary kept from before needs none.
    """
    query = (
        sa.select(ScoreListRow).where(ScoreListRow.group_id == group.id)
        .options(so.defer(ScoreListRow.rules), so.defer(ScoreListRow.ends))
        .order_by(ScoreListRow.created_at, ScoreListRow.id)
    )
    return list(db.session.scalars(query))


@transaction
def add_to_group(group: GroupRow, row: ScoreListRow) -> None:
    """Let a list belong to the group (it may belong to one group only)."""
    if row.group_id not in (None, group.id):
        raise Conflict("the list belongs to another group")
    _lock(row)
    row.group_id = group.id
    group.updated_at = now()
    db.session.commit()


@transaction
def remove_from_group(group: GroupRow, row: ScoreListRow) -> None:
    """Take a list out of the group: it keeps its deals, the season no longer counts it."""
    if row.group_id != group.id:
        raise NotFound("the list does not belong to this group")
    _lock(row)
    row.group_id = None
    group.updated_at = now()
    db.session.commit()


def follow_rename(row: ScoreListRow, old: str, new: str) -> bool:
    """Rename the player in the group of the list just renamed in, if that is what the group means.

    The group's player is renamed when no other of the group's lists still
    names them and the new name does not look like another of its players;
    otherwise the group stays as it is. Call it in the rename's transaction.
    """
    group = group_of(row)
    if group is None or old not in group.players:
        return False
    if any(who != old and name_key(who) == name_key(new) for who in group.players):
        return False
    for other in group_lists(group):
        seatings = [other.players, *(c.get("players") or [] for c in other.changes or [])]
        if other.id != row.id and any(old in seating for seating in seatings):
            return False
    group.players = [new if who == old else who for who in group.players]
    group.updated_at = now()
    return True


def create_group_list(
    group: GroupRow, document: Mapping[str, Any], **options: Any,
) -> tuple[ScoreListRow, str]:
    """Store a new list (a list file) that belongs to the group; return it and its edit key."""
    return create_list(document, group_id=group.id, **options)


# -- the season ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ListSummary:
    """What one list came to, for its group's season."""

    totals: ListTotals
    deals: int
    statistics: Mapping[str, PlayerStatistics]
    #: The games someone declared, in the family's order.
    games: tuple[str, ...]


#: Summaries by (list id, revision, last change): a change makes a new key, so
#: a summary is never stale; the oldest are dropped past the bound.
_SUMMARIES: dict[tuple[str, int, datetime], ListSummary] = {}
_SUMMARIES_LOCK = threading.Lock()
SUMMARIES_KEPT = 20_000


def keep_bounded(cache: dict[Any, Any], key: Any, value: Any, most: int) -> None:
    """Keep a value by its key, dropping the oldest past ``most``."""
    with _SUMMARIES_LOCK:
        while len(cache) >= most:
            del cache[next(iter(cache))]
        cache[key] = value


def _summary_key(row: ScoreListRow) -> tuple[str, int, datetime]:
    return (row.id, row.revision, row.updated_at)


def _summarised(result: Any) -> ListSummary:
    stats = statistics(result)
    declared = {game for s in stats.values() for game in s.by_game}
    return ListSummary(
        totals=ListTotals(result.players, dict(result.balances), result.rules.point_value),
        deals=len(result.deals),
        statistics=stats,
        games=tuple(g for g in result.rules.family.games if g in declared),
    )


def list_summary(row: ScoreListRow) -> ListSummary:
    """The list's summary: replayed once per revision."""
    key = _summary_key(row)
    summary = _SUMMARIES.get(key)
    if summary is None:
        summary = _summarised(list_state(row).result)
        keep_bounded(_SUMMARIES, key, summary, SUMMARIES_KEPT)
    return summary


#: How many lists one query asks about (well under every database's limit of parameters).
BATCH = 500


def list_summaries(rows: Sequence[ScoreListRow]) -> list[ListSummary]:
    """Each list's summary; those not kept yet are replayed from one query for all their deals.

    A group page seen first (or after a restart) would otherwise ask the
    database twice per list: for its rules and for its deals.
    """
    missing = [row for row in rows if _summary_key(row) not in _SUMMARIES]
    for start in range(0, len(missing), BATCH):
        batch = {row.id: row for row in missing[start:start + BATCH]}
        unloaded = [i for i, row in batch.items() if "rules" in sa.inspect(row).unloaded]
        if unloaded:
            query = sa.select(ScoreListRow.id, ScoreListRow.rules).where(ScoreListRow.id.in_(unloaded))
            for list_id, rules in db.session.execute(query):
                set_committed_value(batch[list_id], "rules", rules)
        texts: dict[str, list[str]] = {list_id: [] for list_id in batch}
        query = (
            sa.select(DealRow.list_id, sa.cast(DealRow.data, sa.Text))
            .where(DealRow.list_id.in_(list(batch)), DealRow.deleted_at.is_(None))
            .order_by(DealRow.list_id, DealRow.position)
        )
        for list_id, text in db.session.execute(query):
            texts[list_id].append(text)
        for list_id, row in batch.items():
            deals = (parsed_deal(text, n) for n, text in enumerate(texts[list_id], start=1))
            summary = _summarised(engine_list(row, deals).replay())
            keep_bounded(_SUMMARIES, _summary_key(row), summary, SUMMARIES_KEPT)
    # A summary dropped meanwhile (the cache is bounded) is replayed alone.
    return [_SUMMARIES.get(_summary_key(row)) or list_summary(row) for row in rows]


@dataclass(frozen=True)
class Season:
    """A group's lists over a period, added up."""

    start: date
    end: date
    #: The lists begun in the period, oldest first, each with its summary.
    lists: tuple[tuple[ScoreListRow, ListSummary], ...]
    standings: tuple[Standing, ...]
    statistics: Mapping[str, PlayerStatistics]
    #: The games someone declared, in the order the lists' families name them.
    games: tuple[str, ...]
    #: Everyone who played in the period: the group's players first, then guests.
    players: tuple[str, ...]
    #: Each player's running total in units after each list, from 0.
    running: tuple[tuple[int, ...], ...]
    #: The currency the standings' money is in: the one every list settles in. None: the
    #: lists settle in different currencies (dollars are never added to euros) or in
    #: points only, and the standings are in points only (their money is 0).
    currency: str | None = LIST_CURRENCIES[0]


def season_currency(rows: Sequence[ScoreListRow]) -> str | None:
    """The one currency these lists settle in; None: points only, or more than one currency."""
    currencies = {row.currency or LIST_CURRENCIES[0] for row in rows}
    if not currencies:
        return LIST_CURRENCIES[0]
    currency = currencies.pop()
    return None if currencies or currency == POINTS_ONLY else currency


def this_year(today: date | None = None) -> tuple[date, date]:
    """The default period: the current calendar year."""
    today = today or now().date()
    return date(today.year, 1, 1), date(today.year, 12, 31)


@dataclass(frozen=True)
class _Sums:
    """What a season adds up from its lists' summaries."""

    standings: tuple[Standing, ...]
    statistics: Mapping[str, PlayerStatistics]
    games: tuple[str, ...]
    players: tuple[str, ...]
    running: tuple[tuple[int, ...], ...]


#: Sums by the group's players and every list's (id, revision, last change):
#: the same lists as they were add up the same.
_SUMS: dict[tuple[Any, ...], _Sums] = {}
SUMS_KEPT = 1_000


def _sums(group_players: Sequence[str], summaries: Sequence[ListSummary], *, money: bool = True) -> _Sums:
    # Lists in different currencies add up their points only: each is counted at no money.
    totals = [summary.totals if money else replace(summary.totals, point_value=0) for summary in summaries]
    table = standings(totals)
    played = {s.player for s in table}
    players = tuple(p for p in group_players if p in played) + tuple(
        s.player for s in table if s.player not in group_players
    )
    games: list[str] = []
    for summary in summaries:
        games += [g for g in summary.games if g not in games]
    return _Sums(
        standings=table, statistics=summed(summary.statistics for summary in summaries),
        games=tuple(games), players=players,
        running=tuple(map(tuple, running_over_lists((s.totals for s in summaries), players))),
    )


def season(
    group: GroupRow, *, start: date, end: date, rows: Sequence[ScoreListRow] | None = None,
) -> Season:
    """The group's season from ``start`` to ``end`` (both days included), by list start.

    ``rows``: the group's lists (``group_lists``), when the caller has them already.
    """
    first = datetime.combine(start, datetime.min.time())
    after = datetime.combine(end + timedelta(days=1), datetime.min.time())
    chosen = [row for row in (group_lists(group) if rows is None else rows)
              if first <= row.created_at < after]
    key = (tuple(group.players), *((row.id, row.revision, row.updated_at, row.currency) for row in chosen))
    lists = tuple(zip(chosen, list_summaries(chosen)))
    currency = season_currency(chosen)
    sums = _SUMS.get(key)
    if sums is None:
        sums = _sums(group.players, [summary for _, summary in lists], money=currency is not None)
        keep_bounded(_SUMS, key, sums, SUMS_KEPT)
    return Season(start=start, end=end, lists=lists, standings=sums.standings,
                  statistics=sums.statistics, games=sums.games, players=sums.players,
                  running=sums.running, currency=currency)
