"""House-rule options as typed specs: the parser, ``to_dict``, the form and the docs loop over them.

Each family lists its options (see ``scorer.engine.families``). An option
knows its key, its default, how to read a value from the list file and how
to write it back, and the words a person sees for it. Nothing else in the
app needs to know what kind of value a house rule takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.values import flag, mapping, unknown_key, whole

#: The most a tariff, a point value or a threshold may be: keeps garbage out.
MAX_TARIFF = 100_000

#: Where an option stands on the new-list page, in this order.
SECTIONS = ("games", "tariffs", "scoring", "ramsch", "across", "money")
#: Each section's title (marked with N_, the pages translate it).
SECTION_LABELS: Mapping[str, str] = MappingProxyType({
    "games": N_("Games"),
    "tariffs": N_("Tariffs (points)"),
    "scoring": N_("Scoring"),
    "ramsch": N_("Ramsch"),
    "across": N_("Across deals"),
    "money": N_("Money"),
})


@dataclass(frozen=True)
class Option:
    """One house rule: its key, default and words; subclasses read and write it."""

    key: str
    default: Any
    #: What the option is, for the form's label and the docs (marked with N_).
    label: str
    #: One line that explains it, for the form and the docs (marked with N_).
    help: str = ""
    #: The new-list page's section (see SECTIONS).
    section: str = "scoring"
    #: Shown folded on the new-list page (a group sets it once and saves it).
    folded: bool = True

    #: The kind of input: flag, number, choice, choices, tariffs, laufende, games, group.
    kind = "option"
    #: Numbers a form types that the list file spells as a word (a Durchmarsch from 120 is "all").
    spelled: ClassVar[Mapping[int, str]] = MappingProxyType({})
    #: What the pages say for a spelled value (marked with N_), by its word.
    spelled_words: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def from_form(self, data: Any) -> Any:
        """A form field's value as the list file has it (a spelled number as its word)."""
        if isinstance(data, int) and not isinstance(data, bool):
            return self.spelled.get(data, data)
        return data

    def to_form(self, value: Any) -> Any:
        """A list-file value as a form field shows it (a spelled word as its number)."""
        for number, word in self.spelled.items():
            if value == word:
                return number
        return value

    def value_words(self, value: Any) -> str | None:
        """What the pages say for a list-file value, where it is a word (marked with N_)."""
        return self.spelled_words.get(value) if isinstance(value, str) else None

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> Any:
        """Read the option's value from the list file; ``before`` holds the options read so far."""
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        """Write a parsed value back as the list file has it."""
        return value

    def default_for(self, before: Mapping[str, Any]) -> Any:
        """The default, which may depend on options read before this one."""
        return self.default

    def type_words(self) -> str:
        """The JSON type, for the docs table."""
        return "value"

    def games_under(self, value: Any, games: frozenset[str], chosen: bool) -> frozenset[str]:
        """Give the games a list allows under this option's value (``chosen``: the list named them).

        Most options leave the games as they are; one may take a game out of
        the family's defaults, or refuse a list that names it.
        """
        return games


@dataclass(frozen=True)
class Flag(Option):
    """Yes or no."""

    kind = "flag"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> bool:
        return flag(value, where)

    def type_words(self) -> str:
        return "bool"


@dataclass(frozen=True)
class Number(Option):
    """A whole number in a range; ``nullable`` lets null mean "none"."""

    low: int = 0
    high: int = MAX_TARIFF
    nullable: bool = False
    kind = "number"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> int | None:
        if value is None and self.nullable:
            return None
        return whole(value, where, low=self.low, high=self.high)

    def type_words(self) -> str:
        words = f"int {self.low}..{self.high}"
        return words + " or null" if self.nullable else words


@dataclass(frozen=True)
class Choice(Option):
    """One of a few words; ``labels`` name each for people (marked with N_)."""

    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    kind = "choice"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> str:
        if value not in self.choices:
            raise ScoringError(
                where, N_("must be one of %(choices)s, not %(value)s"),
                choices=", ".join(f'"{c}"' for c in self.choices), value=shown(value),
            )
        return str(value)

    def type_words(self) -> str:
        return " / ".join(f'`"{c}"`' for c in self.choices)


@dataclass(frozen=True)
class Choices(Option):
    """Several of a few words, as a list; each at most once."""

    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    kind = "choices"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise ScoringError(where, N_("must be a list, not %(value)s"), value=shown(value))
        for item in value:
            if item not in self.choices:
                raise ScoringError(
                    where, N_("%(value)s is not one of %(choices)s"),
                    value=shown(item), choices=", ".join(self.choices),
                )
        return tuple(c for c in self.choices if c in value)

    def dump(self, value: Any) -> Any:
        return list(value)

    def type_words(self) -> str:
        return "list of " + ", ".join(f'`"{c}"`' for c in self.choices)


@dataclass(frozen=True)
class Amounts(Option):
    """An object of whole numbers merged over the family's (tariffs, Laufende thresholds)."""

    low: int = 0
    #: The most each entry may be; by name, or one number for all.
    high: Mapping[str, int] | int = MAX_TARIFF

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> Mapping[str, int]:
        values = dict(self.default)
        for name, amount in mapping(value, where).items():
            if name not in self.default:
                raise unknown_key(name, self.default, "object", path=where)
            top = self.high if isinstance(self.high, int) else self.high[name]
            values[name] = whole(amount, f"{where}.{name}", low=self.low, high=top)
        return MappingProxyType(values)

    def dump(self, value: Any) -> Any:
        return dict(value)

    def type_words(self) -> str:
        return "object of int"


@dataclass(frozen=True)
class Tariffs(Amounts):
    """Units per game and per term."""

    kind = "tariffs"


@dataclass(frozen=True)
class LaufendeFrom(Amounts):
    """Per game: Laufende count from this many on."""

    kind = "laufende"
    low: int = 1


@dataclass(frozen=True)
class Games(Option):
    """The games a list allows, from the family's; ``passed`` always is."""

    #: Every game of the family, in the order the app offers them.
    every: tuple[str, ...] = ()
    kind = "games"

    @property
    def always(self) -> frozenset[str]:
        """The games every list of the family allows, chosen or not (the hand thrown in)."""
        return frozenset({"passed"}) & set(self.every)

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> frozenset[str]:
        if not isinstance(value, list) or not value:
            raise ScoringError(where, N_("must be a list of games, not %(value)s"), value=shown(value))
        for game in value:
            if not isinstance(game, str) or game not in self.every:
                raise ScoringError(
                    where, N_("%(value)s is not a game of this family: one of %(games)s"),
                    value=shown(game), games=", ".join(self.every),
                )
        return frozenset(value) | self.always

    def default_for(self, before: Mapping[str, Any]) -> frozenset[str]:
        return frozenset(self.default)

    def dump(self, value: Any) -> Any:
        return [g for g in self.every if g in value]

    def type_words(self) -> str:
        return "list of str"


@dataclass(frozen=True)
class Group(Option):
    """An object of sub-options, or null when the rule is off (Bock, the Stock).

    A partly given object takes the defaults for the keys it leaves out;
    ``{}`` is every default.
    """

    fields: tuple[Option, ...] = ()
    kind = "group"

    def parse(self, value: Any, where: str, before: Mapping[str, Any]) -> Mapping[str, Any] | None:
        if value is None:
            return None
        given = mapping(value, where)
        known = {f.key: f for f in self.fields}
        for key in given:
            if key not in known:
                raise unknown_key(key, known, "object", path=where)
        out: dict[str, Any] = {}
        context = {**before, **out}
        for sub in self.fields:
            if sub.key in given:
                out[sub.key] = sub.parse(given[sub.key], f"{where}.{sub.key}", context)
            else:
                out[sub.key] = sub.default_for(context)
        return MappingProxyType(out)

    def dump(self, value: Any) -> Any:
        if value is None:
            return None
        return {sub.key: sub.dump(value[sub.key]) for sub in self.fields}

    def type_words(self) -> str:
        return "object or null"
