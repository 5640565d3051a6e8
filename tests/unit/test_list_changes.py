"""A list that changes on the way: players join and leave, seats change, rules change from deal N."""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import ScoringError, load_list, read_list, rename_player, score_document

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
FOUR = ["Anna", "Bene", "Chris", "Dora"]
SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 75}


def document(deals, changes=None, **more):
    out = {"rules": {"preset": "bavarian"}, "players": list(FOUR), "deals": deals, **more}
    if changes is not None:
        out["changes"] = changes
    return out


def payouts(result):
    return [deal["payouts"] for deal in result["deals"]]


def test_a_list_without_changes_scores_exactly_as_before_and_writes_no_changes_key():
    plain = document([SAUSPIEL, SOLO, SAUSPIEL])
    assert score_document(plain) == score_document({**plain, "changes": []})
    assert "changes" not in read_list(plain).to_document()


def test_a_tariff_changed_from_deal_3_leaves_deals_1_and_2_as_they_were():
    before = score_document(document([SOLO, SOLO, SOLO]))
    after = score_document(document([SOLO, SOLO, SOLO], [{"from": 3, "rules": {"tariffs": {"solo": 100}}}]))
    assert payouts(after)[:2] == payouts(before)[:2] == [{"Anna": -40, "Bene": 120, "Chris": -40, "Dora": -40}] * 2
    assert payouts(after)[2] == {"Anna": -100, "Bene": 300, "Chris": -100, "Dora": -100}
    assert after["totals"] == {"Anna": -180, "Bene": 540, "Chris": -180, "Dora": -180}


def test_changed_rules_merge_tariffs_key_by_key_and_later_changes_build_on_earlier_ones():
    changes = [{"from": 2, "rules": {"tariffs": {"solo": 60}}}, {"from": 3, "rules": {"tariffs": {"sauspiel": 30}}}]
    score_list = read_list(document([SOLO, SOLO, SOLO, SAUSPIEL], changes))
    result = score_list.replay()
    assert [d.rules.tariffs["solo"] for d in result.deals] == [40, 60, 60, 60]
    assert [d.rules.tariffs["sauspiel"] for d in result.deals] == [20, 20, 30, 30]
    assert score_list.to_document()["changes"] == changes


def test_a_fifth_player_joins_starts_at_zero_and_the_dealer_sits_out_from_then_on():
    changes = [{"from": 3, "players": FOUR + ["Emil"]}]
    deals = [SAUSPIEL, SAUSPIEL, SAUSPIEL, {"game": "solo", "declarer": "Emil", "points": 80}]
    result = score_document(document(deals, changes))
    # Dora dealt deal 1, Anna deal 2, Bene deal 3 (sitting out), Chris deal 4 (sitting out).
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Anna", "Bene", "Chris"]
    assert payouts(result)[0] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20, "Emil": 0}
    assert payouts(result)[2] == {"Anna": 20, "Bene": 0, "Chris": 20, "Dora": -20, "Emil": -20}
    assert payouts(result)[3] == {"Anna": -40, "Bene": -40, "Chris": 0, "Dora": -40, "Emil": 120}
    assert sum(result["totals"].values()) == 0
    assert set(result["totals"]) == set(FOUR) | {"Emil"}


def test_a_player_who_leaves_keeps_the_total_and_is_settled_with():
    changes = [{"from": 3, "players": ["Anna", "Bene", "Chris", "Emil"]}]
    deals = [SOLO, SOLO, {"game": "solo", "declarer": "Emil", "points": 80}]
    result = score_document(document(deals, changes))
    assert result["totals"] == {"Anna": -120, "Bene": 200, "Chris": -120, "Dora": -80, "Emil": 120}
    paid = {who: 0 for who in result["totals"]}
    for transfer in result["settlement"]:
        paid[transfer["from"]] += transfer["amount"]
        paid[transfer["to"]] -= transfer["amount"]
    assert all(result["totals"][who] + paid[who] == 0 for who in paid)
    assert any(t["from"] == "Dora" for t in result["settlement"])


def test_a_player_who_left_cannot_play_after_leaving():
    changes = [{"from": 2, "players": ["Anna", "Bene", "Chris", "Emil"]}]
    with pytest.raises(ScoringError) as error:
        load_list(document([SOLO, {"game": "solo", "declarer": "Dora", "points": 80}], changes))
    assert error.value.deal == 2 and error.value.key == "declarer"


def test_the_dealer_rotation_follows_the_new_seating():
    # Dora deals deal 1; from deal 2 the seating is Anna, Chris, Bene, Dora: after Dora comes Anna, then Chris.
    changes = [{"from": 2, "players": ["Anna", "Chris", "Bene", "Dora"]}]
    result = score_document(document([SOLO] * 4, changes))
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Anna", "Chris", "Bene"]


def test_when_the_last_dealer_leaves_the_next_one_still_seated_deals():
    changes = [{"from": 2, "players": ["Anna", "Bene", "Chris", "Emil"]}]
    result = score_document(document([SOLO, SOLO], changes))
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Anna"]


def test_a_change_may_name_who_deals_next_and_the_result_knows_the_next_dealer():
    score_list = read_list(document([SOLO, SOLO], [{"from": 3, "first_dealer": "Chris"}]))
    result = score_list.replay()
    assert result.next_dealer == "Chris"
    assert [d.dealer for d in score_list.replay([SOLO_DEAL()]).deals] == ["Dora", "Anna", "Chris"]


def SOLO_DEAL():
    from scorer.engine import parse_deal
    return parse_deal(SOLO, 3)


@pytest.mark.parametrize(
    ("changes", "deal", "key", "words"),
    [
        ([{"from": 5, "first_dealer": "Anna"}], 5, "changes.from", "no deal 5 yet"),
        ([{"from": 2, "players": ["Anna", "Bene", "Chris"]}], 2, "changes.players", "4 or 5 players, not 3"),
        ([{"from": 2, "rules": {"tarifs": {}}}], 2, "changes.rules.tarifs", "did you mean tariffs"),
        ([{"from": 2, "rules": {"preset": "german"}}], 2, "changes.rules.preset", "cannot change"),
        ([{"from": 2, "first_dealer": "Emil"}], 2, "changes.first_dealer", "not a player"),
        ([{"from": 3, "first_dealer": "Anna"}, {"from": 2, "first_dealer": "Bene"}], 2, "changes.from",
         "does not come after"),
        ([{"from": 2, "who": 1}], 2, "changes.who", "not a key"),
        # A change that sets nothing: no key, keys set to null, no rule, only the family it keeps.
        ([{"from": 2}], 2, "changes", "sets nothing"),
        ([{"from": 2, "first_dealer": "Bene"}, {"from": 3}], 3, "changes", "sets nothing"),
        ([{"from": 4, "players": None, "rules": None, "first_dealer": None}], 4, "changes", "sets nothing"),
        ([{"from": 2, "rules": {}}], 2, "changes", "sets nothing"),
        ([{"from": 2, "rules": {"preset": "bavarian"}}], 2, "changes", "sets nothing"),
    ],
)
def test_a_change_that_cannot_be_is_refused_naming_its_deal_and_key(changes, deal, key, words):
    with pytest.raises(ScoringError) as error:
        load_list(document([SOLO, SOLO, SOLO], changes))
    assert (error.value.deal, error.value.key) == (deal, key)
    assert words in error.value.reason


def test_a_change_that_sets_only_an_empty_rules_object_beside_a_seating_is_kept():
    changes = [{"from": 2, "players": ["Bene", "Anna", "Chris", "Dora"], "rules": {}}]
    assert read_list(document([SOLO, SOLO], changes)).to_document()["changes"] == changes


def test_players_cannot_change_while_the_pot_holds_something():
    rules = {"preset": "bavarian", "stock": {"pay": 10}}
    doc = {"rules": rules, "players": FOUR, "deals": [{"game": "passed"}, SAUSPIEL],
           "changes": [{"from": 2, "players": FOUR + ["Emil"]}]}
    with pytest.raises(ScoringError) as error:
        load_list(doc)
    assert error.value.key == "changes.players" and "pot" in error.value.reason
    # Once a game has taken the pot, Emil may join.
    doc["changes"] = [{"from": 3, "players": FOUR + ["Emil"]}]
    assert sum(score_document(doc)["totals"].values()) == 0


def test_bock_rounds_go_on_across_a_change_of_players_and_cannot_be_switched_off_while_running():
    rules = {"preset": "bavarian", "bock": {"after": ["passed"], "deals": 2}}
    chris = {"game": "solo", "declarer": "Chris", "points": 75}
    deals = [{"game": "passed"}, chris, chris, chris]
    doc = {"rules": rules, "players": FOUR, "deals": deals, "changes": [{"from": 2, "players": FOUR + ["Emil"]}]}
    result = score_document(doc)
    assert [d["bock"] for d in result["deals"]] == [1, 2, 2, 1]
    doc["changes"] = [{"from": 2, "rules": {"bock": None}}]
    with pytest.raises(ScoringError) as error:
        load_list(doc)
    assert error.value.key == "changes.rules.bock" and error.value.deal == 2


def test_a_rename_follows_every_deal_the_seating_and_the_changes():
    doc = document(
        [SAUSPIEL, {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}},
         {"game": "passed", "dealer": "Anna"}],
        [{"from": 3, "players": ["Bene", "Anna", "Chris", "Dora"], "first_dealer": "Anna"}],
        first_dealer="Anna",
    )
    renamed = rename_player(doc, "Anna", "Anne")
    text = json.dumps(renamed)
    assert "Anna" not in text
    before, after = score_document(doc), score_document(renamed)
    assert after["totals"] == {("Anne" if who == "Anna" else who): v for who, v in before["totals"].items()}


@st.composite
def changing_lists(draw):
    """Bavarian lists of solos and passed hands with random changes of seats, players and tariffs."""
    pool = FOUR + ["Emil", "Fritz"]
    count = draw(st.integers(1, 12))
    seating = list(FOUR)
    seatings, changes, deals = [], [], []
    for number in range(1, count + 1):
        if number > 1 and draw(st.integers(0, 3)) == 0:
            change = {"from": number}
            if draw(st.booleans()):
                size = draw(st.sampled_from([4, 5]))
                seating = draw(st.permutations(pool))[:size]
                change["players"] = list(seating)
            if draw(st.booleans()):
                change["rules"] = {"tariffs": {"solo": draw(st.integers(0, 100))}}
            if len(change) > 1:  # a change that sets nothing is refused
                changes.append(change)
        seatings.append(list(seating))
        declarer = draw(st.sampled_from(seating))
        deals.append({"game": "solo", "declarer": declarer, "points": draw(st.integers(0, 120))}
                     if draw(st.integers(0, 4)) else {"game": "passed"})
    return document(deals, changes), seatings


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changing_lists())
def test_a_changing_list_adds_up_and_scores_each_deal_as_its_prefix_does(case):
    doc, seatings = case
    try:
        full = read_list(doc).replay()
    except ScoringError as error:
        # Only a five-player table may refuse: its dealer sits out and cannot declare.
        assert error.key == "declarer" and "sits out" in error.reason
        return
    assert sum(full.totals.values()) == 0
    for number, deal in enumerate(full.deals, start=1):
        assert sum(deal.payouts.values()) == 0
        assert set(deal.payouts) == set(full.players)
        assert deal.dealer in seatings[number - 1]
        # Replaying the list up to this deal, incrementally, gives the same deal.
        prefix = {**doc, "deals": doc["deals"][:number],
                  "changes": [c for c in doc.get("changes", []) if c["from"] <= number + 1]}
        assert read_list(prefix).replay().deals[number - 1].payouts == {
            who: v for who, v in deal.payouts.items() if who in prefix_players(prefix)}


def prefix_players(prefix):
    seen = list(prefix["players"])
    for change in prefix.get("changes", []):
        seen += [who for who in change.get("players", []) if who not in seen]
    return seen


def test_the_command_line_honours_the_changes():
    doc = document([SOLO, SOLO], [{"from": 2, "players": FOUR + ["Emil"], "rules": {"tariffs": {"solo": 50}}}])
    finished = subprocess.run([sys.executable, "-m", "scorer", "score", "-"], input=json.dumps(doc).encode(),
                              capture_output=True, cwd=ROOT, timeout=60)
    assert finished.returncode == 0, finished.stderr
    result = json.loads(finished.stdout)
    assert payouts(result) == [{"Anna": -40, "Bene": 120, "Chris": -40, "Dora": -40, "Emil": 0},
                               # Emil sits after Dora, who dealt deal 1: he deals deal 2 and sits out.
                               {"Anna": -50, "Bene": 150, "Chris": -50, "Dora": -50, "Emil": 0}]
    assert [d["dealer"] for d in result["deals"]] == ["Dora", "Emil"]


def test_the_command_line_refuses_a_change_beyond_the_next_deal_in_one_line():
    doc = document([SOLO], [{"from": 4, "players": FOUR + ["Emil"]}])
    finished = subprocess.run([sys.executable, "-m", "scorer", "score", "-"], input=json.dumps(doc).encode(),
                              capture_output=True, cwd=ROOT, timeout=60)
    assert finished.returncode == 2 and finished.stdout == b""
    assert finished.stderr.decode() == "deal 4: changes.from: there is no deal 4 yet: a change applies at the latest from the next deal, 2\n"


def test_a_deal_taken_out_moves_later_changes_back_and_merges_two_that_meet():
    from scorer.engine.changes import shift_changes
    changes = [{"from": 3, "rules": {"tariffs": {"solo": 60}}},
               {"from": 4, "rules": {"tariffs": {"sauspiel": 30}}, "players": FOUR + ["Emil"]}]
    assert shift_changes(changes, 3, -1) == [
        {"from": 3, "rules": {"tariffs": {"solo": 60, "sauspiel": 30}}, "players": FOUR + ["Emil"]}]
    assert shift_changes(changes, 1, -1) == [{**changes[0], "from": 2}, {**changes[1], "from": 3}]
    assert shift_changes(changes, 5, -1) == changes
    # A deal put back goes in front of the changes at its place.
    assert shift_changes([{"from": 3, "first_dealer": "Anna"}], 3, +1) == [{"from": 4, "first_dealer": "Anna"}]
    assert shift_changes(None, 1, -1) is None


def test_the_statistics_count_a_deal_only_for_those_at_the_table_then():
    from scorer.engine.statistics import statistics
    changes = [{"from": 2, "players": ["Anna", "Bene", "Chris", "Emil"]}]
    stats = statistics(read_list(document([SOLO, SOLO, SOLO], changes)).replay())
    assert (stats["Dora"].played, stats["Emil"].played, stats["Anna"].played) == (1, 2, 3)


def test_german_seats_change_between_heads_but_not_while_a_head_is_being_played():
    german = {"rules": {"preset": "german"}, "players": FOUR}
    normal = {"game": "normal", "declarer": "Anna", "points": 70}
    doc = {**german, "deals": [normal, normal], "changes": [{"from": 2, "players": ["Anna", "Bene", "Chris", "Emil"]}]}
    with pytest.raises(ScoringError) as error:
        load_list(doc)
    assert error.value.key == "changes.players" and "tally" in error.value.reason
    # A three-hand classic list keeps its players once anyone has victory points.
    classic = {"rules": {"preset": "sheepshead3"}, "players": ["Anna", "Bene", "Chris"],
               "deals": [{"game": "pick", "declarer": "Anna", "points": 70}, {"game": "pick", "declarer": "Anna", "points": 70}],
               "changes": [{"from": 2, "players": ["Anna", "Bene", "Dora"]}]}
    with pytest.raises(ScoringError):
        load_list(classic)
    # Before any deal the seats may change freely.
    assert load_list({**classic, "deals": classic["deals"][:0], "changes": [{"from": 1, "players": ["Anna", "Bene", "Dora"]}]})


def test_german_seats_change_once_a_head_is_completed_its_heads_staying_settled():
    from scorer.engine.families.german import FAMILY

    assert FAMILY.settled == {"heads1", "heads2"}
    schwarz = {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True}
    doc = {"rules": {"preset": "german"}, "players": FOUR, "deals": [schwarz, schwarz],
           "changes": [{"from": 2, "players": ["Anna", "Bene", "Chris", "Emil"]}]}
    result = load_list(doc).replay()
    assert result.carry.tally["heads1"] == 2
    assert "Emil" in result.totals
