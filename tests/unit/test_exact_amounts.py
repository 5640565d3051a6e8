"""Amounts stay within what a JSON number holds exactly (I-JSON, RFC 7493: +-(2**53 - 1)).

A deal that would take a payout, a running total or the pot past that is
refused, naming the deal and the key, by the replay every path runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import ScoringError, read_list, score_document
from scorer.engine.exact import MOST, check_amounts

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
#: Every passed deal calls a Bock round of 100 deals, and the rounds stack: each one doubles again.
BOCK = {"preset": "bavarian", "bock": {"after": [], "deals": 100, "stack": "double"}}
CALL = {"game": "passed", "bock": True}
#: A solo won schneider: Bene gets 3 x (solo 40 + schneider 10), each other player pays once.
SOLO = {"game": "solo", "declarer": "Bene", "points": 95}
SOLO_VALUE = 40 + 10


def bock_list(calls: int, solos: int) -> dict[str, Any]:
    return {"rules": BOCK, "players": PLAYERS, "deals": [CALL] * calls + [SOLO] * solos}


def refusal(document: dict[str, Any]) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    return caught.value


def test_the_limit_is_the_largest_integer_a_double_holds_exactly() -> None:
    assert MOST == 2**53 - 1
    assert float(MOST) == MOST and float(MOST + 2) != MOST + 2


def test_amounts_up_to_the_limit_are_scored() -> None:
    # 45 stacked rounds: each solo pays Bene 3 x 50 x 2**45, within the limit, once.
    scored = score_document(bock_list(45, 1))
    assert scored["deals"][-1]["payouts"]["Bene"] == 3 * SOLO_VALUE * 2**45 <= MOST
    assert scored["totals"]["Bene"] == 3 * SOLO_VALUE * 2**45


def test_a_payout_past_the_limit_is_refused_naming_the_deal() -> None:
    # 48 stacked rounds: Anna would pay 50 x 2**48 in deal 49.
    error = refusal(bock_list(48, 1))
    assert (error.deal, error.key) == (49, "payouts")
    assert error.params["amount"] == -SOLO_VALUE * 2**48
    assert error.message == (
        f"deal 49: payouts: Anna's payout would be {-SOLO_VALUE * 2**48}: amounts stay within "
        f"±{MOST}, the most a JSON number holds exactly"
    )


def test_a_running_total_past_the_limit_is_refused_though_each_payout_is_within_it() -> None:
    # Each solo pays Bene 3 x 50 x 2**45 (less than the limit); the second takes his total past it.
    assert 3 * SOLO_VALUE * 2**45 <= MOST < 2 * 3 * SOLO_VALUE * 2**45
    error = refusal(bock_list(45, 2))
    assert (error.deal, error.key) == (47, "totals")
    assert error.params == {"name": "Bene", "amount": 2 * 3 * SOLO_VALUE * 2**45, "most": MOST}


def test_a_pot_past_the_limit_is_refused() -> None:
    # The Stock doubles with every lost Sauspiel; no tariff, so only the pot moves money.
    rules = {"preset": "bavarian", "tariffs": {"sauspiel": 0},
             "stock": {"pay": 10, "won_by": "sauspiel", "double": True}}
    lost = [{"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 60},
            {"game": "sauspiel", "declarer": "Chris", "partner": "Dora", "points": 60}]
    deals = [{"game": "passed"}] + [lost[i % 2] for i in range(48)]
    scored = score_document({"rules": rules, "players": PLAYERS, "deals": deals[:-1]})
    assert scored["pot"] == 40 * 2**47 <= MOST  # four players paid 10 in, doubled 47 times
    error = refusal({"rules": rules, "players": PLAYERS, "deals": deals})
    assert (error.deal, error.key) == (49, "pot")
    assert error.params["amount"] == 40 * 2**48


@pytest.mark.parametrize(("before", "paid", "refused"), [
    (MOST - 1, 1, None),
    (MOST - 1, 2, "totals"),
    (-MOST + 1, -1, None),
    (-MOST + 1, -2, "totals"),
    (0, MOST, None),
    (0, MOST + 1, "payouts"),
    (0, -MOST - 1, "payouts"),
])
def test_the_limit_holds_to_the_unit_either_way(before: int, paid: int, refused: str | None) -> None:
    totals = {"Anna": before, "Bene": -before}
    payouts = {"Anna": paid, "Bene": -paid}
    if refused is None:
        check_amounts(totals, payouts, 0, 7)
    else:
        with pytest.raises(ScoringError) as caught:
            check_amounts(totals, payouts, 0, 7)
        assert (caught.value.deal, caught.value.key) == (7, refused)


def first_past_the_limit(document: dict[str, Any]) -> tuple[int, str] | None:
    """The first deal whose payouts, running totals or pot pass the limit, found the slow way."""
    result = read_list(document).replay(exact=False)
    totals = dict.fromkeys(result.players, 0)
    for deal in result.deals:
        if any(abs(amount) > MOST for amount in deal.payouts.values()):
            return deal.number, "payouts"
        for who, amount in deal.payouts.items():
            totals[who] += amount
        if any(abs(total) > MOST for total in totals.values()):
            return deal.number, "totals"
        if (deal.pot or 0) > MOST:
            return deal.number, "pot"
    return None


DEALS = st.sampled_from([
    CALL, {"game": "passed"}, SOLO,
    {"game": "solo", "declarer": "Anna", "points": 20},
    {"game": "sauspiel", "declarer": "Chris", "partner": "Dora", "points": 61},
    {"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 40, "contra": True},
])


@settings(max_examples=150, deadline=None)
@given(
    calls=st.integers(0, 60),
    deals=st.lists(DEALS, max_size=40),
    solo=st.integers(0, 100_000),
    stock=st.booleans(),
)
def test_the_replay_refuses_exactly_the_first_deal_past_the_limit(
    calls: int, deals: list[dict[str, Any]], solo: int, stock: bool,
) -> None:
    # Up to 60 Bock rounds called first bring the amounts near the limit, and past it.
    rules: dict[str, Any] = {**BOCK, "tariffs": {"solo": solo}}
    if stock:
        rules["stock"] = {"pay": 10, "won_by": "sauspiel", "double": True}
    document = {"rules": rules, "players": PLAYERS, "deals": [CALL] * calls + deals}
    expected = first_past_the_limit(document)
    if expected is None:
        assert score_document(document)["totals"] == dict(read_list(document).replay(exact=False).totals)
    else:
        error = refusal(document)
        assert (error.deal, error.key) == expected


def test_the_command_line_refuses_it_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(bock_list(45, 2)))
    finished = subprocess.run([sys.executable, "-m", "scorer", "score", str(path)],
                              capture_output=True, cwd=ROOT, timeout=60)
    assert finished.returncode == 2 and finished.stdout == b""
    assert finished.stderr.decode() == (
        f"deal 47: totals: Bene's total would reach {6 * SOLO_VALUE * 2**45}: amounts stay within "
        f"±{MOST}, the most a JSON number holds exactly\n"
    )
