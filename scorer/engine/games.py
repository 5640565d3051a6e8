"""What a deal is worth: one small function per kind of game, per family."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Literal

from scorer.engine.deals import NEUTRAL, Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.rules import (
    BAVARIAN, BAVARIAN3, GERMAN, SHEEPSHEAD3, TRUMPS, RuleSet,
)

#: Card points of the two cards a declarer may put away: two aces at most.
MOST_IN_BLIND = 22
#: Strokes that complete a sheep's head (german).
HEAD = 9
#: The lowest bid, and the step of higher bids (bavarian3).
LOWEST_BID = 61
BID_STEP = 5


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at the table for one deal, and who plays it."""

    #: Every player of the list, in seating order.
    players: tuple[str, ...]
    #: Who deals this deal.
    dealer: str
    #: The players who play this deal (with five, all but the dealer).
    active: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a deal pays each active player, and what it adds to the tally."""

    payouts: Mapping[str, int]
    tally: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


#: Scores a checked deal; the tally so far is there for per-head settling.
Score = Callable[[RuleSet, Table, Deal, Mapping[str, int]], Outcome]


@dataclass(frozen=True)
class GameKind:
    """A kind of game: the keys a deal of it takes, and how it scores."""

    score: Score
    #: Keys a deal of this game may set (besides game and dealer).
    keys: frozenset[str]
    #: Keys a deal of this game must set.
    required: tuple[str, ...] = ()
    #: Keys that need a house rule switched on, with the rule's name.
    gated: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @cached_property
    def foreign(self) -> frozenset[str]:
        """The keys this game does not take."""
        return frozenset(NEUTRAL) - self.keys - {"dealer"}


# -- checks shared by the kinds ------------------------------------------------


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
    """Every active player's card points in a ramsch or least, summing to 120."""
    points = deal.points
    if not isinstance(points, Mapping):
        raise ScoringError(
            "points", N_('a %(game)s needs each player\'s card points, like {"%(name)s": 30, ...}'),
            game=deal.game, name=table.active[0],
        )
    for who in points:
        seated(table, who, "points")
    missing = [who for who in table.active if who not in points]
    if missing:
        raise ScoringError("points", N_("%(names)s: points are missing"), names=", ".join(missing))
    total = sum(points.values())
    if total != 120:
        raise ScoringError("points", N_("add up to %(total)s, not the 120 in the pack"), total=total)
    return points


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


def laufende_units(rules: RuleSet, deal: Deal) -> int:
    """The Laufende term: counted from the game's threshold on."""
    most = TRUMPS[deal.game]
    if deal.laufende > most:
        raise ScoringError(
            "laufende", N_("a %(game)s has only %(most)s trumps, not %(count)s"),
            game=deal.game, most=most, count=deal.laufende,
        )
    if deal.laufende < rules.laufende_from[deal.game]:
        return 0
    return rules.tariffs["laufende"] * deal.laufende


def schneider(rules: RuleSet, deal: Deal, points: int, won: bool) -> bool:
    """Schneider goes with the result: won at 91, lost at the house threshold."""
    if deal.schwarz:
        return True
    return points >= 91 if won else points <= rules.schneider_loss_max


def check_modifiers(deal: Deal, table: Table) -> None:
    """Check contra/re, doubles, tout and sie against each other."""
    if deal.re and not deal.contra:
        raise ScoringError("re", N_("re answers a contra, and nobody said contra"))
    if deal.doubles > len(table.active):
        raise ScoringError(
            "doubles", N_("only %(most)s players can double, not %(count)s"),
            most=len(table.active), count=deal.doubles,
        )
    if deal.tout and deal.sie:
        raise ScoringError("sie", N_("a Sie is not announced tout as well"))


def declarer_won(deal: Deal, points: int, bid: int = LOWEST_BID) -> bool:
    """Tout and Sie win only schwarz with all 120; other games at the bid."""
    if deal.tout or deal.sie:
        return deal.schwarz and points == 120
    return points >= bid


def game_value(rules: RuleSet, deal: Deal, base: int, points: int, won: bool) -> int:
    """Add up a partner or solo game's value, before any doubling."""
    running = laufende_units(rules, deal) if deal.game in TRUMPS else 0
    if deal.sie:
        return (base + running) * 4
    if deal.tout:
        return (base + running) * 2
    value = base + running
    if schneider(rules, deal, points, won):
        value += rules.tariffs["schneider"]
    if deal.schwarz:
        value += rules.tariffs["schwarz"]
    return value


def against_all(table: Table, declarer: str, value: int) -> dict[str, int]:
    """A solo's payouts: each opponent pays the declarer the value (or is paid)."""
    payouts = {who: -value for who in table.active}
    payouts[declarer] = value * (len(table.active) - 1)
    return payouts


def side_against_side(table: Table, side: set[str], value: int) -> dict[str, int]:
    """A partner game's payouts: each winner +value, each loser -value."""
    return {who: value if who in side else -value for who in table.active}


def nothing(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """A hand thrown in: nobody pays."""
    return Outcome({who: 0 for who in table.active})


# -- bavarian --------------------------------------------------------------------


def sauspiel(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """Partner game: declarer and called-ace holder against the other two."""
    assert deal.declarer is not None and deal.partner is not None
    declarer = seated(table, deal.declarer, "declarer")
    partner = seated(table, deal.partner, "partner")
    if partner == declarer:
        raise ScoringError(
            "partner", N_("%(name)s is the declarer; the partner holds the called ace"),
            name=partner,
        )
    check_modifiers(deal, table)
    points = side_points(deal, widow=False)
    won = declarer_won(deal, points)
    value = game_value(rules, deal, rules.tariffs[deal.game], points, won)
    value <<= deal.contra + deal.re + deal.doubles
    return Outcome(side_against_side(table, {declarer, partner}, value if won else -value))


def bavarian_solo(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """Wenz, Solo, Geier, Farbwenz: the declarer against the other three."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    check_modifiers(deal, table)
    points = side_points(deal, widow=False)
    won = declarer_won(deal, points)
    value = game_value(rules, deal, rules.tariffs[deal.game], points, won)
    value <<= deal.contra + deal.re + deal.doubles
    return Outcome(against_all(table, declarer, value if won else -value))


def ramsch(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """All passed: the most points pays; virgins double; a Durchmarsch wins."""
    check_modifiers(deal, table)
    points = player_points(deal, table)
    doubling = 1 << deal.doubles
    if rules.durchmarsch is not None:
        for who in table.active:
            if points[who] >= rules.durchmarsch:
                if deal.loser is not None:
                    raise ScoringError(
                        "loser", N_("%(name)s made a Durchmarsch: nobody else loses alone"),
                        name=who,
                    )
                return Outcome(against_all(table, who, rules.tariffs["solo"] * doubling))
    most = max(points.values())
    loser = the_one(deal.loser, [w for w in table.active if points[w] == most], table, "loser", "most")
    virgins = sum(1 for who in table.active if points[who] == 0)
    payouts: dict[str, int] = {}
    for who in table.active:
        if who == loser:
            continue
        share = rules.tariffs["ramsch"] * doubling
        if rules.virgin == "all":
            share <<= virgins
        elif points[who] == 0:
            share *= 2
        payouts[who] = share
    payouts[loser] = -sum(payouts.values())
    return Outcome(payouts)


# -- bavarian3 ---------------------------------------------------------------------


def bid_solo(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """Bavarian for three: the bid winner against two; hand and tout double."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    check_modifiers(deal, table)
    bid = LOWEST_BID if deal.bid is None else deal.bid
    if not (bid == LOWEST_BID or (bid % BID_STEP == 0 and LOWEST_BID < bid <= 120)):
        raise ScoringError(
            "bid", N_("%(bid)s is not a bid: %(lowest)s, or 65 to 120 in steps of %(step)s"),
            bid=bid, lowest=LOWEST_BID, step=BID_STEP,
        )
    points = side_points(deal, widow=True)
    won = declarer_won(deal, points, bid)
    value = game_value(rules, deal, rules.tariffs[deal.game], points, won)
    value <<= deal.hand + deal.contra + deal.re
    return Outcome(against_all(table, declarer, value if won else -value))


# -- sheepshead3 ---------------------------------------------------------------------


def pick(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """The picker against two: 2, 4 or 6 victory points each way."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    points = side_points(deal, widow=True)
    won = points >= LOWEST_BID
    victory = rules.tariffs["game"]
    if schneider(rules, deal, points, won):
        victory += rules.tariffs["schneider"]
    if deal.schwarz:
        victory += rules.tariffs["schwarz"]
    if not won:
        victory = -victory
    return Outcome(against_all(table, declarer, victory), {declarer: victory})


def least(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """All passed: the fewest card points wins; all 120 in one hand loses."""
    points = player_points(deal, table)
    for who in table.active:
        if points[who] == 120:
            if deal.winner is not None:
                raise ScoringError(
                    "winner", N_("%(name)s took all 120: nobody wins this least"), name=who
                )
            loss = rules.tariffs["least_all"]
            return Outcome(against_all(table, who, -loss), {who: -loss})
    fewest = min(points.values())
    tied = [who for who in table.active if points[who] == fewest]
    if len(tied) == len(table.active):
        if deal.winner is not None and deal.winner != table.dealer:
            raise ScoringError(
                "winner", N_("all on %(points)s: the dealer, %(dealer)s, wins"),
                points=fewest, dealer=table.dealer,
            )
        winner = table.dealer
    else:
        winner = the_one(deal.winner, tied, table, "winner", "fewest")
    victory = rules.tariffs["least"] + (rules.tariffs["least_zero"] if fewest == 0 else 0)
    return Outcome(against_all(table, winner, victory), {winner: victory})


# -- german -------------------------------------------------------------------------


def teams(players: tuple[str, ...]) -> tuple[tuple[str, str], tuple[str, str]]:
    """The fixed partnerships: players 1 and 3 against 2 and 4."""
    return (players[0], players[2]), (players[1], players[3])


def game_points(rules: RuleSet, deal: Deal, points: int, won: bool) -> int:
    """Game points to the winner: 1/2 declaring, 2/4 defending, 9 schwarz."""
    if deal.schwarz:
        return 9
    single = 1 if won or deal.forced else 2
    return single * 2 if schneider(rules, deal, points, won) else single


def normal(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """Team against team; the winners' game points are strokes on their head."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    pair = teams(table.players)
    ours = 0 if declarer in pair[0] else 1
    mate = next(who for who in pair[ours] if who != declarer)
    if deal.partner is not None and deal.partner != mate:
        raise ScoringError(
            "partner", N_("partners are fixed: %(declarer)s plays with %(mate)s"),
            declarer=declarer, mate=mate,
        )
    points = side_points(deal, widow=False)
    won = points >= LOWEST_BID
    gained = game_points(rules, deal, points, won)
    winners = ours if won else 1 - ours
    label = f"team{winners + 1}"
    if rules.settle_per_head:
        before = tally.get(label, 0)
        heads = (before + gained) // HEAD - before // HEAD
        value = heads * rules.tariffs["head"]
    else:
        value = gained * rules.tariffs["game_point"]
    payouts = side_against_side(table, set(pair[winners]), value)
    return Outcome(payouts, {label: gained})


def german_solo(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """The declarer alone against three, game points paid three times; no strokes."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    points = side_points(deal, widow=False)
    won = points >= LOWEST_BID
    value = game_points(rules, deal, points, won) * rules.tariffs["game_point"]
    return Outcome(against_all(table, declarer, value if won else -value))


# -- the families as data --------------------------------------------------------------

_INFO = frozenset({"called_ace", "suit"})
_DECLARED = frozenset({"declarer", "points", "schwarz"}) | _INFO
_DOUBLED = frozenset({"laufende", "contra", "re", "doubles"})
_NEEDS_DECLARER = ("declarer", "points")
_PASSED = GameKind(nothing, frozenset({"doubles"}))


def _kinds(**kinds: GameKind) -> Mapping[str, GameKind]:
    return MappingProxyType(kinds)


_BAVARIAN_SOLO = GameKind(
    bavarian_solo, _DECLARED | _DOUBLED | {"tout", "sie"}, _NEEDS_DECLARER
)
_BID_SOLO = GameKind(
    bid_solo,
    _DECLARED | {"bid", "hand", "tout", "contra", "re", "laufende"},
    _NEEDS_DECLARER,
    MappingProxyType({"contra": "contra", "re": "contra", "laufende": "laufende"}),
)

KINDS: Mapping[str, Mapping[str, GameKind]] = MappingProxyType(
    {
        BAVARIAN: _kinds(
            sauspiel=GameKind(sauspiel, _DECLARED | _DOUBLED | {"partner"}, (*_NEEDS_DECLARER, "partner")),
            wenz=_BAVARIAN_SOLO,
            solo=_BAVARIAN_SOLO,
            geier=_BAVARIAN_SOLO,
            farbwenz=_BAVARIAN_SOLO,
            ramsch=GameKind(ramsch, frozenset({"points", "doubles", "loser"}), ("points",)),
            passed=_PASSED,
        ),
        BAVARIAN3: _kinds(
            geier=_BID_SOLO, wenz=_BID_SOLO, solo=_BID_SOLO,
            passed=GameKind(nothing, frozenset()),
        ),
        SHEEPSHEAD3: _kinds(
            pick=GameKind(pick, _DECLARED, _NEEDS_DECLARER),
            least=GameKind(least, frozenset({"points", "winner"}), ("points",)),
            passed=GameKind(nothing, frozenset()),
        ),
        GERMAN: _kinds(
            normal=GameKind(normal, _DECLARED | {"partner", "forced"}, _NEEDS_DECLARER),
            solo=GameKind(german_solo, _DECLARED, _NEEDS_DECLARER),
            passed=GameKind(nothing, frozenset()),
        ),
    }
)

_NEEDED = MappingProxyType(
    {
        "declarer": N_("is missing: who played it?"),
        "points": N_("is missing: the card points are needed"),
        "partner": N_("is missing: who held the called ace?"),
    }
)


def score_deal(rules: RuleSet, table: Table, deal: Deal, tally: Mapping[str, int]) -> Outcome:
    """Check a deal against the list's rules and the table, and score it."""
    family = KINDS[rules.preset]
    kind = family.get(deal.game)
    if kind is None:
        raise ScoringError(
            "game", N_("%(game)s is not a game of %(preset)s: one of %(games)s"),
            game=deal.game, preset=rules.preset, games=", ".join(family),
        )
    if not rules.allows(deal.game):
        raise ScoringError("game", N_("this list's rules do not allow %(game)s"), game=deal.game)
    for key in kind.required:
        if getattr(deal, key) is None:
            raise ScoringError(key, _NEEDED[key])
    if deal.given & kind.foreign:
        key = next(k for k in NEUTRAL if k in deal.given and k in kind.foreign)
        raise ScoringError(key, N_("a %(game)s has no %(name)s"), game=deal.game, name=key)
    for key, rule in kind.gated.items():
        if key in deal.given and not getattr(rules, rule):
            raise ScoringError(
                key, N_("this list does not play %(name)s (house rule %(rule)s is off)"),
                name=key, rule=rule,
            )
    return kind.score(rules, table, deal, tally)
