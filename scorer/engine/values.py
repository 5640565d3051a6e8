"""Strict readers for list-file values: JSON types are never guessed."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal

from scorer.engine.errors import N_, ScoringError, shown


def whole(value: Any, key: str, *, low: int, high: int) -> int:
    """Read a whole number between low and high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(key, N_("must be a whole number, not %(value)s"), value=shown(value))
    if value < low:
        raise ScoringError(key, N_("%(value)s is less than %(low)s"), value=shown(value), low=low)
    if value > high:
        raise ScoringError(key, N_("%(value)s is more than %(high)s"), value=shown(value), high=high)
    return value


def flag(value: Any, key: str) -> bool:
    """Read true or false (null counts as false)."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ScoringError(key, N_("must be true or false, not %(value)s"), value=shown(value))
    return value


#: The longest player name, and a name of saved house rules, in characters: the form,
#: the API, import and the list file all hold names to it.
MAX_NAME = 60
#: The longest title of a list, in characters.
MAX_TITLE = 80

#: Direction embeddings, overrides and isolates: they reorder the text after
#: them, so a name holding one can make a line read other than it is.
_DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _safe(value: str) -> str:
    """The text with lone surrogates written as escapes, so a message can be encoded."""
    return value.encode("utf-8", "backslashreplace").decode("utf-8")


def plain_text(value: Any, key: str, *, most: int) -> str:
    """Read a short text a person typed (a name, a title), as it is.

    At most ``most`` characters; no control character (a NUL or a line
    break), no lone surrogate and no direction override.
    """
    if not isinstance(value, str):
        raise ScoringError(key, N_("must be text, not %(value)s"), value=shown(value))
    if len(value) > most:
        raise ScoringError(
            key, N_("%(value)s is longer than %(most)s characters"), value=shown(_safe(value)), most=most
        )
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs") or char in _DIRECTION_CONTROLS:
            raise ScoringError(
                key, N_("%(value)s holds the character %(char)s, which is not allowed here"),
                value=shown(_safe(value)), char=ascii(char),
            )
    return value


def name_key(value: str) -> str:
    """What a name is compared by: two names with the same key look alike.

    Case, Unicode compatibility forms (NFKC), invisible marks (zero-width
    characters, direction marks, soft hyphens) and runs of spaces do not
    tell two players apart on a page, so they do not here either.
    """
    normal = unicodedata.normalize("NFKC", value)
    visible = "".join(c for c in normal if unicodedata.category(c) != "Cf")
    return re.sub(r"\s+", " ", visible).strip().casefold()


#: Names already read and accepted: a list names the same few players in
#: every deal, and checking a name (NFKC, every character's category) is the
#: dearest part of reading a deal. Only exact ``str`` values are kept, so a
#: name found here is one :func:`name` accepted; bounded, emptied when full.
_ACCEPTED_NAMES: set[str] = set()
_MOST_ACCEPTED_NAMES = 4096


def name(value: Any, key: str) -> str:
    """Read a player's name: visible text of at most :data:`MAX_NAME` characters."""
    if type(value) is str and value in _ACCEPTED_NAMES:
        return value
    if not isinstance(value, str) or not value.strip():
        raise ScoringError(key, N_("must be a player's name, not %(value)s"), value=shown(value))
    plain_text(value, key, most=MAX_NAME)
    if not name_key(value):
        raise ScoringError(key, N_("must be a player's name, not %(value)s"), value=shown(value))
    if type(value) is str:
        if len(_ACCEPTED_NAMES) >= _MOST_ACCEPTED_NAMES:
            _ACCEPTED_NAMES.clear()
        _ACCEPTED_NAMES.add(value)
    return value


def mapping(value: Any, key: str) -> dict[str, Any]:
    """Read a JSON object."""
    if not isinstance(value, dict):
        raise ScoringError(key, N_("must be an object, not %(value)s"), value=shown(value))
    return value


#: What :func:`unknown_key` says, by what the key is refused from: the reason,
#: and the reason with a likely fix. An ``object`` is named by its path.
_NOT_A_KEY: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "deal": (
            N_("is not a key of a deal"),
            N_("is not a key of a deal (did you mean %(close)s?)"),
        ),
        "list file": (
            N_("is not a key of a list file"),
            N_("is not a key of a list file (did you mean %(close)s?)"),
        ),
        "object": (
            N_("is not a key of %(where)s"),
            N_("is not a key of %(where)s (did you mean %(close)s?)"),
        ),
        "rules": (
            N_("is not a key of the %(family)s rules"),
            N_("is not a key of the %(family)s rules (did you mean %(close)s?)"),
        ),
    }
)


def unknown_key(
    key: str,
    known: Iterable[str],
    where: Literal["deal", "list file", "object", "rules"],
    *,
    path: str = "",
    family_name: str = "",
) -> ScoringError:
    """Refuse a key the format does not know, by name, with a likely fix.

    ``where`` says what the key is refused from: a deal, the list file, the
    object at ``path`` (the dotted place of the object holding it, as in
    ``rules.tariffs``), or the rules of the family ``family_name``.
    """
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    prefix = f"{path}." if path else ""
    plain, hinted = _NOT_A_KEY[where]
    key = prefix + shown(key).strip('"')
    if where == "object":
        if close:
            return ScoringError(key, hinted, where=path, close=close[0])
        return ScoringError(key, plain, where=path)
    if where == "rules":
        if close:
            return ScoringError(key, hinted, family=family_name, close=close[0])
        return ScoringError(key, plain, family=family_name)
    if close:
        return ScoringError(key, hinted, close=close[0])
    return ScoringError(key, plain)


def parse_players(value: Any, seats: tuple[int, ...], family_name: str) -> tuple[str, ...]:
    """Read the players: distinct names in seating order, as many as the family seats."""
    if not isinstance(value, list):
        raise ScoringError("players", N_("must be a list of names, not %(value)s"), value=shown(value))
    players = tuple(name(player, "players") for player in value)
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise ScoringError("players", N_("%(name)s is named twice; names must differ"), name=twice)
    # One rule for every path: names that look alike on a page are one name.
    seen: dict[str, str] = {}
    for player in players:
        other = seen.setdefault(name_key(player), player)
        if other != player:
            raise ScoringError(
                "players", N_("%(name)s looks the same as %(other)s; names must differ"),
                name=shown(player), other=shown(other),
            )
    if len(players) not in seats:
        if len(seats) == 1:
            raise ScoringError(
                "players", N_("%(family)s is played by %(seats)s players, not %(count)s"),
                family=family_name, seats=seats[0], count=len(players),
            )
        raise ScoringError(
            "players", N_("%(family)s is played by %(seats)s or %(last)s players, not %(count)s"),
            family=family_name, seats=", ".join(str(s) for s in seats[:-1]), last=seats[-1],
            count=len(players),
        )
    return players
