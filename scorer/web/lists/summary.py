"""A deal in a few words ("Sau 72 · K · 2× · 3 L"), built from the deal's keys; a total, explained.

The list's rows and its CSV say what a deal was in the same words. Nothing
here knows a game by name: the game object says whether a deal has card
points and whose, and every other key the deal sets has its short word by
the key alone (a family's own word, ``Family.words``, goes first); a game
that names its suit (``Game.roles``) is called by it ("Herz-Solo 85"). A
new game or a new key of an existing kind needs no change here.

The settle page's accounts say how each player's total came about, from the
deals' breakdowns: games won and lost by kind, what Bock added, the Stock.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from flask_babel import gettext as _

from scorer.engine import N_, Deal, Family, ListResult, RuleSet
from scorer.engine.breakdown import Breakdown, worth
from scorer.engine.breakdown_words import term_name
from scorer.engine.deals import NEUTRAL
from scorer.web.deals.words import SUIT_WORDS, key_label, suited_game
from scorer.web.labels import game_label

#: Keys the summary leaves to other columns: the names beside it, the dealer under the number.
LEFT_OUT = frozenset({"declarer", "partner", "dealer", "points"})

#: Each key's short word, marked for translation. A yes/no key shows its word when set;
#: a count fills in ``count``, a player ``name``, players ``names``, a suit ``suit``.
SHORT: Mapping[str, str] = MappingProxyType({
    "schwarz": N_("Schwarz"),
    "laufende": N_("%(count)s L"),
    "contra": N_("K"),
    "re": N_("Re"),
    "tout": N_("Tout"),
    "sie": N_("Sie"),
    "hand": N_("Hand"),
    "doubles": N_("%(count)s×"),
    "bid": N_("bid %(bid)s"),
    "forced": N_("forced"),
    "loser": N_("%(name)s loses"),
    "winner": N_("%(name)s wins"),
    "ouvert": N_("Ouvert"),
    "no_trick": N_("no trick: %(names)s"),
    "bock": N_("Bock!"),
    "crack": N_("Crack"),
    "recrack": N_("Re-crack"),
    "blitz": N_("Blitz ×%(count)s"),
})

#: A won or lost Bettel (the ``won`` key says it; unset, it is not yet said).
WON: Mapping[bool, str] = MappingProxyType({True: N_("won"), False: N_("lost")})

#: The column headings (the CSV) of the keys whose form label asks a question too long
#: for a column; every other key is headed by what the pages call it (``key_label``).
HEADINGS: Mapping[str, str] = MappingProxyType({
    "doubles": N_("Doubles"), "loser": N_("Loser"), "winner": N_("Winner"),
    "no_trick": N_("No trick"), "blitz": N_("Blitz"),
})


def deal_keys(rules: RuleSet) -> tuple[str, ...]:
    """Every key a deal of this list can set, in the list file's order (the family's own last)."""
    family = rules.family
    taken = set().union(*(family.games[g].keys_for(rules) for g in family.offered(rules)))
    return tuple(k for k in (*NEUTRAL, *(key.name for key in family.keys)) if k in taken)


def heading(family: Family, key: str) -> str:
    """Name a key as a column heading, in the page's language: a family's own word goes first."""
    if key in HEADINGS and key not in family.words:
        return _(HEADINGS[key])
    return key_label(family, key)


def value(family: Family, players: tuple[str, ...], keys: frozenset[str] | None, deal: Deal, key: str) -> str:
    """A key's value as a cell: empty where the game takes no such key, else what it was.

    ``keys``: the keys the deal's game takes under the list's rules (a key a
    house rule opens only where it is open); None for a game the family lacks.
    """
    if keys is not None and key not in keys:
        return ""
    found = deal.value(key)
    if key == "points" and isinstance(found, Mapping):
        return ", ".join(f"{who} {found[who]}" for who in players if who in found)
    if found is None:
        return ""
    if key == "won":
        return _("yes") if found else _("no")
    if isinstance(found, bool):
        return _("yes") if found else ""
    if isinstance(found, tuple):
        return ", ".join(found)
    if key in ("called_ace", "suit"):
        return _(SUIT_WORDS.get(found, found))
    return str(found)


def _word(family: Family, key: str, value: Any) -> str:
    """One set key in the page's language."""
    if key in family.words:
        return _(family.word(key))
    if key == "won":
        return _(WON[bool(value)])
    if key in ("called_ace", "suit"):
        return _(SUIT_WORDS.get(value, value))
    text = SHORT.get(key)
    if text is None:  # a family's own key: its label, and what it says unless yes
        label = key_label(family, key)
        if isinstance(value, bool):
            return label
        return f"{label} {', '.join(value) if isinstance(value, tuple) else value}"
    if isinstance(value, bool):
        return _(text)
    if isinstance(value, int):
        return _(text, count=value, bid=value)
    if isinstance(value, tuple):
        return _(text, names=", ".join(value))
    return _(text, name=value)


#: Each key's place in a summary: the list file's order of keys.
_RANK: Mapping[str, int] = MappingProxyType({key: rank for rank, key in enumerate(NEUTRAL)})


class Summaries:
    """The summaries of one list's deals in the page's language.

    A summary is the game's word, the card points, then a word for each
    other key the deal sets. Deals repeat their game and modifiers (the card
    points mostly differ), so the words around the points are worked out
    once per kind of deal: the list page's thousand rows pay for the words
    of the few different kinds among them.
    """

    def __init__(self, family: Family, players: tuple[str, ...], *,
                 game_word: Callable[[str], str] | None = None) -> None:
        self.family = family
        self.players = players
        self.game_word = game_word or (lambda name: game_label(name, short=True))
        self._seen: dict[tuple[Any, ...], tuple[str, str]] = {}
        #: The list file's order of keys, the family's own last in the order it declares them.
        self._rank = {**_RANK, **{key.name: len(_RANK) + i for i, key in enumerate(family.keys)}}

    def __call__(self, deal: Deal, breakdown: Breakdown | None = None) -> str:
        """What the deal was, in a few words: the game, its points, then each key set.

        With its ``breakdown``, the schneider its points leave unsaid too (see :func:`schneider_word`).
        """
        head, tail = self.words(deal, self.key(deal))
        return head + self.points(deal) + (schneider_word(breakdown) if breakdown else "") + tail

    @staticmethod
    def key(deal: Deal) -> tuple[Any, ...]:
        """What the words depend on: two deals with the same key read the same but for the points."""
        rest = deal.given - LEFT_OUT
        if not rest:
            return (deal.game,)
        if len(rest) == 1:
            (only,) = rest
            return (deal.game, only, deal.value(only))
        return (deal.game, frozenset([(k, deal.value(k)) for k in rest]))

    def points(self, deal: Deal) -> str:
        """The card points: the declaring side's, or every player's in the columns' order."""
        points = deal.points
        if points.__class__ is int:  # the common case first: an ABC check costs per row
            return f" {points}"
        if points is None:
            return ""
        if isinstance(points, Mapping):
            # A dash for who sat out, so the numbers stand in the players' order.
            return " " + "/".join(str(points[who]) if who in points else "\u2013"
                                  for who in self.players)
        return f" {points}"

    def words(self, deal: Deal, key: tuple[Any, ...]) -> tuple[str, str]:
        """The words before and after the card points, for a deal whose key is known."""
        found = self._seen.get(key)
        if found is None:
            suited = suited_game(self.family, deal)  # "Herz-Solo": the suit is in the game's word
            keys = sorted(deal.given - LEFT_OUT - ({"suit"} if suited else set()), key=self._rank.__getitem__)
            tail = "".join(" \u00b7 " + _word(self.family, k, deal.value(k)) for k in keys)
            found = self._seen[key] = (suited or self.game_word(deal.game), tail)
        return found


def schneider_word(breakdown: Breakdown) -> str:
    """What the card points leave unsaid: a value the breakdown names schneider (a Sheepshead
    pick's tier 2), as `` · Schneider``; else nothing.

    Schwarz says itself (the deal's own key); a Bavarian game's card points are its schneider.
    """
    for term in breakdown.terms:
        if term.name == "tier" and term_name(term) == "schneider":
            return " \u00b7 " + _("Schneider")
    return ""


# -- how each total came about (the settle page) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Games:
    """A player's games of one kind, all won or all lost: how many, and what they came to."""

    #: The game's name in the page's language.
    game: str
    won: bool
    count: int
    #: Units, without what Bock added to them.
    amount: int


@dataclass(frozen=True, slots=True)
class Account:
    """How one player's total came about: games by kind, what Bock added, the Stock."""

    player: str
    #: Won games first, then lost ones, each in the order the kind was first played.
    games: tuple[Games, ...]
    #: What Bock rounds added to (+) or took from (-) the player's games.
    bock: int
    #: Paid into the Stock (0 or less) and taken out of it (0 or more).
    stock_in: int
    stock_out: int

    @property
    def total(self) -> int:
        """The parts added up: the player's total."""
        return sum(g.amount for g in self.games) + self.bock + self.stock_in + self.stock_out


def accounts(result: ListResult) -> tuple[Account, ...]:
    """Every player's account of the list, read from each deal's breakdown, in seating order.

    A deal that neither won nor cost a player anything (a hand thrown in, the
    dealer sitting out) is in no game of theirs; what it moved in the Stock is.
    """
    games: dict[str, dict[tuple[str, bool], list[int]]] = {who: {} for who in result.players}
    bock = dict.fromkeys(result.players, 0)
    stock_in = dict.fromkeys(result.players, 0)
    stock_out = dict.fromkeys(result.players, 0)
    for scored in result.deals:
        breakdown = scored.breakdown
        unbocked = breakdown.value
        if any(m.name == "bock" for m in breakdown.multipliers):
            unbocked = worth(breakdown.terms, [m for m in breakdown.multipliers if m.name != "bock"])
        for share in breakdown.shares:
            for who in share.players:
                amount = share.times * unbocked
                bock[who] += share.times * breakdown.value - amount
                if amount:
                    games[who].setdefault((scored.deal.game, amount > 0), [0, 0])
                    kind = games[who][(scored.deal.game, amount > 0)]
                    kind[0] += 1
                    kind[1] += amount
        if breakdown.stock is not None:
            for who, amount in breakdown.stock.amounts:
                if amount < 0:
                    stock_in[who] += amount
                else:
                    stock_out[who] += amount
    return tuple(
        Account(
            who,
            tuple(Games(game_label(game), won, count, amount)
                  for (game, won), (count, amount) in sorted(games[who].items(), key=lambda kv: not kv[0][1])),
            bock[who], stock_in[who], stock_out[who],
        )
        for who in result.players
    )
