"""Reading the list file (``schafkopf-list/1``) into engine values."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scorer.engine.changes import parse_changes
from scorer.engine.deal_file import parse_deal
from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.replay import FORMAT, ScoreList
from scorer.engine.families import FAMILIES
from scorer.engine.rules import parse_rules
from scorer.engine.values import parse_players, unknown_key

#: Top-level keys: what the format defines, and what the app adds (the app
#: checks ``title``, ``ends`` and ``currency``; the engine reads past them and the results).
DOCUMENT_KEYS = ("rules", "players", "first_dealer", "deals", "changes")
OUTPUT_KEYS = (
    "format", "title", "ends", "backup", "currency",
    "totals", "settlement", "tally", "pot", "pot_back", "plus_only",
)
#: Most deals one list may hold; an evening has a few dozen.
MAX_DEALS = 100_000

_NOT_AN_OBJECT = N_("must be a JSON object with rules, players and deals")


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build a JSON object, refusing a key given twice (``json.loads``' object_pairs_hook)."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ScoringError(
                "list file", N_("the key %(name)s is given twice in one object"), name=shown(key)
            )
        result[key] = value
    return result


def parse_document(text: str | bytes) -> dict[str, Any]:
    """Read the JSON text of a list file into a dict."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ScoringError("list file", N_("is not UTF-8 text")) from None
    if not text.strip():
        raise ScoringError("list file", N_("is empty"))
    try:
        document = json.loads(text, object_pairs_hook=no_duplicate_keys)
    except json.JSONDecodeError as error:
        raise ScoringError(
            "list file", N_("is not valid JSON: %(problem)s at line %(line)s, column %(column)s"),
            problem=error.msg, line=error.lineno, column=error.colno,
        ) from None
    except RecursionError:
        raise ScoringError("list file", N_("is nested too deeply")) from None
    except ValueError as error:  # e.g. an integer with thousands of digits
        raise ScoringError("list file", N_("is not valid JSON: %(problem)s"), problem=str(error)) from None
    if not isinstance(document, dict):
        raise ScoringError("list file", _NOT_AN_OBJECT)
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
        raise ScoringError("list file", _NOT_AN_OBJECT)
    for key in document:
        if key not in DOCUMENT_KEYS and key not in OUTPUT_KEYS:
            raise unknown_key(key, DOCUMENT_KEYS, "list file")
    if "format" in document and document["format"] != FORMAT:
        raise ScoringError(
            "format", N_("%(value)s is not %(format)s"),
            value=shown(document["format"]), format=FORMAT,
        )
    if "rules" not in document:
        raise ScoringError(
            "rules", N_('is missing: at least {"preset": ...}, one of %(families)s'),
            families=", ".join(FAMILIES),
        )
    rules = parse_rules(document["rules"])
    players = parse_players(document.get("players"), rules.family.seats, rules.family_name)
    first_dealer = document.get("first_dealer")
    if first_dealer is None:
        first_dealer = players[-1]
    elif first_dealer not in players:
        raise ScoringError(
            "first_dealer", N_("%(name)s is not a player of this list"), name=shown(first_dealer)
        )
    deals: Any = document.get("deals", [])
    if deals is None:
        deals = []
    if not isinstance(deals, list):
        raise ScoringError("deals", N_("must be a list of deals, not %(value)s"), value=shown(deals))
    if len(deals) > MAX_DEALS:
        raise ScoringError(
            "deals", N_("%(count)s deals are more than the %(most)s a list holds"),
            count=len(deals), most=MAX_DEALS,
        )
    return ScoreList(
        rules=rules,
        players=players,
        first_dealer=first_dealer,
        deals=tuple(parse_deal(deal, number, rules.family) for number, deal in enumerate(deals, start=1)),
        changes=parse_changes(document.get("changes"), rules, players, len(deals)),
    )


def score_document(document: Mapping[str, Any]) -> dict[str, Any]:
    """Score a list file: each deal's dealer and payouts, totals, settlement, tally."""
    return read_list(document).replay().to_dict()
