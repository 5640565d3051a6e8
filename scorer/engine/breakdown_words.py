"""A breakdown in words: the names of its pieces in English and German, and :func:`describe`.

Nothing in the breakdown itself formats words; the app calls :func:`describe`
with the table's language. :data:`ENGLISH` and :data:`GERMAN` say the
breakdown's machine words (the app looks the English up in its catalog, the
worked examples of docs/breakdown-examples.md use both).

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

from scorer.engine.breakdown import CAP, Breakdown
from scorer.engine.errors import N_


#: Every name a breakdown can hold (terms, multipliers, roles, Stock moves, tally), and
#: ``each``, in English. Marked for the catalog: the app says them in the table's language
#: through it, and the catalog's German must be the one of :data:`GERMAN` (a test checks).
ENGLISH: Mapping[str, str] = MappingProxyType({
    # terms: the games' tariffs
    "sauspiel": N_("Sauspiel"), "wenz": N_("Wenz"), "solo": N_("Solo"), "geier": N_("Geier"),
    "farbwenz": N_("Farbwenz"), "hochzeit": N_("Hochzeit"), "bettel": N_("Bettel"),
    "farbgeier": N_("Farbgeier"), "ramsch": N_("Ramsch"), "durchmarsch": N_("Durchmarsch"),
    "pick": N_("Pick"), "least": N_("Least"), "least_zero": N_("Least with no points"),
    "least_all": N_("All 120 in one hand"), "leaster": N_("Leaster"), "moster": N_("Moster"),
    # terms: what adds to a tariff
    "schneider": N_("Schneider"), "schwarz": N_("Schwarz"), "laufende": N_("Laufende"),
    "tier": N_("Tier"), "game_points": N_("Game points"), "head": N_("Head"),
    # multipliers
    "contra": N_("Kontra"), "re": N_("Re"), "doubles": N_("doubled"), "tout": N_("Tout"),
    "sie": N_("Sie"), "hand": N_("Hand"), "ouvert": N_("Ouvert"), "bock": N_("Bock"),
    "virgins": N_("Virgins"), "crack": N_("Crack"), "recrack": N_("Re-crack"),
    "blitz": N_("Blitz"), "doubler": N_("Doubler"), "cap": N_("at most"), "bump": N_("Bump"),
    # roles
    "declarer": N_("Declarer"), "partner": N_("Partner"), "opponent": N_("Opponent"),
    "picker": N_("Picker"), "winner": N_("Winner"), "loser": N_("Loser"),
    "virgin": N_("Virgin"), "player": N_("Player"),
    # the Stock, the tally, and the value every player wins or pays
    "pay_in": N_("into the Stock"), "take": N_("out of the Stock"),
    "double": N_("the Stock doubled by"), "strokes": N_("Strokes"), "each": N_("each"),
})

#: The same words in German: the worked examples of docs/breakdown-examples.md use them.
GERMAN: Mapping[str, str] = MappingProxyType({
    **{name: ENGLISH[name] for name in (
        "sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit", "bettel", "farbgeier",
        "ramsch", "durchmarsch", "pick", "least", "leaster", "moster", "schneider", "schwarz",
        "laufende", "contra", "re", "tout", "sie", "hand", "ouvert", "bock", "crack", "recrack",
        "blitz", "doubler", "partner",
    )},
    "least_zero": "Least ohne Augen", "least_all": "Alle 120 in einer Hand", "tier": "Stufe",
    "game_points": "Spielpunkte", "head": "Kopf", "doubles": "gelegt", "virgins": "Jungfrauen",
    "cap": "höchstens", "bump": "Bump", "declarer": "Spieler", "opponent": "Gegner",
    "picker": "Aufnehmer", "winner": "Gewinner", "loser": "Verlierer", "virgin": "Jungfrau",
    "player": "Spieler", "pay_in": "in den Stock", "take": "aus dem Stock",
    "double": "der Stock verdoppelt um", "strokes": "Striche", "each": "je Spieler",
})

#: The word maps by language.
LANGUAGES: Mapping[str, Mapping[str, str]] = MappingProxyType({"en": ENGLISH, "de": GERMAN})


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message's singular and plural for the catalog (babel.cfg: ``N_plural:1,2``); give both."""
    return singular, plural


#: The names a count stands before that take a plural, with the count (``%(num)s``), in
#: English: the singular and the plural. Marked for the catalog: the app says them through
#: ngettext, and the catalog's German must be the one of :data:`GERMAN_COUNTED` (a test
#: checks). A name not here is said as the count and its word: ``2 doubled``.
ENGLISH_COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType({
    "laufende": N_plural("%(num)s Laufende", "%(num)s Laufende"),
    "game_points": N_plural("%(num)s Game point", "%(num)s Game points"),
    "strokes": N_plural("%(num)s Stroke", "%(num)s Strokes"),
    "head": N_plural("%(num)s Head", "%(num)s Heads"),
    "virgins": N_plural("%(num)s Virgin", "%(num)s Virgins"),
    "blitz": N_plural("%(num)s Blitz", "%(num)s Blitzes"),
    "doubler": N_plural("%(num)s Doubler", "%(num)s Doublers"),
})

#: The same in German.
GERMAN_COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType({
    "laufende": ("%(num)s Laufender", "%(num)s Laufende"),
    "game_points": ("%(num)s Spielpunkt", "%(num)s Spielpunkte"),
    "strokes": ("%(num)s Strich", "%(num)s Striche"),
    "head": ("%(num)s Kopf", "%(num)s Köpfe"),
    "virgins": ("%(num)s Jungfrau", "%(num)s Jungfrauen"),
    "blitz": ("%(num)s Blitz", "%(num)s Blitze"),
    "doubler": ("%(num)s Doubler", "%(num)s Doubler"),
})

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
    terms = breakdown.terms
    line = " + ".join(
        f"{say(t.name, t.count)} {t.units}" if t.count is not None else f"{words(t.name)} {t.units}"
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
            pieces.append(f"{words(m.name)} ×{m.factor}")
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
