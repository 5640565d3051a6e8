"""The carry folded through a list: adding deals one by one gives exactly the full replay.

Every rule that outlives a deal (Bock rounds, the Stock, the German heads,
the classic tally) is covered: a list picked up after any deal, from the
carry that deal recorded, scores the rest exactly as replaying it whole.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Replay, read_list
from scorer.engine.families import FAMILIES

PLAYERS = ["Anna", "Bene", "Chris", "Dora", "Emil"]
SETTINGS = settings(max_examples=150, deadline=None)
BOCK_EVENTS = ["passed", "sixty", "re", "schwarz", "durchmarsch"]


def split_120(draw, n):
    cuts = sorted(draw(st.lists(st.integers(0, 120), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, 120]
    return [b - a for a, b in zip(bounds, bounds[1:])]


def side_points(draw):
    points = draw(st.sampled_from([0, 30, 31, 59, 60, 61, 90, 91, 120]) | st.integers(0, 120))
    schwarz = points in (0, 120) and draw(st.booleans())
    return {"points": points, **({"schwarz": True} if schwarz else {})}


@st.composite
def bavarian_lists(draw):
    players = PLAYERS[: draw(st.sampled_from([4, 5]))]
    rules = {"preset": "bavarian", "games": [name for name in FAMILIES["bavarian"].games if name != "penalty"]}
    if draw(st.booleans()):
        rules["bock"] = {
            "after": draw(st.lists(st.sampled_from(BOCK_EVENTS), unique=True)),
            "deals": draw(st.one_of(st.none(), st.integers(1, 6))),
            "stack": draw(st.sampled_from(["queue", "double"])),
        }
    if draw(st.booleans()):
        rules["stock"] = {
            "won_by": draw(st.sampled_from(["sauspiel", "any"])),
            "double": draw(st.booleans()),
            **({"pay": draw(st.integers(0, 30))} if draw(st.booleans()) else {}),
        }
    dealers, deals = [], []
    at = len(players) - 1
    for _ in range(draw(st.integers(0, 14))):
        dealer = players[at % len(players)]
        at += 1
        active = [p for p in players if not (len(players) == 5 and p == dealer)]
        game = draw(st.sampled_from(["sauspiel", "sauspiel", "solo", "wenz", "hochzeit", "bettel", "farbgeier", "ramsch", "passed"]))
        deal = {"game": game}
        if game == "ramsch":
            deal["points"] = dict(zip(active, split_120(draw, 4)))
            most = max(deal["points"].values())
            tied = [p for p, v in deal["points"].items() if v == most]
            if len(tied) > 1:
                deal["loser"] = draw(st.sampled_from(tied))
        elif game == "bettel":
            deal.update(declarer=draw(st.sampled_from(active)), won=draw(st.booleans()), ouvert=draw(st.booleans()))
        elif game != "passed":
            deal.update(declarer=draw(st.sampled_from(active)), **side_points(draw))
            if game in ("sauspiel", "hochzeit"):
                deal["partner"] = draw(st.sampled_from([p for p in active if p != deal["declarer"]]))
            if draw(st.booleans()):
                deal.update(contra=True, re=draw(st.booleans()))
        if "bock" in rules and draw(st.integers(0, 5)) == 0:
            deal["bock"] = True
        deals.append(deal)
        dealers.append(dealer)
    return {"rules": rules, "players": players, "deals": deals}


@st.composite
def german_lists(draw):
    players = PLAYERS[:4]
    rules = {"preset": "german", "settle_per_head": draw(st.booleans())}
    deals = []
    for _ in range(draw(st.integers(0, 14))):
        if draw(st.integers(0, 6)) == 0:
            deals.append({"game": "passed"})
        else:
            deals.append({"game": "normal", "declarer": draw(st.sampled_from(players)), **side_points(draw)})
    return {"rules": rules, "players": players, "deals": deals}


@st.composite
def sheepshead3_lists(draw):
    players = PLAYERS[:3]
    rules = {"preset": "sheepshead3", "schwarz_by": draw(st.sampled_from(["tricks", "points"]))}
    deals = []
    for _ in range(draw(st.integers(0, 10))):
        if draw(st.booleans()):
            points = draw(st.integers(0, 120))
            deals.append({"game": "pick", "declarer": draw(st.sampled_from(players)), "points": points})
        else:
            points = dict(zip(players, split_120(draw, 3)))
            deal = {"game": "least", "points": points}
            fewest = min(points.values())
            tied = [p for p, v in points.items() if v == fewest]
            if 1 < len(tied) < 3 and max(points.values()) < 120:
                deal["winner"] = draw(st.sampled_from(tied))
            deals.append(deal)
    return {"rules": rules, "players": players, "deals": deals}


def assert_one_by_one_equals_the_whole(document, split):
    score_list = read_list(document)
    whole = score_list.replay()
    split = min(split, len(score_list.deals))
    first = Replay(score_list.rules, score_list.players, score_list.first_dealer)
    for deal in score_list.deals[:split]:
        first.add(deal)
    # Picked up as the app does: only the next dealer, the count and the carry.
    rest = Replay.resume(
        score_list.rules, score_list.players,
        next_dealer=first.next_dealer, played=split, carry=first.carry,
    )
    for deal in score_list.deals[split:]:
        rest.add(deal)
    assert tuple(first.results) + tuple(rest.results) == whole.deals
    assert rest.carry == whole.carry
    assert {who: first.totals[who] + rest.totals[who] for who in score_list.players} == dict(whole.totals)


def assert_adds_up_with_the_pot(document):
    whole = read_list(document).replay()
    pot = 0
    for result in whole.deals:
        assert sum(result.payouts.values()) + (result.carry.pot - pot) == 0
        pot = result.carry.pot
    assert sum(whole.totals.values()) == -whole.pot
    balances = dict(whole.balances)
    assert sum(balances.values()) == 0
    for transfer in whole.settlement:
        balances[transfer.payer] += transfer.amount
        balances[transfer.payee] -= transfer.amount
    assert set(balances.values()) <= {0}
    assert len(whole.settlement) <= len(document["players"]) - 1


@SETTINGS
@given(bavarian_lists(), st.integers(0, 14))
def test_a_bavarian_list_with_bock_and_stock_adds_one_by_one_as_it_replays(document, split):
    assert_one_by_one_equals_the_whole(document, split)


@SETTINGS
@given(bavarian_lists())
def test_payouts_plus_what_goes_into_the_pot_sum_to_zero_and_settle(document):
    assert_adds_up_with_the_pot(document)


@SETTINGS
@given(bavarian_lists())
def test_a_deal_under_bock_pays_a_power_of_two_of_what_it_would_pay_without(document):
    whole = read_list(document).replay()
    for result in whole.deals:
        assert result.under_bock in (None, 1, 2, 4, 8, 16, 32, 64)
        if "bock" not in document["rules"]:
            assert result.under_bock is None


@SETTINGS
@given(german_lists(), st.integers(0, 14))
def test_the_german_heads_add_one_by_one_as_they_replay(document, split):
    assert_one_by_one_equals_the_whole(document, split)


@SETTINGS
@given(sheepshead3_lists(), st.integers(0, 10))
def test_the_classic_tally_adds_one_by_one_as_it_replays(document, split):
    assert_one_by_one_equals_the_whole(document, split)
