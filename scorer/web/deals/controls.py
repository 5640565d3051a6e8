"""What a deal form offers: a control for every deal key a game of the list takes, by its kind.

A key of kind "player" is a row of players to tap, "players" a box per
player, "flag" a box to tick, "count" and "number" a choice of numbers,
"points" the card points (the declaring side's, or every player's), "suit"
a row of suits where the game names its suit (``Game.roles``: the Solo's
trump suit; elsewhere a suit is informational, kept on an edit and not
asked). Nothing here names a key's family or game: a family's own key gets
its control from its kind and its label.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.engine import BID_STEP, LOWEST_BID, Family, Game, Key, RuleSet, ScoringError
from scorer.web.deals.answers import SAID_NO, ZERO_TOOK_TRICK, ZERO_TOOK_TRICK_WORDS, no_field, schwarz_points
from scorer.web.deals.refused import needed_keys, refused_keys
from scorer.web.deals.words import SUIT_WORDS, key_label

#: Posted values that tick a checkbox.
_TICKED = frozenset({"1", "on", "y", "yes", "true"})

BIDS = (LOWEST_BID, *range(LOWEST_BID - LOWEST_BID % BID_STEP + BID_STEP, 121, BID_STEP))

#: The key whose count a game's trumps bound (Game.trumps), asked with a choice per game.
TRUMPS_BOUND = "laufende"


#: The suits of the pack a suit is tapped from, in the order players name them.
SUITS = ("acorns", "leaves", "hearts", "bells")


def asked(key: Key, game: Game | None) -> bool:
    """Tell whether the form asks for a key in a game: a suit only where the game names it."""
    return key.kind != "suit" or (game is not None and key.name in game.roles)


def start(key: Key) -> str | None:
    """What a new form shows for a key with a choice of numbers."""
    if key.kind == "count":
        return "0"
    if key.kind == "number":
        return str(BIDS[0])
    return None


def start_values(keys: Mapping[str, Key]) -> dict[str, str]:
    """What a new form starts with: every number's neutral choice."""
    return {key.name: value for key in keys.values() if (value := start(key)) is not None}


class PlayerRow:
    """A row of players to tap for a key of kind "player": a legend, maybe a choice of none."""

    def __init__(self, key: str, legend: str, none: str | None, *, none_first: bool,
                 hints: tuple[tuple[str, str], ...] = ()) -> None:
        self.key = key
        self.legend = legend
        #: The label of the choice of no player ("Alone", "No tie"), or None.
        self.none = none
        #: The choice of none is taken until a player is tapped (else only once tapped).
        self.none_first = none_first
        #: Who the player is in a game that names the role its own way: (game, words).
        self.hints = hints


class SuitRow:
    """A key of kind "suit": a row of suits to tap, and the choice of none where it may stay unsaid."""

    def __init__(self, key: str, legend: str, none: str | None, needed_in: tuple[str, ...]) -> None:
        self.key = key
        self.legend = legend
        self.suits = tuple((suit, _(SUIT_WORDS[suit])) for suit in SUITS)
        #: The label of the choice of no suit ("Not said"), or None where every game needs one.
        self.none = none
        #: The games whose rules need the suit named (their deal is refused without it).
        self.needed_in = needed_in


class Count:
    """A key of kind "count" or "number": a choice of numbers."""

    def __init__(self, key: str, legend: str, choices: tuple[int, ...], *, select: bool) -> None:
        self.key = key
        self.legend = legend
        self.choices = choices
        #: Asked with a drop-down (many choices) rather than a row of buttons.
        self.select = select
        self.default = str(choices[0]) if choices else "0"


class Offers:
    """The choices a deal form offers for a list's games, and the input kept for them."""

    rules: RuleSet
    family: Family
    players: tuple[str, ...]
    active: tuple[str, ...]
    #: The games a deal of this list may be, in the family's order.
    games: tuple[str, ...]
    values: dict[str, str]
    #: Every key a deal of the family may carry, by name: the shared ones, then the family's own.
    keys: Mapping[str, Key]
    #: The fields of each game asked about so far (the rules do not change).
    _fields: dict[str, frozenset[str]]
    #: The suits each game's rules need named, asked about so far.
    _needed: dict[str, frozenset[str]]

    #: The count bounded per game by its trumps (the page limits its choices per game).
    trumps_bound = TRUMPS_BOUND

    def fields_for(self, game: str) -> frozenset[str]:
        """The form fields that apply to a game of this list.

        ``points`` is the declaring side's card points; ``player_points`` the
        per-player points of a game where everybody plays alone.
        """
        known = self._fields.get(game)
        if known is None:
            known = self._fields[game] = self._fields_of(game)
        return known

    def _fields_of(self, game: str) -> frozenset[str]:
        kind = self.game_of(game)
        if kind is None:
            return frozenset()
        keys = {k for k in kind.keys_for(self.rules) if k in self.keys and asked(self.keys[k], kind)}
        if kind.partner == "fixed":
            keys.discard("partner")  # partners are fixed by the seating
        if kind.kind == "none":
            keys.discard("doubles")  # a doubled hand thrown in still pays nothing
        keys -= refused_keys(self.rules, kind, self.keys, self.players, frozenset(keys))
        if kind.points == "players":
            keys = (keys - {"points"}) | {"player_points"}
        return frozenset(keys)

    def needed_for(self, game: str) -> frozenset[str]:
        """The suits a game's deal must name under these rules (the engine refuses it without)."""
        known = self._needed.get(game)
        if known is None:
            kind = self.game_of(game)
            fields = self.fields_for(game)
            known = frozenset() if kind is None else needed_keys(self.rules, kind, self.keys, self.players, fields)
            self._needed[game] = known
        return known

    def game_of(self, game: str) -> Game | None:
        """The engine's game of this name, if the family has it."""
        return self.family.games.get(game)

    def _offered_keys(self, *kinds: str) -> list[Key]:
        """The keys of these kinds some game of this list takes: the shared ones first, in their order."""
        return [key for key in self.keys.values() if key.kind in kinds and self.offers(key.name)]

    @property
    def partner_kinds(self) -> frozenset[str]:
        """How the partner is named in the games that name one (called, took, optional)."""
        return frozenset(str(self.family.games[g].partner) for g in self.games_with("partner"))

    def word(self, role: str, **values: Any) -> str:
        """The family's word for a role (Picker, Declarer, ...), in the page's language."""
        return _(self.family.word(role), **values)

    def label(self, key: str) -> str:
        """What the form calls a key: the family's word, else the key's own label."""
        if key == "partner":
            return self.partner_legend  # how the games name the partner (Game.partner)
        return key_label(self.family, key)

    @property
    def partner_legend(self) -> str:
        """The partner buttons' heading: "called ace" only where every partner holds it."""
        if self.partner_kinds == {"called"}:
            return _("Partner (called ace)")
        return self.word("partner")

    def _after_points(self, key: str) -> bool:
        """Tell whether a key is asked after every player's points (a tie among them)."""
        games = [self.family.games[g] for g in self.games_with(key)]
        return bool(games) and all(game.points == "players" for game in games)

    def player_rows(self, after_points: bool = False) -> list[PlayerRow]:
        """The rows of players to tap, one per key of kind "player" some game takes.

        The rows that settle a tie of every player's points come after those
        points (``after_points``); the others before the card points.
        """
        rows = []
        for key in self._offered_keys("player"):
            after = self._after_points(key.name)
            if after != after_points:
                continue
            legend = self.label(key.name)
            optional = any(key.name not in self.family.games[g].required for g in self.games_with(key.name))
            none = (_("No tie") if after else self.word("alone")) if optional else None
            rows.append(PlayerRow(key.name, legend, none, none_first=after, hints=self.role_hints(key.name)))
        return rows

    def role_hints(self, key: str) -> tuple[tuple[str, str], ...]:
        """Who the player of a key is in each game that says so (``Game.roles``): (game, words)."""
        hints = []
        for name in self.games_with(key):
            game = self.family.games[name]
            if key in game.roles:
                hints.append((name, _("%(game)s: %(who)s", game=_(game.label), who=_(game.roles[key]))))
        return tuple(hints)

    def player_checked(self, row: PlayerRow, player: str) -> bool:
        """Tell whether a player (or none: "") is the row's choice."""
        if player:
            return self.value(row.key) == player
        if row.none_first:
            return not self.value(row.key)
        return self.values.get(row.key) == ""

    def games_with(self, field: str) -> list[str]:
        """The offered games that take a field (for the page's ``data-games``)."""
        return [g for g in self.games if field in self.fields_for(g)]

    def offers(self, field: str) -> bool:
        """Tell whether any game of this list takes a field."""
        return bool(self.games_with(field))

    @property
    def suit_rows(self) -> list[SuitRow]:
        """A row of suits per key of kind "suit" some game asks (the Solo's trump suit)."""
        rows = []
        for key in self._offered_keys("suit"):
            games = self.games_with(key.name)
            needed = tuple(g for g in games if key.name in self.needed_for(g))
            none = None if len(needed) == len(games) else _("Not said")
            rows.append(SuitRow(key.name, self.label(key.name), none, needed))
        return rows

    @property
    def toggles(self) -> list[tuple[str, Any]]:
        """The yes/no modifiers (keys of kind "flag") some game of this list takes, with their labels."""
        return [(key.name, self.label(key.name)) for key in self._offered_keys("flag")]

    def schwarz_at(self, game: str) -> tuple[int, ...]:
        """The declaring side's card points at which a deal of the game must say whether it was schwarz."""
        kind = self.game_of(game)
        if kind is None or "schwarz" not in self.fields_for(game) or "points" not in self.fields_for(game):
            return ()
        return schwarz_points(self.rules, kind, self.players)

    @property
    def schwarz_asked(self) -> dict[str, list[int]]:
        """Per game that asks it: the card points at which Schwarz must be answered (for deal.js)."""
        return {g: list(points) for g in self.games if (points := self.schwarz_at(g))}

    #: The box that says the players with 0 points not ticked took a trick, and its words.
    zero_took_trick = ZERO_TOOK_TRICK

    @property
    def zero_took_trick_words(self) -> str:
        """What the box that says the others with 0 points took a trick says."""
        return _(ZERO_TOOK_TRICK_WORDS)

    def said_no(self, key: str) -> tuple[str, str, list[str]] | None:
        """The box that says "no" to a key out loud: its field, its words, the games that ask it."""
        if key not in SAID_NO:
            return None
        games = list(self.schwarz_asked) if key == "schwarz" else self.games_with(key)
        return (no_field(key), _(SAID_NO[key]), games) if games else None

    @property
    def chosen_players(self) -> list[tuple[str, str]]:
        """The keys of kind "players" some game takes (who took no trick ...), with their legends."""
        return [(key.name, self.label(key.name)) for key in self._offered_keys("players")]

    @property
    def counts(self) -> list[Count]:
        """The keys with a choice of numbers (kinds "count" and "number") some game takes."""
        out = []
        for key in self._offered_keys("count", "number"):
            if key.kind == "number":
                out.append(Count(key.name, self.label(key.name), self.bids, select=True))
            elif key.name == TRUMPS_BOUND:
                out.append(Count(key.name, self.label(key.name), tuple(range(self.laufende_max + 1)),
                                 select=True))
            else:
                out.append(Count(key.name, self.label(key.name), tuple(range(self._highest(key) + 1)),
                                 select=False))
        return out

    def _highest(self, key: Key) -> int:
        """The most a count may be at this table: its own bound, or one per player."""
        for count in range(len(self.active), 0, -1):
            try:
                key.read(count, key.name)
            except ScoringError:
                continue
            return count
        return 0

    @property
    def laufende_max(self) -> int:
        """The most Laufende any offered game has."""
        return max((self.family.games[g].trumps for g in self.games_with(TRUMPS_BOUND)), default=0)

    @property
    def trumps(self) -> dict[str, int]:
        """Per game: the most Laufende (its trumps)."""
        return {g: self.family.games[g].trumps for g in self.games_with(TRUMPS_BOUND)}

    @property
    def laufende_from(self) -> dict[str, int]:
        """Per game: Laufende count from this many on."""
        return {g: self.rules.laufende_from.get(g, 1) for g in self.games_with(TRUMPS_BOUND)}

    @property
    def bids(self) -> tuple[int, ...]:
        """The bids of the game for three."""
        return BIDS

    @property
    def game(self) -> str:
        """The game chosen so far, or ''."""
        return self.values.get("game", "")

    def value(self, name: str, default: str = "") -> str:
        """The input kept for a field."""
        return self.values.get(name, default)

    def ticked(self, name: str) -> bool:
        """Tell whether a checkbox was ticked."""
        return self.values.get(name, "").lower() in _TICKED
