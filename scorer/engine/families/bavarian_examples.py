"""The worked examples of the Bavarian game (docs/breakdown-examples.md): each game's, which its
``Game`` carries, and those of tournament points, Bock and the Stock, which the family does."""

from __future__ import annotations

from typing import Any

from scorer.engine.families.base import Example
from scorer.engine.families.common import listed

#: The family whose list files these are (``scorer.engine.families.bavarian.NAME``).
FAMILY = "bavarian"
PASSED: dict[str, Any] = {"game": "passed"}


def _listed(*deals: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return listed(FAMILY, *deals, **rules)


def _house(deal: dict[str, Any], **rules: Any) -> dict[str, Any]:
    """A list that switches the deal's house game on."""
    return _listed(deal, games=[deal["game"]], **rules)


def _sauspiel(points: int, **more: Any) -> dict[str, Any]:
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": points, **more}


SAUSPIEL: tuple[Example, ...] = (
    ("Anna and Chris win a Sauspiel with 72",
     "Anna und Chris gewinnen ein Sauspiel mit 72",
     _listed(_sauspiel(72))),
    ("the same with 95, 3 Laufende and Kontra",
     "dasselbe mit 95, 3 Laufenden und Kontra",
     _listed(_sauspiel(95, laufende=3, contra=True))),
    ("they make only 30, with Kontra and Re",
     "sie machen nur 30, mit Kontra und Re",
     _listed(_sauspiel(30, contra=True, re=True))),
)
WENZ: tuple[Example, ...] = (
    ("Chris wins a Wenz with 2 Laufende; two players doubled",
     "Chris gewinnt einen Wenz mit 2 Laufenden; zwei haben gelegt",
     _listed({"game": "wenz", "declarer": "Chris", "points": 61, "laufende": 2, "doubles": 2})),
)
SOLO: tuple[Example, ...] = (
    ("Bene wins a Solo schwarz",
     "Bene gewinnt ein Solo schwarz",
     _listed({"game": "solo", "declarer": "Bene", "points": 120, "schwarz": True})),
    ("Bene plays a Solo tout with 120, but the other side takes a trick",
     "Bene spielt ein Solo Tout mit 120, aber die Gegenseite macht einen Stich",
     _listed({"game": "solo", "declarer": "Bene", "points": 120, "tout": True})),
    ("Anna lays down a Solo Sie",
     "Anna legt ein Solo Sie hin",
     _listed({"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True,
              "sie": True, "laufende": 8})),
)
GEIER: tuple[Example, ...] = (
    ("Dora loses a Geier with 50",
     "Dora verliert einen Geier mit 50",
     _listed({"game": "geier", "declarer": "Dora", "points": 50})),
)
FARBWENZ: tuple[Example, ...] = (
    ("Anna plays a Farbwenz tout and makes every trick, 3 Laufende",
     "Anna spielt einen Farbwenz Tout und macht jeden Stich, 3 Laufende",
     _listed({"game": "farbwenz", "declarer": "Anna", "points": 120, "schwarz": True,
              "tout": True, "laufende": 3})),
)
HOCHZEIT: tuple[Example, ...] = (
    ("Anna wins a Hochzeit with Bene",
     "Anna gewinnt eine Hochzeit mit Bene",
     _house({"game": "hochzeit", "declarer": "Anna", "partner": "Bene", "points": 61})),
)
BETTEL: tuple[Example, ...] = (
    ("Chris wins a Bettel ouvert",
     "Chris gewinnt einen Bettel ouvert",
     _house({"game": "bettel", "declarer": "Chris", "won": True, "ouvert": True})),
)
FARBGEIER: tuple[Example, ...] = (
    ("Bene wins a Farbgeier with 91 and 3 Laufende",
     "Bene gewinnt einen Farbgeier mit 91 und 3 Laufenden",
     _house({"game": "farbgeier", "declarer": "Bene", "points": 91, "laufende": 3})),
)
RAMSCH: tuple[Example, ...] = (
    ("Ramsch: Dora has the most, Bene is a virgin",
     "Ramsch: Dora hat die meisten, Bene ist Jungfrau",
     _listed({"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}})),
    ("Ramsch doubled once; two virgins double everything",
     "Ramsch, einmal gelegt; zwei Jungfrauen verdoppeln alles",
     _listed({"game": "ramsch", "doubles": 1, "points": {"Anna": 0, "Bene": 0, "Chris": 50, "Dora": 70}},
             virgin="all")),
    ("Ramsch: Anna makes a Durchmarsch",
     "Ramsch: Anna macht einen Durchmarsch",
     _listed({"game": "ramsch", "points": {"Anna": 95, "Bene": 10, "Chris": 10, "Dora": 5}})),
)
PENALTY: tuple[Example, ...] = (
    ("Chris reneged: a penalty of a Solo to each",
     "Chris hat nicht bedient: eine Strafe in Höhe eines Solos an jeden",
     _house({"game": "penalty", "offender": "Chris"})),
)
#: Those of the family's house rules: tournament points; then a hand thrown in, which pays
#: nothing, and what Bock and the Stock, which outlive a deal, make of it.
HOUSE_RULES: tuple[Example, ...] = (
    ("tournament points 1/5: Bene wins a Solo schneider",
     "Turnierpunkte 1/5: Bene gewinnt ein Solo Schneider",
     _listed({"game": "solo", "declarer": "Bene", "points": 95},
             games=["sauspiel", "wenz", "solo", "passed"], table_points={"system": "1/5"})),
    ("tournament points 5-10-15: Anna wins a Herz-Solo with 4 Laufende",
     "Turnierpunkte 5-10-15: Anna gewinnt ein Herz-Solo mit 4 Laufenden",
     _listed({"game": "solo", "declarer": "Anna", "suit": "hearts", "points": 70, "laufende": 4},
             table_points={"system": "5-10-15", "plus_only": False})),
    ("tournament points 1/5-dr: all passed, played over the cross, Anna and Chris 40",
     "Turnierpunkte 1/5-dr: alle weiter, über Kreuz gespielt, Anna und Chris 40",
     _listed({"game": "passed", "points": 40}, table_points={"system": "1/5-dr"})),
    ("a hand thrown in: nobody pays",
     "zusammengeworfen: niemand zahlt",
     _listed(PASSED)),
    ("after a hand thrown in, a Sauspiel under Bock",
     "nach einem zusammengeworfenen Spiel ein Sauspiel unter Bock",
     _listed(PASSED, _sauspiel(72), bock={})),
    ("a hand thrown in pays into the Stock",
     "zusammengeworfen: jeder zahlt in den Stock",
     _listed(PASSED, stock={})),
    ("then a won Sauspiel takes the Stock",
     "dann nimmt ein gewonnenes Sauspiel den Stock",
     _listed(PASSED, _sauspiel(72), stock={})),
    ("or a lost one doubles it",
     "oder ein verlorenes verdoppelt ihn",
     _listed(PASSED, _sauspiel(40), stock={})),
)
