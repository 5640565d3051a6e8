"""The settings pages' forms (the seats, the house rules, a rename), and the rules in force in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, Length

from scorer.engine import GAMES, Option, RuleSet
from scorer.engine.values import MAX_NAME
from scorer.web.labels import always_played, game_label, tariff_label
from scorer.web.lists.family_form import new_list_form
from scorer.web.lists.forms import SECTION_TITLES, NewListBase, amount_keys, choice
from scorer.web.lists.money import currency_choices
from scorer.web.models import ScoreListRow


class RenameForm(FlaskForm):
    """Give a player another name, in every deal."""

    old = SelectField(_l("Player"))
    new = StringField(
        _l("New name"),
        validators=[DataRequired(_l("Type the new name.")), Length(max=MAX_NAME)],
    )


def rename_form(everyone: tuple[str, ...], **kwargs: Any) -> RenameForm:
    """The rename form, offering everyone who played in the list."""
    form = RenameForm(**kwargs)
    form.old.choices = [choice(who, who) for who in everyone]
    return form


class CurrencyForm(FlaskForm):
    """Settle the whole list in another currency, or in points only."""

    # Any code is taken to the service, which refuses one it does not know with its reason.
    currency = SelectField(_l("Settle the whole list in"), validate_choice=False)


def currency_form(row: ScoreListRow, **kwargs: Any) -> CurrencyForm:
    """The currency form, the list's own currency chosen."""
    form = CurrencyForm(**kwargs)
    form.currency.choices = [choice(code, label) for code, label in currency_choices()]
    if not form.is_submitted():
        form.currency.data = row.currency
    return form


def change_form(
    family: str, rules: Mapping[str, Any], seating: tuple[str, ...], next_dealer: str, **kwargs: Any,
) -> NewListBase:
    """The new-list form's players and house rules, filled in with what is in force now.

    The players page shows its seats and who deals next, the rules page its
    house rules; each page posts only its part (:func:`seats_valid`
    checks the seats alone, :func:`rules_sent` tells the rules sent).
    """
    form = new_list_form(family, start=rules, **kwargs)
    fields = form.player_fields()
    if not form.is_submitted():
        for field, who in zip(fields, seating):
            field.data = who
    form.first_dealer.label.text = _("Who deals next")
    form.first_dealer.choices = [choice("", _("As the rotation goes on: %(name)s", name=next_dealer))] + [
        choice(str(i), _("Seat %(n)s", n=i)) for i in range(1, len(fields) + 1)
    ]
    return form


def rules_sent(form: NewListBase, sent: Mapping[str, Any]) -> bool:
    """Whether a post carries house-rule fields (the rules page's form, or a page kept from before it)."""
    return any(entry["field"] in sent for entry in rule_fields(form))


def seats_valid(form: NewListBase) -> bool:
    """Check what the players page's form sends: the names and who deals next, never a rule.

    The rule fields are not on that page; checked empty, they would refuse
    the seats for rules nobody touched.
    """
    if not form.is_submitted():
        return False
    sent = [form["csrf_token"]] if "csrf_token" in form else []
    ok = True
    for field in [*sent, *form.player_fields(), form.first_dealer]:
        ok = field.validate(form) and ok
    ok = form.validate_players() and ok
    dealer = form.first_dealer.data
    if dealer and not form.first_dealer.errors and int(dealer) > len(form.players()):
        form.first_dealer.errors = [*form.first_dealer.errors, _("There is no such seat.")]
        ok = False
    return ok


def keep_the_seating(form: NewListBase, seating: tuple[str, ...]) -> None:
    """Fill the seats with the seating in force: the rules page changes the rules, never who sits."""
    fields = form.player_fields()
    for field, who in zip(fields, [*seating, *[""] * len(fields)]):
        field.data = who


#: The rules' groups in the order a table changes them during a list: the tariffs
#: first (what a table raises or lowers most), then what it turns on or off in an
#: evening (Bock rounds and the Stock, the games played, Kontra and Laufende where
#: they are rules of their own), what a point is worth, and last the rare ones set
#: once when a table starts (Ramsch's Durchmarsch and virgins). A section not
#: named here comes after them, in the family's order.
GROUP_ORDER = ("tariffs", "across", "games", "scoring", "money", "ramsch")


def _in_table_order(names: list[str]) -> list[str]:
    """Section names in :data:`GROUP_ORDER`, any other after them as they came."""
    known = [n for n in GROUP_ORDER if n in names]
    return known + [n for n in names if n not in GROUP_ORDER]


def _wrong(row: Any) -> bool:
    """Whether a rule's fields (a group's own too) hold an error."""
    fields = [row.field, *row.fields] if row.field is not None else row.fields
    return any(f.errors for f in fields) or any(_wrong(sub) for sub in row.rows)


def rule_groups(
    form: NewListBase, rules: RuleSet, *, money: bool = True,
) -> list[tuple[str, list[Any], list[tuple[str, str]], bool]]:
    """The rules page's groups in table order: (title, form rows, the rules in force in words, open).

    A group whose field was refused opens, so the reason is seen; ``money``
    as :func:`rule_rows` takes it.
    """
    fields = {name: rows for name, _title, _folded, rows in form.sections()}
    words = {name: rows for name, _title, rows in rule_rows(rules, money=money)}
    return [
        (str(SECTION_TITLES.get(name, name)), fields.get(name, []), words.get(name, []),
         any(_wrong(row) for row in fields.get(name, [])))
        for name in _in_table_order([*fields, *(n for n in words if n not in fields)])
    ]


def _value_words(option: Option, value: Any) -> str:
    """One option's value in words."""
    kind = option.kind
    if kind == "flag":
        return _("yes") if value else _("no")
    if value is None:  # the option's label says what empty means
        return "—"
    if kind == "choice":
        return _(getattr(option, "labels").get(value, value))
    if kind == "choices":
        # Read back as the option reads it: one game may be written as the word itself.
        labels = getattr(option, "labels")
        return ", ".join(_(labels.get(v, v)) for v in option.parse(value, option.key, {})) or _("none")
    if kind == "games":
        return ", ".join(game_label(g) for g in value if g not in getattr(option, "always"))
    words = option.value_words(value)
    if words:
        return _(words)
    return str(value)


#: The rule that says what a point is worth in money.
POINT_VALUE = "point_value"


def rule_rows(rules: RuleSet, *, money: bool = True) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The rules in force by section, in table order: (name, title, [(what, value in words)]).

    ``money``: whether the list settles in money; a list in points only (or a
    tournament's table) has no worth of a point to show.
    """
    family = rules.family
    values = rules.to_dict()
    sections: dict[str, list[tuple[str, str]]] = {}
    for option in family.options:
        if option.section == "hidden" or (option.key == POINT_VALUE and not money):
            continue
        rows = sections.setdefault(option.section, [])
        value = values[option.key]
        if option.kind in ("tariffs", "laufende"):
            for key, amount in value.items():
                if key in GAMES and key not in family.games:
                    continue
                what = tariff_label(key, family) if option.kind == "tariffs" else game_label(key)
                if option.kind == "laufende":
                    what = _("Laufende count from, %(game)s", game=what)
                rows.append((what, str(amount)))
        elif option.kind == "group":
            rows.append((_(option.label), _("played") if value is not None else _("not played")))
            for sub in getattr(option, "fields") if value is not None else ():
                rows.append((f"{_(option.label)}: {_(sub.label)}", _value_words(sub, value[sub.key])))
        else:
            rows.append((_(option.label), _value_words(option, value)))
    return [(name, str(SECTION_TITLES.get(name, name)), sections[name])
            for name in _in_table_order(list(sections)) if sections[name]]


def chosen_dealer(form: NewListBase) -> str | None:
    """The name in the seat chosen to deal next, or None: the rotation decides.

    The seats count as the page shows them, empty ones included.
    """
    seat = form.first_dealer.data
    fields = form.player_fields()
    if not seat or not seat.isdigit() or not 1 <= int(seat) <= len(fields):
        return None
    return (fields[int(seat) - 1].data or "").strip() or None


#: What a rule field's value is, for static/settings.js: by the option's kind.
_FIELD_KINDS = {"flag": "flag", "choice": "text", "choices": "list", "games": "games", "group": "group"}


def rule_fields(form: NewListBase) -> list[dict[str, Any]]:
    """How the change form's fields make the ``rules`` object, as :meth:`NewListBase.rules` reads them.

    static/settings.js reads it to send the change through the API when it
    waits on the phone behind deals (``POST /api/lists/ID/changes``): each
    entry names a field (as the page names it, the form's prefix included), the place of its value in the rules (``path``) and
    its ``kind``: ``number`` (empty: null), ``flag`` (a checkbox), ``text``
    (a select), ``list`` (the boxes ticked), ``games`` (the boxes ticked in
    the family's order, the games always played (``always``) and the games a
    flag of theirs switches on added: ``order``) or ``group`` (its switch:
    off, null, and its own fields left out). ``spelled``: the numbers the list
    file spells as a word (a Durchmarsch from 120 is ``"all"``), by number.
    """
    family = form.engine_family
    fields: list[dict[str, Any]] = []

    def add(option: Option, name: str, path: list[str]) -> None:
        if option.kind in ("tariffs", "laufende"):
            stem = "tariff_" if option.kind == "tariffs" else "laufende_from_"
            fields.extend({"field": form[stem + key].name, "path": [*path, key], "kind": "number"}
                          for key in amount_keys(family, option))
            return
        entry: dict[str, Any] = {
            "field": form[name].name, "path": path, "kind": _FIELD_KINDS.get(option.kind, "number"),
        }
        if option.kind == "games":
            entry["order"] = list(family.games)
            entry["always"] = sorted(always_played(family))
        if option.spelled:
            entry["spelled"] = {str(number): word for number, word in option.spelled.items()}
        fields.append(entry)
        if option.kind == "group":
            for sub in getattr(option, "fields"):
                add(sub, f"{name}_{sub.key}", [*path, sub.key])

    for option in form.shown_options():
        add(option, option.key, [option.key])
    return fields
