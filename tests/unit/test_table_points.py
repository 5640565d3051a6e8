"""Tournament points (docs/rules.md): the "1/5" and "1/2" systems, custom tables, plus_only."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.engine import ScoringError, read_list, score_document

FOUR = ["Anna", "Bene", "Chris", "Dora"]
TOURNAMENT_GAMES = ["sauspiel", "wenz", "solo", "geier", "farbwenz", "passed"]


def scored(deals: list[dict[str, Any]], **table_points: Any) -> dict[str, Any]:
    rules = {"preset": "bavarian", "games": TOURNAMENT_GAMES, "table_points": {"system": "1/5", **table_points}}
    return score_document({"rules": rules, "players": FOUR, "deals": deals})


def anna(deal: dict[str, Any], **table_points: Any) -> int:
    return scored([{"declarer": "Anna", **deal}], **table_points)["deals"][0]["payouts"]["Anna"]


SAUSPIEL = {"game": "sauspiel", "partner": "Chris"}


@pytest.mark.parametrize(
    ("system", "deal", "expected"),
    [
        # "1/5": a Sauspiel 1/2/3, won or lost alike.
        ("1/5", {**SAUSPIEL, "points": 70}, 1),
        ("1/5", {**SAUSPIEL, "points": 95}, 2),
        ("1/5", {**SAUSPIEL, "points": 120, "schwarz": True}, 3),
        ("1/5", {**SAUSPIEL, "points": 40}, -1),
        ("1/5", {**SAUSPIEL, "points": 20}, -2),
        # every solo game 5/6/7, the declarer three times.
        ("1/5", {"game": "wenz", "points": 70}, 15),
        ("1/5", {"game": "solo", "points": 100}, 18),
        ("1/5", {"game": "geier", "points": 0, "schwarz": True}, -21),
        # Tout 14 (a won Tout: +42, -14 each), Sie 28.
        ("1/5", {"game": "wenz", "points": 120, "schwarz": True, "tout": True}, 42),
        ("1/5", {"game": "solo", "points": 110, "tout": True}, -42),
        ("1/5", {"game": "solo", "points": 120, "schwarz": True, "sie": True, "laufende": 8}, 84),
        # "1/2": a Sauspiel 1/2/3, every solo game 2/3/4, Tout 6, Sie 8.
        ("1/2", {**SAUSPIEL, "points": 95}, 2),
        ("1/2", {"game": "farbwenz", "points": 70}, 6),
        ("1/2", {"game": "farbwenz", "points": 95}, 9),
        ("1/2", {"game": "wenz", "points": 120, "schwarz": True, "tout": True}, 18),
        ("1/2", {"game": "solo", "points": 120, "schwarz": True, "sie": True, "laufende": 8}, 24),
    ],
)
def test_a_game_pays_the_systems_points(system: str, deal: dict[str, Any], expected: int) -> None:
    assert anna(deal, system=system) == expected


def test_laufende_add_nothing_and_the_others_pay_the_points_once_each() -> None:
    deal = scored([{"game": "solo", "declarer": "Anna", "points": 70, "laufende": 5}])["deals"][0]
    assert deal["payouts"] == {"Anna": 15, "Bene": -5, "Chris": -5, "Dora": -5}
    assert deal["breakdown"]["terms"] == [{"name": "solo", "units": 5}]
    partner = scored([{**SAUSPIEL, "declarer": "Anna", "points": 95}])["deals"][0]
    assert partner["payouts"] == {"Anna": 2, "Bene": -2, "Chris": 2, "Dora": -2}
    assert [t["name"] for t in partner["breakdown"]["terms"]] == ["sauspiel", "schneider"]


def test_a_custom_table_reads_every_allowed_game_and_names_a_missing_one() -> None:
    points = {"sauspiel": [1, 2, 3], "wenz": [4, 5, 6], "solo": [5, 6, 7], "geier": [4, 5, 6],
              "farbwenz": [4, 5, 6], "tout": 10, "sie": 20}
    assert anna({"game": "geier", "points": 95}, system="custom", points=points) == 15
    missing = {k: v for k, v in points.items() if k != "farbwenz"}
    with pytest.raises(ScoringError) as refused:
        anna({"game": "geier", "points": 95}, system="custom", points=missing)
    assert refused.value.key == "rules.table_points.points.farbwenz"
    with pytest.raises(ScoringError, match="three points"):
        anna({"game": "geier", "points": 95}, system="custom", points={**points, "wenz": [4, 5]})
    with pytest.raises(ScoringError, match="custom"):
        anna({"game": "geier", "points": 95}, points=points)


@pytest.mark.parametrize(
    ("rules", "key"),
    [
        ({"bock": {}}, "rules.table_points"),
        ({"stock": {}}, "rules.table_points"),
        ({"games": [*TOURNAMENT_GAMES, "ramsch"]}, "rules.table_points"),
        ({"table_points": {"system": "1/3"}}, "rules.table_points.system"),
        ({"table_points": {"system": "1/5", "plus_only": "yes"}}, "rules.table_points.plus_only"),
    ],
)
def test_what_tournaments_do_not_play_refuses_the_rules(rules: dict[str, Any], key: str) -> None:
    document = {"rules": {"preset": "bavarian", "games": TOURNAMENT_GAMES,
                          "table_points": {"system": "1/5"}, **rules}, "players": FOUR}
    with pytest.raises(ScoringError) as refused:
        read_list(document)
    assert refused.value.key == key


@pytest.mark.parametrize("modifier", [{"contra": True}, {"contra": True, "re": True}, {"doubles": 1}])
def test_kontra_re_and_knocks_are_refused_naming_the_deal(modifier: dict[str, Any]) -> None:
    with pytest.raises(ScoringError, match="without Kontra") as refused:
        scored([{**SAUSPIEL, "declarer": "Anna", "points": 70}, {**SAUSPIEL, "declarer": "Anna", "points": 70, **modifier}])
    assert refused.value.deal == 2


def test_plus_only_keeps_the_winners_amounts_and_settles_no_money() -> None:
    deals = [{"game": "wenz", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True},
             {**SAUSPIEL, "declarer": "Bene", "partner": "Dora", "points": 40}]
    result = scored(deals, plus_only=True)
    assert [d["payouts"] for d in result["deals"]] == [
        {"Anna": 42, "Bene": 0, "Chris": 0, "Dora": 0},
        {"Anna": 1, "Bene": 0, "Chris": 1, "Dora": 0},
    ]
    assert result["totals"] == {"Anna": 43, "Bene": 0, "Chris": 1, "Dora": 0}
    assert result["plus_only"] is True and all(d["plus_only"] for d in result["deals"])
    assert result["settlement"] == []
    # Without plus_only the same deals sum to zero and settle.
    plain = scored(deals)
    assert sum(plain["totals"].values()) == 0 and plain["settlement"] and "plus_only" not in plain


def test_the_rules_are_written_back_as_read() -> None:
    for table_points in ({"system": "1/2", "plus_only": False},
                         {"system": "custom", "plus_only": True,
                          "points": {"sauspiel": [1, 2, 3], "solo": [5, 6, 7], "tout": 14, "sie": 28}}):
        document = {"rules": {"preset": "bavarian", "games": ["sauspiel", "solo", "passed"],
                              "table_points": table_points}, "players": FOUR}
        written = read_list(document).rules.to_dict()
        assert written["table_points"] == table_points
        assert read_list({**document, "rules": written}).rules.to_dict() == written
    assert read_list({"rules": {"preset": "bavarian"}, "players": FOUR}).rules.to_dict()["table_points"] is None


def test_an_answer_with_plus_only_reads_back_as_the_list_it_came_from() -> None:
    deals = [{"game": "wenz", "declarer": "Anna", "points": 70}]
    document = {"rules": {"preset": "bavarian", "games": TOURNAMENT_GAMES,
                          "table_points": {"system": "1/5", "plus_only": True}}, "players": FOUR, "deals": deals}
    answer = score_document(document)
    echoed = {**document, **answer, "deals": [{**deals[0], **answer["deals"][0]}]}
    assert score_document(echoed) == answer
