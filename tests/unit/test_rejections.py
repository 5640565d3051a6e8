"""Deals that cannot have happened are refused by name, in the engine and on the command line."""

import json
import pathlib
import subprocess
import sys

import pytest

from scorer.engine import ScoringError, load_list, score_document
from scorer.engine.values import MAX_NAME

ROOT = pathlib.Path(__file__).resolve().parents[2]

P3 = ["Anna", "Bene", "Chris"]
P4 = ["Anna", "Bene", "Chris", "Dora"]
P5 = ["Anna", "Bene", "Chris", "Dora", "Emil"]

GOOD = {
    "bavarian": {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    "bavarian3": {"game": "solo", "declarer": "Anna", "points": 72},
    "sheepshead3": {"game": "pick", "declarer": "Anna", "points": 72},
    "german": {"game": "normal", "declarer": "Anna", "points": 72},
}
SEATS = {"bavarian": P4, "bavarian3": P3, "sheepshead3": P3, "german": P4}


def sauspiel(**more):
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72, **more}


def solo(**more):
    return {"game": "solo", "declarer": "Anna", "points": 72, **more}


def ramsch(points=(30, 20, 40, 30), **more):
    return {"game": "ramsch", "points": dict(zip(P4, points)), **more}


def pick(**more):
    return {"game": "pick", "declarer": "Anna", "points": 72, **more}


def least(points=(20, 40, 60), **more):
    return {"game": "least", "points": dict(zip(P3, points)), **more}


def normal(**more):
    return {"game": "normal", "declarer": "Anna", "points": 72, **more}


def case(name, family, bad, keys, rules=None, players=None, before=1):
    """A document whose deal number before+1 is `bad`, preceded by valid deals."""
    document = {
        "rules": {"preset": family, **(rules or {})},
        "players": players or SEATS[family],
        "deals": [GOOD[family]] * before + [bad],
    }
    if isinstance(keys, str):
        keys = (keys,)
    return pytest.param(document, before + 1, keys, id=name)


DEAL_REJECTIONS = [
    # points outside 0..120
    case("points-121", "bavarian", sauspiel(points=121), "points"),
    case("points-negative", "bavarian", solo(points=-1), "points"),
    case("points-121-bavarian3", "bavarian3", solo(points=121), "points"),
    case("points-121-pick", "sheepshead3", pick(points=121), "points"),
    case("points-121-german", "german", normal(points=121), "points"),
    case("points-negative-german", "german", normal(points=-5), "points"),
    # Ramsch and least points
    case("ramsch-missing-player", "bavarian", {"game": "ramsch", "points": {"Anna": 40, "Bene": 40, "Chris": 40}}, "points"),
    case("ramsch-sum-119", "bavarian", ramsch((30, 20, 40, 29)), "points"),
    case("ramsch-sum-121", "bavarian", ramsch((30, 20, 40, 31)), "points"),
    case("ramsch-stranger", "bavarian", ramsch() | {"points": {"Anna": 30, "Bene": 20, "Chris": 40, "Dora": 30, "Zoe": 0}}, "points"),
    case("ramsch-negative", "bavarian", ramsch((-10, 50, 40, 40)), "points"),
    case("ramsch-not-object", "bavarian", {"game": "ramsch", "points": 120}, "points"),
    case("ramsch-text-points", "bavarian", {"game": "ramsch", "points": {"Anna": "30", "Bene": 20, "Chris": 40, "Dora": 30}}, "points"),
    case("ramsch-sitting-out-dealer", "bavarian", {"game": "ramsch", "points": {"Anna": 30, "Bene": 20, "Chris": 40, "Dora": 0, "Emil": 30}}, "points", players=P5, before=0),
    case("least-missing-player", "sheepshead3", {"game": "least", "points": {"Anna": 60, "Bene": 60}}, "points"),
    case("least-sum-100", "sheepshead3", least((20, 40, 40)), "points"),
    case("least-int-points", "sheepshead3", {"game": "least", "points": 40}, "points"),
    # declarer and partner
    case("declarer-stranger", "bavarian", solo(declarer="Zoe"), "declarer"),
    case("partner-stranger", "bavarian", sauspiel(partner="Zoe"), "partner"),
    case("partner-is-declarer", "bavarian", sauspiel(partner="Anna"), "partner"),
    case("declarer-sitting-out", "bavarian", solo(declarer="Emil"), "declarer", players=P5, before=0),
    case("partner-sitting-out", "bavarian", sauspiel(partner="Emil"), "partner", players=P5, before=0),
    case("declarer-named-dealer", "bavarian", solo(declarer="Bene", dealer="Bene"), "declarer", players=P5),
    case("declarer-stranger-bavarian3", "bavarian3", solo(declarer="Dora"), "declarer"),
    case("declarer-stranger-pick", "sheepshead3", pick(declarer="Dora"), "declarer"),
    case("declarer-stranger-german", "german", normal(declarer="Emil"), "declarer"),
    case("declarer-missing", "bavarian", {"game": "solo", "points": 72}, "declarer"),
    case("partner-missing", "bavarian", {"game": "sauspiel", "declarer": "Anna", "points": 72}, "partner"),
    case("points-missing", "bavarian", {"game": "solo", "declarer": "Anna"}, "points"),
    case("german-partner-not-opposite", "german", normal(partner="Bene"), "partner"),
    # games the rules do not allow
    case("game-not-in-games", "bavarian", solo(game="wenz"), "game", rules={"games": ["sauspiel", "solo"]}),
    case("ramsch-not-in-games", "bavarian", ramsch(), "game", rules={"games": ["sauspiel", "solo"]}),
    case("pick-in-bavarian", "bavarian", pick(), "game"),
    case("unknown-game", "bavarian", solo(game="skat"), "game"),
    case("game-missing", "bavarian", {"declarer": "Anna", "points": 72}, "game"),
    case("sauspiel-for-three", "bavarian3", sauspiel(partner="Bene"), "game"),
    case("ramsch-for-three", "bavarian3", {"game": "ramsch", "points": {"Anna": 40, "Bene": 40, "Chris": 40}}, "game"),
    case("farbwenz-for-three", "bavarian3", solo(game="farbwenz"), "game"),
    case("solo-in-sheepshead3", "sheepshead3", solo(), "game"),
    case("german-solo-without-rule", "german", normal(game="solo"), "game"),
    case("german-sauspiel", "german", sauspiel(), "game"),
    case("normal-in-bavarian", "bavarian", normal(), "game"),
    # re without contra
    case("re-without-contra", "bavarian", sauspiel(re=True), "re"),
    case("re-with-contra-false", "bavarian", solo(contra=False, re=True), "re"),
    case("re-without-contra-bavarian3", "bavarian3", solo(re=True), "re", rules={"contra": True}),
    # Laufende beyond the trumps of the game
    case("laufende-sauspiel-15", "bavarian", sauspiel(laufende=15), "laufende"),
    case("laufende-solo-15", "bavarian", solo(laufende=15), "laufende"),
    case("laufende-wenz-5", "bavarian", solo(game="wenz", laufende=5), "laufende"),
    case("laufende-geier-5", "bavarian", solo(game="geier", laufende=5), "laufende"),
    case("laufende-farbwenz-12", "bavarian", solo(game="farbwenz", laufende=12), "laufende"),
    case("laufende-negative", "bavarian", sauspiel(laufende=-1), "laufende"),
    case("laufende-wenz-5-bavarian3", "bavarian3", solo(game="wenz", laufende=5), "laufende", rules={"laufende": True}),
    # schwarz against its points
    case("schwarz-with-100", "bavarian", sauspiel(points=100, schwarz=True), ("schwarz", "points")),
    case("schwarz-with-5", "bavarian", solo(points=5, schwarz=True), ("schwarz", "points")),
    case("schwarz-with-60-bavarian3", "bavarian3", solo(points=60, schwarz=True), ("schwarz", "points")),
    case("schwarz-with-23-pick", "sheepshead3", pick(points=23, schwarz=True), ("schwarz", "points")),
    case("schwarz-with-119-pick", "sheepshead3", pick(points=119, schwarz=True), ("schwarz", "points")),
    case("schwarz-with-5-german", "german", normal(points=5, schwarz=True), ("schwarz", "points")),
    case("schwarz-with-115-german", "german", normal(points=115, schwarz=True), ("schwarz", "points")),
    # ties that need a loser or a winner
    case("ramsch-tie-without-loser", "bavarian", ramsch((50, 50, 20, 0)), "loser"),
    case("ramsch-loser-not-most", "bavarian", ramsch((50, 50, 20, 0), loser="Chris"), "loser"),
    case("ramsch-loser-stranger", "bavarian", ramsch((50, 50, 20, 0), loser="Zoe"), "loser"),
    case("least-tie-without-winner", "sheepshead3", least((30, 30, 60)), "winner"),
    case("least-winner-not-tied", "sheepshead3", least((30, 30, 60), winner="Chris"), "winner"),
    case("least-all-forty-winner-not-dealer", "sheepshead3", least((40, 40, 40), winner="Anna"), "winner", before=0),
    # bids off the steps
    case("bid-62", "bavarian3", solo(bid=62), "bid"),
    case("bid-60", "bavarian3", solo(bid=60), "bid"),
    case("bid-66", "bavarian3", solo(bid=66), "bid"),
    case("bid-125", "bavarian3", solo(bid=125), "bid"),
    case("bid-0", "bavarian3", solo(bid=0), "bid"),
    case("bid-true", "bavarian3", solo(bid=True), "bid"),
    case("bid-70-point-0", "bavarian3", solo(bid=70.0), "bid"),
    # strict keys and types
    case("unknown-key-contr", "bavarian", sauspiel(contr=True), "contr"),
    case("unknown-key-laufend", "bavarian", sauspiel(laufend=3), "laufend"),
    case("points-text", "bavarian", sauspiel(points="72"), "points"),
    case("points-float", "bavarian", sauspiel(points=72.0), "points"),
    case("points-true", "bavarian", sauspiel(points=True), "points"),
    case("points-null", "bavarian", sauspiel(points=None), "points"),
    case("contra-one", "bavarian", sauspiel(contra=1), "contra"),
    case("contra-text", "bavarian", sauspiel(contra="yes"), "contra"),
    case("schwarz-text", "bavarian", sauspiel(points=120, schwarz="yes"), "schwarz"),
    case("doubles-true", "bavarian", sauspiel(doubles=True), "doubles"),
    case("doubles-float", "bavarian", sauspiel(doubles=1.5), "doubles"),
    case("doubles-negative", "bavarian", sauspiel(doubles=-1), "doubles"),
    case("doubles-more-than-players", "bavarian", sauspiel(doubles=5), "doubles"),
    case("doubles-more-than-active-players", "bavarian", sauspiel(doubles=5), "doubles", players=P5, before=0),
    case("points-huge", "bavarian", sauspiel(points=10**30), "points"),
    case("least-winner-without-tie-not-fewest", "sheepshead3", least((20, 40, 60), winner="Bene"), "winner"),
    case("laufende-true", "bavarian", sauspiel(laufende=True), "laufende"),
    case("declarer-number", "bavarian", solo(declarer=3), "declarer"),
    case("game-number", "bavarian", solo(game=5), "game"),
    case("dealer-stranger", "bavarian", solo(dealer="Zoe"), "dealer"),
    case("suit-unknown", "bavarian", solo(suit="trumpets"), "suit"),
    case("forced-one", "german", normal(forced=1), "forced"),
    case("hand-text", "bavarian3", solo(hand="yes"), "hand"),
    # known keys that do not apply
    case("tout-on-sauspiel", "bavarian", sauspiel(tout=True), "tout"),
    case("sie-on-sauspiel", "bavarian", sauspiel(sie=True), "sie"),
    case("tout-and-sie", "bavarian", solo(points=120, schwarz=True, tout=True, sie=True, laufende=8), ("tout", "sie")),
    case("partner-on-solo", "bavarian", solo(partner="Chris"), "partner"),
    case("bid-in-bavarian", "bavarian", solo(bid=65), "bid"),
    case("hand-in-bavarian", "bavarian", solo(hand=True), "hand"),
    case("forced-in-bavarian", "bavarian", solo(forced=True), "forced"),
    case("contra-on-ramsch", "bavarian", ramsch(contra=True), "contra"),
    case("declarer-on-ramsch", "bavarian", ramsch(declarer="Anna"), "declarer"),
    case("schwarz-on-ramsch", "bavarian", ramsch(schwarz=True), "schwarz"),
    case("winner-on-ramsch", "bavarian", ramsch(winner="Anna"), "winner"),
    case("laufende-on-ramsch", "bavarian", ramsch(laufende=3), "laufende"),
    case("contra-bavarian3-without-rule", "bavarian3", solo(contra=True), "contra"),
    case("laufende-bavarian3-without-rule", "bavarian3", solo(laufende=3), "laufende"),
    case("sie-in-bavarian3", "bavarian3", solo(points=120, schwarz=True, sie=True), "sie"),
    case("doubles-in-bavarian3", "bavarian3", solo(doubles=1), "doubles"),
    case("partner-in-bavarian3", "bavarian3", solo(partner="Bene"), "partner"),
    case("partner-on-pick", "sheepshead3", pick(partner="Bene"), "partner"),
    case("bid-on-pick", "sheepshead3", pick(bid=65), "bid"),
    case("hand-on-pick", "sheepshead3", pick(hand=True), "hand"),
    case("doubles-on-pick", "sheepshead3", pick(doubles=1), "doubles"),
    case("declarer-on-least", "sheepshead3", least(declarer="Anna"), "declarer"),
    case("loser-on-least", "sheepshead3", least(loser="Chris"), "loser"),
    case("doubles-in-german", "german", normal(doubles=1), "doubles"),
    case("bid-in-german", "german", normal(bid=65), "bid"),
    case("tout-in-german", "german", normal(tout=True), "tout"),
    case("forced-on-pick", "sheepshead3", pick(forced=True), "forced"),
]


def list_case(name, document, keys):
    if isinstance(keys, str):
        keys = (keys,)
    return pytest.param(document, keys, id=name)


def listing(family="bavarian", players=None, rules=None, **top):
    return {
        "rules": {"preset": family, **(rules or {})},
        "players": P4 if players is None else players,
        "deals": [GOOD[family]],
        **top,
    }


LIST_REJECTIONS = [
    list_case("bavarian-with-three", listing(players=P3), "players"),
    list_case("bavarian-with-six", listing(players=P5 + ["Fritz"]), "players"),
    list_case("bavarian3-with-four", listing("bavarian3", players=P4), "players"),
    list_case("sheepshead3-with-four", listing("sheepshead3", players=P4), "players"),
    list_case("sheepshead3-with-two", listing("sheepshead3", players=["Anna", "Bene"]), "players"),
    list_case("german-with-five", listing("german", players=P5), "players"),
    list_case("german-with-three", listing("german", players=P3), "players"),
    list_case("duplicate-player", listing(players=["Anna", "Bene", "Chris", "Anna"]), "players"),
    list_case("empty-player-name", listing(players=["Anna", "Bene", "Chris", ""]), "players"),
    list_case("blank-player-name", listing(players=["Anna", "Bene", "Chris", "   "]), "players"),
    list_case("number-as-player", listing(players=["Anna", "Bene", "Chris", 4]), "players"),
    list_case("players-not-a-list", listing(players="Anna, Bene, Chris, Dora"), "players"),
    list_case("first-dealer-stranger", listing(first_dealer="Zoe"), "first_dealer"),
    list_case("unknown-preset", listing(rules={"preset": "skat"}), "rules.preset"),
    list_case("tariff-text", listing(rules={"tariffs": {"sauspiel": "x"}}), "rules.tariffs.sauspiel"),
    list_case("tariff-true", listing(rules={"tariffs": {"sauspiel": True}}), "rules.tariffs.sauspiel"),
    list_case("tariff-float", listing(rules={"tariffs": {"sauspiel": 20.0}}), "rules.tariffs.sauspiel"),
    list_case("tariff-huge", listing(rules={"tariffs": {"sauspiel": 10**30}}), "rules.tariffs.sauspiel"),
    list_case("point-value-huge", listing(rules={"point_value": 10**30}), "rules.point_value"),
    list_case("tariff-negative", listing(rules={"tariffs": {"sauspiel": -20}}), "rules.tariffs.sauspiel"),
    list_case("tariff-unknown", listing(rules={"tariffs": {"bogus": 5}}), "rules.tariffs"),
    list_case("tariffs-not-object", listing(rules={"tariffs": 20}), "rules.tariffs"),
    list_case("laufende-from-zero", listing(rules={"laufende_from": {"wenz": 0}}), "rules.laufende_from"),
    list_case("laufende-from-beyond-trumps", listing(rules={"laufende_from": {"wenz": 5}}), "rules.laufende_from"),
    list_case("durchmarsch-low", listing(rules={"durchmarsch": 50}), "rules.durchmarsch"),
    list_case("durchmarsch-word", listing(rules={"durchmarsch": "half"}), "rules.durchmarsch"),
    list_case("durchmarsch-true", listing(rules={"durchmarsch": True}), "rules.durchmarsch"),
    list_case("virgin-unknown", listing(rules={"virgin": "some"}), "rules.virgin"),
    list_case("games-unknown", listing(rules={"games": ["skat"]}), "rules.games"),
    list_case("games-not-list", listing(rules={"games": "sauspiel"}), "rules.games"),
    list_case("schneider-loss-max-text", listing(rules={"schneider_loss_max": "30"}), "rules.schneider_loss_max"),
    list_case("schneider-loss-max-true", listing(rules={"schneider_loss_max": True}), "rules.schneider_loss_max"),
    list_case("point-value-negative", listing(rules={"point_value": -1}), "rules.point_value"),
    list_case("point-value-float", listing(rules={"point_value": 0.5}), "rules.point_value"),
    list_case("rules-key-misspelt", listing(rules={"tarifs": {"sauspiel": 10}}), "rules.tarifs"),
    list_case("german-solo-rule-text", listing("german", rules={"solo": "yes"}), "rules.solo"),
    list_case("bavarian3-contra-rule-one", listing("bavarian3", players=P3, rules={"contra": 1}), "rules.contra"),
    list_case("rules-missing", {"players": P4, "deals": []}, "rules"),
    list_case("preset-missing", {"rules": {}, "players": P4, "deals": []}, ("rules.preset", "rules")),
    list_case("players-missing", {"rules": {"preset": "bavarian"}, "deals": []}, "players"),
    list_case("deals-not-a-list", {"rules": {"preset": "bavarian"}, "players": P4, "deals": {}}, "deals"),
    list_case("top-level-key-misspelt", {"rules": {"preset": "bavarian"}, "players": P4, "deals": [], "dealz": []}, "dealz"),
]


def key_matches(actual, expected_keys):
    return any(actual == key or actual.startswith(key + ".") or actual.startswith(key + "[") for key in expected_keys)


def run_cli(text):
    return subprocess.run(
        [sys.executable, "-m", "scorer", "score", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize("document, number, keys", DEAL_REJECTIONS)
def test_the_engine_refuses_a_broken_deal_by_number_key_and_reason(document, number, keys):
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    error = caught.value
    assert error.deal == number
    assert key_matches(error.key, keys), error.key
    assert error.reason
    message = str(error)
    assert message.startswith(f"deal {number}: {error.key}: ")
    assert message.endswith(error.reason)
    assert "\n" not in message


LOAD_CHECKS = ("points-121", "re-without-contra", "tout-on-sauspiel", "bid-62", "game-not-in-games", "partner-is-declarer")


@pytest.mark.parametrize(
    "document, number, keys", [case for case in DEAL_REJECTIONS if case.id in LOAD_CHECKS]
)
def test_loading_a_list_alone_already_refuses_a_broken_deal(document, number, keys):
    with pytest.raises(ScoringError) as caught:
        load_list(document)
    assert caught.value.deal == number


@pytest.mark.parametrize("document, number, keys", DEAL_REJECTIONS)
def test_the_command_line_refuses_a_broken_deal_in_one_line_with_status_two(document, number, keys):
    finished = run_cli(json.dumps(document))
    stderr = finished.stderr.decode("utf-8")
    assert finished.returncode == 2
    assert finished.stdout == b""
    assert "Traceback" not in stderr
    lines = stderr.strip("\n").split("\n")
    assert len(lines) == 1, stderr
    assert lines[0].startswith(f"deal {number}: ")
    assert any(f"deal {number}: {key}" in lines[0] for key in keys)


@pytest.mark.parametrize("document, keys", LIST_REJECTIONS)
def test_the_engine_refuses_a_broken_list_by_key_and_reason(document, keys):
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    error = caught.value
    assert error.deal is None
    assert key_matches(error.key, keys), error.key
    assert error.reason
    assert str(error).startswith(f"{error.key}: ")
    assert "\n" not in str(error)


@pytest.mark.parametrize("document, keys", LIST_REJECTIONS)
def test_the_command_line_refuses_a_broken_list_in_one_line_with_status_two(document, keys):
    finished = run_cli(json.dumps(document))
    stderr = finished.stderr.decode("utf-8")
    assert finished.returncode == 2
    assert finished.stdout == b""
    assert "Traceback" not in stderr
    lines = stderr.strip("\n").split("\n")
    assert len(lines) == 1, stderr
    assert any(lines[0].startswith(key) for key in keys), lines[0]


def test_a_scoring_error_is_a_value_error():
    assert issubclass(ScoringError, ValueError)


def test_an_unknown_key_is_refused_with_a_hint_at_the_key_meant():
    document = listing()
    document["deals"] = [sauspiel(contr=True)]
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    assert caught.value.key == "contr"
    assert "contra" in caught.value.reason


def test_the_error_names_the_first_broken_deal_when_several_are_broken():
    document = listing()
    document["deals"] = [sauspiel(), sauspiel(points=130), sauspiel(points=140)]
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    assert caught.value.deal == 2


def test_the_points_message_of_the_format_names_the_number_given():
    document = listing()
    document["deals"] = [sauspiel(), sauspiel(), sauspiel(points=121)]
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    assert str(caught.value).startswith("deal 3: points: ")
    assert "121" in str(caught.value)


@pytest.mark.parametrize(
    "family, players, deal, anna",
    [
        ("bavarian", P4, sauspiel(tout=False, sie=False, bid=None, hand=False, forced=False), 20),
        ("bavarian", P4, solo(partner=None, hand=False, forced=False), 120),
        ("bavarian", P4, ramsch(contra=False, schwarz=False, laufende=0, doubles=0), 10),
        ("bavarian3", P3, solo(contra=False, laufende=0, doubles=0, sie=False), 80),
        ("sheepshead3", P3, pick(partner=None, hand=False, bid=None, doubles=0), 4),
        ("german", P4, normal(doubles=0, tout=False, hand=False, bid=None, partner="Chris"), 10),
    ],
)
def test_a_key_that_does_not_apply_is_accepted_with_its_neutral_value(family, players, deal, anna):
    document = {"rules": {"preset": family}, "players": players, "deals": [deal]}
    result = score_document(document)
    assert result["deals"][0]["payouts"]["Anna"] == anna


@pytest.mark.parametrize("bad", [5, "sauspiel", None, [], ["game", "passed"]])
def test_a_deal_that_is_not_an_object_is_refused_by_its_number(bad):
    document = listing()
    document["deals"] = [sauspiel(), bad]
    with pytest.raises(ScoringError) as caught:
        score_document(document)
    assert caught.value.deal == 2
    assert str(caught.value).startswith("deal 2: ")


def test_output_only_keys_are_accepted_on_input_and_ignored():
    document = listing(totals={"Anna": 999}, settlement=[], tally={}, title="Stammtisch")
    document["deals"] = [sauspiel(number=7, payouts={"Anna": 5})]
    result = score_document(document)
    assert result["deals"][0]["number"] == 1
    assert result["deals"][0]["payouts"]["Anna"] == 20
    assert result["totals"]["Anna"] == 20


@pytest.mark.parametrize(
    "players",
    [
        ["Anna", "Bene", "Chris", "D" * 41],
        [" Anna", "Bene", "Chris ", "Dora"],
        ["Anna", "Bene", "Chris", "Maximilian-Ferdinand von und zu Oberammergau"],
    ],
)
def test_any_distinct_non_empty_player_names_are_accepted_as_they_are(players):
    document = listing(players=players)
    document["deals"] = [{"game": "solo", "declarer": players[1], "points": 70}]
    result = score_document(document)
    assert list(result["totals"]) == players
    assert result["totals"][players[1]] == 120


def test_a_name_may_be_as_long_as_the_limit_and_no_longer():
    longest = "N" * MAX_NAME
    document = listing(players=["Anna", "Bene", "Chris", longest])
    assert list(score_document(document)["totals"])[-1] == longest
    with pytest.raises(ScoringError, match=f"longer than {MAX_NAME} characters") as refused:
        load_list(listing(players=["Anna", "Bene", "Chris", longest + "N"]))
    assert refused.value.key == "players"


@pytest.mark.parametrize(
    "twin",
    [
        "anna", "ANNA",  # case
        "\uff21nna",  # a full-width A: the same after NFKC
        "An\u200bna", "Anna\u200d",  # zero-width space and joiner
        "\u200eAnna", "Anna\u200f",  # direction marks
        " Anna", "Anna ", "An\u00adna",  # spaces around, a soft hyphen
    ],
)
def test_names_that_differ_only_by_case_normalization_or_invisible_marks_are_one_name(twin):
    with pytest.raises(ScoringError, match="names must differ") as refused:
        load_list(listing(players=["Anna", "Bene", "Chris", twin]))
    assert refused.value.key == "players"


@pytest.mark.parametrize(
    "bad", ["Do\x00ra", "Do\nra", "Do\x7fra", "Dora\ud800", "\u202eDora", "Do\u2066ra", "\u200b"]
)
def test_a_name_with_a_control_character_a_lone_surrogate_or_a_direction_override_is_refused(bad):
    with pytest.raises(ScoringError) as refused:
        load_list(listing(players=["Anna", "Bene", "Chris", bad]))
    assert refused.value.key == "players"
    assert "\n" not in refused.value.message
