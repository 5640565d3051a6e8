"""The worked examples of docs/breakdown-examples.md: a deal per term and multiplier, in English and German.

``python -m scorer breakdown-examples`` prints the page; a test checks that
the docs hold exactly what it prints, and that every word of the breakdown
(``scorer.engine.breakdown_words.ENGLISH``) is in an example. Each example is a
list file; its last deal is the one explained, scored by the engine and put
into words by :func:`scorer.engine.breakdown_words.describe` with the word maps
the app's catalog agrees with.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scorer.engine.breakdown import Breakdown
from scorer.engine.breakdown_words import counted_in, describe, words_in
from scorer.engine.document import read_list
from scorer.engine.results import DealResult

FOUR = ("Anna", "Bene", "Chris", "Dora")
THREE = FOUR[:3]
FIVE = (*FOUR, "Emil")
#: Every Bavarian game, the house games among them.
EVERY_GAME = ["sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit", "bettel", "farbgeier", "ramsch"]
PASSED: dict[str, Any] = {"game": "passed"}


def _sauspiel(points: int, **more: Any) -> dict[str, Any]:
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": points, **more}


def _pick(points: int, partner: str | None = "Bene", **more: Any) -> dict[str, Any]:
    deal = {"game": "pick", "declarer": "Anna", "points": points, **more}
    if partner:
        deal["partner"] = partner
    return deal


def _listed(family_name: str, *deals: dict[str, Any], players: tuple[str, ...] = FOUR,
            **rules: Any) -> dict[str, Any]:
    return {"rules": {"preset": family_name, **rules}, "players": list(players), "deals": list(deals)}


#: (what happens in English, the same in German, the list file whose last deal it is).
EXAMPLES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    # -- bavarian
    ("Anna and Chris win a Sauspiel with 72",
     "Anna und Chris gewinnen ein Sauspiel mit 72",
     _listed("bavarian", _sauspiel(72))),
    ("the same with 95, 3 Laufende and Kontra",
     "dasselbe mit 95, 3 Laufenden und Kontra",
     _listed("bavarian", _sauspiel(95, laufende=3, contra=True))),
    ("they make only 30, with Kontra and Re",
     "sie machen nur 30, mit Kontra und Re",
     _listed("bavarian", _sauspiel(30, contra=True, re=True))),
    ("Bene wins a Solo schwarz",
     "Bene gewinnt ein Solo schwarz",
     _listed("bavarian", {"game": "solo", "declarer": "Bene", "points": 120, "schwarz": True})),
    ("Chris wins a Wenz with 2 Laufende; two players doubled",
     "Chris gewinnt einen Wenz mit 2 Laufenden; zwei haben gelegt",
     _listed("bavarian", {"game": "wenz", "declarer": "Chris", "points": 61, "laufende": 2, "doubles": 2})),
    ("Dora loses a Geier with 50",
     "Dora verliert einen Geier mit 50",
     _listed("bavarian", {"game": "geier", "declarer": "Dora", "points": 50})),
    ("Anna plays a Farbwenz tout and makes every trick, 3 Laufende",
     "Anna spielt einen Farbwenz Tout und macht jeden Stich, 3 Laufende",
     _listed("bavarian", {"game": "farbwenz", "declarer": "Anna", "points": 120, "schwarz": True,
                          "tout": True, "laufende": 3})),
    ("Anna lays down a Solo Sie",
     "Anna legt ein Solo Sie hin",
     _listed("bavarian", {"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True,
                          "sie": True, "laufende": 8})),
    ("Anna wins a Hochzeit with Bene",
     "Anna gewinnt eine Hochzeit mit Bene",
     _listed("bavarian", {"game": "hochzeit", "declarer": "Anna", "partner": "Bene", "points": 61},
             games=EVERY_GAME)),
    ("Chris wins a Bettel ouvert",
     "Chris gewinnt einen Bettel ouvert",
     _listed("bavarian", {"game": "bettel", "declarer": "Chris", "won": True, "ouvert": True},
             games=EVERY_GAME)),
    ("Bene wins a Farbgeier with 91 and 3 Laufende",
     "Bene gewinnt einen Farbgeier mit 91 und 3 Laufenden",
     _listed("bavarian", {"game": "farbgeier", "declarer": "Bene", "points": 91, "laufende": 3},
             games=EVERY_GAME)),
    ("Ramsch: Dora has the most, Bene is a virgin",
     "Ramsch: Dora hat die meisten, Bene ist Jungfrau",
     _listed("bavarian", {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}})),
    ("Ramsch doubled once; two virgins double everything",
     "Ramsch, einmal gelegt; zwei Jungfrauen verdoppeln alles",
     _listed("bavarian", {"game": "ramsch", "doubles": 1,
                          "points": {"Anna": 0, "Bene": 0, "Chris": 50, "Dora": 70}}, virgin="all")),
    ("Ramsch: Anna makes a Durchmarsch",
     "Ramsch: Anna macht einen Durchmarsch",
     _listed("bavarian", {"game": "ramsch", "points": {"Anna": 95, "Bene": 10, "Chris": 10, "Dora": 5}})),
    ("a hand thrown in: nobody pays",
     "zusammengeworfen: niemand zahlt",
     _listed("bavarian", PASSED)),
    ("after a hand thrown in, a Sauspiel under Bock",
     "nach einem zusammengeworfenen Spiel ein Sauspiel unter Bock",
     _listed("bavarian", PASSED, _sauspiel(72), bock={})),
    ("a hand thrown in pays into the Stock",
     "zusammengeworfen: jeder zahlt in den Stock",
     _listed("bavarian", PASSED, stock={})),
    ("then a won Sauspiel takes the Stock",
     "dann nimmt ein gewonnenes Sauspiel den Stock",
     _listed("bavarian", PASSED, _sauspiel(72), stock={})),
    ("or a lost one doubles it",
     "oder ein verlorenes verdoppelt ihn",
     _listed("bavarian", PASSED, _sauspiel(40), stock={})),
    # -- bavarian3
    ("three hands: Bene plays a Wenz by hand and makes 95",
     "zu dritt: Bene spielt einen Wenz aus der Hand und macht 95",
     _listed("bavarian3", {"game": "wenz", "declarer": "Bene", "points": 95, "hand": True}, players=THREE)),
    # -- sheepshead3
    ("classic three-hand: Anna picks and makes 67",
     "klassisch zu dritt: Anna nimmt auf und macht 67",
     _listed("sheepshead3", _pick(67, None), players=THREE)),
    ("a Least: Anna takes no points",
     "ein Least: Anna macht keine Augen",
     _listed("sheepshead3", {"game": "least", "points": {"Anna": 0, "Bene": 50, "Chris": 70}}, players=THREE)),
    ("a Least: Anna takes all 120",
     "ein Least: Anna macht alle 120",
     _listed("sheepshead3", {"game": "least", "points": {"Anna": 120, "Bene": 0, "Chris": 0}}, players=THREE)),
    # -- sheepshead
    ("American, five players: Anna picks with Bene; crack and re-crack",
     "amerikanisch zu fünft: Anna nimmt mit Bene auf; Crack und Re-crack",
     _listed("sheepshead", _pick(70, crack=True, recrack=True), players=FIVE)),
    ("Anna and Bene make 50 after a crack and two blitzes, at most 4",
     "Anna und Bene machen 50 nach Crack und zwei Blitzen, höchstens 4",
     _listed("sheepshead", _pick(50, crack=True, blitz=2), players=FIVE, max_multiplier=4)),
    ("nobody picked, a doubler; then Anna picks",
     "niemand hat aufgenommen, ein Doubler; dann nimmt Anna auf",
     _listed("sheepshead", {"game": "doubler"}, _pick(70), players=FIVE, no_pick="doubler")),
    ("a Leaster: Anna takes the fewest",
     "ein Leaster: Anna macht die wenigsten",
     _listed("sheepshead", {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 40,
                                                          "Emil": 20}}, players=FIVE)),
    ("a Moster: Emil takes the most",
     "ein Moster: Emil macht die meisten",
     _listed("sheepshead", {"game": "moster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 10,
                                                         "Emil": 50}}, players=FIVE, no_pick="moster")),
    # -- german
    ("German game: Anna and Chris make 70",
     "Deutsches Spiel: Anna und Chris machen 70",
     _listed("german", {"game": "normal", "declarer": "Anna", "points": 70})),
    ("settled per head, their schwarz completes a head",
     "nach Köpfen abgerechnet: ihr Schwarz macht einen Kopf voll",
     _listed("german", {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True},
             settle_per_head=True)),
)

#: The page's words around the tables, by language.
_PAGE = {
    "en": ("## In English", ("What happens", "In one line", "Payouts")),
    "de": ("## Auf Deutsch", ("Was geschieht", "In einer Zeile", "Auszahlungen")),
}

_HEAD = """\
# Why this payout: worked examples

Generated by `python -m scorer breakdown-examples`; a test checks that this
page is what it prints. Each row is the last deal of a list file in
`scorer/engine/breakdown_examples.py`, scored by the engine and written in
one line the way the deal form's preview shows it beside Save: the terms
added up, each multiplier in turn, the value, then "each" when every player
wins or pays the value, else what a share of more than one value wins (+)
or pays (-); then the tally and the Stock. Together the rows have every
term, multiplier, role and Stock move the engine gives (docs/rules.md, "Why
this payout: the breakdown").
"""


def example_deals() -> Iterator[tuple[str, str, DealResult]]:
    """Each example's words in English and German, and its last deal scored."""
    for english, german, document in EXAMPLES:
        yield english, german, read_list(document).replay().deals[-1]


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _payouts(result: DealResult) -> str:
    return ", ".join(f"{who} {_signed(amount)}" for who, amount in result.payouts.items())


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def breakdown_examples() -> str:
    """The page: its head, then a table of the examples in English, then in German."""
    deals = list(example_deals())
    parts = [_HEAD]
    for language, (heading, columns) in _PAGE.items():
        words, counted = words_in(language), counted_in(language)
        lines = [heading, "", "| " + " | ".join(columns) + " |", "|---|---|---|"]
        for english, german, result in deals:
            what = english if language == "en" else german
            lines.append(f"| {_cell(what)} | {_cell(describe(result.breakdown, words, counted))} | {_payouts(result)} |")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def names_in(breakdown: Breakdown) -> set[str]:
    """Every name a breakdown holds: terms, multipliers, roles, its Stock move and tally."""
    found = {t.name for t in breakdown.terms} | {m.name for m in breakdown.multipliers}
    found |= {s.role for s in breakdown.shares} | {t.name for t in breakdown.tally}
    if breakdown.stock is not None:
        found.add(breakdown.stock.name)
    return found
