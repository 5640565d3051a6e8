"""The new-tournament page offers every system by its source, a system built on the page, and its sample."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine import score_document
from scorer.web.extensions import db
from scorer.web.models import TournamentRow
from tests.web.conftest import migrated_app

EIGHT = ["Anna", "Bene", "Chris", "Dora", "Emmi", "Ferdl", "Gusti", "Hans"]
PRESETS = ["1/5", "1/5-dr", "1/2", "1/2-m", "5-10-15"]
#: Expydoc's sheet, typed on the page: its points, and Laufende from 3 (Tout 2 each).
EXPYDOC = {
    "system-sauspiel_plain": "1", "system-sauspiel_schneider": "2", "system-sauspiel_schwarz": "3",
    "system-solo_plain": "2", "system-solo_schneider": "3", "system-solo_schwarz": "4",
    "system-wenz_plain": "2", "system-wenz_schneider": "3", "system-wenz_schwarz": "4",
    "system-tout": "6", "system-tout_by": "points", "system-sie": "14", "system-sie_by": "points",
    "system-laufende_from": "3", "system-laufende_sauspiel": "1", "system-laufende_solo": "1",
    "system-laufende_wenz": "1", "system-laufende_tout": "2",
    "system-schneider_free_at": "31", "system-kontra": "refused", "system-passed": "zero",
}


def text(response: Any) -> str:
    return str(response.get_data(as_text=True))


def form(**given: Any) -> dict[str, Any]:
    return {"name": "Schafkopf-Cup", "scoring": "1/5", "rounds": "2", "deals": "32",
            "players": "\n".join(EIGHT), **given}


def custom(**given: str) -> dict[str, Any]:
    return form(scoring="custom", **{**EXPYDOC, **given})


def make(client: FlaskClient, data: dict[str, Any]) -> dict[str, Any]:
    """Make a tournament through the page; answer it as the API reads it."""
    response = client.post("/t/new", data=data)
    assert response.status_code == 302, text(response)
    found = re.fullmatch(r"/t/([\w-]+)", response.headers["Location"])
    assert found, response.headers["Location"]
    answer = client.get(f"/api/tournaments/{found.group(1)}").get_json()
    assert isinstance(answer, dict)
    return answer


def sample(client: FlaskClient, data: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/t/new/sample", data=data)
    assert response.status_code == 200, text(response)
    answer = response.get_json()
    assert isinstance(answer, dict)
    return answer


def error_of(page: str, field: str) -> str:
    found = re.search(rf'<p class="field-error" id="{re.escape(field)}-error"[^>]*>([^<]*)</p>', page)
    assert found, f"no error next to {field}"
    return html.unescape(found.group(1))


@pytest.mark.parametrize("system", PRESETS)
def test_every_preset_makes_a_tournament_through_the_page(client: FlaskClient, system: str) -> None:
    rules = make(client, form(scoring=system))["rules"]
    assert rules["table_points"]["system"] == system
    assert "ramsch" not in rules["games"]


def test_sheepshead_is_offered_beside_the_systems(client: FlaskClient) -> None:
    rules = make(client, form(scoring="sheepshead", deals="20", partner_by="called_ace"))["rules"]
    assert rules["preset"] == "sheepshead"


def test_the_page_names_each_system_by_its_source(client: FlaskClient) -> None:
    page = html.unescape(text(client.get("/t/new")))
    for name in ("1/5, self-bar's points", "1/5 of the Donau-Ries Schafkopf-Cup", "1/2 of Münchsmünster",
                 "5-10-15 of Niederfüllbach", "A system of your own"):
        assert name in page
    assert re.search(r'<input [^>]*checked[^>]*name="scoring" type="radio" value="1/5"', page)


def test_a_custom_system_is_stored_as_it_was_typed(client: FlaskClient) -> None:
    rules = make(client, custom(**{
        "system-hearts_solo_plain": "3", "system-hearts_solo_schneider": "4", "system-hearts_solo_schwarz": "5",
        "system-bettel": "4", "system-sie": "4", "system-sie_by": "times", "system-laufende_max": "6",
        "system-schneider_free_at": "30", "system-kontra": "loses", "system-passed": "cross",
        "system-plus_only": "y",
    }))["rules"]
    assert "bettel" in rules["games"] and "ramsch" not in rules["games"]
    assert rules["table_points"] == {
        "system": "custom",
        "points": {"sauspiel": [1, 2, 3], "solo": [2, 3, 4], "wenz": [2, 3, 4], "hearts_solo": [3, 4, 5],
                   "bettel": 4, "tout": 6, "sie": {"times": 4}},
        "plus_only": True,
        "laufende": {"from": 3, "max": 6, "value": {"sauspiel": 1, "solo": 1, "wenz": 1, "tout": 2}},
        "schneider_free_at": 30, "kontra": "loses", "passed": "cross",
    }


def test_a_custom_system_leaves_out_what_is_left_empty(client: FlaskClient) -> None:
    points = make(client, custom(**{"system-laufende_from": ""}))["rules"]["table_points"]
    assert "laufende" not in points and "bettel" not in points["points"]
    assert "hearts_solo" not in points["points"]


def test_the_custom_fields_are_not_read_under_a_preset(client: FlaskClient) -> None:
    rules = make(client, form(scoring="1/2-m", **{"system-tout": "", "system-tout_by": "times"}))["rules"]
    assert rules["table_points"] == {"system": "1/2-m", "plus_only": False, "schneider_free_at": 30,
                                     "passed": "cross"}


@pytest.mark.parametrize(("typed", "field", "words"), [
    ({"system-tout": "20", "system-tout_by": "times"}, "system-tout", "20 is more than 16"),
    ({"system-laufende_max": "2"}, "system-laufende_max", "2 is less than 3"),
    ({"system-laufende_from": "15"}, "system-laufende_from", "15 is more than 14"),
    ({"system-solo_schneider": ""}, "system-solo_schneider", "Give the points."),
    ({"system-hearts_solo_plain": "30"}, "system-hearts_solo_plain", "Give a Herz-Solo's three points"),
])
def test_a_refused_custom_value_shows_next_to_its_field_and_keeps_what_was_typed(
    app: Flask, client: FlaskClient, typed: dict[str, str], field: str, words: str,
) -> None:
    response = client.post("/t/new", data=custom(**typed))
    assert response.status_code == 200
    page = text(response)
    assert words in error_of(page, field)
    assert re.search(rf'<input [^>]*aria-invalid="true"[^>]*id="{field}"', page)
    assert 'value="custom"' in page and re.search(r'checked[^>]*value="custom"', page)
    kept = typed[field]
    if kept:
        assert re.search(rf'id="{field}"[^>]*value="{kept}"', page)
    assert 'id="system-laufende_tout" inputmode="numeric" name="system-laufende_tout" type="number" value="2"' in page
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(TournamentRow)) == 0


def engine_payouts(rules: dict[str, Any], deal: dict[str, Any]) -> dict[str, int]:
    scored = score_document({"rules": rules, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": [deal]})
    return dict(scored["deals"][0]["payouts"])


@pytest.mark.parametrize("system", PRESETS)
def test_the_sample_of_a_preset_pays_what_the_engine_pays(client: FlaskClient, system: str) -> None:
    answer = sample(client, {"scoring": system})
    rules = make(client, form(scoring=system, name=f"Cup {system}"))["rules"]
    assert len(answer["samples"]) >= 7
    for shown in answer["samples"]:
        assert shown["payouts"] == engine_payouts(rules, shown["deal"]), shown["label"]
        assert html.escape(shown["label"]) in answer["html"]


def test_the_sample_of_a_custom_system_pays_what_the_engine_pays(client: FlaskClient) -> None:
    typed = custom(**{"system-bettel": "4", "system-tout": "2", "system-tout_by": "times",
                      "system-kontra": "loses", "system-passed": "forced"})
    answer = sample(client, typed)
    rules = make(client, typed)["rules"]
    labels = [shown["label"] for shown in answer["samples"]]
    assert "Bettel won" in labels and "Sauspiel won with 3 Laufende" in labels
    assert "Everyone passes: Anna must play a Sauspiel, with 60" in labels
    for shown in answer["samples"]:
        assert shown["payouts"] == engine_payouts(rules, shown["deal"]), shown["label"]
    tout = next(shown for shown in answer["samples"] if shown["label"] == "Solo Tout won")
    # Expydoc's solo is 2, times 2: 4 from each of the others.
    assert tout["payouts"] == {"Anna": 12, "Bene": -4, "Chris": -4, "Dora": -4}
    assert tout["words"] == "+12 for the declarer, \u22124 each for the others"


def test_the_sample_says_what_a_sauspiel_with_schneider_pays(client: FlaskClient) -> None:
    answer = sample(client, {"scoring": "5-10-15"})
    shown = {s["label"]: s for s in answer["samples"]}
    assert shown["Sauspiel won with Schneider"]["words"] == "+10 each for the declarer and the partner, 0 each for the others"
    assert shown["Herz-Solo won"]["payouts"]["Anna"] == 90
    assert "Everyone passes, played über Kreuz: Anna and Chris take 70" in shown


def test_the_sample_names_a_refusal_next_to_its_field(client: FlaskClient) -> None:
    answer = sample(client, custom(**{"system-tout": "20", "system-tout_by": "times"}))
    assert answer["samples"] == []
    assert answer["errors"] == {"system-tout": ["20 is more than 16"]}
    assert "Put right what is marked above" in answer["html"]


def test_the_sample_speaks_german(client: FlaskClient) -> None:
    client.get("/lang/de")
    answer = sample(client, {"scoring": "1/5"})
    shown = {s["label"]: s for s in answer["samples"]}
    assert shown["Sauspiel mit Schneider gewonnen"]["words"] == "je +2 für Spieler und Partner, je \u22122 für die anderen"


def test_sheepshead_has_no_tournament_points_to_sample(client: FlaskClient) -> None:
    answer = sample(client, {"scoring": "sheepshead"})
    assert answer["samples"] == [] and "tournament points" in answer["note"]


def test_without_script_show_sample_answers_the_page_with_the_sample(client: FlaskClient) -> None:
    response = client.post("/t/new", data={**custom(**{"system-solo_plain": "9"}), "action": "sample",
                                           "players": "", "name": ""})
    assert response.status_code == 200
    page = html.unescape(text(response))
    assert "Solo 9 · Declarer ×3 = +27" in page.replace("\u00a0", " ")
    assert "Give the tournament a name." not in page  # asking for the sample makes nothing, so asks nothing
    assert 'value="9"' in page


def test_the_page_shows_the_sample_of_the_first_system_at_once(client: FlaskClient) -> None:
    page = html.unescape(text(client.get("/t/new"))).replace("\u00a0", " ")
    assert 'aria-live="polite"' in page
    assert "Tout 14 · Declarer ×3 = +42" in page


def test_a_refused_submit_shows_the_sample_too(client: FlaskClient) -> None:
    page = html.unescape(text(client.post("/t/new", data=form(scoring="1/2", name="")))).replace("\u00a0", " ")
    assert "Give the tournament a name." in page
    assert "Tout 6 · Declarer ×3 = +18" in page


@pytest.mark.parametrize("deals", [1, 30, 200])
def test_any_deal_count_from_1_to_200_makes_a_tournament(client: FlaskClient, deals: int) -> None:
    assert make(client, form(deals=str(deals)))["deals_per_round"] == deals


@pytest.mark.parametrize("deals", ["0", "201"])
def test_a_deal_count_outside_1_to_200_is_refused_at_its_field(client: FlaskClient, deals: str) -> None:
    page = text(client.post("/t/new", data=form(deals=deals)))
    assert "From 1 to 200 deals." in error_of(page, "deals")


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    with migrated_app(tmp_path, TOURNAMENT_SAMPLE_LIMIT="2 per minute") as made:
        yield made


def test_the_sample_is_rate_limited(limited: Flask) -> None:
    client = limited.test_client()
    assert [client.post("/t/new/sample", data={"scoring": "1/5"}).status_code for _ in range(3)] == [200, 200, 429]
