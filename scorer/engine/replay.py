"""A whole list: players, rules and deals, replayed into payouts and totals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from scorer.engine.changes import Change
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.exact import check_amounts
from scorer.engine.families.base import Carry, Outcome, Table
from scorer.engine.families.checks import check
from scorer.engine.results import DealResult, ListResult
from scorer.engine.rules import RuleSet

FORMAT = "schafkopf-list/1"


def score_deal(rules: RuleSet, table: Table, deal: Deal, carry: Carry = Carry()) -> Outcome:
    """Check a deal against the list's rules and the table, and score it from the carry.

    The game scores the deal; then each of the family's rules across deals
    (Bock, the Stock) takes the outcome and the carry before it.
    """
    game = rules.family.game(deal.game)
    check(rules, game, deal)
    outcome = game.score(rules, table, deal, carry)
    for rule in rules.carry_rules:
        outcome = rule(rules, table, deal, game, outcome, carry)
    return outcome


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
    """The running state of a list, folded deal by deal; deals are added one at a time.

    Everything one deal hands the next (the tally, Bock rounds, the pot) is
    the ``carry``. Adding a deal costs the same however long the list is, so
    the app can score a new deal without replaying the whole list (``resume``).

    A deal that would take a payout, a running total or the pot past what a
    JSON number holds exactly is refused (``scorer.engine.exact``); ``exact``
    False scores it all the same, as a list stored before that was scored.
    """

    def __init__(
        self, rules: RuleSet, players: tuple[str, ...], first_dealer: str, carry: Carry = Carry(),
        changes: Iterable[Change] = (), *, exact: bool = True,
    ) -> None:
        self._totals = dict.fromkeys(players, 0)
        self._exact = exact
        self.carry = carry
        self.results: list[DealResult] = []
        #: Deals scored before this replay took over (see ``resume``).
        self.skipped = 0
        #: The list's changes still to come, the next first.
        self._changes = sorted(changes, key=lambda change: change.start, reverse=True)
        #: Who dealt the last deal (None before the first).
        self._last: str | None = None
        self._seated(rules, players, first_dealer)

    def _seated(self, rules: RuleSet, players: tuple[str, ...], next_dealer: str) -> None:
        """Seat these players under these rules, the next deal dealt by ``next_dealer``."""
        self.rules = rules
        self.players = players
        self._seat = {who: i for i, who in enumerate(players)}
        self._dealer = self._seat[next_dealer]

    @property
    def played(self) -> int:
        """The deals scored so far, those before this replay took over (``skipped``) included."""
        return self.skipped + len(self.results)

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total so far, every player of the list in the order they joined."""
        return self._totals

    def _apply(self, change: Change) -> None:
        """Switch to a change's seating and rules before the deal it starts from."""
        rules = change.rules or self.rules
        players = change.players or self.players
        if players != self.players:
            open_carry = _open_carry(self.carry, self.rules.family.settled)
            if open_carry:
                raise ScoringError("changes.players", open_carry)
        if not rules.plays_bock and self.carry.bock_rounds and self.rules.plays_bock:
            raise ScoringError(
                "changes.rules.bock", N_("cannot be switched off while a Bock round is still to be played")
            )
        if not rules.plays_stock and self.carry.pot:
            raise ScoringError(
                "changes.rules.stock", N_("cannot be switched off while the pot holds something")
            )
        for who in players:
            self.totals.setdefault(who, 0)
        self._seated(rules, players, self._dealer_at(change, players))

    def _dealer_at(self, change: Change, players: tuple[str, ...]) -> str:
        """Who deals a change's first deal: named, or clockwise after the last dealer."""
        if change.first_dealer is not None:
            return change.first_dealer
        if players == self.players:
            return self.next_dealer
        if self._last is None:
            return self.next_dealer if self.next_dealer in players else players[-1]
        if self._last in players:
            return players[(players.index(self._last) + 1) % len(players)]
        # The last dealer left: the deal goes on to the next one still seated.
        at = self._seat[self._last]
        old = self.players
        return next(
            (old[(at + k) % len(old)] for k in range(1, len(old)) if old[(at + k) % len(old)] in players),
            players[-1],
        )

    @classmethod
    def resume(
        cls, rules: RuleSet, players: tuple[str, ...], *, next_dealer: str, played: int,
        carry: Carry | None = None, totals: Mapping[str, int] | None = None,
    ) -> Replay:
        """Pick up a list after ``played`` deals, to score the next ones.

        The dealer, the count and the carry after the last deal carry over.
        The totals count only the deals added from here, unless the list's
        ``totals`` after its last deal are given: then they go on from them,
        and a deal that would take one past what JSON holds exactly is
        refused as a full replay refuses it. Rules that read the carry
        (``rules.reads_carry``) need the carry the list ended with.
        """
        if carry is None:
            if rules.reads_carry:
                raise ValueError("these rules read what earlier deals carried: give the carry")
            carry = Carry()
        replay = cls(rules, players, next_dealer, carry)
        replay.skipped = played
        if totals is not None:
            for who in players:
                replay._totals[who] = totals.get(who, 0)
        return replay

    @property
    def next_dealer(self) -> str:
        """Who deals the next deal, unless it names its own dealer."""
        return self.players[self._dealer]

    def table(self, dealer: str | None = None) -> Table:
        """Who plays a deal dealt by dealer (by default the next dealer)."""
        dealer = self.next_dealer if dealer is None else dealer
        if dealer not in self._seat:
            raise ScoringError("dealer", N_("%(name)s is not a player of this list"), name=dealer)
        return Table(self.players, dealer, self.rules.family.active(self.players, dealer))

    def add(self, deal: Deal) -> DealResult:
        """Check and score the next deal, carry its state on, and move the dealer on.

        A deal that the rules refuse, or that would take an amount past what
        JSON holds exactly, raises ``ScoringError`` naming the deal, and is not added.
        """
        number = self.played + 1
        try:
            while self._changes and self._changes[-1].start <= number:
                self._apply(self._changes.pop())
            table = self.table(deal.dealer)
            outcome = score_deal(self.rules, table, deal, self.carry)
        except ScoringError as error:
            raise error.in_deal(number) from None
        # Every player of the list, in the list's order: 0 for those not playing.
        payouts = {who: outcome.payouts.get(who, 0) for who in self._totals}
        if self._exact:
            check_amounts(self._totals, payouts, outcome.carry.pot, number)
        for who, amount in payouts.items():
            self._totals[who] += amount
        self.carry = outcome.carry
        self._dealer = (self._seat[table.dealer] + 1) % len(self.players)
        self._last = table.dealer
        result = DealResult(
            number, table.dealer, deal, MappingProxyType(payouts), outcome,
            seating=self.players, rules=self.rules,
        )
        self.results.append(result)
        return result

    def extend(self, deals: Iterable[Deal]) -> None:
        """Add these deals in order, each as ``add`` adds one; a deal refused stops it."""
        for deal in deals:
            self.add(deal)

    def settle_changes(self) -> None:
        """Apply the changes that start at the next deal (checking them), as the list ends now."""
        number = self.played + 1
        try:
            while self._changes and self._changes[-1].start <= number:
                self._apply(self._changes.pop())
        except ScoringError as error:
            raise error.in_deal(number) from None

    def result(self) -> ListResult:
        """The list as replayed so far."""
        deals = tuple(self.results)
        if deals and len(deals[0].payouts) < len(self.totals):
            # Someone joined: every deal names everyone, with 0 for those not yet there.
            nobody = dict.fromkeys(self.totals, 0)
            deals = tuple(
                replace(d, payouts=MappingProxyType({**nobody, **d.payouts}))
                if len(d.payouts) < len(nobody) else d
                for d in deals
            )
        return ListResult(
            rules=self.rules,
            players=tuple(self.totals),
            deals=deals,
            totals=MappingProxyType(dict(self.totals)),
            carry=self.carry,
            next_dealer=self.next_dealer,
            seating=self.players,
        )


def _open_carry(carry: Carry, settled: frozenset[str]) -> str | None:
    """Why the players cannot change now, if something of theirs is still open.

    ``settled`` names the tally's entries that stay settled across the change.
    """
    if carry.pot:
        return N_("cannot change while the pot holds something: play until it is won")
    if carry.doublers:
        return N_("cannot change while doubled picks are still to be played")
    if any(amount for key, amount in carry.tally.items() if key not in settled):
        return N_("cannot change while the tally is running (a head being played, classic points)")
    return None


@dataclass(frozen=True, slots=True)
class ScoreList:
    """A list as kept on paper: rules, players in seating order, deals."""

    rules: RuleSet
    #: Players in seating order, clockwise.
    players: tuple[str, ...]
    #: Who dealt the first deal.
    first_dealer: str
    deals: tuple[Deal, ...] = ()
    #: What changed during the list (seating, players, rules), from which deal on.
    changes: tuple[Change, ...] = ()

    def replay(self, more: Iterable[Deal] = (), *, exact: bool = True) -> ListResult:
        """Score every deal in order (and any more after them).

        ``exact`` False scores amounts past what JSON holds exactly (see :class:`Replay`).
        """
        replay = self.replayer(exact=exact)
        replay.extend(self.deals)
        replay.extend(more)
        replay.settle_changes()
        return replay.result()

    def replayer(self, *, exact: bool = True) -> Replay:
        """A replay of this list from its start, nothing scored yet."""
        return Replay(self.rules, self.players, self.first_dealer, changes=self.changes, exact=exact)

    def to_document(self) -> dict[str, Any]:
        """Write the list file, every rule default filled in."""
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "deals": [deal.to_dict() for deal in self.deals],
            **({"changes": [change.to_dict() for change in self.changes]} if self.changes else {}),
        }


def replay(score_list: ScoreList) -> ListResult:
    """Score a whole list."""
    return score_list.replay()
