"""A deal read from the list file is the deal its keys make, and stays frozen."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.engine import FAMILIES, ScoringError, score_document
from scorer.engine.deal_file import parse_deal
from scorer.engine.deals import NEUTRAL, Deal
from scorer.engine.families.base import Carry
from scorer.engine.values import name


def test_a_carry_stays_frozen_and_keeps_its_defaults() -> None:
    carry = Carry(bock_rounds=(3,), pot=20)
    assert (carry.tally, carry.bock_rounds, carry.pot, carry.doublers) == ({}, (3,), 20, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        carry.pot = 0  # type: ignore[misc]
    assert carry == Carry(bock_rounds=(3,), pot=20) and carry != Carry(bock_rounds=(3,))
    assert dataclasses.replace(carry, pot=0) == Carry(bock_rounds=(3,))


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


def test_a_key_a_family_declares_is_read_kept_and_written_back() -> None:
    from scorer.engine.deals import KEYS, Key, read_deal
    from scorer.engine.errors import ScoringError

    offender = Key("offender", name, "player")
    keys = {**KEYS, offender.name: offender}
    deal = read_deal({"game": "penalty", "offender": "Bene"}, 4, ("sauspiel", "penalty"), keys)
    assert deal.more == {"offender": "Bene"} and offender.of(deal) == "Bene"
    assert deal.given == {"offender"} and deal.value("offender") == "Bene"
    assert deal.to_dict() == {"game": "penalty", "offender": "Bene"}
    assert offender.of(Deal(game="penalty")) is None
    with pytest.raises(ScoringError) as refused:
        read_deal({"game": "penalty", "offender": 7}, 4, ("penalty",), keys)
    assert (refused.value.key, refused.value.deal) == ("offender", 4)
    # Without the family's declaration, the key is unknown.
    with pytest.raises(ScoringError, match="not a key of a deal"):
        read_deal({"game": "penalty", "offender": "Bene"}, 1, ("penalty",), KEYS)


def test_every_shared_key_is_declared_once_with_its_neutral_value() -> None:
    from scorer.engine.deals import KEYS
    from scorer.engine.families import KEYS as EVERY_KEY

    assert set(KEYS) == set(NEUTRAL)
    assert all(KEYS[key].neutral == NEUTRAL[key] for key in NEUTRAL)
    assert list(EVERY_KEY)[: len(KEYS)] == list(KEYS)


@pytest.mark.parametrize("family_name", list(FAMILIES))
def test_a_game_refused_offers_the_games_of_the_list_s_own_family(family_name: str) -> None:
    family = FAMILIES[family_name]
    others = {game for name, other in FAMILIES.items() if name != family_name for game in other.games}
    for deal in ({"game": "skat"}, {"declarer": "Anna"}):
        document = {"rules": {"preset": family_name}, "players": ["Anna", "Bene", "Chris", "Dora"][:min(family.seats)],
                    "deals": [deal]}
        with pytest.raises(ScoringError) as refused:
            score_document(document)
        assert refused.value.key == "game"
        offered = refused.value.reason.split("one of ", 1)[1].split(", ")
        assert offered == list(family.games)
        assert not (set(offered) - set(family.games)) and not (others - set(family.games)) & set(offered)
