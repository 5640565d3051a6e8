"""Statistics of a list, per player: who played, declared and won what.

Counted from the scored deals alone (each DealResult knows its declaring
side and whether it won), so they hold for every family.

>>> from scorer.engine import read_list
>>> result = read_list({"rules": {"preset": "bavarian"}, "players": ["A", "B", "C", "D"],
...     "deals": [{"game": "sauspiel", "declarer": "A", "partner": "C", "points": 72}]}).replay()
>>> stats = statistics(result)["A"]
>>> (stats.played, stats.declared.count, stats.declared_won, stats.biggest_win)
(1, 1, 1, 20)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scorer.engine.results import ListResult


@dataclass(frozen=True, slots=True)
class Tally:
    """How often something happened, and how often it was won."""

    count: int = 0
    won: int = 0

    def add(self, won: bool) -> Tally:
        """One more, won or not."""
        return Tally(self.count + 1, self.won + won)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.count + other.count, self.won + other.won)


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    """One player's evening in numbers."""

    player: str
    #: Deals the player played (not sitting out).
    played: int = 0
    #: Games the player declared (picked), and how many of them were won.
    declared: Tally = Tally()
    #: Games the player played as partner, and how many were won.
    partnered: Tally = Tally()
    #: Per game, the games declared and won.
    by_game: Mapping[str, Tally] = field(default_factory=lambda: MappingProxyType({}))
    #: Solo games (the declarer alone against the rest) declared, and won.
    solos: Tally = Tally()
    #: The biggest single win and loss of a deal, in units.
    biggest_win: int = 0
    biggest_loss: int = 0
    #: Deals the defenders doubled (a Kontra; in Sheepshead a crack) the player played in, and
    #: how many the player's side won.
    doubled: Tally = Tally()
    #: Laufende held in the games the player declared (when the deal records them).
    laufende: int = 0
    #: Sheepshead: picks played alone, and won.
    alone: Tally = Tally()
    #: No-pick and all-play games (Ramsch, least, leaster, moster) the player won.
    all_play_won: int = 0

    @property
    def declared_won(self) -> int:
        """Games declared and won."""
        return self.declared.won

    def __add__(self, other: PlayerStatistics) -> PlayerStatistics:
        """The two counts together: the biggest win and loss are the bigger of both."""
        by_game = dict(self.by_game)
        for game, tally in other.by_game.items():
            by_game[game] = by_game.get(game, Tally()) + tally
        return PlayerStatistics(
            player=self.player, played=self.played + other.played,
            declared=self.declared + other.declared, partnered=self.partnered + other.partnered,
            by_game=MappingProxyType(by_game), solos=self.solos + other.solos,
            biggest_win=max(self.biggest_win, other.biggest_win),
            biggest_loss=min(self.biggest_loss, other.biggest_loss),
            doubled=self.doubled + other.doubled, laufende=self.laufende + other.laufende,
            alone=self.alone + other.alone, all_play_won=self.all_play_won + other.all_play_won,
        )


def summed(lists: Iterable[Mapping[str, PlayerStatistics]]) -> Mapping[str, PlayerStatistics]:
    """Each player's statistics over several lists, players in order of first appearance.

    A player absent from a list simply adds nothing for it.

    >>> from scorer.engine import read_list
    >>> def stats(players, deals):
    ...     return statistics(read_list({"rules": {"preset": "bavarian"}, "players": players,
    ...                                  "deals": deals}).replay())
    >>> one = stats(["A", "B", "C", "D"], [{"game": "solo", "declarer": "A", "points": 80}])
    >>> two = stats(["A", "B", "C", "E"], [{"game": "wenz", "declarer": "E", "points": 30}])
    >>> season = summed([one, two])
    >>> list(season), season["A"].played, season["A"].biggest_win, season["D"].played
    (['A', 'B', 'C', 'D', 'E'], 2, 120, 1)
    """
    total: dict[str, PlayerStatistics] = {}
    for stats in lists:
        for who, counted in stats.items():
            total[who] = total[who] + counted if who in total else counted
    return MappingProxyType(total)


def statistics(result: ListResult) -> Mapping[str, PlayerStatistics]:
    """Every player's statistics, in seating order."""
    family = result.rules.family
    stats = {who: _Counting(who) for who in result.players}
    for scored in result.deals:
        deal, game = scored.deal, family.games[scored.deal.game]
        # Who sat at the table then: a list's changes may seat others later.
        for who in family.active(scored.seating or result.players, scored.dealer):
            amount = scored.payouts[who]
            counting = stats[who]
            counting.played += 1
            counting.biggest_win = max(counting.biggest_win, amount)
            counting.biggest_loss = min(counting.biggest_loss, amount)
            if game.kind == "all" and amount > 0:
                counting.all_play_won += 1
            if scored.won is None or not scored.side:
                continue
            on_side = who in scored.side
            won = scored.won if on_side else not scored.won
            if deal.contra or deal.crack:
                counting.doubled = counting.doubled.add(won)
            if who == scored.side[0]:
                counting.declared = counting.declared.add(won)
                counting.by_game[game.name] = counting.by_game.get(game.name, Tally()).add(won)
                counting.laufende += deal.laufende
                # A declarer who could have had a partner and played without one.
                alone = game.partner == "optional" and len(scored.side) == 1
                if game.kind == "solo" or alone:
                    counting.solos = counting.solos.add(won)
                if alone:
                    counting.alone = counting.alone.add(won)
            elif on_side:
                counting.partnered = counting.partnered.add(won)
    return MappingProxyType({who: stats[who].frozen() for who in result.players})


class _Counting:
    """A player's statistics while the deals are counted."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.played = 0
        self.declared = Tally()
        self.partnered = Tally()
        self.by_game: dict[str, Tally] = {}
        self.solos = Tally()
        self.biggest_win = 0
        self.biggest_loss = 0
        self.doubled = Tally()
        self.laufende = 0
        self.alone = Tally()
        self.all_play_won = 0

    def frozen(self) -> PlayerStatistics:
        return PlayerStatistics(
            player=self.player, played=self.played, declared=self.declared,
            partnered=self.partnered, by_game=MappingProxyType(dict(self.by_game)),
            solos=self.solos, biggest_win=self.biggest_win, biggest_loss=self.biggest_loss,
            doubled=self.doubled, laufende=self.laufende, alone=self.alone,
            all_play_won=self.all_play_won,
        )
