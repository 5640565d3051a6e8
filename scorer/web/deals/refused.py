"""What a list's rules refuse and require, found by asking the engine, not by a list of its own.

Tournament points, for one, are played without Kontra, Re or knocks: the
engine refuses a deal that says them. A deal form that offered them would
only be refused when sent. So for each game the form asks the engine to
score a plain deal of that game with each yes/no or count modifier said,
and leaves out a modifier the engine refuses by its name whatever the card
points, where it takes it under the family's own rules. A modifier that
needs more than a plain deal has (a Sie needs eight Laufende) is refused
under both and stays offered; one refused only together with something
else (Re without Kontra) is tried after those before it were taken.

The same plain deals tell two more things: a suit the rules need named in
every deal of a game (tournament points that pay a Herz-Solo more), and a
game the rules never let be played although it is allowed (a hand nobody
plays, where the first player after the dealer must play).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer.engine import Game, Key, RuleSet, ScoringError, parse_rules, score_document

#: Kinds of modifiers tried: a box to tick, a count to choose.
_TRIED = {"flag": True, "count": 1}
#: Card points of the declaring side the plain deals are tried with: a modifier is refused
#: only if it is refused at every one of them (Schwarz is fine at 120, refused at 61).
_SIDE_POINTS = (0, 61, 120)
#: The suit a plain deal names where the rules need one (any suit is a suit).
_A_SUIT = "acorns"


@dataclass(frozen=True)
class Learnt:
    """What the plain deals of one game taught: the modifiers refused, the suits needed."""

    refused: frozenset[str]
    needed: frozenset[str]


def refused_keys(rules: RuleSet, game: Game, keys: Mapping[str, Key], players: tuple[str, ...],
                 asked: frozenset[str]) -> frozenset[str]:
    """The modifiers among ``asked`` that the rules refuse in every deal of ``game`` at this table."""
    if not any(keys[name].kind in _TRIED for name in asked if name in keys):
        return frozenset()
    here = _learnt(rules, game, keys, players, asked, anyway=False)
    if here is None or not here.refused:
        return frozenset()
    anyway = _learnt(rules, game, keys, players, asked, anyway=True)
    return frozenset() if anyway is None else here.refused - anyway.refused


def needed_keys(rules: RuleSet, game: Game, keys: Mapping[str, Key], players: tuple[str, ...],
                asked: frozenset[str]) -> frozenset[str]:
    """The suits among ``asked`` that the rules need named in every deal of ``game`` (the family's own do not)."""
    if not any(keys[name].kind == "suit" for name in asked if name in keys):
        return frozenset()
    here = _learnt(rules, game, keys, players, asked, anyway=False)
    if here is None or not here.needed:
        return frozenset()
    anyway = _learnt(rules, game, keys, players, asked, anyway=True)
    return here.needed - (anyway.needed if anyway is not None else frozenset())


def refused_game(rules: RuleSet, game: Game, players: tuple[str, ...]) -> bool:
    """Tell whether the rules refuse every plain deal of an allowed game as a game (the family's own do not)."""
    here, anyway = _documents(rules, players)
    shape = (game.name, tuple(sorted(game.required)), game.points or "")
    return _never_played(here, *shape) and not _never_played(anyway, *shape)


def _learnt(rules: RuleSet, game: Game, keys: Mapping[str, Key], players: tuple[str, ...],
            asked: frozenset[str], *, anyway: bool) -> Learnt | None:
    """What the plain deals teach under the list's rules, or (``anyway``) under the family's own."""
    tried = tuple(name for name in keys if name in asked and keys[name].kind in _TRIED)
    kinds = tuple(keys[name].kind for name in tried)
    suits = tuple(name for name in keys if name in asked and keys[name].kind == "suit")
    shape = (game.name, tried, kinds, tuple(sorted(game.required)), game.points or "", suits)
    return _learn(_documents(rules, players)[anyway], *shape)


def _documents(rules: RuleSet, players: tuple[str, ...]) -> tuple[str, str]:
    """The list's rules and the family's own, each as a list without deals (JSON, to cache by)."""
    # Only how many sit at the table matters, not who: every table of a tournament shares one answer.
    seated = [f"Player {n}" for n in range(1, len(players) + 1)]
    family = {"preset": rules.family.name, "games": list(rules.family.games)}
    return (json.dumps({"rules": rules.to_dict(), "players": seated}, sort_keys=True),
            json.dumps({"rules": family, "players": seated}, sort_keys=True))


def _start(document: str) -> tuple[dict[str, Any], list[str]] | None:
    """The list to score plain deals in, and who plays its first deal; None where its rules are refused
    (the family's own with every game, where a game needs a house rule)."""
    start = json.loads(document)
    players = start["players"]
    # The list's first deal is dealt by the last player: who plays it is who the family says.
    start["first_dealer"] = players[-1]
    try:
        active = parse_rules(start["rules"]).family.active(tuple(players), players[-1])
    except ScoringError:
        return None
    return start, list(active)


@functools.lru_cache(maxsize=256)
def _learn(document: str, game: str, tried: tuple[str, ...], kinds: tuple[str, ...],
           required: tuple[str, ...], points: str, suits: tuple[str, ...]) -> Learnt | None:
    """What plain deals of a game teach, for a list given as JSON (kept: rules seldom change).

    The modifiers refused at every card points, and the suits a plain deal
    had to name to score. None when no plain deal scores at all: nothing is learnt.
    """
    started = _start(document)
    if started is None:
        return None
    start, active = started
    refused: set[str] | None = None
    needed: set[str] = set()
    for side in _SIDE_POINTS:
        plain = _plain_deal(game, active, required, points, side)
        refusal = _refusal(start, plain)
        while refusal in suits and refusal not in plain:
            plain[refusal] = _A_SUIT  # a plain deal of this game names its suit here
            needed.add(refusal)
            refusal = _refusal(start, plain)
        if refusal is not None:
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
    return None if refused is None else Learnt(frozenset(refused), frozenset(needed))


@functools.lru_cache(maxsize=256)
def _never_played(document: str, game: str, required: tuple[str, ...], points: str) -> bool:
    """Tell whether every plain deal of the game is refused as a game, for a list given as JSON."""
    started = _start(document)
    if started is None:
        return False
    start, active = started
    return all(_refusal(start, _plain_deal(game, active, required, points, side)) == "game"
               for side in _SIDE_POINTS)


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


def _refusal(start: Mapping[str, Any], deal: Mapping[str, Any]) -> str | None:
    """The deal key the engine refuses this deal for, None when it scores."""
    try:
        score_document({**start, "deals": [dict(deal)]})
    except ScoringError as error:
        return error.key
    return None
