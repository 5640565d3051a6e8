"""The new-list form of one family: its house-rule fields built from the family's options.

Each kind of option (``scorer.engine.options``) has one kind of field, and
the defaults come from the engine, never from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, IntegerField, SelectField, StringField
from wtforms.validators import NumberRange, Optional

from scorer.engine import FAMILIES, Family, Option, parse_rules
from scorer.engine.values import MAX_NAME
from scorer.web.labels import game_label, tariff_label, unchosen_games
from scorer.web.lists.money import currency_choices
from scorer.web.lists.forms import (
    MultiCheckboxField, NewListBase, RequiredWhenSent, amount_keys, choice, currency_field, defaults,
    derived_keys,
)


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
        # The list file may write a single choice as its word.
        return MultiCheckboxField(
            label, choices=[choice(c, _l(labels.get(c, c))) for c in getattr(option, "choices")],
            default=[value] if isinstance(value, str) else list(value or []),
        )
    if kind == "games":
        # A game switched on by a house rule of its own name shows as that rule.
        hidden = unchosen_games(family)
        return MultiCheckboxField(
            label,
            choices=[choice(g, game_label(g)) for g in family.games if g not in hidden],
            default=[g for g in value if g not in hidden],
        )
    low, high = getattr(option, "low", 0), getattr(option, "high")
    if getattr(option, "nullable", False):
        return IntegerField(
            label, default=option.to_form(value), validators=[Optional(), NumberRange(min=low, max=high)]
        )
    return IntegerField(label, default=value, validators=[RequiredWhenSent(), NumberRange(min=low, max=high)])


def _add_fields(form: type[NewListBase], family: Family, option: Option, name: str, value: Any) -> None:
    """Put the fields of one option (and a group's sub-options) on the form class."""
    if option.kind in ("tariffs", "laufende"):
        for key in amount_keys(family, option):
            if key in derived_keys(option):
                # Empty: the entry follows the other tariffs, as the label says.
                follows = getattr(option, "follows")(key, value)
                field = IntegerField(
                    _l(getattr(option, "empty_label")), default=None if follows else value.get(key),
                    validators=[Optional(), NumberRange(min=0, max=getattr(option, "high"))],
                )
                setattr(form, f"tariff_{key}", field)
            elif option.kind == "tariffs":
                field = IntegerField(
                    tariff_label(key, family), default=value[key],
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


def new_list_form(family: str, start: Mapping[str, Any] | None = None, *, asks_currency: bool = False,
                  **kwargs: Any) -> NewListBase:
    """A new-list form for one family, its rule fields filled from ``start`` or the defaults.

    ``asks_currency``: with the select of the list's currency (a new list's
    page); the rule fields alone serve changing a list's rules too.
    """
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
    if asks_currency:
        setattr(NewListForm, "currency", currency_field())
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
    if asks_currency:
        form.currency.choices = [choice(code, label) for code, label in currency_choices()]
    form.ends_kind.choices = [choice(k, v) for k, v in kinds]
    form.end_kinds = tuple(k for k, _v in kinds)
    return form
