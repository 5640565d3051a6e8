"""House rules: the four families' presets and a list's own frozen RuleSet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.values import flag, mapping, unknown_key, whole

BAVARIAN = "bavarian"
BAVARIAN3 = "bavarian3"
SHEEPSHEAD3 = "sheepshead3"
GERMAN = "german"

#: The most a tariff, a point value or a threshold may be: keeps garbage out.
MAX_TARIFF = 100_000

#: Trumps in each game of the 32-card pack: the most Laufende it can have.
TRUMPS = MappingProxyType(
    {"sauspiel": 14, "solo": 14, "wenz": 4, "geier": 4, "farbwenz": 11}
)


def _frozen(values: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(values))


@dataclass(frozen=True)
class Preset:
    """What a family seats, plays and charges by default."""

    family: str
    #: How many players may sit at the table.
    seats: tuple[int, ...]
    #: Every game of the family, in the order the app offers them.
    games: tuple[str, ...]
    #: The games a new list allows.
    default_games: tuple[str, ...]
    tariffs: Mapping[str, int]
    laufende_from: Mapping[str, int]
    schneider_loss_max: int
    point_value: int
    #: The family's own house rules beyond the common ones, with defaults.
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        BAVARIAN: Preset(
            family=BAVARIAN,
            seats=(4, 5),
            games=("sauspiel", "wenz", "solo", "geier", "farbwenz", "ramsch", "passed"),
            default_games=(
                "sauspiel", "wenz", "solo", "geier", "farbwenz", "ramsch", "passed",
            ),
            tariffs=_frozen(
                {
                    "sauspiel": 20, "wenz": 40, "solo": 40, "geier": 40,
                    "farbwenz": 40, "schneider": 10, "schwarz": 10,
                    "laufende": 5, "ramsch": 10,
                }
            ),
            laufende_from=_frozen(
                {"sauspiel": 3, "solo": 3, "wenz": 2, "geier": 2, "farbwenz": 3}
            ),
            schneider_loss_max=30,
            point_value=1,
            extra=MappingProxyType({"durchmarsch": 90, "virgin": "own"}),
        ),
        BAVARIAN3: Preset(
            family=BAVARIAN3,
            seats=(3,),
            games=("geier", "wenz", "solo", "passed"),
            default_games=("geier", "wenz", "solo", "passed"),
            tariffs=_frozen(
                {
                    "sauspiel": 20, "wenz": 40, "solo": 40, "geier": 40,
                    "farbwenz": 40, "schneider": 10, "schwarz": 10,
                    "laufende": 5, "ramsch": 10,
                }
            ),
            laufende_from=_frozen({"solo": 3, "wenz": 2, "geier": 2}),
            schneider_loss_max=30,
            point_value=1,
            extra=MappingProxyType({"contra": False, "laufende": False}),
        ),
        SHEEPSHEAD3: Preset(
            family=SHEEPSHEAD3,
            seats=(3,),
            games=("pick", "least", "passed"),
            default_games=("pick", "least", "passed"),
            tariffs=_frozen(
                {
                    "game": 2, "schneider": 2, "schwarz": 2,
                    "least": 2, "least_zero": 2, "least_all": 4,
                }
            ),
            laufende_from=_frozen({}),
            schneider_loss_max=30,
            point_value=10,
        ),
        GERMAN: Preset(
            family=GERMAN,
            seats=(4,),
            games=("normal", "solo", "passed"),
            default_games=("normal", "solo", "passed"),
            tariffs=_frozen({"game_point": 10, "head": 90}),
            laufende_from=_frozen({}),
            # "winner > 90": the declaring team is schneider at 29 or less.
            schneider_loss_max=29,
            point_value=1,
            extra=MappingProxyType({"solo": False, "settle_per_head": False}),
        ),
    }
)


@dataclass(frozen=True)
class RuleSet:
    """A list's own copy of its house rules, every default filled in."""

    #: The family: bavarian, bavarian3, sheepshead3 or german.
    preset: str
    #: The games this list allows (``passed`` is always allowed).
    games: frozenset[str]
    #: Units per game and per term, by name.
    tariffs: Mapping[str, int]
    #: Laufende count from this many on, per game.
    laufende_from: Mapping[str, int]
    #: The declaring side is schneidered at this many points or fewer.
    schneider_loss_max: int
    #: Cents per unit, for the settlement.
    point_value: int
    #: Ramsch Durchmarsch threshold (120 when "all"), or None when off.
    durchmarsch: int | None = None
    #: Ramsch: "own" (a virgin's own share doubles) or "all".
    virgin: str = "own"
    #: bavarian3: contra and re are played.
    contra: bool = False
    #: bavarian3: Laufende are counted.
    laufende: bool = False
    #: german: solo games are allowed.
    solo: bool = False
    #: german: money changes hands per completed sheep's head, not per deal.
    settle_per_head: bool = False

    @property
    def family(self) -> Preset:
        """The preset this rule set starts from."""
        return PRESETS[self.preset]

    @property
    def reads_tally(self) -> bool:
        """Tell whether scoring a deal needs the tally so far (german per head)."""
        return self.settle_per_head

    def allows(self, game: str) -> bool:
        """Tell whether a deal of this game may be entered."""
        return game == "passed" or game in self.games

    def to_dict(self) -> dict[str, Any]:
        """Write the rules as the list file's ``rules`` object, defaults filled in."""
        family = self.family
        out: dict[str, Any] = {
            "preset": self.preset,
            "games": [g for g in family.games if g in self.games],
            "tariffs": dict(self.tariffs),
        }
        if family.laufende_from:
            out["laufende_from"] = dict(self.laufende_from)
        out["schneider_loss_max"] = self.schneider_loss_max
        for key in family.extra:
            value = getattr(self, key)
            out[key] = "all" if key == "durchmarsch" and value == 120 else value
        out["point_value"] = self.point_value
        return out


_COMMON_KEYS = ("preset", "tariffs", "games", "schneider_loss_max", "point_value")


def rule_keys(family: Preset) -> tuple[str, ...]:
    """Every key a ``rules`` object of this family may carry."""
    keys = list(_COMMON_KEYS)
    if family.laufende_from:
        keys.append("laufende_from")
    keys.extend(family.extra)
    return tuple(keys)


def _merged(
    given: Any, defaults: Mapping[str, int], key: str, *, low: int, high: Mapping[str, int] | int
) -> Mapping[str, int]:
    values = dict(defaults)
    for name, value in mapping(given, f"rules.{key}").items():
        if name not in defaults:
            raise unknown_key(name, defaults, "object", path=f"rules.{key}")
        top = high if isinstance(high, int) else high[name]
        values[name] = whole(value, f"rules.{key}.{name}", low=low, high=top)
    return MappingProxyType(values)


def parse_rules(data: Any) -> RuleSet:
    """Read a ``rules`` object: a preset and the overrides of its defaults."""
    data = mapping(data, "rules")
    if "preset" not in data:
        raise ScoringError(
            "rules.preset", N_("is missing: name one of %(presets)s"), presets=", ".join(PRESETS)
        )
    preset = data["preset"]
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ScoringError(
            "rules.preset", N_("%(value)s is not a family: one of %(presets)s"),
            value=shown(preset), presets=", ".join(PRESETS),
        )
    family = PRESETS[preset]
    known = rule_keys(family)
    for key in data:
        if key not in known:
            raise unknown_key(key, known, "rules", path="rules", preset=preset)

    games = _parse_games(data.get("games"), family, data)
    tariffs = _merged(data.get("tariffs", {}), family.tariffs, "tariffs", low=0, high=MAX_TARIFF)
    laufende_from = _merged(
        data.get("laufende_from", {}), family.laufende_from, "laufende_from",
        low=1, high=TRUMPS,
    )
    options: dict[str, Any] = {}
    for key, default in family.extra.items():
        value = data.get(key, default)
        if key == "durchmarsch":
            options[key] = _durchmarsch(value)
        elif key == "virgin":
            if value not in ("own", "all"):
                raise ScoringError(
                    "rules.virgin", N_('must be "own" or "all", not %(value)s'), value=shown(value)
                )
            options[key] = value
        else:
            options[key] = flag(value, f"rules.{key}")
    if preset == GERMAN and "solo" in games and not options["solo"]:
        if "games" in data:
            raise ScoringError("rules.games", N_("solo needs the house rule solo set to true"))
        games = games - {"solo"}
    return RuleSet(
        preset=preset,
        games=games,
        tariffs=tariffs,
        laufende_from=laufende_from,
        schneider_loss_max=whole(
            data.get("schneider_loss_max", family.schneider_loss_max),
            "rules.schneider_loss_max", low=0, high=60,
        ),
        point_value=whole(
            data.get("point_value", family.point_value), "rules.point_value",
            low=0, high=MAX_TARIFF,
        ),
        **options,
    )


def _parse_games(value: Any, family: Preset, data: Mapping[str, Any]) -> frozenset[str]:
    if value is None:
        return frozenset(family.default_games)
    if not isinstance(value, list) or not value:
        raise ScoringError(
            "rules.games", N_("must be a list of games, not %(value)s"), value=shown(value)
        )
    for game in value:
        if not isinstance(game, str) or game not in family.games:
            raise ScoringError(
                "rules.games", N_("%(value)s is not a game of %(family)s: one of %(games)s"),
                value=shown(game), family=family.family, games=", ".join(family.games),
            )
    return frozenset(value) | {"passed"}


def _durchmarsch(value: Any) -> int | None:
    if value is None:
        return None
    if value == "all":
        return 120
    if isinstance(value, str):
        raise ScoringError(
            "rules.durchmarsch", N_('must be points, "all" or null, not %(value)s'),
            value=shown(value),
        )
    return whole(value, "rules.durchmarsch", low=61, high=120)
