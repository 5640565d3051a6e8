"""Settling up: the fewest transfers that bring every balance to zero."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: Beyond this many open balances the exact search gives way to a greedy one.
EXACT_UP_TO = 16


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment of the settlement."""

    #: Who pays.
    payer: str
    #: Who is paid.
    payee: str
    #: How much, in the list's units (money is amount x point_value).
    amount: int

    def to_dict(self) -> dict[str, Any]:
        """Write the transfer as the list file's settlement does."""
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def settle(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Propose the fewest transfers that settle balances summing to zero.

    >>> settle({"Anna": 30, "Bene": -10, "Chris": -20})
    (Transfer(payer='Chris', payee='Anna', amount=20), Transfer(payer='Bene', payee='Anna', amount=10))
    """
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero")
    open_ = [(who, amount) for who, amount in balances.items() if amount]
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(open_):
        transfers.extend(_within(group))
    return tuple(transfers)


def _zero_sum_groups(open_: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split balances into the most groups summing to zero.

    A group of k balances settles in k - 1 transfers, so the most groups give
    the fewest transfers. The search runs over subsets: fine for a table.
    """
    n = len(open_)
    if n == 0:
        return []
    if n > EXACT_UP_TO:
        return [open_]
    amounts = [amount for _, amount in open_]
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
    # groups[mask]: most zero-sum groups into which the members of mask can be
    # added one by one, closing a group each time the running sum is zero.
    groups = [0] * (full + 1)
    for mask in range(1, full + 1):
        best = 0
        bits = mask
        while bits:
            low = bits & -bits
            best = max(best, groups[mask ^ low])
            bits ^= low
        groups[mask] = best + (1 if total[mask] == 0 else 0)
    order: list[int] = []
    mask = full
    while mask:
        bits = mask
        pick = 0
        while bits:
            low = bits & -bits
            if not pick or groups[mask ^ low] > groups[mask ^ pick]:
                pick = low
            bits ^= low
        order.append(pick.bit_length() - 1)
        mask ^= pick
    order.reverse()
    result: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    running = 0
    for index in order:
        current.append(open_[index])
        running += open_[index][1]
        if running == 0:
            result.append(current)
            current = []
    return result


def _within(group: list[tuple[str, int]]) -> list[Transfer]:
    """Settle one zero-sum group: the biggest debtor pays the biggest creditor."""
    debtors = sorted(((-a, w) for w, a in group if a < 0), key=lambda x: (-x[0], x[1]))
    creditors = sorted(((a, w) for w, a in group if a > 0), key=lambda x: (-x[0], x[1]))
    transfers: list[Transfer] = []
    d = c = 0
    while d < len(debtors) and c < len(creditors):
        owes, payer = debtors[d]
        due, payee = creditors[c]
        amount = min(owes, due)
        transfers.append(Transfer(payer, payee, amount))
        debtors[d] = (owes - amount, payer)
        creditors[c] = (due - amount, payee)
        if owes == amount:
            d += 1
        if due == amount:
            c += 1
    return transfers
