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
