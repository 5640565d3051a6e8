"""Any body to any API route, or any imported file, gets an answer: never a 500."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import FOUR

scalars = st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False) | st.text(max_size=12)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
deal_keys = st.sampled_from(
    ["game", "declarer", "partner", "points", "schwarz", "laufende", "contra", "re", "tout",
     "sie", "hand", "doubles", "bid", "forced", "loser", "winner", "dealer", "suit", "contr"]
)
deal_values = st.one_of(
    st.sampled_from(["sauspiel", "solo", "wenz", "ramsch", "passed", "pick", *FOUR]),
    st.integers(-5, 130), st.booleans(), json_values,
)
deals = st.dictionaries(deal_keys, deal_values, max_size=7)
lists = st.fixed_dictionaries(
    {},
    optional={
        "rules": st.one_of(
            st.fixed_dictionaries({"preset": st.sampled_from(["bavarian", "german", "sheepshead3", "x"])}),
            json_values,
        ),
        "players": st.one_of(st.just(FOUR), st.lists(st.text(max_size=5), max_size=6), json_values),
        "deals": st.lists(deals, max_size=3),
        "first_dealer": st.sampled_from([*FOUR, "", 3]),
    },
)
bodies = st.one_of(
    json_values.map(lambda v: json.dumps(v).encode()),
    deals.map(lambda v: json.dumps(v).encode()),
    lists.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=40),
)

FUZZ = settings(
    max_examples=120, deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def answered(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    if response.status_code >= 400:
        assert response.is_json and response.get_json()["error"]


@FUZZ
@given(body=bodies, route=st.sampled_from(["create", "add", "put", "preview", "delete"]))
def test_random_bodies_at_every_api_route_get_a_4xx_or_success(
    app: Flask, body: bytes, route: str
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    client = app.test_client()
    created = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": FOUR}).get_json()
    client.post(
        f"/api/lists/{created['id']}/deals",
        json={"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70},
        headers={"X-Edit-Key": created["edit_key"]},
    )
    base = f"/api/lists/{created['id']}"
    headers = {"X-Edit-Key": created["edit_key"], "Content-Type": "application/json"}
    if route == "create":
        response = client.post("/api/lists", data=body, headers=headers)
    elif route == "add":
        response = client.post(f"{base}/deals", data=body, headers=headers)
    elif route == "put":
        response = client.put(f"{base}/deals/1", data=body, headers=headers)
    elif route == "preview":
        response = client.post(f"{base}/preview", data=body, headers=headers)
    else:
        response = client.delete(f"{base}/deals/1", data=body, headers=headers)
    answered(response)
    totals = client.get(base).get_json()["totals"]
    assert sum(totals.values()) == 0


@FUZZ
@given(body=bodies)
def test_random_files_at_the_import_page_never_make_a_500(app: Flask, body: bytes) -> None:
    client = app.test_client()
    response = client.post("/import", data={"text": body.decode("utf-8", "replace")})
    assert response.status_code < 500


NEW_LIST_FIELDS = [
    "family", "first_dealer", "ends_kind", "ends_count", "games", "player_1", "player_2",
    "player_3", "player_4", "player_5", "point_value", "schneider_loss_max", "durchmarsch",
    "virgin", "tariff_sauspiel", "tariff_solo", "laufende_from_wenz", "save_preset", "title",
    "contra", "laufende", "solo", "settle_per_head", "tariff_game_point", "once",
]
DEAL_FIELDS = [
    "game", "declarer", "partner", "points", "defenders", "schwarz", "laufende", "contra", "re",
    "doubles", "tout", "sie", "hand", "bid", "forced", "loser", "winner", "points.Anna",
    "points.Bene", "points.Chris", "points.Dora", "token", "version", "action",
]
form_values = st.one_of(
    st.sampled_from(["", "0", "61", "120", "130", "-1", "y", "sauspiel", "ramsch", "least",
                     "bavarian", "german", "sheepshead3", "deals", "classic", "heads", "open",
                     "preview", *FOUR, "10" * 30]),
    st.text(max_size=20),
)


def forms(fields: list[str]) -> Any:
    return st.dictionaries(st.sampled_from(fields) | st.text(max_size=8), form_values, max_size=12)


@FUZZ
@given(data=forms(NEW_LIST_FIELDS), family=st.sampled_from(["bavarian", "bavarian3", "sheepshead3", "german", "x"]))
def test_random_new_list_forms_never_make_a_500(app: Flask, data: dict[str, str], family: str) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    response = app.test_client().post(f"/new?family={family}", data=data)
    assert response.status_code in (200, 302)


@FUZZ
@given(data=forms(DEAL_FIELDS), which=st.sampled_from(["new", "edit", "preview", "delete", "undo"]))
def test_random_deal_forms_never_make_a_500(app: Flask, data: dict[str, str], which: str) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    client = app.test_client()
    made = client.post("/api/lists", json={
        "rules": {"preset": "bavarian"}, "players": FOUR,
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70}],
    }).get_json()
    client.get(made["edit_url"])
    base = f"/l/{made['id']}"
    path = {
        "new": f"{base}/deals/new", "edit": f"{base}/deals/1/edit", "preview": f"{base}/deals/preview",
        "delete": f"{base}/deals/1/delete", "undo": f"{base}/undo",
    }[which]
    response = client.post(path, data=data)
    assert response.status_code in (200, 302), response.status_code
    totals = client.get(f"/api/lists/{made['id']}").get_json()["totals"]
    assert sum(totals.values()) == 0
