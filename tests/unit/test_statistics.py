"""Statistics of a list, per player, against lists counted by hand."""

from scorer.engine import read_list
from scorer.engine.statistics import Tally, statistics

FOUR = ["Anna", "Bene", "Chris", "Dora"]
FIVE = FOUR + ["Emil"]


def stats_of(family, players, deals, **rules):
    return statistics(read_list({"rules": {"preset": family, **rules}, "players": players, "deals": deals}).replay())


BAVARIAN_EVENING = [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},  # A, C +20
    {"game": "solo", "declarer": "Bene", "points": 95, "contra": True},  # B +300, others -100
    {"game": "wenz", "declarer": "Chris", "points": 40, "laufende": 2},  # C -150, others +50
    {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}},  # A +10, B +20, C +10, D -40
    {"game": "sauspiel", "declarer": "Dora", "partner": "Bene", "points": 50, "contra": True},  # D, B -40
]


def test_a_bavarian_evening_counted_by_hand():
    stats = stats_of("bavarian", FOUR, BAVARIAN_EVENING)
    anna, bene, chris, dora = (stats[who] for who in FOUR)
    assert [s.played for s in (anna, bene, chris, dora)] == [5, 5, 5, 5]
    assert (anna.declared, anna.partnered, anna.solos) == (Tally(1, 1), Tally(0, 0), Tally(0, 0))
    assert (bene.declared, bene.partnered, bene.solos) == (Tally(1, 1), Tally(1, 0), Tally(1, 1))
    assert (chris.declared, chris.partnered, chris.solos) == (Tally(1, 0), Tally(1, 1), Tally(1, 0))
    assert (dora.declared, dora.partnered, dora.solos) == (Tally(1, 0), Tally(0, 0), Tally(0, 0))
    assert dict(anna.by_game) == {"sauspiel": Tally(1, 1)}
    assert dict(bene.by_game) == {"solo": Tally(1, 1)}
    assert dict(chris.by_game) == {"wenz": Tally(1, 0)}
    assert [(s.biggest_win, s.biggest_loss) for s in (anna, bene, chris, dora)] == [
        (50, -100), (300, -40), (40, -150), (50, -100),
    ]
    # Kontra in deals 2 and 5: Bene declared and won the first, Dora and Bene lost the second.
    assert [s.doubled for s in (anna, bene, chris, dora)] == [Tally(2, 1), Tally(2, 1), Tally(2, 1), Tally(2, 0)]
    assert [s.laufende for s in (anna, bene, chris, dora)] == [0, 0, 2, 0]
    assert [s.all_play_won for s in (anna, bene, chris, dora)] == [1, 1, 1, 0]


def test_a_dealer_sitting_out_did_not_play_the_deal():
    deals = [
        {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},  # Emil deals
        {"game": "solo", "declarer": "Bene", "points": 80},  # Anna deals
    ]
    stats = stats_of("bavarian", FIVE, deals)
    assert [stats[who].played for who in FIVE] == [1, 2, 2, 2, 1]
    assert stats["Anna"].biggest_loss == 0


def test_the_german_teams_win_and_lose_together_even_when_no_money_moves():
    deals = [
        {"game": "normal", "declarer": "Anna", "points": 95},
        {"game": "normal", "declarer": "Dora", "points": 40},
    ]
    stats = stats_of("german", FOUR, deals, settle_per_head=True)
    assert stats["Anna"].declared == Tally(1, 1) and stats["Chris"].partnered == Tally(1, 1)
    assert stats["Dora"].declared == Tally(1, 0) and stats["Bene"].partnered == Tally(1, 0)
    assert stats["Anna"].biggest_win == 0  # per head: nothing was paid yet


def test_sheepshead_counts_picks_partners_alone_and_leasters():
    deals = [
        {"game": "pick", "declarer": "Anna", "partner": "Bene", "points": 67},
        {"game": "pick", "declarer": "Chris", "points": 70},
        {"game": "leaster", "points": {"Anna": 10, "Bene": 20, "Chris": 30, "Dora": 5, "Emil": 55}},
        {"game": "pick", "declarer": "Chris", "points": 40},
    ]
    stats = stats_of("sheepshead", FIVE, deals)
    assert stats["Anna"].declared == Tally(1, 1) and stats["Bene"].partnered == Tally(1, 1)
    assert stats["Chris"].declared == Tally(2, 1) and stats["Chris"].alone == Tally(2, 1)
    assert stats["Chris"].solos == Tally(2, 1) and stats["Anna"].alone == Tally(0, 0)
    assert stats["Dora"].all_play_won == 1 and stats["Emil"].all_play_won == 0
    assert stats["Chris"].biggest_win == 4 and stats["Chris"].biggest_loss == -8


def test_the_three_hand_families_count_their_declarers():
    bid = stats_of("bavarian3", FOUR[:3], [{"game": "solo", "declarer": "Anna", "points": 70, "bid": 65}])
    assert bid["Anna"].declared == Tally(1, 1) and bid["Anna"].solos == Tally(1, 1)
    classic = stats_of("sheepshead3", FOUR[:3], [
        {"game": "pick", "declarer": "Anna", "points": 95},
        {"game": "least", "points": {"Anna": 50, "Bene": 10, "Chris": 60}},
    ])
    assert classic["Anna"].declared == Tally(1, 1) and classic["Bene"].all_play_won == 1
