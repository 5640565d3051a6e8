"""The usual tariffs of a table, set in one tap on the new-list form.

A table says its tariff as two numbers, "20/50": the partner games' (Sauspiel,
Hochzeit) and the solo games' (Wenz, Solo, Geier, Farbwenz, Farbgeier). One
tap fills those fields; the other tariffs keep their own fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _

from scorer.engine import Family
from scorer.web.labels import game_label

#: The usual tariffs: the partner games', the solo games'.
USUAL = ((5, 10), (10, 20), (20, 40), (20, 50), (50, 100))


@dataclass(frozen=True)
class TariffSet:
    """One usual tariff: its name ("20/50"), the fields it fills, and whether they hold it now."""

    label: str
    fields: Mapping[str, int]
    chosen: bool


def partner_and_solo_games(family: Family, keys: Sequence[str]) -> tuple[list[str], list[str]]:
    """Among the tariffs the form asks for: the partner games', and the solo games' (with trumps)."""
    games = family.games
    partner = [k for k in keys if k in games and games[k].kind == "partner"]
    solo = [k for k in keys if k in games and games[k].kind == "solo" and games[k].trumps]
    return partner, solo


def tariff_sets(family: Family, keys: Sequence[str], current: Mapping[str, int | None]) -> list[TariffSet]:
    """The usual tariffs for a family whose tariffs have partner and solo games, else none.

    ``keys`` are the tariffs the form asks for, ``current`` what their fields hold.
    """
    partner, solo = partner_and_solo_games(family, keys)
    if not partner or not solo:
        return []
    sets = []
    for low, high in USUAL:
        fields = {**{f"tariff_{k}": low for k in partner}, **{f"tariff_{k}": high for k in solo}}
        chosen = all(current.get(name) == value for name, value in fields.items())
        sets.append(TariffSet(f"{low}/{high}", fields, chosen))
    return sets


def tariff_sets_hint(family: Family, keys: Sequence[str]) -> str:
    """Which games take a usual tariff's first number, and which its second."""
    partner, solo = partner_and_solo_games(family, keys)
    return _(
        "%(partner)s / %(solo)s",
        partner=", ".join(game_label(g) for g in partner), solo=", ".join(game_label(g) for g in solo),
    )
