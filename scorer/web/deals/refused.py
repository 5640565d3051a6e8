"""The modifiers a list's rules refuse, found by asking the engine, not by a list of its own.

Tournament points, for one, are played without Kontra, Re or knocks: the
engine refuses a deal that says them. A deal form that offered them would
only be refused when sent. So for each game the form asks the engine to
score a plain deal of that game with each yes/no or count modifier said,
and leaves out a modifier the engine refuses by its name whatever the card
points, where it takes it under the family's own rules. A modifier that
needs more than a plain deal has (a Sie needs eight Laufende) is refused
under both and stays offered; one refused only together with something
else (Re without Kontra) is tried after those before it were taken.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from scorer.engine import Game, Key, RuleSet, ScoringError, parse_rules, score_document

#: Kinds of modifiers tried: a box to tick, a count to choose.
_TRIED = {"flag": True, "count": 1}
#: Card points of the declaring side the plain deals are tried with: a modifier is refused
#: only if it is refused at every one of them (Schwarz is fine at 120, refused at 61).
_SIDE_POINTS = (0, 61, 120)


def refused_keys(rules: RuleSet, game: Game, keys: Mapping[str, Key], players: tuple[str, ...],
                 asked: frozenset[str]) -> frozenset[str]:
    """The modifiers among ``asked`` that the rules refuse in every deal of ``game`` at this table."""
    tried = tuple(name for name in keys if name in asked and keys[name].kind in _TRIED)
    if not tried:
        return frozenset()
    kinds = tuple(keys[name].kind for name in tried)
    shape = (game.name, tried, kinds, tuple(sorted(game.required)), game.points or "")
    # Only how many sit at the table matters, not who: every table of a tournament shares one answer.
    seated = [f"Player {n}" for n in range(1, len(players) + 1)]
    here = _refused(json.dumps({"rules": rules.to_dict(), "players": seated}, sort_keys=True), *shape)
    if not here:
        return frozenset()
    family = {"preset": rules.family.name, "games": list(rules.family.games)}
    anyway = _refused(json.dumps({"rules": family, "players": seated}, sort_keys=True), *shape)
    return frozenset() if anyway is None else here - anyway


@functools.lru_cache(maxsize=256)
def _refused(document: str, game: str, tried: tuple[str, ...], kinds: tuple[str, ...],
             required: tuple[str, ...], points: str) -> frozenset[str] | None:
    """The modifiers refused at every card points, for a list given as JSON (kept: rules seldom change).

    None when no plain deal of the game scores at all: nothing is learnt.
    """
    start = json.loads(document)
    players = start["players"]
    # The list's first deal is dealt by the last player: who plays it is who the family says.
    start["first_dealer"] = players[-1]
    active = list(_active(start, players))
    refused: set[str] | None = None
    for side in _SIDE_POINTS:
        plain = _plain_deal(game, active, required, points, side)
        if _refusal(start, plain) is not None:
            continue  # no plain deal at these points: nothing learnt
        said: dict[str, Any] = {}
        here = set()
        for name, kind in zip(tried, kinds):
            refusal = _refusal(start, {**plain, **said, name: _TRIED[kind]})
            if refusal is None:
                said[name] = _TRIED[kind]
            elif refusal == name:
                here.add(name)
        refused = here if refused is None else refused & here
    return None if refused is None else frozenset(refused)


def _plain_deal(game: str, players: list[str], required: tuple[str, ...], points: str, side: int) -> dict[str, Any]:
    """A deal of the game with what it requires: the first player declares, the second partners."""
    deal: dict[str, Any] = {"game": game}
    for key in required:
        if key == "declarer":
            deal[key] = players[0]
        elif key == "partner":
            deal[key] = players[1]
        elif key == "points" and points == "players":
            deal[key] = {who: 0 for who in players[:-1]} | {players[-1]: 120}
        elif key == "points":
            deal[key] = side
        else:
            deal[key] = True
    return deal


def _active(start: Mapping[str, Any], players: list[str]) -> tuple[str, ...]:
    return parse_rules(start["rules"]).family.active(tuple(players), players[-1])


def _refusal(start: Mapping[str, Any], deal: Mapping[str, Any]) -> str | None:
    """The deal key the engine refuses this deal for, None when it scores."""
    try:
        score_document({**start, "deals": [dict(deal)]})
    except ScoringError as error:
        return error.key
    return None
