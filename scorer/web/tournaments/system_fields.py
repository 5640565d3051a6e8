"""A tournament system built on the new-tournament page: its rules from its fields, and its refusals' fields.

The fields (:class:`scorer.web.tournaments.forms.SystemFields`) say what a
published system says: a Sauspiel's and every solo game's points plain,
with schneider and schwarz, a Herz-Solo's and a Bettel's where they are paid, Tout and Sie as points or times the game,
Laufende, schneider-free at 30 or 31, Kontra, a hand everyone passes and
plus only. :func:`custom_rules` writes them as the rules key ``table_points``
(``"system": "custom"``); the engine judges them, and :func:`field_of` says
which field a refusal of the engine belongs to.
"""

from __future__ import annotations

from typing import Any

from scorer.engine.families.table_points import TIMES
from scorer.web.tournaments.forms import LAUFENDE_GAMES, RESULTS, SystemFields

#: The games of a Preisschafkopf table: Sauspiel, Wenz and the suit solo; a hand everyone passes.
TOURNAMENT_GAMES = ["sauspiel", "wenz", "solo", "passed"]
#: The games whose points are a triple (plain, schneider, schwarz), in the order of the page.
TRIPLES = ("sauspiel", "solo", "wenz", "hearts_solo")
#: Where the engine's refusal of a custom system's key is shown: the key after ``rules.table_points.``.
_FIELD_OF = {
    **{f"points.{game}": f"{game}_plain" for game in TRIPLES},
    "points.bettel": "bettel",
    "points.tout": "tout", f"points.tout.{TIMES}": "tout",
    "points.sie": "sie", f"points.sie.{TIMES}": "sie",
    "laufende": "laufende_from", "laufende.from": "laufende_from", "laufende.max": "laufende_max",
    **{f"laufende.value.{game}": f"laufende_{game}" for game in LAUFENDE_GAMES},
    "schneider_free_at": "schneider_free_at", "kontra": "kontra", "passed": "passed", "plus_only": "plus_only",
}


def _triple(fields: SystemFields, game: str) -> list[Any]:
    return [getattr(fields, f"{game}_{result}").data for result in RESULTS]


def _announced(fields: SystemFields, name: str) -> Any:
    value = getattr(fields, name).data
    return {TIMES: value} if getattr(fields, f"{name}_by").data == TIMES else value


def _laufende(fields: SystemFields) -> dict[str, Any] | None:
    if fields.laufende_from.data is None:
        return None
    worth = {game: getattr(fields, f"laufende_{game}").data for game in LAUFENDE_GAMES}
    return {"from": fields.laufende_from.data, "max": fields.laufende_max.data,
            "value": {game: value for game, value in worth.items() if value is not None}}


def custom_rules(fields: SystemFields) -> dict[str, Any]:
    """The rules of a Schafkopf tournament under the system typed: what the engine then judges."""
    points: dict[str, Any] = {game: _triple(fields, game) for game in ("sauspiel", "solo", "wenz")}
    if fields.hearts_solo_plain.data is not None:
        points["hearts_solo"] = _triple(fields, "hearts_solo")
    games = list(TOURNAMENT_GAMES)
    if fields.bettel.data is not None:
        points["bettel"] = fields.bettel.data
        games.insert(-1, "bettel")
    points["tout"] = _announced(fields, "tout")
    points["sie"] = _announced(fields, "sie")
    return {"preset": "bavarian", "games": games, "table_points": {
        "system": "custom", "points": points, "laufende": _laufende(fields),
        "schneider_free_at": int(fields.schneider_free_at.data or 31), "kontra": fields.kontra.data,
        "passed": fields.passed.data, "plus_only": bool(fields.plus_only.data),
    }}


def field_of(key: str) -> str | None:
    """The field a refusal of the engine belongs to (``rules.table_points.laufende.max``: the cap)."""
    inside = key.removeprefix("rules.").removeprefix("table_points").removeprefix(".")
    while inside:
        if inside in _FIELD_OF:
            return _FIELD_OF[inside]
        inside = inside.rpartition(".")[0]
    return None
