"""A list page, a list JSON and a save whose cost does not grow with the list."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorer.web import services
from scorer.web.extensions import db
from scorer.web.lists.page import NEWEST
from scorer.web.models import DealRow, ScoreListRow, now
from scorer.web.services import state as state_service
from tests.web.conftest import FOUR, deal_rows

SAUSPIEL = {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}
SOLO = {"game": "solo", "declarer": "Bene", "points": 80}


def create(client: FlaskClient, deals: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    """A Bavarian list with these deals, its edit key held by this phone."""
    response = client.post("/api/lists", json={
        "rules": {"preset": "bavarian", **rules}, "players": FOUR, "deals": deals})
    assert response.status_code == 201, response.get_json()
    made = dict(response.get_json())
    client.get(made["edit_url"])
    return made


def amount(text: str) -> int:
    """An amount as the page shows it (+1,040, \u22123, 0) as a number."""
    return int(text.replace("\u2212", "-").replace("+", "").replace(",", ""))


def numbers(page: str) -> list[int]:
    """The deal numbers of the table's row groups, top to bottom."""
    return [int(n) for n in re.findall(r'<tbody class="deal[^"]*"><tr><th[^>]*id="deal-(\d+)"', page)]


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lists replayed from here on (by id), each time one is."""
    seen: list[str] = []
    original = state_service._replayed

    def counted(row: Any, deal_rows: Any) -> Any:
        seen.append(row.id)
        return original(row, deal_rows)

    monkeypatch.setattr(state_service, "_replayed", counted)
    return seen


# -- 1. the list page ------------------------------------------------------------------------


def test_a_long_list_page_shows_the_newest_deals_and_the_totals_and_links_to_all(client: FlaskClient) -> None:
    made = create(client, [SAUSPIEL, SOLO] * 30)
    page = client.get(made["url"]).get_data(as_text=True)
    assert numbers(page) == list(range(60, 60 - NEWEST, -1))
    assert 'href="/l/%s?deals=all#deals-heading"' % made["id"] in page
    assert "Show all 60 deals" in page
    # The totals are the whole list's, not the shown deals'.
    totals = client.get(f"/api/lists/{made['id']}").get_json()["totals"]
    foot = page[page.index("<tfoot>"):page.index("</tfoot>")]
    shown = [amount(v) for v in re.findall(r'<td class="pay[^"]*">([^<]+)</td>', foot)]
    assert shown == [totals[who] for who in FOUR]

    everything = client.get(f"{made['url']}?deals=all").get_data(as_text=True)
    assert numbers(everything) == list(range(60, 0, -1))
    assert "Show all" not in everything
    assert len(deal_rows(everything)) == 60


def test_a_list_of_forty_deals_shows_them_all_without_a_link(client: FlaskClient) -> None:
    made = create(client, [SAUSPIEL] * NEWEST)
    page = client.get(made["url"]).get_data(as_text=True)
    assert len(deal_rows(page)) == NEWEST and "Show all" not in page
    assert '<details class="card chart-card">' in page and "<polyline" in page


def test_the_newest_rows_alone_keep_what_doublers_waiting_before_them_multiply(client: FlaskClient) -> None:
    """A Sheepshead pick after a doubler hand that is cut off still shows what doubled it."""
    pick = {"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 70}
    response = client.post("/api/lists", json={
        "rules": {"preset": "sheepshead", "no_pick": "doubler"}, "players": FOUR + ["Emil"],
        "deals": [{"game": "doubler"}] + [pick] * NEWEST})
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    cut = deal_rows(client.get(made["url"]).get_data(as_text=True))
    every = deal_rows(client.get(f"{made['url']}?deals=all").get_data(as_text=True))
    assert len(cut) == NEWEST and len(every) == NEWEST + 1
    assert '<span class="bock" title="Doubler">\u00d72</span>' in cut[0]  # deal 2, after the doubler
    assert "\u00d7" not in cut[1]
    assert cut == every[1:]


def test_a_long_lists_chart_waits_on_the_settle_up_page(client: FlaskClient) -> None:
    made = create(client, [SAUSPIEL, SOLO] * 30)
    page = client.get(made["url"]).get_data(as_text=True)
    settle = f"/l/{made['id']}/settle"
    assert f'data-lazy="{settle}"' in page and "<polyline" not in page
    assert f'href="{settle}#chart-title"' in page
    assert client.get(settle).get_data(as_text=True).count("<polyline") == 4


def test_the_list_page_replays_once_per_revision(client: FlaskClient, replays: list[str]) -> None:
    made = create(client, [SAUSPIEL, SOLO] * 30)
    replays.clear()
    for _ in range(3):
        assert client.get(made["url"]).status_code == 200
        assert client.get(f"/api/lists/{made['id']}").status_code == 200
    assert replays == [made["id"]]
    response = client.post(f"/api/lists/{made['id']}/deals", json=SOLO,
                           headers={"X-Edit-Key": made["edit_key"]})
    assert response.status_code == 201
    page = client.get(made["url"]).get_data(as_text=True)
    assert numbers(page)[0] == 61
    assert replays.count(made["id"]) == 2


def test_a_change_made_by_another_process_shows_at_once(app: Flask, client: FlaskClient) -> None:
    """Nothing here is told of the change: the stored revision is what names the kept replay."""
    made = create(client, [SAUSPIEL])
    before = client.get(f"/api/lists/{made['id']}").get_json()
    assert client.get(made["url"]).status_code == 200
    with app.app_context():  # as another worker would: a row and a new revision, in SQL
        db.session.execute(sa.insert(DealRow).values(
            list_id=made["id"], position=2, data=SOLO, version=1, created_at=now(), updated_at=now()))
        db.session.execute(sa.update(ScoreListRow).where(ScoreListRow.id == made["id"])
                           .values(revision=ScoreListRow.revision + 1, updated_at=now()))
        db.session.commit()
    after = client.get(f"/api/lists/{made['id']}").get_json()
    assert len(before["deals"]) == 1 and len(after["deals"]) == 2
    assert after["totals"] != before["totals"]
    assert numbers(client.get(made["url"]).get_data(as_text=True)) == [2, 1]


# -- 2. the list JSON ------------------------------------------------------------------------


def test_the_kept_list_json_is_the_list_file_as_it_stands(app: Flask, client: FlaskClient) -> None:
    made = create(client, [SAUSPIEL, SOLO] * 5)
    first = client.get(f"/api/lists/{made['id']}")
    again = client.get(f"/api/lists/{made['id']}")
    assert first.get_data() == again.get_data() and first.headers["ETag"] == again.headers["ETag"]
    with app.test_request_context():
        fresh = services.api_document(services.list_state(services.get_list(made["id"]), fresh=True))
    assert json.loads(again.get_data()) == json.loads(json.dumps(fresh))
    assert again.mimetype == "application/json"


def test_a_304_replays_nothing(client: FlaskClient, replays: list[str]) -> None:
    made = create(client, [SAUSPIEL, SOLO] * 30)
    replays.clear()
    tag = client.get(f"/api/lists/{made['id']}").headers["ETag"]
    assert replays == [made["id"]]
    replays.clear()
    again = client.get(f"/api/lists/{made['id']}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert replays == []


# -- 3. a save in one request ---------------------------------------------------------------


def new_deal_page(client: FlaskClient, made: dict[str, Any]) -> str:
    """The one-time token of a fresh new-deal page."""
    page = client.get(f"/l/{made['id']}/deals/new").get_data(as_text=True)
    return re.search(r'name="token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def save(client: FlaskClient, made: dict[str, Any], token: str, **fields: str) -> Any:
    """Send the new-deal form as deal.js does: asking for JSON."""
    return client.post(f"/l/{made['id']}/deals/new", data={"token": token, **fields},
                       headers={"Accept": "application/json"})


def test_a_save_sent_by_the_script_answers_the_list_after_it_in_one_response(client: FlaskClient) -> None:
    made = create(client, [SAUSPIEL] * 45)
    response = save(client, made, new_deal_page(client, made), **{k: str(v) for k, v in SOLO.items()})
    assert response.status_code == 200
    answer = response.get_json()
    main = html.unescape(answer["main"])
    assert "Deal 46 saved." in main
    assert f'action="/l/{made["id"]}/undo"' in main  # the message's Undo
    stored = client.get(f"/api/lists/{made['id']}").get_json()
    assert len(stored["deals"]) == 46
    totals = main[main.index('class="card totals"'):main.index("</section>", main.index('class="card totals"'))]
    shown = re.findall(r'<span class="who">([^<]+)</span>\s*<span class="amount">([^<]+)</span>', totals)
    assert {who: amount(value) for who, value in shown} == stored["totals"]
    assert f"{stored['deals'][-1]['dealer']} deals" not in main  # the next dealer, not the last
    assert numbers(main)[0] == 46 and len(numbers(main)) == NEWEST
    assert "<polyline" not in main and 'data-lazy' in main  # chart and statistics on demand
    assert answer["title"].startswith("Anna · Bene · Chris · Dora")
    # The message was shown: it does not wait for the next page.
    assert "Deal 46 saved." not in client.get(made["url"]).get_data(as_text=True)


def test_a_save_sent_twice_by_the_script_stores_one_deal(client: FlaskClient) -> None:
    made = create(client, [])
    token = new_deal_page(client, made)
    fields = {k: str(v) for k, v in SAUSPIEL.items()}
    first, second = save(client, made, token, **fields), save(client, made, token, **fields)
    assert first.status_code == second.status_code == 200
    assert "Deal 1 was saved already." in html.unescape(second.get_json()["main"])
    assert len(client.get(f"/api/lists/{made['id']}").get_json()["deals"]) == 1


def test_a_refused_save_from_the_script_stores_nothing_and_says_why(client: FlaskClient) -> None:
    made = create(client, [])
    response = save(client, made, new_deal_page(client, made), game="sauspiel", declarer="Anna",
                    partner="Chris", points="130")
    assert response.status_code == 200 and "main" not in response.get_json()
    assert response.get_json()["saved"] is False and "120" in response.get_json()["error"]
    assert client.get(f"/api/lists/{made['id']}").get_json()["deals"] == []
    # The form sent the old way (deal.js falls back to it) shows the reason at the field.
    page = client.post(f"/l/{made['id']}/deals/new", data={
        "token": "again", "game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "130"})
    assert page.status_code == 200 and "field-error" in page.get_data(as_text=True)


def test_without_the_script_a_save_still_posts_and_redirects_to_the_list(client: FlaskClient) -> None:
    made = create(client, [])
    response = client.post(f"/l/{made['id']}/deals/new", data={
        "token": new_deal_page(client, made), **{k: str(v) for k, v in SAUSPIEL.items()}})
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/l/{made['id']}")
    assert "Deal 1 saved." in client.get(made["url"]).get_data(as_text=True)


def test_a_save_on_a_finished_list_from_the_script_stores_nothing(client: FlaskClient) -> None:
    made = create(client, [])
    token = new_deal_page(client, made)
    client.post(f"/l/{made['id']}/finish")
    response = save(client, made, token, **{k: str(v) for k, v in SAUSPIEL.items()})
    assert response.status_code == 302  # not the list's JSON: deal.js sends the form the old way
    assert client.get(f"/api/lists/{made['id']}").get_json()["deals"] == []


def test_the_list_json_is_compressed_once_per_revision_and_its_tag_names_the_coding(
    client: FlaskClient, replays: list[str],
) -> None:
    import brotli  # Flask-Compress[brotli]

    made = create(client, [SAUSPIEL, SOLO] * 30)
    plain = client.get(f"/api/lists/{made['id']}")
    packed = client.get(f"/api/lists/{made['id']}", headers={"Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.get_data()) == plain.get_data()
    assert packed.headers["ETag"] == plain.headers["ETag"][:-1] + ':br"'
    zipped = client.get(f"/api/lists/{made['id']}", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
    assert replays == [made["id"]]
    # Either tag names the revision: a 304, nothing replayed.
    again = client.get(f"/api/lists/{made['id']}", headers={"If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and replays == [made["id"]]
    client.post(f"/api/lists/{made['id']}/deals", json=SOLO, headers={"X-Edit-Key": made["edit_key"]})
    fresh = client.get(f"/api/lists/{made['id']}", headers={
        "Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]})
    assert fresh.status_code == 200
    assert len(json.loads(brotli.decompress(fresh.get_data()))["deals"]) == 61


def test_a_304_is_answered_by_the_view_from_the_revision_alone_with_the_apps_headers(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, replays: list[str],
) -> None:
    made = create(client, [SAUSPIEL])
    paths = (f"/api/lists/{made['id']}", f"/l/{made['id']}/changes")
    tags = [client.get(path).headers["ETag"] for path in paths]
    looked_up: list[str] = []
    original = services.get_list
    monkeypatch.setattr(services, "get_list", lambda list_id: looked_up.append(list_id) or original(list_id))
    replays.clear()
    for path, tag in zip(paths, tags):
        for asked in (tag, f'W/{tag}', f'"other", {tag}', "*"):
            answer = client.get(path, headers={"If-None-Match": asked})
            assert answer.status_code == 304 and answer.get_data() == b"", (path, asked)
            assert answer.headers["ETag"] == f'"{made["id"]}-1"'
            assert answer.headers["Cache-Control"] == "no-cache"
            assert "Accept-Encoding" in answer.headers["Vary"]
            assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'")
    # The revision alone answers: the whole row is not read, nothing replayed.
    assert looked_up == [] and replays == []
    # Another tag is answered in full, from the whole row; no list is a 404 whatever the client holds.
    assert client.get(paths[0], headers={"If-None-Match": '"other"'}).status_code == 200
    assert looked_up == [made["id"]]
    assert client.get("/api/lists/" + "A" * 22, headers={"If-None-Match": "*"}).status_code == 404
