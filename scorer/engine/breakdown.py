"""Why a deal pays what it pays: its terms, multipliers, value, shares and Stock move, as data.

The code that scores a deal builds its breakdown alongside the payouts; the
rules across deals (Bock, the Stock) add what they change. Nothing here
formats words but :func:`describe`, which the app calls with the table's
language. Names (of terms, multipliers, roles, Stock moves) are stable
machine words; :data:`ENGLISH` and :data:`GERMAN` say them in words (the app
looks the English up in its catalog, the worked examples of
docs/breakdown-examples.md use both).

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
>>> describe(b, str.capitalize)
'Sauspiel 20 + Schneider 10 + 3 Laufende 15 = 45 · Contra ×2 = 90 Each'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_

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


# -- in words ---------------------------------------------------------------------------------

#: Every name a breakdown can hold (terms, multipliers, roles, Stock moves, tally), and
#: ``each``, in English. Marked for the catalog: the app says them in the table's language
#: through it, and the catalog's German must be the one of :data:`GERMAN` (a test checks).
ENGLISH: Mapping[str, str] = MappingProxyType({
    # terms: the games' tariffs
    "sauspiel": N_("Sauspiel"), "wenz": N_("Wenz"), "solo": N_("Solo"), "geier": N_("Geier"),
    "farbwenz": N_("Farbwenz"), "hochzeit": N_("Hochzeit"), "bettel": N_("Bettel"),
    "farbgeier": N_("Farbgeier"), "ramsch": N_("Ramsch"), "durchmarsch": N_("Durchmarsch"),
    "pick": N_("Pick"), "least": N_("Least"), "least_zero": N_("Least with no points"),
    "least_all": N_("All 120 in one hand"), "leaster": N_("Leaster"), "moster": N_("Moster"),
    # terms: what adds to a tariff
    "schneider": N_("Schneider"), "schwarz": N_("Schwarz"), "laufende": N_("Laufende"),
    "tier": N_("Tier"), "game_points": N_("Game points"), "head": N_("Head"),
    # multipliers
    "contra": N_("Kontra"), "re": N_("Re"), "doubles": N_("doubled"), "tout": N_("Tout"),
    "sie": N_("Sie"), "hand": N_("Hand"), "ouvert": N_("Ouvert"), "bock": N_("Bock"),
    "virgins": N_("Virgins"), "crack": N_("Crack"), "recrack": N_("Re-crack"),
    "blitz": N_("Blitz"), "doubler": N_("Doubler"), "cap": N_("at most"), "bump": N_("Bump"),
    # roles
    "declarer": N_("Declarer"), "partner": N_("Partner"), "opponent": N_("Opponent"),
    "picker": N_("Picker"), "winner": N_("Winner"), "loser": N_("Loser"),
    "virgin": N_("Virgin"), "player": N_("Player"),
    # the Stock, the tally, and the value every player wins or pays
    "pay_in": N_("into the Stock"), "take": N_("out of the Stock"),
    "double": N_("the Stock doubled by"), "strokes": N_("Strokes"), "each": N_("each"),
})

#: The same words in German: the worked examples of docs/breakdown-examples.md use them.
GERMAN: Mapping[str, str] = MappingProxyType({
    **{name: ENGLISH[name] for name in (
        "sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit", "bettel", "farbgeier",
        "ramsch", "durchmarsch", "pick", "least", "leaster", "moster", "schneider", "schwarz",
        "laufende", "contra", "re", "tout", "sie", "hand", "ouvert", "bock", "crack", "recrack",
        "blitz", "doubler", "partner",
    )},
    "least_zero": "Least ohne Augen", "least_all": "Alle 120 in einer Hand", "tier": "Stufe",
    "game_points": "Spielpunkte", "head": "Kopf", "doubles": "gelegt", "virgins": "Jungfrauen",
    "cap": "höchstens", "bump": "Bump", "declarer": "Spieler", "opponent": "Gegner",
    "picker": "Aufnehmer", "winner": "Gewinner", "loser": "Verlierer", "virgin": "Jungfrau",
    "player": "Spieler", "pay_in": "in den Stock", "take": "aus dem Stock",
    "double": "der Stock verdoppelt um", "strokes": "Striche", "each": "je Spieler",
})

#: The word maps by language.
LANGUAGES: Mapping[str, Mapping[str, str]] = MappingProxyType({"en": ENGLISH, "de": GERMAN})


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message's singular and plural for the catalog (babel.cfg: ``N_plural:1,2``); give both."""
    return singular, plural


#: The names a count stands before that take a plural, with the count (``%(num)s``), in
#: English: the singular and the plural. Marked for the catalog: the app says them through
#: ngettext, and the catalog's German must be the one of :data:`GERMAN_COUNTED` (a test
#: checks). A name not here is said as the count and its word: ``2 doubled``.
ENGLISH_COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType({
    "laufende": N_plural("%(num)s Laufende", "%(num)s Laufende"),
    "game_points": N_plural("%(num)s Game point", "%(num)s Game points"),
    "strokes": N_plural("%(num)s Stroke", "%(num)s Strokes"),
    "head": N_plural("%(num)s Head", "%(num)s Heads"),
    "virgins": N_plural("%(num)s Virgin", "%(num)s Virgins"),
    "blitz": N_plural("%(num)s Blitz", "%(num)s Blitzes"),
    "doubler": N_plural("%(num)s Doubler", "%(num)s Doublers"),
})

#: The same in German.
GERMAN_COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType({
    "laufende": ("%(num)s Laufender", "%(num)s Laufende"),
    "game_points": ("%(num)s Spielpunkt", "%(num)s Spielpunkte"),
    "strokes": ("%(num)s Strich", "%(num)s Striche"),
    "head": ("%(num)s Kopf", "%(num)s Köpfe"),
    "virgins": ("%(num)s Jungfrau", "%(num)s Jungfrauen"),
    "blitz": ("%(num)s Blitz", "%(num)s Blitze"),
    "doubler": ("%(num)s Doubler", "%(num)s Doubler"),
})

#: The counted names by language.
COUNTED: Mapping[str, Mapping[str, tuple[str, str]]] = MappingProxyType(
    {"en": ENGLISH_COUNTED, "de": GERMAN_COUNTED}
)


def words_in(language: str) -> Callable[[str], str]:
    """The words of a language for :func:`describe`: a name not in the map stays as it is.

    >>> words_in("de")("each"), words_in("en")("recrack"), words_in("de")("unheard_of")
    ('je Spieler', 'Re-crack', 'unheard_of')
    """
    table = LANGUAGES[language]
    return lambda name: table.get(name, name)


def counted_in(language: str) -> Callable[[str, int], str]:
    """A count and a name in a language for :func:`describe`, the name singular for one.

    English and German both take the singular for one, the plural for any other count.

    >>> strokes = counted_in("de")
    >>> strokes("strokes", 1), strokes("strokes", 9), strokes("doubles", 2), counted_in("en")("head", 1)
    ('1 Strich', '9 Striche', '2 gelegt', '1 Head')
    """
    forms = COUNTED[language]
    words = words_in(language)

    def counted(name: str, count: int) -> str:
        pair = forms.get(name)
        if pair is None:
            return f"{count} {words(name)}"
        return pair[count != 1] % {"num": count}

    return counted



def describe(
    breakdown: Breakdown, words: Callable[[str], str],
    counted: Callable[[str, int], str] | None = None,
) -> str:
    """The breakdown as one line, its names put into words by ``words`` (the table's language).

    The terms added up, each multiplier in turn, then the value; "each" when
    every player wins or pays the value, else what the shares of more than
    one value win (+) or pay (-); then the tally and the Stock. A count and
    the name it counts (``3 Laufende``, ``1 Stroke``) are put into words by
    ``counted``, which picks the singular or the plural (see
    :func:`counted_in`); without it, the count and the name's word.

    >>> solo = Breakdown((Term("solo", 40), Term("laufende", 15, 3)), (doublings("doubles", 1),), 110,
    ...                  one_against_rest("declarer", "A", ("A", "B", "C", "D"), -1))
    >>> describe(solo, lambda name: name)
    'solo 40 + 3 laufende 15 = 55 · doubles ×2 = 110 · declarer ×3 = -330'
    >>> head = Breakdown((Term("head", 90),), (), 90, everybody(("A", "B")),
    ...                  tally=(Term("strokes", 9), Term("head", 1)))
    >>> describe(head, words_in("de"), counted_in("de"))
    'Kopf 90 je Spieler · 9 Striche · 1 Kopf'
    """
    say = counted or (lambda name, count: f"{count} {words(name)}")
    terms = breakdown.terms
    line = " + ".join(
        f"{say(t.name, t.count)} {t.units}" if t.count is not None else f"{words(t.name)} {t.units}"
        for t in terms
    ) or "0"
    if len(terms) > 1:
        line += f" = {sum(t.units for t in terms)}"
    pieces = [line]
    for m in breakdown.multipliers:
        if m.name == CAP:
            pieces.append(f"{words(m.name)} {m.factor}")
        elif m.count is not None and m.count > 1:
            pieces.append(f"{say(m.name, m.count)} ×{m.factor}")
        else:
            pieces.append(f"{words(m.name)} ×{m.factor}")
    if breakdown.multipliers:
        pieces[-1] += f" = {breakdown.value}"
    several = [s for s in breakdown.shares if abs(s.times) > 1]
    if breakdown.value and not several:
        pieces[-1] += f" {words('each')}"
    pieces.extend(
        f"{words(s.role)} ×{abs(s.times)} = {s.times * breakdown.value:+d}" for s in several
    )
    pieces.extend(say(t.name, t.units) for t in breakdown.tally)
    stock = breakdown.stock
    if stock is not None:
        pieces.append(f"{words(stock.name)} {abs(stock.after - stock.before)}")
    return " · ".join(pieces)
