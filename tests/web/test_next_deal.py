"""Adding a deal without replaying the list gives what a full replay gives."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import score_document

FIVE = ["Anna", "Bene", "Chris", "Dora", "Eva"]


@st.composite
def steps(draw: Any) -> list[tuple[str, Any]]:
    """Adds (some naming their dealer's seat) and deletes, in a random order."""
    out: list[tuple[str, Any]] = []
    for _ in range(draw(st.integers(1, 9))):
        if out and draw(st.booleans()) and draw(st.booleans()):
            out.append(("delete", draw(st.integers(1, 9))))
        else:
            out.append(("add", draw(st.one_of(st.none(), st.integers(0, 4)))))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=steps(), players=st.sampled_from([FIVE[:4], FIVE]))
def test_each_added_deal_is_scored_as_the_whole_list_would_score_it(
    app: Flask, plan: list[tuple[str, Any]], players: list[str]
) -> None:
    client = app.test_client()
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    made = client.post("/api/lists", json={"rules": {"preset": "bavarian"}, "players": players}).get_json()
    headers = {"X-Edit-Key": made["edit_key"]}
    deals: list[dict[str, Any]] = []
    for action, value in plan:
        if action == "delete":
            if value <= len(deals):
                response = client.delete(f"/api/lists/{made['id']}/deals/{value}", headers=headers)
                if response.status_code == 204:
                    del deals[value - 1]
            continue
        value = None if value is None else players[value % len(players)]
        whole = score_document({"rules": {"preset": "bavarian"}, "players": players, "deals": deals + [{"game": "passed"}]})
        dealer = value or whole["deals"][-1]["dealer"]
        declarer = next(p for p in players if p != dealer)
        deal: dict[str, Any] = {"game": "solo", "declarer": declarer, "points": 70}
        if value:
            deal["dealer"] = value
        answer = client.post(f"/api/lists/{made['id']}/deals", json=deal, headers=headers)
        assert answer.status_code == 201, answer.get_json()
        deals.append(deal)
        # As printed: the breakdown's arrays are tuples until they are JSON.
        expected = json.loads(json.dumps(
            score_document({"rules": {"preset": "bavarian"}, "players": players, "deals": deals})
        ))
        assert answer.get_json() == {
            "number": len(deals),
            "dealer": expected["deals"][-1]["dealer"],
            "payouts": expected["deals"][-1]["payouts"],
            "breakdown": expected["deals"][-1]["breakdown"],
        }
