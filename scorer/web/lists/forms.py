"""The list forms: a new list with its house rules, deleting a list, plain actions.

The new-list form is built per family by looping over the family's house-rule
options (``scorer.engine.options``): each kind of option has one kind of
field, and the defaults come from the engine, never from here.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext
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


from scorer.engine import FAMILIES, GAMES, Family, Option, parse_rules
from scorer.engine.values import MAX_NAME, MAX_TITLE

MAX_SEATS = max(seat for family in FAMILIES.values() for seat in family.seats)

#: Every game of every family by name (a name means the same game in each family).
GAMES_BY_NAME = {
    name: game for family in reversed(list(FAMILIES.values())) for name, game in family.games.items()
}


def family_label(family: str) -> str:
    """The family's name for people."""
    found = FAMILIES.get(family)
    return _(found.label) if found is not None else family


def family_description(family: str) -> str:
    """One line on how the family differs from the others."""
    found = FAMILIES.get(family)
    return _(found.description) if found is not None else ""


def seats_words(seats: tuple[int, ...]) -> str:
    """How many players a family seats, in words: "4", "4 or 5", "4, 5 or 6"."""
    if len(seats) == 1:
        return str(seats[0])
    return _("%(some)s or %(last)s", some=", ".join(str(s) for s in seats[:-1]), last=seats[-1])


def seats_problem(family: Family, count: int) -> str:
    """What to say when the names typed are not as many as the family seats."""
    if count == 0:
        return _("Type the players' names: this game needs %(seats)s players.",
                 seats=seats_words(family.seats))
    return ngettext(
        "This game needs %(seats)s players; the list has %(num)s player.",
        "This game needs %(seats)s players; the list has %(num)s players.",
        count, seats=seats_words(family.seats),
    )


def game_label(game: str, *, short: bool = False) -> str:
    """A game's name from its game object: Bavarian words as they are, the others translated."""
    found = GAMES_BY_NAME.get(game)
    if found is None:
        return game
    text = (found.short if short else "") or found.label or game
    return _(text)


def tariff_label(name: str) -> str:
    """What a tariff pays for."""
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
    return str(labels[name]) if name in labels else game_label(name)


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


class RequiredWhenSent(InputRequired):
    """Required when the field is sent; a field missing from the post keeps its default.

    A page loaded before a house rule was added (or a script that posts the
    older fields) still starts a list, with the new rule at its default.
    """

    def __call__(self, form: Any, field: Field) -> None:
        if not field.raw_data:
            field.errors = []
            return
        super().__call__(form, field)


#: Section titles of the house rules on the new-list page (see options.SECTIONS).
SECTION_TITLES = {
    "games": _l("Games"),
    "tariffs": _l("Tariffs (points)"),
    "scoring": _l("Scoring"),
    "ramsch": _l("Ramsch"),
    "across": _l("Across deals"),
    "money": _l("Money"),
}


#: What "after how many" counts, for each way a list ends.
END_HINTS = {
    "open": _l("When we stop: leave it empty."),
    "deals": _l("Deals: a multiple of the number of players."),
    "classic": _l("Classic points: the list ends when one player's classic tally reaches this many."),
    "heads": _l("Heads: the list ends when one team has completed this many heads."),
}


class Row:
    """One house rule on the page: its option, its field, and a group's own rows."""

    def __init__(self, option: Option, field: Field | None, rows: list[Row] | None = None,
                 fields: list[Field] | None = None) -> None:
        self.option = option
        #: The field (a group's on/off switch), or None for tariffs and Laufende.
        self.field = field
        #: A group's sub-options.
        self.rows = rows or []
        #: The fields of an object of amounts (tariffs, Laufende thresholds).
        self.fields = fields or []

    @property
    def kind(self) -> str:
        """The option's kind: flag, number, choice, choices, tariffs, laufende, games, group."""
        return self.option.kind

    @property
    def help(self) -> str:
        """The option's one line of explanation, in the page's language."""
        return _(self.option.help) if self.option.help else ""


class NewListBase(FlaskForm):
    """The fields every family shares; the rule fields are added per family from its options."""

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

    @property
    def engine_family(self) -> Family:
        """The engine's family this form is for."""
        return FAMILIES[self.family_name]

    def player_fields(self) -> list[Field]:
        """The name inputs, in seating order."""
        return [self[f"player_{i}"] for i in range(1, self.seats + 1)]

    @property
    def seats(self) -> int:
        """How many name inputs the family needs at most."""
        return max(self.engine_family.seats)

    def shown_options(self) -> list[Option]:
        """The family's house rules the page shows, in order."""
        return [o for o in self.engine_family.options if o.section != "hidden"]

    def sections(self) -> list[tuple[str, str, bool, list[Row]]]:
        """The house rules by section: (name, title, folded, rows)."""
        out: dict[str, list[Row]] = {}
        for option in self.shown_options():
            out.setdefault(option.section, []).append(self.row(option))
        return [
            (name, str(SECTION_TITLES.get(name, name)), all(r.option.folded for r in rows), rows)
            for name, rows in out.items()
        ]

    def row(self, option: Option, prefix: str = "") -> Row:
        """The fields of one option."""
        name = prefix + option.key
        if option.kind in ("tariffs", "laufende"):
            return Row(option, None, fields=[self[n] for n in self._amount_names(option)])
        if option.kind == "group":
            return Row(option, self[name], [self.row(sub, f"{name}_") for sub in getattr(option, "fields")])
        return Row(option, self[name])

    def _amount_names(self, option: Option) -> list[str]:
        stem = "tariff_" if option.kind == "tariffs" else "laufende_from_"
        return [stem + key for key in amount_keys(self.engine_family, option)]

    #: Set by the factory: the ways this family's lists end, as the select offers them.
    end_kinds: tuple[str, ...] = ("open", "deals")

    def end_hints(self) -> list[tuple[str, str]]:
        """What "after how many" counts for each end the form offers: (kind, hint)."""
        return [(kind, str(END_HINTS[kind])) for kind in self.end_kinds if kind in END_HINTS]

    def players(self) -> list[str]:
        """The names typed, in seating order, blanks left out."""
        names = [(f.data or "").strip() for f in self.player_fields()]
        return [n for n in names if n]

    def validate_players(self) -> bool:
        """Check the names: as many as the family seats, each different."""
        family = self.engine_family
        fields = self.player_fields()
        typed = [(f, (f.data or "").strip()) for f in fields]
        seen: set[str] = set()
        problem, at = None, fields[0]
        for f, name in typed:
            if not name:
                continue
            if len(name) > MAX_NAME:  # the one error for it: the field has no Length validator
                problem, at = _l("A name may be at most %(count)s characters.", count=MAX_NAME), f
                break
            if name.casefold() in seen:
                problem, at = _l("Each player needs a different name."), f
                break
            seen.add(name.casefold())
        names = self.players()
        if problem is None and len(names) not in family.seats:
            problem = seats_problem(family, len(names))
            at = next((f for f, name in typed if not name), fields[0])
        if problem is None:
            return True
        at.errors = [*at.errors, str(problem)]
        self.players_error = str(problem)
        return False

    players_error: str | None = None

    def validate(self, extra_validators: Mapping[str, Any] | None = None) -> bool:
        """Check every field, then the names, the first dealer and the end."""
        ok: bool = super().validate(extra_validators)
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
        """The list file's rules object from the fields: one value per option."""
        family = self.engine_family
        base = defaults(self.family_name)
        rules: dict[str, Any] = {"preset": self.family_name}
        for option in family.options:
            if option.section == "hidden":
                continue
            rules[option.key] = self._value(option, option.key, base.get(option.key))
        # A game switched on by its own house rule (the German solo) follows the rule.
        if "games" in rules:
            chosen = set(rules["games"]) | {"passed"} & set(family.games)
            chosen |= {g for g in family.games if rules.get(g) is True}
            rules["games"] = [g for g in family.games if g in chosen]
        return rules

    def _value(self, option: Option, name: str, base: Any) -> Any:
        """One option's value in the list file's form, read from its fields."""
        kind = option.kind
        if kind in ("tariffs", "laufende"):
            values = dict(base)
            stem = "tariff_" if kind == "tariffs" else "laufende_from_"
            for key in amount_keys(self.engine_family, option):
                values[key] = self[stem + key].data
            return values
        if kind == "group":
            if not self[name].data:
                return None
            return {
                sub.key: self._value(sub, f"{name}_{sub.key}", None)
                for sub in getattr(option, "fields")
            }
        data = self[name].data
        if kind == "flag":
            return bool(data)
        if kind == "games":
            return list(data or [])
        if kind == "choices":
            return list(data or [])
        if option.key == "durchmarsch" and data == 120:
            return "all"
        return data

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
                name = "_".join(parts[1:])
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


def amount_keys(family: Family, option: Option) -> list[str]:
    """The entries of an object of amounts the page asks for: no tariff of a game the family lacks."""
    return [k for k in option.default if not (k in GAMES and k not in family.games)]


def _field(family: Family, option: Option, value: Any) -> Field:
    """The form field for one scalar option, holding its value."""
    label = _l(option.label)
    kind = option.kind
    if kind == "flag":
        return BooleanField(label, default=bool(value))
    if kind == "choice":
        labels = getattr(option, "labels")
        return SelectField(
            label, choices=[choice(c, _l(labels.get(c, c))) for c in getattr(option, "choices")],
            default=value,
        )
    if kind == "choices":
        labels = getattr(option, "labels")
        return MultiCheckboxField(
            label, choices=[choice(c, _l(labels.get(c, c))) for c in getattr(option, "choices")],
            default=list(value or []),
        )
    if kind == "games":
        # A game switched on by a house rule of its own name shows as that rule.
        hidden = {"passed", *(o.key for o in family.options if o.key in family.games)}
        return MultiCheckboxField(
            label,
            choices=[choice(g, game_label(g)) for g in family.games if g not in hidden],
            default=[g for g in value if g not in hidden],
        )
    low, high = getattr(option, "low", 0), getattr(option, "high")
    if getattr(option, "nullable", False):
        shown = 120 if option.key == "durchmarsch" and value == "all" else value
        return IntegerField(label, default=shown, validators=[Optional(), NumberRange(min=low, max=high)])
    return IntegerField(label, default=value, validators=[RequiredWhenSent(), NumberRange(min=low, max=high)])


def _add_fields(form: type[NewListBase], family: Family, option: Option, name: str, value: Any) -> None:
    """Put the fields of one option (and a group's sub-options) on the form class."""
    if option.kind in ("tariffs", "laufende"):
        for key in amount_keys(family, option):
            if option.kind == "tariffs":
                field = IntegerField(
                    tariff_label(key), default=value[key],
                    validators=[RequiredWhenSent(), NumberRange(min=0, max=getattr(option, "high"))],
                )
                setattr(form, f"tariff_{key}", field)
            else:
                top = getattr(option, "high")
                field = IntegerField(
                    game_label(key), default=value[key],
                    validators=[RequiredWhenSent(), NumberRange(min=1, max=top[key] if isinstance(top, Mapping) else top)],
                )
                setattr(form, f"laufende_from_{key}", field)
        return
    if option.kind == "group":
        setattr(form, name, BooleanField(_l(option.label), default=value is not None))
        start = value if value is not None else (option.parse({}, name, defaults(family.name)) or {})
        for sub in getattr(option, "fields"):
            _add_fields(form, family, sub, f"{name}_{sub.key}", sub.dump(start[sub.key]))
        return
    setattr(form, name, _field(family, option, value))


def new_list_form(family: str, start: Mapping[str, Any] | None = None, **kwargs: Any) -> NewListBase:
    """A new-list form for one family, its rule fields filled from ``start`` or the defaults."""
    engine_family = FAMILIES[family]
    base = defaults(family)
    if start:
        try:
            base = parse_rules(dict(start)).to_dict()
        except ValueError:
            pass

    class NewListForm(NewListBase):
        pass

    NewListForm.family_name = family
    seats = max(engine_family.seats)
    for i in range(1, seats + 1):
        label = (
            _l("Player %(n)s", n=i) if i <= min(engine_family.seats)
            else _l("Player %(n)s (optional)", n=i)
        )
        # The length is checked with the names (validate_players), once: no Length here.
        setattr(NewListForm, f"player_{i}", StringField(
            label, validators=[Optional()], render_kw={"maxlength": MAX_NAME},
        ))
    for option in engine_family.options:
        if option.section != "hidden":
            _add_fields(NewListForm, engine_family, option, option.key, base[option.key])
    form = NewListForm(**kwargs)
    form.family.data = family
    form.first_dealer.choices = [choice("", _l("The last player"))] + [
        choice(str(i), _l("Player %(n)s", n=i)) for i in range(1, seats + 1)
    ]
    kinds = [("open", _l("when we stop (open)")), ("deals", _l("after a number of deals"))]
    end_words = {
        "classic": _l("when someone reaches classic points"),
        "heads": _l("after a number of completed heads"),
    }
    kinds += [(kind, end_words[kind]) for kind in engine_family.ends]
    form.ends_kind.choices = [choice(k, v) for k, v in kinds]
    form.end_kinds = tuple(k for k, _v in kinds)
    return form
