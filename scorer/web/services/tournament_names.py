"""A tournament's participants' names as they are sent: checked, each told apart from the others."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.engine import N_, ScoringError
from scorer.engine.errors import shown
from scorer.engine.values import name as player_name
from scorer.engine.values import name_key

#: The most participants a tournament takes.
MOST_PARTICIPANTS = 2000


def checked_players(value: Any, taken: Sequence[str] = ()) -> list[str]:
    """Participants' names: each a player's name, no two alike (nor like one of ``taken``)."""
    if not isinstance(value, list):
        raise ScoringError("players", N_("must be a list of names, not %(value)s"), value=shown(value))
    if len(value) + len(taken) > MOST_PARTICIPANTS:
        raise ScoringError("players", N_("a tournament has at most %(most)s participants"),
                           most=MOST_PARTICIPANTS)
    seen = {name_key(name): name for name in taken}
    players = []
    for raw in value:
        player = player_name(raw, "players").strip()
        if name_key(player) in seen:
            raise ScoringError("players", N_("%(name)s is named twice; names must differ"), name=player)
        seen[name_key(player)] = player
        players.append(player)
    return players


