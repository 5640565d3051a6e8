"""A deal as entered: a frozen value read strictly from the list file.

The keys every family shares are :class:`Deal`'s fields, each declared once in
:data:`KEYS` with how the list file's value is read and how a form asks for it.
A key only one family reads is declared in that family's module (its
``Family.keys``) and kept in ``Deal.more``; :func:`read_deal` takes every
family's games and keys (``scorer.engine.deal_file`` passes them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Literal

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.values import flag, mapping, name, unknown_key, whole

#: Suit names for the informational ``called_ace`` and ``suit``.
SUITS = ("acorns", "leaves", "hearts", "bells", "clubs", "spades", "diamonds")

#: Keys written by the app's own output; read back and ignored. A scored deal
#: in the list file says ``under_bock`` for its Bock multiplier, since ``bock``
#: is the deal's own key (the table called a Bock round).
_NOTHING_MORE: Mapping[str, Any] = MappingProxyType({})

OUTPUT_KEYS = frozenset({"number", "payouts", "version", "under_bock", "pot", "breakdown", "plus_only"})


@dataclass(frozen=True, kw_only=True, slots=True)
class Deal:
    """One deal as the players tell it; the rules decide what it is worth."""

    #: The game played: one of the games of some family.
    game: str
    #: The player who plays (partner and solo games).
    declarer: str | None = None
    #: The holder of the called ace (sauspiel), who took the trump (hochzeit);
    #: german: the fixed partner; sheepshead: the partner, or None when alone.
    partner: str | None = None
    #: Card points of the declaring side, or of every player (ramsch, least).
    points: int | Mapping[str, int] | None = None
    #: The losing side took no trick.
    schwarz: bool = False
    #: Laufende held by either side.
    laufende: int = 0
    #: A defender said contra.
    contra: bool = False
    #: The declaring side answered re.
    re: bool = False
    #: The declarer announced taking every trick.
    tout: bool = False
    #: The declarer held all eight Obers and Unters.
    sie: bool = False
    #: Played without taking up the blind (bavarian3).
    hand: bool = False
    #: How many players doubled (knocked).
    doubles: int = 0
    #: Points the declarer must reach (bavarian3).
    bid: int | None = None
    #: A forced game (german).
    forced: bool = False
    #: Who loses a Ramsch tied for most points.
    loser: str | None = None
    #: Who wins a least tied for fewest points.
    winner: str | None = None
    #: Who dealt, overriding the rotation.
    dealer: str | None = None
    #: The ace called in a sauspiel (informational).
    called_ace: str | None = None
    #: The suit of a solo, farbwenz or german game (informational).
    suit: str | None = None
    #: Bettel: the declarer took no trick (required: None until said).
    won: bool | None = None
    #: Bettel played with open cards.
    ouvert: bool = False
    #: Who took no trick (ramsch and least by tricks, leaster).
    no_trick: tuple[str, ...] = ()
    #: The table called a Bock round after this deal.
    bock: bool = False
    #: Sheepshead: a defender doubled (crack), the picker's side doubled back (recrack).
    crack: bool = False
    recrack: bool = False
    #: Sheepshead: black or red queens shown, each doubling.
    blitz: int = 0
    #: The keys a family declares of its own (``Family.keys``), when not neutral.
    more: Mapping[str, Any] = field(default_factory=lambda: _NOTHING_MORE)

    @property
    def given(self) -> frozenset[str]:
        """The keys that carry something other than their neutral value."""
        return frozenset(self.set_keys())

    def set_keys(self) -> tuple[str, ...]:
        """The keys that carry something other than their neutral value, in order."""
        shared = tuple(key for key, neutral in NEUTRAL.items() if getattr(self, key) != neutral)
        return shared + tuple(self.more)

    def value(self, key: str) -> Any:
        """The value of a key, shared or a family's own (None when the deal does not carry it)."""
        if key in NEUTRAL:
            return getattr(self, key)
        return self.more.get(key)

    def to_dict(self) -> dict[str, Any]:
        """Write the deal as the list file does, neutral keys left out."""
        out: dict[str, Any] = {"game": self.game}
        for key in self.set_keys():
            value = self.value(key)
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[key] = value
        return out


#: Each shared key but ``game`` with its neutral value.
NEUTRAL: Mapping[str, Any] = MappingProxyType(
    {f.name: f.default for f in fields(Deal) if f.name not in ("game", "more")}
)

#: How a form asks for a key: a player, several players, yes or no, a count,
#: card points, a suit, or a number from a family's own steps.
Kind = Literal["player", "players", "flag", "count", "points", "suit", "number"]


@dataclass(frozen=True)
class Key:
    """A key a deal may carry: its name, how the list file's value is read, and how a form asks."""

    name: str
    #: Reads the list file's value (the key's name given for errors); raises ScoringError.
    read: Callable[[Any, str], Any]
    kind: Kind
    #: The value that means "not said"; a deal leaves it out of the list file.
    neutral: Any = None
    #: What a form calls it (marked with N_, the pages translate it); a family's
    #: ``words`` for the key's name win over it.
    label: str = ""

    def of(self, deal: Deal) -> Any:
        """This key's value in a deal (its neutral value when the deal does not carry it)."""
        if self.name in NEUTRAL:
            return getattr(deal, self.name)
        return deal.more.get(self.name, self.neutral)


def _points(value: Any, key: str) -> int | Mapping[str, int]:
    if isinstance(value, dict):
        return MappingProxyType(
            {name(player, key): whole(p, f"{key}.{player}", low=0, high=120) for player, p in value.items()}
        )
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(
            key,
            N_("must be card points from 0 to 120 (or each player's), not %(value)s"),
            value=shown(value),
        )
    if value > 120:
        raise ScoringError(key, N_("%(points)s is more than the 120 in the pack"), points=shown(value))
    if value < 0:
        raise ScoringError(key, N_("%(points)s is less than 0"), points=shown(value))
    return value


def _suit(value: Any, key: str) -> str:
    if value not in SUITS:
        raise ScoringError(
            key, N_("%(value)s is not a suit: one of %(suits)s"),
            value=shown(value), suits=", ".join(SUITS),
        )
    return str(value)


def _names(value: Any, key: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ScoringError(key, N_("must be a list of players, not %(value)s"), value=shown(value))
    names = tuple(name(who, key) for who in value)
    if len(set(names)) != len(names):
        twice = next(who for who in names if names.count(who) > 1)
        raise ScoringError(key, N_("%(name)s is named twice"), name=twice)
    return names


def _blitz(value: Any, key: str) -> int:
    return whole(value, key, low=0, high=2)


def _count(value: Any, key: str) -> int:
    # Upper bounds depend on the game and the table; checked when scoring.
    return whole(value, key, low=0, high=120)


_KINDS: Mapping[Kind, Callable[[Any, str], Any]] = MappingProxyType({
    "player": name, "players": _names, "flag": flag, "count": _count, "points": _points,
    "suit": _suit,
})


#: What a form calls a shared key (the roles' words, ``declarer`` and ``partner``, are
#: the families'; see ``scorer.engine.families.base.WORDS``).
_LABELS: Mapping[str, str] = MappingProxyType({
    "loser": N_("If tied for the most points: who loses?"),
    "winner": N_("If tied for the fewest points: who wins?"),
    "dealer": N_("Dealer"),
    "points": N_("Card points"),
    "schwarz": N_("Schwarz"),
    "contra": N_("Kontra"),
    "re": N_("Re"),
    "tout": N_("Tout"),
    "sie": N_("Sie"),
    "hand": N_("Hand"),
    "forced": N_("Forced game"),
    "laufende": N_("Laufende"),
    "doubles": N_("Doubles: how many players doubled"),
    "bid": N_("Bid"),
    "called_ace": N_("Called ace"),
    "suit": N_("Suit"),
    "won": N_("Won (no trick taken)"),
    "ouvert": N_("Ouvert"),
    "no_trick": N_("Who took no trick?"),
    "bock": N_("Bock!"),
    "crack": N_("Crack"),
    "recrack": N_("Re-crack"),
    "blitz": N_("Blitz: queens shown"),
})


def _shared(kind: Kind, *names: str, read: Callable[[Any, str], Any] | None = None) -> tuple[Key, ...]:
    return tuple(
        Key(key, read or _KINDS[kind], kind, NEUTRAL[key], _LABELS.get(key, "")) for key in names
    )


#: The keys every family shares, by name: the fields of :class:`Deal`.
KEYS: Mapping[str, Key] = MappingProxyType({key.name: key for key in (
    *_shared("player", "declarer", "partner", "loser", "winner", "dealer"),
    *_shared("points", "points"),
    *_shared("flag", "schwarz", "contra", "re", "tout", "sie", "hand", "forced"),
    *_shared("count", "laufende", "doubles"),
    *_shared("number", "bid", read=_count),
    *_shared("suit", "called_ace", "suit"),
    *_shared("flag", "won", "ouvert"),
    *_shared("players", "no_trick"),
    *_shared("flag", "bock", "crack", "recrack"),
    *_shared("count", "blitz", read=_blitz),
)})


def read_deal(
    data: Any, number: int, games: Iterable[str], keys: Mapping[str, Key], *, named: Iterable[str] | None = None,
) -> Deal:
    """Read one deal of the list file; errors name the deal's number.

    ``games`` are every family's games, ``keys`` every key a deal may carry
    (the shared ones and the families' own). ``named``: the games a refusal
    offers instead, the list's own family's (by default ``games``), so that
    a game new to one family changes no other family's refusals.
    """
    games = tuple(games)
    offered = ", ".join(games if named is None else named)
    known = ("game", *keys, *OUTPUT_KEYS)
    try:
        data = mapping(data, "deal")
        for key in data:
            if key not in known:
                raise unknown_key(key, known, "deal")
        game = data.get("game")
        if game is None:
            raise ScoringError("game", N_("is missing: one of %(games)s"), games=offered)
        if not isinstance(game, str) or game not in games:
            raise ScoringError(
                "game", N_("%(game)s is not a game: one of %(games)s"), game=shown(game), games=offered,
            )
        given: dict[str, Any] = {}
        more: dict[str, Any] = {}
        for key, value in data.items():
            declared = keys.get(key)
            if declared is None or value is None:
                continue  # the game, read above, or a key the app writes out and reads back
            value = declared.read(value, key)
            if value != declared.neutral:
                (given if key in NEUTRAL else more)[key] = value
        return Deal(game=game, **given, more=MappingProxyType(more))
    except ScoringError as error:
        raise error.in_deal(number) from None
