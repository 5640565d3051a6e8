"""A list's house rules as typed values: one frozen dataclass per family, its fields the option keys.

The option specs of each family (``OPTIONS``) read and write the list
file; a ``RuleSet`` makes the family's house rules here once, from the
values the options read, and holds them beside those values. The scoring code
reads a rule as an attribute mypy checks (``sheepshead_rules(rules).no_pick``),
never by its key. The groups a rule is made of (Bock rounds, the Stock,
tournament points) are small dataclasses of their own, or None when off.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, Literal, TypeVar

#: A tournament system's price of a result: a triple (plain, schneider, schwarz),
#: one value (a Bettel; a Tout or Sie), or the game's own points times k (``{"times": k}``).
Price = tuple[int, int, int] | int | Mapping[str, int]


@dataclass(frozen=True, slots=True)
class BockRounds:
    """Bock rounds: after which deals the next round counts double, and how long it runs."""

    #: The events that start a round (besides a round called by hand): passed, sixty, re, ...
    after: tuple[str, ...]
    #: Deals in a round (None: one per player).
    deals: int | None
    #: A round called during one waits its turn (queue) or runs alongside, doubling again (double).
    stack: Literal["queue", "double"]


@dataclass(frozen=True, slots=True)
class Stock:
    """The Stock: a hand thrown in pays into the pot, the next won game takes it."""

    #: What each active player pays in for a hand thrown in.
    pay: int
    #: Which won game takes the pot: the next Sauspiel or Hochzeit, or any game but Ramsch.
    won_by: Literal["sauspiel", "any"]
    #: A lost Sauspiel or Hochzeit doubles the pot.
    double: bool


@dataclass(frozen=True, slots=True)
class PointsLaufende:
    """Laufende in tournament points: a run from ``start`` on adds each game's value per Laufender."""

    #: The list file's ``from``: the shortest run that counts.
    start: int
    #: The list file's ``max``: a longer run counts as this many (None: no cap).
    most: int | None
    #: Points per Laufender, by game (``tout`` and ``sie`` may be named too).
    value: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class TournamentPoints:
    """Tournament points instead of money: the system's table and the organiser's rules over it."""

    #: The system's name ("1/5", "1/2", ..., "custom").
    system: str
    #: The price of each game's results, by game (and ``tout``, ``sie``, ``hearts_solo``).
    points: Mapping[str, Price]
    #: Every negative payout becomes 0: the totals no longer sum to zero.
    plus_only: bool
    #: Laufende in points, or None when the system counts none.
    laufende: PointsLaufende | None
    #: A side with this many card points is schneider-free (31: the family's own thresholds).
    schneider_free_at: int
    #: What Kontra does: refused, ignored (scored as if not said), or loses the game for who said it.
    kontra: Literal["refused", "ignored", "loses"]
    #: A hand everyone passed: scores 0, is played "über Kreuz", or never happens (a forced Sauspiel).
    passed: Literal["zero", "cross", "forced"]


@dataclass(frozen=True, kw_only=True, slots=True)
class HouseRules:
    """The house rules every family has."""

    #: The games this list allows (``passed`` always, where the family has it).
    games: frozenset[str]
    #: Units per game and per term, by name.
    tariffs: Mapping[str, int]
    #: The declaring side is schneidered at this many points or fewer.
    schneider_loss_max: int
    #: Cents per unit, for the settlement.
    point_value: int


@dataclass(frozen=True, kw_only=True, slots=True)
class LaufendeRules(HouseRules):
    """The house rules of a family that pays Laufende by its tariffs."""

    #: Laufende count from this many on, per game.
    laufende_from: Mapping[str, int]
    #: A longer run is paid as this many (None: as many as the game has).
    laufende_max: int | None


@dataclass(frozen=True, kw_only=True, slots=True)
class BavarianRules(LaufendeRules):
    """Bavarian Schafkopf's house rules: Ramsch, Bock rounds, the Stock, tournament points, the edition."""

    #: A Ramsch is won by Durchmarsch from this many points (None: never).
    durchmarsch: int | None
    #: What a virgin doubles: their own share, everything, nothing, or their own once per virgin.
    virgin: Literal["own", "all", "none", "each"]
    #: A Durchmarsch is reaching the points, or one player taking every trick.
    durchmarsch_by: Literal["points", "tricks"]
    #: A virgin took no card points, or no trick.
    virgin_by: Literal["points", "tricks"]
    #: A Durchmarsch pays as a won Solo, or as a Solo won schwarz.
    durchmarsch_value: Literal["solo", "schwarz"]
    bock: BockRounds | None
    stock: Stock | None
    table_points: TournamentPoints | None
    #: The edition of the rules: 1 keeps the first edition's leniency on Sie and the called ace.
    edition: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Bavarian3Rules(LaufendeRules):
    """Three-hand Schafkopf's house rules: whether contra and Laufende are played."""

    contra: bool
    laufende: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class Sheepshead3Rules(HouseRules):
    """Classic three-hand Sheep's Head's house rules: how schwarz and the least bonus are told."""

    #: Schwarz is ticked (a side took no trick) or read from 0 or 120 points.
    schwarz_by: Literal["tricks", "points"]
    #: The least bonus goes to a winner with no card points, or with no trick.
    least_zero_by: Literal["points", "tricks"]


@dataclass(frozen=True, kw_only=True, slots=True)
class SheepsheadRules(HouseRules):
    """American Sheepshead's house rules: the partner, the no-pick games, the doublings."""

    #: The partner holds the called ace, or the Jack of Diamonds.
    partner_by: Literal["called_ace", "jack_of_diamonds"]
    #: The games played when nobody picks (leaster, moster, doubler), at least one.
    no_pick: tuple[str, ...]
    #: Each doubler doubles one pick to come (queue), or all double the next one (multiply).
    doubler_stack: Literal["queue", "multiply"]
    #: A lost pick pays double.
    double_on_bump: bool
    #: A partner whose side took no trick pays nothing: the picker pays for both.
    partner_off_hook: bool
    #: The most cracks, blitzes and doublers multiply a pick (None: no cap).
    max_multiplier: int | None


@dataclass(frozen=True, kw_only=True, slots=True)
class GermanRules(HouseRules):
    """The German game's house rules: solo games, and paying per completed head."""

    solo: bool
    settle_per_head: bool


H = TypeVar("H", bound=HouseRules)

#: Each family's house rules, by the family's name (a test holds their fields to its option keys).
HOUSE_RULES: Mapping[str, type[HouseRules]] = MappingProxyType({
    "bavarian": BavarianRules,
    "bavarian3": Bavarian3Rules,
    "sheepshead3": Sheepshead3Rules,
    "sheepshead": SheepsheadRules,
    "german": GermanRules,
})


def _bock(value: Mapping[str, Any] | None) -> BockRounds | None:
    return None if value is None else BockRounds(tuple(value["after"]), value["deals"], value["stack"])


def _stock(value: Mapping[str, Any] | None) -> Stock | None:
    return None if value is None else Stock(value["pay"], value["won_by"], value["double"])


def _table_points(value: Mapping[str, Any] | None) -> TournamentPoints | None:
    if value is None:
        return None
    counted = value["laufende"]
    laufende = None if counted is None else PointsLaufende(counted["from"], counted["max"], counted["value"])
    return TournamentPoints(
        value["system"], value["points"], value["plus_only"], laufende,
        value["schneider_free_at"], value["kontra"], value["passed"],
    )


#: The rules that are groups of their own, each with how its parsed object becomes its dataclass.
_GROUPS: Mapping[str, Callable[[Any], Any]] = {"bock": _bock, "stock": _stock, "table_points": _table_points}


def read_house_rules(kind: type[H], values: Mapping[str, Any]) -> H:
    """Make a family's house rules from the values its options read, by option key."""
    made = {f.name: _GROUPS.get(f.name, _same)(values[f.name]) for f in fields(kind)}
    return kind(**made)


def _same(value: Any) -> Any:
    return value


_NONE_COUNTED: Mapping[str, int] = MappingProxyType({})


class SharedRules:
    """The typed reads of the rules most families share, from the house rules: a ``RuleSet`` is one.

    A rule a family does not have reads as off (no Bock, no Laufende counted).
    """

    @property
    def house(self) -> HouseRules:
        """The list's house rules, as its family's kind."""
        raise NotImplementedError

    @property
    def tariffs(self) -> Mapping[str, int]:
        """Units per game and per term, by name."""
        return self.house.tariffs

    @property
    def laufende_from(self) -> Mapping[str, int]:
        """Laufende count from this many on, per game (empty where none are counted)."""
        house = self.house
        return house.laufende_from if isinstance(house, LaufendeRules) else _NONE_COUNTED

    @property
    def laufende_max(self) -> int | None:
        """A longer run of Laufende is paid as this many (None: no cap, or none are counted)."""
        house = self.house
        return house.laufende_max if isinstance(house, LaufendeRules) else None

    @property
    def schneider_loss_max(self) -> int:
        """The declaring side is schneidered at this many points or fewer."""
        return self.house.schneider_loss_max

    @property
    def games(self) -> frozenset[str]:
        """The games this list allows (``passed`` always, where the family has it)."""
        return self.house.games

    @property
    def point_value(self) -> int:
        """Cents per unit, for the settlement."""
        return self.house.point_value

    @property
    def bock(self) -> BockRounds | None:
        """The list's Bock rounds, or None where it plays none."""
        house = self.house
        return house.bock if isinstance(house, BavarianRules) else None

    @property
    def stock(self) -> Stock | None:
        """The list's Stock (the pot), or None where it plays none."""
        house = self.house
        return house.stock if isinstance(house, BavarianRules) else None

    @property
    def table_points(self) -> TournamentPoints | None:
        """The list's tournament points, or None where it plays for money."""
        house = self.house
        return house.table_points if isinstance(house, BavarianRules) else None


def house_rules(rules: SharedRules, kind: type[H]) -> H:
    """A list's house rules as its family's kind, refused (TypeError) for a list of another family."""
    house = rules.house
    if not isinstance(house, kind):
        raise TypeError(f"these are {type(house).__name__}, not {kind.__name__}")
    return house


def bavarian_rules(rules: SharedRules) -> BavarianRules:
    """The house rules of a Bavarian list."""
    return house_rules(rules, BavarianRules)


def bavarian3_rules(rules: SharedRules) -> Bavarian3Rules:
    """The house rules of a three-hand Bavarian list."""
    return house_rules(rules, Bavarian3Rules)


def sheepshead3_rules(rules: SharedRules) -> Sheepshead3Rules:
    """The house rules of a classic three-hand list."""
    return house_rules(rules, Sheepshead3Rules)


def sheepshead_rules(rules: SharedRules) -> SheepsheadRules:
    """The house rules of an American Sheepshead list."""
    return house_rules(rules, SheepsheadRules)


def german_rules(rules: SharedRules) -> GermanRules:
    """The house rules of a German list."""
    return house_rules(rules, GermanRules)
