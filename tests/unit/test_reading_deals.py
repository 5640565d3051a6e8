"""A deal read from the list file is the deal its keys make, and stays frozen."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.engine.deals import NEUTRAL, Deal, parse_deal
from scorer.engine.families.base import Carry
from scorer.engine.values import name


def test_a_carry_stays_frozen_and_keeps_its_defaults() -> None:
    carry = Carry(bock=(3,), pot=20)
    assert (carry.tally, carry.bock, carry.pot, carry.doublers) == ({}, (3,), 20, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        carry.pot = 0  # type: ignore[misc]
    assert carry == Carry(bock=(3,), pot=20) and carry != Carry(bock=(3,))
    assert dataclasses.replace(carry, pot=0) == Carry(bock=(3,))


deals = st.fixed_dictionaries(
    {"game": st.sampled_from(["sauspiel", "solo", "ramsch", "bettel"])},
    optional={
        "declarer": st.sampled_from(["Anna", "Bene"]), "partner": st.sampled_from(["Chris", "Dora"]),
        "points": st.integers(0, 120), "laufende": st.integers(0, 8), "doubles": st.integers(0, 4),
        "schwarz": st.booleans(), "contra": st.booleans(), "won": st.booleans(), "bock": st.booleans(),
        "no_trick": st.just(["Anna"]), "dealer": st.sampled_from(["Anna", "Dora"]),
    },
)


@given(deals)
def test_a_deal_read_is_the_deal_its_keys_make(data: dict) -> None:
    read = parse_deal(data, 1)
    made = Deal(**{**data, **({"no_trick": tuple(data["no_trick"])} if "no_trick" in data else {})})
    assert read == made and read.given == made.given and read.to_dict() == made.to_dict()
    assert all(getattr(read, key) == getattr(made, key) for key in NEUTRAL)
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.points = 3  # type: ignore[misc]


def test_a_name_refused_once_is_refused_again_and_one_accepted_stays_accepted() -> None:
    assert name("Anna", "players") == "Anna" and name("Anna", "players") == "Anna"
    for _ in range(2):
        with pytest.raises(Exception, match="player's name"):
            name("\u200b", "players")
