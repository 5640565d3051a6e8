"""What every family is made of: games, options, the table, and the carry between deals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from scorer.engine.breakdown import Breakdown, everybody
from scorer.engine.deals import NEUTRAL, Deal
from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.options import Option

if TYPE_CHECKING:
    from scorer.engine.rules import RuleSet

#: Card points of the two cards a declarer may put away: two aces at most.
MOST_IN_BLIND = 22
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
        # The yes/no modifiers a family names its own way.
        "schwarz": N_("Schwarz"),
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
    bock: tuple[int, ...] = ()
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
    bock: int = 1
    #: The declaring side won (None: no declaring side, as in Ramsch).
    won: bool | None = None
    #: The declaring side, declarer first.
    side: tuple[str, ...] = ()
    #: What happened that a rule across deals may answer: passed, sixty, re,
    #: schwarz, durchmarsch.
    events: frozenset[str] = frozenset()


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


@dataclass(frozen=True)
class Game:
    """One game of a family: the keys a deal of it takes, and how it scores."""

    name: str
    score: Score
    #: Keys a deal of this game may set (besides game and dealer).
    keys: frozenset[str]
    #: Keys a deal of this game must set, with what to say when one is missing.
    required: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: Keys that need a house rule set, with the rule.
    gated: Mapping[str, Gate] = field(default_factory=lambda: MappingProxyType({}))
    #: What kind of game: partner, solo, all (everybody alone), none (nothing played).
    kind: Literal["partner", "solo", "all", "none"] = "solo"
    #: The tariff the game's base comes from, if any.
    tariff: str | None = None
    #: The most Laufende the game can have (its trumps), or 0 when it counts none.
    trumps: int = 0
    #: How the partner is named: called (the holder of the called ace), took
    #: (who took the declarer's trump), optional (none: alone), fixed (by the
    #: seating; may be named), or None (no partner).
    partner: Literal["called", "took", "optional", "fixed"] | None = None
    #: What ``points`` are: the declaring side's, every player's, or none.
    points: Literal["side", "players"] | None = "side"
    #: The game's name for people, and a short one for narrow columns. The
    #: Bavarian names stay German in every language; others are marked N_.
    label: str = ""
    short: str = ""

    @property
    def foreign(self) -> frozenset[str]:
        """The keys this game does not take."""
        return frozenset(NEUTRAL) - self.keys - {"dealer"}

    def keys_for(self, rules: RuleSet) -> frozenset[str]:
        """The keys a deal of this game may set under these rules."""
        return frozenset(k for k in self.keys if k not in self.gated or self.open(rules, k))

    def open(self, rules: RuleSet, key: str) -> bool:
        """Tell whether a gated key is open under these rules."""
        gate = self.gated[key]
        if gate.value is SET:
            return rules[gate.rule] is not None
        return bool(rules[gate.rule] == gate.value)


@dataclass(frozen=True)
class CommonTable:
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
    #: With this many at the table, the dealer sits each deal out.
    dealer_sits_out: int | None = None
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
    #: Common tables: starting points a new list can take with one tap.
    tables: tuple[CommonTable, ...] = ()

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
                "game", N_("%(game)s is not a game of %(preset)s: one of %(games)s"),
                game=name, preset=self.name, games=", ".join(self.games),
            )
        return game

    def active(self, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
        """Who plays a deal dealt by dealer."""
        if len(players) == self.dealer_sits_out:
            return tuple(who for who in players if who != dealer)
        return players


# -- checks shared by the families -------------------------------------------------------


def check(rules: RuleSet, game: Game, deal: Deal) -> None:
    """Check a deal's keys against its game and the list's house rules."""
    if not rules.allows(game.name):
        raise ScoringError("game", N_("this list's rules do not allow %(game)s"), game=game.name)
    for key, message in game.required.items():
        if getattr(deal, key) is None:
            raise ScoringError(key, message)
    if deal.given & game.foreign:
        key = next(k for k in NEUTRAL if k in deal.given and k in game.foreign)
        raise ScoringError(key, N_("a %(game)s has no %(name)s"), game=game.name, name=key)
    for key, gate in game.gated.items():
        if key in deal.given and not game.open(rules, key):
            if gate.value is True or gate.value is SET:
                raise ScoringError(
                    key, N_("this list does not play %(name)s (house rule %(rule)s is off)"),
                    name=key, rule=gate.rule,
                )
            raise ScoringError(
                key, N_("this list does not use %(name)s (house rule %(rule)s is %(value)s)"),
                name=key, rule=gate.rule, value=shown(rules[gate.rule]),
            )


def seated(table: Table, who: str, key: str) -> str:
    """Check that a named player plays this deal."""
    if who not in table.players:
        raise ScoringError(key, N_("%(name)s is not a player of this list"), name=who)
    if who not in table.active:
        raise ScoringError(key, N_("%(name)s deals and sits out this deal"), name=who)
    return who


def side_points(deal: Deal, *, widow: bool) -> int:
    """The declaring side's card points, checked against the schwarz flag."""
    points = deal.points
    if not isinstance(points, int):
        raise ScoringError(
            "points", N_("a %(game)s counts the declaring side's card points: one number"),
            game=deal.game,
        )
    if deal.schwarz:
        if widow and not (points == 120 or points <= MOST_IN_BLIND):
            raise ScoringError(
                "schwarz",
                N_(
                    "with %(points)s points nobody was schwarz: the declarer takes every "
                    "trick (120) or none (at most the %(blind)s put away)"
                ),
                points=points, blind=MOST_IN_BLIND,
            )
        if not widow and points not in (0, 120):
            raise ScoringError(
                "schwarz",
                N_(
                    "with %(points)s points nobody was schwarz: a side that took no trick "
                    "has 0 and the other all 120"
                ),
                points=points,
            )
    return points


def player_points(deal: Deal, table: Table) -> Mapping[str, int]:
    """Every active player's card points in a Ramsch, least or leaster, summing to 120."""
    points = deal.points
    if not isinstance(points, Mapping):
        raise ScoringError(
            "points", N_('a %(game)s needs each player\'s card points, like {"%(name)s": 30, ...}'),
            game=deal.game, name=table.active[0],
        )
    for who in points:
        if who not in table.active:
            seated(table, who, "points")  # refuses who is not a player, or sits out
    missing = [who for who in table.active if who not in points]
    if missing:
        raise ScoringError("points", N_("%(names)s: points are missing"), names=", ".join(missing))
    total = sum(points.values())
    if total != 120:
        raise ScoringError("points", N_("add up to %(total)s, not the 120 in the pack"), total=total)
    return points


def no_trick(deal: Deal, table: Table, points: Mapping[str, int]) -> frozenset[str]:
    """The players named as taking no trick; each must play and have 0 points."""
    for who in deal.no_trick:
        seated(table, who, "no_trick")
        if points[who]:
            raise ScoringError(
                "no_trick", N_("%(name)s has %(points)s points, so took a trick"),
                name=who, points=points[who],
            )
    return frozenset(deal.no_trick)


#: What :func:`the_one` says of a tie for the most or the fewest points: the
#: player named is not in it, and nobody is named.
_TIE: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "most": (
            N_("%(name)s does not have the most points"),
            N_("is missing: %(names)s and %(last)s tie for the most points; name one"),
        ),
        "fewest": (
            N_("%(name)s does not have the fewest points"),
            N_("is missing: %(names)s and %(last)s tie for the fewest points; name one"),
        ),
    }
)


def the_one(
    given: str | None, candidates: list[str], table: Table, key: str,
    what: Literal["most", "fewest"],
) -> str:
    """Pick the loser or winner of a tie: named when tied, else the only one."""
    not_tied, tied = _TIE[what]
    if given is not None:
        seated(table, given, key)
        if given not in candidates:
            raise ScoringError(key, not_tied, name=given)
        return given
    if len(candidates) > 1:
        raise ScoringError(
            key, tied, names=", ".join(candidates[:-1]), last=candidates[-1]
        )
    return candidates[0]


#: What :func:`partner_of` says when the partner named is the declarer, by how the partner is named.
_SELF_PARTNER: Mapping[str | None, str] = MappingProxyType(
    {
        "called": N_("%(name)s is the declarer; the partner holds the called ace"),
        "took": N_("%(name)s is the declarer; the partner took the trump"),
    }
)


def partner_of(table: Table, deal: Deal, declarer: str, game: Game) -> str:
    """The named partner: a player of this deal other than the declarer."""
    assert deal.partner is not None
    partner = seated(table, deal.partner, "partner")
    if partner == declarer:
        message = _SELF_PARTNER.get(
            game.partner, N_("%(name)s is the declarer and cannot be the partner too")
        )
        raise ScoringError("partner", message, name=partner)
    return partner


def schneider(rules: RuleSet, deal: Deal, points: int, won: bool) -> bool:
    """Schneider goes with the result: won at 91, lost at the house threshold."""
    if deal.schwarz:
        return True
    return points >= 91 if won else points <= rules.schneider_loss_max


def laufende_units(rules: RuleSet, game: Game, deal: Deal) -> int:
    """The Laufende term: counted from the game's threshold on, at most its trumps."""
    if deal.laufende > game.trumps:
        raise ScoringError(
            "laufende", N_("a %(game)s has only %(most)s trumps, not %(count)s"),
            game=deal.game, most=game.trumps, count=deal.laufende,
        )
    if deal.laufende < rules.laufende_from.get(game.name, 1):
        return 0
    return rules.tariffs["laufende"] * deal.laufende


def against_all(table: Table, declarer: str, value: int) -> dict[str, int]:
    """A solo's payouts: each opponent pays the declarer the value (or is paid)."""
    active = table.active
    payouts = dict.fromkeys(active, -value)
    payouts[declarer] = value * (len(active) - 1)
    return payouts


def side_against_side(table: Table, side: set[str], value: int) -> dict[str, int]:
    """A partner game's payouts: each winner +value, each loser -value."""
    return {who: value if who in side else -value for who in table.active}


def nothing(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """A hand thrown in: nobody pays."""
    active = table.active
    return Outcome(
        dict.fromkeys(active, 0), carry, events=_PASSED,
        breakdown=Breakdown((), (), 0, everybody(active)),
    )


_PASSED = frozenset({"passed"})


def added_tally(carry: Carry, gained: Mapping[str, int]) -> Carry:
    """The carry with points added to the tally."""
    tally = dict(carry.tally)
    for key, amount in gained.items():
        tally[key] = tally.get(key, 0) + amount
    return replace(carry, tally=MappingProxyType(tally))
