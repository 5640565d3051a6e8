"""American (Wisconsin) Sheepshead for four to six: the picker and a partner, tiers 1/2/3,
cracks, blitzes and the bump; leaster, moster or doubler when nobody picks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import (
    BUMP, CAP, CRACK, RECRACK, Breakdown, Multiplier, Share, Term, doublings, everybody,
    one_against_rest,
)
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families.base import LOWEST_BID, Carry, CommonRules, Family, Game, Outcome, RuleSet, Table
from scorer.engine.families.checks import no_trick, partner_of, player_points, seated, side_points, the_one
from scorer.engine.families.common import (
    DECLARED, FIVE, NEEDS_DECLARER, N_plural, examples_of, games_option, listed, needs, point_value_option,
    schneider_option, tariffs_of, tariffs_option,
)
from scorer.engine.families.house_rules import sheepshead_rules
from scorer.engine.families.payouts import against_all, schneider
from scorer.engine.families.penalty import OFFENDER, penalty_game
from scorer.engine.options import Choice, Choices, Flag, Number

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
    if sheepshead_rules(rules).doubler_stack == "multiply":
        return carry.doublers, replace(carry, doublers=0)
    return 1, replace(carry, doublers=carry.doublers - 1)


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
    made_of: tuple[Multiplier, ...] = ()
    if deal.crack:
        made_of += (CRACK, RECRACK) if deal.recrack else (CRACK,)
    if deal.blitz:
        made_of += (doublings("blitz", deal.blitz),)
    if doubled:
        made_of += (doublings("doubler", doubled),)
    factor = 1 << (deal.crack + deal.recrack + deal.blitz + doubled)
    cap = sheepshead_rules(rules).max_multiplier
    if cap is not None and factor > cap:
        factor = cap
        made_of += (Multiplier(CAP, cap),)
    if not won and sheepshead_rules(rules).double_on_bump:
        factor *= 2
        made_of += (BUMP,)
    return factor, made_of


def pick(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """The picker (and partner) against the rest: each defender pays the side t x M.

    A partner off the hook (whose side took no trick) pays nothing; the
    picker pays for both.
    """
    assert deal.declarer is not None
    picker = seated(table, deal.declarer, "declarer")
    partner = None if deal.partner is None else partner_of(table, deal, picker, GAMES["pick"])
    points = side_points(deal, widow=True, picker=True)
    won = points >= LOWEST_BID
    doubled, after = doubled_by_doublers(rules, carry)
    level = tier(rules, deal, points, won)
    factor, made_of = multiplier(rules, deal, doubled, won)
    off_hook = deal.schwarz and not won and partner is not None and sheepshead_rules(rules).partner_off_hook
    value = level * factor
    sign = 1 if won else -1
    side = (picker,) if partner is None else (picker, partner)
    payouts = {who: -value * sign for who in table.active if who not in side}
    defenders = tuple(payouts)
    shares: tuple[Share, ...]
    if partner is None:
        shares = Share("picker", side, sign * len(defenders)), Share("opponent", defenders, -sign)
    else:
        partner_times = 0 if off_hook else sign
        payouts[partner] = value * partner_times
        shares = (
            Share("picker", (picker,), sign * len(defenders) - partner_times),
            Share("partner", (partner,), partner_times),
            Share("opponent", defenders, -sign),
        )
    payouts[picker] = -sum(payouts.values())
    return Outcome(
        payouts, after, won=won, side=side,
        breakdown=Breakdown((Term("tier", level),), made_of, value, shares),
    )


@dataclass(frozen=True)
class NoPick(Choices):
    """The no-pick games a table plays: one (a word, as the list file always took) or several."""

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> tuple[str, ...]:
        if isinstance(value, str) and value not in self.choices:
            raise ScoringError(  # a word is refused as a word always was
                where, N_("must be one of %(choices)s, not %(value)s"),
                choices=", ".join(f'"{c}"' for c in self.choices), value=shown(value),
            )
        games = super().parse([value] if isinstance(value, str) else value, where, before)
        if not games:
            raise ScoringError(where, N_("names no game: a table plays at least one when nobody picks"))
        return games

    def dump(self, value: Any) -> Any:
        return value[0] if len(value) == 1 else list(value)


def nobody_picked(rules: RuleSet, deal: Deal) -> None:
    """Check that the deal is the game this list plays when nobody picks."""
    if deal.game not in sheepshead_rules(rules).no_pick:
        raise ScoringError(
            "game",
            N_("when nobody picks, this list plays %(no_pick)s (house rule no_pick), not %(game)s"),
            no_pick=" or ".join(sheepshead_rules(rules).no_pick), game=deal.game,
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
    return Outcome(
        against_all(table, winner, value), carry,
        breakdown=Breakdown(
            (Term("leaster", value),), (), value, one_against_rest("winner", winner, table.active, 1)
        ),
    )


def moster(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Nobody picked: the most points pays everybody."""
    nobody_picked(rules, deal)
    points = player_points(deal, table)
    most = max(points.values())
    loser = the_one(deal.loser, [w for w in table.active if points[w] == most], table, "loser", "most")
    value = rules.tariffs["moster"]
    return Outcome(
        against_all(table, loser, -value), carry,
        breakdown=Breakdown(
            (Term("moster", value),), (), value, one_against_rest("loser", loser, table.active, -1)
        ),
    )


def doubler(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Nobody picked: nothing is paid, and a pick to come counts double."""
    nobody_picked(rules, deal)
    active = table.active
    return Outcome(
        dict.fromkeys(active, 0), replace(carry, doublers=carry.doublers + 1),
        breakdown=Breakdown((), (), 0, everybody(active)),
    )


_PLAYERS_POINTS = needs(points=NEEDS_DECLARER["points"])


def _pick(points: int, partner: str = "Bene", **more: Any) -> dict[str, Any]:
    return {"game": "pick", "declarer": "Anna", "points": points, **more, "partner": partner}


GAMES = MappingProxyType(
    {
        # A pick's breakdown says its tier, not the game.
        "pick": Game(
            "pick", pick, DECLARED | {"partner", "crack", "recrack", "blitz"}, NEEDS_DECLARER,
            kind="partner", partner="optional",
            label=N_("Pick"), in_breakdown=False, examples=(
                ("American, five players: Anna picks with Bene; crack and re-crack",
                 "amerikanisch zu fünft: Anna nimmt mit Bene auf; Crack und Re-crack",
                 listed(NAME, _pick(70, crack=True, recrack=True), players=FIVE)),
                ("Anna and Bene make 50 after a crack and two blitzes, at most 4",
                 "Anna und Bene machen 50 nach Crack und zwei Blitzen, höchstens 4",
                 listed(NAME, _pick(50, crack=True, blitz=2), players=FIVE, max_multiplier=4)),
                ("Anna picks with Bene and they take every trick: a no-tricker",
                 "Anna nimmt mit Bene auf, und sie machen jeden Stich: die anderen bleiben ohne Stich",
                 listed(NAME, _pick(120, schwarz=True), players=FIVE)),
                # The pick after a doubler: the doubler is its multiplier.
                ("nobody picked, a doubler; then Anna picks",
                 "niemand hat aufgenommen, ein Doubler; dann nimmt Anna auf",
                 listed(NAME, {"game": "doubler"}, _pick(70), players=FIVE, no_pick="doubler")),
            )),
        "leaster": Game(
            "leaster", leaster, frozenset({"points", "no_trick", "winner"}), _PLAYERS_POINTS,
            kind="all", points="players",
            label=N_("Leaster"), tariff=1, examples=(
                ("a Leaster: Anna takes the fewest",
                 "ein Leaster: Anna macht die wenigsten",
                 listed(NAME, {"game": "leaster",
                               "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 40, "Emil": 20}},
                        players=FIVE)),
            )),
        "moster": Game(
            "moster", moster, frozenset({"points", "loser"}), _PLAYERS_POINTS,
            kind="all", points="players",
            label=N_("Moster"), tariff=1, examples=(
                ("a Moster: Emil takes the most",
                 "ein Moster: Emil macht die meisten",
                 listed(NAME, {"game": "moster",
                               "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 10, "Emil": 50}},
                        players=FIVE, no_pick="moster")),
            )),
        # The doubler's name is the multiplier of the picks it doubles.
        "doubler": Game("doubler", doubler, frozenset(), kind="none", points=None, label=N_("Doubler")),
        "penalty": penalty_game(tariff=2),
    }
)

#: The names in an American breakdown besides the games' and the common ones: English, German.
TERMS = MappingProxyType({
    "tier": (N_("Tier"), "Stufe"),
    # A pick's tier 3: the losing side took no trick (Bavarian tables say schwarz).
    "no_tricker": (N_("No-tricker"), "Ohne Stich"),
    "crack": (N_("Crack"), "Crack"),
    "recrack": (N_("Re-crack"), "Re-crack"),
    "blitz": (N_("Blitz"), "Blitz"),
    "bump": (N_("Bump"), "Bump"),
})
COUNTED = MappingProxyType({
    "blitz": (N_plural("%(num)s Blitz", "%(num)s Blitzes"), ("%(num)s Blitz", "%(num)s Blitze")),
    "doubler": (N_plural("%(num)s Doubler", "%(num)s Doublers"), ("%(num)s Doubler", "%(num)s Doubler")),
})

OPTIONS = (
    # Every game but the penalty by default: which no-pick game a hand without a
    # picker is, the rule no_pick says; unticking them all makes a pick compulsory.
    replace(
        games_option(GAMES),
        help=N_("The games this list allows; when nobody picks, the house rule no_pick says which."),
    ),
    tariffs_option(tariffs_of(GAMES.values())),
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
    NoPick(
        "no_pick", ("leaster",), N_("When nobody picks"),
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
        # What a doubling handed on to the picks after it is called.
        "doubling": N_("Doubler"),
        "stats_declared": N_("Picks: won"),
        "stats_alone": N_("Picked alone: won"),
        "stats_doubled": N_("Cracked or re-cracked: won"),
        "stats_all_play": N_("Leasters and mosters won"),
    }
)

#: Ways many tables play, to start a list from with one tap.
COMMON_RULES = (
    CommonRules(
        N_("Tournament: Jack of Diamonds, double on the bump"),
        MappingProxyType({"partner_by": "jack_of_diamonds", "double_on_bump": True}),
    ),
    CommonRules(
        N_("Called ace, leasters"),
        MappingProxyType({"partner_by": "called_ace", "no_pick": "leaster"}),
    ),
    CommonRules(
        N_("Doublers, no cap"),
        MappingProxyType({"no_pick": "doubler", "doubler_stack": "queue", "max_multiplier": None}),
    ),
    CommonRules(
        N_("Jack of Diamonds, no bump, leasters, dimes"),
        MappingProxyType({
            "partner_by": "jack_of_diamonds", "double_on_bump": False, "no_pick": "leaster",
            "point_value": 10,
        }),
    ),
)


FAMILY = Family(
    name=NAME,
    label=N_("American Sheepshead (4 to 8 players)"),
    description=N_(
        "The Wisconsin game: the picker takes the blind and plays with a partner "
        "or alone; cracks, blitzes and the bump double; when nobody picks, a leaster."
    ),
    seats=(4, 5, 6, 7, 8),
    games=GAMES,
    options=OPTIONS,
    most_active=5,
    reads_carry=lambda rules: "doubler" in sheepshead_rules(rules).no_pick,
    # Of the no-pick games only the list's own is played.
    playable=lambda rules, game: game not in NO_PICK or game in sheepshead_rules(rules).no_pick,
    words=WORDS,
    common_rules=COMMON_RULES,
    terms=TERMS,
    counted=COUNTED,
    examples=examples_of(GAMES),
    keys=(OFFENDER,),
)
