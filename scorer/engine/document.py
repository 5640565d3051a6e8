"""Reading the list file (``schafkopf-list/1``) into engine values."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scorer.engine.deals import parse_deal
from scorer.engine.errors import ScoringError, shown
from scorer.engine.replay import FORMAT, ScoreList
from scorer.engine.rules import PRESETS, parse_rules
from scorer.engine.values import name, unknown_key

#: Top-level keys: what the format defines, and what the app adds (the app
#: checks ``title`` and ``ends``; the engine reads past them and the results).
DOCUMENT_KEYS = ("rules", "players", "first_dealer", "deals")
OUTPUT_KEYS = ("format", "title", "ends", "backup", "totals", "settlement", "tally")
#: Longest player name: keeps a list readable on a phone.
MAX_NAME = 40
#: Most deals one list may hold; an evening has a few dozen.
MAX_DEALS = 100_000


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ScoringError("list file", f"the key {shown(key)} is given twice in one object")
        result[key] = value
    return result


def parse_document(text: str | bytes) -> dict[str, Any]:
    """Read the JSON text of a list file into a dict."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ScoringError("list file", "is not UTF-8 text") from None
    if not text.strip():
        raise ScoringError("list file", "is empty")
    try:
        document = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        raise ScoringError(
            "list file", f"is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise ScoringError("list file", "is nested too deeply") from None
    except ValueError as error:  # e.g. an integer with thousands of digits
        raise ScoringError("list file", f"is not valid JSON: {error}") from None
    if not isinstance(document, dict):
        raise ScoringError("list file", "must be a JSON object with rules, players and deals")
    return document


def load_list(document: Mapping[str, Any]) -> ScoreList:
    """Check a list file's rules, players and every deal, and build the list.

    Every deal is scored once on the way, so a list that loads can be replayed.
    """
    score_list = read_list(document)
    score_list.replay()
    return score_list


def read_list(document: Mapping[str, Any]) -> ScoreList:
    """Read a list file's rules, players and deals, checking their shape only."""
    if not isinstance(document, Mapping):
        raise ScoringError("list file", "must be a JSON object with rules, players and deals")
    for key in document:
        if key not in DOCUMENT_KEYS and key not in OUTPUT_KEYS:
            raise unknown_key(key, DOCUMENT_KEYS, "a list file")
    if "format" in document and document["format"] != FORMAT:
        raise ScoringError("format", f"{shown(document['format'])} is not {FORMAT}")
    if "rules" not in document:
        raise ScoringError("rules", f"is missing: at least {{\"preset\": ...}}, one of {', '.join(PRESETS)}")
    rules = parse_rules(document["rules"])
    players = parse_players(document.get("players"), rules.family.seats, rules.preset)
    first_dealer = document.get("first_dealer")
    if first_dealer is None:
        first_dealer = players[-1]
    elif first_dealer not in players:
        raise ScoringError("first_dealer", f"{shown(first_dealer)} is not a player of this list")
    deals: Any = document.get("deals", [])
    if deals is None:
        deals = []
    if not isinstance(deals, list):
        raise ScoringError("deals", f"must be a list of deals, not {shown(deals)}")
    if len(deals) > MAX_DEALS:
        raise ScoringError("deals", f"{len(deals)} deals are more than the {MAX_DEALS} a list holds")
    return ScoreList(
        rules=rules,
        players=players,
        first_dealer=first_dealer,
        deals=tuple(parse_deal(deal, number) for number, deal in enumerate(deals, start=1)),
    )


def parse_players(value: Any, seats: tuple[int, ...], preset: str) -> tuple[str, ...]:
    """Read the players: distinct names in seating order, as many as the family seats."""
    if not isinstance(value, list):
        raise ScoringError("players", f"must be a list of names, not {shown(value)}")
    players = tuple(name(player, "players") for player in value)
    for player in players:
        if player != player.strip():
            raise ScoringError("players", f"{shown(player)} starts or ends with a space")
        if len(player) > MAX_NAME:
            raise ScoringError("players", f"{shown(player)} is longer than {MAX_NAME} characters")
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise ScoringError("players", f"{twice} is named twice; names must differ")
    if len(players) not in seats:
        allowed = " or ".join(str(s) for s in seats)
        raise ScoringError(
            "players", f"{preset} is played by {allowed} players, not {len(players)}"
        )
    return players


def score_document(document: Mapping[str, Any]) -> dict[str, Any]:
    """Score a list file: each deal's dealer and payouts, totals, settlement, tally."""
    return read_list(document).replay().to_dict()
