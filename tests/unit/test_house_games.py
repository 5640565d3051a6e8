"""The Bavarian house games, the Ramsch club tariff and the fixed seed rules, scored by hand from RULES.md."""

import pytest

from scorer.engine import ScoringError, score_document
from scorer.engine.families import FAMILIES

PLAYERS = ["Anna", "Bene", "Chris", "Dora"]
#: Every Bavarian game but the penalty: the seed games and the house games.
HOUSE = [name for name in FAMILIES["bavarian"].games if name != "penalty"]


def score(deals, rules=None, family="bavarian", players=PLAYERS):
    rules = {"preset": family, **({"games": HOUSE} if family == "bavarian" else {}), **(rules or {})}
    return score_document({"rules": rules, "players": players, "deals": deals})


def payouts_of_one(deal, rules=None, family="bavarian", players=PLAYERS):
    payouts = score([deal], rules, family, players)["deals"][0]["payouts"]
    return tuple(payouts[name] for name in players)


def refusal(deal, rules=None, family="bavarian", players=PLAYERS):
    with pytest.raises(ScoringError) as refused:
        score([deal], rules, family, players)
    assert refused.value.deal == 1
    return refused.value


def side(value):
    return (value, -value, value, -value)


def alone(value):
    return (3 * value, -value, -value, -value)


def hochzeit(points, **more):
    return {"game": "hochzeit", "declarer": "Anna", "partner": "Chris", "points": points, **more}


def bettel(won, **more):
    return {"game": "bettel", "declarer": "Anna", "won": won, **more}


# ---------------------------------------------------------------- Hochzeit


@pytest.mark.parametrize(
    "deal, expected",
    [
        (hochzeit(72), side(20)),
        (hochzeit(60), side(-20)),
        (hochzeit(95, laufende=3), side(20 + 10 + 15)),
        (hochzeit(95, laufende=2), side(20 + 10)),
        (hochzeit(120, schwarz=True), side(40)),
        (hochzeit(28, contra=True, re=True), side(-(20 + 10) * 4)),
        (hochzeit(72, doubles=1), side(40)),
    ],
)
def test_a_hochzeit_scores_exactly_as_a_sauspiel_at_its_own_tariff(deal, expected):
    assert payouts_of_one(deal) == expected


def test_the_hochzeit_tariff_and_laufende_threshold_are_house_rules():
    rules = {"tariffs": {"hochzeit": 30}, "laufende_from": {"hochzeit": 2}}
    assert payouts_of_one(hochzeit(72, laufende=2), rules) == side(30 + 10)


def test_a_hochzeit_needs_the_player_who_took_the_trump():
    error = refusal({"game": "hochzeit", "declarer": "Anna", "points": 70})
    assert error.key == "partner" and "took the trump" in error.reason


def test_a_hochzeit_has_at_most_fourteen_laufende():
    assert refusal(hochzeit(70, laufende=15)).key == "laufende"


# ---------------------------------------------------------------- Bettel


@pytest.mark.parametrize(
    "deal, expected",
    [
        (bettel(True), alone(30)),
        (bettel(False), alone(-30)),
        (bettel(True, ouvert=True), alone(60)),
        (bettel(False, ouvert=True, contra=True), alone(-120)),
        (bettel(True, contra=True, re=True, doubles=2), alone(30 * 16)),
    ],
)
def test_bettel_pays_its_tariff_like_a_solo_doubled_for_open_cards_and_each_doubling(deal, expected):
    assert payouts_of_one(deal) == expected


@pytest.mark.parametrize("key, value", [("points", 0), ("schwarz", True), ("laufende", 3), ("tout", True), ("sie", True)])
def test_a_bettel_has_no_points_schneider_schwarz_laufende_tout_or_sie(key, value):
    assert refusal(bettel(True, **{key: value})).key == key


def test_a_bettel_must_say_whether_it_was_won():
    error = refusal({"game": "bettel", "declarer": "Anna"})
    assert error.key == "won"


def test_a_bettel_with_re_but_no_contra_is_refused():
    assert refusal(bettel(True, re=True)).key == "re"


# ---------------------------------------------------------------- Farbgeier


@pytest.mark.parametrize(
    "deal, expected",
    [
        ({"game": "farbgeier", "declarer": "Anna", "points": 75, "suit": "hearts"}, alone(40)),
        ({"game": "farbgeier", "declarer": "Anna", "points": 75, "laufende": 2}, alone(40)),
        ({"game": "farbgeier", "declarer": "Anna", "points": 75, "laufende": 3}, alone(55)),
        ({"game": "farbgeier", "declarer": "Anna", "points": 40, "laufende": 11}, alone(-(40 + 55))),
        ({"game": "farbgeier", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True, "laufende": 3}, alone(110)),
    ],
)
def test_farbgeier_is_a_solo_game_at_its_own_tariff_with_laufende_from_three(deal, expected):
    assert payouts_of_one(deal) == expected


def test_a_farbgeier_has_at_most_eleven_laufende():
    assert refusal({"game": "farbgeier", "declarer": "Anna", "points": 70, "laufende": 12}).key == "laufende"


# ---------------------------------------------------------------- allowed only when listed


@pytest.mark.parametrize(
    "deal",
    [hochzeit(70), bettel(True), {"game": "farbgeier", "declarer": "Anna", "points": 70}],
)
def test_a_house_game_is_refused_unless_the_list_names_it(deal):
    error = refusal(deal, {"games": ["sauspiel", "solo", "ramsch"]})
    assert error.key == "game"


def test_the_default_games_are_the_seeds_six():
    result = score_document({"rules": {"preset": "bavarian"}, "players": PLAYERS, "deals": []})
    assert result["deals"] == []
    with pytest.raises(ScoringError):
        score_document({"rules": {"preset": "bavarian"}, "players": PLAYERS, "deals": [hochzeit(70)]})


# ---------------------------------------------------------------- the fixes


def test_the_ace_of_hearts_cannot_be_called():
    deal = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 70, "called_ace": "hearts"}
    assert refusal(deal).key == "called_ace"
    assert payouts_of_one({**deal, "called_ace": "acorns"}) == side(20)
    assert payouts_of_one(deal, {"edition": 1}) == side(20)


# ---------------------------------------------------------------- Ramsch as the club tariff


def ramsch(points, **more):
    return {"game": "ramsch", "points": dict(zip(PLAYERS, points)), **more}


def test_a_virgin_by_tricks_is_a_player_named_as_taking_no_trick():
    # Bene took a trick with no points; Dora took none: only Dora is a virgin.
    deal = ramsch([30, 0, 90, 0], no_trick=["Dora"], loser="Chris")
    assert payouts_of_one(deal, {"virgin_by": "tricks", "durchmarsch": None}) == (10, 10, -40, 20)


def test_a_player_named_as_taking_no_trick_must_have_no_points():
    error = refusal(ramsch([30, 10, 80, 0], no_trick=["Bene"]), {"virgin_by": "tricks"})
    assert error.key == "no_trick"


def test_no_trick_is_refused_while_virgins_go_by_points():
    error = refusal(ramsch([30, 0, 80, 10], no_trick=["Bene"]))
    assert error.key == "no_trick"


@pytest.mark.parametrize(
    "value, expected",
    [("solo", (120, -40, -40, -40)), ("schwarz", (180, -60, -60, -60))],
)
def test_a_durchmarsch_pays_a_solo_or_a_solo_won_schwarz(value, expected):
    assert payouts_of_one(ramsch([95, 10, 15, 0]), {"durchmarsch_value": value}) == expected


@pytest.mark.parametrize(
    "rules, key",
    [
        ({"virgin_by": "nobody"}, "rules.virgin_by"),
        ({"durchmarsch_value": "wenz"}, "rules.durchmarsch_value"),
        ({"tariffs": {"bettel": -1}}, "rules.tariffs.bettel"),
        ({"laufende_from": {"farbgeier": 12}}, "rules.laufende_from.farbgeier"),
        ({"edition": 3}, "rules.edition"),
    ],
)
def test_a_bad_club_tariff_is_refused_naming_its_key(rules, key):
    with pytest.raises(ScoringError) as refused:
        score([], rules)
    assert refused.value.key == key


# ---------------------------------------------------------------- sheepshead3: schwarz_by and least_zero_by


def pick(points, **more):
    return {"game": "pick", "declarer": "Anna", "points": points, **more}


THREE = ["Anna", "Bene", "Chris"]


@pytest.mark.parametrize(
    "deal, expected",
    [
        (pick(120), (12, -6, -6)),
        (pick(0), (-12, 6, 6)),
        (pick(95), (8, -4, -4)),
        (pick(120, schwarz=True), (12, -6, -6)),
    ],
)
def test_schwarz_by_points_reads_schwarz_from_all_or_no_points(deal, expected):
    assert payouts_of_one(deal, {"schwarz_by": "points"}, "sheepshead3", THREE) == expected


def test_schwarz_by_tricks_needs_the_flag():
    assert payouts_of_one(pick(120), None, "sheepshead3", THREE) == (8, -4, -4)


def test_schwarz_by_points_refuses_the_flag_with_other_points():
    error = refusal(pick(10, schwarz=True), {"schwarz_by": "points"}, "sheepshead3", THREE)
    assert error.key == "schwarz"


def least(points, **more):
    return {"game": "least", "points": dict(zip(THREE, points)), **more}


@pytest.mark.parametrize(
    "deal, expected",
    [
        (least([0, 50, 70], no_trick=["Anna"]), (8, -4, -4)),
        (least([0, 50, 70]), (4, -2, -2)),
        (least([10, 50, 60]), (4, -2, -2)),
    ],
)
def test_least_zero_by_tricks_gives_the_bonus_only_to_a_winner_who_took_no_trick(deal, expected):
    assert payouts_of_one(deal, {"least_zero_by": "tricks"}, "sheepshead3", THREE) == expected


def test_least_zero_by_points_gives_the_bonus_for_no_points():
    assert payouts_of_one(least([0, 50, 70]), None, "sheepshead3", THREE) == (8, -4, -4)


def test_the_classic_tally_follows_the_knobs():
    result = score([pick(120), least([0, 50, 70], no_trick=["Anna"])],
                   {"schwarz_by": "points", "least_zero_by": "tricks"}, "sheepshead3", THREE)
    assert result["tally"] == {"classic": {"Anna": 6 + 4, "Bene": 0, "Chris": 0}}
