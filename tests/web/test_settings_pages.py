"""The players page and the house-rules page: each form sends its part, and keeps the other in force."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.web.conftest import FOUR
from tests.web.test_list_settings import SOLO, change_form, change_seats, document, rules_form, seats_form, start


def test_a_seats_change_keeps_a_rules_change_waiting_for_the_same_deal(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = rules_form(client, made["id"])
    data["change-tariff_solo"] = "60"
    assert client.post(f"/l/{made['id']}/settings/rules", data=data).status_code == 302
    change_seats(client, made["id"], player_5="Emil")
    assert document(client, made)["changes"] == [
        {"from": 2, "players": FOUR + ["Emil"], "rules": {"tariffs": {"solo": 60}}}]


def test_a_rules_change_keeps_the_seats_and_the_dealer_waiting_for_the_same_deal(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = seats_form(client, made["id"])
    data["change-player_5"], data["change-first_dealer"] = "Emil", "3"
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    data = rules_form(client, made["id"])
    data["change-tariff_solo"] = "60"
    assert client.post(f"/l/{made['id']}/settings/rules", data=data).status_code == 302
    assert document(client, made)["changes"] == [{
        "from": 2, "players": FOUR + ["Emil"], "rules": {"tariffs": {"solo": 60}}, "first_dealer": "Chris"}]


def test_a_seats_change_is_not_refused_for_rules_it_does_not_send(client: FlaskClient) -> None:
    # No game ticked, no tariff typed: the rules are not on the players page and stay in force.
    made = start(client, [SOLO], rules={"preset": "bavarian", "tariffs": {"solo": 70}})
    data = seats_form(client, made["id"])
    data["change-player_5"] = "Emil"
    assert not any("games" in name or "tariff" in name for name in data)
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    after = document(client, made)
    assert after["changes"] == [{"from": 2, "players": FOUR + ["Emil"]}]
    assert after["rules"]["tariffs"]["solo"] == 70


def test_a_page_kept_from_before_sends_seats_and_rules_in_one_post_and_both_count(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = change_form(client, made["id"])
    data["change-player_5"], data["change-tariff_solo"] = "Emil", "60"
    assert client.post(f"/l/{made['id']}/settings/change", data=data).status_code == 302
    assert document(client, made)["changes"] == [
        {"from": 2, "players": FOUR + ["Emil"], "rules": {"tariffs": {"solo": 60}}}]


def test_a_refused_rule_comes_back_on_the_rules_page_with_its_group_open(client: FlaskClient) -> None:
    made = start(client, [SOLO])
    data = rules_form(client, made["id"])
    data["change-tariff_solo"] = "-5"
    response = client.post(f"/l/{made['id']}/settings/rules", data=data)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'action="/l/%s/settings/rules"' % made["id"] in page
    tariffs = re.search(r'<details class="section folded"( open)?><summary><h3>Tariffs \(points\)</h3>', page)
    assert tariffs and tariffs.group(1) == " open"
    assert re.search(r'name="change-tariff_solo"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="change-tariff_solo"', page)
    assert "changes" not in document(client, made)


def test_the_rules_page_lists_the_groups_in_the_order_a_table_changes_them(client: FlaskClient) -> None:
    made = start(client, rules={"preset": "bavarian", "bock": {}})
    page = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    titles = re.findall(r"<summary><h3>([^<]+)</h3>", page)
    assert titles == ["Tariffs (points)", "Across deals", "Games", "Scoring", "Money", "Ramsch"]


def test_the_two_settings_pages_link_to_each_other(client: FlaskClient) -> None:
    made = start(client)
    players = client.get(f"/l/{made['id']}/settings").get_data(as_text=True)
    rules = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    assert f'href="/l/{made["id"]}/settings/rules"' in players and 'name="change-player_1"' in players
    assert f'href="/l/{made["id"]}/settings"' in rules and 'name="change-player_1"' not in rules
    assert 'name="change-tariff_solo"' not in players and 'name="change-tariff_solo"' in rules


def test_a_finished_list_shows_its_seats_and_rules_without_a_form_to_change_them(client: FlaskClient) -> None:
    made = start(client, [SOLO], rules={"preset": "bavarian", "tariffs": {"solo": 50}})
    assert client.post(f"/l/{made['id']}/finish", data={}).status_code == 302
    players = client.get(f"/l/{made['id']}/settings").get_data(as_text=True)
    rules = client.get(f"/l/{made['id']}/settings/rules").get_data(as_text=True)
    for page in (players, rules):
        assert "This list is finished. Reopen it to change it." in page
        assert "/settings/change" not in page and 'action="/l/%s/settings/rules"' % made["id"] not in page
    assert re.search(r"<th scope=\"row\">Solo</th><td class=\"num\">50</td>", rules)
