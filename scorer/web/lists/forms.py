"""The list forms: a new list with its house rules, deleting a list, plain actions.

The new-list form's fields every family shares are here; its house-rule
fields are added per family (``scorer.web.lists.family_form``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
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


from scorer.engine import FAMILIES, GAMES, Family, Option, ScoringError, parse_rules
from scorer.engine.options import SECTION_LABELS
from scorer.engine.values import MAX_NAME, MAX_TITLE
from scorer.web import i18n
from scorer.web.labels import always_played, seats_problem
from scorer.web.lists.money import currency_of_request
from scorer.web.lists.tariff_sets import TariffSet, tariff_sets, tariff_sets_hint


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
SECTION_TITLES = {name: _l(label) for name, label in SECTION_LABELS.items()}


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
    #: What the list settles in (``currency_field``): only the form of a new list asks it.
    currency: SelectField
    save_house_rules = StringField(
        _l("Save these rules as house rules named (optional)"),
        validators=[Optional(), Length(max=MAX_NAME)],
    )

    #: Set by the factory: the family this form is for (the first one, until set).
    family_name = next(iter(FAMILIES))

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

    def _tariff_keys(self) -> list[str]:
        option = next((o for o in self.shown_options() if o.kind == "tariffs"), None)
        return amount_keys(self.engine_family, option) if option is not None else []

    def tariff_sets(self) -> list[TariffSet]:
        """The usual tariffs ("20/50") that one tap sets, each marked if the fields hold it."""
        keys = self._tariff_keys()
        return tariff_sets(self.engine_family, keys, {f"tariff_{k}": self[f"tariff_{k}"].data for k in keys})

    def tariff_sets_hint(self) -> str:
        """Which games a usual tariff's two numbers are for."""
        return tariff_sets_hint(self.engine_family, self._tariff_keys())

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
        ok = self.validate_choices() and ok
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

    def validate_choices(self) -> bool:
        """Check each group of boxes the rules read as a list: one the engine needs ticked says so."""
        ok = True
        for option in self.shown_options():
            if option.kind != "choices" or option.key not in self:
                continue
            field = self[option.key]
            try:
                option.parse(list(field.data or []), f"rules.{option.key}", {})
            except ScoringError as error:
                said = _l("Tick at least one.") if not field.data else i18n.reason(error)
                field.errors = [*field.errors, str(said)]
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
        games = rules.get("games")
        if games is not None:
            chosen = set(games) | always_played(family)
            chosen |= {g for g in family.games if rules.get(g) is True}
            rules.update(games=[g for g in family.games if g in chosen])
        return rules

    def _value(self, option: Option, name: str, base: Any) -> Any:
        """One option's value in the list file's form, read from its fields."""
        kind = option.kind
        if kind in ("tariffs", "laufende"):
            values = dict(base)
            stem = "tariff_" if kind == "tariffs" else "laufende_from_"
            for key in amount_keys(self.engine_family, option):
                values[key] = self[stem + key].data
                if key in derived_keys(option) and values[key] is None:
                    values.pop(key, None)  # an empty field: the entry keeps following the others
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
        return option.from_form(data)

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
        elif parts[0] in ("first_dealer", "title", "currency"):
            name = parts[0]
        elif parts[0] == "name":
            name = "save_house_rules"
        if name is not None and name in self:
            return self[name]
        return self.title


def currency_field() -> Any:
    """The select of a new list's currency: the phone's language and region choose it first, shown chosen."""
    return SelectField(_l("Currency"), default=currency_of_request)


def derived_keys(option: Option) -> tuple[str, ...]:
    """The entries of an object of amounts whose default follows the others (empty: follow)."""
    return tuple(getattr(option, "derived", ()))


def amount_keys(family: Family, option: Option) -> list[str]:
    """The entries of an object of amounts the page asks for: no tariff of a game the family lacks.

    Entries whose default follows the others come last.
    """
    keys = [*option.default, *(k for k in derived_keys(option) if k not in option.default)]
    return [k for k in keys if not (k in GAMES and k not in family.games)]
