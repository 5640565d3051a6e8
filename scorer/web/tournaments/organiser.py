"""Who organises a tournament: the phone that holds its edit key.

The edit link carries the key once; the page keeps it sealed in the signed
session cookie, as a list's (scorer.web.access), in a place of its own: the
home page forgets list keys of lists it no longer finds, and a tournament is
no list.
"""

from __future__ import annotations

from flask import request, session

from scorer.web.models import TournamentRow
from scorer.web.services import open_key, seal_key
from scorer.web.services.tournaments import TournamentNotAllowed, get_tournament, holds_key
from scorer.web.undo import BACKGROUND

_SESSION_KEYS = "tournament_keys"
#: The most tournaments one phone keeps edit keys for (the cookie must stay under 4 KB).
REMEMBERED = 10


def organiser_key(row: TournamentRow) -> str | None:
    """The tournament's edit key this phone holds, if it still fits.

    A page asked for in the background (the copy the service worker keeps)
    gets none: a key kept in a cache would outlive the phone's cleared cookies.
    """
    if request.headers.get(BACKGROUND):
        return None
    return open_key(row, session.get(_SESSION_KEYS, {}).get(row.id))


def remember_organiser(row: TournamentRow, key: str | None) -> bool:
    """Keep a valid edit key from an edit link; tell whether it was valid."""
    if not holds_key(row, key):
        return False
    assert key is not None
    keys = dict(session.get(_SESSION_KEYS, {}))
    keys.pop(row.id, None)
    keys[row.id] = seal_key(row, key)
    while len(keys) > REMEMBERED:  # the oldest first: dicts keep their order
        keys.pop(next(iter(keys)))
    session[_SESSION_KEYS] = keys
    if not session.permanent:
        session.permanent = True
    return True


def organised(tournament_id: str) -> tuple[TournamentRow, str]:
    """The tournament and its key, if this phone holds it; else TournamentNotAllowed (the 403 page)."""
    row = get_tournament(tournament_id)
    key = organiser_key(row)
    if key is None:
        raise TournamentNotAllowed("this needs the tournament's edit link")
    return row, key
