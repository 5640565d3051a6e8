"""The usual tariffs of a table, set in one tap on the new-list form.

A table says its tariff as two numbers, "20/50": the partner games' (Sauspiel,
Hochzeit) and the solo games' (Wenz, Solo, Geier, Farbwenz, Farbgeier). One
tap sets the whole tariff by the usual convention: a Schneider, a Schwarz, each
Laufender and a Ramsch cost what a Sauspiel costs, and a Bettel sits halfway
between the two numbers (as the family's own 20/40 has it at 30). The button
says every amount it sets; each tariff keeps its own field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _

from scorer.engine import Family
from scorer.web.labels import game_label, tariff_label

#: The usual tariffs: the partner games', the solo games'.
USUAL = ((5, 10), (10, 20), (20, 40), (20, 50), (50, 100))
#: The tariffs a usual tariff sets at its first number, with the partner games.
AT_THE_PARTNER_TARIFF = ("schneider", "schwarz", "laufende", "ramsch")
#: The tariff a usual tariff sets halfway between its numbers.
HALFWAY = ("bettel",)


@dataclass(frozen=True)
class TariffSet:
    """One usual tariff: its name ("20/50"), the fields it fills, whether they hold it now, and
    every amount it sets in words."""

    label: str
    fields: Mapping[str, int]
    chosen: bool
    said: str


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
    low_keys = partner + [k for k in AT_THE_PARTNER_TARIFF if k in keys]
    halfway = [k for k in HALFWAY if k in keys]
    sets = []
    for low, high in USUAL:
        middle = (low + high) // 2
        fields = {**{f"tariff_{k}": low for k in low_keys}, **{f"tariff_{k}": high for k in solo},
                  **{f"tariff_{k}": middle for k in halfway}}
        chosen = all(current.get(name) == value for name, value in fields.items())
        said = " · ".join(
            _("%(tariffs)s: %(amount)s", tariffs=", ".join(tariff_label(k, family) for k in group), amount=amount)
            for group, amount in ((low_keys, low), (solo, high), (halfway, middle)) if group)
        sets.append(TariffSet(f"{low}/{high}", fields, chosen, said))
    return sets


def tariff_sets_hint(family: Family, keys: Sequence[str]) -> str:
    """The convention a usual tariff follows: which games take its first number, which its second,
    and what the other tariffs follow."""
    partner, _solo = partner_and_solo_games(family, keys)
    # The solo games are named once a button is pressed (TariffSet.said): the hint stays short.
    hint = _("%(partner)s / solo games", partner=", ".join(game_label(g) for g in partner))
    if any(k in keys for k in (*AT_THE_PARTNER_TARIFF, *HALFWAY)):
        hint += " · " + _("Schneider, Schwarz, Laufende, Ramsch as a Sauspiel; Bettel halfway.")
    return hint
