"""Amounts that a JSON number holds exactly.

The command line, the API and the export write every amount as a JSON
number, and a reader may hold one as a double (as JavaScript does): above
2**53 - 1 it rounds. I-JSON (RFC 7493) asks for integers within
+-(2**53 - 1), so the replay refuses a deal that would take a payout, a
running total or the pot past that.

Checking every running total at every deal would cost a step per player
and deal; the replay keeps a bound instead (``reach``), never less than
the largest running total and the pot. A deal raises it by at most its
largest payout times the number of players (each total moves by at most
the largest payout, the pot by at most the sum of them), so the exact
check (:func:`checked_reach`) runs only once the bound passes the limit,
which no list of real evenings comes near.

>>> checked_reach({"Anna": 10, "Bene": -10}, {"Anna": 5, "Bene": -5}, 0, 3)
15
>>> checked_reach({"Anna": MOST, "Bene": -MOST}, {"Anna": 1, "Bene": -1}, 0, 3)
Traceback (most recent call last):
...
scorer.engine.errors.ScoringError: deal 3: totals: Anna's total would reach 9007199254740992: \
amounts stay within ±9007199254740991, the most a JSON number holds exactly
"""

from __future__ import annotations

from collections.abc import Mapping

from scorer.engine.errors import N_, ScoringError

#: The largest whole number a JSON number holds exactly (RFC 7493, I-JSON).
MOST = 2**53 - 1

PAYOUT = N_("%(name)s's payout would be %(amount)s: amounts stay within ±%(most)s, "
            "the most a JSON number holds exactly")
TOTAL = N_("%(name)s's total would reach %(amount)s: amounts stay within ±%(most)s, "
           "the most a JSON number holds exactly")
POT = N_("the pot would hold %(amount)s: amounts stay within ±%(most)s, "
         "the most a JSON number holds exactly")


def reach_of(totals: Mapping[str, int], pot: int) -> int:
    """The bound to start from: the largest running total (either way), or the pot if more."""
    return max([pot, *map(abs, totals.values())])


def checked_reach(totals: Mapping[str, int], paid: Mapping[str, int], pot: int, deal: int) -> int:
    """Check deal ``deal``'s payouts, the totals they make and the pot after it; return the exact bound.

    ``totals`` are the running totals before the deal, ``pot`` the pot after it.
    """
    for name, amount in paid.items():
        if not -MOST <= amount <= MOST:
            raise ScoringError("payouts", PAYOUT, deal=deal, name=name, amount=amount, most=MOST)
    reach = pot
    for name, amount in paid.items():
        total = totals.get(name, 0) + amount
        if not -MOST <= total <= MOST:
            raise ScoringError("totals", TOTAL, deal=deal, name=name, amount=total, most=MOST)
        reach = max(reach, abs(total))
    if pot > MOST:
        raise ScoringError("pot", POT, deal=deal, amount=pot, most=MOST)
    for name, total in totals.items():
        if name not in paid:
            reach = max(reach, abs(total))
    return reach
