"""Why a deal pays what it pays: its terms, multipliers, value, shares and Stock move, as data.

The code that scores a deal builds its breakdown alongside the payouts; the
rules across deals (Bock, the Stock) add what they change. Names (of terms,
multipliers, roles, Stock moves) are stable machine words;
``scorer.engine.breakdown_words`` says them in words, those of one family as
its module declares them.

The arithmetic is always the same, for every family::

    factor = the multipliers folded left to right (each multiplies; a cap caps)
    value  = (sum of the terms' units) x factor
    payout = times x value for each player of each share, plus what the player
             took out of the Stock (+) or paid into it (-)

>>> b = Breakdown(
...     terms=(Term("sauspiel", 20), Term("schneider", 10), Term("laufende", 15, 3)),
...     multipliers=(CONTRA,),
...     value=90,
...     shares=(Share("declarer", ("Anna",), 1), Share("partner", ("Chris",), 1),
...             Share("opponent", ("Bene", "Dora"), -1)),
... )
>>> b.worth()
90
>>> b.payouts()
{'Anna': 90, 'Chris': 90, 'Bene': -90, 'Dora': -90}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any


#: The name of the multiplier that caps the product of those before it.
CAP = "cap"


@dataclass(frozen=True, slots=True)
class Term:
    """One addend of a game's value: a tariff, schneider, schwarz, Laufende, a tier."""

    #: What it is: the game's tariff (``sauspiel``, ``solo``, ``pick``, ...),
    #: ``schneider``, ``schwarz``, ``laufende``, ``tier``, ``game_points``, ...
    name: str
    #: Units it adds to the value.
    units: int
    #: How many of it there are, where that is said (3 Laufende, 2 game points).
    count: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Write the term as JSON: name and units, and the count where there is one."""
        return _counted({"name": self.name, "units": self.units}, self.count)


@dataclass(frozen=True, slots=True)
class Multiplier:
    """One doubling (or more) of a game's value, or the cap that cut the doublings before it."""

    #: What it is: ``contra``, ``re``, ``doubles``, ``tout``, ``sie``, ``hand``,
    #: ``ouvert``, ``bock``, ``virgins``, ``crack``, ``recrack``, ``blitz``,
    #: ``doubler``, ``bump``; or ``cap``.
    name: str
    #: The factor it multiplies by; for the ``cap``, the most the product may be.
    factor: int
    #: How many doubled, where several may (doubles, blitzes, doublers, virgins, Bock rounds).
    count: int | None = None

    def apply(self, product: int) -> int:
        """The product of the multipliers so far, with this one applied.

        >>> Multiplier("crack", 2).apply(8), Multiplier(CAP, 16).apply(32)
        (16, 16)
        """
        if self.name == CAP:
            return min(product, self.factor)
        return product * self.factor

    def to_dict(self) -> dict[str, Any]:
        """Write the multiplier as JSON: name and factor, and the count where there is one."""
        return _counted({"name": self.name, "factor": self.factor}, self.count)


def _counted(json: dict[str, Any], count: int | None) -> dict[str, Any]:
    if count is not None:
        json["count"] = count
    return json


@dataclass(frozen=True, slots=True)
class Share:
    """How the value is split: each of these players gets ``times`` x value (negative: pays)."""

    #: Who they are in this deal: ``declarer``, ``partner``, ``opponent``,
    #: ``picker``, ``winner``, ``loser``, ``virgin``, ``player``.
    role: str
    players: tuple[str, ...]
    #: Each player's payout in values: +3 a won solo's declarer, -1 each opponent.
    times: int

    def to_dict(self) -> dict[str, Any]:
        """Write the share as JSON."""
        return {"role": self.role, "players": list(self.players), "times": self.times}


@dataclass(frozen=True, slots=True)
class StockMove:
    """What a deal put into the Stock (the pot) or took out of it; Bock never doubles it."""

    #: ``pay_in`` (a hand thrown in), ``take`` (a won game takes the pot),
    #: ``double`` (a lost Sauspiel or Hochzeit doubles it).
    name: str
    #: Units in the pot before and after the deal.
    before: int
    after: int
    #: Each player's move: + taken out of the pot, - paid into it.
    amounts: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        """Write the move as JSON: ``amounts`` by player."""
        return {"name": self.name, "before": self.before, "after": self.after, "amounts": dict(self.amounts)}


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Why a deal pays what it pays, in the same shape for every family."""

    #: The value's addends, in order.
    terms: tuple[Term, ...]
    #: The multipliers, in the order they apply (see :func:`factor`).
    multipliers: tuple[Multiplier, ...]
    #: The terms' sum times the multipliers: what one share of 1 is worth.
    value: int
    #: How the value is split among the players of the deal (all of them).
    shares: tuple[Share, ...]
    #: What went into or out of the Stock, if anything.
    stock: StockMove | None = None
    #: What the deal put on the family's tally, not money: German ``strokes``
    #: and a completed ``head``.
    tally: tuple[Term, ...] = ()

    def worth(self) -> int:
        """The value, worked out again from the terms and multipliers."""
        return worth(self.terms, self.multipliers)

    def payouts(self) -> dict[str, int]:
        """Every player's payout, worked out again from the breakdown's own data."""
        value = self.worth()
        out = {who: share.times * value for share in self.shares for who in share.players}
        if self.stock is not None:
            for who, amount in self.stock.amounts:
                out[who] = out.get(who, 0) + amount
        return out

    def to_dict(self) -> dict[str, Any]:
        """Write the breakdown as the command line and the API give it."""
        out: dict[str, Any] = {
            "terms": [t.to_dict() for t in self.terms],
            "multipliers": [m.to_dict() for m in self.multipliers],
            "value": self.value,
            "shares": [s.to_dict() for s in self.shares],
        }
        if self.stock is not None:
            out["stock"] = self.stock.to_dict()
        if self.tally:
            out["tally"] = [t.to_dict() for t in self.tally]
        return out

    def multiplied(self, multiplier: Multiplier) -> Breakdown:
        """The breakdown with one more multiplier applied to its value (Bock)."""
        return replace(
            self, multipliers=(*self.multipliers, multiplier), value=multiplier.apply(self.value)
        )

    def with_stock(self, move: StockMove) -> Breakdown:
        """The breakdown with what went into or out of the Stock."""
        return replace(self, stock=move)


# -- building blocks ---------------------------------------------------------------------------

CONTRA = Multiplier("contra", 2)
RE = Multiplier("re", 2)
TOUT = Multiplier("tout", 2)
SIE = Multiplier("sie", 4)
HAND = Multiplier("hand", 2)
OUVERT = Multiplier("ouvert", 2)
CRACK = Multiplier("crack", 2)
RECRACK = Multiplier("recrack", 2)
BUMP = Multiplier("bump", 2)


def doublings(name: str, count: int) -> Multiplier:
    """``count`` doublings of one kind as one multiplier: x 2^count.

    >>> doublings("doubles", 2)
    Multiplier(name='doubles', factor=4, count=2)
    """
    return Multiplier(name, 1 << count, count)


def factor(multipliers: Iterable[Multiplier]) -> int:
    """The multipliers folded left to right: each multiplies, a cap caps the product so far.

    >>> factor((Multiplier("blitz", 32, 5), Multiplier(CAP, 16), BUMP))
    32
    """
    product = 1
    for multiplier in multipliers:
        product = multiplier.apply(product)
    return product


def worth(terms: Iterable[Term], multipliers: Iterable[Multiplier] = ()) -> int:
    """What terms and multipliers are worth: the terms' sum times their factor.

    >>> worth((Term("tier", 2),), (Multiplier("blitz", 32, 5), Multiplier(CAP, 16), BUMP))
    64
    """
    return sum(t.units for t in terms) * factor(multipliers)


def one_against_rest(
    role: str, who: str, active: tuple[str, ...], times: int, rest: str = "opponent"
) -> tuple[Share, Share]:
    """One player against everybody else: each of the rest gets -times, the one the rest.

    >>> one_against_rest("declarer", "A", ("A", "B", "C", "D"), 1)[0].times
    3
    """
    others = tuple(p for p in active if p != who)
    return Share(role, (who,), times * len(others)), Share(rest, others, -times)


def side_against_rest(
    declarer: str, partner: str, active: tuple[str, ...], times: int
) -> tuple[Share, Share, Share]:
    """Declarer and partner against the rest: each of the side gets times, each opponent -times.

    >>> [s.times for s in side_against_rest("A", "C", ("A", "B", "C", "D"), -1)]
    [-1, -1, 1]
    """
    others = tuple(p for p in active if p != declarer and p != partner)
    return (
        Share("declarer", (declarer,), times), Share("partner", (partner,), times),
        Share("opponent", others, -times),
    )


def everybody(active: tuple[str, ...]) -> tuple[Share, ...]:
    """Nobody pays: every player's share is nothing."""
    return (Share("player", active, 0),)
