"""What a tournament's system does that the deal form must say: the forced game, the cross game, Kontra.

A tournament table's rules carry ``table_points``. Where everyone passes,
the system may have the first player after the dealer play a Sauspiel
marked forced, or play the hand "über Kreuz" (first and third against
second and fourth, the deal giving the first player's team's card points);
Kontra may lose the game for the side that said it, or count for nothing.
The engine scores all of it; this module only puts it into words at the
fields, by the seats' names, and says in the preview what a said Kontra did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.engine import RuleSet
from scorer.engine.families.house_rules import TournamentPoints
from scorer.engine.families.table_points_games import FORCED_BID


def in_playing_order(players: tuple[str, ...], active: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """The active players in the order they play a deal: the first after the dealer first."""
    start = players.index(dealer) + 1 if dealer in players else 0
    return tuple(who for who in players[start:] + players[:start] if who in active)


class TableSystem:
    """The tournament system of one deal's table, in the form's words (nothing where the list plays none)."""

    def __init__(self, rules: RuleSet, players: tuple[str, ...], active: tuple[str, ...], dealer: str) -> None:
        self.system: TournamentPoints | None = rules.table_points
        self.order = in_playing_order(players, active, dealer)

    @property
    def passed(self) -> str | None:
        """What a hand everyone passed becomes under the system, or None (no system)."""
        return None if self.system is None else self.system.passed

    def forced_hint(self, game: str) -> str:
        """Who plays the forced game, and what wins it: "" where the system throws a passed hand in."""
        if self.passed != "forced" or not self.order:
            return ""
        return _("If everybody passed, %(first)s, the first after the dealer, must play this %(game)s: "
                 "tick “%(forced)s”. It is won with %(points)s card points.",
                 first=self.order[0], game=game, forced=_("Forced game"), points=FORCED_BID)

    @property
    def cross_teams(self) -> tuple[tuple[str, str], tuple[str, str]] | None:
        """The teams of a hand played "über Kreuz": first and third, second and fourth after the dealer."""
        if self.passed != "cross" or len(self.order) != 4:
            return None
        first, second, third, fourth = self.order
        return (first, third), (second, fourth)

    def cross_hint(self) -> str:
        """Who plays with whom in the cross game, by name."""
        teams = self.cross_teams
        if teams is None:
            return ""
        (first, third), (second, fourth) = teams
        return _("Über Kreuz: %(first)s and %(third)s play against %(second)s and %(fourth)s. "
                 "Type the card points of %(first)s and %(third)s; at 60 the hand is played again.",
                 first=first, third=third, second=second, fourth=fourth)

    def cross_labels(self) -> tuple[str, str] | None:
        """The points field's label in the cross game: the first team's points, or the other team's."""
        teams = self.cross_teams
        if teams is None:
            return None
        (first, third), (second, fourth) = teams
        return (_("Card points of %(one)s and %(other)s", one=first, other=third),
                _("Card points of %(one)s and %(other)s", one=second, other=fourth))

    def kontra_hint(self) -> str:
        """What Kontra does under this system, where it is said and does not double."""
        return {
            "loses": _("Under these rules the side that says Kontra loses the game: the declaring side wins it."),
            "ignored": _("Under these rules Kontra and Re count for nothing: the game is scored as if nobody said them."),
        }.get(self.system.kontra if self.system else "", "")

    def preview_note(self, deal: Mapping[str, Any]) -> str:
        """What the preview says beside the payouts about this deal under the system: a said Kontra."""
        if deal.get("contra") or deal.get("re"):
            return self.kontra_hint()
        return ""
