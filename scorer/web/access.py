"""Who may change what: a list, the phone that holds its edit key; saved house rules, the phone that saved them.

The edit link carries the key once; the page remembers it in the signed
session cookie, so later pages of that list need no key in the address.
The cookie is signed, not encrypted: anyone holding it can read it, so it
keeps the key sealed (services.seal_key), never as it is.

The session is permanent (PERMANENT_SESSION_LIFETIME, 400 days, renewed by
the first visit of each day): a phone keeps its edit rights and its home page's lists after
the browser is closed, not just until then.
"""

from __future__ import annotations

import hashlib
from datetime import date
import secrets

from flask import Response, after_this_request, current_app, g, request, session
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.datastructures import ImmutableMultiDict

from scorer.web.extensions import db
from scorer.web.models import KeyedRow, TournamentRow
from scorer.web.services import ScoreListRow, key_matches, list_to_change, open_key, seal_key
from scorer.web.services.table_scope import TablePlace, Work
from scorer.web.tournaments.organiser import organiser_key

_SESSION_KEYS = "edit_keys"
_SESSION_SEEN = "seen_lists"
#: The list whose page shows, once, the prompt to keep its edit link.
_SESSION_PROMPT = "keep_link"
#: The day the lasting session was last sent (renew_daily).
_SESSION_RENEWED = "renewed"
#: The most lists one phone remembers edit keys for, and lists it has seen
#: (both live in the session cookie, which must stay under 4 KB).
REMEMBERED = 30


#: The cookie nginx hands an edit link's key over in (deploy/nginx.conf): behind
#: it, no address with a key ever reaches the app, nor nginx's error log.
KEY_COOKIE = "edit_key"


def take_key_cookie() -> None:
    """Read the key handed over in the ``edit_key`` cookie as the page's ``?key=``.

    Every page that takes an edit link's key (a list, a group, a tournament,
    a table's sheet) then takes it as it takes one from the address: kept if
    it fits, a word if not, and the clean address. The cookie is deleted in
    this answer: nginx sets it for this page only, for the one request its
    redirect makes. An address's own ``?key=`` comes first (no proxy: ``make
    run``, the tests).
    """
    key = request.cookies.get(KEY_COOKIE)
    if key is None:
        return
    if "key" not in request.args:
        # Flask's request.args is computed once; this request reads it with the key in it.
        request.args = ImmutableMultiDict([*request.args.items(multi=True), ("key", key)])
    path = request.path

    @after_this_request
    def delete_cookie(response: Response) -> Response:
        response.delete_cookie(KEY_COOKIE, path=path, secure=current_app.config["SESSION_COOKIE_SECURE"],
                               httponly=True, samesite="Lax")
        # The answer carries no key, but it follows one: kept by no cache.
        response.headers["Cache-Control"] = "private, no-store"
        return response


def edit_key(row: KeyedRow) -> str | None:
    """The edit key this phone holds for the list, if it still matches."""
    stored = session.get(_SESSION_KEYS, {}).get(row.id)
    key = open_key(row, stored)
    if key is None and key_matches(row, stored):  # a cookie from before keys were sealed
        key = stored
        remember_key(row, key)  # sealed from now on
    return key


def can_edit(row: KeyedRow) -> bool:
    """Tell whether this phone may change the list."""
    return edit_key(row) is not None


def remember_key(row: KeyedRow, key: str | None) -> bool:
    """Keep a valid edit key from an edit link; tell whether it was valid."""
    if key is None or not key_matches(row, key):
        return False
    keys = dict(session.get(_SESSION_KEYS, {}))
    sealed = seal_key(row, key)
    if list(keys.items())[-1:] != [(row.id, sealed)]:  # not kept already, the newest
        keys.pop(row.id, None)
        keys[row.id] = sealed
        while len(keys) > REMEMBERED:  # the oldest first: dicts keep their order
            keys.pop(next(iter(keys)))
        session[_SESSION_KEYS] = keys
    _lasting()
    return True


def _lasting() -> None:
    """Make the session last (PERMANENT_SESSION_LIFETIME), writing it only if it did not.

    A page seen again changes nothing, so its answer sends no cookie: each
    cookie sent is the session as its request found it, and two answers on
    their way at once (a page and the service worker's copy of it) would
    otherwise undo each other's changes, such as the language just chosen.
    """
    if not session.permanent:
        session.permanent = True


def forget(row_id: str) -> None:
    """Drop what this phone keeps of a list (or group): its edit key, its place on the home page."""
    keys = session.get(_SESSION_KEYS, {})
    if row_id in keys:
        session[_SESSION_KEYS] = {k: v for k, v in keys.items() if k != row_id}
    seen = session.get(_SESSION_SEEN, [])
    if row_id in seen:
        session[_SESSION_SEEN] = [list_id for list_id in seen if list_id != row_id]
    if session.get(_SESSION_PROMPT) == row_id:
        session.pop(_SESSION_PROMPT)


def keep_only(existing: set[str]) -> None:
    """Drop what this phone keeps of lists and groups that are gone (deleted on another phone)."""
    known = set(session.get(_SESSION_KEYS, {})) | set(session.get(_SESSION_SEEN, []))
    for row_id in known - existing:
        forget(row_id)


def prompt_to_keep_link(row: ScoreListRow) -> None:
    """Have the list's page ask, once, to keep the edit link just made."""
    session[_SESSION_PROMPT] = row.id


def take_keep_link_prompt(row: ScoreListRow) -> str | None:
    """The edit key, when the list's page asks to keep its edit link now; it asks only this once."""
    if session.get(_SESSION_PROMPT) != row.id:
        return None
    session.pop(_SESSION_PROMPT)

    @after_this_request
    def no_store(response: Response) -> Response:
        # The page carries the edit link, as the share page does: kept by no cache.
        response.headers["Cache-Control"] = "private, no-store"
        return response

    return edit_key(row)


def editable_list(list_id: str, work: Work = Work.LIST) -> ScoreListRow:
    """The list, if this phone holds a key that may do this ``work`` to it; else NotAllowed (the 403 page).

    A tournament table's list takes deal work from the organiser's phone
    too, which holds the tournament's key (``services.table_scope``).
    """
    return list_to_change(list_id, change_key, work=work)


def change_key(row: ScoreListRow) -> str | None:
    """The key this phone changes the list with: the tournament's, where it organises the list's tournament.

    The organiser's phone may hold a table's key too (it opened the table's
    link): the tournament's key is the one that still counts once the round is over.
    """
    return _tournament_key(row) or edit_key(row)


def _tournament_key(row: ScoreListRow) -> str | None:
    """The key of the list's tournament, if this phone organises it."""
    if row.tournament_id is None:
        return None
    tournament = db.session.get(TournamentRow, row.tournament_id)
    return organiser_key(tournament) if tournament is not None else None


def can_change_deals(row: ScoreListRow, place: TablePlace | None) -> bool:
    """Tell whether this phone may change the list's deals now; ``place``: the tournament table it is, if any.

    A table's phone while its round is open; the organiser's at any time.
    """
    if place is None:
        return can_edit(row)
    return organises(row) or (place.open and can_edit(row))


def organises(row: ScoreListRow) -> bool:
    """Tell whether this phone holds the tournament's key of a tournament table's list."""
    return _tournament_key(row) is not None


def remember_seen(row: KeyedRow) -> None:
    """Note that this phone has opened the list, for its home page."""
    seen = session.get(_SESSION_SEEN, [])
    if seen[:1] != [row.id]:  # not the newest already
        others = [list_id for list_id in seen if list_id != row.id]
        session[_SESSION_SEEN] = [row.id, *others][:REMEMBERED]  # the oldest drop off the end
    _lasting()


def known_lists() -> list[str]:
    """The lists this phone knows: those it may edit, then those it has opened.

    A list's id is its secret: the home page shows a phone only these, never
    every list on the server.
    """
    known = list(reversed(list(session.get(_SESSION_KEYS, {}))))
    known += [list_id for list_id in session.get(_SESSION_SEEN, []) if list_id not in known]
    return known


#: The cookie that tells a phone's saved house rules from others': a random owner id,
#: signed so it cannot be made up. It lasts; the session cookie may not.
#: Its name and salt keep the old word: phones hold it and rows store its hash.
OWNER_COOKIE = "preset_owner"
#: How long the owner cookie lasts: the most browsers keep one (400 days).
OWNER_DAYS = 400


def _owner_signer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt="preset-owner")


def _owner_hash(owner: str) -> str:
    # Only a hash is stored: the database alone cannot be turned into a cookie.
    return hashlib.sha256(b"preset-owner:" + owner.encode()).hexdigest()


def house_rules_owner() -> str | None:
    """Find this phone's owner hash, as stored with its house rules; None without an owner cookie."""
    owner = g.get("new_owner")
    if owner is None:
        try:
            owner = _owner_signer().loads(request.cookies.get(OWNER_COOKIE, ""))
        except BadSignature:
            return None
    return _owner_hash(owner) if isinstance(owner, str) else None


def claim_house_rules_owner() -> str:
    """This phone's owner hash, giving it an owner id first if it has none.

    A new id goes back to the phone in the answer's cookie (send_owner_cookie).
    """
    known = house_rules_owner()
    if known is not None:
        return known
    g.new_owner = secrets.token_urlsafe(24)
    return _owner_hash(g.new_owner)


def send_owner_cookie(response: Response) -> Response:
    """Give a phone that just got an owner id its cookie."""
    owner = g.get("new_owner")
    if owner is not None:
        response.set_cookie(
            OWNER_COOKIE, _owner_signer().dumps(owner), max_age=OWNER_DAYS * 24 * 3600,
            secure=current_app.config["SESSION_COOKIE_SECURE"], httponly=True, samesite="Lax",
        )
    return response


def renew_daily(response: Response) -> Response:
    """Send a lasting session again on the first answer of a day, so it lasts from then.

    Only then: each cookie sent is the session as its request found it, and a
    slow answer would undo what a quicker one changed meanwhile. A static
    file leaves the session alone (Flask opens it only when asked), so that
    it does not vary with the cookie.
    """
    if request.endpoint in (None, "static"):
        return response
    if session.permanent:
        today = date.today().isoformat()
        if session.get(_SESSION_RENEWED) != today:
            session[_SESSION_RENEWED] = today
    return response
