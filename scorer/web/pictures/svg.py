"""SVG drawings of a list, built as strings on the server.

They need no script and no library: the page works with scripts off, and
the drawings cost a few kilobytes at most. Colours come as SVG presentation
attributes (not style attributes), which the Content-Security-Policy allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from markupsafe import Markup, escape

from scorer.engine import ListResult

#: One colour and one dash pattern per seat, the same on every page: six
#: colours with at least 3:1 contrast on white (WCAG 1.4.11), and dashes so
#: the lines stay apart without colour.
COLOURS = ("#1f5f3a", "#a3262a", "#1d4e89", "#8a5a00", "#6b2d8f", "#00707a")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")
#: A long list is drawn with at most this many points a line.
MOST_POINTS = 240


def colour(seat: int) -> str:
    """The colour of a seat."""
    return COLOURS[seat % len(COLOURS)]


@dataclass(frozen=True)
class Chart:
    """The running totals of a list as an SVG line chart, with what a legend needs."""

    svg: Markup
    #: (name, colour, dash, total) per player, in seating order.
    legend: tuple[tuple[str, str, str, int], ...]
    #: What the shaded bands stand for, when the chart has any (the legend names them).
    bands: str = ""


def running_totals(result: ListResult) -> list[list[int]]:
    """Each player's total after each deal, starting from 0 before the first."""
    totals = [0] * len(result.players)
    rows = [list(totals)]
    for scored in result.deals:
        for i, who in enumerate(result.players):
            totals[i] += scored.payouts[who]
        rows.append(list(totals))
    return rows


def _sampled(count: int) -> list[int]:
    """Which of count points to draw: all, or evenly spread with the last one kept."""
    if count <= MOST_POINTS:
        return list(range(count))
    step = (count - 1) / (MOST_POINTS - 1)
    return sorted({round(i * step) for i in range(MOST_POINTS)})


def running_chart(
    result: ListResult, *, title: str, zero: str, bock_label: str, band_legend: str = "",
) -> Chart:
    """The running totals: one line per player over the deals, zero marked, Bock deals shaded.

    ``band_legend`` is what the legend says of the shaded deals.
    """
    bands = [
        (scored.number - 1, scored.number, f"{bock_label} ×{scored.under_bock}")
        for scored in result.deals if scored.under_bock is not None and scored.under_bock > 1
    ]
    drawn = line_chart(result.players, running_totals(result), title=title, zero=zero, bands=bands)
    return replace(drawn, bands=band_legend) if bands else drawn


def line_chart(
    players: Sequence[str], rows: Sequence[Sequence[int]], *, title: str, zero: str,
    bands: Sequence[tuple[int, int, str]] = (), chart_id: str = "chart-title",
) -> Chart:
    """One line per player through rows of totals (a row per step, from the start), zero marked.

    ``bands`` shade the steps from one index to another, each with its tooltip.
    """
    width, height, left, right, top, bottom = 360, 200, 34, 8, 8, 18
    values = [v for row in rows for v in row]
    low, high = min(0, *values), max(0, *values)
    if low == high:
        high = low + 1
    span_x = max(len(rows) - 1, 1)

    def x(i: int) -> float:
        return left + (width - left - right) * i / span_x

    def y(v: int) -> float:
        return top + (height - top - bottom) * (high - v) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{chart_id}" preserveAspectRatio="none" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}">{escape(title)}</title>',
    ]
    for start, end, label in bands:
        x0, x1 = x(start), x(end)
        parts.append(
            f'<rect class="bock-band" x="{x0:.1f}" y="{top}" width="{x1 - x0:.1f}" '
            f'height="{height - top - bottom}" fill="#f3d37a" fill-opacity="0.45">'
            f"<title>{escape(label)}</title></rect>"
        )
    zero_y = y(0)
    parts.append(
        f'<line x1="{left}" x2="{width - right}" y1="{zero_y:.1f}" y2="{zero_y:.1f}" '
        f'stroke="#5d6670" stroke-width="1" stroke-dasharray="3 3"/>'
        f'<text x="{left - 4}" y="{zero_y + 4:.1f}" text-anchor="end" font-size="11" fill="#3d4550">{escape(zero)}</text>'
        f'<text x="{left - 4}" y="{top + 9}" text-anchor="end" font-size="11" fill="#3d4550">{high}</text>'
        f'<text x="{left - 4}" y="{height - bottom}" text-anchor="end" font-size="11" fill="#3d4550">{low}</text>'
    )
    picks = _sampled(len(rows))
    legend = []
    for seat, who in enumerate(players):
        points = " ".join(f"{x(i):.1f},{y(rows[i][seat]):.1f}" for i in picks)
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour(seat)}" stroke-width="2.5"'
            f'{dash_attr} stroke-linejoin="round" vector-effect="non-scaling-stroke"/>'
        )
        legend.append((who, colour(seat), dash, rows[-1][seat]))
    parts.append("</svg>")
    return Chart(Markup("".join(parts)), tuple(legend))


# -- the sheep's head -----------------------------------------------------------------------

#: The nine strokes of a sheep's head, in the order they are drawn, on a 40 x 44 box:
#: the woolly crown, the long face narrowing to the muzzle, the hanging ears, the
#: eyes, and last the nose and mouth (the head is complete).
STROKES = (
    "M10 15 Q8 8 14 8 Q15 3 20 4 Q25 3 26 8 Q32 8 30 15",  # the woolly crown
    "M11 15 Q10 26 15 34",  # the face: left
    "M29 15 Q30 26 25 34",  # the face: right
    "M15 34 Q20 41 25 34",  # the muzzle
    "M11 17 Q5 15 1 21 Q7 23 11 20",  # an ear
    "M29 17 Q35 15 39 21 Q33 23 29 20",  # the other ear
    "M15 21 a1.1 1.1 0 1 0 2.2 0 a1.1 1.1 0 1 0 -2.2 0",  # an eye
    "M22.8 21 a1.1 1.1 0 1 0 2.2 0 a1.1 1.1 0 1 0 -2.2 0",  # the other eye
    "M17.5 30 L20 32.5 L22.5 30 M20 32.5 L20 35.5",  # the nose and mouth: complete
)

#: A completed head's face, filled behind its strokes like a white sheep's wool.
_FACE = "M10 15 Q8 8 14 8 Q15 3 20 4 Q25 3 26 8 Q32 8 30 15 Q30 26 25 34 Q20 41 15 34 Q10 26 10 15 Z"


def sheeps_head(strokes: int, *, size: int = 88, label: str) -> Markup:
    """A sheep's head with this many of its nine strokes drawn (all nine: a completed head).

    No stroke yet draws nothing: a team without strokes keeps no empty space.
    """
    drawn = STROKES[: max(0, min(strokes, len(STROKES)))]
    if not drawn:
        return Markup("")
    face = f'<path d="{_FACE}" fill="#f3ede0" stroke="none"/>' if len(drawn) == len(STROKES) else ""
    paths = "".join(f'<path class="stroke" d="{d}"/>' for d in drawn)
    return Markup(
        f'<svg class="sheeps-head" width="{size}" height="{size * 44 // 40}" viewBox="0 0 40 44" '
        f'role="img" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">{face}'
        f'<g stroke="#1b1b1b" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" '
        f'fill="none">{paths}</g></svg>'
    )


#: How wide a completed head is drawn beside the growing one: big enough to read as a sheep.
DONE_SIZE = 44


def heads_row(heads: int, *, label: str) -> Markup:
    """The completed heads of a team, side by side."""
    return Markup("").join(sheeps_head(9, size=DONE_SIZE, label=label) for _ in range(heads))


def tally_bar(points: int, *, goal: int = 10, label: str) -> Markup:
    """The classic tally towards its goal ("game to ten"), as a bar."""
    share = max(0, min(points, goal)) / goal
    return Markup(
        f'<svg class="tally-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect x="0" y="0" width="100" height="10" fill="#e7f2eb"/>'
        f'<rect x="0" y="0" width="{share * 100:.1f}" height="10" fill="#1f5f3a"/></svg>'
    )


def legend_line(colour_: str, dash: str) -> Markup:
    """A short line in a player's colour and dash, for the legend."""
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return Markup(
        f'<svg class="swatch" width="28" height="10" viewBox="0 0 28 10" aria-hidden="true" '
        f'xmlns="http://www.w3.org/2000/svg"><line x1="1" y1="5" x2="27" y2="5" stroke="{colour_}" '
        f'stroke-width="3"{dash_attr}/></svg>'
    )
