"""A few sample deals scored by the engine under a tournament's rules, in the page's words.

The new-tournament page shows them as the organiser picks or types a
system: what a Sauspiel won with schneider, a solo, a Tout, a hand everyone
passes (...) pay under it. Nothing here works a payout out: each sample is a
one-deal list the engine scores, and the words say what the engine answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from scorer.engine import DealResult, ScoringError, parse_rules, read_list
from scorer.engine.families.house_rules import TournamentPoints
from scorer.web.deals.breakdown import one_line

#: The table of every sample: Dora deals, so Anna plays first.
PLAYERS = ("Anna", "Bene", "Chris", "Dora")
#: Anna with Chris against Bene and Dora.
_SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris"}


@dataclass(frozen=True, slots=True)
class Sample:
    """One sample deal: what was played, and what the engine says it pays."""

    label: str
    #: The deal as the list file writes it.
    deal: Mapping[str, Any]
    #: The breakdown in one line ("Sauspiel 1 + Schneider 1 = 2").
    line: str
    #: Each player's payout, as the engine scored it.
    payouts: Mapping[str, int]
    #: Who gets and who pays what, in words.
    words: str


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"\u2212{-amount}" if amount < 0 else "0"


def _deals(system: TournamentPoints, games: frozenset[str]) -> list[tuple[str, dict[str, Any]]]:
    """The sample deals these rules play, each with its label: only games and rules they have."""
    counted = system.laufende is not None
    hearts = "hearts_solo" in system.points
    suit = {"suit": "acorns"} if hearts else {}
    deals: list[tuple[str, dict[str, Any]]] = []
    if "sauspiel" in games:
        deals += [(_("Sauspiel won"), {**_SAUSPIEL, "points": 72}),
                  (_("Sauspiel won with Schneider"), {**_SAUSPIEL, "points": 95})]
        if counted:
            deals.append((_("Sauspiel won with 3 Laufende"), {**_SAUSPIEL, "points": 72, "laufende": 3}))
    if "solo" in games:
        deals.append((_("Solo won"), {"game": "solo", "declarer": "Anna", "points": 75, **suit}))
        if hearts:
            deals.append((_("Herz-Solo won"), {"game": "solo", "declarer": "Anna", "points": 75, "suit": "hearts"}))
    if "wenz" in games:
        deals.append((_("Wenz lost with 50"), {"game": "wenz", "declarer": "Bene", "points": 50}))
    if "solo" in games:
        deals += [
            (_("Solo Tout won"), {"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True,
                                  "tout": True, **suit}),
            (_("Solo Sie won"), {"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True,
                                 "sie": True, "laufende": 8, **suit}),
        ]
    if "bettel" in games:
        deals.append((_("Bettel won"), {"game": "bettel", "declarer": "Anna", "won": True}))
    if "sauspiel" in games and system.kontra == "ignored":
        deals.append((_("Sauspiel won, the others said Kontra"), {**_SAUSPIEL, "points": 72, "contra": True}))
    if "sauspiel" in games and system.kontra == "loses":
        deals.append((_("Sauspiel with 50, the others said Kontra"), {**_SAUSPIEL, "points": 50, "contra": True}))
    if system.passed == "forced" and "sauspiel" in games:
        deals.append((_("Everyone passes: Anna must play a Sauspiel, with 60"),
                      {**_SAUSPIEL, "points": 60, "forced": True}))
    elif system.passed == "cross" and "passed" in games:
        deals.append((_("Everyone passes, played über Kreuz: Anna and Chris take 70"),
                      {"game": "passed", "points": 70}))
    elif "passed" in games:
        deals.append((_("Everyone passes"), {"game": "passed"}))
    return deals


def _words(result: DealResult) -> str:
    """Who gets and who pays, from the engine's payouts: the declaring side first."""
    payouts = result.payouts
    side = result.side
    if len(side) == 2:
        others = next(who for who in PLAYERS if who not in side)
        return _("%(side)s each for the declarer and the partner, %(others)s each for the others",
                 side=_signed(payouts[side[0]]), others=_signed(payouts[others]))
    if len(side) == 1:
        others = next(who for who in PLAYERS if who not in side)
        return _("%(side)s for the declarer, %(others)s each for the others",
                 side=_signed(payouts[side[0]]), others=_signed(payouts[others]))
    if not any(payouts.values()):
        return _("0 for everyone")
    return _("%(first)s each for Anna and Chris, %(second)s each for Bene and Dora",
             first=_signed(payouts["Anna"]), second=_signed(payouts["Bene"]))


def samples(rules: Mapping[str, Any]) -> list[Sample]:
    """Score each sample deal under these rules (the engine's refusal of the rules goes to the caller)."""
    parsed = parse_rules(rules)
    system = parsed.table_points
    if system is None:
        return []
    shown = []
    for label, deal in _deals(system, parsed.games):
        try:
            result = read_list({"rules": dict(rules), "players": list(PLAYERS), "deals": [deal]}).replay().deals[0]
        except ScoringError:
            continue  # a game these rules leave out of the sample's form (a Sie under an old edition)
        shown.append(Sample(label, deal, one_line(result.breakdown), dict(result.payouts), _words(result)))
    return shown
