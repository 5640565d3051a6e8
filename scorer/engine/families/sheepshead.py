"""American (Wisconsin) Sheepshead for four to six: the picker and a partner, tiers 1/2/3,
cracks, blitzes and the bump; leaster, moster or doubler when nobody picks."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from scorer.engine.breakdown import (
    BUMP, CAP, CRACK, RECRACK, Breakdown, Multiplier, Share, breakdown_of, doublings, everybody,
    one_against_rest, share, terms_of,
)
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import (
    LOWEST_BID, Carry, CommonTable, Family, Game, Outcome, Table, against_all, no_trick, outcome_of,
    partner_of, player_points, schneider, seated, side_points, the_one,
)
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, games_option, needs, point_value_option, schneider_option,
    tariffs_option,
)
from scorer.engine.options import Choice, Flag, Number
from scorer.engine.quick import quick_replace

if TYPE_CHECKING:
    from scorer.engine.rules import RuleSet

NAME = "sheepshead"

#: The games played when nobody picks; the list's ``no_pick`` rule chooses one.
NO_PICK = ("leaster", "moster", "doubler")


def tier(rules: RuleSet, deal: Deal, points: int, won: bool) -> int:
    """The tier of a pick: 1, 2 with schneider (91 won, 30 lost), 3 schwarz.

    >>> from scorer.engine import parse_rules
    >>> rules = parse_rules({"preset": "sheepshead"})
    >>> [tier(rules, Deal(game="pick", points=p), p, p >= 61) for p in (30, 31, 60, 61, 90, 91)]
    [2, 1, 1, 1, 1, 2]
    """
    return 1 + schneider(rules, deal, points, won) + deal.schwarz


def doubled_by_doublers(rules: RuleSet, carry: Carry) -> tuple[int, Carry]:
    """How often the doubler hands ahead double this pick, and the carry after it.

    ``queue``: each doubler doubles one pick, in turn; ``multiply``: the pick
    takes every doubler waiting, each doubling again.
    """
    if not carry.doublers:
        return 0, carry
    if rules["doubler_stack"] == "multiply":
        return carry.doublers, quick_replace(carry, doublers=0)
    return 1, quick_replace(carry, doublers=carry.doublers - 1)


def multiplier(
    rules: RuleSet, deal: Deal, doubled: int, won: bool
) -> tuple[int, tuple[Multiplier, ...]]:
    """M: crack, recrack, each blitz and each doubler double, up to the cap; then the bump.

    Returns M and the multipliers that make it; the cap is among them only when it cut.

    >>> from scorer.engine import parse_rules
    >>> rules = parse_rules({"preset": "sheepshead", "max_multiplier": 4})
    >>> factor, made_of = multiplier(rules, Deal(game="pick", crack=True, blitz=2), 0, False)
    >>> factor, [m.name for m in made_of]
    (8, ['crack', 'blitz', 'cap', 'bump'])
    """
    if deal.recrack and not deal.crack:
        raise ScoringError("recrack", N_("a recrack answers a crack, and nobody cracked"))
    bumped = not won and bool(rules["double_on_bump"])
    return _multiplier(deal.crack, deal.recrack, deal.blitz, doubled, rules["max_multiplier"], bumped)


@lru_cache(maxsize=256)
def _multiplier(
    crack: bool, recrack: bool, blitz: int, doubled: int, cap: int | None, bumped: bool
) -> tuple[int, tuple[Multiplier, ...]]:
    # Kept once for each combination: the picks of a list share their multipliers.
    factor = 1 << (crack + recrack + blitz + doubled)
    made_of: tuple[Multiplier, ...] = ()
    if crack:
        made_of += (CRACK, RECRACK) if recrack else (CRACK,)
    if blitz:
        made_of += (doublings("blitz", blitz),)
    if doubled:
        made_of += (doublings("doubler", doubled),)
    if cap is not None and factor > cap:
        factor = cap
        made_of += (Multiplier(CAP, cap),)
    if bumped:
        factor *= 2
        made_of += (BUMP,)
    return factor, made_of


def pick(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The picker (and partner) against the rest: each defender pays the side t x M.

    Most deals of a Sheepshead list are picks: the checks call the checking
    functions (which raise) only for a deal that may fail them, and what the
    pick pays is looked up once for each way it adds up (:func:`_pick_scored`).
    """
    picker, partner = deal.declarer, deal.partner
    assert picker is not None
    active = table.active
    if picker not in active:
        seated(table, picker, "declarer")
    if partner is not None and (partner not in active or partner == picker):
        partner_of(table, deal, picker, GAMES["pick"])
    points, schwarz = deal.points, deal.schwarz
    if not isinstance(points, int) or schwarz:
        points = side_points(deal, widow=True)
    won = points >= LOWEST_BID
    doubled, after = doubled_by_doublers(rules, carry) if carry.doublers else (0, carry)
    level = tier(rules, deal, points, won)
    crack, recrack = deal.crack, deal.recrack
    if recrack and not crack:
        multiplier(rules, deal, doubled, won)  # refuses it
    values = rules.values
    breakdown, payouts, side = _pick_scored(
        picker, partner, active, won, level, crack, recrack, deal.blitz, doubled,
        values["max_multiplier"], not won and bool(values["double_on_bump"]),
        schwarz and not won and partner is not None and bool(values["partner_off_hook"]),
    )
    return outcome_of(payouts.copy(), after, 1, won, side, breakdown=breakdown)


@lru_cache(maxsize=4096)
def _pick_scored(
    picker: str, partner: str | None, active: tuple[str, ...], won: bool, level: int,
    crack: bool, recrack: bool, blitz: int, doubled: int, cap: int | None, bumped: bool,
    off_hook: bool,
) -> tuple[Breakdown, dict[str, int], tuple[str, ...]]:
    """A pick's breakdown, payouts and side, kept once for each way it adds up.

    The payouts are a pattern: each deal takes a copy. A partner off the hook
    (whose side took no trick) pays nothing; the picker pays for both.
    """
    factor, doubling = _multiplier(crack, recrack, blitz, doubled, cap, bumped)
    value = level * factor
    sign = 1 if won else -1
    each = value * sign
    side = (picker,) if partner is None else (picker, partner)
    payouts = {who: -each for who in active if who not in side}
    if partner is not None:
        payouts[partner] = 0 if off_hook else each
    payouts[picker] = -sum(payouts.values())
    shares = _pick_shares(picker, partner, active, sign, off_hook)
    return breakdown_of(terms_of(("tier", level)), doubling, value, shares), payouts, side


@lru_cache(maxsize=4096)
def _pick_shares(
    picker: str, partner: str | None, active: tuple[str, ...], sign: int, off_hook: bool
) -> tuple[Share, ...]:
    """Each defender pays one share (or gets it), the partner gets one (none off the hook),
    the picker the rest."""
    defenders = tuple(who for who in active if who != picker and who != partner)
    if partner is None:
        return share("picker", (picker,), sign * len(defenders)), share("opponent", defenders, -sign)
    partner_times = 0 if off_hook else sign
    return (
        share("picker", (picker,), sign * len(defenders) - partner_times),
        share("partner", (partner,), partner_times),
        share("opponent", defenders, -sign),
    )


def nobody_picked(rules: RuleSet, deal: Deal) -> None:
    """Check that the deal is the game this list plays when nobody picks."""
    if deal.game != rules["no_pick"]:
        raise ScoringError(
            "game",
            N_("when nobody picks, this list plays %(no_pick)s (house rule no_pick), not %(game)s"),
            no_pick=rules["no_pick"], game=deal.game,
        )


def leaster(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Nobody picked: the fewest points among those who took a trick wins from everybody."""
    nobody_picked(rules, deal)
    points = player_points(deal, table)
    trickless = no_trick(deal, table, points)
    if deal.winner in trickless:
        raise ScoringError(
            "winner", N_("%(name)s took no trick, and a leaster is won by a player who took one"),
            name=deal.winner,
        )
    # Points sum to 120 and the trickless have 0, so somebody took a trick.
    takers = [who for who in table.active if who not in trickless]
    fewest = min(points[who] for who in takers)
    winner = the_one(deal.winner, [w for w in takers if points[w] == fewest], table, "winner", "fewest")
    value = rules.tariffs["leaster"]
    return outcome_of(
        against_all(table, winner, value), carry,
        breakdown=breakdown_of(
            terms_of(("leaster", value)), (), value, one_against_rest("winner", winner, table.active, 1)
        ),
    )


def moster(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Nobody picked: the most points pays everybody."""
    nobody_picked(rules, deal)
    points = player_points(deal, table)
    most = max(points.values())
    loser = the_one(deal.loser, [w for w in table.active if points[w] == most], table, "loser", "most")
    value = rules.tariffs["moster"]
    return outcome_of(
        against_all(table, loser, -value), carry,
        breakdown=breakdown_of(
            terms_of(("moster", value)), (), value, one_against_rest("loser", loser, table.active, -1)
        ),
    )


def doubler(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Nobody picked: nothing is paid, and a pick to come counts double."""
    if deal.game != rules.values["no_pick"]:
        nobody_picked(rules, deal)  # refuses it
    active = table.active
    return outcome_of(dict.fromkeys(active, 0), quick_replace(carry, doublers=carry.doublers + 1),
                      breakdown=_nothing_paid(active))


@lru_cache(maxsize=256)
def _nothing_paid(active: tuple[str, ...]) -> Breakdown:
    """The breakdown of a deal where nobody pays, kept once for each table."""
    return breakdown_of((), (), 0, everybody(active))


_PLAYERS_POINTS = needs(points=NEEDS_DECLARER["points"])

GAMES = MappingProxyType(
    {
        "pick": Game(
            "pick", pick, DECLARED | {"partner", "crack", "recrack", "blitz"}, NEEDS_DECLARER,
            kind="partner", partner="optional",
            label=N_("Pick")),
        "leaster": Game(
            "leaster", leaster, frozenset({"points", "no_trick", "winner"}), _PLAYERS_POINTS,
            kind="all", points="players",
            label=N_("Leaster")),
        "moster": Game(
            "moster", moster, frozenset({"points", "loser"}), _PLAYERS_POINTS,
            kind="all", points="players",
            label=N_("Moster")),
        "doubler": Game("doubler", doubler, frozenset(), kind="none", points=None, label=N_("Doubler")),
    }
)

OPTIONS = (
    # Every game by default: which no-pick game a hand without a picker is,
    # the rule no_pick says; unticking them all makes a pick compulsory.
    replace(
        games_option(tuple(GAMES), tuple(GAMES)),
        help=N_("The games this list allows; when nobody picks, the house rule no_pick says which."),
    ),
    tariffs_option({"leaster": 1, "moster": 1}),
    replace(
        schneider_option(30),
        help=N_("The picker's side is schneidered at this many card points or fewer."),
    ),
    Choice(
        "partner_by", "called_ace", N_("The partner is"),
        N_("Who plays with the picker; the deal names the partner either way."),
        section="games", choices=("called_ace", "jack_of_diamonds"),
        labels=MappingProxyType({
            "called_ace": N_("the holder of the called ace"),
            "jack_of_diamonds": N_("the holder of the Jack of Diamonds"),
        }),
    ),
    Choice(
        "no_pick", "leaster", N_("When nobody picks"),
        N_("A hand is never thrown in: nobody picking means a leaster, a moster or a doubler."),
        section="games", folded=False, choices=NO_PICK,
        labels=MappingProxyType({
            "leaster": N_("a leaster: the fewest points win"),
            "moster": N_("a moster: the most points lose"),
            "doubler": N_("a doubler: the next pick counts double"),
        }),
    ),
    Choice(
        "doubler_stack", "queue", N_("Doublers in a row"),
        N_("Whether each doubler doubles one of the following picks, or all double the next one."),
        section="across", choices=("queue", "multiply"),
        labels=MappingProxyType({
            "queue": N_("each doubles one pick to come, in turn"),
            "multiply": N_("all double the next pick, again and again"),
        }),
    ),
    Flag(
        "double_on_bump", True, N_("A lost pick pays double (the bump)"),
        N_("The picker's side pays twice what it would have won."),
    ),
    Flag(
        "partner_off_hook", False, N_("A partner is off the hook when the side takes no trick"),
        N_("The partner pays nothing and the picker pays the partner's share too."),
    ),
    Number(
        "max_multiplier", None, N_("Cap on cracks, blitzes and doublers together (empty: no cap)"),
        N_("The most crack, re-crack, blitzes and doublers multiply a pick; the bump doubles on top."),
        low=1, high=1024, nullable=True,
    ),
    point_value_option(25),
)

#: What Sheepshead players call the roles and the modifiers (see base.WORDS).
WORDS = MappingProxyType(
    {
        "declarer": N_("Picker"),
        "side_points": N_("Card points of the picker's side"),
        "points_hint": N_(
            "Tap “Defenders' points” to type theirs instead: the picker's side gets 120 minus "
            "them. Schneider counts itself from the points."
        ),
        "side_has": N_("The picker's side has %(points)s."),
        "who_declared": N_("Who picked? Tap the picker."),
        "schwarz": N_("No-tricker"),
    }
)

#: Ways many tables play, to start a list from with one tap.
TABLES = (
    CommonTable(
        N_("Tournament: Jack of Diamonds, double on the bump"),
        MappingProxyType({"partner_by": "jack_of_diamonds", "double_on_bump": True}),
    ),
    CommonTable(
        N_("Called ace, leasters"),
        MappingProxyType({"partner_by": "called_ace", "no_pick": "leaster"}),
    ),
    CommonTable(
        N_("Doublers, no cap"),
        MappingProxyType({"no_pick": "doubler", "doubler_stack": "queue", "max_multiplier": None}),
    ),
    CommonTable(
        N_("Jack of Diamonds, no bump, leasters, dimes"),
        MappingProxyType({
            "partner_by": "jack_of_diamonds", "double_on_bump": False, "no_pick": "leaster",
            "point_value": 10,
        }),
    ),
)

FAMILY = Family(
    name=NAME,
    label=N_("American Sheepshead (4 to 6 players)"),
    description=N_(
        "The Wisconsin game: the picker takes the blind and plays with a partner "
        "or alone; cracks, blitzes and the bump double; when nobody picks, a leaster."
    ),
    seats=(4, 5, 6),
    games=GAMES,
    options=OPTIONS,
    dealer_sits_out=6,
    reads_carry=lambda rules: bool(rules["no_pick"] == "doubler"),
    # Of the no-pick games only the list's own is played.
    playable=lambda rules, game: game not in NO_PICK or game == rules["no_pick"],
    words=WORDS,
    tables=TABLES,
)
