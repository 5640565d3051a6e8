"""Amounts that a JSON number holds exactly.

The command line, the API and the export write every amount as a JSON
number, and a reader may hold one as a double (as JavaScript does): above
2**53 - 1 it rounds. I-JSON (RFC 7493) asks for integers within
+-(2**53 - 1), so the replay refuses a deal that would take a payout, a
running total or the pot past that: it checks every deal with
:func:`check_amounts`.

>>> check_amounts({"Anna": 10, "Bene": -10}, {"Anna": 5, "Bene": -5}, 0, 3)
>>> check_amounts({"Anna": MOST, "Bene": -MOST}, {"Anna": 1, "Bene": -1}, 0, 3)
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


def check_amounts(totals: Mapping[str, int], paid: Mapping[str, int], pot: int, deal: int) -> None:
    """Refuse deal ``deal`` if a payout, a total it makes or the pot after it passes :data:`MOST`.

    ``totals`` are the running totals before the deal, ``pot`` the pot after it.
    """
    for name, amount in paid.items():
        if not -MOST <= amount <= MOST:
            raise ScoringError("payouts", PAYOUT, deal=deal, name=name, amount=amount, most=MOST)
    for name, amount in paid.items():
        total = totals.get(name, 0) + amount
        if not -MOST <= total <= MOST:
            raise ScoringError("totals", TOTAL, deal=deal, name=name, amount=total, most=MOST)
    if pot > MOST:
        raise ScoringError("pot", POT, deal=deal, amount=pot, most=MOST)
