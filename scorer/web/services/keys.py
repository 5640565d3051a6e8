"""Edit keys: hashed for storage, compared in constant time, reissued, derived from a token."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Literal

from flask import current_app

from scorer.web.extensions import db
from scorer.web.models import KeyedRow, ScoreListRow
from scorer.web.services.base import NotAllowed, _lock, transaction


def hash_key(key: str) -> str:
    """Hash an edit key for storage; the key itself is never stored."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def key_matches(row: KeyedRow, key: str | None) -> bool:
    """Compare an edit key with the list's, in constant time."""
    return key is not None and hmac.compare_digest(hash_key(key), row.edit_key_hash)


@transaction
def reissue_key(row: ScoreListRow) -> str:
    """Give the list a new edit key; the old edit links stop working."""
    _lock(row)
    key = secrets.token_urlsafe(24)
    row.edit_key_hash = hash_key(key)
    db.session.commit()
    return key


def _pad(row: KeyedRow, length: int) -> bytes:
    """A keystream from the server's secret, for this list's current key only."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    label = f"edit-key-cookie:{row.id}:{row.edit_key_hash}:".encode()
    stream = b""
    while len(stream) < length:
        block = len(stream) // hashlib.sha256().digest_size
        stream += hmac.new(secret, label + str(block).encode(), hashlib.sha256).digest()
    return stream[:length]


def seal_key(row: KeyedRow, key: str) -> str:
    """The edit key encrypted for the session cookie, which is signed but readable.

    The keystream is derived from the server's secret and the list's key
    hash, so it only ever encrypts this one key: a new key gets a new stream.
    """
    raw = key.encode()
    sealed = bytes(a ^ b for a, b in zip(raw, _pad(row, len(raw))))
    return base64.urlsafe_b64encode(sealed).decode().rstrip("=")


def open_key(row: KeyedRow, sealed: str | None) -> str | None:
    """The edit key sealed by :func:`seal_key`, if it is still the list's."""
    if not isinstance(sealed, str):
        return None
    try:
        raw = base64.urlsafe_b64decode(sealed + "=" * (-len(sealed) % 4))
    except ValueError:
        return None
    key = bytes(a ^ b for a, b in zip(raw, _pad(row, len(raw)))).decode("utf-8", "replace")
    return key if key_matches(row, key) else None


def require_key(row: ScoreListRow, key: str | None) -> None:
    """Refuse a change without the list's edit key."""
    if not key_matches(row, key):
        raise NotAllowed("this needs the list's edit link")


#: What a one-time token or Idempotency-Key makes: each kind has a namespace of its own.
TokenKind = Literal["list", "tournament", "group"]
#: Lists keep the labels they were made with before kinds had namespaces: a form
#: resent later still finds its list and is handed the same key. No other
#: kind's label starts like them, so no token of another kind can reach a list's.
_LIST_DIGEST = b"creation-token:"
_LIST_KEY = b"edit-key:"


def _label(kind: TokenKind, purpose: str) -> bytes:
    """The prefix a token of this kind is hashed under, for a digest or a key."""
    if kind == "list":
        return _LIST_DIGEST if purpose == "digest" else _LIST_KEY
    return f"kind-bound-{purpose}\0{kind}\0".encode()


def token_digest(kind: TokenKind, token: str) -> str:
    """What is stored of a form's one-time token: a hash a resend finds the list by.

    The token itself is never stored: whoever reads the database must not be
    able to send it again and be handed the edit key. The kind is hashed in,
    so the same token finds nothing of another kind.
    """
    return hashlib.sha256(_label(kind, "digest") + token.encode("utf-8", "replace")).hexdigest()


def key_from_token(kind: TokenKind, token: str) -> str:
    """The edit key of a thing of this kind made with this one-time token.

    A resent form (double tap, bad reception) finds its list again and must
    hand the phone the same key, which is never stored: so it is derived,
    from the token and the server's secret, neither of which is stored. The
    kind is part of it: a list made with a token some tournament is later
    made with (or the other way round) gets another key than the tournament.
    """
    secret = str(current_app.config["SECRET_KEY"]).encode()
    label = _label(kind, "key") + token.encode("utf-8", "replace")
    digest = hmac.new(secret, label, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()
