"""A tournament table's deal form offers what its system needs, and stores what its preview showed.

The table of a tournament is a list whose rules carry ``table_points``: a
Herz-Solo paid more needs the Solo's suit, a forced Sauspiel is ticked
"forced", a hand everyone passed is played "über Kreuz" with the first
team's card points, Kontra is refused, ignored or loses the game, and a
Bettel is played where the system pays it.
"""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

#: The tournament's players: eight, two tables of four.
EIGHT = [f"Player {n}" for n in range(1, 9)]


def table(client: FlaskClient, table_points: dict[str, Any], **rules: Any) -> dict[str, Any]:
    """A tournament under these points, its first round drawn: the first table, its key taken."""
    made = client.post("/api/tournaments", json={
        "name": "Cup", "rules": {"preset": "bavarian", "table_points": table_points, **rules},
        "players": EIGHT, "rounds": 2, "deals_per_round": 8})
    assert made.status_code == 201, made.get_json()
    tournament = made.get_json()
    drawn = client.post(f"/api/tournaments/{tournament['id']}/rounds",
                        headers={"X-Edit-Key": tournament["edit_key"]})
    assert drawn.status_code == 201, drawn.get_json()
    first = dict(drawn.get_json()["tables"][0])
    client.get(f"/l/{first['list']['id']}?key={first['list']['edit_key']}")
    return first


def form_of(client: FlaskClient, seated: dict[str, Any], **headers: str) -> str:
    """The deal form of the table's next deal, as the page's form element."""
    page = client.get(f"/l/{seated['list']['id']}/deals/new", headers=headers).get_data(as_text=True)
    start = page.index('<form method="post" class="deal-form"')
    return page[start:page.index("</form>", start)]


def field(form: str, key: str) -> str:
    """The part of the form that asks for a key: up to the next field, or the preview."""
    start = form.index(f'id="field-{key}"')
    ends = [at for at in (form.find('class="deal-field"', start), form.find("data-preview>", start)) if at > 0]
    return form[start:min(ends)]


def games(form: str) -> list[str]:
    return re.findall(r'name="game" value="([^"]*)"', form)


def post(client: FlaskClient, seated: dict[str, Any], **fields: str) -> Any:
    return client.post(f"/l/{seated['list']['id']}/deals/new", data=fields)


def preview(client: FlaskClient, seated: dict[str, Any], **fields: str) -> dict[str, Any]:
    return dict(client.post(f"/l/{seated['list']['id']}/deals/preview", data=fields).get_json())


def stored(client: FlaskClient, seated: dict[str, Any]) -> list[dict[str, Any]]:
    return list(client.get(f"/api/lists/{seated['list']['id']}").get_json()["deals"])


# -- the Solo's suit where a Herz-Solo pays more ------------------------------------------------


def test_a_herz_solo_table_needs_the_suit_and_offers_no_unsaid_choice(client: FlaskClient) -> None:
    seated = table(client, {"system": "5-10-15"})
    form = form_of(client, seated)
    suit = field(form, "suit")
    assert 'data-games="solo"' in suit
    assert re.findall(r'name="suit" value="([^"]*)"', suit) == ["acorns", "leaves", "hearts", "bells"]
    assert "Needed here" in suit and "Not said" not in suit
    german = field(form_of(client, seated, **{"Accept-Language": "de"}), "suit")
    for word in ("Eichel", "Gras", "Herz", "Schellen", "Hier nötig"):
        assert word in german


def test_a_solo_without_its_suit_is_refused_at_the_suit_and_keeps_what_was_typed(client: FlaskClient) -> None:
    seated = table(client, {"system": "5-10-15"})
    anna = seated["players"][0]
    answer = post(client, seated, game="solo", declarer=anna, points="85", laufende="2")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    suit = field(page, "suit")
    assert 'class="field-error"' in suit and "Tap the suit" in suit
    assert re.search(rf'name="declarer" value="{anna}"\s+checked', page)
    assert re.search(r'name="points"[^>]*value="85"', page)
    assert re.search(r'<option value="2" selected>', page)
    assert stored(client, seated) == []
    said = preview(client, seated, game="solo", declarer=anna, points="85")
    assert said["field"] == "suit" and "Tap the suit" in said["error"]


def test_a_herz_solo_is_stored_with_its_suit_and_pays_as_its_preview_said(client: FlaskClient) -> None:
    seated = table(client, {"system": "5-10-15"})
    anna = seated["players"][0]
    typed = {"game": "solo", "declarer": anna, "suit": "hearts", "points": "85"}
    shown = preview(client, seated, **typed)
    assert shown["payouts"][anna] == 90  # 30 from each of three: the Herz-Solo's row
    assert post(client, seated, **typed).status_code == 302
    (deal,) = stored(client, seated)
    assert deal["suit"] == "hearts" and deal["payouts"] == shown["payouts"]
    acorns = preview(client, seated, **{**typed, "suit": "acorns"})
    assert acorns["payouts"][anna] == 60  # any other suit: the Solo's 20


def test_the_row_and_the_deal_say_herz_solo(client: FlaskClient) -> None:
    seated = table(client, {"system": "5-10-15"})
    post(client, seated, game="solo", declarer=seated["players"][1], suit="hearts", points="85")
    list_id = seated["list"]["id"]
    assert "Hearts solo 85" in client.get(f"/l/{list_id}").get_data(as_text=True)
    assert "Herz-Solo 85" in client.get(f"/l/{list_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    view = client.get(f"/l/{list_id}/deals/1").get_data(as_text=True)
    assert "Hearts solo 85" in view and "Hearts solo ·" in view


# -- Kontra: refused, ignored, or lost --------------------------------------------------------


def test_where_kontra_is_refused_no_game_offers_it_nor_knocks(client: FlaskClient) -> None:
    seated = table(client, {"system": "5-10-15"})  # Kontra refused; the Solo needs its suit
    form = form_of(client, seated)
    for refused in ("contra", "re", "doubles"):
        assert f'name="{refused}"' not in form, refused
    assert "Kontra" not in form


def test_where_kontra_loses_the_preview_says_so_and_the_deal_stores_what_it_showed(client: FlaskClient) -> None:
    seated = table(client, {"system": "1/5", "kontra": "loses"})
    form = form_of(client, seated)
    assert 'name="contra"' in form and 'name="doubles"' not in form
    assert "the side that says Kontra loses the game" in field(form, "toggles")
    anna, bene = seated["players"][:2]
    typed = {"game": "sauspiel", "declarer": anna, "partner": bene, "points": "40", "contra": "1"}
    shown = preview(client, seated, **typed)
    assert shown["payouts"][anna] == 1  # 40 points would lose: Kontra gives the declaring side the game
    assert "the side that says Kontra loses the game" in shown["note"]
    assert "Kontra" not in preview(client, seated, **{**typed, "contra": ""}).get("note", "")
    assert post(client, seated, **typed).status_code == 302
    (deal,) = stored(client, seated)
    assert deal["contra"] is True and deal["payouts"] == shown["payouts"]


def test_where_kontra_is_ignored_the_preview_says_it_counts_for_nothing(client: FlaskClient) -> None:
    seated = table(client, {"system": "1/5", "kontra": "ignored"})
    anna, bene = seated["players"][:2]
    typed = {"game": "sauspiel", "declarer": anna, "partner": bene, "points": "70", "contra": "1"}
    shown = preview(client, seated, **typed)
    plain = preview(client, seated, **{**typed, "contra": ""})
    assert shown["payouts"] == plain["payouts"]
    assert "count for nothing" in shown["note"]
    german = client.post(f"/l/{seated['list']['id']}/deals/preview", data=typed,
                         headers={"Accept-Language": "de"}).get_json()
    assert "zählen Kontra und Re nichts" in german["note"]
    # The page without script says the same beside its preview.
    page = post(client, seated, **typed, action="preview").get_data(as_text=True)
    assert "count for nothing" in page[page.index("data-preview-message"):]


# -- when everyone passes -----------------------------------------------------------------


def test_a_forced_table_offers_forced_on_the_sauspiel_and_no_hand_thrown_in(client: FlaskClient) -> None:
    seated = table(client, {"system": "1/5", "passed": "forced"})
    first = seated["players"][0]  # the list's first dealer is its last player
    form = form_of(client, seated)
    assert "passed" not in games(form)
    toggles = field(form, "toggles")
    assert re.search(r'<div class="toggle" data-games="sauspiel">\s*<label class="choice">\s*'
                     r'<input type="checkbox" name="forced"', toggles)
    assert f"{first}, the first after the dealer, must play this Sauspiel" in toggles
    german = field(form_of(client, seated, **{"Accept-Language": "de"}), "toggles")
    assert "Pflichtspiel" in german and f"muss {first}, der Erste nach dem Geber" in german
    ordinary = table(client, {"system": "1/5"})
    assert 'name="forced"' not in form_of(client, ordinary) and "passed" in games(form_of(client, ordinary))


def test_a_forced_sauspiel_is_won_with_60_and_stored_forced(client: FlaskClient) -> None:
    seated = table(client, {"system": "1/5", "passed": "forced"})
    first, second, third = seated["players"][:3]
    typed = {"game": "sauspiel", "declarer": first, "partner": third, "points": "60", "forced": "1"}
    shown = preview(client, seated, **typed)
    assert shown["payouts"][first] == 1 and shown["payouts"][second] == -1
    wrong = preview(client, seated, **{**typed, "declarer": second})
    assert wrong["field"] == "declarer" and first in wrong["error"]
    assert post(client, seated, **typed).status_code == 302
    (deal,) = stored(client, seated)
    assert deal["forced"] is True and deal["payouts"] == shown["payouts"]


def test_a_cross_table_asks_the_first_team_s_points_by_name(client: FlaskClient) -> None:
    seated = table(client, {"system": "1/2-m"})  # Münchsmünster: passed hands "über Kreuz"
    first, second, third, fourth = seated["players"]
    form = form_of(client, seated)
    points = field(form, "points")
    assert "passed" in points.split('data-games="', 1)[1].split('"', 1)[0].split()
    hint = re.search(r'<p class="hint" data-games="passed" data-cross-hint>([^<]*)</p>', points)
    assert hint is not None
    assert (f"{first} and {third} play against {second} and {fourth}" in hint.group(1)
            and f"Type the card points of {first} and {third}" in hint.group(1))
    labels = re.search(r"data-points-labels='([^']*)'", form)
    assert labels is not None and f"Card points of {first} and {third}" in labels.group(1)
    typed = {"game": "passed", "points": "70"}
    page = post(client, seated, **typed, action="preview").get_data(as_text=True)
    assert f'<label for="points" data-points-label>Card points of {first} and {third}</label>' in page
    shown = preview(client, seated, **typed)
    assert shown["payouts"][first] > 0 and shown["payouts"][third] > 0 and shown["payouts"][second] < 0
    assert post(client, seated, **typed).status_code == 302
    (deal,) = stored(client, seated)
    assert deal["points"] == 70 and deal["payouts"] == shown["payouts"]


def test_a_cross_hand_without_points_is_refused_at_the_points(client: FlaskClient) -> None:
    seated = table(client, {"system": "1/2-m"})
    page = post(client, seated, game="passed").get_data(as_text=True)
    assert 'class="field-error"' in field(page, "points")
    assert stored(client, seated) == []


def test_where_a_passed_hand_scores_nothing_it_asks_no_points(client: FlaskClient) -> None:
    form = form_of(client, table(client, {"system": "1/5"}))
    assert "passed" in games(form)
    assert "passed" not in field(form, "points").split('data-games="', 1)[1].split('"', 1)[0].split()
    assert "data-cross-hint" not in form


# -- Bettel where the system pays it ------------------------------------------------------------


def test_bettel_is_offered_where_the_system_pays_it(client: FlaskClient) -> None:
    custom = {"system": "custom", "points": {"sauspiel": [1, 2, 3], "solo": [5, 6, 7], "bettel": 4,
                                             "tout": 14, "sie": 28}}
    seated = table(client, custom, games=["sauspiel", "solo", "bettel", "passed"])
    form = form_of(client, seated)
    assert games(form) == ["sauspiel", "solo", "bettel", "passed"]
    anna = seated["players"][0]
    missing = post(client, seated, game="bettel", won="1").get_data(as_text=True)
    assert 'class="field-error"' in field(missing, "declarer") and re.search(r'name="won" value="1"\s+checked', missing)
    shown = preview(client, seated, game="bettel", declarer=anna, won="1")
    assert shown["payouts"][anna] == 12
    assert post(client, seated, game="bettel", declarer=anna, won="1").status_code == 302
    (deal,) = stored(client, seated)
    assert deal["won"] is True and deal["payouts"] == shown["payouts"]
    assert "bettel" not in games(form_of(client, table(client, {"system": "5-10-15"})))
