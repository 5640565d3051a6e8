"""Bock rounds and the Stock: the Bavarian rules across deals, and their house-rule groups."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import StockMove, doublings
from scorer.engine.deals import Deal
from scorer.engine.errors import N_
from scorer.engine.families.base import Carry, Game, Outcome, RuleSet, Table
from scorer.engine.families.common import N_plural
from scorer.engine.families.house_rules import BockRounds, Stock
from scorer.engine.options import Choice, Choices, Flag, Group, Number

#: What may start a Bock round, besides a round called by hand.
BOCK_EVENTS = ("passed", "sixty", "re", "schwarz", "durchmarsch", "contra", "tout", "sie")

#: The Sauspiel tariff stands in for the Stock's payment when none is set.
_SAUSPIEL = "sauspiel"


def bock_and_stock(
    rules: RuleSet, table: Table, deal: Deal, game: Game, outcome: Outcome, before: Carry
) -> Outcome:
    """Bock and the Stock: a deal under a running Bock round pays double, events start
    new rounds; a hand thrown in pays into the pot, the next won game takes it.

    One rule for both (each is off while its house rule is null), so that a
    deal that changes both gets its outcome made once. Bock doubles the
    game's payouts, never what goes into or out of the Stock.
    """
    bock, stock = rules.bock, rules.stock
    rounds = None if bock is None else _bock_rounds(bock, table, deal, outcome, before)
    move = None if stock is None else _stock_move(stock, table, game, outcome, before)
    if rounds is None and move is None:
        return outcome
    payouts = dict(outcome.payouts)
    breakdown = outcome.breakdown
    carry = outcome.carry
    multiplier = outcome.under_bock
    if rounds is not None:
        running, left = rounds
        carry = replace(carry, bock_rounds=left)
        multiplier = 1 << running
        if running:
            payouts = {who: amount * multiplier for who, amount in payouts.items()}
            breakdown = breakdown.multiplied(doublings("bock", running))
    if move is not None:
        carry = replace(carry, pot=move.after)
        for who, amount in move.amounts:
            payouts[who] += amount
        breakdown = breakdown.with_stock(move)
    return replace(
        outcome, payouts=MappingProxyType(payouts), breakdown=breakdown, carry=carry, under_bock=multiplier
    )


def _bock_rounds(
    setting: BockRounds, table: Table, deal: Deal, outcome: Outcome, before: Carry
) -> tuple[int, tuple[int, ...]] | None:
    """The Bock doublings of the deal and the rounds after it; None when no round runs or starts."""
    started = deal.bock or not outcome.events.isdisjoint(setting.after)
    if not before.bock_rounds and not started:
        return None
    return rounds_after(
        before.bock_rounds, started, setting.stack == "double", setting.deals or len(table.players)
    )


def rounds_after(
    rounds: tuple[int, ...], started: bool, stacked: bool, deals: int
) -> tuple[int, tuple[int, ...]]:
    """The Bock doublings of a deal and the rounds after it, from the rounds before it.

    >>> rounds_after((2, 4), False, False, 4), rounds_after((2, 4), True, True, 4)
    ((1, (1, 4)), (2, (1, 3, 4)))
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


def _takes_the_pot(setting: Stock, game: Game) -> bool:
    if setting.won_by == "any":
        return game.kind in ("partner", "solo")
    return game.name in ("sauspiel", "hochzeit")


def _stock_move(
    setting: Stock, table: Table, game: Game, outcome: Outcome, before: Carry
) -> StockMove | None:
    """What the deal puts into the pot or takes out of it; None when nothing moves."""
    pot = before.pot
    if "passed" in outcome.events:
        pay = setting.pay
        amounts = tuple((who, -pay) for who in table.active)
        return StockMove("pay_in", pot, pot + pay * len(table.active), amounts)
    if not pot:
        return None  # nothing to take or to double
    side = outcome.side
    if outcome.won and pot >= len(side) and _takes_the_pot(setting, game):
        # A pot smaller than the side stays whole: its shares would be 0.
        each = pot // len(side)
        return StockMove("take", pot, pot - each * len(side), tuple((who, each) for who in side))
    if outcome.won is False and setting.double and game.name in ("sauspiel", "hochzeit"):
        declarer, partner = side
        return StockMove("double", pot, pot * 2, ((declarer, -((pot + 1) // 2)), (partner, -(pot // 2))))
    return None


# -- the house-rule groups ------------------------------------------------------------------

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
                "contra": N_("a game with Kontra"),
                "tout": N_("a game announced Tout"),
                "sie": N_("a Sie"),
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


#: The names Bock and the Stock put in a breakdown, in English (marked N_) and German:
#: a family that plays them has them among its terms.
TERMS = MappingProxyType({
    "bock": (N_("Bock"), "Bock"),
    "pay_in": (N_("into the Stock"), "in den Stock"),
    "take": (N_("out of the Stock"), "aus dem Stock"),
    "double": (N_("the Stock doubled by"), "der Stock verdoppelt um"),
    # A hand thrown in, said whole (see COUNTED: with what each paid).
    "paid_in_each": (N_("thrown in: each pays into the Stock"), "zusammengeworfen: jeder zahlt in den Stock"),
})

#: A hand thrown in under the Stock, said whole: what each player paid into the pot.
COUNTED = MappingProxyType({
    "paid_in_each": (
        N_plural("thrown in: each pays %(num)s into the Stock", "thrown in: each pays %(num)s into the Stock"),
        ("zusammengeworfen: jeder zahlt %(num)s in den Stock", "zusammengeworfen: jeder zahlt %(num)s in den Stock"),
    ),
})
