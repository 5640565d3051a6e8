"""What a list carries into its next deal, in words: Bock rounds, the pot, doubled hands."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import Carry, DealResult, RuleSet
from scorer.engine.families.house_rules import sheepshead_rules
from scorer.web.labels import doubling_word


def bock_factor(rules: RuleSet, carry: Carry) -> int:
    """The Bock multiplier the next deal will be under (1 when none)."""
    bock = rules.bock
    if bock is None or not carry.bock_rounds:
        return 1
    return 1 << len(carry.bock_rounds) if bock.stack == "double" else 2


def carry_notes(rules: RuleSet, carry: Carry) -> list[str]:
    """One short line for each rule across deals that is running now."""
    notes = []
    factor = bock_factor(rules, carry)
    if rules.bock is not None and factor > 1:
        # Queued rounds run one after the other; doubled ones side by side.
        left = sum(carry.bock_rounds) if rules.bock.stack == "queue" else max(carry.bock_rounds)
        notes.append(ngettext(
            "Bock ×%(factor)s: %(num)s deal left", "Bock ×%(factor)s: %(num)s deals left",
            left, factor=factor,
        ))
    if rules.plays_stock:
        notes.append(_("Stock: %(pot)s in the pot", pot=carry.pot))
    if carry.doublers:
        # Said after the family's word for a doubling handed on ("Doubler: ..."). A doubler
        # doubles picks, not hands: a leaster or another doubler in between is not doubled.
        if sheepshead_rules(rules).doubler_stack == "multiply":
            said = _("the next pick counts ×%(factor)s", factor=1 << carry.doublers)
        else:
            said = ngettext(
                "the next pick is doubled", "the next %(num)s picks are doubled", carry.doublers,
            )
        notes.append(f"{doubling_word(rules.family)}: {said}")
    return notes


def deal_note(result: DealResult) -> str:
    """What the rules across deals did to one deal that its breakdown's line does not say.

    The preview shows the note beside that line, which has a Bock round and the
    doublers taken up as its multipliers (``Bock ×2``, ``Doubler ×2``) and what
    went into or out of the Stock; the note adds the pot after the deal.
    """
    return "" if result.pot is None else _("pot after: %(pot)s", pot=result.pot)
