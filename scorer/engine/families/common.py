"""Pieces several families share: the common options, the required-key messages, the hand
thrown in, and what the worked examples are made of."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_
from scorer.engine.families.base import Example, Game, Gate, Score
from scorer.engine.families.payouts import nothing
from scorer.engine.options import MAX_TARIFF, Games, Number, Tariffs

DECLARER = N_("is missing: who played it?")
POINTS = N_("is missing: the card points are needed")

#: The keys every game with a declaring side takes, and the informational ones.
INFO = frozenset({"called_ace", "suit"})
DECLARED = frozenset({"declarer", "points", "schwarz"}) | INFO


def needs(**messages: str) -> Mapping[str, str]:
    """Required keys with what to say when one is missing."""
    return MappingProxyType(messages)


NEEDS_DECLARER = needs(declarer=DECLARER, points=POINTS)


def games_option(games: Mapping[str, Game]) -> Games:
    """The games a list allows: any of the family's, those its games call seed by default."""
    return Games(
        "games", tuple(name for name, game in games.items() if game.seed), N_("Games played"),
        N_("The games this list allows; a hand thrown in is always allowed."),
        section="games", folded=False, every=tuple(games),
    )


def tariffs_of(games: Iterable[Game]) -> dict[str, int]:
    """The tariffs these games start a new list with, by game, in their order."""
    return {game.name: game.tariff for game in games if game.tariff is not None}


def laufende_from_of(games: Iterable[Game]) -> dict[str, int]:
    """Where Laufende start to count in these games for a new list, by game, in their order."""
    return {game.name: game.laufende_from for game in games if game.laufende_from is not None}


def trumps_of(games: Mapping[str, Game]) -> Mapping[str, int]:
    """The most Laufende each game with trumps can have, by game."""
    return MappingProxyType({name: game.trumps for name, game in games.items() if game.trumps})


def examples_of(games: Mapping[str, Game], *own: Example) -> tuple[Example, ...]:
    """A family's worked examples: each game's, in the games' order, then its own (rules across deals)."""
    return (*(example for game in games.values() for example in game.examples), *own)


def tariffs_option(defaults: Mapping[str, int]) -> Tariffs:
    """Units per game and per term."""
    return Tariffs(
        "tariffs", MappingProxyType(dict(defaults)), N_("Tariffs"),
        N_("Units per game and per term; money is units times the point value."),
        section="tariffs",
    )


def laufende_max_option() -> Number:
    """The most Laufende paid (null: as many as the game has)."""
    return Number(
        "laufende_max", None, N_("Laufende paid at most (empty: no cap)"),
        N_("A longer run is paid as this many; a deal still says the run it had."),
        section="tariffs", low=1, high=14, nullable=True,
    )


def schneider_option(default: int) -> Number:
    """The threshold of a lost schneider."""
    return Number(
        "schneider_loss_max", default, N_("Schneider at this many points or fewer"),
        N_("The declaring side is schneidered at this many card points or fewer."),
        section="scoring", low=0, high=60,
    )


def point_value_option(default: int) -> Number:
    """Cents per unit."""
    return Number(
        "point_value", default, N_("Cents per point"),
        N_("What one unit is worth in cents when settling up."),
        section="money", folded=False, low=0, high=MAX_TARIFF,
    )


def thrown_in(
    keys: frozenset[str] = frozenset(), gated: Mapping[str, Gate] | None = None, score: Score = nothing
) -> Game:
    """The hand thrown in: nothing is played and nothing paid (unless ``score`` says otherwise); its deal may take ``keys``."""
    return Game(
        "passed", score, keys, gated=MappingProxyType(dict(gated or {})), kind="none", points=None,
        label=N_("Thrown in"), german="Zusammengeworfen", in_breakdown=False,
    )


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message's singular and plural for the catalog (babel.cfg: ``N_plural:1,2``); give both."""
    return singular, plural


# -- the worked examples ---------------------------------------------------------------------

#: Who plays the worked examples: four at the table, or three, or five.
FOUR = ("Anna", "Bene", "Chris", "Dora")
THREE = FOUR[:3]
FIVE = (*FOUR, "Emil")


def listed(family_name: str, *deals: dict[str, Any], players: tuple[str, ...] = FOUR,
           **rules: Any) -> dict[str, Any]:
    """A worked example's list file: the family and house rules, the players, the deals."""
    return {"rules": {"preset": family_name, **rules}, "players": list(players), "deals": list(deals)}
