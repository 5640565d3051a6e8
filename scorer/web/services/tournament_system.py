"""A tournament's own keys besides its rules: its tie-breaks, entry fee, shares, prizes and currency.

Read and checked when the tournament is made, kept on its row, answered by
the API; and the prize list worked out from its standings
(``scorer.tournaments.prizes``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.engine import N_, ScoringError
from scorer.engine.errors import shown
from scorer.tournaments.prizes import Prize, PrizeList, PrizeRules, checked_prize_rules, prize_list
from scorer.tournaments.standings import DEFAULT_TIE_BREAKS, Standing, checked_tie_breaks
from scorer.web.models import TournamentRow

#: The currencies a tournament pays in (ISO 4217); the first is taken when none is given.
CURRENCIES = ("EUR", "USD", "CHF", "GBP")
#: The document keys read here.
KEYS = ("tie_breaks", "entry_fee", "shares", "prizes", "currency")


@dataclass(frozen=True)
class System:
    """How a tournament tells equals apart and what it pays."""

    tie_breaks: tuple[str, ...] = DEFAULT_TIE_BREAKS
    prize_rules: PrizeRules = PrizeRules()
    currency: str = CURRENCIES[0]

    def columns(self) -> dict[str, Any]:
        """The tournament row's columns that keep it (the default tie-breaks kept as None)."""
        rules = self.prize_rules
        return {
            "tie_breaks": None if self.tie_breaks == DEFAULT_TIE_BREAKS else list(self.tie_breaks),
            "entry_fee": rules.entry_fee, "shares": list(rules.shares) or None,
            "prizes": [prize.to_dict() for prize in rules.prizes] or None, "currency": self.currency,
        }

    def to_dict(self) -> dict[str, Any]:
        """As ``GET /api/tournaments/ID`` answers it."""
        rules = self.prize_rules
        return {
            "tie_breaks": list(self.tie_breaks), "entry_fee": rules.entry_fee, "shares": list(rules.shares),
            "prizes": [prize.to_dict() for prize in rules.prizes], "currency": self.currency,
        }


def read_system(document: Mapping[str, Any]) -> System:
    """Read the keys from a new tournament's document; each may be left out."""
    return System(
        checked_tie_breaks(document.get("tie_breaks")),
        checked_prize_rules(document.get("entry_fee"), document.get("shares"), document.get("prizes")),
        checked_currency(document.get("currency")),
    )


def checked_currency(value: Any, known: Sequence[str] = CURRENCIES) -> str:
    """A document's ``currency``: the first of ``known`` when left out; any other value refused."""
    if value is None:
        return known[0]
    if value not in known:
        raise ScoringError("currency", N_("%(value)s is not a currency the app pays in (%(known)s)"),
                           value=shown(value), known=", ".join(known))
    return str(value)


def system_of(row: TournamentRow) -> System:
    """The system a tournament keeps (one kept before: the default tie-breaks, no prizes, euros)."""
    prizes = tuple(Prize(p["place"], p.get("amount", 0), p.get("label")) for p in row.prizes or ())
    return System(
        tuple(row.tie_breaks) if row.tie_breaks is not None else DEFAULT_TIE_BREAKS,
        PrizeRules(row.entry_fee or 0, tuple(row.shares or ()), prizes),
        row.currency or CURRENCIES[0],
    )


def present_places(ranked: Sequence[Standing], withdrawn: Collection[int]) -> list[tuple[int, int]]:
    """Each participant not withdrawn with their place among those not withdrawn, best first.

    A place counts only those before it who are not withdrawn: places 1, 2,
    2, 4 with the first withdrawn become 1, 1, 3.
    """
    present = [s for s in ranked if s.participant not in withdrawn]
    return [(1 + sum(1 for other in present if other.place < s.place), s.participant) for s in present]


def tournament_prizes(system: System, ranked: Sequence[Standing], withdrawn: Collection[int],
                      registered: int, counted: Sequence[int]) -> PrizeList:
    """The prize list of standings: the withdrawn take nothing, but paid their fee."""
    placed = present_places(ranked, withdrawn)
    present = {number for _place, number in placed}
    rounds = {s.participant: s.rounds for s in ranked if s.participant in present}
    return prize_list(system.prize_rules, registered, placed, rounds, counted)
