"""A deal as entered: a frozen value read strictly from the list file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.values import flag, mapping, name, unknown_key, whole

#: Every game any family knows.
GAMES = (
    "sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit", "bettel", "farbgeier",
    "ramsch", "pick", "least", "leaster", "moster", "doubler", "normal", "passed",
)

#: Suit names for the informational ``called_ace`` and ``suit``.
SUITS = ("acorns", "leaves", "hearts", "bells", "clubs", "spades", "diamonds")

#: Keys written by the app's own output; read back and ignored. A scored deal
#: in the list file says ``under_bock`` for its Bock multiplier, since ``bock``
#: is the deal's own key (the table called a Bock round).
OUTPUT_KEYS = frozenset({"number", "payouts", "version", "under_bock", "pot", "breakdown"})


@dataclass(frozen=True, kw_only=True, slots=True)
class Deal:
    """One deal as the players tell it; the rules decide what it is worth."""

    #: The game played: one of GAMES.
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

    @property
    def given(self) -> frozenset[str]:
        """The keys that carry something other than their neutral value."""
        return frozenset(key for key, neutral in NEUTRAL.items() if getattr(self, key) != neutral)

    def set_keys(self) -> tuple[str, ...]:
        """The keys that carry something other than their neutral value, in order."""
        return tuple(k for k in NEUTRAL if k in self.given)

    def to_dict(self) -> dict[str, Any]:
        """Write the deal as the list file does, neutral keys left out."""
        out: dict[str, Any] = {"game": self.game}
        for key in self.set_keys():
            value = getattr(self, key)
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[key] = value
        return out


#: Each key but ``game`` with its neutral value.
NEUTRAL: Mapping[str, Any] = MappingProxyType(
    {f.name: f.default for f in fields(Deal) if f.name != "game"}
)


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


_READERS: Mapping[str, Callable[[Any, str], Any]] = MappingProxyType(
    {
        "declarer": name, "partner": name, "loser": name, "winner": name,
        "dealer": name, "points": _points, "schwarz": flag, "contra": flag,
        "re": flag, "tout": flag, "sie": flag, "hand": flag, "forced": flag,
        "laufende": _count, "doubles": _count, "bid": _count,
        "called_ace": _suit, "suit": _suit,
        "won": flag, "ouvert": flag, "no_trick": _names, "bock": flag,
        "crack": flag, "recrack": flag, "blitz": _blitz,
    }
)

_KNOWN = ("game", *_READERS, *OUTPUT_KEYS)


def parse_deal(data: Any, number: int) -> Deal:
    """Read one deal of the list file; errors name the deal's number."""
    try:
        data = mapping(data, "deal")
        for key in data:
            if key not in _KNOWN:
                raise unknown_key(key, _KNOWN, "deal")
        game = data.get("game")
        if game is None:
            raise ScoringError("game", N_("is missing: one of %(games)s"), games=", ".join(GAMES))
        if not isinstance(game, str) or game not in GAMES:
            raise ScoringError(
                "game", N_("%(game)s is not a game: one of %(games)s"),
                game=shown(game), games=", ".join(GAMES),
            )
        given: dict[str, Any] = {}
        for key, value in data.items():
            reader = _READERS.get(key)
            if reader is None or value is None:
                continue  # the game, read above, or a key the app writes out and reads back
            value = reader(value, key)
            if value != NEUTRAL[key]:
                given[key] = value
        return Deal(game=game, **given)
    except ScoringError as error:
        raise error.in_deal(number) from None
