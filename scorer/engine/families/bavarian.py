"""Bavarian Schafkopf for four (or five, the dealer sitting out): the seed games,
the house games, Ramsch as the club tariff, Bock rounds and the Stock."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from scorer.engine.breakdown import (
    Breakdown, CONTRA, StockMove, OUVERT, RE, SIE, TOUT, Multiplier, Share, Term, breakdown_of, doublings,
    one_against_rest, share, side_against_rest, stock_move, term, terms_of,
)
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import (
    LOWEST_BID, SET, Carry, CommonTable, Family, Game, Gate, Outcome, Table, against_all, laufende_units,
    no_trick, nothing, outcome_of, partner_of, player_points, seated, side_against_side,
    side_points, the_one,
)
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, games_option, needs, point_value_option, schneider_option,
    tariffs_option,
)
from scorer.engine.options import Choice, Choices, Durchmarsch, Flag, Group, LaufendeFrom, Number
from scorer.engine.quick import plain

if TYPE_CHECKING:
    from scorer.engine.rules import RuleSet

NAME = "bavarian"

#: What may start a Bock round, besides a round called by hand.
BOCK_EVENTS = ("passed", "sixty", "re", "schwarz", "durchmarsch")

#: The Sauspiel tariff stands in for the Stock's payment when none is set.
_SAUSPIEL = "sauspiel"

_new = object.__new__
_set = object.__setattr__
_NO_EVENTS: frozenset[str] = frozenset()


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


def game_value(
    rules: RuleSet, game: Game, deal: Deal, points: int, won: bool
) -> tuple[tuple[Term, ...], tuple[Multiplier, ...], int]:
    """Add up a partner or solo game's value: its terms, its multipliers and the value.

    A Tout (x2) or a Sie (x4) counts no schneider or schwarz: its multiplier
    stands for them. Contra, re and the doubles double last.
    """
    return _valued(*_value_key(rules, game, deal, points, won))


#: What a game's value is made of: the arguments of :func:`_valued`.
_ValueKey = tuple[str, int, int | None, int | None, int, int, Multiplier | None, bool, bool, int]


def _value_key(rules: RuleSet, game: Game, deal: Deal, points: int, won: bool) -> _ValueKey:
    # Runs for most deals: no Laufende count nothing (laufende_units would say 0);
    # schneider() written out.
    laufende = deal.laufende
    running = laufende_units(rules, game, deal) if laufende and game.trumps else 0
    tariffs: Mapping[str, int] = rules.tariffs
    name = game.tariff or game.name
    sie, tout, schwarz = deal.sie, deal.tout, deal.schwarz
    counted = not (sie or tout) and (
        schwarz or (points >= 91 if won else points <= rules.schneider_loss_max)
    )
    return (
        name, tariffs[name],
        tariffs["schneider"] if counted else None,
        tariffs["schwarz"] if counted and schwarz else None,
        running, laufende, SIE if sie else TOUT if tout else None,
        deal.contra, deal.re, deal.doubles,
    )


@lru_cache(maxsize=4096)
def _valued(
    name: str, base: int, schneider: int | None, schwarz: int | None, running: int, laufende: int,
    tout_or_sie: Multiplier | None, contra: bool, re: bool, doubles: int,
) -> tuple[tuple[Term, ...], tuple[Multiplier, ...], int]:
    # Kept once for each way a game can add up: the deals of a list share
    # their terms and multipliers instead of building them again.
    value = base
    terms: tuple[Term, ...] = (term(name, base),)
    if schneider is not None:
        value += schneider
        terms += (term("schneider", schneider),)
    if schwarz is not None:
        value += schwarz
        terms += (term("schwarz", schwarz),)
    if running:
        value += running
        terms += (term("laufende", running, laufende),)
    said = _announced(False, contra, re, doubles)
    if tout_or_sie is None:
        return terms, said, value << (contra + re + doubles)
    return terms, (tout_or_sie, *said), value * tout_or_sie.factor << (contra + re + doubles)


@lru_cache(maxsize=4096)
def _partner_scored(
    valued: _ValueKey, declarer: str, partner: str, active: tuple[str, ...], sign: int
) -> tuple[Breakdown, dict[str, int], tuple[str, str]]:
    # A partner game's breakdown, payouts and side, kept once for each way it adds up
    # and each side: one look-up instead of _valued, side_against_rest, breakdown_of and
    # side_against_side. The payouts are a pattern: each deal takes a copy.
    terms, multipliers, value = _valued(*valued)
    payouts = dict.fromkeys(active, -value * sign)
    payouts[declarer] = payouts[partner] = value * sign
    return (
        breakdown_of(terms, multipliers, value, side_against_rest(declarer, partner, active, sign)),
        payouts, (declarer, partner),
    )


@lru_cache(maxsize=4096)
def _solo_scored(
    valued: _ValueKey, declarer: str, active: tuple[str, ...], sign: int
) -> tuple[Breakdown, dict[str, int], tuple[str]]:
    # The same for a solo game: one look-up instead of _valued, one_against_rest,
    # breakdown_of and against_all.
    terms, multipliers, value = _valued(*valued)
    payouts = dict.fromkeys(active, -value * sign)
    payouts[declarer] = value * sign * (len(active) - 1)
    return (
        breakdown_of(terms, multipliers, value, one_against_rest("declarer", declarer, active, sign)),
        payouts, (declarer,),
    )


def announced(deal: Deal, *, ouvert: bool = False) -> tuple[Multiplier, ...]:
    """Contra, re and the doubles (knocks), each doubling the value; a Bettel's ouvert first."""
    return _announced(ouvert, deal.contra, deal.re, deal.doubles)


@lru_cache(maxsize=256)
def _announced(ouvert: bool, contra: bool, re: bool, doubles: int) -> tuple[Multiplier, ...]:
    said = ((OUVERT,) if ouvert else ()) + ((CONTRA, RE) if re else (CONTRA,) if contra else ())
    return (*said, doublings("doubles", doubles)) if doubles else said


def events(deal: Deal, points: int) -> frozenset[str]:
    """What a partner or solo game did that may start a Bock round."""
    return _EVENTS[points == 60, bool(deal.re), bool(deal.schwarz)]


#: The events of a partner or solo game by (sixty, re, schwarz), each set made once.
_EVENTS: Mapping[tuple[bool, bool, bool], frozenset[str]] = MappingProxyType({
    (sixty, re, schwarz): frozenset(
        name for name, on in (("sixty", sixty), ("re", re), ("schwarz", schwarz)) if on
    )
    for sixty in (False, True) for re in (False, True) for schwarz in (False, True)
})


def _check_sie(rules: RuleSet, deal: Deal) -> None:
    # The first edition took a Sie in any solo game and let it be lost.
    if deal.sie and rules["edition"] >= 2 and not (
        deal.laufende >= 8 and deal.points == 120 and deal.schwarz
    ):
        raise ScoringError(
            "sie",
            N_(
                "a Sie holds all eight Obers and Unters and takes every trick: it needs "
                "laufende 8 or more, 120 points and schwarz"
            ),
        )


def partner_game(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Sauspiel and Hochzeit: declarer and partner against the other two."""
    # Most deals of a list are partner games: the checks below call the
    # checking functions (which raise) only when a deal fails the quick test;
    # declarer_won and outcome_of are written out.
    declarer, partner = deal.declarer, deal.partner
    assert declarer is not None and partner is not None
    active = table.active
    game = _GAMES[deal.game]
    if declarer not in active:
        seated(table, declarer, "declarer")
    if partner not in active or partner == declarer:
        partner_of(table, deal, declarer, game)
    if deal.called_ace == "hearts" and deal.game == "sauspiel" and rules["edition"] >= 2:
        raise ScoringError("called_ace", N_("the ace of hearts cannot be called"))
    re, schwarz = deal.re, deal.schwarz
    if re or deal.doubles or deal.sie:
        check_modifiers(deal, table)
    points = deal.points
    if not isinstance(points, int) or schwarz:
        points = side_points(deal, widow=False)
    won = schwarz and points == 120 if deal.tout or deal.sie else points >= LOWEST_BID
    breakdown, payouts, side = _partner_scored(
        _value_key(rules, game, deal, points, won), declarer, partner, active, 1 if won else -1
    )
    made = _new(Outcome)
    _set(made, "__dict__", {
        "payouts": payouts.copy(), "breakdown": breakdown, "carry": carry, "bock": 1,
        "won": won, "side": side,
        "events": _EVENTS[points == 60, re, schwarz] if re or schwarz or points == 60 else _NO_EVENTS,
    })
    return made


def solo_game(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Wenz, Solo, Geier, Farbwenz, Farbgeier: the declarer against the other three."""
    # The quick tests of partner_game: the checks run only for a deal that may fail them.
    declarer = deal.declarer
    assert declarer is not None
    active = table.active
    game = _GAMES[deal.game]
    if declarer not in active:
        seated(table, declarer, "declarer")
    re, schwarz = deal.re, deal.schwarz
    if re or deal.doubles or deal.sie:
        check_modifiers(deal, table)
        _check_sie(rules, deal)
    points = deal.points
    if not isinstance(points, int) or schwarz:
        points = side_points(deal, widow=False)
    won = schwarz and points == 120 if deal.tout or deal.sie else points >= LOWEST_BID
    breakdown, payouts, side = _solo_scored(
        _value_key(rules, game, deal, points, won), declarer, active, 1 if won else -1
    )
    made = _new(Outcome)
    _set(made, "__dict__", {
        "payouts": payouts.copy(), "breakdown": breakdown, "carry": carry, "bock": 1,
        "won": won, "side": side,
        "events": _EVENTS[points == 60, re, schwarz] if re or schwarz or points == 60 else _NO_EVENTS,
    })
    return made


def bettel(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Bettel: the declarer must take no trick; open cards (ouvert) double."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    check_modifiers(deal, table)
    won = bool(deal.won)
    value = rules.tariffs["bettel"]
    terms = terms_of(("bettel", value))
    multipliers = announced(deal, ouvert=deal.ouvert)
    value <<= deal.ouvert + deal.contra + deal.re + deal.doubles
    sign = 1 if won else -1
    return outcome_of(
        against_all(table, declarer, value * sign), carry,
        won=won, side=(declarer,), events=frozenset({"re"} if deal.re else ()),
        breakdown=breakdown_of(
            terms, multipliers, value, one_against_rest("declarer", declarer, table.active, sign)
        ),
    )


def ramsch(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """All passed: the most points pays; virgins double; a Durchmarsch wins."""
    if deal.re or deal.doubles or deal.sie:  # the quick test of partner_game
        check_modifiers(deal, table)
    active = table.active
    points = deal.points
    # The quick test of player_points: every active player's points, no one else's, 120 in all.
    if (
        type(points) is not MappingProxyType or len(points) != len(active)
        or not all(map(points.__contains__, active)) or sum(points.values()) != 120
    ):
        points = player_points(deal, table)
    values = rules.values
    if values["virgin_by"] == "tricks":
        virgins = no_trick(deal, table, points)
    elif 0 in points.values():
        virgins = frozenset(who for who in active if points[who] == 0)
    else:
        virgins = _NO_ONE
    doubling = 1 << deal.doubles
    most = max(points.values())
    threshold = values["durchmarsch"]
    if threshold is not None and most >= threshold:
        for who in active:
            if points[who] >= threshold:
                if deal.loser is not None:
                    raise ScoringError(
                        "loser", N_("%(name)s made a Durchmarsch: nobody else loses alone"),
                        name=who,
                    )
                value = rules.tariffs["solo"]
                terms = terms_of(("durchmarsch", value))
                if values["durchmarsch_value"] == "schwarz":
                    value += rules.tariffs["schneider"] + rules.tariffs["schwarz"]
                    terms = terms_of(
                        ("durchmarsch", rules.tariffs["solo"]),
                        ("schneider", rules.tariffs["schneider"]),
                        ("schwarz", rules.tariffs["schwarz"]),
                    )
                value *= doubling
                return outcome_of(
                    against_all(table, who, value), carry,
                    events=frozenset({"durchmarsch"}),
                    breakdown=breakdown_of(
                        terms, announced(deal), value, one_against_rest("winner", who, active, 1)
                    ),
                )
    tied = [w for w in active if points[w] == most]
    if deal.loser is None and len(tied) == 1:
        loser = tied[0]  # the_one's answer, with nothing to check
    else:
        loser = the_one(deal.loser, tied, table, "loser", "most")
    breakdown, payouts = _ramsch_scored(
        rules.tariffs["ramsch"], deal.doubles, values["virgin"] == "all", active, loser, virgins
    )
    # outcome_of, written out.
    made = _new(Outcome)
    _set(made, "__dict__", {
        "payouts": payouts.copy(), "breakdown": breakdown, "carry": carry, "bock": 1,
        "won": None, "side": (), "events": _NO_EVENTS,
    })
    return made


_NO_ONE: frozenset[str] = frozenset()


@lru_cache(maxsize=4096)
def _ramsch_scored(
    tariff: int, doubles: int, every_virgin: bool, active: tuple[str, ...], loser: str,
    virgins: frozenset[str],
) -> tuple[Breakdown, dict[str, int]]:
    """A Ramsch's breakdown and payouts, kept once for each way it is lost: each deal copies them."""
    value = tariff << doubles
    if every_virgin:
        value <<= len(virgins)
    payouts: dict[str, int] = {}
    for who in active:
        if who == loser:
            continue
        payouts[who] = value * 2 if who in virgins and not every_virgin else value
    payouts[loser] = -sum(payouts.values())
    terms, multipliers = _ramsch_terms(tariff, doubles, len(virgins) if every_virgin else 0)
    shares = _ramsch_shares(active, loser, virgins, 1 if every_virgin else 2)
    return breakdown_of(terms, multipliers, value, shares), payouts


@lru_cache(maxsize=256)
def _ramsch_terms(
    tariff: int, doubles: int, every_virgin: int
) -> tuple[tuple[Term, ...], tuple[Multiplier, ...]]:
    """A Ramsch's term, and its knocks and virgins (each doubling everything) as multipliers."""
    multipliers: tuple[Multiplier, ...] = (doublings("doubles", doubles),) if doubles else ()
    if every_virgin:
        multipliers += (doublings("virgins", every_virgin),)
    return (term("ramsch", tariff),), multipliers


@lru_cache(maxsize=4096)
def _ramsch_shares(
    active: tuple[str, ...], loser: str, virgins: frozenset[str], virgin_times: int
) -> tuple[Share, ...]:
    """The loser pays every other player a share; a virgin's share is ``virgin_times`` shares."""
    winners = tuple(who for who in active if who != loser and who not in virgins)
    own = tuple(who for who in active if who != loser and who in virgins)
    return (
        *((share("winner", winners, 1),) if winners else ()),
        *((share("virgin", own, virgin_times),) if own else ()),
        share("loser", (loser,), -(len(winners) + virgin_times * len(own))),
    )


# -- across deals -----------------------------------------------------------------------


def bock_and_stock(
    rules: RuleSet, table: Table, deal: Deal, game: Game, outcome: Outcome, before: Carry
) -> Outcome:
    """Bock and the Stock: a deal under a running Bock round pays double, events start
    new rounds; a hand thrown in pays into the pot, the next won game takes it.

    One rule for both (each is off while its house rule is null): most deals
    change neither, and a deal that changes both gets its outcome made once.
    Bock doubles the game's payouts, never what goes into or out of the Stock.
    """
    values = rules.values
    bock, stock = values["bock"], values["stock"]
    # The quick tests of _bock_rounds and _stock_move, written out: most deals
    # neither run nor start a Bock round, and neither pay into the pot nor find one.
    rounds = move = None
    if bock is not None:
        events = outcome.events
        if before.bock or deal.bock or events and not events.isdisjoint(bock["after"]):
            rounds = _bock_rounds(bock, table, deal, outcome, before)
    if stock is not None and (before.pot or game.kind == "none"):
        move = _stock_move(stock, table, game, outcome, before)
    if rounds is None and move is None:
        return outcome  # nothing changes
    payouts = plain(outcome.payouts)
    breakdown = outcome.breakdown
    carried: dict[str, Any] = {}
    changed: dict[str, Any] = {}
    if rounds is not None:
        running, carried["bock"] = rounds
        changed["bock"] = multiplier = 1 << running
        if running:
            for who in payouts:
                payouts[who] *= multiplier
            breakdown = breakdown.under_bock(running)
    if move is not None:
        carried["pot"] = move.after
        for who, amount in move.amounts:
            payouts[who] += amount
        breakdown = breakdown.with_stock(move)
    # quick_replace of the carry and of the outcome, written out (a deal in four of a
    # list with Bock and the Stock comes here): each new __dict__ made at once.
    carry = _new(Carry)
    _set(carry, "__dict__", outcome.carry.__dict__ | carried)
    changed["payouts"] = MappingProxyType(payouts)
    changed["carry"] = carry
    changed["breakdown"] = breakdown
    result = _new(Outcome)
    _set(result, "__dict__", outcome.__dict__ | changed)
    return result


def _bock_rounds(
    setting: Mapping[str, Any], table: Table, deal: Deal, outcome: Outcome, before: Carry
) -> tuple[int, tuple[int, ...]] | None:
    """The Bock doublings of the deal and the rounds after it; None when no round runs or starts."""
    events = outcome.events  # most often none: no need to look among them
    started = deal.bock or bool(events) and not events.isdisjoint(setting["after"])
    if not before.bock and not started:
        return None
    return _rounds_after(
        before.bock, started, setting["stack"] == "double", setting["deals"] or len(table.players)
    )


@lru_cache(maxsize=256)
def _rounds_after(
    rounds: tuple[int, ...], started: bool, stacked: bool, deals: int
) -> tuple[int, tuple[int, ...]]:
    """The Bock doublings of a deal and the rounds after it, from the rounds before it.

    Kept once for each: the rounds of a list go through the same few states.
    """
    running = 0
    left = list(rounds)
    if left:
        if stacked:
            running = len(left)
            left = [n - 1 for n in left]
        else:
            running = 1
            left[0] -= 1
        left = [n for n in left if n > 0]
    if started:
        left.append(deals)
    return running, tuple(left)


@lru_cache(maxsize=1024)
def _moved(name: str, players: tuple[str, ...], each: int, before: int, after: int) -> StockMove:
    # A pay-in (each player -each) or a take (each of the side +each), kept once for
    # each: quicker to look up by these than stock_move by the amounts it makes.
    return stock_move(name, before, after, tuple([(who, each) for who in players]))


def _takes_the_pot(setting: Mapping[str, Any], game: Game) -> bool:
    if setting["won_by"] == "any":
        return game.kind in ("partner", "solo")
    return game.name in ("sauspiel", "hochzeit")


def _stock_move(
    setting: Mapping[str, Any], table: Table, game: Game, outcome: Outcome, before: Carry
) -> StockMove | None:
    """What the deal puts into the pot or takes out of it; None when nothing moves."""
    pot = before.pot
    if game.kind == "none":
        return _moved("pay_in", table.active, -setting["pay"], pot, pot + setting["pay"] * len(table.active))
    if not pot:
        return None  # nothing to take or to double
    side = outcome.side
    if outcome.won and pot >= len(side) and _takes_the_pot(setting, game):
        # A pot smaller than the side stays whole: its shares would be 0.
        each = pot // len(side)
        return _moved("take", side, each, pot, pot - each * len(side))
    if outcome.won is False and setting["double"] and game.name in ("sauspiel", "hochzeit"):
        declarer, partner = side
        return stock_move("double", pot, pot * 2, ((declarer, -((pot + 1) // 2)), (partner, -(pot // 2))))
    return None


# -- the family as data -------------------------------------------------------------------

_DOUBLED = frozenset({"laufende", "contra", "re", "doubles", "bock"})
_BOCK = Gate("bock", SET)
_OLD_SIE = Gate("edition", 1)
_NEEDS_PARTNER = needs(**NEEDS_DECLARER, partner=N_("is missing: who held the called ace?"))


def _solo(
    name: str, trumps: int, *, sie: Gate | None = None, tout: bool = True, label: str, short: str = ""
) -> Game:
    keys = DECLARED | _DOUBLED | ({"tout"} if tout else set()) | ({"sie"} if sie or name == "solo" else set())
    gated = {"bock": _BOCK, **({"sie": sie} if sie else {})}
    return Game(
        name, solo_game, frozenset(keys), NEEDS_DECLARER, MappingProxyType(gated),
        kind="solo", trumps=trumps, label=label, short=short,
    )


GAMES = MappingProxyType(
    {
        "sauspiel": Game(
            "sauspiel", partner_game, DECLARED | _DOUBLED | {"partner"}, _NEEDS_PARTNER,
            MappingProxyType({"bock": _BOCK}), kind="partner", trumps=14, partner="called",
            label="Sauspiel", short="Sau"),
        "wenz": _solo("wenz", 4, sie=_OLD_SIE, label="Wenz"),
        "solo": _solo("solo", 14, label="Solo"),
        "geier": _solo("geier", 4, sie=_OLD_SIE, label="Geier"),
        "farbwenz": _solo("farbwenz", 11, sie=_OLD_SIE, label="Farbwenz", short="F.-Wenz"),
        "hochzeit": Game(
            "hochzeit", partner_game, DECLARED | _DOUBLED | {"partner"},
            needs(**NEEDS_DECLARER, partner=N_("is missing: who took the trump?")),
            MappingProxyType({"bock": _BOCK}), kind="partner", trumps=14, partner="took",
            label="Hochzeit"),
        "bettel": Game(
            "bettel", bettel,
            frozenset({"declarer", "won", "ouvert", "contra", "re", "doubles", "bock", "suit"}),
            needs(declarer=NEEDS_DECLARER["declarer"],
                  won=N_("is missing: did the declarer take no trick (won) or not?")),
            MappingProxyType({"bock": _BOCK}), kind="solo", points=None,
            label="Bettel"),
        "farbgeier": _solo("farbgeier", 11, label="Farbgeier", short="F.-Geier"),
        "ramsch": Game(
            "ramsch", ramsch, frozenset({"points", "doubles", "loser", "no_trick", "bock"}),
            needs(points=N_("is missing: the card points are needed")),
            MappingProxyType({"bock": _BOCK, "no_trick": Gate("virgin_by", "tricks")}),
            kind="all", points="players",
            label="Ramsch"),
        "passed": Game(
            "passed", nothing, frozenset({"doubles", "bock"}), gated=MappingProxyType({"bock": _BOCK}),
            kind="none", points=None,
            label=N_("Thrown in")),
    }
)

#: The same as a plain dict, read for every partner and solo game scored.
_GAMES: dict[str, Game] = dict(GAMES)

SEED_GAMES = ("sauspiel", "wenz", "solo", "geier", "farbwenz", "ramsch", "passed")

TARIFFS = {
    "sauspiel": 20, "wenz": 40, "solo": 40, "geier": 40, "farbwenz": 40,
    "schneider": 10, "schwarz": 10, "laufende": 5, "ramsch": 10,
    "hochzeit": 20, "bettel": 30, "farbgeier": 40,
}
LAUFENDE_FROM = {"sauspiel": 3, "solo": 3, "wenz": 2, "geier": 2, "farbwenz": 3, "hochzeit": 3, "farbgeier": 3}
TRUMPS = MappingProxyType({name: game.trumps for name, game in GAMES.items() if game.trumps})


class _StockPay(Number):
    """The Stock's payment: by default the list's own Sauspiel tariff."""

    def default_for(self, before: Mapping[str, Any]) -> int:
        return int(before["tariffs"][_SAUSPIEL])


BOCK = Group(
    "bock", None, N_("Bock rounds"),
    N_("After certain deals the next round counts double."),
    section="across",
    fields=(
        Choices(
            "after", ("sixty", "passed"), N_("A Bock round follows"),
            choices=BOCK_EVENTS,
            labels=MappingProxyType({
                "passed": N_("a hand thrown in"),
                "sixty": N_("a game at 60:60"),
                "re": N_("a game with Re"),
                "schwarz": N_("a game won or lost schwarz"),
                "durchmarsch": N_("a Durchmarsch"),
            }),
        ),
        Number(
            "deals", None, N_("Deals in a Bock round (empty: one per player)"),
            low=1, high=100, nullable=True,
        ),
        Choice(
            "stack", "queue", N_("A Bock round called during one"),
            choices=("queue", "double"),
            labels=MappingProxyType({
                "queue": N_("waits its turn (never more than double)"),
                "double": N_("runs alongside (doubles again)"),
            }),
        ),
    ),
)

STOCK = Group(
    "stock", None, N_("The Stock (pot)"),
    N_("A hand thrown in pays into the pot; the next won game takes it."),
    section="across",
    fields=(
        _StockPay("pay", None, N_("Each player pays in (empty: the Sauspiel tariff)"), low=0, high=100_000),
        Choice(
            "won_by", "sauspiel", N_("The pot goes to"),
            choices=("sauspiel", "any"),
            labels=MappingProxyType({
                "sauspiel": N_("the next won Sauspiel or Hochzeit"),
                "any": N_("the next won game (not Ramsch)"),
            }),
        ),
        Flag("double", True, N_("A lost Sauspiel or Hochzeit doubles the pot")),
    ),
)

OPTIONS = (
    games_option(tuple(GAMES), SEED_GAMES),
    tariffs_option(TARIFFS),
    LaufendeFrom(
        "laufende_from", MappingProxyType(LAUFENDE_FROM), N_("Laufende count from"),
        N_("Per game: how many top trumps in a row start to count."),
        section="tariffs", high=TRUMPS,
    ),
    schneider_option(30),
    Durchmarsch(
        "durchmarsch", 90, N_("Ramsch Durchmarsch from this many points (empty: none, 120: all tricks)"),
        N_("A player with this many points in a Ramsch wins it like a Solo."),
        section="ramsch",
    ),
    Choice(
        "virgin", "own", N_("Ramsch: a virgin doubles"),
        N_("A virgin took no points (or no trick); what doubles for them."),
        section="ramsch", choices=("own", "all"),
        labels=MappingProxyType({"own": N_("their own share"), "all": N_("everything")}),
    ),
    Choice(
        "virgin_by", "points", N_("Ramsch: a virgin is a player with"),
        N_("Whether a virgin is a player with no card points, or one who took no trick."),
        section="ramsch", choices=("points", "tricks"),
        labels=MappingProxyType({"points": N_("no card points"), "tricks": N_("no trick")}),
    ),
    Choice(
        "durchmarsch_value", "solo", N_("Ramsch: a Durchmarsch pays"),
        N_("A Durchmarsch pays as a won Solo, or as a Solo won schwarz."),
        section="ramsch", choices=("solo", "schwarz"),
        labels=MappingProxyType({"solo": N_("a Solo"), "schwarz": N_("a Solo won schwarz")}),
    ),
    BOCK,
    STOCK,
    Number(
        "edition", 2, N_("Edition of the rules"),
        N_("Lists started before the second edition keep its first edition's leniency on Sie and the called ace."),
        section="hidden", low=1, high=2,
    ),
    point_value_option(1),
)


def _reads_carry(rules: RuleSet) -> bool:
    return rules["bock"] is not None or rules["stock"] is not None


FAMILY = Family(
    name=NAME,
    label=N_("Schafkopf (4 or 5 players)"),
    description=N_(
        "The Bavarian game: Sauspiel with a called ace, Wenz, Solo, Ramsch; "
        "with five, the dealer sits out."
    ),
    seats=(4, 5),
    games=GAMES,
    options=OPTIONS,
    dealer_sits_out=5,
    carry_rules=((("bock", "stock"), bock_and_stock),),
    reads_carry=_reads_carry,
    tables=(
        # Bock rounds and the pot with their defaults: {} is every default of a group.
        CommonTable(N_("Bock and Stock"), MappingProxyType({"bock": {}, "stock": {}})),
    ),
)
