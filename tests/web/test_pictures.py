"""The pictures of a list: the running totals' chart, the sheep's head, the tally towards ten."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorer.engine import read_list
from scorer.web.pictures.svg import STROKES, running_totals
from tests.web.conftest import FOUR

# What a picture draws does not depend on the database: make test's SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 80}


def create(client: FlaskClient, rules: dict[str, Any], players: list[str], deals: list[dict[str, Any]]) -> str:
    response = client.post("/api/lists", json={"rules": rules, "players": players, "deals": deals})
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def page(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def polylines(html: str) -> list[list[tuple[float, float]]]:
    return [
        [tuple(map(float, point.split(","))) for point in found.split()]  # type: ignore[misc]
        for found in re.findall(r'<polyline points="([^"]+)"', html)
    ]


def test_the_running_totals_start_at_zero_and_add_each_deal() -> None:
    document = {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [SAUSPIEL, SOLO, SAUSPIEL]}
    rows = running_totals(read_list(document).replay())
    assert rows == [[0, 0, 0, 0], [20, -20, 20, -20], [-20, 100, -20, -60], [0, 80, 0, -80]]


def test_the_list_page_draws_one_line_per_player_ending_at_the_totals(client: FlaskClient) -> None:
    list_id = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL, SOLO, SAUSPIEL])
    html = page(client, f"/l/{list_id}")
    chart = html[html.index('<details class="card chart-card">'):html.index("</details>", html.index("chart-card"))]
    lines = polylines(chart)
    assert len(lines) == 4 and all(len(line) == 4 for line in lines)
    # The higher the total, the higher the line ends (SVG y grows downwards).
    ends = {who: line[-1][1] for who, line in zip(FOUR, lines)}
    assert ends["Bene"] < ends["Anna"] == ends["Chris"] < ends["Dora"]
    # All lines start together on the zero line.
    zero = float(re.search(r'<line x1="[\d.]+" x2="[\d.]+" y1="([\d.]+)"', chart).group(1))
    assert {line[0][1] for line in lines} == {zero}
    assert "+80" in chart and "−80" in chart  # the legend's totals


def test_the_chart_shades_each_deal_played_under_bock(client: FlaskClient) -> None:
    deals = [{"game": "passed"}, SAUSPIEL, SOLO, SAUSPIEL, SOLO, SAUSPIEL]
    list_id = create(client, {"preset": "bavarian", "bock": {}}, FOUR, deals)
    html = page(client, f"/l/{list_id}")
    assert html.count('class="bock-band"') == 4
    # The legend says what the shading is; a list without Bock deals says nothing of it.
    assert html.count("Shaded: deals under Bock") == 1
    plain = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL])
    assert "Shaded:" not in page(client, f"/l/{plain}")


def test_a_list_without_deals_has_no_chart(client: FlaskClient) -> None:
    list_id = create(client, {"preset": "bavarian"}, FOUR, [])
    assert "chart-card" not in page(client, f"/l/{list_id}")


def test_the_settle_page_shows_the_chart_open(client: FlaskClient) -> None:
    list_id = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL])
    html = page(client, f"/l/{list_id}/settle")
    assert '<section class="card chart-card">' in html and len(polylines(html)) == 4


def test_a_long_list_draws_a_bounded_number_of_points_ending_at_the_last_deal(client: FlaskClient) -> None:
    list_id = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL, SOLO] * 300)
    # A long list's page leaves its chart to the settle-up page.
    lines = polylines(page(client, f"/l/{list_id}/settle"))
    assert all(len(line) <= 240 for line in lines)
    assert lines[0][-1][0] == max(x for x, _ in lines[0])


def strokes_drawn(svg: str) -> int:
    return svg.count('class="stroke"')


def test_the_german_sheeps_head_grows_stroke_by_stroke_and_completed_heads_stand_beside_it(
    client: FlaskClient,
) -> None:
    normal = {"game": "normal", "declarer": "Anna", "points": 95}  # 2 strokes for Anna and Chris
    schwarz = {"game": "normal", "declarer": "Bene", "points": 120, "schwarz": True}  # a head for Bene and Dora
    list_id = create(client, {"preset": "german"}, FOUR, [schwarz, normal, normal])
    html = page(client, f"/l/{list_id}")
    heads = re.findall(r'<span class="sheep">(.*?)</span></span>', html, re.S)
    assert len(heads) == 2
    ours, theirs = heads
    first = ours.split('<span class="done">')
    assert strokes_drawn(first[0]) == 4 and 'aria-label="4 strokes of nine"' in first[0]
    assert first[1].count("<svg") == 0
    second = theirs.split('<span class="done">')
    assert strokes_drawn(second[0]) == 0
    assert second[1].count("<svg") == 1 and strokes_drawn(second[1]) == len(STROKES)


def test_the_classic_tally_is_a_bar_towards_ten(client: FlaskClient) -> None:
    pick = {"game": "pick", "declarer": "Anna", "points": 95}  # 4 classic points
    list_id = create(client, {"preset": "sheepshead3"}, FOUR[:3], [pick])
    html = page(client, f"/l/{list_id}")
    widths = re.findall(r'class="tally-bar".*?<rect x="0" y="0" width="([\d.]+)" height="10" fill="#1f5f3a"', html, re.S)
    assert widths == ["40.0", "0.0", "0.0"]


def test_the_list_page_has_a_folded_statistics_table_with_a_column_per_player(client: FlaskClient) -> None:
    list_id = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL, SOLO, SAUSPIEL])
    html = page(client, f"/l/{list_id}")
    stats = html[html.index('<details class="card stats-card">'):]
    stats = stats[:stats.index("</details>")]
    rows = {
        re.sub(r"<.*?>", "", row.split("</th>")[0]).strip(): re.findall(r'<td class="pay[^"]*">(.*?)</td>', row)
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", stats, re.S)[1:]
    }
    assert rows["Deals played"] == ["3", "3", "3", "3"]
    assert rows["Declared: won"] == ["2 of 2", "1 of 1", "0 of 0", "0 of 0"]
    assert rows["Sauspiel"] == ["2 of 2", "–", "–", "–"]
    assert rows["As partner: won"] == ["0 of 0", "0 of 0", "2 of 2", "0 of 0"]
    assert rows["Biggest win"] == ["+20", "+120", "+20", "–"]
    assert rows["Biggest loss"] == ["−40", "−20", "−40", "−40"]


def statistics_rows(html: str) -> list[str]:
    """The row heads of the list page's statistics table."""
    stats = html[html.index('<details class="card stats-card">'):]
    stats = stats[:stats.index("</details>")]
    return [re.sub(r"<.*?>", "", row.split("</th>")[0]).strip()
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", stats, re.S)[1:]]


def test_the_doubled_row_shows_only_once_a_deal_was_doubled(client: FlaskClient) -> None:
    plain = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL, SOLO])
    assert "Kontra played: won" not in statistics_rows(page(client, f"/l/{plain}"))
    doubled = create(client, {"preset": "bavarian"}, FOUR, [SAUSPIEL, {**SOLO, "contra": True}])
    assert "Kontra played: won" in statistics_rows(page(client, f"/l/{doubled}"))
    german = create(client, {"preset": "german"}, FOUR, [{"game": "normal", "declarer": "Anna", "partner": "Chris", "points": 70}])
    rows = statistics_rows(page(client, f"/l/{german}"))
    assert "Deals played" in rows and not {"Doubled: won", "Kontra played: won"} & set(rows)
