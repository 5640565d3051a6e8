"""A deal in words: its yes/no modifiers' labels, and one line on what it was."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from flask_babel import gettext as _

from scorer.engine import KEYS, N_, Deal, Family, Key
from scorer.engine.families.base import WORDS
from scorer.web.labels import game_label


#: The suits of ``called_ace`` and ``suit``, as players name them.
SUIT_WORDS: Mapping[str, str] = MappingProxyType({
    "acorns": N_("Acorns"), "leaves": N_("Leaves"), "hearts": N_("Hearts"), "bells": N_("Bells"),
    "clubs": N_("Clubs"), "spades": N_("Spades"), "diamonds": N_("Diamonds"),
})


def suited_game(family: Family, deal: Deal) -> str | None:
    """The game called by the suit the deal names ("Herz-Solo"), where the game names its suit (``Game.roles``)."""
    game = family.games.get(deal.game)
    if game is None or deal.suit is None or "suit" not in game.roles:
        return None
    return _(game.roles["suit"], suit=_(SUIT_WORDS.get(deal.suit, deal.suit)))


def keys_of(family: Family) -> Mapping[str, Key]:
    """Every key a deal of the family may carry, by name: the shared ones, then the family's own."""
    return {**KEYS, **{key.name: key for key in family.keys}}


def key_label(family: Family, key: str) -> str:
    """What the pages call a deal key: the family's word for it, else the key's own label."""
    if key in family.words or key in WORDS:
        return _(family.word(key))
    declared = keys_of(family).get(key)
    return _(declared.label) if declared is not None and declared.label else key


def summary(deal: Deal, family: Family) -> str:
    """One line that says what a deal was, for the delete page."""
    suited = suited_game(family, deal)
    parts = [suited or game_label(deal.game)]
    game = family.games.get(deal.game)
    if deal.declarer and deal.partner:
        parts.append(
            _("%(declarer)s with %(partner)s", declarer=deal.declarer, partner=deal.partner)
        )
    elif deal.declarer and game is not None and game.partner == "optional":
        parts.append(_(family.word("played_alone"), declarer=deal.declarer))
    elif deal.declarer:
        parts.append(deal.declarer)
    if isinstance(deal.points, Mapping):
        parts.append(", ".join(f"{who} {points}" for who, points in deal.points.items()))
    elif deal.points is not None:
        parts.append(_("%(points)s points", points=deal.points))
    for key in keys_of(family).values():
        if key.kind == "flag" and key.of(deal):
            parts.append(key_label(family, key.name))
    for key in family.keys:  # a family's own keys: the label, and what it says
        said = key.of(deal)
        if key.kind != "flag" and said not in (None, key.neutral):
            shown = ", ".join(said) if isinstance(said, tuple) else said
            parts.append(f"{key_label(family, key.name)} {shown}")
    if deal.blitz:
        parts.append(_("Blitz ×%(count)s", count=deal.blitz))
    if deal.laufende:
        parts.append(_("%(count)s Laufende", count=deal.laufende))
    if deal.doubles:
        parts.append(_("doubled %(count)s×", count=deal.doubles))
    if deal.bid:
        parts.append(_("bid %(bid)s", bid=deal.bid))
    return " · ".join(parts)
