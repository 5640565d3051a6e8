"""American (Wisconsin) Sheepshead for four to six, scored by hand from RULES.md."""

import json

import pytest

from scorer.engine import Carry, Deal, ScoringError, Table, parse_rules, score_deal, score_document
from tests.unit.test_cli import assert_refused_in_one_line, score_text

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = FOUR + ["Emil"]
SIX = FIVE + ["Fritz"]


def score(deals, rules=None, players=FIVE, **top):
    document = {"rules": {"preset": "sheepshead", **(rules or {})}, "players": players, "deals": deals, **top}
    return score_document(document)


def payouts(deals, rules=None, players=FIVE, **top):
    """Every deal's payouts, in seating order."""
    result = score(deals, rules, players, **top)
    for deal in result["deals"]:
        assert set(deal["payouts"]) == set(players)
        assert sum(deal["payouts"].values()) == 0
    return [tuple(deal["payouts"][name] for name in players) for deal in result["deals"]]


def payouts_of_one(deal, rules=None, players=FIVE, **top):
    return payouts([deal], rules, players, **top)[0]


def refusal(deals, rules=None, players=FIVE, **top):
    with pytest.raises(ScoringError) as refused:
        score(deals, rules, players, **top)
    return refused.value


def pick(points, partner="Bene", **more):
    """Anna picks, Bene holds the called ace (partner=None: Anna plays alone)."""
    deal = {"game": "pick", "declarer": "Anna", "points": points, **more}
    if partner is not None:
        deal["partner"] = partner
    return deal


def alone(points, **more):
    return pick(points, partner=None, **more)


def per_player(game, points, players=FIVE, **more):
    return {"game": game, "points": dict(zip(players, points)), **more}


def leaster(points, players=FIVE, **more):
    return per_player("leaster", points, players, **more)


def moster(points, players=FIVE, **more):
    return per_player("moster", points, players, **more)


DOUBLER = {"game": "doubler"}


def side(picker, partner, defender):
    """Five players: Anna picks, Bene is her partner, Chris, Dora and Emil defend."""
    return (picker, partner, defender, defender, defender)


# ------------------------------------------------------------ the worked examples

WORKED = [
    pytest.param(pick(67), {}, side(2, 1, -1), id="67"),
    pytest.param(pick(96), {}, side(4, 2, -2), id="96"),
    pytest.param(pick(120, schwarz=True), {}, side(6, 3, -3), id="every-trick"),
    pytest.param(pick(50), {}, side(-4, -2, 2), id="50-bump"),
    pytest.param(pick(25), {}, side(-8, -4, 4), id="25-bump"),
    pytest.param(pick(0, schwarz=True), {"partner_off_hook": True}, side(-18, 0, 6), id="no-trick-off-the-hook"),
    pytest.param(alone(70), {}, (4, -1, -1, -1, -1), id="alone-70"),
    pytest.param(pick(70, crack=True, recrack=True), {}, side(8, 4, -4), id="crack-recrack-70"),
    pytest.param(leaster((10, 20, 30, 30, 30)), {}, (4, -1, -1, -1, -1), id="leaster"),
]


@pytest.mark.parametrize("deal, rules, expected", WORKED)
def test_every_worked_example_of_the_rules_is_scored_by_the_engine(deal, rules, expected):
    assert payouts_of_one(deal, rules) == expected


def test_the_worked_examples_are_scored_on_the_command_line():
    document = {
        "rules": {"preset": "sheepshead", "partner_off_hook": True},
        "players": FIVE,
        "deals": [param.values[0] for param in WORKED],
    }
    finished = score_text(json.dumps(document))
    assert finished.returncode == 0, finished.stderr
    result = json.loads(finished.stdout)
    assert [tuple(d["payouts"][name] for name in FIVE) for d in result["deals"]] == [param.values[2] for param in WORKED]
    assert [d["dealer"] for d in result["deals"]] == (FIVE[-1:] + FIVE * 2)[: len(WORKED)]
    assert result["totals"] == {
        name: sum(param.values[2][seat] for param in WORKED) for seat, name in enumerate(FIVE)
    }
    assert len(result["settlement"]) <= len(FIVE) - 1


def test_a_list_without_a_partner_off_the_hook_scores_the_no_trick_bump_in_full_on_the_command_line():
    document = {"rules": {"preset": "sheepshead"}, "players": FIVE, "deals": [pick(0, schwarz=True)]}
    result = json.loads(score_text(json.dumps(document)).stdout)
    assert result["deals"][0]["payouts"] == {"Anna": -12, "Bene": -6, "Chris": 6, "Dora": 6, "Emil": 6}


def test_a_recrack_without_a_crack_is_refused_on_the_command_line_by_deal_and_key():
    document = {"rules": {"preset": "sheepshead"}, "players": FIVE, "deals": [pick(70), pick(70, recrack=True)]}
    line = assert_refused_in_one_line(score_text(json.dumps(document)))
    assert line.startswith("deal 2: recrack: ")


# ------------------------------------------------------------ tiers


@pytest.mark.parametrize(
    "points, expected",
    [
        (120, side(4, 2, -2)),
        (91, side(4, 2, -2)),
        (90, side(2, 1, -1)),
        (61, side(2, 1, -1)),
        (60, side(-4, -2, 2)),
        (31, side(-4, -2, 2)),
        (30, side(-8, -4, 4)),
        (0, side(-8, -4, 4)),
    ],
)
def test_a_pick_pays_its_tier_at_each_point_boundary(points, expected):
    assert payouts_of_one(pick(points)) == expected


@pytest.mark.parametrize(
    "points, expected",
    [
        (120, (12, -3, -3, -3, -3)),
        (10, (-24, 6, 6, 6, 6)),
    ],
)
def test_a_schwarz_pick_is_tier_three(points, expected):
    assert payouts_of_one(alone(points, schwarz=True)) == expected


@pytest.mark.parametrize(
    "loss_max, points, expected",
    [(31, 31, side(-8, -4, 4)), (31, 32, side(-4, -2, 2)), (29, 30, side(-4, -2, 2)), (29, 29, side(-8, -4, 4))],
)
def test_the_schneider_line_of_a_lost_pick_is_a_house_rule(loss_max, points, expected):
    assert payouts_of_one(pick(points), {"schneider_loss_max": loss_max}) == expected


@pytest.mark.parametrize(
    "points, expected",
    [(70, (4, -1, -1, -1, -1)), (95, (8, -2, -2, -2, -2)), (45, (-8, 2, 2, 2, 2)), (20, (-16, 4, 4, 4, 4))],
)
def test_a_picker_alone_wins_or_pays_four_shares(points, expected):
    assert payouts_of_one(alone(points)) == expected


# ------------------------------------------------------------ four and six players


@pytest.mark.parametrize(
    "deal, expected",
    [
        (pick(70, partner="Chris"), (1, -1, 1, -1)),
        (pick(95, partner="Chris"), (2, -2, 2, -2)),
        (pick(40, partner="Chris"), (-2, 2, -2, 2)),
        (alone(70), (3, -1, -1, -1)),
        (alone(20), (-12, 4, 4, 4)),
    ],
)
def test_four_players_play_two_against_two_or_one_against_three(deal, expected):
    assert payouts_of_one(deal, players=FOUR) == expected


def test_four_players_with_a_partner_off_the_hook_leave_the_picker_paying_both_shares():
    assert payouts_of_one(pick(0, partner="Chris", schwarz=True), {"partner_off_hook": True}, FOUR) == (-12, 6, 0, 6)


def test_six_players_play_the_five_player_game_while_the_dealer_sits_out():
    # Fritz deals the first deal, Anna the second.
    result = payouts([pick(67), {**pick(67), "declarer": "Bene", "partner": "Chris"}], players=SIX)
    assert result == [(2, 1, -1, -1, -1, 0), (0, 2, 1, -1, -1, -1)]


def test_six_players_leaster_is_among_the_five_who_play():
    points = {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 30, "Emil": 30}
    assert payouts_of_one({"game": "leaster", "points": points}, players=SIX) == (4, -1, -1, -1, -1, 0)


@pytest.mark.parametrize("key", ["declarer", "partner"])
def test_six_players_cannot_name_the_sitting_out_dealer_in_a_pick(key):
    deal = {**pick(70), key: "Fritz"}
    refused = refusal([deal], players=SIX)
    assert (refused.deal, refused.key) == (1, key)
    assert "sits out" in refused.reason


def test_six_players_cannot_give_the_sitting_out_dealer_leaster_points():
    refused = refusal([leaster((10, 20, 30, 30, 30, 0), players=SIX)], players=SIX)
    assert (refused.deal, refused.key) == (1, "points")


# ------------------------------------------------------------ multipliers


@pytest.mark.parametrize(
    "more, expected",
    [
        ({"crack": True}, side(4, 2, -2)),
        ({"crack": True, "recrack": True}, side(8, 4, -4)),
        ({"blitz": 1}, side(4, 2, -2)),
        ({"blitz": 2}, side(8, 4, -4)),
        ({"crack": True, "blitz": 2}, side(16, 8, -8)),
        ({"crack": True, "recrack": True, "blitz": 2}, side(32, 16, -16)),
    ],
)
def test_cracks_and_blitzes_each_double_a_won_pick(more, expected):
    assert payouts_of_one(pick(70, **more)) == expected


def test_a_lost_pick_doubles_on_the_bump_on_top_of_a_crack():
    assert payouts_of_one(pick(50, crack=True)) == side(-8, -4, 4)


def test_without_the_bump_a_lost_pick_pays_what_it_would_have_won():
    rules = {"double_on_bump": False}
    assert payouts([pick(50), pick(25), pick(0, schwarz=True)], rules) == [
        side(-2, -1, 1), side(-4, -2, 2), side(-6, -3, 3),
    ]


@pytest.mark.parametrize(
    "cap, deal, expected",
    [
        (4, pick(70, crack=True, recrack=True, blitz=2), side(8, 4, -4)),
        (4, pick(70, crack=True), side(4, 2, -2)),
        (4, pick(50, crack=True, recrack=True, blitz=2), side(-16, -8, 8)),
        (1, pick(70, crack=True, blitz=1), side(2, 1, -1)),
        (1, pick(50, crack=True), side(-4, -2, 2)),
        (3, pick(70, crack=True, recrack=True), side(6, 3, -3)),
    ],
)
def test_the_cap_limits_cracks_and_blitzes_but_not_the_bump(cap, deal, expected):
    assert payouts_of_one(deal, {"max_multiplier": cap}) == expected


def test_no_cap_is_the_default():
    assert payouts_of_one(pick(70, crack=True, recrack=True, blitz=2), {"max_multiplier": None}) == side(32, 16, -16)


# ------------------------------------------------------------ partner off the hook


@pytest.mark.parametrize(
    "deal, expected",
    [
        (pick(0, schwarz=True), side(-18, 0, 6)),
        (pick(22, schwarz=True), side(-18, 0, 6)),
        (pick(10), side(-8, -4, 4)),
        (pick(40), side(-4, -2, 2)),
        (pick(120, schwarz=True), side(6, 3, -3)),
        (alone(0, schwarz=True), (-24, 6, 6, 6, 6)),
    ],
)
def test_only_a_side_that_took_no_trick_lets_the_partner_off_the_hook(deal, expected):
    assert payouts_of_one(deal, {"partner_off_hook": True}) == expected


# ------------------------------------------------------------ leaster and moster


@pytest.mark.parametrize(
    "points, more, expected",
    [
        ((30, 20, 10, 30, 30), {}, (-1, -1, 4, -1, -1)),
        ((0, 30, 30, 30, 30), {}, (4, -1, -1, -1, -1)),
        ((0, 20, 30, 30, 40), {"no_trick": ["Anna"]}, (-1, 4, -1, -1, -1)),
        ((0, 0, 40, 40, 40), {"no_trick": ["Anna", "Bene"], "winner": "Dora"}, (-1, -1, -1, 4, -1)),
        ((10, 10, 40, 30, 30), {"winner": "Bene"}, (-1, 4, -1, -1, -1)),
        ((10, 10, 40, 30, 30), {"winner": "Anna"}, (4, -1, -1, -1, -1)),
    ],
)
def test_a_leaster_is_won_by_the_fewest_points_among_those_who_took_a_trick(points, more, expected):
    assert payouts_of_one(leaster(points, **more)) == expected


def test_the_leaster_tariff_is_a_house_rule():
    assert payouts_of_one(leaster((10, 20, 30, 30, 30)), {"tariffs": {"leaster": 3}}) == (12, -3, -3, -3, -3)


def test_four_players_leaster_pays_three_to_the_winner():
    assert payouts_of_one(leaster((10, 20, 40, 50), players=FOUR), players=FOUR) == (3, -1, -1, -1)


@pytest.mark.parametrize(
    "points, more, expected",
    [
        ((10, 20, 50, 30, 10), {}, (1, 1, -4, 1, 1)),
        ((40, 40, 20, 10, 10), {"loser": "Bene"}, (1, -4, 1, 1, 1)),
        ((120, 0, 0, 0, 0), {}, (-4, 1, 1, 1, 1)),
    ],
)
def test_a_moster_is_lost_by_the_most_points(points, more, expected):
    assert payouts_of_one(moster(points, **more), {"no_pick": "moster"}) == expected


def test_the_moster_tariff_is_a_house_rule():
    rules = {"no_pick": "moster", "tariffs": {"moster": 2}}
    assert payouts_of_one(moster((10, 20, 50, 30, 10)), rules) == (2, 2, -8, 2, 2)


# ------------------------------------------------------------ doublers


def annas(deals, rules):
    return [row[0] for row in payouts(deals, {"no_pick": "doubler", **rules})]


def test_a_doubler_pays_nothing_and_doubles_the_next_pick():
    assert payouts([DOUBLER, pick(70)], {"no_pick": "doubler"}) == [(0, 0, 0, 0, 0), side(4, 2, -2)]


@pytest.mark.parametrize("stack", ["queue", "multiply"])
def test_one_doubler_doubles_only_the_next_pick(stack):
    assert annas([DOUBLER, pick(70), pick(70)], {"doubler_stack": stack}) == [0, 4, 2]


@pytest.mark.parametrize(
    "stack, expected",
    [("queue", [0, 0, 4, 4, 2]), ("multiply", [0, 0, 8, 2, 2])],
)
def test_two_doublers_in_a_row_double_two_picks_in_turn_or_the_next_one_twice(stack, expected):
    assert annas([DOUBLER, DOUBLER, pick(70), pick(70), pick(70)], {"doubler_stack": stack}) == expected


@pytest.mark.parametrize(
    "stack, expected",
    [("queue", [0, 4, 0, 4, 2]), ("multiply", [0, 4, 0, 4, 2])],
)
def test_a_doubler_after_a_doubled_pick_doubles_the_next_one(stack, expected):
    assert annas([DOUBLER, pick(70), DOUBLER, pick(70), pick(70)], {"doubler_stack": stack}) == expected


def test_a_doubled_pick_lost_doubles_on_the_bump_too():
    assert annas([DOUBLER, pick(50)], {}) == [0, -8]


def test_the_cap_counts_the_doublers():
    rules = {"doubler_stack": "multiply", "max_multiplier": 4}
    assert annas([DOUBLER, DOUBLER, DOUBLER, pick(70, crack=True)], rules) == [0, 0, 0, 8]
    assert annas([DOUBLER, DOUBLER, DOUBLER, pick(50)], rules) == [0, 0, 0, -16]


def test_only_a_list_that_plays_doublers_reads_the_carry():
    assert parse_rules({"preset": "sheepshead", "no_pick": "doubler"}).reads_carry
    assert not parse_rules({"preset": "sheepshead"}).reads_carry
    assert not parse_rules({"preset": "sheepshead", "no_pick": "moster"}).reads_carry


# ------------------------------------------------------------ the rules and the outcome


def test_the_rules_default_to_quarter_sheepshead_with_the_leaster():
    rules = parse_rules({"preset": "sheepshead"}).to_dict()
    assert rules == {
        "preset": "sheepshead",
        "games": ["pick", "leaster", "moster", "doubler"],
        "tariffs": {"leaster": 1, "moster": 1, "penalty": 2},
        "schneider_loss_max": 30,
        "partner_by": "called_ace",
        "no_pick": "leaster",
        "doubler_stack": "queue",
        "double_on_bump": True,
        "partner_off_hook": False,
        "max_multiplier": None,
        "point_value": 25,
    }


def test_the_partner_is_named_in_the_deal_however_the_list_finds_them():
    assert payouts_of_one(pick(67), {"partner_by": "jack_of_diamonds"}) == side(2, 1, -1)
    assert payouts_of_one(alone(67), {"partner_by": "jack_of_diamonds"}) == (4, -1, -1, -1, -1)


def test_a_called_ace_is_written_down_but_pays_nothing():
    assert payouts_of_one(pick(67, called_ace="hearts")) == side(2, 1, -1)


@pytest.mark.parametrize(
    "deal, won, side_",
    [
        (pick(67), True, ("Anna", "Bene")),
        (pick(40), False, ("Anna", "Bene")),
        (alone(95), True, ("Anna",)),
    ],
)
def test_the_outcome_names_the_pickers_side_and_whether_it_won(deal, won, side_):
    rules = parse_rules({"preset": "sheepshead"})
    table = Table(tuple(FIVE), "Emil", tuple(FIVE))
    outcome = score_deal(rules, table, Deal(**deal), Carry())
    assert (outcome.won, outcome.side) == (won, side_)


def test_a_doubler_hands_the_next_deal_one_more_doubled_pick():
    rules = parse_rules({"preset": "sheepshead", "no_pick": "doubler"})
    table = Table(tuple(FIVE), "Emil", tuple(FIVE))
    after = score_deal(rules, table, Deal(game="doubler"), Carry(doublers=2)).carry
    assert after.doublers == 3
    assert score_deal(rules, table, Deal(**pick(70)), after).carry.doublers == 2


# ------------------------------------------------------------ what is refused

REFUSED = [
    pytest.param(pick(70, partner="Zoe"), {}, "partner", id="partner-not-a-player"),
    pytest.param(pick(70, partner="Anna"), {}, "partner", id="partner-is-the-picker"),
    pytest.param({**pick(70), "declarer": "Zoe"}, {}, "declarer", id="picker-not-a-player"),
    pytest.param({"game": "pick", "points": 70}, {}, "declarer", id="no-picker"),
    pytest.param({"game": "pick", "declarer": "Anna"}, {}, "points", id="no-points"),
    pytest.param(pick(70, recrack=True), {}, "recrack", id="recrack-without-crack"),
    pytest.param(pick(70, blitz=3), {}, "blitz", id="three-blitzes"),
    pytest.param(pick(121), {}, "points", id="points-over-120"),
    pytest.param(pick(50, schwarz=True), {}, "schwarz", id="schwarz-with-50"),
    pytest.param(pick(23, schwarz=True), {}, "schwarz", id="schwarz-lost-with-more-than-the-blind"),
    pytest.param(pick(119, schwarz=True), {}, "schwarz", id="schwarz-won-without-120"),
    pytest.param(pick(70, laufende=3), {}, "laufende", id="laufende"),
    pytest.param(pick(70, contra=True), {}, "contra", id="contra-instead-of-crack"),
    pytest.param(pick({"Anna": 70}), {}, "points", id="pick-with-players-points"),
    pytest.param(leaster((10, 20, 30, 30, 29)), {}, "points", id="leaster-points-sum-119"),
    pytest.param({"game": "leaster", "points": {"Anna": 60, "Bene": 60}}, {}, "points", id="leaster-points-missing"),
    pytest.param({"game": "leaster"}, {}, "points", id="leaster-without-points"),
    pytest.param({"game": "leaster", "points": 70}, {}, "points", id="leaster-one-number"),
    pytest.param(leaster((10, 20, 30, 30, 30), no_trick=["Bene"]), {}, "no_trick", id="no-trick-with-points"),
    pytest.param(leaster((10, 10, 40, 30, 30)), {}, "winner", id="leaster-tie-without-winner"),
    pytest.param(leaster((10, 10, 40, 30, 30), winner="Chris"), {}, "winner", id="winner-not-among-the-fewest"),
    pytest.param(leaster((0, 10, 50, 30, 30), no_trick=["Anna"], winner="Anna"), {}, "winner", id="winner-took-no-trick"),
    pytest.param(leaster((10, 20, 30, 30, 30), declarer="Anna"), {}, "declarer", id="leaster-with-a-picker"),
    pytest.param(moster((40, 40, 20, 10, 10)), {"no_pick": "moster"}, "loser", id="moster-tie-without-loser"),
    pytest.param(moster((40, 40, 20, 10, 10), loser="Chris"), {"no_pick": "moster"}, "loser", id="loser-not-among-the-most"),
    pytest.param(moster((40, 40, 20, 10, 10), no_trick=["Emil"]), {"no_pick": "moster"}, "no_trick", id="moster-no-trick"),
    pytest.param({"game": "passed"}, {}, "game", id="passed"),
    pytest.param(moster((10, 20, 50, 30, 10)), {}, "game", id="moster-in-a-leaster-list"),
    pytest.param(DOUBLER, {}, "game", id="doubler-in-a-leaster-list"),
    pytest.param(leaster((10, 20, 30, 30, 30)), {"no_pick": "doubler"}, "game", id="leaster-in-a-doubler-list"),
    pytest.param(leaster((10, 20, 30, 30, 30)), {"games": ["pick"]}, "game", id="leaster-when-a-pick-is-compulsory"),
    pytest.param({"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70}, {}, "game", id="sauspiel"),
    pytest.param({"game": "doubler", "points": 0}, {"no_pick": "doubler"}, "points", id="doubler-with-points"),
]


@pytest.mark.parametrize("deal, rules, key", REFUSED)
def test_a_deal_that_cannot_have_happened_is_refused_by_number_and_key(deal, rules, key):
    refused = refusal([pick(70), deal], rules)
    assert (refused.deal, refused.key) == (2, key)
    assert refused.reason


def test_a_refused_no_pick_game_names_the_one_the_list_plays():
    refused = refusal([moster((10, 20, 50, 30, 10))])
    assert refused.reason == "when nobody picks, this list plays leaster (house rule no_pick), not moster"


@pytest.mark.parametrize(
    "rules, key",
    [
        ({"no_pick": "passed"}, "rules.no_pick"),
        ({"doubler_stack": "double"}, "rules.doubler_stack"),
        ({"partner_by": "black_queens"}, "rules.partner_by"),
        ({"max_multiplier": 0}, "rules.max_multiplier"),
        ({"max_multiplier": "16"}, "rules.max_multiplier"),
        ({"double_on_bump": "yes"}, "rules.double_on_bump"),
        ({"games": ["pick", "passed"]}, "rules.games"),
        ({"tariffs": {"pick": 2}}, "rules.tariffs"),
        ({"bock": {}}, "rules.bock"),
    ],
)
def test_a_house_rule_off_its_values_is_refused_by_key(rules, key):
    refused = refusal([], rules)
    assert refused.key.startswith(key)


@pytest.mark.parametrize("players", [FOUR[:3], SIX + ["Gerd", "Hans", "Ida"]])
def test_sheepshead_seats_four_to_eight(players):
    refused = refusal([], players=players)
    assert refused.key == "players"


def test_a_no_tricker_refused_is_said_in_sheepshead_words():
    deal = {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 50, "schwarz": True}
    with pytest.raises(ScoringError) as refused:
        score_document({"rules": {"preset": "sheepshead"}, "players": FIVE, "deals": [deal]})
    assert refused.value.key == "schwarz"
    reason = refused.value.reason
    assert "no-tricker" in reason and "picker" in reason and "buried" in reason
    assert "schwarz" not in reason and "put away" not in reason


def test_the_classic_three_hand_game_refuses_a_schwarz_in_its_own_words():
    # Its rules say schwarz ("took every trick") and the widow's two discards, as its deal form does.
    deal = {"game": "pick", "declarer": "Anna", "points": 23, "schwarz": True}
    with pytest.raises(ScoringError) as refused:
        score_document({"rules": {"preset": "sheepshead3"}, "players": FIVE[:3], "deals": [deal]})
    assert refused.value.key == "schwarz"
    reason = refused.value.reason
    assert "schwarz" in reason and "put away" in reason
    assert "no-tricker" not in reason and "buried" not in reason
