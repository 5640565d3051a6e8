"""The pictures of a list as the pages show them, in the page's language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from scorer.engine import FAMILIES, ListResult
from scorer.engine.families.base import WORDS
from scorer.engine.statistics import statistics
from scorer.web.pictures.svg import (
    Chart, heads_row, line_chart, running_chart, sheeps_head, tally_bar,
)
from scorer.web.services.groups import Season


def chart_of(result: ListResult) -> Chart | None:
    """The running totals' chart, once a deal is played."""
    if not result.deals:
        return None
    return running_chart(
        result, title=_("Running totals after each deal"), zero="0", bock_label=_("Bock"),
        band_legend=_("Shaded: deals under Bock"),
    )


def tally_pictures(result: ListResult, tally: dict[str, Any] | None) -> dict[str, Any]:
    """The sheep's heads of the German teams, or the classic tally's bars towards ten."""
    if not tally:
        return {}
    if "teams" in tally:
        return {
            "heads": [
                {
                    "head": sheeps_head(team["strokes"], label=ngettext(
                        "%(num)s stroke of nine", "%(num)s strokes of nine", team["strokes"])),
                    "done": heads_row(team["heads"], label=_("a completed head")),
                }
                for team in tally["teams"]
            ]
        }
    if "classic" in tally:
        return {
            "bars": {
                who: tally_bar(points, label=_("%(points)s of 10 classic points", points=points))
                for who, points in tally["classic"].items()
            }
        }
    return {}


#: The statistics table's rows each family words its own way (``Family.words``).
STATISTICS_ROLES = ("stats_declared", "stats_alone", "stats_doubled", "stats_all_play")


def statistics_words(family_names: Iterable[str]) -> dict[str, str]:
    """The statistics rows' words: the family's own where every list is of one family (a season
    may hold several), else the common ones."""
    names = set(family_names)
    family = FAMILIES.get(names.pop()) if len(names) == 1 else None
    return {role: _(family.word(role) if family else WORDS[role]) for role in STATISTICS_ROLES}


def statistics_of(result: ListResult) -> dict[str, Any]:
    """The statistics table's data: per player, and the games someone declared, in the family's order."""
    if not result.deals:
        return {"stats": None, "stat_games": []}
    stats = statistics(result)
    played = {game for s in stats.values() for game in s.by_game}
    return {"stats": stats, "stat_games": [g for g in result.rules.family.games if g in played]}


def season_chart_of(season: Season) -> Chart | None:
    """The season's chart: each player's running total over the lists, once a list is played."""
    if not season.lists or not season.players:
        return None
    return line_chart(
        season.players, season.running, title=_("Running totals in units after each list"),
        zero="0", chart_id="season-chart-title",
    )
