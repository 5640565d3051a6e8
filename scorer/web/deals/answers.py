"""The yes/no questions a deal form must have answered, never assume: found by asking the engine.

A box left unticked says "no" to the engine. Where that "no" moves money
and the table may well mean "yes", the form asks for the answer instead:
Schwarz at the card points where a side may have taken every trick (a Tout
with 120 is won only schwarz), a Bettel's result. Each such key gets a
second box that says "no" out loud (``KEY.no``); Save stores nothing until
one of the two is ticked. Which points need the answer the engine tells:
the points where a plain deal scores with Schwarz and pays otherwise than
without.

A value the form does assume (it stands selected) the preview says in words
beside the breakdown, where the breakdown itself cannot show it: the bid of
the game for three, and whether a German game was forced.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

from flask_babel import gettext as _

from scorer.engine import LOWEST_BID, N_, Game, RuleSet, ScoringError, score_document
from scorer.engine.families.checks import MOST_IN_BLIND
from scorer.web.deals.refused import _documents, _plain_deal, _start

#: The keys asked with a second box that says "no", with that box's words (marked N_).
SAID_NO: Mapping[str, str] = MappingProxyType({
    "schwarz": N_("Both sides took a trick"),
    "won": N_("Lost: took a trick"),
})

#: The side's card points where a side may have taken every trick or none: all 120,
#: or no more than the cards put away (the engine refuses Schwarz at any other points).
_CANDIDATES = (*range(MOST_IN_BLIND + 1), 120)


#: The box that says every player with 0 points who is not ticked as taking no trick took one.
ZERO_TOOK_TRICK = "zero_took_trick"
ZERO_TOOK_TRICK_WORDS = N_("Everyone else with 0 points took a trick")


def no_field(key: str) -> str:
    """The form field that says "no" to a key out loud."""
    return f"{key}.no"


def schwarz_points(rules: RuleSet, game: Game, players: tuple[str, ...]) -> tuple[int, ...]:
    """The declaring side's card points at which a deal of the game must say whether it was schwarz."""
    keys = game.keys_for(rules)
    if not {"schwarz", "points"} <= keys or game.points == "players":
        return ()
    return _schwarz_points(_documents(rules, players)[0], game.name, tuple(sorted(game.required)))


@functools.lru_cache(maxsize=256)
def _schwarz_points(document: str, game: str, required: tuple[str, ...]) -> tuple[int, ...]:
    """The points where a plain deal scores with Schwarz and pays otherwise without (rules as JSON)."""
    started = _start(document)
    if started is None:
        return ()
    start, active = started
    asked = []
    for side in _CANDIDATES:
        plain = {**_plain_deal(game, active, required, "side", side), "points": side}
        with_it = _payouts(start, {**plain, "schwarz": True})
        if with_it is not None and with_it != _payouts(start, plain):
            asked.append(side)
    return tuple(asked)


def _payouts(start: Mapping[str, object], deal: Mapping[str, object]) -> object:
    """What a deal pays in a list of its own, None where the engine refuses it."""
    try:
        scored = score_document({**start, "deals": [dict(deal)]})
    except ScoringError:
        return None
    return scored["deals"][0]["payouts"]


def assumed(rules: RuleSet, deal: Mapping[str, object]) -> tuple[str, ...]:
    """Say what the deal takes for granted that its breakdown does not name, in the page's words.

    A bid left at its lowest and a forced game left unticked move money as
    surely as a Laufender, but no term of the breakdown shows them: the
    preview says them, so they are seen before Save.
    """
    game = rules.family.games.get(str(deal.get("game", "")))
    if game is None:
        return ()
    keys = game.keys_for(rules)
    out = []
    if "bid" in keys:
        bid = deal.get("bid")
        out.append(_("Bid %(bid)s", bid=bid) if bid is not None
                   else _("Bid %(bid)s, the lowest", bid=LOWEST_BID))
    if "forced" in keys:
        out.append(_("Forced game") if deal.get("forced") else _("Not a forced game"))
    return tuple(out)
