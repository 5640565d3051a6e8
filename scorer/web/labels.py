"""Families, games, seats and tariffs in words for people, in the page's language."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from scorer.engine import FAMILIES, Family

#: Every game of every family by name (a name means the same game in each family).
GAMES_BY_NAME = {
    name: game for family in reversed(list(FAMILIES.values())) for name, game in family.games.items()
}


def family_label(family: str) -> str:
    """The family's name for people."""
    found = FAMILIES.get(family)
    return _(found.label) if found is not None else family


def family_description(family: str) -> str:
    """One line on how the family differs from the others."""
    found = FAMILIES.get(family)
    return _(found.description) if found is not None else ""


def seats_words(seats: tuple[int, ...]) -> str:
    """How many players a family seats, in words: "4", "4 or 5", "4, 5 or 6"."""
    if len(seats) == 1:
        return str(seats[0])
    return _("%(some)s or %(last)s", some=", ".join(str(s) for s in seats[:-1]), last=seats[-1])


def seats_problem(family: Family, count: int) -> str:
    """What to say when the names typed are not as many as the family seats."""
    if count == 0:
        return _("Type the players' names: this game needs %(seats)s players.",
                 seats=seats_words(family.seats))
    return ngettext(
        "This game needs %(seats)s players; the list has %(num)s player.",
        "This game needs %(seats)s players; the list has %(num)s players.",
        count, seats=seats_words(family.seats),
    )


def game_label(game: str, *, short: bool = False) -> str:
    """A game's name from its game object: Bavarian words as they are, the others translated."""
    found = GAMES_BY_NAME.get(game)
    if found is None:
        return game
    text = (found.short if short else "") or found.label or game
    return _(text)


def tariff_label(name: str) -> str:
    """What a tariff pays for."""
    labels = {
        "schneider": "Schneider",
        "schwarz": "Schwarz",
        "laufende": _l("Laufende (each)"),
        "game": _l("Game"),
        "least": _l("Least"),
        "least_zero": _l("Least with no points (extra)"),
        "least_all": _l("One player takes all 120"),
        "game_point": _l("Game point"),
        "head": _l("Completed head"),
    }
    return str(labels[name]) if name in labels else game_label(name)
