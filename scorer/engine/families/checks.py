"""The checks the families share: who plays, the card points, ties, the partner."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from scorer.engine.deals import Deal
from scorer.engine.errors import N_, ScoringError, shown
from scorer.engine.families.base import SET, Game, RuleSet, Table

#: Card points of the two cards a declarer may put away: two aces at most.
MOST_IN_BLIND = 22


def check(rules: RuleSet, game: Game, deal: Deal) -> None:
    """Check a deal's keys against its game and the list's house rules."""
    if not rules.allows(game.name):
        raise ScoringError("game", N_("this list's rules do not allow %(game)s"), game=game.name)
    for key, message in game.required.items():
        if deal.value(key) is None:
            raise ScoringError(key, message)
    given = deal.given
    foreign = given - game.keys - {"dealer"}  # any deal may name its dealer
    if foreign:
        key = next(k for k in deal.set_keys() if k in foreign)
        raise ScoringError(key, N_("a %(game)s has no %(name)s"), game=game.name, name=key)
    for key, gates in game.gated.items():
        if key in given and not game.open(rules, key):
            # Of several rules that would open it, the first is named.
            gate = gates[0] if isinstance(gates, tuple) else gates
            if gate.value is True or gate.value is SET:
                raise ScoringError(
                    key, N_("this list does not play %(name)s (house rule %(rule)s is off)"),
                    name=key, rule=gate.rule,
                )
            raise ScoringError(
                key, N_("this list does not use %(name)s (house rule %(rule)s is %(value)s)"),
                name=key, rule=gate.rule, value=shown(gate.current(rules)),
            )


def seated(table: Table, who: str, key: str) -> str:
    """Check that a named player plays this deal."""
    if who not in table.players:
        raise ScoringError(key, N_("%(name)s is not a player of this list"), name=who)
    if who not in table.active:
        if who == table.dealer:
            raise ScoringError(key, N_("%(name)s deals and sits out this deal"), name=who)
        raise ScoringError(key, N_("%(name)s sits out this deal, after the dealer"), name=who)
    return who


#: A schwarz flag the points contradict, where the declarer put cards away (or buried them).
_NOT_SCHWARZ_WITH_WIDOW = N_(
    "with %(points)s points nobody was schwarz: the declarer takes every "
    "trick (120) or none (at most the %(blind)s put away)"
)
_NO_TRICKER = N_(
    "with %(points)s points nobody was a no-tricker: the picker's side takes "
    "every trick (120) or none (at most the %(blind)s buried)"
)


def side_points(deal: Deal, *, widow: bool, picker: bool = False) -> int:
    """The declaring side's card points, checked against the schwarz flag.

    ``picker``: the declarer picked the blind (Sheepshead), and a refusal says
    it as Sheepshead players do: a no-tricker, the cards buried.
    """
    points = deal.points
    if not isinstance(points, int):
        raise ScoringError(
            "points", N_("a %(game)s counts the declaring side's card points: one number"),
            game=deal.game,
        )
    if deal.schwarz and widow and not (points == 120 or points <= MOST_IN_BLIND):
        raise ScoringError("schwarz", _NO_TRICKER if picker else _NOT_SCHWARZ_WITH_WIDOW,
                           points=points, blind=MOST_IN_BLIND)
    if deal.schwarz and not widow and points not in (0, 120):
        raise ScoringError(
            "schwarz",
            N_("with %(points)s points nobody was schwarz: a side that took no trick "
               "has 0 and the other all 120"),
            points=points,
        )
    return points


def player_points(deal: Deal, table: Table) -> Mapping[str, int]:
    """Every active player's card points in a Ramsch, least or leaster, summing to 120."""
    points = deal.points
    if not isinstance(points, Mapping):
        raise ScoringError(
            "points", N_('a %(game)s needs each player\'s card points, like {"%(name)s": 30, ...}'),
            game=deal.game, name=table.active[0],
        )
    for who in points:
        if who not in table.active:
            seated(table, who, "points")  # refuses who is not a player, or sits out
    missing = [who for who in table.active if who not in points]
    if missing:
        raise ScoringError("points", N_("%(names)s: points are missing"), names=", ".join(missing))
    total = sum(points.values())
    if total != 120:
        raise ScoringError("points", N_("add up to %(total)s, not the 120 in the pack"), total=total)
    return points


def no_trick(deal: Deal, table: Table, points: Mapping[str, int]) -> frozenset[str]:
    """The players named as taking no trick; each must play and have 0 points."""
    for who in deal.no_trick:
        seated(table, who, "no_trick")
        if points[who]:
            raise ScoringError(
                "no_trick", N_("%(name)s has %(points)s points, so took a trick"),
                name=who, points=points[who],
            )
    return frozenset(deal.no_trick)


#: What :func:`the_one` says of a tie for the most or the fewest points: the
#: player named is not in it, and nobody is named.
_TIE: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "most": (
            N_("%(name)s does not have the most points"),
            N_("is missing: %(names)s and %(last)s tie for the most points; name one"),
        ),
        "fewest": (
            N_("%(name)s does not have the fewest points"),
            N_("is missing: %(names)s and %(last)s tie for the fewest points; name one"),
        ),
    }
)


def the_one(
    given: str | None, candidates: list[str], table: Table, key: str,
    what: Literal["most", "fewest"],
) -> str:
    """Pick the loser or winner of a tie: named when tied, else the only one."""
    not_tied, tied = _TIE[what]
    if given is not None:
        seated(table, given, key)
        if given not in candidates:
            raise ScoringError(key, not_tied, name=given)
        return given
    if len(candidates) > 1:
        raise ScoringError(
            key, tied, names=", ".join(candidates[:-1]), last=candidates[-1]
        )
    return candidates[0]


#: What :func:`partner_of` says when the partner named is the declarer, by how the partner is named.
_SELF_PARTNER: Mapping[str | None, str] = MappingProxyType(
    {
        "called": N_("%(name)s is the declarer; the partner holds the called ace"),
        "took": N_("%(name)s is the declarer; the partner took the trump"),
    }
)


def partner_of(table: Table, deal: Deal, declarer: str, game: Game) -> str:
    """The named partner: a player of this deal other than the declarer."""
    assert deal.partner is not None
    partner = seated(table, deal.partner, "partner")
    if partner == declarer:
        message = _SELF_PARTNER.get(
            game.partner, N_("%(name)s is the declarer and cannot be the partner too")
        )
        raise ScoringError("partner", message, name=partner)
    return partner
