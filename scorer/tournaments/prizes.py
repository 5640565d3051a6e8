"""A tournament's prize list: who takes what, worked out from the standings.

The entry fees collected (the fee times everyone registered: the withdrawn
paid too) are paid out by place in shares (percent of the fees, each share
rounded down to a whole cent), beside fixed prizes in money or in goods for a
place, the last, the second to last, and each round's best. Places shared in
the standings share the sum of their places' prizes equally (rounded down);
the cents that no rounding could pay are said as such, never lost silently.
Withdrawn participants take no prize: the places are those of the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.engine import N_, ScoringError
from scorer.engine.errors import shown
from scorer.engine.values import mapping, plain_text, unknown_key, whole

#: The places a prize may name besides a place's number.
NAMED_PLACES = ("last", "second_to_last", "round_best")
#: The most a fee or a prize is, in cents (a million), and the most places, shares and prizes.
MOST_CENTS = 100_000_000
MOST_PLACE = 10_000
MOST_SHARES = 100
MOST_PRIZES = 100
#: The longest text of a prize in goods.
MOST_LABEL = 80


@dataclass(frozen=True)
class Prize:
    """A fixed prize: for a place (1, 2, ...) or a named one, in cents or in goods (a label)."""

    place: int | str
    amount: int = 0
    label: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """As the tournament keeps and answers it."""
        return {"place": self.place, "label": self.label} if self.label is not None \
            else {"place": self.place, "amount": self.amount}


@dataclass(frozen=True)
class PrizeRules:
    """What a tournament pays: the entry fee (cents), the shares by place (percent) and fixed prizes."""

    entry_fee: int = 0
    shares: tuple[int, ...] = ()
    prizes: tuple[Prize, ...] = ()

    def __bool__(self) -> bool:
        """Whether the tournament takes a fee or pays anything: a fee alone is still money to account for."""
        return bool(self.entry_fee or self.shares or self.prizes)


@dataclass(frozen=True)
class Award:
    """What one participant takes: money in cents and prizes in goods; ``shared`` with how many in all."""

    amount: int = 0
    labels: tuple[str, ...] = ()
    shared: int = 1
    #: The rounds whose best they were (their money includes those prizes).
    round_best: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        """Whether there is anything to take (a share of nothing is no prize)."""
        return bool(self.amount or self.labels)

    def plus(self, amount: int, labels: Sequence[str] = (), round_number: int | None = None) -> Award:
        """This award with more money and goods (a round's best prize on top of a place's)."""
        best = self.round_best if round_number is None else (*self.round_best, round_number)
        return Award(self.amount + amount, (*self.labels, *labels), self.shared, best)

    def to_dict(self) -> dict[str, Any]:
        """As the API answers a standing's prize: ``amount`` when money, ``label`` when goods (both when both)."""
        out: dict[str, Any] = {}
        if self.amount:
            out["amount"] = self.amount
        if self.labels:
            out["label"] = " + ".join(self.labels)
        return out


@dataclass(frozen=True)
class RoundBest:
    """A round's best: the round, their points, who (start numbers), and what each of them takes."""

    round: int
    points: int
    winners: tuple[int, ...]
    amount: int
    labels: tuple[str, ...]


@dataclass(frozen=True)
class PrizeList:
    """The prize list: the fees collected, each participant's award, the rounds' best, what is paid out."""

    collected: int
    awards: Mapping[int, Award] = field(default_factory=dict)
    round_best: tuple[RoundBest, ...] = ()
    #: Every award's money together (round-best prizes included).
    paid_out: int = 0
    #: Cents left over by rounding: shares rounded down, and prizes split between equal places.
    rest: int = 0


# -- checked from a document -------------------------------------------------------------------


def checked_prize_rules(entry_fee: Any, shares: Any, prizes: Any) -> PrizeRules:
    """Read a tournament's ``entry_fee``, ``shares`` and ``prizes`` (each may be left out)."""
    fee = 0 if entry_fee is None else whole(entry_fee, "entry_fee", low=0, high=MOST_CENTS)
    percent: tuple[int, ...] = ()
    if shares is not None:
        if not isinstance(shares, list) or len(shares) > MOST_SHARES:
            raise ScoringError("shares", N_("must be a list of percentages by place, not %(value)s"),
                               value=shown(shares))
        percent = tuple(whole(share, f"shares.{n}", low=0, high=100) for n, share in enumerate(shares, 1))
        if sum(percent) > 100:
            raise ScoringError("shares", N_("the shares sum to %(sum)s percent, more than the fees collected"),
                               sum=sum(percent))
    fixed: tuple[Prize, ...] = ()
    if prizes is not None:
        if not isinstance(prizes, list) or len(prizes) > MOST_PRIZES:
            raise ScoringError("prizes", N_("must be a list of prizes, not %(value)s"), value=shown(prizes))
        fixed = tuple(_prize(sent, f"prizes.{n}") for n, sent in enumerate(prizes, 1))
    return PrizeRules(fee, percent, fixed)


def _prize(sent: Any, key: str) -> Prize:
    """One prize: ``{"place": N | name, "amount": cents}`` or ``{"place": ..., "label": text}``."""
    sent = mapping(sent, key)
    for name in sent:
        if name not in ("place", "amount", "label"):
            raise unknown_key(name, ("place", "amount", "label"), "object", path=key)
    place = sent.get("place")
    if isinstance(place, str):
        if place not in NAMED_PLACES:
            raise ScoringError(f"{key}.place", N_("%(name)s is not a place (a number, %(known)s)"),
                               name=shown(place), known=", ".join(NAMED_PLACES))
    else:
        place = whole(place, f"{key}.place", low=1, high=MOST_PLACE)
    if ("amount" in sent) == ("label" in sent):
        raise ScoringError(key, N_("a prize has an amount in cents or a label, one of them"))
    if "label" in sent:
        label = plain_text(sent["label"], f"{key}.label", most=MOST_LABEL).strip()
        if not label:
            raise ScoringError(f"{key}.label", N_("must name the prize"))
        return Prize(place, label=label)
    return Prize(place, amount=whole(sent["amount"], f"{key}.amount", low=0, high=MOST_CENTS))


# -- worked out ---------------------------------------------------------------------------------


def _position(place: int | str, present: int) -> int | None:
    """The position (1 = first) a prize's place names among ``present`` participants; None: nobody."""
    position = {"last": present, "second_to_last": present - 1}.get(place, place) if isinstance(place, str) \
        else place
    return position if isinstance(position, int) and 1 <= position <= present else None


def prize_list(
    rules: PrizeRules, registered: int, placed: Sequence[tuple[int, int]],
    round_points: Mapping[int, Sequence[int]], rounds_played: Sequence[int],
) -> PrizeList:
    """Work out who takes what.

    ``registered`` counts everyone who paid the fee (withdrawn included);
    ``placed`` is each participant not withdrawn with their place among them
    (``(place, start number)``, best first, equals sharing a place);
    ``round_points`` their points by round (1 first) and ``rounds_played``
    the rounds whose best takes a ``round_best`` prize.
    """
    collected = rules.entry_fee * registered
    present = len(placed)
    money = [0] * (present + 1)
    goods: list[list[str]] = [[] for _ in range(present + 1)]
    rest = 0
    paid_shares = [share for position, share in enumerate(rules.shares, 1) if position <= present]
    for position, share in enumerate(paid_shares, 1):
        money[position] += collected * share // 100
    # The shares together are worth this many whole cents; what rounding each down kept back is said.
    rest += collected * sum(paid_shares) // 100 - sum(money)
    best_amount, best_labels = 0, list[str]()
    for prize in rules.prizes:
        if prize.place == "round_best":
            best_amount += prize.amount
            best_labels += [prize.label] if prize.label else []
            continue
        at = _position(prize.place, present)
        if at is not None:
            money[at] += prize.amount
            goods[at] += [prize.label] if prize.label else []
    awards: dict[int, Award] = {}
    groups: dict[int, list[int]] = {}
    for place, number in placed:
        groups.setdefault(place, []).append(number)
    for place, numbers in groups.items():
        positions = range(place, min(place + len(numbers), present + 1))
        total = sum(money[p] for p in positions)
        each = total // len(numbers)
        rest += total - each * len(numbers)
        labels = tuple(label for p in positions for label in goods[p])
        for number in numbers:
            awards[number] = Award(each, labels, len(numbers))
    best: list[RoundBest] = []
    if best_amount or best_labels:
        for round_number in rounds_played:
            points = {n: got[round_number - 1] for n, got in round_points.items() if round_number <= len(got)}
            if not points:
                continue
            top = max(points.values())
            winners = tuple(n for n in sorted(points) if points[n] == top)
            each = best_amount // len(winners)
            rest += best_amount - each * len(winners)
            best.append(RoundBest(round_number, top, winners, each, tuple(best_labels)))
            for number in winners:
                awards[number] = awards.get(number, Award()).plus(each, best_labels, round_number)
    kept = {number: award for number, award in awards.items() if award}
    return PrizeList(collected, kept, tuple(best), sum(a.amount for a in kept.values()), rest)
