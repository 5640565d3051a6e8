"""The deal form: what a list's games ask for, and the filled-in form as a list-file deal.

The form is dynamic (the games, players and modifiers depend on the list's
family and house rules), so it reads the posted fields itself; CSRF is
checked for every POST by the app's CSRFProtect. The engine stays the
judge of what a deal may be: this module only turns taps and typed numbers
into a deal dict, leaving out every field the chosen game does not take.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from scorer.engine import Deal, DealResult, Game, RuleSet, ScoringError, parse_rules
from scorer.web import i18n
from scorer.web.deals.answers import SAID_NO, ZERO_TOOK_TRICK, ZERO_TOOK_TRICK_WORDS, no_field
from scorer.web.deals.controls import SUITS, Offers, asked, start, start_values
from scorer.web.deals.refused import refused_game
from scorer.web.deals.system import TableSystem
from scorer.web.deals.words import keys_of
from scorer.web.labels import names_joined, sitting_out

_WHOLE = re.compile(r"[0-9]{1,4}")
#: The longest posted value read; anything longer is cut. Field names carry
#: player names (``points.NAME``), which the list file does not limit.
_LONGEST = 1000
#: Sent once per form; long enough to be unique, short enough for the column.
TOKEN_BYTES = 18


def new_token() -> str:
    """A one-time token for a form, so a double tap stores its deal once."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def _whole(raw: str) -> int | None:
    return int(raw) if _WHOLE.fullmatch(raw) else None


class DealForm(Offers):
    """One deal form for a list: the choices it offers, the input, the errors."""

    def __init__(
        self,
        rules: Mapping[str, Any] | RuleSet,
        players: tuple[str, ...] | list[str],
        dealer: str,
        data: Mapping[str, str] | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, RuleSet) else parse_rules(dict(rules))
        self.family = self.rules.family
        self.players = tuple(players)
        self.dealer = dealer
        self.active = self.family.active(self.players, dealer)
        #: Who sits this deal out (the dealer first, then the players after), where the family has them.
        self.sitting_out = sitting_out(self.family, self.players, dealer)
        #: The games a deal of this list may be, in the family's order: not one the rules never
        #: let be played (a hand thrown in, where the first after the dealer must play).
        self.games = tuple(g for g in self.family.offered(self.rules)
                           if not refused_game(self.rules, self.family.games[g], self.players))
        self.keys = keys_of(self.family)
        self._fields = {}
        self._needed = {}
        #: The tournament system of the table, in words (nothing where the list plays none).
        self.system = TableSystem(self.rules, self.players, self.active, dealer)
        self.values = start_values(self.keys)
        if data is not None:
            self.values = {
                str(key)[:_LONGEST]: str(value).strip()[:_LONGEST]
                for key, value in data.items()
            }
        #: Messages by form field (``points``, ``points.Anna``, ``declarer``, ...).
        self.errors: dict[str, str] = {}
        #: Messages that belong to no one field.
        self.top_errors: list[str] = []
        #: What the deal would pay (the no-script preview), once asked.
        self.preview: DealResult | None = None
        posted = self.values.get("token", "")[:80]
        # A token a page never made (not printable ASCII, as an Idempotency-Key must be) is not kept.
        self.token = posted if posted.isascii() and posted.isprintable() and posted else new_token()

    def out_note(self, player: str) -> str | None:
        """What a player's choice says when the player sits this deal out, else None."""
        if player not in self.sitting_out:
            return None
        return _("deals, sits out") if player == self.dealer else _("sits out")

    def sit_out_line(self) -> str:
        """The dealer line's note on who sits out: "" when nobody does."""
        if not self.sitting_out:
            return ""
        if self.sitting_out == (self.dealer,):
            return _("sits out this deal")
        return _("%(names)s sit out this deal", names=names_joined(self.sitting_out))

    # -- prefill from a stored deal --------------------------------------------------------

    def fill(self, deal: Deal, token: str | None = None) -> None:
        """Put a stored deal into the form, for an edit."""
        values: dict[str, str] = {"game": deal.game}
        wanted = self.fields_for(deal.game)
        for key in self.keys.values():
            value = key.of(deal)
            if key.kind == "player" and value:
                values[key.name] = str(value)
            elif key.kind == "player" and key.name in wanted and not self._after_points(key.name):
                values[key.name] = ""  # asked and not said: none (alone)
            elif key.kind == "players":
                for who in value or ():
                    values[f"{key.name}.{who}"] = "1"
            elif key.kind == "flag" and value:
                values[key.name] = "1"
            elif key.kind == "flag" and key.name in SAID_NO and key.name in wanted:
                values[no_field(key.name)] = "1"  # the stored "no", said out loud
            elif key.kind == "suit" and value and key.name in wanted:
                values[key.name] = str(value)
            elif key.kind in ("count", "number"):
                values[key.name] = str(value or start(key))
            elif key.kind == "points" and isinstance(value, Mapping):
                for who, points in value.items():
                    values[f"{key.name}.{who}"] = str(points)
            elif key.kind == "points" and value is not None:
                values[key.name] = str(value)
        self.values = values
        self.token = token or new_token()

    # -- the form as a deal ------------------------------------------------------------------

    def deal(self, keep: Deal | None = None) -> dict[str, Any]:
        """The input as a list-file deal: only the chosen game's keys, no neutral values.

        Problems the form itself can see (no game, a number that is not one,
        missing declarer) land in ``errors``; the engine judges the rest.
        ``keep`` is the stored deal of an edit: its own dealer and its
        informational keys stay.
        """
        game = self.game
        if not game:
            self.errors["game"] = _("Choose a game.")
            return {}
        out: dict[str, Any] = {"game": game}
        wanted = self.fields_for(game)
        kind = self.game_of(game)
        required = kind.required if kind is not None else {}
        for key in self.keys.values():
            if key.name == "points" and "player_points" in wanted:
                self._player_points(out)
            elif key.name not in wanted:
                continue
            elif key.kind == "player" and self.value(key.name):
                out[key.name] = self.value(key.name)
            elif key.kind == "points":
                self._side_points(out)
            elif key.kind == "flag" and key.name in required:
                if self.ticked(key.name) or self.ticked(no_field(key.name)):
                    out[key.name] = self.ticked(key.name)  # said: won, or lost out loud
            elif key.kind == "flag" and self.ticked(key.name):
                out[key.name] = True
            elif key.kind == "players":
                chosen = [who for who in self.active if self.ticked(f"{key.name}.{who}")]
                if chosen:
                    out[key.name] = chosen
            elif key.kind == "suit" and self.value(key.name):
                if self.value(key.name) in SUITS:
                    out[key.name] = self.value(key.name)
                else:
                    self.errors[key.name] = _("Tap the suit.")
            elif key.kind in ("count", "number") and self.value(key.name):
                number = _whole(self.value(key.name))
                if number is None:
                    self.errors[key.name] = _("Choose a number.")
                elif number and str(number) != start(key):
                    out[key.name] = number
        self._unsaid(game, out)  # before the engine's own words for a missing key
        self._required(game, out)
        if keep is not None:
            if keep.dealer is not None:
                out["dealer"] = keep.dealer
            for key in self.keys.values():
                if not asked(key, kind) and kind is not None and key.name in kind.keys:
                    value = key.of(keep)
                    if value is not None:
                        out[key.name] = value
        return out

    def _side_points(self, out: dict[str, Any]) -> None:
        raw = self.value("points")
        if not raw:
            return
        points = _whole(raw)
        if points is None:
            self.errors["points"] = _("Type the card points as a whole number from 0 to 120.")
        elif points > 120:
            self.errors["points"] = _(
                "%(points)s is more than the 120 in the pack.", points=points
            )
        else:
            out["points"] = 120 - points if self.ticked("defenders") else points

    def _player_points(self, out: dict[str, Any]) -> None:
        points: dict[str, int] = {}
        blanks: list[str] = []
        for who in self.active:
            raw = self.value(f"points.{who}")
            if not raw:
                blanks.append(who)
                continue
            number = _whole(raw)
            if number is None or number > 120:
                self.errors[f"points.{who}"] = _("A whole number from 0 to 120.")
            else:
                points[who] = number
        if len(points) + len(blanks) < len(self.active):
            return
        if len(blanks) > 1:
            self.errors["player_points"] = _(
                "Type every player's points; one may stay empty and is filled in to make 120."
            )
            return
        if blanks:
            rest = 120 - sum(points.values())
            if rest < 0:
                self.errors["player_points"] = _(
                    "The points add up to %(total)s, more than the 120 in the pack.",
                    total=sum(points.values()),
                )
                return
            points[blanks[0]] = rest
        out["points"] = {who: points[who] for who in self.active}

    def _required(self, game: str, out: Mapping[str, Any]) -> None:
        """The keys the engine's game requires (``Game.required``) that the input leaves out.

        The form says what to tap or type, in its own words where it has them,
        else the engine's own message after the field's label.
        """
        kind = self.game_of(game)
        if kind is None:
            return
        wanted = self.fields_for(game)
        for key, message in kind.required.items():
            if key in out or (key not in wanted and key != "points"):
                continue
            if key == "points" and ("player_points" in wanted or "points" in self.errors):
                continue  # per-player points say what is wrong themselves
            self.errors.setdefault(key, self._missing(kind, key, message))
        for key in self.needed_for(game) - set(out):
            self.errors.setdefault(key, _("Tap the suit: under these rules it changes what the game pays."))

    def _unsaid(self, game: str, out: Mapping[str, Any]) -> None:
        """What the form never assumes: the partner or "Alone", and "no" where it moves money.

        A partner row with "Alone" is answered only by a tap; Schwarz (at the
        points where a side may have taken every trick) and a required yes/no
        (a Bettel's result) only by one of their two boxes.
        """
        kind = self.game_of(game)
        wanted = self.fields_for(game)
        if kind is None:
            return
        if kind.partner == "optional" and "partner" in wanted and "partner" not in self.values:
            self.errors.setdefault("partner", self.partner_unsaid)
        points = out.get("points")
        if "no_trick" in wanted and isinstance(points, Mapping) and not self.ticked(ZERO_TOOK_TRICK):
            unsaid = [who for who, said in points.items() if said == 0 and who not in out.get("no_trick", ())]
            if unsaid:
                self.errors.setdefault("no_trick", _(
                    "%(names)s: 0 points. Tick who took no trick, or “%(took)s”.",
                    names=names_joined(unsaid), took=_(ZERO_TOOK_TRICK_WORDS)))
        for key in SAID_NO:
            if key not in wanted:
                continue
            yes, no = self.ticked(key), self.ticked(no_field(key))
            if yes and no:
                self.errors.setdefault(key, _("Tap one of “%(yes)s” and “%(no)s”, not both.",
                                              yes=self.label(key), no=_(SAID_NO[key])))
            elif not (yes or no) and self._asked(key, game, out):
                self.errors.setdefault(key, self.unsaid_message(key, out.get("points"), game))

    @property
    def partner_unsaid(self) -> str:
        """What to say when neither a partner nor "Alone" is tapped."""
        return _("Tap the partner, or “%(alone)s”: a pick is alone only when tapped so.",
                 alone=self.word("alone"))

    def _asked(self, key: str, game: str, out: Mapping[str, Any]) -> bool:
        """Tell whether a yes/no must be said out loud in this deal."""
        if key == "schwarz":
            return out.get("points") in self.schwarz_at(game)
        kind = self.game_of(game)
        return kind is not None and key in kind.required

    def unsaid_message(self, key: str, points: Any, game: str) -> str:
        """What to say when a yes/no that moves money is not answered."""
        if key == "schwarz":
            asked = _("With %(points)s points: did a side take no trick at all? Tap “%(yes)s”, or “%(no)s”.",
                      points=points, yes=self.label(key), no=_(SAID_NO[key]))
            if {"tout", "sie"} & self.fields_for(game):
                return asked + " " + _("A Tout or Sie is won only with every trick.")
            return asked
        return _("Tap “%(yes)s”, or “%(no)s”.", yes=self.label(key), no=_(SAID_NO[key]))

    def _missing(self, game: Game, key: str, message: str) -> str:
        """What to say when a required key is not given."""
        declared = self.keys.get(key)
        if key == "declarer":
            return self.word("who_declared")
        if key == "partner":
            return {
                "called": _("Who held the called ace? Tap the partner."),
                "took": _("Who took the trump? Tap the partner."),
            }.get(game.partner or "", _("Tap the partner."))
        if declared is not None and declared.kind == "points":
            return _("Type the card points.")
        reason = _(message)
        return f"{self.label(key)}: {reason}" if declared is not None else reason[:1].upper() + reason[1:]

    # -- the card points' label ------------------------------------------------------------------

    @property
    def cross_games(self) -> list[str]:
        """The games of nothing declared that still take card points: the hand played "über Kreuz"."""
        return [g for g in self.games_with("points") if self.family.games[g].kind == "none"]

    @property
    def points_labels(self) -> dict[str, tuple[str, str]]:
        """Per game whose card points are a team's by seat: the label, and the label with the other team's."""
        labels = self.system.cross_labels()
        return dict.fromkeys(self.cross_games, labels) if labels else {}

    @property
    def points_label(self) -> str:
        """The card points field's label for the game chosen, as deal.js shows it."""
        defenders = self.ticked("defenders")
        own = self.points_labels.get(self.game)
        if own is not None:
            return own[defenders]
        return self.word("defenders_points") if defenders else self.word("side_points")

    # -- errors --------------------------------------------------------------------------------

    def add_error(self, error: ScoringError) -> None:
        """Put the engine's message next to the field it names, else at the top."""
        field = self.field_of(error.key)
        reason = i18n.reason(error)
        message = reason[:1].upper() + reason[1:]
        if field is None:
            self.top_errors.append(message)
        else:
            self.errors.setdefault(field, message)

    def field_of(self, key: str) -> str | None:
        """The form field of a deal key in an engine error, if the form shows it."""
        wanted = self.fields_for(self.game)
        if key == "game":
            return key
        if key == "points" and "player_points" in wanted:
            return "player_points"
        if key.startswith("points.") and "player_points" in wanted:
            return key if key[len("points."):] in self.active else "player_points"
        if key in wanted:
            return key
        return None

    def anchor(self, field: str) -> str:
        """The id of the part of the page that holds a field (the error summary links there)."""
        if field.startswith("points."):
            return "field-player_points"
        if field in self.keys and self.keys[field].kind == "flag":
            return "field-toggles"
        return f"field-{field}"

    @property
    def first_error(self) -> tuple[str | None, str] | None:
        """The first problem, as (field, message), for the preview's answer."""
        if self.top_errors:
            return None, self.top_errors[0]
        for field, message in self.errors.items():
            return field, message
        return None

    @property
    def has_errors(self) -> bool:
        """Tell whether anything stops the deal from being stored."""
        return bool(self.errors or self.top_errors)
