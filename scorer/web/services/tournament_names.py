"""A tournament's participants as they are sent: each a name, checked, and a start number.

A participant is sent as a name, or as ``{"number": 12, "name": "..."}``
(a start number from the organiser's own list). Names without a number
take the next numbers after the highest. Two participants may bear one
name: their start numbers tell them apart. A name is checked as any list's
player is (length, no control character, no lone surrogate), since the
tables' lists are named by it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from scorer.engine import N_, ScoringError
from scorer.engine.errors import shown
from scorer.engine.values import name as player_name
from scorer.engine.values import name_key, whole

#: The most participants a tournament takes.
MOST_PARTICIPANTS = 2000
#: The highest start number: four digits, as a start number card has them.
MOST_START_NUMBER = 9999
#: What a participant sent as an object may say.
_ENTRY_KEYS = frozenset({"number", "name"})


def participant_name(value: Any, key: str = "players") -> str:
    """Read a participant's name as a list's player's: visible text, not too long, spaces trimmed."""
    return player_name(value, key).strip()


def start_number(value: Any, key: str = "number") -> int:
    """Read a start number: a whole number from 1 to :data:`MOST_START_NUMBER`."""
    return whole(value, key, low=1, high=MOST_START_NUMBER)


def _entry(raw: Any) -> tuple[int | None, str]:
    """One participant as sent: (start number or None, name)."""
    if not isinstance(raw, dict):
        return None, participant_name(raw)
    unknown = sorted(set(raw) - _ENTRY_KEYS)
    if unknown:
        raise ScoringError("players", N_("%(value)s is not a key of a participant: send number and name"),
                           value=shown(unknown[0]))
    number = raw.get("number")
    return (None if number is None else start_number(number, "players")), participant_name(raw.get("name"))


def checked_players(
    value: Any, taken: Sequence[str] = (), numbers: Collection[int] = (),
) -> list[tuple[int, str]]:
    """Participants as (start number, name): numbers as sent, the others after the highest.

    ``taken`` are names nobody may register under (the substitutes');
    ``numbers`` the start numbers in use already.
    """
    if not isinstance(value, list):
        raise ScoringError("players", N_("must be a list of names, not %(value)s"), value=shown(value))
    if len(value) + len(numbers) > MOST_PARTICIPANTS:
        raise ScoringError("players", N_("a tournament has at most %(most)s participants"),
                           most=MOST_PARTICIPANTS)
    refused = {name_key(other) for other in taken}
    entries = [_entry(raw) for raw in value]
    used = set(numbers)
    for number, player in entries:
        if name_key(player) in refused:
            raise ScoringError("players", N_("%(name)s is taken: a participant needs a name no substitute has"),
                               name=player)
        if number is None:
            continue
        if number in used:
            raise ScoringError("players", N_("start number %(number)s is given twice"), number=number)
        used.add(number)
    after = max(used, default=0)
    players = []
    for number, player in entries:
        if number is None:
            after += 1
            if after > MOST_START_NUMBER:
                raise ScoringError("players", N_("start numbers go up to %(most)s"), most=MOST_START_NUMBER)
            number = after
        players.append((number, player))
    return players
