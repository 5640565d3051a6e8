"""Invariants over random valid lists of every family, and random garbage that may only be refused."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import Carry, Replay, ScoringError, dealer_after, parse_document, read_list, score_document, settle
from scorer.engine.families import bavarian3, sheepshead

NAMES = ["Anna", "Bene", "Chris", "Dora", "Emil"]
MAX_LAUFENDE = {"sauspiel": 14, "solo": 14, "wenz": 4, "geier": 4, "farbwenz": 11}
BID_STEPS = [61] + list(range(65, 121, 5))

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def split_120(draw, count):
    """Card points of `count` players summing to the 120 in the pack."""
    cuts = sorted(draw(st.lists(st.integers(0, 120), min_size=count - 1, max_size=count - 1)))
    bounds = [0] + cuts + [120]
    return [bounds[i + 1] - bounds[i] for i in range(count)]


def rotation(draw, players, first_dealer, count, deal_for):
    """Build `count` deals, naming a dealer now and then, and return them with their dealers."""
    deals, dealers = [], []
    seat = players.index(first_dealer) - 1
    for _ in range(count):
        seat = (seat + 1) % len(players)
        named = draw(st.booleans()) and draw(st.booleans())
        if named:
            seat = draw(st.integers(0, len(players) - 1))
        deal = deal_for(draw, players[seat])
        if named:
            deal["dealer"] = players[seat]
        deals.append(deal)
        dealers.append(players[seat])
    return deals, dealers


def points_and_schwarz(draw, widow):
    points = draw(st.integers(0, 120))
    schwarz_possible = points == 120 or (points <= 22 if widow else points == 0)
    deal = {"points": points}
    if schwarz_possible and draw(st.booleans()):
        deal["schwarz"] = True
    return deal


@st.composite
def bavarian_documents(draw):
    players = NAMES[: draw(st.sampled_from([4, 5]))]
    games = draw(st.lists(st.sampled_from(list(MAX_LAUFENDE) + ["ramsch"]), min_size=1, unique=True))
    rules = {"preset": "bavarian", "games": games + ["passed"]}
    if draw(st.booleans()):
        rules["tariffs"] = draw(
            st.dictionaries(st.sampled_from(list(MAX_LAUFENDE) + ["schneider", "schwarz", "laufende", "ramsch"]), st.integers(0, 100))
        )
    if draw(st.booleans()):
        rules["durchmarsch"] = draw(st.one_of(st.integers(61, 120), st.just("all"), st.none()))
    if draw(st.booleans()):
        rules["virgin"] = draw(st.sampled_from(["own", "all"]))
    if draw(st.booleans()):
        rules["laufende_from"] = {game: draw(st.integers(1, top)) for game, top in MAX_LAUFENDE.items() if draw(st.booleans())}
    first_dealer = draw(st.sampled_from(players))

    def deal_for(draw, dealer):
        active = [p for p in players if not (len(players) == 5 and p == dealer)]
        game = draw(st.sampled_from(games + ["passed"]))
        if game == "passed":
            return {"game": "passed"}
        doubles = draw(st.integers(0, 4))
        if game == "ramsch":
            points = dict(zip(active, split_120(draw, 4)))
            deal = {"game": "ramsch", "points": points, "doubles": doubles}
            most = max(points.values())
            tied = [p for p, v in points.items() if v == most]
            if len(tied) > 1:
                deal["loser"] = draw(st.sampled_from(tied))
            return deal
        declarer = draw(st.sampled_from(active))
        deal = {"game": game, "declarer": declarer, **points_and_schwarz(draw, widow=False)}
        deal["laufende"] = draw(st.integers(0, MAX_LAUFENDE[game]))
        deal["doubles"] = doubles
        if draw(st.booleans()):
            deal["contra"] = True
            deal["re"] = draw(st.booleans())
        if game == "sauspiel":
            deal["partner"] = draw(st.sampled_from([p for p in active if p != declarer]))
        else:
            extra = draw(st.sampled_from(["none", "tout"] + (["sie"] if game == "solo" else [])))
            if extra != "none":
                deal[extra] = True
            if extra == "sie":  # a Sie can only be won: all eight, schwarz, 120
                deal.update(points=120, schwarz=True, laufende=draw(st.integers(8, 14)))
        return deal

    deals, dealers = rotation(draw, players, first_dealer, draw(st.integers(0, 8)), deal_for)
    document = {"rules": rules, "players": players, "first_dealer": first_dealer, "deals": deals}
    return document, dealers


#: The games bid for at a table of three.
BID_GAMES = [name for name, game in bavarian3.GAMES.items() if game.kind == "solo"]


@st.composite
def bavarian3_documents(draw):
    players = NAMES[:3]
    games = draw(st.lists(st.sampled_from(BID_GAMES), min_size=1, unique=True))
    contra, laufende = draw(st.booleans()), draw(st.booleans())
    rules = {"preset": "bavarian3", "games": games, "contra": contra, "laufende": laufende}
    if draw(st.booleans()):
        rules["tariffs"] = draw(st.dictionaries(st.sampled_from(["geier", "wenz", "solo", "schneider", "schwarz", "laufende"]), st.integers(0, 100)))
    first_dealer = draw(st.sampled_from(players))

    def deal_for(draw, dealer):
        game = draw(st.sampled_from(games + ["passed"]))
        if game == "passed":
            return {"game": "passed"}
        deal = {"game": game, "declarer": draw(st.sampled_from(players)), **points_and_schwarz(draw, widow=True)}
        if draw(st.booleans()):
            deal["bid"] = draw(st.sampled_from(BID_STEPS))
        deal["hand"] = draw(st.booleans())
        deal["tout"] = draw(st.booleans())
        if contra and draw(st.booleans()):
            deal["contra"] = True
            deal["re"] = draw(st.booleans())
        if laufende:
            deal["laufende"] = draw(st.integers(0, MAX_LAUFENDE[game]))
        return deal

    deals, dealers = rotation(draw, players, first_dealer, draw(st.integers(0, 8)), deal_for)
    return {"rules": rules, "players": players, "first_dealer": first_dealer, "deals": deals}, dealers


@st.composite
def sheepshead3_documents(draw):
    players = NAMES[:3]
    rules = {"preset": "sheepshead3", "schneider_loss_max": draw(st.sampled_from([30, 31]))}
    if draw(st.booleans()):
        rules["tariffs"] = draw(
            st.dictionaries(st.sampled_from(["game", "schneider", "schwarz", "least", "least_zero", "least_all"]), st.integers(0, 10))
        )
    first_dealer = draw(st.sampled_from(players))

    def deal_for(draw, dealer):
        game = draw(st.sampled_from(["pick", "pick", "least", "passed"]))
        if game == "passed":
            return {"game": "passed"}
        if game == "pick":
            return {"game": "pick", "declarer": draw(st.sampled_from(players)), **points_and_schwarz(draw, widow=True)}
        points = dict(zip(players, split_120(draw, 3)))
        deal = {"game": "least", "points": points}
        fewest = min(points.values())
        tied = [p for p, v in points.items() if v == fewest]
        if len(tied) == 2 and 120 not in points.values():
            deal["winner"] = draw(st.sampled_from(tied))
        return deal

    deals, dealers = rotation(draw, players, first_dealer, draw(st.integers(0, 8)), deal_for)
    return {"rules": rules, "players": players, "first_dealer": first_dealer, "deals": deals}, dealers


@st.composite
def german_documents(draw):
    players = NAMES[:4]
    solo = draw(st.booleans())
    rules = {"preset": "german", "solo": solo, "tariffs": {"game_point": draw(st.integers(0, 50))}}
    first_dealer = draw(st.sampled_from(players))

    def deal_for(draw, dealer):
        game = draw(st.sampled_from(["normal", "normal", "passed"] + (["solo"] if solo else [])))
        if game == "passed":
            return {"game": "passed"}
        deal = {"game": game, "declarer": draw(st.sampled_from(players)), **points_and_schwarz(draw, widow=False)}
        if game == "normal":
            deal["forced"] = draw(st.booleans())
        return deal

    deals, dealers = rotation(draw, players, first_dealer, draw(st.integers(0, 10)), deal_for)
    return {"rules": rules, "players": players, "first_dealer": first_dealer, "deals": deals}, dealers


def assert_adds_up(document, dealers):
    players = document["players"]
    result = score_document(document)
    assert len(result["deals"]) == len(document["deals"])
    columns = {name: 0 for name in players}
    for number, (deal, dealer) in enumerate(zip(result["deals"], dealers), start=1):
        assert deal["number"] == number
        assert deal["dealer"] == dealer
        payouts = deal["payouts"]
        assert set(payouts) == set(players)
        assert all(type(value) is int for value in payouts.values())
        assert sum(payouts.values()) == 0
        if len(players) == 5:
            assert payouts[dealer] == 0
        for name in players:
            columns[name] += payouts[name]
    assert result["totals"] == columns
    assert sum(result["totals"].values()) == 0
    assert_settles(result["totals"], result["settlement"])
    return result


def assert_settles(totals, settlement):
    balances = dict(totals)
    assert len(settlement) <= len(totals) - 1
    for transfer in settlement:
        assert transfer["from"] != transfer["to"]
        assert type(transfer["amount"]) is int and transfer["amount"] > 0
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert set(balances.values()) <= {0}


@SETTINGS
@given(bavarian_documents())
def test_every_bavarian_list_adds_up_to_zero_and_settles(case):
    assert_adds_up(*case)


@SETTINGS
@given(bavarian3_documents())
def test_every_list_for_three_adds_up_to_zero_and_settles(case):
    assert_adds_up(*case)


@SETTINGS
@given(sheepshead3_documents())
def test_every_sheepshead_list_adds_up_and_matches_three_times_its_classic_tally(case):
    document, dealers = case
    result = assert_adds_up(document, dealers)
    classic = result["tally"]["classic"]
    assert result["totals"] == {name: 3 * classic[name] - sum(classic.values()) for name in document["players"]}


@SETTINGS
@given(german_documents())
def test_every_german_list_adds_up_and_pays_the_teams_strokes(case):
    document, dealers = case
    result = assert_adds_up(document, dealers)
    teams = result["tally"]["teams"]
    assert [team["players"] for team in teams] == [["Anna", "Chris"], ["Bene", "Dora"]]
    # Each normal deal's payouts say which team won how many game points;
    # counting strokes from them, a completed head starts both teams again.
    game_point = document["rules"]["tariffs"]["game_point"]
    running, heads = [0, 0], [0, 0]
    for deal, scored in zip(document["deals"], result["deals"]):
        if deal["game"] != "normal" or not game_point:
            continue
        anna = scored["payouts"]["Anna"]
        team = 0 if anna > 0 else 1
        running[team] += abs(anna) // game_point
        if running[team] >= 9:
            heads[team] += 1
            running = [0, 0]
    if game_point:
        assert [(t["strokes"], t["heads"]) for t in teams] == list(zip(running, heads))
    for team in teams:
        assert 0 <= team["strokes"] < 9


@SETTINGS
@given(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=7))
def test_settle_clears_any_zero_sum_balances_in_at_most_players_minus_one_transfers(amounts):
    amounts = amounts + [-sum(amounts)]
    balances = {f"P{i}": amount for i, amount in enumerate(amounts)}
    transfers = settle(balances)
    assert_settles(balances, [transfer.to_dict() for transfer in transfers])


def json_values(max_leaves=25):
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=10),
        st.sampled_from(NAMES + ["sauspiel", "solo", "ramsch", "pick", "least", "normal", "passed", "bavarian", "german"]),
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(st.lists(children, max_size=5), st.dictionaries(st.text(max_size=8), children, max_size=5)),
        max_leaves=max_leaves,
    )


def only_refused_or_scored(document):
    try:
        result = score_document(document)
    except ScoringError as error:
        assert str(error)
        assert "\n" not in str(error)
        return None
    return result


@SETTINGS
@given(json_values())
def test_any_json_value_is_either_scored_or_refused_as_a_scoring_error(value):
    only_refused_or_scored(value)
    try:
        parsed = parse_document(json.dumps(value))
    except ScoringError:
        return
    only_refused_or_scored(parsed)


@SETTINGS
@given(st.binary(max_size=200))
def test_any_bytes_are_either_parsed_or_refused_as_a_scoring_error(data):
    try:
        parsed = parse_document(data)
    except ScoringError:
        return
    only_refused_or_scored(parsed)


KNOWN_KEYS = [
    "rules", "players", "deals", "first_dealer", "preset", "tariffs", "laufende_from", "games", "schneider_loss_max",
    "durchmarsch", "virgin", "contra", "laufende", "solo", "point_value", "game", "declarer", "partner", "called_ace",
    "suit", "points", "schwarz", "re", "tout", "sie", "hand", "doubles", "bid", "forced", "loser", "winner", "dealer",
    "settle_per_head", "sauspiel", "wenz", "ramsch", "game_point", "head", "least",
]


@st.composite
def mutated_documents(draw):
    family = draw(st.sampled_from([bavarian_documents(), bavarian3_documents(), sheepshead3_documents(), german_documents(), sheepshead_documents()]))
    document, _ = draw(family)
    document = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 4))):
        places = [document]
        for key in ("rules", "deals"):
            value = document.get(key)
            if isinstance(value, dict):
                places += [value] + [inner for inner in value.values() if isinstance(inner, dict)]
            elif isinstance(value, list):
                for deal in value:
                    if isinstance(deal, dict):
                        places += [deal] + [inner for inner in deal.values() if isinstance(inner, dict)]
        place = draw(st.sampled_from(places))
        if place and draw(st.booleans()):
            del place[draw(st.sampled_from(sorted(place)))]
        else:
            key = draw(st.one_of(st.sampled_from(KNOWN_KEYS + NAMES), st.text(max_size=8)))
            place[key] = draw(json_values(max_leaves=6))
    return document


@SETTINGS
@given(mutated_documents())
def test_a_valid_list_with_random_keys_mixed_in_is_either_scored_consistently_or_refused(document):
    result = only_refused_or_scored(document)
    if result is None:
        return
    for deal in result["deals"]:
        assert sum(deal["payouts"].values()) == 0
    assert sum(result["totals"].values()) == 0
    assert_settles(result["totals"], result["settlement"])


# -- American Sheepshead: four to six, the dealer of six sitting out; a doubler carried on



@st.composite
def sheepshead_documents(draw):
    players = (NAMES + ["Fritz"])[: draw(st.sampled_from([4, 5, 6]))]
    no_pick = draw(st.sampled_from(sheepshead.NO_PICK))
    rules = {
        "preset": "sheepshead",
        "no_pick": no_pick,
        "doubler_stack": draw(st.sampled_from(["queue", "multiply"])),
        "double_on_bump": draw(st.booleans()),
        "partner_off_hook": draw(st.booleans()),
        "max_multiplier": draw(st.one_of(st.none(), st.integers(1, 64))),
        "schneider_loss_max": draw(st.sampled_from([29, 30, 31])),
        "tariffs": {"leaster": draw(st.integers(0, 5)), "moster": draw(st.integers(0, 5))},
    }
    compulsory_pick = draw(st.booleans()) and draw(st.booleans())
    if compulsory_pick:
        rules["games"] = ["pick"]
    first_dealer = draw(st.sampled_from(players))

    def deal_for(draw, dealer):
        active = [p for p in players if not (len(players) == 6 and p == dealer)]
        game = "pick" if compulsory_pick else draw(st.sampled_from(["pick", "pick", no_pick]))
        if game == "doubler":
            return {"game": "doubler"}
        if game == "pick":
            picker = draw(st.sampled_from(active))
            deal = {"game": "pick", "declarer": picker, **points_and_schwarz(draw, widow=True)}
            partner = draw(st.sampled_from([None] + [p for p in active if p != picker]))
            if partner is not None:
                deal["partner"] = partner
            deal["crack"] = draw(st.booleans())
            deal["recrack"] = deal["crack"] and draw(st.booleans())
            deal["blitz"] = draw(st.integers(0, 2))
            return deal
        points = dict(zip(active, split_120(draw, len(active))))
        deal = {"game": game, "points": points}
        if game == "moster":
            most = max(points.values())
            tied = [p for p in active if points[p] == most]
            if len(tied) > 1:
                deal["loser"] = draw(st.sampled_from(tied))
            return deal
        deal["no_trick"] = [p for p in active if points[p] == 0 and draw(st.booleans())]
        takers = [p for p in active if p not in deal["no_trick"]]
        fewest = min(points[p] for p in takers)
        tied = [p for p in takers if points[p] == fewest]
        if len(tied) > 1:
            deal["winner"] = draw(st.sampled_from(tied))
        return deal

    deals, dealers = rotation(draw, players, first_dealer, draw(st.integers(0, 10)), deal_for)
    return {"rules": rules, "players": players, "first_dealer": first_dealer, "deals": deals}, dealers


@SETTINGS
@given(sheepshead_documents())
def test_every_american_sheepshead_list_adds_up_to_zero_and_settles(case):
    document, dealers = case
    players = document["players"]
    result = score_document(document)
    assert [(deal["number"], deal["dealer"]) for deal in result["deals"]] == list(enumerate(dealers, start=1))
    for deal in result["deals"]:
        payouts = deal["payouts"]
        assert list(payouts) == players
        assert all(type(value) is int for value in payouts.values())
        assert sum(payouts.values()) == 0
        if len(players) == 6:
            assert payouts[deal["dealer"]] == 0
    assert result["totals"] == {name: sum(deal["payouts"][name] for deal in result["deals"]) for name in players}
    assert_settles(result["totals"], result["settlement"])


@SETTINGS
@given(sheepshead_documents())
def test_an_american_sheepshead_list_resumed_after_any_deal_scores_like_the_whole_list(case):
    document, _ = case
    score_list = read_list(document)
    full = score_list.replay()
    for played in range(len(score_list.deals) + 1):
        done = full.deals[:played]
        replay = Replay.resume(
            score_list.rules, score_list.players,
            next_dealer=dealer_after(score_list.players, score_list.first_dealer, [d.deal.dealer for d in done]),
            played=played, carry=done[-1].carry if done else Carry(),
        )
        for deal in score_list.deals[played:]:
            replay.add(deal)
        assert tuple(replay.results) == full.deals[played:]
        assert replay.result().carry == full.carry
        assert {who: sum(d.payouts[who] for d in done) + replay.totals[who] for who in full.players} == full.totals
