"""A deal in words: its yes/no modifiers' labels, and one line on what it was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorer.engine import Deal, Family
from scorer.web.labels import game_label

#: The yes/no modifiers, in the order the form shows them, with their labels.
TOGGLES: Mapping[str, Any] = {
    "won": _l("Won (no trick taken)"),
    "ouvert": _l("Ouvert"),
    "schwarz": _l("Schwarz"),
    "contra": _l("Kontra"),
    "re": _l("Re"),
    "crack": _l("Crack"),
    "recrack": _l("Re-crack"),
    "tout": _l("Tout"),
    "sie": _l("Sie"),
    "hand": _l("Hand"),
    "forced": _l("Forced game"),
    "bock": _l("Bock!"),
}


def toggle_label(family: Family, key: str) -> str:
    """A yes/no modifier's label: the family's own word for it, if it has one."""
    if key in family.words:
        return _(family.word(key))
    return str(TOGGLES[key])


def summary(deal: Deal, family: Family) -> str:
    """One line that says what a deal was, for the delete page."""
    parts = [game_label(deal.game)]
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
    for key in TOGGLES:
        if getattr(deal, key):
            parts.append(toggle_label(family, key))
    if deal.blitz:
        parts.append(_("Blitz ×%(count)s", count=deal.blitz))
    if deal.laufende:
        parts.append(_("%(count)s Laufende", count=deal.laufende))
    if deal.doubles:
        parts.append(_("doubled %(count)s×", count=deal.doubles))
    if deal.bid:
        parts.append(_("bid %(bid)s", bid=deal.bid))
    return " · ".join(parts)
