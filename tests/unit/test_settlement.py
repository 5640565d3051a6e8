"""The settlement proposes the fewest transfers that bring every balance to zero."""

import pytest

from scorer.engine import Transfer, settle


def apply(balances, transfers):
    left = dict(balances)
    for transfer in transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return left


@pytest.mark.parametrize(
    "balances, fewest",
    [
        ({"Anna": 0, "Bene": 0, "Chris": 0, "Dora": 0}, 0),
        ({"Anna": 20, "Bene": -20, "Chris": 0, "Dora": 0}, 1),
        ({"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}, 2),
        ({"Anna": 10, "Bene": -10, "Chris": 30, "Dora": -30}, 2),
        ({"Anna": -50, "Bene": 540, "Chris": -370, "Dora": -120}, 3),
        ({"Anna": 60, "Bene": -20, "Chris": -40}, 2),
        ({"Anna": 5, "Bene": 7, "Chris": -5, "Dora": -7, "Emil": 0}, 2),
        ({"Anna": 3, "Bene": 4, "Chris": -7, "Dora": 10, "Emil": -10}, 3),
    ],
)
def test_settlement_uses_the_fewest_transfers(balances, fewest):
    transfers = settle(balances)
    assert len(transfers) == fewest
    assert set(apply(balances, transfers).values()) <= {0}
    assert all(isinstance(t, Transfer) and t.amount > 0 for t in transfers)


def test_a_transfer_reads_from_payer_to_payee_in_units():
    (transfer,) = settle({"Anna": 20, "Bene": -20})
    assert (transfer.payer, transfer.payee, transfer.amount) == ("Bene", "Anna", 20)
    assert transfer.to_dict() == {"from": "Bene", "to": "Anna", "amount": 20}

