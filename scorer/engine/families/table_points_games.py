"""What a deal is worth in tournament points: the system's table, Laufende, Kontra and the passed hand.

A game pays its points won or lost alike, as the Bavarian game pays its
value: a triple ``[plain, schneider, schwarz]`` per game (a Herz-Solo its
own where the system pays it more), Tout and Sie a number or the game's
points times k, Laufende where the system counts them. Bock, the Stock,
Ramsch and knocks are never played; Kontra is refused, ignored or loses
the game for the side that said it. A hand everyone passes scores 0, is
played "über Kreuz", or is never thrown in (the forced Sauspiel). With
``plus_only`` every negative payout becomes 0: a deal and the totals no
longer sum to zero, and nobody settles money on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from scorer.engine.breakdown import Breakdown, Multiplier, Share, Term, worth
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import LOWEST_BID, Carry, Game, Outcome, RuleSet, Table
from scorer.engine.families.checks import side_points
from scorer.engine.families.house_rules import Price, TournamentPoints
from scorer.engine.families.payouts import nothing, schneider, side_against_side
from scorer.engine.families.table_points import TIMES

#: A forced Sauspiel is won with 60, and its declaring side is schneider-free at 30.
FORCED_BID = 60
_FORCED_FREE = 30
#: Schneider-free at 31 is the family's own thresholds (won at 91, lost at ``schneider_loss_max``).
_FAMILY_FREE = 31
#: The points of a cross game that is replayed: the teams are level.
_LEVEL = 60
#: A won game is schneider from these points (the other side has 29 or less).
_WON_SCHNEIDER = 91


def plays_table_points(rules: RuleSet) -> bool:
    """Tell whether this list scores tournament points."""
    return rules.table_points is not None


def _system(rules: RuleSet) -> TournamentPoints:
    """The list's tournament points (a game scored by them is only played where the list has them)."""
    system = rules.table_points
    assert system is not None
    return system


def table_value(
    rules: RuleSet, game: Game, deal: Deal, points: int | None, won: bool
) -> tuple[tuple[Term, ...], tuple[Multiplier, ...]]:
    """Give a game's points from the table: plain, schneider or schwarz, Laufende; Tout and Sie their own."""
    system = _system(rules)
    _check_kontra(system, deal)
    table = system.points
    name = _priced_as(table, game, deal)
    if deal.sie or deal.tout:
        said = "sie" if deal.sie else "tout"
        announced = table[said]
        if isinstance(announced, Mapping):
            # The game's plain value and its Laufende, times k; no schneider or schwarz.
            times = (Term(name, _row(table, name)[0]), *_laufende(system, game, deal, game.name))
            return times, (Multiplier(said, announced[TIMES]),)
        assert isinstance(announced, int)
        return (Term(said, announced), *_laufende(system, game, deal, said)), ()
    price = table[name]
    if isinstance(price, int):
        return (Term(name, price),), ()  # a Bettel's one value
    assert isinstance(price, tuple)
    plain, cut, black = price
    terms = [Term(name, plain)]
    if points is not None:
        cut_through, black_through = _cut(rules, deal, points, won)
        if cut_through:
            terms.append(Term("schneider", cut - plain))
            if black_through:
                terms.append(Term("schwarz", black - cut))
    return (*terms, *_laufende(system, game, deal, game.name)), ()


def table_won(rules: RuleSet, table: Table, deal: Deal, won: bool, points: int | None = None) -> bool:
    """Tell whether the declaring side won: a forced game at 60, and Kontra that loses the game."""
    system = _system(rules)
    if deal.forced:
        first = after_dealer(table)[0]
        if deal.declarer != first:
            raise ScoringError(
                "declarer", N_("the forced game is played by %(name)s, the first player after the dealer"),
                name=first,
            )
        assert points is not None
        won = points >= FORCED_BID
    if deal.contra and system.kontra == "loses":
        return True
    return won


def _priced_as(table: Mapping[str, Price], game: Game, deal: Deal) -> str:
    """The row of the table a game is paid from: a solo in hearts its own, where the system has one."""
    if game.name != "solo" or "hearts_solo" not in table:
        return game.name
    if deal.suit is None:
        raise ScoringError("suit", N_("is missing: these tournament points pay a Herz-Solo more, name the suit"))
    return "hearts_solo" if deal.suit == "hearts" else game.name


def _row(table: Mapping[str, Price], name: str) -> tuple[int, int, int]:
    row = table[name]
    if isinstance(row, int):
        return row, row, row
    assert isinstance(row, tuple)
    return row


def _cut(rules: RuleSet, deal: Deal, points: int, won: bool) -> tuple[bool, bool]:
    """Schneider and schwarz: the system's threshold, a forced game's, and only what Kontra left to win."""
    system = _system(rules)
    free = _FORCED_FREE if deal.forced else system.schneider_free_at
    if deal.contra and system.kontra == "loses":
        # The game is given, not played out: only what the declaring side's points reach counts.
        return points >= _WON_SCHNEIDER, deal.schwarz and points == 120
    if free == _FAMILY_FREE:
        return schneider(rules, deal, points, won), deal.schwarz
    return deal.schwarz or (120 - points if won else points) < free, deal.schwarz


def _laufende(system: TournamentPoints, game: Game, deal: Deal, name: str) -> tuple[Term, ...]:
    """Laufende in points: ``from`` or more add the game's value for each, at most ``max`` of them."""
    counted = system.laufende
    if counted is None:
        return ()
    if deal.laufende > game.trumps:
        raise ScoringError(
            "laufende", N_("a %(game)s has only %(most)s trumps, not %(count)s"),
            game=deal.game, most=game.trumps, count=deal.laufende,
        )
    each = counted.value.get(name, 0)
    if not each or deal.laufende < counted.start:
        return ()
    paid = deal.laufende if counted.most is None else min(deal.laufende, counted.most)
    return (Term("laufende", each * paid, paid),)


def _check_kontra(system: TournamentPoints, deal: Deal) -> None:
    if system.kontra == "refused":
        for key in ("contra", "re", "doubles"):
            if deal.value(key):
                raise ScoringError(key, N_("tournament points are played without Kontra, Re or knocks"))
    elif deal.doubles:
        raise ScoringError("doubles", N_("tournament points are played without knocks"))


def after_dealer(table: Table) -> tuple[str, ...]:
    """The active players in playing order: the first after the dealer first."""
    players = table.players
    start = players.index(table.dealer) + 1
    order = players[start:] + players[:start]
    return tuple(who for who in order if who in table.active)


def passed_hand(rules: RuleSet, table: Table, deal: Deal, carry: Carry, sauspiel: Game) -> Outcome:
    """A hand everyone passed: 0, a cross game (first and third against second and fourth), or refused."""
    system = rules.table_points
    mode = "zero" if system is None else system.passed
    if mode == "zero":
        return nothing(rules, table, deal, carry)
    if mode == "forced":
        raise ScoringError(
            "game", N_("nobody throws in under these rules: the first player after the dealer "
                       "plays a Sauspiel, marked forced"),
        )
    if deal.points is None:
        raise ScoringError(
            "points", N_("is missing: the card points of the first and third player after the dealer"),
        )
    points = side_points(deal, widow=False)
    if points == _LEVEL:
        return nothing(rules, table, deal, carry)  # level: the hand is replayed
    if sauspiel.name not in _system(rules).points:
        raise ScoringError("game", N_("a cross game is a Sauspiel, and these rules leave the Sauspiel out"))
    first, second, third, fourth = after_dealer(table)
    won = points >= LOWEST_BID
    terms, multipliers = table_value(rules, sauspiel, deal, points, won)
    terms = (Term("cross", terms[0].units), *terms[1:])
    value = worth(terms, multipliers)
    won_by = {first, third} if won else {second, fourth}
    winners = tuple(who for who in table.active if who in won_by)
    losers = tuple(who for who in table.active if who not in won_by)
    return Outcome(
        side_against_side(table, won_by, value), carry,
        breakdown=Breakdown(terms, multipliers, value, (Share("winner", winners, 1), Share("loser", losers, -1))),
    )


def plus_only(
    rules: RuleSet, table: Table, deal: Deal, game: Game, outcome: Outcome, before: Carry
) -> Outcome:
    """With ``plus_only``, nobody's payout is below 0 (the winners' amounts stay)."""
    if not rules.plus_only:
        return outcome
    return replace(outcome, payouts=MappingProxyType({who: max(0, a) for who, a in outcome.payouts.items()}))

