"""The list forms: a new list with its house rules, deleting a list, plain actions.

The new-list form is built per family, because each family has its own
house rules; the defaults come from the engine's presets, never from here.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField, Field, HiddenField, IntegerField, SelectField, SelectMultipleField,
    StringField,
)
from wtforms import widgets
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

try:  # WTForms 3.3 names choices; 3.4 drops plain tuples
    from wtforms.fields.choices import SelectChoice
except ImportError:  # pragma: no cover - older WTForms
    SelectChoice = None

from scorer.engine import GAMES, PRESETS, parse_rules
from scorer.engine.rules import MAX_TARIFF, TRUMPS
from scorer.engine.values import MAX_NAME, MAX_TITLE

#: The families in the order the new-list page offers them.
FAMILIES = ("bavarian", "bavarian3", "sheepshead3", "german")
MAX_SEATS = 5

#: Bavarian game words stay German in both languages.
GAME_WORDS = {
    "sauspiel": "Sauspiel", "wenz": "Wenz", "solo": "Solo", "geier": "Geier",
    "farbwenz": "Farbwenz", "ramsch": "Ramsch",
}


def family_label(family: str) -> str:
    """The family's name for people."""
    labels = {
        "bavarian": _l("Schafkopf (4 or 5 players)"),
        "bavarian3": _l("Three-hand Schafkopf"),
        "sheepshead3": _l("Sheepshead (3 players)"),
        "german": _l("German game (4 players)"),
    }
    return str(labels.get(family, family))


def game_label(game: str, *, short: bool = False) -> str:
    """A game's name: Bavarian words untranslated, the others in the page's language."""
    if game in GAME_WORDS:
        if short and game == "sauspiel":
            return "Sau"
        if short and game == "farbwenz":
            return "F.-Wenz"
        return GAME_WORDS[game]
    labels = {
        "pick": _l("Pick"),
        "least": _l("Least"),
        "normal": _l("Normal game"),
        "passed": _l("Thrown in"),
    }
    return str(labels.get(game, game))


def tariff_label(name: str) -> str:
    """What a tariff pays for."""
    if name in GAME_WORDS:
        return GAME_WORDS[name]
    labels = {
        "schneider": "Schneider",
        "schwarz": "Schwarz",
        "laufende": _l("Laufende (each)"),
        "game": _l("Game"),
        "least": _l("Least"),
        "least_zero": _l("Least with no points (extra)"),
        "least_all": _l("One player takes all 120"),
        "game_point": _l("Game point"),
        "head": _l("Completed head"),
    }
    return str(labels.get(name, name))


def choice(value: str, label: Any) -> Any:
    """One option of a select or a checkbox group."""
    if SelectChoice is None:  # pragma: no cover
        return (value, str(label))
    return SelectChoice(value, str(label))


def defaults(family: str) -> dict[str, Any]:
    """The family's rules with every default filled in, as a list file writes them."""
    return parse_rules({"preset": family}).to_dict()


class MultiCheckboxField(SelectMultipleField):
    """A group of checkboxes, one per choice."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class ActionForm(FlaskForm):
    """A button that changes something: only the CSRF token."""


class DeleteListForm(FlaskForm):
    """Deleting a list for good: the player must say so."""

    confirm = BooleanField(
        _l("Yes, delete this list and all its deals for good"),
        validators=[DataRequired(_l("Tick the box to delete the list."))],
    )


def one_time_token() -> str:
    """A fresh token for a form that stores something: a resend stores once."""
    return secrets.token_urlsafe(24)


class NewListBase(FlaskForm):
    """The fields every family shares; the rule fields are added per family."""

    family = HiddenField()
    once = HiddenField(default=one_time_token)
    title = StringField(_l("Title (optional)"), validators=[Optional(), Length(max=MAX_TITLE)])
    first_dealer = SelectField(_l("First dealer"), default="")
    ends_kind = SelectField(_l("The list ends"), default="open")
    ends_count = IntegerField(
        _l("After how many"), validators=[Optional(), NumberRange(min=1, max=10_000)]
    )
    save_preset = StringField(
        _l("Save these rules as a preset named (optional)"),
        validators=[Optional(), Length(max=MAX_NAME)],
    )

    #: Set by the factory: the family this form is for.
    family_name = "bavarian"
    tariff_names: tuple[str, ...] = ()
    laufende_games: tuple[str, ...] = ()
    flag_names: tuple[str, ...] = ()

    def player_fields(self) -> list[Field]:
        """The name inputs, in seating order."""
        return [self[f"player_{i}"] for i in range(1, self.seats + 1)]

    @property
    def seats(self) -> int:
        """How many name inputs the family needs at most."""
        return max(PRESETS[self.family_name].seats)

    def tariff_fields(self) -> list[Field]:
        """The tariff inputs."""
        return [self[f"tariff_{name}"] for name in self.tariff_names]

    def laufende_fields(self) -> list[Field]:
        """The Laufende-from inputs, per game."""
        return [self[f"laufende_from_{game}"] for game in self.laufende_games]

    def flag_fields(self) -> list[Field]:
        """The family's yes/no house rules."""
        return [self[name] for name in self.flag_names]

    def players(self) -> list[str]:
        """The names typed, in seating order, blanks left out."""
        names = [(f.data or "").strip() for f in self.player_fields()]
        return [n for n in names if n]

    def validate_players(self) -> bool:
        """Check the names: as many as the family seats, each different."""
        family = PRESETS[self.family_name]
        fields = self.player_fields()
        typed = [(f, (f.data or "").strip()) for f in fields]
        seen: set[str] = set()
        problem, at = None, fields[0]
        for f, name in typed:
            if not name:
                continue
            if len(name) > MAX_NAME:
                problem, at = _l("A name may be at most %(count)s characters.", count=MAX_NAME), f
                break
            if name.casefold() in seen:
                problem, at = _l("Each player needs a different name."), f
                break
            seen.add(name.casefold())
        names = self.players()
        if problem is None and len(names) not in family.seats:
            problem = _l(
                "This game needs %(seats)s players, not %(count)s.",
                seats=" / ".join(str(s) for s in family.seats), count=len(names),
            )
            at = next((f for f, name in typed if not name), fields[0])
        if problem is None:
            return True
        at.errors = [*at.errors, str(problem)]
        self.players_error = str(problem)
        return False

    players_error: str | None = None

    def validate(self, extra_validators: Mapping[str, Any] | None = None) -> bool:
        """Check every field, then the names, the first dealer and the end."""
        ok = super().validate(extra_validators)
        ok = self.validate_players() and ok
        names = self.players()
        dealer = self.first_dealer.data
        if dealer and not self.first_dealer.errors and int(dealer) > len(names):
            self.first_dealer.errors = [*self.first_dealer.errors, str(_l("There is no such seat."))]
            ok = False
        games = self["games"].data or []
        if not games:
            self["games"].errors = [*self["games"].errors, str(_l("Choose at least one game."))]
            ok = False
        kind = self.ends_kind.data
        count = self.ends_count.data
        if kind != "open" and not self.ends_count.errors:
            if count is None:
                self.ends_count.errors = [*self.ends_count.errors, str(_l("Say after how many."))]
                ok = False
            elif kind == "deals" and names and count % len(names):
                self.ends_count.errors = [
                    *self.ends_count.errors,
                    str(_l("The number of deals must be a multiple of %(players)s.",
                           players=len(names))),
                ]
                ok = False
        return ok

    def first_dealer_name(self) -> str | None:
        """Who deals first, or None for the default (the last player)."""
        names = self.players()
        if not self.first_dealer.data or int(self.first_dealer.data) > len(names):
            return None
        return names[int(self.first_dealer.data) - 1]

    def rules(self) -> dict[str, Any]:
        """The list file's rules object from the fields."""
        family = PRESETS[self.family_name]
        base = defaults(self.family_name)
        rules: dict[str, Any] = {"preset": self.family_name}
        # A game switched on by its own house rule (the German solo) follows the rule.
        chosen = set(self["games"].data or []) | {"passed"}
        chosen |= {name for name in self.flag_names if name in family.games and self[name].data}
        rules["games"] = [g for g in family.games if g in chosen]
        tariffs = dict(base["tariffs"])
        for name in self.tariff_names:
            tariffs[name] = self[f"tariff_{name}"].data
        rules["tariffs"] = tariffs
        if self.laufende_games:
            rules["laufende_from"] = {
                game: self[f"laufende_from_{game}"].data for game in self.laufende_games
            }
        rules["schneider_loss_max"] = self["schneider_loss_max"].data
        if "durchmarsch" in family.extra:
            value = self["durchmarsch"].data
            rules["durchmarsch"] = None if value is None else ("all" if value == 120 else value)
        if "virgin" in family.extra:
            rules["virgin"] = self["virgin"].data
        for name in self.flag_names:
            rules[name] = bool(self[name].data)
        rules["point_value"] = self["point_value"].data
        return rules

    def ends(self) -> dict[str, Any]:
        """How the list ends, as the service takes it."""
        if self.ends_kind.data == "open":
            return {"kind": "open"}
        return {"kind": self.ends_kind.data, "count": self.ends_count.data}

    def field_for(self, key: str) -> Field:
        """The field an engine error key such as ``rules.tariffs.wenz`` belongs to."""
        parts = key.split(".")
        name = None
        if parts[0] == "rules" and len(parts) >= 2:
            if parts[1] == "tariffs" and len(parts) == 3:
                name = f"tariff_{parts[2]}"
            elif parts[1] == "laufende_from" and len(parts) == 3:
                name = f"laufende_from_{parts[2]}"
            else:
                name = parts[1]
        elif parts[0] == "players":
            name = "player_1"
        elif parts[0] == "ends":
            name = "ends_count"
        elif parts[0] in ("first_dealer", "title"):
            name = parts[0]
        elif parts[0] == "name":
            name = "save_preset"
        if name is not None and name in self:
            return self[name]
        return self.title


def new_list_form(family: str, start: Mapping[str, Any] | None = None, **kwargs: Any) -> NewListBase:
    """A new-list form for one family, its rule fields filled from ``start`` or the defaults."""
    preset = PRESETS[family]
    base = defaults(family)
    if start:
        try:
            base = parse_rules(dict(start)).to_dict()
        except ValueError:
            pass
    shown_tariffs = tuple(
        name for name in preset.tariffs if not (name in GAMES and name not in preset.games)
    )
    flags = tuple(name for name, value in preset.extra.items() if isinstance(value, bool))

    class NewListForm(NewListBase):
        pass

    NewListForm.family_name = family
    NewListForm.tariff_names = shown_tariffs
    NewListForm.laufende_games = tuple(preset.laufende_from)
    NewListForm.flag_names = flags
    seats = max(preset.seats)
    for i in range(1, seats + 1):
        label = _l("Player %(n)s", n=i) if i <= min(preset.seats) else _l("Player %(n)s (optional)", n=i)
        setattr(NewListForm, f"player_{i}", StringField(
            label, validators=[Optional(), Length(max=MAX_NAME)],
        ))
    for name in shown_tariffs:
        setattr(NewListForm, f"tariff_{name}", IntegerField(
            tariff_label(name), default=base["tariffs"][name],
            validators=[InputRequired(), NumberRange(min=0, max=MAX_TARIFF)],
        ))
    for game in preset.laufende_from:
        setattr(NewListForm, f"laufende_from_{game}", IntegerField(
            GAME_WORDS.get(game, game), default=base["laufende_from"][game],
            validators=[InputRequired(), NumberRange(min=1, max=TRUMPS[game])],
        ))
    NewListForm.schneider_loss_max = IntegerField(
        _l("Schneider at this many points or fewer"), default=base["schneider_loss_max"],
        validators=[InputRequired(), NumberRange(min=0, max=60)],
    )
    hidden_games = {"passed", *(name for name in flags if name in preset.games)}
    NewListForm.games = MultiCheckboxField(
        _l("Games played"),
        choices=[choice(g, game_label(g)) for g in preset.games if g not in hidden_games],
        default=[g for g in base["games"] if g not in hidden_games],
    )
    if "durchmarsch" in preset.extra:
        value = base.get("durchmarsch")
        NewListForm.durchmarsch = IntegerField(
            _l("Ramsch Durchmarsch from this many points (empty: none, 120: all tricks)"),
            default=120 if value == "all" else value,
            validators=[Optional(), NumberRange(min=61, max=120)],
        )
    if "virgin" in preset.extra:
        NewListForm.virgin = SelectField(
            _l("Ramsch: a virgin (no points) doubles"),
            choices=[choice("own", _l("their own share")), choice("all", _l("everything"))],
            default=base.get("virgin", "own"),
        )
    labels = {
        "contra": _l("Contra and re are played"),
        "laufende": _l("Laufende are counted"),
        "solo": _l("Solo games are played"),
        "settle_per_head": _l("Pay per completed head, not per deal"),
    }
    for name in flags:
        setattr(NewListForm, name, BooleanField(labels.get(name, name), default=bool(base.get(name))))
    NewListForm.point_value = IntegerField(
        _l("Cents per point"), default=base["point_value"],
        validators=[InputRequired(), NumberRange(min=0, max=MAX_TARIFF)],
    )
    form = NewListForm(**kwargs)
    form.family.data = family
    form.first_dealer.choices = [choice("", _l("The last player"))] + [
        choice(str(i), _l("Player %(n)s", n=i)) for i in range(1, seats + 1)
    ]
    kinds = [("open", _l("when we stop (open)")), ("deals", _l("after a number of deals"))]
    if family == "sheepshead3":
        kinds.append(("classic", _l("when someone reaches classic points")))
    if family == "german":
        kinds.append(("heads", _l("after a number of completed heads")))
    form.ends_kind.choices = [choice(k, v) for k, v in kinds]
    return form
