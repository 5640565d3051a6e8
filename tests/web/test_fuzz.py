"""Any body to any API route, or any imported file, gets an answer: never a 500."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
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
@given(body=bodies, route=st.sampled_from(["create", "add", "put", "preview", "delete", "change"]))
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
    elif route == "change":
        response = client.post(f"{base}/changes", data=body, headers=headers)
    else:
        response = client.delete(f"{base}/deals/1", data=body, headers=headers)
    answered(response)
    totals = client.get(base).get_json()["totals"]
    assert sum(totals.values()) == 0


# -- the changes of a running list: every key odd in every way ------------------------------

odd = json_values | st.sampled_from([2**31, 2**53 + 1, 2**63, 10**30, -(10**30), 1e308, -0.0])
change_rules = st.one_of(
    st.fixed_dictionaries({}, optional={
        "preset": st.sampled_from(["bavarian", "german", "x"]) | odd,
        "tariffs": st.dictionaries(st.sampled_from(["solo", "sauspiel", "solp"]) | st.text(max_size=4),
                                   odd | st.integers(-5, 10**6), max_size=3) | odd,
        "laufende_from": st.dictionaries(st.sampled_from(["solo", "wenz"]), odd, max_size=2) | odd,
        "bock": odd | st.sampled_from([{}, {"after": ["sixty"]}, {"deals": 10**9}]),
        "stock": odd | st.sampled_from([{}, {"pay": 10**9}]),
        "games": odd | st.just(["sauspiel"]),
        "point_value": odd,
    }),
    odd,
)
changes = st.fixed_dictionaries({}, optional={
    "from": st.sampled_from([2, 3, 1, 0, -1, 2.0, True, False, "2", None, 2**63, 10**30]) | odd,
    "players": st.permutations(FOUR) | st.lists(st.sampled_from([*FOUR, "Emil", "", "anna", 3]), max_size=7) | odd,
    "rules": change_rules,
    "next_dealer": st.sampled_from([*FOUR, "Emil", ""]) | odd,
    "first_dealer": odd,
    "seats": odd,
})
change_bodies = st.one_of(
    changes.map(lambda v: json.dumps(v).encode()),
    st.sampled_from([b"", b"null", b"[]", b"{}", b"\xff\xfe{\x00}\x00", b'{"from": NaN}', b'{"from": 1e400}',
                     b'{"from": 2, "from": 3}', b'{"from": ' + b"9" * 5000 + b"}", b"[" * 100_000]),
    st.binary(max_size=40),
)


@FUZZ
@given(
    body=change_bodies, deals=st.integers(0, 2), key=st.none() | st.sampled_from(["phone-1", "phone-2"]),
    content_type=st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None]),
)
def test_random_changes_of_players_and_rules_get_a_4xx_or_success(
    app: Flask, body: bytes, deals: int, key: str | None, content_type: str | None,
) -> None:
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    client = app.test_client()
    made = client.post("/api/lists", json={
        "rules": {"preset": "bavarian"}, "players": FOUR, "deals": [{"game": "passed"}] * deals,
    }).get_json()
    headers = {"X-Edit-Key": made["edit_key"],
               **({"Content-Type": content_type} if content_type else {}),
               **({"Idempotency-Key": key} if key else {})}
    answers = [client.post(f"/api/lists/{made['id']}/changes", data=body, headers=headers) for _ in range(2)]
    for response in answers:
        answered(response)
        if response.status_code == 201:
            assert set(response.get_json()) == {"from", "players", "next_dealer", "change"}
    if key and answers[0].status_code == 201:  # the same key again is answered as the first time
        assert answers[1].get_json() == answers[0].get_json()
    document = client.get(f"/api/lists/{made['id']}").get_json()
    assert sum(document["totals"].values()) == 0


@FUZZ
@given(body=bodies)
def test_random_files_at_the_import_page_never_make_a_500(app: Flask, body: bytes) -> None:
    client = app.test_client()
    response = client.post("/import", data={"text": body.decode("utf-8", "replace")})
    assert response.status_code < 500


NEW_LIST_FIELDS = [
    "family", "first_dealer", "ends_kind", "ends_count", "games", "player_1", "player_2",
    "player_3", "player_4", "player_5", "point_value", "schneider_loss_max", "durchmarsch",
    "virgin", "tariff_sauspiel", "tariff_solo", "laufende_from_wenz", "save_house_rules", "title",
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


# -- every route, with what no page sends: huge integers, lone surrogates, NUL, CR/LF -------

#: Text no form field expects: control characters, direction overrides, a lone
#: surrogate (in JSON as an escape; a form or an address can only carry its bytes).
NASTY = ["\x00", "a\x00b", "\r\n", "x\r\nSet-Cookie: y=1", "\u202e", "\ud800", "\udfff",
         "9" * 30, "-" + "9" * 30, "2147483648", "0", "-1", "", " ", "../../x", "%00", "A" * 300]
nasty_text = st.sampled_from(NASTY) | st.text(max_size=8) | st.integers(-(10**40), 10**40).map(str)
HUGE_INTS = st.sampled_from([0, 1, 2, 2**31 - 1, 2**31, 2**63, 10**30]) | st.integers(0, 10**40)
QUERY_KEYS = ["next", "preset", "family", "number", "key", "link", "v"]
FORM_KEYS = ["action", "preset_id", "list_id", "name", "confirm", "last", "deal", "version",
             "token", "once", "title", "player_1", "player_2", "player_3", "player_4", "text",
             "game", "declarer", "points", "save_house_rules"]


def escaped(text: str) -> str:
    """Text as percent-escaped UTF-8; a lone surrogate as the bytes it would have."""
    from urllib.parse import quote

    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def form_safe(text: str) -> str:
    """A form value as a browser would send it: UTF-8, so never a lone surrogate."""
    return text.encode("utf-8", "replace").decode("utf-8")


def nasty_json(text: str) -> bytes:
    """A JSON body whose strings hold the text (escapes carry surrogates and NUL)."""
    return json.dumps({"rules": {"preset": "bavarian", text: 1}, "players": [text, *FOUR[1:]],
                       "title": text, "game": "solo", "declarer": text, "points": 10**30}).encode()


def routes() -> list[tuple[str, str]]:
    """Every route of the app but the static files, with each of its methods."""
    from scorer import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "k" * 32, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return [(rule.rule, method) for rule in app.url_map.iter_rules() if rule.endpoint != "static"
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]


def held_list(app: Flask) -> tuple[Any, dict[str, Any]]:
    """A phone holding the edit key of a list with a kept and a deleted deal, and a preset."""
    app.config["LIST_CREATION_LIMIT"] = "100000 per minute"
    client = app.test_client()
    made = client.post("/api/lists", json={
        "rules": {"preset": "bavarian"}, "players": FOUR,
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Bene", "points": 70},
                  {"game": "passed"}],
    }).get_json()
    client.get(made["edit_url"])
    client.delete(f"/api/lists/{made['id']}/deals/2", headers={"X-Edit-Key": made["edit_key"]})
    client.post("/presets", data={"action": "save", "list_id": made["id"], "name": "Mine"})
    return client, made


def send_odd(
    client: Any, made: dict[str, Any], route: str, method: str, *, ints: list[int], odd_id: bool,
    text: str, query: dict[str, str], form: dict[str, str], headers: dict[str, str],
) -> None:
    """Send the route what no page sends; it must answer below 500, the API in JSON."""
    path, slot = route, 0
    for part in re.findall(r"<[^>]+>", route):
        if part.startswith("<int:"):
            value = str(ints[slot % len(ints)])
            slot += 1
        elif part == "<list_id>" and not odd_id:
            value = made["id"]
        else:
            value = escaped(text)
        path = path.replace(part, value, 1)
    query_string = "&".join(f"{k}={escaped(v)}" for k, v in query.items())
    sent = {"X-Edit-Key": made["edit_key"], **headers}
    if path.startswith("/api/"):
        response = client.open(path, method=method, query_string=query_string, headers=sent,
                               data=nasty_json(text), content_type="application/json")
        answered(response)
    else:
        response = client.open(path, method=method, query_string=query_string, headers=sent,
                               data={k: form_safe(v) for k, v in form.items()})
        assert response.status_code < 500, (method, path, response.status_code)
    document = client.get(f"/api/lists/{made['id']}").get_json()
    if "totals" in document:
        assert sum(document["totals"].values()) == 0


ROUTES = routes()


@pytest.mark.parametrize("route, method", ROUTES)
def test_every_route_takes_each_odd_value_in_every_place_without_a_5xx(
    app: Flask, route: str, method: str
) -> None:
    # An odd list id only differs from the held one where the route names a list. A request
    # to an odd id finds no list to change, so the held list then takes the value in place.
    odd_ids = (True, False) if "<list_id>" in route else (False,)
    for value in NASTY:
        client, made = held_list(app)
        number = int(value) if value.lstrip("-").isdigit() else 1
        for odd_id in odd_ids:
            send_odd(client, made, route, method, ints=[number, abs(number)], odd_id=odd_id, text=value,
                     query=dict.fromkeys(QUERY_KEYS, value), form=dict.fromkeys(FORM_KEYS, value),
                     headers={})


# Random mixes of the odd values, on SQLite: each value a database reads otherwise (NUL, a lone
# surrogate, numbers past 2**31 and 2**63) reaches every route on both databases in the sweep above.
@pytest.mark.sqlite_pass
@pytest.mark.parametrize("route, method", ROUTES)
@settings(FUZZ, max_examples=20)
@given(
    ints=st.lists(HUGE_INTS, min_size=2, max_size=2), odd_id=st.booleans(), text=nasty_text,
    query=st.dictionaries(st.sampled_from(QUERY_KEYS), nasty_text, max_size=4),
    form=st.dictionaries(st.sampled_from(FORM_KEYS), nasty_text, max_size=8),
    headers=st.dictionaries(
        st.sampled_from(["If-Match", "If-None-Match", "Idempotency-Key", "X-Edit-Key", "X-Forwarded-For"]),
        st.sampled_from(['"1"', "*", 'W/"x"', '"x-1:gzip"', "9" * 40, "k" * 300, ""]), max_size=3,
    ),
)
def test_every_route_answers_random_odd_input_without_a_5xx(
    app: Flask, route: str, method: str, ints: list[int], odd_id: bool, text: str,
    query: dict[str, str], form: dict[str, str], headers: dict[str, str],
) -> None:
    client, made = held_list(app)
    send_odd(client, made, route, method, ints=ints, odd_id=odd_id, text=text, query=query,
             form=form, headers=headers)
