"""A replayed list's results: each scored deal, the running totals, the tally and the settlement."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scorer.engine.breakdown import Breakdown
from scorer.engine.deals import Deal
from scorer.engine.families.base import Carry, Outcome, RuleSet
from scorer.engine.settlement import Transfer, settle


@dataclass(frozen=True)
class DealResult:
    """A scored deal: who dealt it and what each player gets (+) or pays (-)."""

    #: The deal's 1-based number in the list.
    number: int
    #: Who dealt it.
    dealer: str
    #: The deal as entered.
    deal: Deal
    #: Every player's payout in units; sitting out is 0. With what went into
    #: (or came out of) the Stock, sums to zero.
    payouts: Mapping[str, int]
    #: The game's outcome, with the rules across deals applied: the carry, the
    #: Bock multiplier, the declaring side and the breakdown below read it.
    outcome: Outcome
    #: Who sat at the table (the list's seating at this deal; empty: the list's players).
    seating: tuple[str, ...] = field(default=(), kw_only=True)
    #: The rules in force at this deal (None: the list's rules).
    rules: RuleSet | None = field(default=None, kw_only=True)

    @property
    def carry(self) -> Carry:
        """What the deal hands the next one (tally, Bock rounds, the pot, doublers)."""
        return self.outcome.carry

    @property
    def under_bock(self) -> int | None:
        """The Bock multiplier of this deal, or None when the list plays no Bock."""
        rules = self.rules
        return self.outcome.under_bock if rules is not None and rules.plays_bock else None

    @property
    def pot(self) -> int | None:
        """The pot after this deal, or None when the list plays no Stock."""
        rules = self.rules
        return self.outcome.carry.pot if rules is not None and rules.plays_stock else None

    @property
    def won(self) -> bool | None:
        """The declaring side won (None: no declaring side, as in Ramsch or a hand thrown in)."""
        return self.outcome.won

    @property
    def side(self) -> tuple[str, ...]:
        """The declaring side, declarer first (empty when there is none)."""
        return self.outcome.side

    @property
    def breakdown(self) -> Breakdown:
        """Why the payouts are what they are (see ``scorer.engine.breakdown``)."""
        return self.outcome.breakdown

    def to_dict(self) -> dict[str, Any]:
        """Write the scored deal as the command line prints it."""
        out: dict[str, Any] = {
            "number": self.number, "dealer": self.dealer, "game": self.deal.game,
            "payouts": dict(self.payouts),
        }
        if self.under_bock is not None:
            out["under_bock"] = self.under_bock
            out["bock"] = self.under_bock  # the older name, kept beside it for one version
        if self.pot is not None:
            out["pot"] = self.pot
        out["breakdown"] = self.breakdown.to_dict()
        if self.rules is not None and self.rules.plus_only:
            out["plus_only"] = True  # only the wins count: settle no money on it
        return out


@dataclass(frozen=True, slots=True)
class ListResult:
    """A replayed list: its deals, running totals, tally and settlement."""

    #: The rules in force at the end (a list's changes may have changed them).
    rules: RuleSet
    #: Everyone who played in the list, in the order they joined.
    players: tuple[str, ...]
    deals: tuple[DealResult, ...]
    #: Each player's total in units. Sums to minus the pot.
    totals: Mapping[str, int]
    #: What the last deal carried over: the tally, Bock rounds, the pot.
    carry: Carry
    #: Who deals the next deal.
    next_dealer: str
    #: The seating at the end, clockwise (empty: the same as ``players``).
    seating: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        """The players at the table now, in seating order."""
        return self.seating or self.players

    @property
    def tally(self) -> Mapping[str, int]:
        """The family's tally (victory points, strokes), by player or team."""
        return self.carry.tally

    @property
    def pot(self) -> int:
        """Units in the Stock (0 when the list plays none)."""
        return self.carry.pot

    @property
    def pot_back(self) -> Mapping[str, int]:
        """The pot paid back before settling: equal shares, odd units from the first player on."""
        share, rest = divmod(self.pot, len(self.seated))
        return MappingProxyType(
            {who: share + (1 if i < rest else 0) for i, who in enumerate(self.seated)}
        )

    @property
    def balances(self) -> Mapping[str, int]:
        """Each player's total with the pot paid back: these sum to zero."""
        back = self.pot_back
        return MappingProxyType({who: self.totals[who] + back.get(who, 0) for who in self.players})

    @property
    def settlement(self) -> tuple[Transfer, ...]:
        """The fewest transfers that bring every balance to zero, after the pot is paid back.

        None for tournament points counted plus only: those are no money.
        """
        return () if self.rules.plus_only else settle(self.balances)

    def measure(self, kind: str) -> int:
        """How far the list is towards an end: deals played, or the family's tally."""
        if kind in ("deals", "open"):
            return len(self.deals)
        return self.rules.family.measure(kind, self.seated, self.carry)

    def tally_dict(self) -> dict[str, Any] | None:
        """The family's tally as the list file shows it, if it has one."""
        return self.rules.family.tally(self.seated, self.carry)

    def to_dict(self) -> dict[str, Any]:
        """Write the result as the command line prints it."""
        out: dict[str, Any] = {
            "deals": [deal.to_dict() for deal in self.deals],
            "totals": dict(self.totals),
            "settlement": [t.to_dict() for t in self.settlement],
        }
        if self.rules.plays_stock:
            out["pot"] = self.pot
            out["pot_back"] = dict(self.pot_back)
        tally = self.tally_dict()
        if tally is not None:
            out["tally"] = tally
        if self.rules.plus_only:
            out["plus_only"] = True
        return out
