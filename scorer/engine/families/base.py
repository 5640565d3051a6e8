"""What every family is made of: games, options, the table, the carry between deals,
and a list's house rules (the family and the value of each option)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Literal

from scorer.engine.breakdown import Breakdown
from scorer.engine.deals import KEYS, Deal, Key
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.house_rules import HOUSE_RULES, HouseRules, SharedRules, read_house_rules
from scorer.engine.options import Option

#: The lowest winning score of a declaring side.
LOWEST_BID = 61

_EMPTY: Mapping[str, int] = MappingProxyType({})
_NO_WORDS: Mapping[str, str] = MappingProxyType({})

#: The words the pages use for a family's roles, by role; a family's ``words``
#: override some of them (marked with N_, translated by the pages).
WORDS: Mapping[str, str] = MappingProxyType(
    {
        # The deal form's buttons and fields.
        "declarer": N_("Declarer"),
        "partner": N_("Partner"),
        "alone": N_("Alone"),
        # A declarer who played without the partner the game could have had.
        "played_alone": N_("%(declarer)s alone"),
        "side_points": N_("Card points of the declaring side"),
        "defenders_points": N_("Card points of the defenders"),
        "defenders_switch": N_("Defenders' points"),
        "points_hint": N_(
            "Tap “Defenders' points” to type theirs instead: the declaring side gets 120 minus them."
        ),
        "side_has": N_("The declaring side has %(points)s."),
        "who_declared": N_("Who played? Tap the declarer."),
        # The yes/no modifiers a family names its own way: by default, the key's label.
        "schwarz": KEYS["schwarz"].label,
        # A doubling handed on to the deals after it (Sheepshead: the doubler's).
        "doubling": N_("Doubling"),
        # The rows of the statistics table.
        "stats_declared": N_("Declared: won"),
        "stats_alone": N_("Alone against all: won"),
        "stats_doubled": N_("Kontra played: won"),
        "stats_all_play": N_("Won when all play alone"),
    }
)


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at the table for one deal, and who plays it."""

    #: Every player of the list, in seating order.
    players: tuple[str, ...]
    #: Who deals this deal.
    dealer: str
    #: The players who play this deal (with five at a Bavarian table, all but the dealer).
    active: tuple[str, ...]


@dataclass(frozen=True)
class Carry:
    """What one deal hands the next: the state of every rule that outlives a deal.

    The replay folds it through the list, deal by deal; each scored deal
    records the carry after it, so the list can be picked up from any deal.
    """

    #: The family's tally (victory points, strokes on the running head), by player or team.
    tally: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    #: Bock rounds: the deals left in each running or waiting round, the running one first.
    bock_rounds: tuple[int, ...] = ()
    #: The Stock: units in the pot.
    pot: int = 0
    #: Sheepshead: doubled picks still to come.
    doublers: int = 0


@dataclass(frozen=True)
class Outcome:
    """What a deal pays each active player, and what it hands the next deal.

    Games fill in the facts (``won``, ``side``, ``events``) that the rules
    across deals (Bock, the Stock) read after them, and the breakdown that
    says why the payouts are what they are (the rules across deals add to it).
    """

    payouts: Mapping[str, int]
    #: Why: the terms, multipliers, value, shares and Stock move that give the payouts.
    breakdown: Breakdown = field(kw_only=True)
    #: The carry after this deal.
    carry: Carry = Carry()
    #: The multiplier Bock put on this deal (1 when none).
    under_bock: int = 1
    #: The declaring side won (None: no declaring side, as in Ramsch).
    won: bool | None = None
    #: The declaring side, declarer first.
    side: tuple[str, ...] = ()
    #: What happened that a rule across deals may answer: passed, sixty, re,
    #: schwarz, durchmarsch.
    events: frozenset[str] = frozenset()


#: A worked example: what happens in English, the same in German, the list file whose last deal it is.
Example = tuple[str, str, Mapping[str, Any]]
#: Scores a checked deal at a table, from the carry before it.
Score = Callable[["RuleSet", Table, Deal, Carry], Outcome]
#: A rule across deals: takes a game's outcome (and the carry before the deal), returns the final one.
CarryRule = Callable[["RuleSet", Table, Deal, "Game", Outcome, Carry], Outcome]


class _Set:
    """The value of a gate that opens whenever its rule is on (not null)."""

    def __repr__(self) -> str:
        return "SET"


#: Opens a gate whenever its rule is set at all (Bock, the Stock).
SET: Any = _Set()


@dataclass(frozen=True)
class Gate:
    """A deal key that needs a house rule set to a value (or set at all: SET)."""

    rule: str
    value: Any = True

    def opens(self, rules: RuleSet) -> bool:
        """Tell whether these rules open the gate."""
        if self.value is SET:
            return rules.get(self.rule) is not None
        return bool(rules.get(self.rule) == self.value)

    def current(self, rules: RuleSet) -> Any:
        """The value the gate's rule has under these rules (to say why the gate is shut)."""
        return rules.get(self.rule)


@dataclass(frozen=True)
class Game:
    """One game of a family: the keys a deal of it takes, and how it scores."""

    name: str
    score: Score
    #: Keys a deal of this game may set (besides game and dealer).
    keys: frozenset[str]
    #: Keys a deal of this game must set, with what to say when one is missing.
    required: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: Keys that need a house rule set, with the rule (or a tuple: any of several rules).
    gated: Mapping[str, Gate | tuple[Gate, ...]] = field(default_factory=lambda: MappingProxyType({}))
    #: What kind of game: partner, solo, all (everybody alone), none (nothing played).
    kind: Literal["partner", "solo", "all", "none"] = "solo"
    #: The units a new list's tariffs give the game, under its own name (None: no tariff of its own).
    tariff: int | None = None
    #: Laufende count from this many on in a new list (None: the game counts none).
    laufende_from: int | None = None
    #: Whether a new list plays the game (a house game waits until a table switches it on).
    seed: bool = True
    #: The most Laufende the game can have (its trumps), or 0 when it counts none.
    trumps: int = 0
    #: How the partner is named: called (the holder of the called ace), took
    #: (who took the declarer's trump), optional (none: alone), fixed (by the
    #: seating; may be named), or None (no partner).
    partner: Literal["called", "took", "optional", "fixed"] | None = None
    #: What ``points`` are: the declaring side's, every player's, or none.
    points: Literal["side", "players"] | None = "side"
    #: The game's name for people, marked N_ (the pages translate it; a Bavarian name
    #: is German in every language), and a short one for narrow columns.
    label: str = ""
    short: str = ""
    #: The game's German name, where it is not the label (a Bavarian name is its own German).
    german: str = ""
    #: Whether breakdowns hold the game's name (as its tariff's term, or the doubler's
    #: multiplier): the label and the German are then the breakdown's words for it.
    in_breakdown: bool = True
    #: Names its breakdowns hold besides its own (a role such as the offender): English
    #: (marked N_) and German; the families that play it share them.
    terms: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    #: The players this game names its own way, for the deal form (not breakdown names):
    #: a deal key (declarer, partner) and who that player is, marked N_ (the Hochzeit's
    #: declarer: who gave the trump away).
    roles: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: Its worked examples (docs/breakdown-examples.md): what happens in English and in
    #: German, and the list file whose last deal it is.
    examples: tuple[Example, ...] = ()

    def keys_for(self, rules: RuleSet) -> frozenset[str]:
        """The keys a deal of this game may set under these rules."""
        return frozenset(k for k in self.keys if k not in self.gated or self.open(rules, k))

    def open(self, rules: RuleSet, key: str) -> bool:
        """Tell whether a gated key is open under these rules (any of its gates open)."""
        gates = self.gated[key]
        return any(gate.opens(rules) for gate in (gates if isinstance(gates, tuple) else (gates,)))


@dataclass(frozen=True)
class CommonRules:
    """A way many tables play a family, to start a list from: a name and the rules it sets."""

    #: What the table is known as (marked with N_).
    name: str
    #: The house rules it sets over the family's defaults, as the list file has them.
    rules: Mapping[str, Any]


@dataclass(frozen=True)
class Family:
    """A rule family: who sits, which games, which house rules, what is carried."""

    name: str
    #: For people: the family's name and one line on how it differs (marked with N_).
    label: str
    description: str
    #: How many players may sit at the table.
    seats: tuple[int, ...]
    #: Every game of the family, in the order the app offers them.
    games: Mapping[str, Game]
    #: The house rules, in the order of the list file and the form.
    options: tuple[Option, ...]
    #: At most this many play a deal: past them the dealer sits out, and then the players
    #: after the dealer, clockwise (None: everybody plays).
    most_active: int | None = None
    #: The rules across deals, applied in order after each game's own scoring,
    #: each with the house rules that switch it on (it is off while all of them
    #: are null; see ``RuleSet.carry_rules``).
    carry_rules: tuple[tuple[tuple[str, ...], CarryRule], ...] = ()
    #: How a list of this family can end, besides "open" and "deals".
    ends: tuple[str, ...] = ()
    #: The tally as the list file shows it, from the players and the final carry.
    tally: Callable[[tuple[str, ...], Carry], dict[str, Any] | None] = lambda players, carry: None
    #: How far the list is towards an end of ``ends``, from the final carry.
    measure: Callable[[str, tuple[str, ...], Carry], int] = lambda kind, players, carry: 0
    #: Whether scoring the next deal reads the carry under these rules (then the
    #: app must replay the list, or resume it from a carry it kept).
    reads_carry: Callable[[RuleSet], bool] = lambda rules: False
    #: Whether a deal of this game can be played under these rules, past ``games``
    #: (Sheepshead: of the no-pick games, only the list's ``no_pick``).
    playable: Callable[[RuleSet, str], bool] = lambda rules, game: True
    #: The family's own words for the roles of WORDS, where they differ.
    words: Mapping[str, str] = field(default_factory=lambda: _NO_WORDS)
    #: Common rules: starting points a new list can take with one tap.
    common_rules: tuple[CommonRules, ...] = ()
    #: The keys a deal of this family may carry beyond the shared ones (``scorer.engine.deals.KEYS``).
    keys: tuple[Key, ...] = ()
    #: The names in this family's breakdowns besides its games' and the common ones of
    #: ``scorer.engine.breakdown_words`` (terms, multipliers, roles, Stock moves, tally):
    #: the English (marked N_, the pages translate it) and the German (for the worked examples).
    terms: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    #: Names a count stands before, that take a plural: the English singular and plural
    #: (marked N_plural) and the German, each with the count as ``%(num)s``.
    counted: Mapping[str, tuple[tuple[str, str], tuple[str, str]]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    #: The worked examples of docs/breakdown-examples.md: its games' (``Game.examples``), then
    #: its own (``common.examples_of``); together they hold every name of its breakdowns.
    examples: tuple[Example, ...] = ()
    #: Tally entries that stay settled when the players change (completed heads).
    settled: frozenset[str] = frozenset()
    #: What the pages call the family's own tariffs that are neither games nor shared
    #: terms (schneider, schwarz, laufende), by tariff (marked with N_).
    tariff_labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def breakdown_words(self) -> dict[str, tuple[str, str]]:
        """The English and German of every name its breakdowns hold: its games', then its terms."""
        games = {g.name: (g.label, g.german or g.label) for g in self.games.values() if g.in_breakdown}
        for game in self.games.values():
            games.update(game.terms)
        return {**games, **self.terms}

    def word(self, role: str) -> str:
        """The family's word for a role (untranslated: the pages translate it)."""
        return self.words.get(role) or WORDS[role]

    def offered(self, rules: RuleSet) -> tuple[str, ...]:
        """The games a deal of a list under these rules may be, in the family's order."""
        return tuple(g for g in self.games if rules.allows(g) and self.playable(rules, g))

    def option(self, key: str) -> Option:
        """The house rule with this key."""
        return next(o for o in self.options if o.key == key)

    def game(self, name: str) -> Game:
        """The game of this name, refused when the family has none."""
        game = self.games.get(name)
        if game is None:
            raise ScoringError(
                "game", N_("%(game)s is not a game of %(family)s: one of %(games)s"),
                game=name, family=self.name, games=", ".join(self.games),
            )
        return game

    def active(self, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
        """Who plays a deal dealt by dealer."""
        out = len(players) - (self.most_active or len(players))
        if out <= 0:
            return players
        first = players.index(dealer)
        sitting = {players[(first + step) % len(players)] for step in range(out)}
        return tuple(who for who in players if who not in sitting)


@dataclass(frozen=True)
class RuleSet(SharedRules):
    """A list's own copy of its house rules, every default filled in.

    Read a rule as a typed attribute: the ones most families share here
    (``rules.tariffs``, ``rules.bock``: ``SharedRules``), a family's own
    through its house rules (``sheepshead_rules(rules).no_pick``).
    """

    family: Family
    #: Every option's value, by key, as the options parsed it: what they write back
    #: (``to_dict``) and what their gates read.
    values: Mapping[str, Any]

    @cached_property
    def house(self) -> HouseRules:
        """The same rules as the family's typed house rules, made from the values once."""
        return read_house_rules(HOUSE_RULES[self.family.name], self.values)

    def get(self, key: str, default: Any = None) -> Any:
        """An option's value by its key, for what the option specs drive (gates, the form).

        Code that means one rule reads its typed attribute instead.
        """
        return self.values.get(key, default)

    @property
    def family_name(self) -> str:
        """The family's name, as the list file's ``preset`` key names it."""
        return self.family.name

    @property
    def carry_rules(self) -> tuple[CarryRule, ...]:
        """The family's rules across deals that these house rules switch on, in order."""
        return tuple(
            rule for keys, rule in self.family.carry_rules
            if any(self.values.get(key) is not None for key in keys)
        )

    @property
    def plays_bock(self) -> bool:
        """Tell whether this list plays Bock rounds (every scored deal says its Bock multiplier)."""
        return self.bock is not None

    @property
    def plays_stock(self) -> bool:
        """Tell whether this list plays the Stock (every scored deal says the pot after it)."""
        return self.stock is not None

    @property
    def plus_only(self) -> bool:
        """Tell whether only what is won counts (tournament points): the totals do not sum to zero."""
        points = self.table_points
        return points is not None and points.plus_only

    @property
    def reads_carry(self) -> bool:
        """Tell whether scoring a deal reads what earlier deals carried over."""
        return self.family.reads_carry(self)

    def allows(self, game: str) -> bool:
        """Tell whether a deal of this game may be entered."""
        return game in self.house.games

    def to_dict(self) -> dict[str, Any]:
        """Write the rules as the list file's ``rules`` object, defaults filled in."""
        out: dict[str, Any] = {"preset": self.family.name}
        for option in self.family.options:
            out[option.key] = option.dump(self.values[option.key])
        return out
