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


def always_played(family: Family) -> frozenset[str]:
    """The games every list of the family allows, chosen or not (the hand thrown in)."""
    option = next((o for o in family.options if o.kind == "games"), None)
    return frozenset(getattr(option, "always", ()))


def unchosen_games(family: Family) -> frozenset[str]:
    """The games a list's choice of games leaves out: always played, or switched on by a rule of their own."""
    return always_played(family) | {o.key for o in family.options if o.key in family.games}


def doubling_word(family: Family) -> str:
    """What the pages call a doubling handed on to the deals after it, in the family's words."""
    return _(family.word("doubling"))


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


#: The tariffs several families share that are not games.
_SHARED_TARIFFS = {
    "schneider": "Schneider",
    "schwarz": "Schwarz",
    "laufende": _l("Laufende (each)"),
    "game": _l("Game"),
}


def tariff_label(name: str, family: Family | None = None) -> str:
    """What a tariff pays for: a game, a shared term, or a family's own (its ``tariff_labels``)."""
    if name in _SHARED_TARIFFS:
        return str(_SHARED_TARIFFS[name])
    families = [family] if family is not None else list(FAMILIES.values())
    for each in families:
        if name in each.tariff_labels:
            return _(each.tariff_labels[name])
    return game_label(name)


def sitting_out(family: Family, players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Who sits out a deal dealt by ``dealer``: the dealer, then the players after, clockwise."""
    if dealer not in players:
        return ()
    active = set(family.active(players, dealer))
    first = players.index(dealer)
    turn = players[first:] + players[:first]
    return tuple(who for who in turn if who not in active)


def names_joined(names: tuple[str, ...] | list[str]) -> str:
    """Names as a sentence lists them: "Gina, Anna and Bene", in the page's language."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def sit_out_words(names: tuple[str, ...]) -> str:
    """Who sits out a deal, as a sentence; "" when nobody does."""
    if not names:
        return ""
    if len(names) == 1:
        return _("%(dealer)s sits out this deal.", dealer=names[0])
    return _("%(names)s sit out this deal.", names=names_joined(names))
