"""A running list's settings: renaming a player (in a list, or in a group
and its lists), and changes from the next deal on.

A rename rewrites the name everywhere (the seating, every deal, the deleted
ones too, the changes), so it needs no change of its own. A change of the
seating, the players or the rules is kept in the list's ``changes`` and
applies from the next deal on; before the first deal it is the list's start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from scorer.engine import N_, RuleSet, ScoringError, load_list, parse_rules, rule_overrides
from scorer.engine.changes import rename_in_deal, rename_player as renamed_document
from scorer.engine.errors import shown
from scorer.engine.values import MAX_TITLE, mapping, name, name_key
from scorer.web.extensions import db
from scorer.web.models import ChangeKeyRow, GroupRow, ScoreListRow, now
from scorer.web.services.base import Conflict, _lock, locked, require_open, transaction
from scorer.web.services.idempotency import sent_with_key
from scorer.web.services.groups import follow_rename, group_lists

#: The most deals a list may end after (``services.lists``' check of ``ends``).
MAX_END_DEALS = 10_000
from scorer.web.services.lists import _all_deals, kept_deals
from scorer.web.services.state import list_state


def _document(row: ScoreListRow, deal_data: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The list file of the stored list with these deals."""
    document: dict[str, Any] = {
        "rules": row.rules, "players": list(row.players), "first_dealer": row.first_dealer,
        "deals": list(deal_data),
    }
    if row.changes:
        document["changes"] = row.changes
    return document


def _default_title(players: Sequence[str]) -> str:
    return " · ".join(players)[:MAX_TITLE]


def _seatings(row: ScoreListRow) -> list[Sequence[str]]:
    """The list's seatings in order: the start's, then each change's that seats players."""
    return [row.players, *(c["players"] for c in row.changes or [] if c.get("players"))]


def _title_of_names(row: ScoreListRow) -> bool:
    """Tell whether the list's title is the one built from the names of a seating it had."""
    return any(row.title == _default_title(seating) for seating in _seatings(row))


def _follow_names(row: ScoreListRow, built: bool) -> None:
    """Build the title again from the seating in force, if it was built from the names (``built``)."""
    if built:
        row.title = _default_title(_seatings(row)[-1])


def _rounds_kept(ends: Mapping[str, Any], before: int, after: int) -> dict[str, Any]:
    """How a list that has not started ends once ``after`` players sit at it instead of ``before``.

    A number of deals is whole rounds (a multiple of the players): it keeps
    its rounds, rounded up, and stays within the 10000 deals a list may end after.
    """
    if ends.get("kind") != "deals" or before == after:
        return dict(ends)
    rounds = -(-int(ends["count"]) // before)
    return {**ends, "count": min(rounds, MAX_END_DEALS // after) * after}


@transaction
def rename_player(row: ScoreListRow, old: str, new: str) -> None:
    """Give a player another name: the deals, the seatings, a title built of the names and the group follow.

    The list's group renames its player too once no other of its lists
    names the old name (:func:`groups.follow_rename`).
    """
    _lock(row)
    require_open(row)
    new = name(new, "name").strip()
    if _rename_in_list(row, old, new, list_state(row).result.players):
        follow_rename(row, old, new)
    db.session.commit()


@transaction
def rename_group_player(group: GroupRow, old: str, new: str) -> list[ScoreListRow]:
    """Rename one of the group's players: in the group and in each of its lists that has them.

    Finished lists too: the name is corrected, nothing is scored anew, and
    the season shows one player instead of a guest under the old name. Each
    list is renamed as its settings page renames (every deal, the deleted
    ones, the changes, a title built of the names) and its revision bumped;
    a new name that looks like another of the group's players, or like
    someone else in one of the lists, is refused and nothing changes.
    Returns the lists renamed in, oldest first.
    """
    if old not in group.players:
        raise ScoringError("old", N_("%(name)s is not a player of this group"), name=old)
    new = name(new, "name").strip()
    _differs(new, old, group.players)
    if new == old:
        return []
    renamed = []
    for row in group_lists(group):  # oldest first: two renames lock the lists in the same order
        if row.tournament_id is not None:
            continue  # a tournament table's names are the tournament's: no group renames them
        if old not in list_state(row).result.players:
            continue  # read without the lock: a list without the player is left as it is
        _lock(row)
        # As the list stands now it is locked; a name alike is refused naming the list.
        _rename_in_list(row, old, new, list_state(row).result.players, alike=IN_LIST)
        renamed.append(row)
    group.players = [new if who == old else who for who in group.players]
    group.updated_at = now()
    db.session.commit()
    return renamed


#: A new name refused because it looks like someone else's, in the list or the group renamed in…
LOOKS_THE_SAME = N_("%(name)s looks the same as %(other)s; names must differ")
#: …or in one of the group's lists.
IN_LIST = N_("%(name)s looks the same as %(other)s in the list %(title)s; names must differ")


def _differs(new: str, old: str, names: Sequence[str], template: str = LOOKS_THE_SAME, title: str = "") -> None:
    """Refuse a new name that looks like one of these others (case and spaces aside)."""
    for who in names:
        if who != old and name_key(who) == name_key(new):
            raise ScoringError("name", template, name=new, other=who, title=title)


def _rename_in_list(
    row: ScoreListRow, old: str, new: str, everyone: Sequence[str], alike: str = LOOKS_THE_SAME
) -> bool:
    """Rename a player everywhere in a locked list (``everyone``: who ever sat at it); False if the name stays.

    A new name that looks like someone else's is refused with ``alike``. In
    the caller's transaction: the caller commits.
    """
    if old not in everyone:
        raise ScoringError("name", N_("%(name)s is not a player of this list"), name=old)
    if new == old:
        return False
    _differs(new, old, everyone, alike, title=row.title)
    deals = _all_deals(row)
    document = renamed_document(
        _document(row, [d.data for d in deals if d.deleted_at is None]), old, new
    )
    load_list(document)  # it must still score
    built = _title_of_names(row)
    row.players = document["players"]
    row.first_dealer = document["first_dealer"]
    row.changes = document.get("changes") or None
    _follow_names(row, built)
    for deal in deals:
        data = rename_in_deal(deal.data, old, new)
        if data != deal.data:
            deal.data = data
            deal.named_dealer = data.get("dealer")
            deal.version += 1
            deal.updated_at = now()
        if deal.changes_before:  # a deleted deal's changes come back with the new name
            deal.changes_before = renamed_document({"changes": deal.changes_before}, old, new)["changes"]
    return True


@transaction
def change_from_next(
    row: ScoreListRow, *, players: Sequence[str], rules: Mapping[str, Any], next_dealer: str | None,
) -> int:
    """Seat these players under these rules from the next deal on; return that deal's number.

    ``rules`` is the whole ``rules`` object wanted; only what differs from
    the rules in force is kept. ``next_dealer`` None: the rotation decides.
    Before the first deal the list simply starts this way.
    """
    _lock(row)
    require_open(row)
    number = _change_next(row, len(kept_deals(row)), players=players, rules=rules, next_dealer=next_dealer)
    db.session.commit()
    return number


#: A change of rules that names another family.
_SAME_FAMILY = N_("the family cannot change in a running list: it stays %(family)s")


def _change_next(
    row: ScoreListRow, count: int, *, players: Sequence[str], rules: Mapping[str, Any], next_dealer: str | None,
) -> int:
    """:func:`change_from_next` in a transaction that holds the list's write lock; the caller commits.

    ``count``: the list's kept deals. Returns the number of the deal the change counts from.
    """
    # What the form does not show (the rules' edition) stays as the list has it.
    wanted = parse_rules({**row.rules, **dict(rules)})
    if wanted.family_name != row.family_name:
        raise ScoringError("rules.preset", _SAME_FAMILY, family=row.family_name)
    if count == 0:
        document: dict[str, Any] = {"rules": wanted.to_dict(), "players": list(players)}
        if next_dealer:
            document["first_dealer"] = next_dealer
        score_list = load_list(document)
        built = _title_of_names(row)
        row.ends = _rounds_kept(row.ends, len(row.players), len(score_list.players))
        row.rules = score_list.rules.to_dict()
        row.players = list(score_list.players)
        row.first_dealer = score_list.first_dealer
        _follow_names(row, built)
        return 1
    state = list_state(row)
    last = state.result.deals[-1]
    before: RuleSet = last.rules or state.result.rules
    change: dict[str, Any] = {"from": count + 1}
    if tuple(players) != last.seating:
        change["players"] = list(players)
    overrides = rule_overrides(before, wanted)
    if overrides:
        change["rules"] = overrides
    # The change wanted replaces one already waiting for the next deal. One that
    # sets nothing (the seating and rules in force, the rotation's dealer) is
    # kept nowhere: the list file's reader refuses it.
    changes = [c for c in row.changes or [] if c["from"] <= count]
    document = _document(row, [d.data for d in kept_deals(row)])
    document["changes"] = [*changes, change] if len(change) > 1 else changes
    rotation = load_list(document).replay().next_dealer
    if next_dealer and next_dealer != rotation:
        change["first_dealer"] = next_dealer
        document["changes"] = [*changes, change]
        load_list(document)
    if len(change) > 1:
        changes.append(change)
    built = _title_of_names(row)
    row.changes = changes or None
    _follow_names(row, built)
    return count + 1


class NotNextDeal(Conflict):
    """A change sent to count from another deal than the list's next one.

    The phone that sent it has not had all of its deals stored before it, or
    another phone added deals meanwhile: the change would count for deals it
    was not meant for.
    """

    def __init__(self, wanted: int, next_number: int) -> None:
        self.wanted = wanted
        #: The number of the list's next deal (the deals kept + 1).
        self.next_number = next_number
        super().__init__(
            f"the change is for deal {wanted}, but the list's next deal is {next_number}: "
            "a change counts from the next deal"
        )


#: The keys of a change sent through the API.
CHANGE_REQUEST_KEYS = ("from", "players", "rules", "next_dealer")
#: The rules that are objects of amounts: a change sent names only the amounts that change.
_MERGED_RULES = ("tariffs", "laufende_from")


@transaction
def change_from(
    row: ScoreListRow, data: Mapping[str, Any], *, idempotency_key: str | None = None,
) -> tuple[dict[str, Any], bool]:
    """Apply a change of players, seats or house rules sent to count from deal ``data["from"]``.

    ``data`` is what the settings page's change gives, as JSON: ``players``
    (the seating, in order; left out: the seating stays), ``rules`` (the
    rules wanted; keys left out stay as they are in force, ``tariffs`` and
    ``laufende_from`` merged amount by amount), ``next_dealer`` (None: the
    rotation decides) and ``from``, which must be the list's next deal
    (:class:`NotNextDeal` otherwise). It is applied as the settings page
    applies it (:func:`change_from_next`).

    Returns the answer (the deal it counts from, the seating, who deals it,
    the change kept) and whether it was applied now: the same idempotency
    key sent again is answered as the first time, and changes nothing.
    """
    if not locked(row.id):
        _lock(row)
    sent = sent_with_key(idempotency_key, data)
    if idempotency_key is not None:
        found = db.session.scalar(sa.select(ChangeKeyRow).where(
            ChangeKeyRow.list_id == row.id, ChangeKeyRow.key == idempotency_key))
        if found is not None:
            if found.fingerprint != sent:
                raise ScoringError(
                    "Idempotency-Key", N_("was sent before with another change; a new change needs a new key"))
            answer = dict(found.answer)
            db.session.rollback()
            return answer, False
    require_open(row)
    for key in data:
        if key not in CHANGE_REQUEST_KEYS:
            raise ScoringError(key, N_("is not a key of a change"))
    start = data.get("from")
    if isinstance(start, bool) or not isinstance(start, int):
        raise ScoringError(
            "from", N_("must be the number of the first deal it applies to, not %(value)s"), value=shown(start))
    count = len(kept_deals(row))
    if start != count + 1:
        raise NotNextDeal(start, count + 1)
    now_in_force = list_state(row).result
    # A key left out or null stays as it is in force (as a list file's change has it).
    players = data.get("players")
    if players is None:
        players = list(now_in_force.seated)
    if not isinstance(players, list):
        raise ScoringError("players", N_("must be a list of names, not %(value)s"), value=shown(players))
    sent_rules = mapping({} if data.get("rules") is None else data["rules"], "rules")
    if sent_rules.get("preset", row.family_name) != row.family_name:  # before its rules are merged with another family's
        raise ScoringError("rules.preset", _SAME_FAMILY, family=row.family_name)
    rules = {**now_in_force.rules.to_dict()}
    for key, value in sent_rules.items():
        rules[key] = {**rules[key], **value} if key in _MERGED_RULES and isinstance(value, dict) else value
    dealer = data.get("next_dealer")
    if dealer is not None:
        name(dealer, "next_dealer")
    try:
        number = _change_next(row, count, players=players, rules=rules, next_dealer=dealer)
    except ScoringError as error:  # named as the request names it: players, rules.tariffs.solo
        raise ScoringError(error.key.removeprefix("changes."), error.template, deal=error.deal,
                           **error.params) from None
    after = list_state(row).result
    kept = next((dict(c) for c in row.changes or [] if c["from"] == number), None)
    answer = {"from": number, "players": list(after.seated), "next_dealer": after.next_dealer, "change": kept}
    if idempotency_key is not None and sent is not None:
        db.session.add(ChangeKeyRow(list_id=row.id, key=idempotency_key, fingerprint=sent, answer=answer))
    db.session.commit()
    return answer, True
