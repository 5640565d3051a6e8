"""The faster construction of the engine's per-deal values changes nothing about them."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.engine.deals import NEUTRAL, Deal, parse_deal
from scorer.engine.errors import ScoringError
from scorer.engine.families.base import Carry, Outcome
from scorer.engine.quick import quick_init, quick_replace
from scorer.engine.values import name


def test_a_value_made_by_quick_init_stays_frozen_and_keeps_its_defaults() -> None:
    carry = Carry(bock=(3,), pot=20)
    assert (carry.tally, carry.bock, carry.pot, carry.doublers) == ({}, (3,), 20, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        carry.pot = 0  # type: ignore[misc]
    assert carry == Carry(bock=(3,), pot=20) and carry != Carry(bock=(3,))
    assert dataclasses.replace(carry, pot=0) == Carry(bock=(3,))


def test_quick_replace_changes_only_what_it_is_given() -> None:
    outcome = Outcome({"Anna": 20, "Bene": -20}, Carry(pot=4), won=True, side=("Anna",),
                      breakdown=None)  # type: ignore[arg-type]
    changed = quick_replace(outcome, bock=2, carry=quick_replace(outcome.carry, pot=0))
    assert changed == dataclasses.replace(outcome, bock=2, carry=Carry())
    assert (outcome.bock, outcome.carry.pot) == (1, 4)


def test_quick_init_refuses_a_class_it_cannot_speed_up() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        value: int

    @dataclasses.dataclass
    class Thawed:
        value: int

    for cls in (Slotted, Thawed):
        with pytest.raises(TypeError):
            quick_init(cls)


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
    # Every deal holds every key, in the order __init__ sets them (the interpreter's quick reads).
    assert list(vars(read)) == list(vars(made))
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.points = 3  # type: ignore[misc]


def test_a_name_refused_once_is_refused_again_and_one_accepted_stays_accepted() -> None:
    assert name("Anna", "players") == "Anna" and name("Anna", "players") == "Anna"
    for _ in range(2):
        with pytest.raises(Exception, match="player's name"):
            name("\u200b", "players")


@pytest.mark.parametrize("key", ["points", "laufende", "doubles", "bid", "blitz"])
def test_a_whole_number_read_on_the_quick_path_is_read_as_its_reader_reads_it(key: str) -> None:
    from scorer.engine.deals import _READ, _WHOLE_UP_TO

    most = _WHOLE_UP_TO[key]
    for value in (0, 1, most):
        assert getattr(parse_deal({"game": "sauspiel", key: value}, 1), key) == _READ[key](value, key)
    for value in (-1, most + 1, True, False):
        with pytest.raises(ScoringError) as reader:
            _READ[key](value, key)
        with pytest.raises(ScoringError) as quick:
            parse_deal({"game": "sauspiel", key: value}, 1)
        assert str(quick.value).endswith(str(reader.value))
