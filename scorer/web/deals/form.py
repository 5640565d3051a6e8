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

from scorer.engine import (
    BID_STEP, LOWEST_BID, Deal, DealResult, Game, RuleSet, ScoringError, parse_rules,
)
from scorer.web import i18n
from scorer.web.deals.words import TOGGLES, toggle_label

#: The counts the form asks for with a choice of numbers.
_COUNTS = ("laufende", "doubles", "bid", "blitz")

#: Keys a deal may carry that the form does not ask for (kept on an edit).
_INFORMATIONAL = ("called_ace", "suit")
#: Posted values that tick a checkbox.
_TICKED = frozenset({"1", "on", "y", "yes", "true"})
_WHOLE = re.compile(r"[0-9]{1,4}")
#: The longest posted value read; anything longer is cut. Field names carry
#: player names (``points.NAME``), which the list file does not limit.
_LONGEST = 1000
#: Sent once per form; long enough to be unique, short enough for the column.
TOKEN_BYTES = 18

BIDS = (LOWEST_BID, *range(LOWEST_BID - LOWEST_BID % BID_STEP + BID_STEP, 121, BID_STEP))


def new_token() -> str:
    """A one-time token for a form, so a double tap stores its deal once."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def _whole(raw: str) -> int | None:
    return int(raw) if _WHOLE.fullmatch(raw) else None


class DealForm:
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
        #: The dealer, when the family has the dealer sit this deal out.
        self.sitting_out = dealer if len(self.active) < len(self.players) else None
        #: The games a deal of this list may be, in the family's order.
        self.games = self.family.offered(self.rules)
        self.values: dict[str, str] = {"laufende": "0", "doubles": "0", "bid": str(LOWEST_BID)}
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

    # -- what the form offers -----------------------------------------------------------

    def fields_for(self, game: str) -> frozenset[str]:
        """The form fields that apply to a game of this list.

        ``points`` is the declaring side's card points; ``player_points`` the
        per-player points of a Ramsch or least.
        """
        kind = self.game_of(game)
        if kind is None:
            return frozenset()
        keys = set(kind.keys_for(self.rules)) - set(_INFORMATIONAL)
        if kind.partner == "fixed":
            keys.discard("partner")  # partners are fixed by the seating
        if kind.kind == "none":
            keys.discard("doubles")  # a doubled hand thrown in still pays nothing
        if kind.points == "players":
            keys = (keys - {"points"}) | {"player_points"}
        return frozenset(keys)

    def game_of(self, game: str) -> Game | None:
        """The engine's game of this name, if the family has it."""
        return self.family.games.get(game)

    @property
    def partner_kinds(self) -> frozenset[str]:
        """How the partner is named in the games that name one (called, took, optional)."""
        return frozenset(str(self.family.games[g].partner) for g in self.games_with("partner"))

    def word(self, role: str, **values: Any) -> str:
        """The family's word for a role (Picker, Declarer, ...), in the page's language."""
        return _(self.family.word(role), **values)

    @property
    def partner_legend(self) -> str:
        """The partner buttons' heading: "called ace" only where every partner holds it."""
        if self.partner_kinds == {"called"}:
            return _("Partner (called ace)")
        return self.word("partner")

    def games_with(self, field: str) -> list[str]:
        """The offered games that take a field (for the page's ``data-games``)."""
        return [g for g in self.games if field in self.fields_for(g)]

    def offers(self, field: str) -> bool:
        """Tell whether any game of this list takes a field."""
        return bool(self.games_with(field))

    @property
    def toggles(self) -> list[tuple[str, Any]]:
        """The yes/no modifiers some game of this list takes, with their labels."""
        return [(key, toggle_label(self.family, key)) for key in TOGGLES if self.offers(key)]

    @property
    def laufende_max(self) -> int:
        """The most Laufende any offered game has."""
        return max((self.family.games[g].trumps for g in self.games_with("laufende")), default=0)

    @property
    def trumps(self) -> dict[str, int]:
        """Per game: the most Laufende (its trumps)."""
        return {g: self.family.games[g].trumps for g in self.games_with("laufende")}

    @property
    def laufende_from(self) -> dict[str, int]:
        """Per game: Laufende count from this many on."""
        return {g: self.rules.laufende_from.get(g, 1) for g in self.games_with("laufende")}

    @property
    def bids(self) -> tuple[int, ...]:
        """The bids of Bavarian Schafkopf for three."""
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

    # -- prefill from a stored deal --------------------------------------------------------

    def fill(self, deal: Deal, token: str | None = None) -> None:
        """Put a stored deal into the form, for an edit."""
        values = {"game": deal.game, "laufende": str(deal.laufende),
                  "doubles": str(deal.doubles), "bid": str(deal.bid or LOWEST_BID),
                  "blitz": str(deal.blitz)}
        for who in deal.no_trick:
            values[f"no_trick.{who}"] = "1"
        for key in ("declarer", "partner", "loser", "winner"):
            if getattr(deal, key):
                values[key] = getattr(deal, key)
        if isinstance(deal.points, Mapping):
            for who, points in deal.points.items():
                values[f"points.{who}"] = str(points)
        elif deal.points is not None:
            values["points"] = str(deal.points)
        for key in TOGGLES:
            if getattr(deal, key):
                values[key] = "1"
        if deal.partner is None and deal.declarer and "partner" in self.fields_for(deal.game):
            values["partner"] = ""
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
        for key in ("declarer", "partner", "loser", "winner"):
            if key in wanted and self.value(key):
                out[key] = self.value(key)
        if "points" in wanted:
            self._side_points(out)
        if "player_points" in wanted:
            self._player_points(out)
        for key in TOGGLES:
            if key in wanted and self.ticked(key):
                out[key] = True
        if "won" in wanted:
            out["won"] = self.ticked("won")  # Bettel: unticked is lost
        if "no_trick" in wanted:
            out["no_trick"] = [who for who in self.active if self.ticked(f"no_trick.{who}")]
            if not out["no_trick"]:
                del out["no_trick"]
        for key in _COUNTS:
            if key in wanted and self.value(key):
                number = _whole(self.value(key))
                if number is None:
                    self.errors[key] = _("Choose a number.")
                elif number and not (key == "bid" and number == LOWEST_BID):
                    out[key] = number
        self._required(game, out)
        if keep is not None:
            if keep.dealer is not None:
                out["dealer"] = keep.dealer
            kind = self.game_of(game)
            for key in _INFORMATIONAL:
                if getattr(keep, key) is not None and kind is not None and key in kind.keys:
                    out[key] = getattr(keep, key)
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
        kind = self.game_of(game)
        if kind is None:
            return
        missing = {
            "declarer": self.word("who_declared"),
            "partner": {
                "called": _("Who held the called ace? Tap the partner."),
                "took": _("Who took the trump? Tap the partner."),
            }.get(kind.partner or "", _("Tap the partner.")),
            "points": _("Type the card points."),
        }
        wanted = self.fields_for(game)
        for key in kind.required:
            if key in out or key not in missing:
                continue
            if key == "points" and ("player_points" in wanted or "points" in self.errors):
                continue  # per-player points say what is wrong themselves
            self.errors.setdefault(key, missing[key])

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
        if field in TOGGLES:
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
