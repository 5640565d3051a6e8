"""The deal form asks for a family's own deal keys by their kind, with no web code of theirs.

A family here declares a key of kind "player" (who pays every other player)
and one of kind "flag", and a game that takes them: the form offers a row of
players and a box, writes both into the deal, says what is missing in the
engine's words, and fills them in again for an edit.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from flask import Flask, get_template_attribute

from scorer.engine import FAMILIES, Deal, Game, Key, RuleSet, parse_rules
from scorer.engine.families.payouts import nothing
from scorer.engine.values import flag, name
from scorer.web.deals.form import DealForm
from scorer.web.deals.words import summary
from scorer.web.lists.summary import Summaries, deal_keys, heading, value

FOUR = ("Anna", "Bene", "Chris", "Dora")
OFFENDER = Key("offender", name, "player", None, "Who pays everyone?")
REVOKED = Key("revoked", flag, "flag", False, "Revoked")
PENALTY = Game(
    "penalty", nothing, frozenset({"offender", "revoked"}),
    MappingProxyType({"offender": "is missing: who pays everyone?"}),
    kind="solo", points=None, label="Penalty",
)


def rules() -> RuleSet:
    """A Bavarian list whose family also plays the penalty, with its own keys."""
    base = parse_rules({"preset": "bavarian"})
    family = replace(
        FAMILIES["bavarian"], games=MappingProxyType({**FAMILIES["bavarian"].games, "penalty": PENALTY}),
        keys=(OFFENDER, REVOKED),
    )
    return RuleSet(family, {**base.values, "games": base.games | {"penalty"}})


def form(data: dict[str, str] | None = None) -> DealForm:
    return DealForm(rules(), FOUR, "Anna", data)


def test_the_form_offers_a_family_key_of_kind_player_as_a_row_of_players(app: Flask) -> None:
    offered = form()
    assert "penalty" in offered.games
    assert offered.fields_for("penalty") == {"offender", "revoked"}
    rows = {row.key: row for row in offered.player_rows()}
    assert rows["offender"].legend == "Who pays everyone?"
    assert rows["offender"].none is None  # the game requires it: no choice of nobody
    assert offered.games_with("offender") == ["penalty"]
    assert ("revoked", "Revoked") in offered.toggles
    with app.test_request_context():
        html = str(get_template_attribute("deals/_deal_macros.html", "player_rows")(offered, offered.player_rows()))
    fieldset = re.search(r'<fieldset[^>]*id="field-offender".*?</fieldset>', html, re.S)
    assert fieldset is not None
    assert 'data-games="penalty"' in fieldset.group(0)
    assert "<legend>Who pays everyone?</legend>" in fieldset.group(0)
    for player in FOUR:
        assert f'name="offender" value="{player}"' in fieldset.group(0)


def test_a_tap_on_who_is_written_into_the_deal(app: Flask) -> None:
    with app.test_request_context():
        posted = form({"game": "penalty", "offender": "Bene", "revoked": "1"})
        assert posted.deal() == {"game": "penalty", "offender": "Bene", "revoked": True}
        assert not posted.has_errors
        # A key of another game is left out.
        assert form({"game": "sauspiel", "offender": "Bene"}).deal().get("offender") is None


def test_a_missing_key_is_said_in_the_engines_words_after_its_label(app: Flask) -> None:
    with app.test_request_context():
        missing = form({"game": "penalty"})
        assert missing.deal() == {"game": "penalty"}
        assert missing.errors["offender"] == "Who pays everyone?: is missing: who pays everyone?"
        assert missing.anchor("offender") == "field-offender"


def test_an_edit_fills_in_the_family_keys_again(app: Flask) -> None:
    stored = Deal(game="penalty", more=MappingProxyType({"offender": "Chris", "revoked": True}))
    with app.test_request_context():
        edited = form()
        edited.fill(stored)
        assert edited.value("offender") == "Chris" and edited.ticked("revoked")
        row = next(row for row in edited.player_rows() if row.key == "offender")
        assert edited.player_checked(row, "Chris") and not edited.player_checked(row, "Anna")
        assert edited.deal(stored) == {"game": "penalty", "offender": "Chris", "revoked": True}
        assert summary(stored, edited.family) == "Penalty · Revoked · Who pays everyone? Chris"
        short = Summaries(edited.family, FOUR, game_word=str)  # the game word as it is given
        assert short(stored) == "penalty · Who pays everyone? Chris · Revoked"
        assert [heading(edited.family, key) for key in deal_keys(rules()) if key in {"offender", "revoked"}] == [
            "Who pays everyone?", "Revoked"]
        assert value(edited.family, FOUR, PENALTY.keys_for(rules()), stored, "offender") == "Chris"


def test_a_plain_sauspiel_asks_as_before(app: Flask) -> None:
    with app.test_request_context():
        plain = form({"game": "sauspiel", "declarer": "Bene", "partner": "Chris", "points": "70"})
        assert plain.deal() == {"game": "sauspiel", "declarer": "Bene", "partner": "Chris", "points": 70}
        assert [row.key for row in plain.player_rows()] == ["declarer", "partner", "offender"]
