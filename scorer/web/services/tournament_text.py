"""A tournament's texts: its name, and how a table's list is titled and names its seats.

A table's list is a list like any other, so what it is given must pass as
any list's title and players do (``plain_text``, ``name``): checked here
when the tournament is taken (its participants: ``tournament_names``), the
draw can never fail on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from scorer.engine import N_, ScoringError
from scorer.engine.values import MAX_NAME, MAX_TITLE, name_key, plain_text

#: The longest tournament name kept (the form takes as many).
MAX_TOURNAMENT_NAME = 80
#: What the title of a table's list says after the tournament's name.
_TABLE_TITLE = " · Round {round} · Table {table}"


def tournament_name(value: Any) -> str:
    """Read a tournament's name: visible text, cut to :data:`MAX_TOURNAMENT_NAME` characters.

    Refused with a control character, a lone surrogate or a direction
    override, as a list's title is: it names every table's list.
    """
    if not isinstance(value, str) or not value.strip():
        raise ScoringError("name", N_("needs a name for the tournament"))
    return plain_text(value.strip()[:MAX_TOURNAMENT_NAME].strip(), "name", most=MAX_TOURNAMENT_NAME)


def table_title(tournament: str, round_number: int, table: int) -> str:
    """The title of a table's list: the tournament's name, cut short where needed, its round and table.

    The round and the table are what tell the lists apart, so they are kept
    whole and the name gives way: a list's title holds :data:`MAX_TITLE`.
    """
    suffix = _TABLE_TITLE.format(round=round_number, table=table)
    room = MAX_TITLE - len(suffix)
    shown = tournament if len(tournament) <= room else tournament[:room - 1].rstrip() + "…"
    return shown + suffix


def seat_labels(
    seated: Iterable[tuple[int, str]], everyone: Iterable[str],
) -> dict[int, str]:
    """How a table's list names each seat: by who plays it, with the start number where a name is shared.

    ``seated`` gives each seated participant's start number and the name
    their seat is played under (a substitute's own); ``everyone`` every name
    of the tournament (participants, withdrawn too, and substitutes). A name
    borne twice there becomes "Name (12)", so no list has two seats alike.
    """
    counts = Counter(name_key(text) for text in everyone)
    labels = {}
    for number, text in seated:
        if counts[name_key(text)] > 1:
            suffix = f" ({number})"
            text = text[:MAX_NAME - len(suffix)].rstrip() + suffix
        labels[number] = text
    return labels
