"""Worked examples: each deal's breakdown, worked out by hand from the rules, term by term.

Every term, multiplier, share and Stock move of every family appears in at
least one row. A row is a list file and what its last deal's breakdown must
say: terms (name, units[, count]), multipliers (name, factor[, count]), the
value, the shares (role, players, times) and the payouts in seating order.
"""

import json
import pickle

import pytest

from scorer.engine import Breakdown, describe, read_list, score_document
from scorer.engine.breakdown import CAP, Multiplier, Term, factor, worth
from scorer.engine.breakdown_words import counted_in, words_in
from scorer.engine.families import FAMILIES
from tests.unit.test_cli import FORMAT_EXAMPLE, score_text

FOUR = ["Anna", "Bene", "Chris", "Dora"]
THREE = FOUR[:3]
FIVE = FOUR + ["Emil"]
#: Every Bavarian game but the penalty: the seed games and the house games.
EVERY_BAVARIAN_GAME = [name for name in FAMILIES["bavarian"].games if name != "penalty"]


def listed(family, *deals, players=FOUR, **rules):
    return {"rules": {"preset": family, **rules}, "players": players, "deals": list(deals)}


def sauspiel(points, **more):
    return {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": points, **more}


def pick(points, partner="Bene", **more):
    deal = {"game": "pick", "declarer": "Anna", "points": points, **more}
    if partner:
        deal["partner"] = partner
    return deal


PASSED = {"game": "passed"}
WON = sauspiel(72)
#: Anna and Chris declare; Bene and Dora defend.
SIDE = [("declarer", "Anna", 1), ("partner", "Chris", 1), ("opponent", "Bene Dora", -1)]
LOST_SIDE = [("declarer", "Anna", -1), ("partner", "Chris", -1), ("opponent", "Bene Dora", 1)]
#: Five at an American table: Anna picks, Bene is her partner, three defend.
PICKED = [("picker", "Anna", 2), ("partner", "Bene", 1), ("opponent", "Chris Dora Emil", -1)]
BUMPED = [("picker", "Anna", -2), ("partner", "Bene", -1), ("opponent", "Chris Dora Emil", 1)]


def solo_of(declarer, times, players=FOUR):
    others = " ".join(p for p in players if p != declarer)
    return [("declarer", declarer, times * (len(players) - 1)), ("opponent", others, -times)]


ROWS = [
    # -- bavarian: the seed games ----------------------------------------------------------
    ("sauspiel won", listed("bavarian", WON),
     [("sauspiel", 20)], [], 20, SIDE, [20, -20, 20, -20]),
    ("sauspiel schneider, 3 laufende, contra", listed("bavarian", sauspiel(95, laufende=3, contra=True)),
     [("sauspiel", 20), ("schneider", 10), ("laufende", 15, 3)], [("contra", 2)], 90, SIDE,
     [90, -90, 90, -90]),
    ("sauspiel lost schneider at 30, contra and re", listed("bavarian", sauspiel(30, contra=True, re=True)),
     [("sauspiel", 20), ("schneider", 10)], [("contra", 2), ("re", 2)], 120, LOST_SIDE,
     [-120, 120, -120, 120]),
    ("sauspiel at 60:60 goes to the defenders", listed("bavarian", sauspiel(60)),
     [("sauspiel", 20)], [], 20, LOST_SIDE, [-20, 20, -20, 20]),
    ("solo won schwarz", listed("bavarian", {"game": "solo", "declarer": "Bene", "points": 120, "schwarz": True}),
     [("solo", 40), ("schneider", 10), ("schwarz", 10)], [], 60, solo_of("Bene", 1), [-60, 180, -60, -60]),
    ("wenz with 2 laufende, doubled twice", listed("bavarian", {"game": "wenz", "declarer": "Chris", "points": 61, "laufende": 2, "doubles": 2}),
     [("wenz", 40), ("laufende", 10, 2)], [("doubles", 4, 2)], 200, solo_of("Chris", 1),
     [-200, -200, 600, -200]),
    ("geier lost", listed("bavarian", {"game": "geier", "declarer": "Dora", "points": 50}),
     [("geier", 40)], [], 40, solo_of("Dora", -1), [40, 40, 40, -120]),
    ("farbwenz tout with 3 laufende", listed("bavarian", {"game": "farbwenz", "declarer": "Anna", "points": 120, "schwarz": True, "tout": True, "laufende": 3}),
     [("farbwenz", 40), ("laufende", 15, 3)], [("tout", 2)], 110, solo_of("Anna", 1),
     [330, -110, -110, -110]),
    ("solo sie", listed("bavarian", {"game": "solo", "declarer": "Anna", "points": 120, "schwarz": True, "sie": True, "laufende": 8}),
     [("solo", 40), ("laufende", 40, 8)], [("sie", 4)], 320, solo_of("Anna", 1),
     [960, -320, -320, -320]),
    ("passed: nobody pays", listed("bavarian", PASSED),
     [], [], 0, [("player", "Anna Bene Chris Dora", 0)], [0, 0, 0, 0]),
    # -- bavarian: the house games ---------------------------------------------------------
    ("hochzeit won", listed("bavarian", {"game": "hochzeit", "declarer": "Anna", "partner": "Bene", "points": 61}, games=EVERY_BAVARIAN_GAME),
     [("hochzeit", 20)], [], 20, [("declarer", "Anna", 1), ("partner", "Bene", 1), ("opponent", "Chris Dora", -1)],
     [20, 20, -20, -20]),
    ("penalty: the offender pays a solo to each", listed("bavarian", {"game": "penalty", "offender": "Chris"}, games=[*EVERY_BAVARIAN_GAME, "penalty"]),
     [("penalty", 40)], [], 40, [("offender", "Chris", -3), ("player", "Anna Bene Dora", 1)],
     [40, 40, -120, 40]),
    ("bettel ouvert won", listed("bavarian", {"game": "bettel", "declarer": "Chris", "won": True, "ouvert": True}, games=EVERY_BAVARIAN_GAME),
     [("bettel", 30)], [("ouvert", 2)], 60, solo_of("Chris", 1), [-60, -60, 180, -60]),
    ("bettel lost with contra", listed("bavarian", {"game": "bettel", "declarer": "Chris", "won": False, "contra": True}, games=EVERY_BAVARIAN_GAME),
     [("bettel", 30)], [("contra", 2)], 60, solo_of("Chris", -1), [60, 60, -180, 60]),
    ("farbgeier schneider with 3 laufende", listed("bavarian", {"game": "farbgeier", "declarer": "Bene", "points": 91, "laufende": 3}, games=EVERY_BAVARIAN_GAME),
     [("farbgeier", 40), ("schneider", 10), ("laufende", 15, 3)], [], 65, solo_of("Bene", 1),
     [-65, 195, -65, -65]),
    # -- bavarian: Ramsch ------------------------------------------------------------------
    ("ramsch: the loser pays, a virgin doubles her own share", listed("bavarian", {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}),
     [("ramsch", 10)], [], 10,
     [("winner", "Anna Chris", 1), ("virgin", "Bene", 2), ("loser", "Dora", -4)], [10, 20, 10, -40]),
    ("ramsch doubled, every virgin doubling everything", listed("bavarian", {"game": "ramsch", "doubles": 1, "points": {"Anna": 0, "Bene": 0, "Chris": 50, "Dora": 70}}, virgin="all"),
     [("ramsch", 10)], [("doubles", 2, 1), ("virgins", 4, 2)], 80,
     [("winner", "Chris", 1), ("virgin", "Anna Bene", 1), ("loser", "Dora", -3)], [80, 80, 80, -240]),
    ("ramsch won by a durchmarsch", listed("bavarian", {"game": "ramsch", "points": {"Anna": 95, "Bene": 10, "Chris": 10, "Dora": 5}}),
     [("durchmarsch", 40)], [], 40, [("winner", "Anna", 3), ("opponent", "Bene Chris Dora", -1)],
     [120, -40, -40, -40]),
    ("a durchmarsch paid as a solo won schwarz", listed("bavarian", {"game": "ramsch", "points": {"Anna": 120, "Bene": 0, "Chris": 0, "Dora": 0}}, durchmarsch_value="schwarz"),
     [("durchmarsch", 40), ("schneider", 10), ("schwarz", 10)], [], 60,
     [("winner", "Anna", 3), ("opponent", "Bene Chris Dora", -1)], [180, -60, -60, -60]),
    # -- bavarian: Bock and the Stock ------------------------------------------------------
    ("under bock after a hand thrown in", listed("bavarian", PASSED, WON, bock={}),
     [("sauspiel", 20)], [("bock", 2, 1)], 40, SIDE, [40, -40, 40, -40]),
    ("under two bock rounds side by side", listed("bavarian", PASSED, PASSED, WON, bock={"stack": "double"}),
     [("sauspiel", 20)], [("bock", 4, 2)], 80, SIDE, [80, -80, 80, -80]),
    ("a hand thrown in pays into the stock", listed("bavarian", PASSED, stock={}),
     [], [], 0, [("player", "Anna Bene Chris Dora", 0)], [-20, -20, -20, -20],
     {"stock": {"name": "pay_in", "before": 0, "after": 80, "amounts": {"Anna": -20, "Bene": -20, "Chris": -20, "Dora": -20}}}),
    ("a won sauspiel takes the stock", listed("bavarian", PASSED, WON, stock={}),
     [("sauspiel", 20)], [], 20, SIDE, [60, -20, 60, -20],
     {"stock": {"name": "take", "before": 80, "after": 0, "amounts": {"Anna": 40, "Chris": 40}}}),
    ("a lost sauspiel doubles the stock", listed("bavarian", PASSED, sauspiel(40), stock={}),
     [("sauspiel", 20)], [], 20, LOST_SIDE, [-60, 20, -60, 20],
     {"stock": {"name": "double", "before": 80, "after": 160, "amounts": {"Anna": -40, "Chris": -40}}}),
    ("under bock, the stock's share is not doubled", listed("bavarian", PASSED, WON, bock={}, stock={}),
     [("sauspiel", 20)], [("bock", 2, 1)], 40, SIDE, [80, -40, 80, -40],
     {"stock": {"name": "take", "before": 80, "after": 0, "amounts": {"Anna": 40, "Chris": 40}}}),
    # -- bavarian3 -------------------------------------------------------------------------
    ("three-hand solo won", listed("bavarian3", {"game": "solo", "declarer": "Anna", "points": 61}, players=THREE),
     [("solo", 40)], [], 40, solo_of("Anna", 1, THREE), [80, -40, -40]),
    ("three-hand wenz played hand, schneider", listed("bavarian3", {"game": "wenz", "declarer": "Bene", "points": 95, "hand": True}, players=THREE),
     [("wenz", 40), ("schneider", 10)], [("hand", 2)], 100, solo_of("Bene", 1, THREE), [-100, 200, -100]),
    ("three-hand geier lost under its bid, with 2 laufende and contra", listed("bavarian3", {"game": "geier", "declarer": "Chris", "points": 70, "bid": 75, "laufende": 2, "contra": True}, players=THREE, contra=True, laufende=True),
     [("geier", 40), ("laufende", 10, 2)], [("contra", 2)], 100, solo_of("Chris", -1, THREE), [100, 100, -200]),
    # -- sheepshead3 -----------------------------------------------------------------------
    ("classic pick won", listed("sheepshead3", pick(67, None), players=THREE),
     [("pick", 2)], [], 2, [("picker", "Anna", 2), ("opponent", "Bene Chris", -1)], [4, -2, -2]),
    ("classic pick schneidered", listed("sheepshead3", pick(25, None), players=THREE),
     [("pick", 2), ("schneider", 2)], [], 4, [("picker", "Anna", -2), ("opponent", "Bene Chris", 1)], [-8, 4, 4]),
    ("classic pick schwarz", listed("sheepshead3", pick(120, None, schwarz=True), players=THREE),
     [("pick", 2), ("schneider", 2), ("schwarz", 2)], [], 6, [("picker", "Anna", 2), ("opponent", "Bene Chris", -1)], [12, -6, -6]),
    ("least won", listed("sheepshead3", {"game": "least", "points": {"Anna": 10, "Bene": 50, "Chris": 60}}, players=THREE),
     [("least", 2)], [], 2, [("winner", "Anna", 2), ("opponent", "Bene Chris", -1)], [4, -2, -2]),
    ("least won with no points", listed("sheepshead3", {"game": "least", "points": {"Anna": 0, "Bene": 50, "Chris": 70}}, players=THREE),
     [("least", 2), ("least_zero", 2)], [], 4, [("winner", "Anna", 2), ("opponent", "Bene Chris", -1)], [8, -4, -4]),
    ("least with all 120 in one hand", listed("sheepshead3", {"game": "least", "points": {"Anna": 120, "Bene": 0, "Chris": 0}}, players=THREE),
     [("least_all", 4)], [], 4, [("loser", "Anna", -2), ("opponent", "Bene Chris", 1)], [-8, 4, 4]),
    # -- sheepshead (American), five at the table ------------------------------------------
    ("american pick won, tier 1", listed("sheepshead", pick(67), players=FIVE),
     [("tier", 1)], [], 1, PICKED, [2, 1, -1, -1, -1]),
    ("american pick schneider, tier 2", listed("sheepshead", pick(96), players=FIVE),
     [("tier", 2)], [], 2, PICKED, [4, 2, -2, -2, -2]),
    ("american pick every trick, tier 3", listed("sheepshead", pick(120, schwarz=True), players=FIVE),
     [("tier", 3)], [], 3, PICKED, [6, 3, -3, -3, -3]),
    ("american pick lost: the bump", listed("sheepshead", pick(50), players=FIVE),
     [("tier", 1)], [("bump", 2)], 2, BUMPED, [-4, -2, 2, 2, 2]),
    ("american pick without a trick, the partner off the hook", listed("sheepshead", pick(0, schwarz=True), players=FIVE, partner_off_hook=True),
     [("tier", 3)], [("bump", 2)], 6,
     [("picker", "Anna", -3), ("partner", "Bene", 0), ("opponent", "Chris Dora Emil", 1)], [-18, 0, 6, 6, 6]),
    ("american pick alone", listed("sheepshead", pick(70, None), players=FIVE),
     [("tier", 1)], [], 1, [("picker", "Anna", 4), ("opponent", "Bene Chris Dora Emil", -1)], [4, -1, -1, -1, -1]),
    ("american crack and recrack", listed("sheepshead", pick(70, crack=True, recrack=True), players=FIVE),
     [("tier", 1)], [("crack", 2), ("recrack", 2)], 4, PICKED, [8, 4, -4, -4, -4]),
    ("american blitzes cut by the cap", listed("sheepshead", pick(70, crack=True, blitz=2), players=FIVE, max_multiplier=4),
     [("tier", 1)], [("crack", 2), ("blitz", 4, 2), ("cap", 4)], 4, PICKED, [8, 4, -4, -4, -4]),
    ("american pick after a doubler", listed("sheepshead", {"game": "doubler"}, pick(70), players=FIVE, no_pick="doubler"),
     [("tier", 1)], [("doubler", 2, 1)], 2, PICKED, [4, 2, -2, -2, -2]),
    ("american doubler: nobody pays", listed("sheepshead", {"game": "doubler"}, players=FIVE, no_pick="doubler"),
     [], [], 0, [("player", "Anna Bene Chris Dora Emil", 0)], [0, 0, 0, 0, 0]),
    ("leaster", listed("sheepshead", {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 40, "Emil": 20}}, players=FIVE),
     [("leaster", 1)], [], 1, [("winner", "Anna", 4), ("opponent", "Bene Chris Dora Emil", -1)], [4, -1, -1, -1, -1]),
    ("moster", listed("sheepshead", {"game": "moster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 10, "Emil": 50}}, players=FIVE, no_pick="moster"),
     [("moster", 1)], [], 1, [("loser", "Emil", -4), ("opponent", "Anna Bene Chris Dora", 1)], [1, 1, 1, 1, -4]),
    # -- german: Anna and Chris against Bene and Dora --------------------------------------
    ("german game won straight", listed("german", {"game": "normal", "declarer": "Anna", "points": 70}),
     [("game_points", 10, 1)], [], 10, SIDE, [10, -10, 10, -10], {"tally": [("strokes", 1)]}),
    ("german defenders win schneider", listed("german", {"game": "normal", "declarer": "Anna", "points": 20}),
     [("game_points", 40, 4)], [], 40, LOST_SIDE, [-40, 40, -40, 40], {"tally": [("strokes", 4)]}),
    ("german forced game lost", listed("german", {"game": "normal", "declarer": "Anna", "points": 50, "forced": True}),
     [("game_points", 10, 1)], [], 10, LOST_SIDE, [-10, 10, -10, 10], {"tally": [("strokes", 1)]}),
    ("german schwarz completes a head", listed("german", {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True}),
     [("game_points", 90, 9)], [], 90, SIDE, [90, -90, 90, -90], {"tally": [("strokes", 9), ("head", 1)]}),
    ("german settled per head: a stroke pays nothing yet", listed("german", {"game": "normal", "declarer": "Anna", "points": 70}, settle_per_head=True),
     [], [], 0, SIDE, [0, 0, 0, 0], {"tally": [("strokes", 1)]}),
    ("german settled per head: the completed head pays", listed("german", {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True}, settle_per_head=True),
     [("head", 90)], [], 90, SIDE, [90, -90, 90, -90], {"tally": [("strokes", 9), ("head", 1)]}),
    ("german solo won", listed("german", {"game": "solo", "declarer": "Anna", "points": 70}, solo=True),
     [("game_points", 10, 1)], [], 10, solo_of("Anna", 1), [30, -10, -10, -10]),
]


def piece(row):
    """A (name, units[, count]) tuple as its JSON."""
    name, amount, *count = row
    return {"name": name, "units": amount, **({"count": count[0]} if count else {})}


def multiplier(row):
    name, amount, *count = row
    return {"name": name, "factor": amount, **({"count": count[0]} if count else {})}


def expected_breakdown(terms, multipliers, value, shares, more):
    out = {
        "terms": [piece(t) for t in terms],
        "multipliers": [multiplier(m) for m in multipliers],
        "value": value,
        "shares": [{"role": role, "players": players.split(), "times": times} for role, players, times in shares],
    }
    if "stock" in more:
        out["stock"] = more["stock"]
    if "tally" in more:
        out["tally"] = [piece(t) for t in more["tally"]]
    return out


@pytest.mark.parametrize(
    "document, terms, multipliers, value, shares, payouts, more",
    [pytest.param(*row[1:], *([{}] if len(row) == 7 else []), id=row[0]) for row in ROWS],
)
def test_the_last_deal_explains_its_payout_term_by_term(document, terms, multipliers, value, shares, payouts, more):
    printed = json.loads(json.dumps(score_document(document)))
    last = printed["deals"][-1]
    assert last["breakdown"] == expected_breakdown(terms, multipliers, value, shares, more)
    assert list(last["payouts"].values()) == payouts


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_the_breakdown_s_own_arithmetic_gives_the_payouts(row):
    result = read_list(row[1]).replay().deals[-1]
    breakdown = result.breakdown
    assert breakdown.worth() == breakdown.value
    assert breakdown.payouts() == {who: p for who, p in result.payouts.items() if who in breakdown.payouts()}


def test_every_term_multiplier_share_and_stock_move_has_a_worked_example():
    seen = {"terms": set(), "multipliers": set(), "roles": set(), "stock": set(), "tally": set()}
    for row in ROWS:
        breakdown = read_list(row[1]).replay().deals[-1].breakdown
        seen["terms"] |= {t.name for t in breakdown.terms}
        seen["multipliers"] |= {m.name for m in breakdown.multipliers}
        seen["roles"] |= {s.role for s in breakdown.shares}
        seen["tally"] |= {t.name for t in breakdown.tally}
        if breakdown.stock:
            seen["stock"].add(breakdown.stock.name)
    assert seen == {
        "terms": {
            "sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit", "bettel", "farbgeier",
            "ramsch", "durchmarsch", "schneider", "schwarz", "laufende", "pick", "least",
            "least_zero", "least_all", "tier", "leaster", "moster", "game_points", "head", "penalty",
        },
        "multipliers": {
            "contra", "re", "doubles", "tout", "sie", "hand", "ouvert", "bock", "virgins",
            "crack", "recrack", "blitz", "doubler", "cap", "bump",
        },
        "roles": {
            "declarer", "partner", "opponent", "picker", "winner", "loser", "virgin", "player", "offender",
        },
        "stock": {"pay_in", "take", "double"},
        "tally": {"strokes", "head"},
    }


def test_every_family_has_a_worked_example():
    assert {row[1]["rules"]["preset"] for row in ROWS} == {"bavarian", "bavarian3", "sheepshead3", "sheepshead", "german"}


def test_the_command_line_prints_each_deal_s_breakdown_beside_the_keys_it_had():
    finished = score_text(FORMAT_EXAMPLE)
    assert finished.returncode == 0, finished.stderr
    deals = json.loads(finished.stdout)["deals"]
    assert all(set(deal) == {"number", "dealer", "game", "payouts", "breakdown"} for deal in deals)
    solo = deals[1]["breakdown"]
    assert solo["terms"] == [
        {"name": "solo", "units": 50}, {"name": "schneider", "units": 10},
        {"name": "laufende", "units": 15, "count": 3},
    ]
    assert solo["multipliers"] == [{"name": "contra", "factor": 2}]
    assert solo["value"] == 150
    assert [d["breakdown"]["value"] for d in deals] == [10, 150, 80, 10, 0]


# -- the structure ---------------------------------------------------------------------------


def test_a_cap_caps_the_product_of_the_multipliers_before_it_not_the_value():
    multipliers = (Multiplier("crack", 2), Multiplier("blitz", 4, 2), Multiplier(CAP, 4), Multiplier("bump", 2))
    assert factor(multipliers) == 8
    assert worth((Term("tier", 2),), multipliers) == 16


def test_the_stock_adds_to_what_the_shares_pay():
    document = listed("bavarian", PASSED, WON, stock={})
    breakdown = read_list(document).replay().deals[-1].breakdown
    assert breakdown.payouts() == {"Anna": 60, "Chris": 60, "Bene": -20, "Dora": -20}


def test_a_sitting_out_dealer_has_no_share():
    document = listed("bavarian", WON, players=FIVE)  # Emil, the last player, deals first
    result = read_list(document).replay().deals[0]
    assert result.payouts["Emil"] == 0
    assert all("Emil" not in share.players for share in result.breakdown.shares)


def test_equal_deals_have_equal_breakdowns_each_written_as_its_own_json():
    first, second = (read_list(listed("bavarian", WON, WON)).replay().deals[i].breakdown for i in (0, 1))
    assert first == second
    written = first.to_dict()
    assert written["shares"][0] == {"role": "declarer", "players": ["Anna"], "times": 1}
    assert json.loads(json.dumps(written)) == written
    written["shares"][0]["times"] = 2
    assert second.to_dict()["shares"][0]["times"] == first.to_dict()["shares"][0]["times"] == 1


def test_a_breakdown_is_a_frozen_value():
    breakdown = read_list(listed("bavarian", WON)).replay().deals[0].breakdown
    again = Breakdown(breakdown.terms, breakdown.multipliers, breakdown.value, breakdown.shares)
    assert again == breakdown and hash(again) == hash(breakdown)
    with pytest.raises(AttributeError):
        breakdown.value = 40
    assert pickle.loads(pickle.dumps(breakdown)) == breakdown


# -- in words --------------------------------------------------------------------------------


def words(name):
    """The identity, with the names a table would say differently."""
    return {"contra": "Kontra", "each": "each"}.get(name, name.capitalize())


@pytest.mark.parametrize(
    "document, line",
    [
        pytest.param(listed("bavarian", sauspiel(95, laufende=3, contra=True)),
                     "Sauspiel 20 + Schneider 10 + 3 Laufende 15 = 45 · Kontra ×2 = 90 each", id="sauspiel"),
        pytest.param(listed("bavarian", WON), "Sauspiel 20 each", id="one term"),
        pytest.param(listed("bavarian", {"game": "solo", "declarer": "Bene", "points": 40, "doubles": 2}),
                     "Solo 40 · 2 Doubles ×4 = 160 · Declarer ×3 = -480", id="solo lost"),
        pytest.param(listed("bavarian", {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}}),
                     "Ramsch 10 · Virgin ×2 = +20 · Loser ×4 = -40", id="ramsch"),
        pytest.param(listed("bavarian", PASSED, WON, bock={}, stock={}),
                     "Sauspiel 20 · Bock ×2 = 40 each · Take 80", id="bock and stock"),
        pytest.param(listed("bavarian", PASSED, stock={}), "20 Paid_in_each", id="passed into the stock"),
        pytest.param(listed("sheepshead", pick(70, crack=True, blitz=2), players=FIVE, max_multiplier=4),
                     "Tier 1 · Crack ×2 · 2 Blitz ×4 · Cap 4 = 4 · Picker ×2 = +8", id="cap"),
        pytest.param(listed("german", {"game": "normal", "declarer": "Anna", "points": 70}),
                     "1 Game_points 10 each · 1 Strokes", id="german"),
        pytest.param(listed("german", {"game": "normal", "declarer": "Anna", "points": 70}, settle_per_head=True),
                     "0 · 1 Strokes", id="german per head"),
    ],
)
def test_a_breakdown_reads_as_one_line_in_the_table_s_words(document, line):
    assert describe(read_list(document).replay().deals[-1].breakdown, words) == line


@pytest.mark.parametrize(
    "document, language, line",
    [
        pytest.param(listed("german", {"game": "normal", "declarer": "Anna", "points": 70}), "en",
                     "1 Game point 10 each · 1 Stroke", id="one stroke"),
        pytest.param(listed("german", {"game": "normal", "declarer": "Anna", "points": 70}), "de",
                     "1 Spielpunkt 10 je Spieler · 1 Strich", id="ein Strich"),
        pytest.param(listed("german", {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True},
                            settle_per_head=True), "en", "Head 90 each · 9 Strokes · 1 Head", id="one head"),
        pytest.param(listed("german", {"game": "normal", "declarer": "Anna", "points": 120, "schwarz": True},
                            settle_per_head=True), "de", "Kopf 90 je Spieler · 9 Striche · 1 Kopf", id="ein Kopf"),
        pytest.param(listed("bavarian", sauspiel(95, laufende=3, contra=True)), "de",
                     "Sauspiel 20 + Schneider 10 + 3 Laufende 15 = 45 · Kontra ×2 = 90 je Spieler", id="Laufende"),
        pytest.param(listed("sheepshead", pick(70, crack=True, blitz=2), players=FIVE, max_multiplier=4), "en",
                     "Tier 1 · Crack ×2 · 2 Blitzes ×4 · at most 4 = 4 · Picker ×2 = +8", id="blitzes"),
    ],
)
def test_a_count_before_a_name_takes_the_singular_for_one_and_the_plural_else(document, language, line):
    breakdown = read_list(document).replay().deals[-1].breakdown
    assert describe(breakdown, words_in(language), counted_in(language)) == line


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_name_without_plural_forms_is_its_word_after_the_count(language):
    assert counted_in(language)("doubles", 2) == f"2 {words_in(language)('doubles')}"
    assert counted_in(language)("unheard_of", 1) == "1 unheard_of"
