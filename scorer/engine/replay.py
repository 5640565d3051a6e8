"""A whole list: players, rules and deals, replayed into payouts and totals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.games import HEAD, Table, score_deal, teams
from scorer.engine.rules import GERMAN, SHEEPSHEAD3, RuleSet
from scorer.engine.settlement import Transfer, settle

FORMAT = "schafkopf-list/1"


@dataclass(frozen=True, slots=True)
class DealResult:
    """A scored deal: who dealt it and what each player gets (+) or pays (-)."""

    #: The deal's 1-based number in the list.
    number: int
    #: Who dealt it.
    dealer: str
    #: The deal as entered.
    deal: Deal
    #: Every player's payout in units; sitting out is 0. Sums to zero.
    payouts: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        """Write the scored deal as the command line prints it."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "game": self.deal.game,
            "payouts": dict(self.payouts),
        }


@dataclass(frozen=True, slots=True)
class ListResult:
    """A replayed list: its deals, running totals, tally and settlement."""

    rules: RuleSet
    players: tuple[str, ...]
    deals: tuple[DealResult, ...]
    #: Each player's total in units. Sums to zero.
    totals: Mapping[str, int]
    #: The family's tally (victory points, strokes), by player or team.
    tally: Mapping[str, int]
    #: Who deals the next deal.
    next_dealer: str

    @property
    def settlement(self) -> tuple[Transfer, ...]:
        """The fewest transfers that bring every total to zero."""
        return settle(self.totals)

    def tally_dict(self) -> dict[str, Any] | None:
        """The family's tally as the list file shows it, if it has one."""
        if self.rules.preset == SHEEPSHEAD3:
            return {"classic": {who: self.tally.get(who, 0) for who in self.players}}
        if self.rules.preset == GERMAN:
            return {
                "teams": [
                    {
                        "players": list(pair),
                        "strokes": (strokes := self.tally.get(f"team{i}", 0)),
                        "heads": strokes // HEAD,
                    }
                    for i, pair in enumerate(teams(self.players), start=1)
                ]
            }
        return None

    def to_dict(self) -> dict[str, Any]:
        """Write the result as the command line prints it."""
        out: dict[str, Any] = {
            "deals": [result.to_dict() for result in self.deals],
            "totals": dict(self.totals),
            "settlement": [t.to_dict() for t in self.settlement],
        }
        tally = self.tally_dict()
        if tally is not None:
            out["tally"] = tally
        return out


def dealer_after(players: tuple[str, ...], first_dealer: str, named: Iterable[str | None]) -> str:
    """Who deals next after deals that named these dealers (None: rotated).

    >>> dealer_after(("A", "B", "C", "D"), "D", [None, None, "A", None])
    'C'
    """
    seat = {who: i for i, who in enumerate(players)}
    at = seat[first_dealer]
    for dealer in named:
        at = (seat[dealer] if dealer is not None else at) + 1
    return players[at % len(players)]


class Replay:
    """The running state of a list; deals are added one at a time.

    Adding a deal costs the same however long the list is, so the app can
    score a new deal without replaying the whole list (see ``resume``).
    """

    def __init__(self, rules: RuleSet, players: tuple[str, ...], first_dealer: str) -> None:
        self.rules = rules
        self.players = players
        self.totals = dict.fromkeys(players, 0)
        self.tally: dict[str, int] = {}
        self.results: list[DealResult] = []
        #: Deals scored before this replay took over (see ``resume``).
        self.skipped = 0
        self._seat = {who: i for i, who in enumerate(players)}
        self._dealer = self._seat[first_dealer]
        self._sits_out = len(players) == 5
        self._tables: dict[str, Table] = {}

    @classmethod
    def resume(
        cls, rules: RuleSet, players: tuple[str, ...], *, next_dealer: str, played: int
    ) -> Replay:
        """Pick up a list after ``played`` deals, to score the next ones.

        Only the dealer and the count carry over, so the totals count only
        the deals added from here; a family whose scoring reads the tally
        (``rules.reads_tally``) must be replayed in full instead.
        """
        if rules.reads_tally:
            raise ValueError("this family's scoring reads the tally: replay the list")
        replay = cls(rules, players, next_dealer)
        replay.skipped = played
        return replay

    @property
    def next_dealer(self) -> str:
        """Who deals the next deal, unless it names its own dealer."""
        return self.players[self._dealer]

    def table(self, dealer: str | None = None) -> Table:
        """Who plays a deal dealt by dealer (by default the next dealer)."""
        dealer = self.next_dealer if dealer is None else dealer
        table = self._tables.get(dealer)
        if table is None:
            if dealer not in self._seat:
                raise ScoringError("dealer", N_("%(name)s is not a player of this list"), name=dealer)
            active = (
                tuple(who for who in self.players if who != dealer)
                if self._sits_out
                else self.players
            )
            table = self._tables[dealer] = Table(self.players, dealer, active)
        return table

    def add(self, deal: Deal) -> DealResult:
        """Check and score the next deal, and move the dealer on."""
        number = self.skipped + len(self.results) + 1
        try:
            table = self.table(deal.dealer)
            outcome = score_deal(self.rules, table, deal, self.tally)
        except ScoringError as error:
            raise error.in_deal(number) from None
        payouts = dict.fromkeys(self.players, 0)
        payouts.update(outcome.payouts)
        totals = self.totals
        for who, amount in outcome.payouts.items():
            totals[who] += amount
        for key, amount in outcome.tally.items():
            self.tally[key] = self.tally.get(key, 0) + amount
        result = DealResult(number, table.dealer, deal, MappingProxyType(payouts))
        self.results.append(result)
        self._dealer = (self._seat[table.dealer] + 1) % len(self.players)
        return result

    def result(self) -> ListResult:
        """The list as replayed so far."""
        return ListResult(
            rules=self.rules,
            players=self.players,
            deals=tuple(self.results),
            totals=MappingProxyType(dict(self.totals)),
            tally=MappingProxyType(dict(self.tally)),
            next_dealer=self.next_dealer,
        )


@dataclass(frozen=True, slots=True)
class ScoreList:
    """A list as kept on paper: rules, players in seating order, deals."""

    rules: RuleSet
    #: Players in seating order, clockwise.
    players: tuple[str, ...]
    #: Who dealt the first deal.
    first_dealer: str
    deals: tuple[Deal, ...] = ()

    def replay(self, more: Iterable[Deal] = ()) -> ListResult:
        """Score every deal in order (and any more after them)."""
        replay = Replay(self.rules, self.players, self.first_dealer)
        for deal in self.deals:
            replay.add(deal)
        for deal in more:
            replay.add(deal)
        return replay.result()

    def to_document(self) -> dict[str, Any]:
        """Write the list file, every rule default filled in."""
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "deals": [deal.to_dict() for deal in self.deals],
        }


def replay(score_list: ScoreList) -> ListResult:
    """Score a whole list."""
    return score_list.replay()
