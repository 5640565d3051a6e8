"""Changes to a running list: new seating, players joining or leaving, new house rules.

A list file may carry ``changes``: each applies from deal ``from`` on and
never touches the deals before it::

    "changes": [{"from": 9, "players": ["Anna", "Bene", "Chris", "Dora", "Emil"]},
                {"from": 17, "rules": {"tariffs": {"solo": 60}}, "first_dealer": "Bene"}]

- ``players``: the seating from then on, in full (within the family's seats);
- ``rules``: only the house rules that change, over those in force before;
  ``tariffs`` and ``laufende_from`` are merged key by key, every other key
  is replaced whole; the family (``preset``) cannot change;
- ``first_dealer``: who deals deal ``from``; by default the player clockwise
  after the last dealer in the new seating.

A rename needs no change: the name is rewritten everywhere (``rename_player``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.rules import RuleSet, parse_rules
from scorer.engine.values import mapping, parse_players, unknown_key

#: The keys of one change.
CHANGE_KEYS = ("from", "players", "rules", "first_dealer")
#: Rule keys whose objects a change merges key by key.
MERGED = ("tariffs", "laufende_from")
#: Deal keys that name one player, and those that name several.
NAME_KEYS = ("declarer", "partner", "loser", "winner", "dealer")


@dataclass(frozen=True, slots=True)
class Change:
    """One change, read and checked: what is in force from deal ``start`` on."""

    #: The first deal it applies to (the list file's ``from``).
    start: int
    #: The seating from then on, or None when it stays.
    players: tuple[str, ...] | None = None
    #: The house rules that change, as given (None: none change).
    overrides: Mapping[str, Any] | None = None
    #: Every rule in force from then on (the rules before, when none change).
    rules: RuleSet | None = None
    #: Who deals deal ``start``, or None: clockwise after the last dealer.
    first_dealer: str | None = None

    @property
    def sets_nothing(self) -> bool:
        """Tell whether it gives no seating, no rule and no dealer: it would change nothing.

        The reader refuses such a change (a key set to null, ``rules`` empty
        or only the list's own ``preset`` give nothing); migration 0014 took
        those the app had stored before out of the lists.
        """
        return self.players is None and not self.overrides and self.first_dealer is None

    def to_dict(self) -> dict[str, Any]:
        """Write the change as the list file has it."""
        out: dict[str, Any] = {"from": self.start}
        if self.players is not None:
            out["players"] = list(self.players)
        if self.overrides is not None:
            out["rules"] = _plain(self.overrides)
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def merged_rules(rules: RuleSet, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The ``rules`` object in force after these overrides: the rules before, with them over."""
    data = rules.to_dict()
    for key, value in overrides.items():
        if key in MERGED and isinstance(value, Mapping) and isinstance(data.get(key), Mapping):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return data


def rule_overrides(before: RuleSet, after: RuleSet) -> dict[str, Any]:
    """The overrides that turn one set of rules into another: only what differs."""
    old, new = before.to_dict(), after.to_dict()
    out: dict[str, Any] = {}
    for key, value in new.items():
        if key in MERGED and isinstance(value, Mapping):
            differ = {k: v for k, v in value.items() if old.get(key, {}).get(k) != v}
            if differ:
                out[key] = differ
        elif old.get(key) != value:
            out[key] = value
    return out


def parse_changes(
    value: Any, rules: RuleSet, players: tuple[str, ...], deals: int,
) -> tuple[Change, ...]:
    """Read the ``changes`` of a list of ``deals`` deals, checking each against what is in force."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ScoringError("changes", N_("must be a list of changes, not %(value)s"), value=shown(value))
    changes: list[Change] = []
    last = 0
    for data in value:
        data = mapping(data, "changes")
        start = data.get("from")
        if isinstance(start, bool) or not isinstance(start, int):
            raise ScoringError(
                "changes.from", N_("must be the number of the first deal it applies to, not %(value)s"),
                value=shown(start),
            )
        if start <= last:
            raise ScoringError(
                "changes.from", N_("%(start)s does not come after the change before it (%(last)s)"),
                deal=max(start, 1), start=start, last=last,
            )
        if start > deals + 1:
            raise ScoringError(
                "changes.from",
                N_("there is no deal %(start)s yet: a change applies at the latest from the next deal, %(next)s"),
                deal=start, start=start, next=deals + 1,
            )
        last = start
        try:
            change = _parse_change(data, start, rules, players)
        except ScoringError as error:
            key = error.key if error.key.startswith("changes") else f"changes.{error.key}"
            raise ScoringError(key, error.template, deal=start, **error.params) from None
        if change.sets_nothing:
            raise ScoringError(
                "changes", N_("this change sets nothing: give it players, rules or first_dealer"),
                deal=start,
            )
        changes.append(change)
        rules = change.rules or rules
        players = change.players or players
    return tuple(changes)


def _parse_change(data: Mapping[str, Any], start: int, rules: RuleSet, players: tuple[str, ...]) -> Change:
    for key in data:
        if key not in CHANGE_KEYS:
            raise unknown_key(key, CHANGE_KEYS, "object", path="changes")
    seating = None
    if data.get("players") is not None:
        seating = parse_players(data["players"], rules.family.seats, rules.family_name)
    overrides = None
    new_rules = rules
    if data.get("rules") is not None:
        overrides = mapping(data["rules"], "rules")
        if "preset" in overrides and overrides["preset"] != rules.family_name:
            raise ScoringError(
                "rules.preset", N_("the family cannot change in a running list: it stays %(family)s"),
                family=rules.family_name,
            )
        overrides = {k: v for k, v in overrides.items() if k != "preset"}
        new_rules = parse_rules(merged_rules(rules, overrides))
    dealer = data.get("first_dealer")
    if dealer is not None and dealer not in (seating or players):
        raise ScoringError(
            "first_dealer", N_("%(name)s is not a player of this list"), name=shown(dealer)
        )
    return Change(
        start=start, players=seating,
        overrides=MappingProxyType(overrides) if overrides is not None else None,
        rules=new_rules if overrides is not None else None,
        first_dealer=dealer,
    )


def rename_player(document: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """The list file with a player renamed everywhere: seatings, dealers and every deal."""

    def one(value: Any) -> Any:
        return new if value == old else value

    out = dict(document)
    out["players"] = [one(who) for who in document.get("players") or []]
    if "first_dealer" in document:
        out["first_dealer"] = one(document["first_dealer"])
    out["changes"] = [
        {**change,
         **({"players": [one(w) for w in change["players"]]} if change.get("players") else {}),
         **({"first_dealer": one(change["first_dealer"])} if change.get("first_dealer") else {})}
        for change in document.get("changes") or []
    ]
    if not out["changes"]:
        del out["changes"]
    out["deals"] = [rename_in_deal(deal, old, new) for deal in document.get("deals") or []]
    return out


def rename_in_deal(deal: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A deal as the list file has it, with a player renamed in every key that names one."""
    out = dict(deal)
    for key in NAME_KEYS:
        if out.get(key) == old:
            out[key] = new
    if isinstance(out.get("points"), Mapping):
        out["points"] = {(new if who == old else who): p for who, p in out["points"].items()}
    if isinstance(out.get("no_trick"), list):
        out["no_trick"] = [new if who == old else who for who in out["no_trick"]]
    return out


def merge_change(earlier: Mapping[str, Any], later: Mapping[str, Any]) -> dict[str, Any]:
    """Two changes from the same deal as one: the later one's seating, dealer and rules win."""
    out = {**earlier, **{k: v for k, v in later.items() if k != "rules" and v is not None}}
    rules = {**(earlier.get("rules") or {})}
    for key, value in (later.get("rules") or {}).items():
        old = rules.get(key)
        if key in MERGED and isinstance(old, Mapping) and isinstance(value, Mapping):
            value = {**old, **value}
        rules[key] = value
    if rules:
        out["rules"] = rules
    return out


def shift_changes(
    changes: list[dict[str, Any]] | None, number: int, by: int,
) -> list[dict[str, Any]] | None:
    """The changes after deal ``number`` was taken out (``by`` -1) or put back (+1).

    A change belongs to the deal it preceded: one that applies from a later
    deal moves with it, and a deal put back goes in front of the changes at
    its place. Two that come to start at the same deal become one.
    """
    out: list[dict[str, Any]] = []
    for change in changes or []:
        start = change["from"]
        moves = start > number or (by > 0 and start == number)
        moved = {**change, "from": start + by} if moves else dict(change)
        if out and out[-1]["from"] == moved["from"]:
            out[-1] = merge_change(out[-1], moved)
        else:
            out.append(moved)
    return out or None
