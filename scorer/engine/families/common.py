"""Pieces several families share: the common options and the required-key messages."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scorer.engine.errors import N_
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


def games_option(every: tuple[str, ...], default: tuple[str, ...]) -> Games:
    """The games a list allows."""
    return Games(
        "games", default, N_("Games played"),
        N_("The games this list allows; a hand thrown in is always allowed."),
        section="games", folded=False, every=every,
    )


def tariffs_option(defaults: Mapping[str, int]) -> Tariffs:
    """Units per game and per term."""
    return Tariffs(
        "tariffs", MappingProxyType(dict(defaults)), N_("Tariffs"),
        N_("Units per game and per term; money is units times the point value."),
        section="tariffs",
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
