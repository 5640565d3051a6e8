"""A breakdown in words: the names of its pieces in English and German, and :func:`describe`.

Nothing in the breakdown itself formats words; the app calls :func:`describe`
with the table's language. :data:`ENGLISH` and :data:`GERMAN` say the
breakdown's machine words (the app looks the English up in its catalog, the
worked examples of docs/breakdown-examples.md use both). They are the common
words of this module and every family's own: its games' labels and German
names, and its terms (``scorer.engine.families``), so a new game or term is
worded where it is declared.

>>> from scorer.engine.breakdown import CONTRA, Share, Term
>>> b = Breakdown(
...     terms=(Term("sauspiel", 20), Term("schneider", 10), Term("laufende", 15, 3)),
...     multipliers=(CONTRA,),
...     value=90,
...     shares=(Share("declarer", ("Anna",), 1), Share("partner", ("Chris",), 1),
...             Share("opponent", ("Bene", "Dora"), -1)),
... )
>>> describe(b, str.capitalize)
'Sauspiel 20 + Schneider 10 + 3 Laufende 15 = 45 · Contra ×2 = 90 Each'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeVar

from scorer.engine.breakdown import CAP, Breakdown, Multiplier, Term
from scorer.engine.deals import KEYS
from scorer.engine.errors import N_
from scorer.engine.families import FAMILIES, Family
from scorer.engine.families.base import WORDS
from scorer.engine.families.common import N_plural

_Words = TypeVar("_Words")

#: The names shared by several families' breakdowns, or the breakdown's own (the cap, and
#: ``each``): the English (marked for the catalog) and the German. A name of one family
#: is that family's: its module declares it (``Family.terms``, a game's label). A name
#: that is a deal key's says what the pages call the key: the key's label, a role's word.
COMMON: Mapping[str, tuple[str, str]] = MappingProxyType({
    # terms: what adds to a tariff
    "schneider": (N_("Schneider"), "Schneider"),
    "schwarz": (KEYS["schwarz"].label, "Schwarz"),
    "laufende": (KEYS["laufende"].label, "Laufende"),
    # multipliers
    "contra": (KEYS["contra"].label, "Kontra"),
    "re": (KEYS["re"].label, "Re"),
    "tout": (KEYS["tout"].label, "Tout"),
    # a Tout lost: whatever the points, the other side took a trick
    "tout_lost": (N_("Tout: lost, the other side took a trick"), "Tout: verloren, die Gegenseite hat einen Stich gemacht"),
    CAP: (N_("at most"), "höchstens"),
    # roles
    "declarer": (WORDS["declarer"], "Spieler"),
    "partner": (WORDS["partner"], "Partner"),
    "opponent": (N_("Opponent"), "Gegner"),
    "picker": (N_("Picker"), "Aufnehmer"),
    "winner": (N_("Winner"), "Gewinner"),
    "loser": (N_("Loser"), "Verlierer"),
    "player": (N_("Player"), "Spieler"),
    # the value every player wins or pays
    "each": (N_("each"), "je Spieler"),
})

#: The common names a count stands before: the English singular and plural (marked for
#: the catalog) and the German, each with the count as ``%(num)s``.
COMMON_COUNTED: Mapping[str, tuple[tuple[str, str], tuple[str, str]]] = MappingProxyType({
    "laufende": (
        N_plural("%(num)s Laufende", "%(num)s Laufende"), ("%(num)s Laufender", "%(num)s Laufende"),
    ),
})


#: A tier (Sheepshead's value of a pick) as its players name it: 2 is schneider, 3 a no-tricker.
TIER_NAMES: Mapping[int, str] = MappingProxyType({2: "schneider", 3: "no_tricker"})


def term_name(term: Term) -> str:
    """The name a term is said by: its own, or for a tier of 2 or 3 schneider or a no-tricker.

    >>> term_name(Term("tier", 2)), term_name(Term("tier", 1)), term_name(Term("solo", 40))
    ('schneider', 'tier', 'solo')
    """
    if term.name == "tier":
        return TIER_NAMES.get(term.units, term.name)
    return term.name


def multiplier_name(breakdown: Breakdown, multiplier: Multiplier) -> str:
    """The name a multiplier is said by: a Tout the declarer lost says why (a trick of the others).

    >>> from scorer.engine.breakdown import TOUT, one_against_rest
    >>> lost = Breakdown((Term("solo", 50),), (TOUT,), 100, one_against_rest("declarer", "A", ("A", "B"), -1))
    >>> multiplier_name(lost, TOUT)
    'tout_lost'
    """
    if multiplier.name == "tout" and any(s.role == "declarer" and s.times < 0 for s in breakdown.shares):
        return "tout_lost"
    return multiplier.name


def paid_in_each(breakdown: Breakdown) -> int | None:
    """What each player paid into the Stock for a hand thrown in (nothing else paid); else None."""
    stock = breakdown.stock
    if stock is None or stock.name != "pay_in" or breakdown.terms or breakdown.value or not stock.amounts:
        return None
    return -stock.amounts[0][1]


def _gathered(
    common: Mapping[str, _Words], declared: Callable[[Family], Mapping[str, _Words]]
) -> Mapping[str, _Words]:
    """The common words, then each family's in the families' order; a name has one wording."""
    words = dict(common)
    for family in FAMILIES.values():
        for name, wording in declared(family).items():
            if words.setdefault(name, wording) != wording:
                raise ValueError(f"{family.name} words {name!r} otherwise: {wording} against {words[name]}")
    return MappingProxyType(words)


_WORDS = _gathered(COMMON, Family.breakdown_words)
_COUNTED = _gathered(COMMON_COUNTED, lambda family: family.counted)

#: Every name a breakdown can hold (terms, multipliers, roles, Stock moves, tally), and
#: ``each``, in English. Marked for the catalog: the app says them in the table's language
#: through it, and the catalog's German must be the one of :data:`GERMAN` (a test checks).
ENGLISH: Mapping[str, str] = MappingProxyType({name: english for name, (english, _) in _WORDS.items()})

#: The same words in German: the worked examples of docs/breakdown-examples.md use them.
GERMAN: Mapping[str, str] = MappingProxyType({name: german for name, (_, german) in _WORDS.items()})

#: The word maps by language.
LANGUAGES: Mapping[str, Mapping[str, str]] = MappingProxyType({"en": ENGLISH, "de": GERMAN})

#: The names a count stands before that take a plural, with the count (``%(num)s``), in
#: English: the singular and the plural. Marked for the catalog: the app says them through
#: ngettext, and the catalog's German must be the one of :data:`GERMAN_COUNTED` (a test
#: checks). A name not here is said as the count and its word: ``2 doubled``.
ENGLISH_COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType(
    {name: english for name, (english, _) in _COUNTED.items()}
)

#: The same in German.
GERMAN_COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType(
    {name: german for name, (_, german) in _COUNTED.items()}
)

#: The counted names by language.
COUNTED: Mapping[str, Mapping[str, tuple[str, str]]] = MappingProxyType(
    {"en": ENGLISH_COUNTED, "de": GERMAN_COUNTED}
)


def words_in(language: str) -> Callable[[str], str]:
    """The words of a language for :func:`describe`: a name not in the map stays as it is.

    >>> words_in("de")("each"), words_in("en")("recrack"), words_in("de")("unheard_of")
    ('je Spieler', 'Re-crack', 'unheard_of')
    """
    table = LANGUAGES[language]
    return lambda name: table.get(name, name)


def counted_in(language: str) -> Callable[[str, int], str]:
    """A count and a name in a language for :func:`describe`, the name singular for one.

    English and German both take the singular for one, the plural for any other count.

    >>> strokes = counted_in("de")
    >>> strokes("strokes", 1), strokes("strokes", 9), strokes("doubles", 2), counted_in("en")("head", 1)
    ('1 Strich', '9 Striche', '2 gelegt', '1 Head')
    """
    forms = COUNTED[language]
    words = words_in(language)

    def counted(name: str, count: int) -> str:
        pair = forms.get(name)
        if pair is None:
            return f"{count} {words(name)}"
        return pair[count != 1] % {"num": count}

    return counted



def describe(
    breakdown: Breakdown, words: Callable[[str], str],
    counted: Callable[[str, int], str] | None = None,
) -> str:
    """The breakdown as one line, its names put into words by ``words`` (the table's language).

    The terms added up, each multiplier in turn, then the value; "each" when
    every player wins or pays the value, else what the shares of more than
    one value win (+) or pay (-); then the tally and the Stock. A count and
    the name it counts (``3 Laufende``, ``1 Stroke``) are put into words by
    ``counted``, which picks the singular or the plural (see
    :func:`counted_in`); without it, the count and the name's word.

    >>> from scorer.engine.breakdown import Term, doublings, everybody, one_against_rest
    >>> solo = Breakdown((Term("solo", 40), Term("laufende", 15, 3)), (doublings("doubles", 1),), 110,
    ...                  one_against_rest("declarer", "A", ("A", "B", "C", "D"), -1))
    >>> describe(solo, lambda name: name)
    'solo 40 + 3 laufende 15 = 55 · doubles ×2 = 110 · declarer ×3 = -330'
    >>> head = Breakdown((Term("head", 90),), (), 90, everybody(("A", "B")),
    ...                  tally=(Term("strokes", 9), Term("head", 1)))
    >>> describe(head, words_in("de"), counted_in("de"))
    'Kopf 90 je Spieler · 9 Striche · 1 Kopf'
    """
    say = counted or (lambda name, count: f"{count} {words(name)}")
    paid_in = paid_in_each(breakdown)
    if paid_in is not None:
        return say("paid_in_each", paid_in)
    terms = breakdown.terms
    line = " + ".join(
        f"{say(t.name, t.count)} {t.units}" if t.count is not None else f"{words(term_name(t))} {t.units}"
        for t in terms
    ) or "0"
    if len(terms) > 1:
        line += f" = {sum(t.units for t in terms)}"
    pieces = [line]
    for m in breakdown.multipliers:
        if m.name == CAP:
            pieces.append(f"{words(m.name)} {m.factor}")
        elif m.count is not None and m.count > 1:
            pieces.append(f"{say(m.name, m.count)} ×{m.factor}")
        else:
            pieces.append(f"{words(multiplier_name(breakdown, m))} ×{m.factor}")
    if breakdown.multipliers:
        pieces[-1] += f" = {breakdown.value}"
    several = [s for s in breakdown.shares if abs(s.times) > 1]
    if breakdown.value and not several:
        pieces[-1] += f" {words('each')}"
    pieces.extend(
        f"{words(s.role)} ×{abs(s.times)} = {s.times * breakdown.value:+d}" for s in several
    )
    pieces.extend(say(t.name, t.units) for t in breakdown.tally)
    stock = breakdown.stock
    if stock is not None:
        pieces.append(f"{words(stock.name)} {abs(stock.after - stock.before)}")
    return " · ".join(pieces)
