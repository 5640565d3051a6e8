"""A tournament system built on the new-tournament page: its points per game and the organiser's rules.

The fields say what a published system says: a Sauspiel's and every solo
game's points plain, with schneider and schwarz, a Herz-Solo's and a
Bettel's where they are paid, Tout and Sie as points or times the game,
Laufende, schneider-free at 30 or 31, Kontra, a hand everyone passes and
plus only. :func:`custom_rules` writes them as the rules key ``table_points``
(``"system": "custom"``); the engine judges them, and :func:`field_of` says
which field a refusal of the engine belongs to.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Form, IntegerField, SelectField
from wtforms.validators import InputRequired, Optional, ValidationError

from scorer.engine.families.table_points import TIMES

#: The games of a Preisschafkopf table: Sauspiel, Wenz and the suit solo; a hand everyone passes.
TOURNAMENT_GAMES = ["sauspiel", "wenz", "solo", "passed"]
#: The games whose points are a triple (plain, schneider, schwarz), in the order of the page.
TRIPLES = ("sauspiel", "solo", "wenz", "hearts_solo")
#: The results of a triple, in its order.
RESULTS = ("plain", "schneider", "schwarz")
#: What a Laufender may be worth in, per game.
LAUFENDE_GAMES = ("sauspiel", "solo", "wenz", "tout")
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


def _points(label: Any, default: int | None = None) -> IntegerField:
    """A whole number of points; its range is the engine's to judge, so a refusal names the engine's limit.

    With a default it must be given (a system pays every game it plays); without, it may be left empty.
    """
    needed = InputRequired(_l("Give the points.")) if default is not None else Optional()
    return IntegerField(label, default=default, validators=[needed],
                        render_kw={"inputmode": "numeric", "autocomplete": "off"})


def _announced_by() -> SelectField:
    return SelectField(_l("counted as"), default="points", choices=[
        ("points", _l("points")), (TIMES, _l("times the game's points")),
    ])


class SystemFields(Form):
    """The custom system's fields; the defaults are self-bar's 1/5."""

    sauspiel_plain = _points(_l("plain"), 1)
    sauspiel_schneider = _points(_l("with Schneider"), 2)
    sauspiel_schwarz = _points(_l("with Schwarz"), 3)
    solo_plain = _points(_l("plain"), 5)
    solo_schneider = _points(_l("with Schneider"), 6)
    solo_schwarz = _points(_l("with Schwarz"), 7)
    wenz_plain = _points(_l("plain"), 5)
    wenz_schneider = _points(_l("with Schneider"), 6)
    wenz_schwarz = _points(_l("with Schwarz"), 7)
    hearts_solo_plain = _points(_l("plain"))
    hearts_solo_schneider = _points(_l("with Schneider"))
    hearts_solo_schwarz = _points(_l("with Schwarz"))
    bettel = _points(_l("Bettel (empty: not played)"))
    tout = _points(_l("Tout"), 14)
    tout_by = _announced_by()
    sie = _points(_l("Sie"), 28)
    sie_by = _announced_by()
    laufende_from = _points(_l("Laufende count from (empty: not counted)"))
    laufende_max = _points(_l("at most (empty: no cap)"))
    laufende_sauspiel = _points(_l("Sauspiel"))
    laufende_solo = _points(_l("Solo"))
    laufende_wenz = _points(_l("Wenz"))
    laufende_tout = _points(_l("Tout"))
    schneider_free_at = SelectField(_l("Schneider-free"), default="31", choices=[
        ("31", _l("with 31 card points (30 or fewer is schneider)")),
        ("30", _l("with 30 card points (29 or fewer is schneider)")),
    ])
    kontra = SelectField(_l("Kontra"), default="refused", choices=[
        ("refused", _l("not played: a deal with Kontra is refused")),
        ("ignored", _l("ignored: scored as if nobody said it")),
        ("loses", _l("loses: the side that said it loses the game")),
    ])
    passed = SelectField(_l("When everyone passes"), default="zero", choices=[
        ("zero", _l("thrown in: 0 for everyone")),
        ("cross", _l("played über Kreuz: first and third against second and fourth")),
        ("forced", _l("forced: the first after the dealer plays a Sauspiel, won with 60")),
    ])
    plus_only = BooleanField(_l("Plus only: nobody loses points, the winners get theirs"))

    def validate_hearts_solo_plain(self, field: IntegerField) -> None:
        """Refuse a Herz-Solo given in part: it pays all three, or is a Solo."""
        given = [getattr(self, f"hearts_solo_{result}").data is not None for result in RESULTS]
        if any(given) and not all(given):
            raise ValidationError(_l("Give a Herz-Solo's three points, or none (it then pays as a Solo)."))


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
