"""Bavarian Schafkopf for four (or five, the dealer sitting out): the seed games,
the house games, Ramsch as the club tariff, Bock rounds and the Stock."""

from __future__ import annotations

from types import MappingProxyType

from scorer.engine.breakdown import Breakdown, Multiplier, Share, Term, one_against_rest, side_against_rest, worth
from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError
from scorer.engine.families.base import (
    SET, Carry, CommonRules, Example, Family, Game, Gate, Outcome, RuleSet, Table,
)
from scorer.engine.families import bavarian_examples as examples
from scorer.engine.families.bock_and_stock import BOCK, STOCK, bock_and_stock
from scorer.engine.families.bock_and_stock import COUNTED as BOCK_AND_STOCK_COUNTED
from scorer.engine.families.bock_and_stock import TERMS as BOCK_AND_STOCK_TERMS
from scorer.engine.families.bavarian_value import announced, check_modifiers, declarer_won, events, game_value
from scorer.engine.families.checks import partner_of, seated, side_points
from scorer.engine.families.common import (
    DECLARED, NEEDS_DECLARER, N_plural, examples_of, games_option, laufende_from_of, laufende_max_option, needs,
    point_value_option, schneider_option, tariffs_of, tariffs_option, thrown_in, trumps_of,
)
from scorer.engine.families.house_rules import bavarian_rules
from scorer.engine.families.payouts import against_all, side_against_side
from scorer.engine.families.penalty import OFFENDER, penalty_game, with_penalty
from scorer.engine.families.ramsch import Durchmarsch, ramsch
from scorer.engine.families.table_points import SystemGate, TablePoints
from scorer.engine.families.table_points_games import passed_hand, plays_table_points, plus_only, table_value, table_won
from scorer.engine.options import Choice, LaufendeFrom, Number

NAME = examples.FAMILY


def _check_sie(rules: RuleSet, deal: Deal) -> None:
    # The first edition took a Sie in any solo game and let it be lost.
    if deal.sie and bavarian_rules(rules).edition >= 2 and not (
        deal.laufende >= 8 and deal.points == 120 and deal.schwarz
    ):
        raise ScoringError(
            "sie",
            N_(
                "a Sie holds all eight Obers and Unters and takes every trick: it needs "
                "laufende 8 or more, 120 points and schwarz"
            ),
        )


def partner_game(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Sauspiel and Hochzeit: declarer and partner against the other two."""
    assert deal.declarer is not None
    declarer = seated(table, deal.declarer, "declarer")
    partner = partner_of(table, deal, declarer, GAMES[deal.game])
    if deal.called_ace == "hearts" and deal.game == "sauspiel" and bavarian_rules(rules).edition >= 2:
        raise ScoringError("called_ace", N_("the ace of hearts cannot be called"))
    return _side_plays(rules, table, deal, carry, (declarer, partner))


def solo_game(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Wenz, Solo, Geier, Farbwenz, Farbgeier: the declarer against the other three."""
    assert deal.declarer is not None
    return _side_plays(rules, table, deal, carry, (seated(table, deal.declarer, "declarer"),))


def _side_plays(
    rules: RuleSet, table: Table, deal: Deal, carry: Carry, side: tuple[str, ...]
) -> Outcome:
    """The declaring side (the declarer, and a partner if any) plays for the game's value.

    A declarer alone wins or pays the value from each of the other players;
    with a partner, each of the side wins or pays it from one of the rest.
    """
    check_modifiers(deal, table)
    _check_sie(rules, deal)
    points = side_points(deal, widow=False)
    won = declarer_won(deal, points)
    if plays_table_points(rules):
        won = table_won(rules, table, deal, won, points)
    terms, multipliers, value = game_value(rules, GAMES[deal.game], deal, points, won)
    sign = 1 if won else -1
    declarer, *partner = side
    shares: tuple[Share, ...]
    if partner:
        payouts = side_against_side(table, set(side), value * sign)
        shares = side_against_rest(declarer, partner[0], table.active, sign)
    else:
        payouts = against_all(table, declarer, value * sign)
        shares = one_against_rest("declarer", declarer, table.active, sign)
    return Outcome(
        payouts, carry, won=won, side=side, events=events(deal, points),
        breakdown=Breakdown(terms, multipliers, value, shares),
    )


def bettel(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """Bettel: the declarer must take no trick; open cards (ouvert) double."""
    assert deal.declarer is not None
    game = GAMES[deal.game]
    declarer = seated(table, deal.declarer, "declarer")
    check_modifiers(deal, table)
    won = bool(deal.won)
    terms: tuple[Term, ...]
    multipliers: tuple[Multiplier, ...]
    if plays_table_points(rules):
        won = table_won(rules, table, deal, won)
        terms, multipliers = table_value(rules, game, deal, None, won)
        value = worth(terms, multipliers)
    else:
        value = rules.tariffs[game.name]
        terms = (Term(game.name, value),)
        multipliers = announced(deal, ouvert=deal.ouvert)
        value <<= deal.ouvert + deal.contra + deal.re + deal.doubles
    sign = 1 if won else -1
    return Outcome(
        against_all(table, declarer, value * sign), carry,
        won=won, side=(declarer,), events=events(deal),
        breakdown=Breakdown(
            terms, multipliers, value, one_against_rest("declarer", declarer, table.active, sign)
        ),
    )


def _passed(rules: RuleSet, table: Table, deal: Deal, carry: Carry) -> Outcome:
    """A hand everyone passed: thrown in, or under tournament points as the system says."""
    return passed_hand(rules, table, deal, carry, GAMES["sauspiel"])


# -- the family as data -------------------------------------------------------------------

_DOUBLED = frozenset({"laufende", "contra", "re", "doubles", "bock"})
_BOCK = Gate("bock", SET)
_OLD_SIE = Gate("edition", 1)
#: A hand everyone passed takes card points where the table plays it "über Kreuz".
_CROSS = SystemGate("table_points.passed", "cross")
_NEEDS_PARTNER = needs(**NEEDS_DECLARER, partner=N_("is missing: who held the called ace?"))


def _solo(
    name: str, trumps: int, *, sie: Gate | None = None, tout: bool = True, label: str, short: str = "",
    roles: dict[str, str] | None = None, tariff: int = 40, laufende_from: int, seed: bool = True,
    examples: tuple[Example, ...] = (),
) -> Game:
    # Every solo game with trumps is based on forty, at tables that change none of the tariffs.
    keys = DECLARED | _DOUBLED | ({"tout"} if tout else set()) | ({"sie"} if sie or name == "solo" else set())
    gated = {"bock": _BOCK, **({"sie": sie} if sie else {})}
    return Game(
        name, solo_game, frozenset(keys), NEEDS_DECLARER, MappingProxyType(gated),
        kind="solo", trumps=trumps, label=label, short=short, roles=MappingProxyType(roles or {}),
        tariff=tariff, laufende_from=laufende_from, seed=seed, examples=examples,
    )


#: The Solo names its trump suit: the deal form asks it (one tap, optional unless the
#: rules pay a suit differently), and the game is called by it ("Herz-Solo").
_SUIT_NAMED = {"suit": N_("%(suit)s solo")}


GAMES = MappingProxyType(
    {
        "sauspiel": Game(
            "sauspiel", partner_game, DECLARED | _DOUBLED | {"partner", "forced"}, _NEEDS_PARTNER,
            MappingProxyType({"bock": _BOCK, "forced": SystemGate("table_points.passed", "forced")}), kind="partner", trumps=14, partner="called",
            label=N_("Sauspiel"), short="Sau", tariff=20, laufende_from=3, examples=examples.SAUSPIEL),
        "wenz": _solo("wenz", 4, sie=_OLD_SIE, label=N_("Wenz"), laufende_from=2, examples=examples.WENZ),
        "solo": _solo("solo", 14, label=N_("Solo"), roles=_SUIT_NAMED, laufende_from=3, examples=examples.SOLO),
        "geier": _solo("geier", 4, sie=_OLD_SIE, label=N_("Geier"), laufende_from=2, examples=examples.GEIER),
        "farbwenz": _solo(
            "farbwenz", 11, sie=_OLD_SIE, label=N_("Farbwenz"), short="F.-Wenz", laufende_from=3,
            examples=examples.FARBWENZ),
        # The house games: a list plays them once its table switches them on.
        "hochzeit": Game(
            "hochzeit", partner_game, DECLARED | _DOUBLED | {"partner"},
            needs(**NEEDS_DECLARER, partner=N_("is missing: who took the trump?")),
            MappingProxyType({"bock": _BOCK}), kind="partner", trumps=14, partner="took",
            label=N_("Hochzeit"),
            # Who is who: the one with a single trump gives it away, whoever takes it partners.
            roles=MappingProxyType({
                "declarer": N_("who gave the trump away"), "partner": N_("who took the trump"),
            }),
            tariff=20, laufende_from=3, seed=False, examples=examples.HOCHZEIT),
        "bettel": Game(
            "bettel", bettel,
            frozenset({"declarer", "won", "ouvert", "contra", "re", "doubles", "bock", "suit"}),
            needs(declarer=NEEDS_DECLARER["declarer"],
                  won=N_("is missing: did the declarer take no trick (won) or not?")),
            MappingProxyType({"bock": _BOCK}), kind="solo", points=None,
            label=N_("Bettel"), tariff=30, seed=False, examples=examples.BETTEL),
        "farbgeier": _solo(
            "farbgeier", 11, label=N_("Farbgeier"), short="F.-Geier", laufende_from=3, seed=False,
            examples=examples.FARBGEIER),
        # The club tariff, played when all pass.
        "ramsch": Game(
            "ramsch", ramsch, frozenset({"points", "doubles", "loser", "no_trick", "bock"}),
            needs(points=N_("is missing: the card points are needed")),
            MappingProxyType({
                "bock": _BOCK,
                "no_trick": (Gate("virgin_by", "tricks"), Gate("durchmarsch_by", "tricks")),
            }),
            kind="all", points="players",
            label=N_("Ramsch"), tariff=10, examples=examples.RAMSCH),
        "penalty": penalty_game(frozenset({"bock"}), {"bock": _BOCK}, examples=examples.PENALTY),
        "passed": thrown_in(
            frozenset({"doubles", "bock", "points", "schwarz", "laufende"}),
            {"bock": _BOCK, **dict.fromkeys(("points", "schwarz", "laufende"), _CROSS)}, score=_passed),
    }
)

#: The names in a Bavarian breakdown besides the games' and the common ones: English, German.
TERMS = MappingProxyType({
    "durchmarsch": (N_("Durchmarsch"), "Durchmarsch"),
    "doubles": (N_("doubled"), "gelegt"),
    "sie": (N_("Sie"), "Sie"),
    "ouvert": (N_("Ouvert"), "Ouvert"),
    "hearts_solo": (N_("Herz-Solo"), "Herz-Solo"),
    "cross": (N_("Cross game"), "Über Kreuz"),
    "virgins": (N_("Virgins"), "Jungfrauen"),
    "virgin": (N_("Virgin"), "Jungfrau"),
    **BOCK_AND_STOCK_TERMS,
})
COUNTED = MappingProxyType({
    "virgins": (N_plural("%(num)s Virgin", "%(num)s Virgins"), ("%(num)s Jungfrau", "%(num)s Jungfrauen")),
    **BOCK_AND_STOCK_COUNTED,
})

#: The tariffs of no game: what schneider, schwarz and each Laufender add to a game's.
TERM_TARIFFS = MappingProxyType({"schneider": 10, "schwarz": 10, "laufende": 5})
_SEED, _HOUSE = [game for game in GAMES.values() if game.seed], [game for game in GAMES.values() if not game.seed]
#: A new list's tariffs, in the order stored lists and the rules table have them: the seed's
#: games with a declarer, the terms they add, the seed's others (Ramsch), then the house games.
SEED_TARIFFS = MappingProxyType({
    **tariffs_of(game for game in _SEED if game.kind != "all"), **TERM_TARIFFS,
    **tariffs_of(game for game in _SEED if game.kind == "all"),
})
TARIFFS = MappingProxyType({**SEED_TARIFFS, **tariffs_of(_HOUSE)})
#: A new list's Laufende thresholds, the Sauspiel's and the Solo's first (the order stored lists
#: and the rules table have), then the other games' in their order.
LAUFENDE_FROM = MappingProxyType(laufende_from_of(
    sorted(GAMES.values(), key=lambda game: game.name not in ("sauspiel", "solo"))
))
TRUMPS = trumps_of(GAMES)


OPTIONS = (
    games_option(GAMES),
    with_penalty(tariffs_option(TARIFFS), lambda tariffs: tariffs["solo"]),
    LaufendeFrom(
        "laufende_from", LAUFENDE_FROM, N_("Laufende count from"),
        N_("Per game: how many top trumps in a row start to count."),
        section="tariffs", high=TRUMPS,
    ),
    laufende_max_option(),
    schneider_option(30),
    Durchmarsch(
        "durchmarsch", 90, N_("Ramsch Durchmarsch from this many points (empty: none, 120: all tricks)"),
        N_("A player with this many points in a Ramsch wins it like a Solo."),
        section="ramsch",
    ),
    Choice(
        "virgin", "own", N_("Ramsch: a virgin doubles"),
        N_("A virgin took no points (or no trick); what doubles for them."),
        section="ramsch", choices=("own", "all", "none", "each"),
        labels=MappingProxyType({
            "own": N_("their own share"), "all": N_("everything"), "none": N_("nothing"),
            "each": N_("their own share, once for each virgin"),
        }),
    ),
    Choice(
        "durchmarsch_by", "points", N_("Ramsch: a Durchmarsch is"),
        N_("Reaching the Durchmarsch points above, or one player taking every trick."),
        section="ramsch", choices=("points", "tricks"),
        labels=MappingProxyType({"points": N_("reaching the points"), "tricks": N_("taking every trick")}),
    ),
    Choice(
        "virgin_by", "points", N_("Ramsch: a virgin is a player with"),
        N_("Whether a virgin is a player with no card points, or one who took no trick."),
        section="ramsch", choices=("points", "tricks"),
        labels=MappingProxyType({"points": N_("no card points"), "tricks": N_("no trick")}),
    ),
    Choice(
        "durchmarsch_value", "solo", N_("Ramsch: a Durchmarsch pays"),
        N_("A Durchmarsch pays as a won Solo, or as a Solo won schwarz."),
        section="ramsch", choices=("solo", "schwarz"),
        labels=MappingProxyType({"solo": N_("a Solo"), "schwarz": N_("a Solo won schwarz")}),
    ),
    BOCK,
    STOCK,
    TablePoints(
        "table_points", None, N_("Tournament points"),
        N_("A tournament's points per game and result instead of money: a published system or a custom one."),
        section="hidden", games=GAMES,
    ),
    Number(
        "edition", 2, N_("Edition of the rules"),
        N_("Lists started before the second edition keep its first edition's leniency on Sie and the called ace."),
        section="hidden", low=1, high=2,
    ),
    point_value_option(1),
)


def _reads_carry(rules: RuleSet) -> bool:
    return rules.plays_bock or rules.plays_stock


FAMILY = Family(
    name=NAME,
    label=N_("Schafkopf (4 or 5 players)"),
    description=N_(
        "The Bavarian game: Sauspiel with a called ace, Wenz, Solo, Ramsch; "
        "with five, the dealer sits out."
    ),
    seats=(4, 5),
    games=GAMES,
    options=OPTIONS,
    most_active=4,
    carry_rules=((("bock", "stock"), bock_and_stock), (("table_points",), plus_only)),
    reads_carry=_reads_carry,
    common_rules=(
        # Bock rounds and the pot with their defaults: {} is every default of a group.
        CommonRules(N_("Bock and Stock"), MappingProxyType({"bock": {}, "stock": {}})),
    ),
    terms=TERMS,
    counted=COUNTED,
    examples=examples_of(GAMES, *examples.HOUSE_RULES),
    keys=(OFFENDER,),
)
