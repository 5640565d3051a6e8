"""A tournament's tie-breaks and prize list through the API and the pages: the order the tournament
gives, lot drawn the same every time and shown, the last round played, shares by place with the
rest of the rounding said, shared places sharing, the withdrawn without prize, each round's best."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.test_tournaments_api import RULES, create, draw, names, read

#: Kohler Falls' shares of the fees, by place.
SHARES = [30, 15, 10, 10, 10]


def sheet(client: FlaskClient, made: dict[str, Any], round_number: int, table: int,
          body: dict[str, Any]) -> None:
    path = f"/api/tournaments/{made['id']}/rounds/{round_number}/tables/{table}/sheet"
    response = client.put(path, json=body, headers={"X-Edit-Key": made["edit_key"]})
    assert response.status_code == 200, response.get_json()


def points(players: list[str], values: list[int]) -> dict[str, int]:
    return dict(zip(players, values))


def round_tables(client: FlaskClient, made: dict[str, Any]) -> list[list[str]]:
    """Draw the next round: each table's players, seat by seat."""
    response = draw(client, made)
    assert response.status_code == 201, response.get_json()
    return [table["players"] for table in response.get_json()["tables"]]


def by_player(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["player"]: s for s in answer["standings"]}


# -- the keys -----------------------------------------------------------------------------------


def test_a_tournament_without_the_keys_ranks_as_before_and_pays_nothing(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    answer = read(client, made)
    assert answer["tie_breaks"] == ["solos_won", "last_round"]
    assert (answer["entry_fee"], answer["shares"], answer["prizes"], answer["currency"]) == (0, [], [], "EUR")
    assert answer["prize_list"] == {"collected": 0, "paid_out": 0, "rest": 0, "round_best": []}
    assert all("prize" not in s and "drawn" not in s for s in answer["standings"])


def test_the_keys_are_kept_as_sent(client: FlaskClient) -> None:
    prizes = [{"place": 1, "label": "Cup"}, {"place": "last", "label": "a bottle of wine"},
              {"place": "round_best", "amount": 500}]
    made = create(client, players=names(8), tie_breaks=["tout_won", "games_won", "lot"], entry_fee=1000,
                  shares=SHARES, prizes=prizes, currency="CHF")
    answer = read(client, made)
    assert answer["tie_breaks"] == ["tout_won", "games_won", "lot"]
    assert (answer["entry_fee"], answer["shares"], answer["prizes"], answer["currency"]) == (
        1000, SHARES, prizes, "CHF")
    assert answer["prize_list"]["collected"] == 8000


@pytest.mark.parametrize(("given", "key"), [
    ({"tie_breaks": "solos_won"}, "tie_breaks"),
    ({"tie_breaks": ["solos_won", "luck"]}, "tie_breaks"),
    ({"tie_breaks": ["games_won", "games_won"]}, "tie_breaks"),
    ({"tie_breaks": ["lot", "last_round"]}, "tie_breaks"),
    ({"entry_fee": -100}, "entry_fee"),
    ({"entry_fee": 10.5}, "entry_fee"),
    ({"shares": [60, 30, 20]}, "shares"),
    ({"shares": "30, 15"}, "shares"),
    ({"shares": [30, -5]}, "shares.2"),
    ({"prizes": [{"place": 0, "amount": 100}]}, "prizes.1.place"),
    ({"prizes": [{"place": "first", "amount": 100}]}, "prizes.1.place"),
    ({"prizes": [{"place": 1, "amount": 1.5}]}, "prizes.1.amount"),
    ({"prizes": [{"place": 1, "amount": 100}, {"place": 2, "amount": -1}]}, "prizes.2.amount"),
    ({"prizes": [{"place": 1, "label": "x" * 81}]}, "prizes.1.label"),
    ({"prizes": [{"place": 1, "label": " "}]}, "prizes.1.label"),
    ({"prizes": [{"place": 1}]}, "prizes.1"),
    ({"prizes": [{"place": 1, "amount": 5, "label": "Cup"}]}, "prizes.1"),
    ({"prizes": [{"place": 1, "amount": 5, "cash": True}]}, "prizes.1.cash"),
    ({"currency": "JPY"}, "currency"),
])
def test_refusals_name_the_key(client: FlaskClient, given: dict[str, Any], key: str) -> None:
    response = client.post("/api/tournaments", json={
        "name": "Cup", "rules": RULES, "players": names(8), "rounds": 2, "deals_per_round": 4, **given})
    assert response.status_code == 422
    body = response.get_json()
    assert (body["key"], body["deal"]) == (key, None) and body["error"]


# -- tie-breaks ---------------------------------------------------------------------------------


def equal_on_points(client: FlaskClient, **given: Any) -> tuple[dict[str, Any], list[str]]:
    """Eight, one round played: the first table's first two equal on points (10 each), the first
    with more solo games won (2 to 1), the second with more games won (3 to 2) and solo games played."""
    made = create(client, players=names(8), rounds=2, deals_per_round=8, **given)
    first, second = round_tables(client, made)
    sheet(client, made, 1, 1, {
        "points": points(first, [10, 10, -5, -15]), "solos_won": points(first, [2, 1]),
        "games_won": points(first, [2, 3]), "solos_played": points(first, [2, 4])})
    sheet(client, made, 1, 2, {"points": points(second, [0, 0, 0, 0])})
    return made, first


def test_solos_won_break_the_tie_by_default(client: FlaskClient) -> None:
    made, first = equal_on_points(client)
    standings = by_player(read(client, made))
    assert (standings[first[0]]["place"], standings[first[1]]["place"]) == (1, 2)


@pytest.mark.parametrize("tie_breaks", [["games_won", "solos_won"], ["solos_played"]])
def test_the_tie_breaks_count_in_the_order_given(client: FlaskClient, tie_breaks: list[str]) -> None:
    made, first = equal_on_points(client, tie_breaks=tie_breaks)
    standings = by_player(read(client, made))
    assert (standings[first[1]]["place"], standings[first[0]]["place"]) == (1, 2)


def test_a_sheet_of_a_tournament_that_uses_no_count_keeps_solos_won_and_nothing_else(
        client: FlaskClient) -> None:
    made, first = equal_on_points(client, tie_breaks=["last_round"])
    table = read(client, made)["rounds"][0]["tables"][0]["sheet"]
    assert set(table) == {"points", "solos_won"}
    standings = by_player(read(client, made))
    # Equal on points and on the last round: without lot they share the first place.
    assert (standings[first[0]]["place"], standings[first[1]]["place"]) == (1, 1)


def expected_lot(tournament_id: str, numbers: list[int]) -> list[int]:
    return sorted(numbers, key=lambda n: hashlib.sha256(f"{tournament_id}:{n}".encode()).hexdigest())


def test_lot_decides_equal_places_the_same_every_time_and_says_so(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=8, tie_breaks=["solos_won", "lot"])
    first, second = round_tables(client, made)
    sheet(client, made, 1, 1, {"points": points(first, [10, 10, -10, -10]), "solos_won": points(first, [1, 1])})
    sheet(client, made, 1, 2, {"points": points(second, [0, 0, 0, 0])})
    answer = read(client, made)
    numbers = {p["name"]: p["number"] for p in answer["players"]}
    top = [s["number"] for s in answer["standings"][:2]]
    assert top == expected_lot(made["id"], [numbers[first[0]], numbers[first[1]]])
    assert [s["place"] for s in answer["standings"]] == list(range(1, 9))
    assert all(s.get("drawn") is True for s in answer["standings"])  # every place was a tie
    assert [s["number"] for s in read(client, made)["standings"]] == [s["number"] for s in answer["standings"]]
    for page in (f"/t/{made['id']}/standings", f"/t/{made['id']}/prizes"):
        assert "drawn by lot" in client.get(page).get_data(as_text=True), page


def test_lot_does_not_touch_places_the_points_decide(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=8, tie_breaks=["lot"])
    first, second = round_tables(client, made)
    sheet(client, made, 1, 1, {"points": points(first, [30, 10, -10, -30])})
    sheet(client, made, 1, 2, {"points": points(second, [20, 5, -5, -20])})
    answer = read(client, made)
    assert [s["player"] for s in answer["standings"]] == [
        first[0], second[0], first[1], second[1], second[2], first[2], second[3], first[3]]
    assert not any("drawn" in s for s in answer["standings"])
    assert "drawn by lot" not in client.get(f"/t/{made['id']}/standings").get_data(as_text=True)


def test_the_last_round_is_the_last_one_played_when_the_night_is_cut_short(client: FlaskClient) -> None:
    # Three rounds planned, two played: equal on points and solos, round 2 tells them apart.
    made = create(client, players=names(4), rounds=3, deals_per_round=4)
    (table,) = round_tables(client, made)
    sheet(client, made, 1, 1, {"points": {"Player 1": 20, "Player 2": 10, "Player 3": -15, "Player 4": -15}})
    (table,) = round_tables(client, made)
    sheet(client, made, 2, 1, {"points": {"Player 1": 10, "Player 2": 20, "Player 3": -15, "Player 4": -15}})
    client.post(f"/api/tournaments/{made['id']}/end", headers={"X-Edit-Key": made["edit_key"]})
    standings = by_player(read(client, made))
    assert standings["Player 1"]["points"] == standings["Player 2"]["points"] == 30
    assert (standings["Player 2"]["place"], standings["Player 1"]["place"]) == (1, 2)


# -- prizes -------------------------------------------------------------------------------------


KOHLER = {"entry_fee": 1001, "shares": SHARES, "prizes": [
    {"place": 1, "label": "Cup"}, {"place": "second_to_last", "amount": 500},
    {"place": "last", "label": "a bottle of wine"}, {"place": "round_best", "amount": 400}]}


def kohler_falls(client: FlaskClient, **given: Any) -> tuple[dict[str, Any], list[str], list[str]]:
    """Eight at 10.01 each (80.08 collected), one round played: a clear first, three equal second,
    two equal fifth, a seventh and an eighth."""
    made = create(client, players=names(8), rounds=3, deals_per_round=8, **KOHLER, **given)
    first, second = round_tables(client, made)
    sheet(client, made, 1, 1, {"points": points(first, [40, 10, -20, -30])})
    sheet(client, made, 1, 2, {"points": points(second, [10, 10, -10, -10])})
    return made, first, second


def test_shares_are_rounded_down_shared_places_share_and_the_rest_is_said(client: FlaskClient) -> None:
    made, first, second = kohler_falls(client)
    answer = read(client, made)
    standings = by_player(answer)
    # 30 % of 80.08 is 24.024: 24.02; the round's best adds 4.00; the first place's cup beside it.
    assert standings[first[0]]["prize"] == {"amount": 2402 + 400, "label": "Cup"}
    # Places 2, 3 and 4 shared by three: (12.01 + 8.00 + 8.00) / 3 = 9.33, two cents left.
    for name in (first[1], second[0], second[1]):
        assert standings[name]["place"] == 2 and standings[name]["prize"] == {"amount": 933}
    # Places 5 and 6 shared by two: 8.00 + nothing.
    for name in (second[2], second[3]):
        assert standings[name]["prize"] == {"amount": 400}
    assert standings[first[2]]["prize"] == {"amount": 500}
    assert standings[first[3]]["prize"] == {"label": "a bottle of wine"}
    # Shares: 24.02 + 12.01 + 3 x 8.00 = 60.03 of the 60.06 that 75 % is; sharing left 2 more cents.
    assert answer["prize_list"] == {
        "collected": 8008, "paid_out": 2402 + 400 + 3 * 933 + 2 * 400 + 500, "rest": 3 + 2,
        "round_best": [{"round": 1, "points": 40, "numbers": [standings[first[0]]["number"]],
                        "players": [first[0]], "amount": 400}]}


def test_the_withdrawn_take_no_prize_but_paid_their_fee(client: FlaskClient) -> None:
    made, first, second = kohler_falls(client)
    number = by_player(read(client, made))[first[0]]["number"]
    response = client.post(f"/api/tournaments/{made['id']}/players/{number}/withdraw",
                           headers={"X-Edit-Key": made["edit_key"]})
    assert response.status_code == 200
    answer = read(client, made)
    standings = by_player(answer)
    assert "prize" not in standings[first[0]] and standings[first[0]]["withdrawn"] is True
    # The three equal on 10 are first now: (24.02 + 12.01 + 8.00) / 3 = 14.67 (2 cents left), and
    # share the round's best (4.00 / 3 = 1.33, 1 cent left) and the cup.
    for name in (first[1], second[0], second[1]):
        assert standings[name]["prize"] == {"amount": 1467 + 133, "label": "Cup"}
    assert answer["prize_list"]["collected"] == 8008
    assert answer["prize_list"]["rest"] == 3 + 2 + 1
    assert [best["players"] for best in answer["prize_list"]["round_best"]] == [
        sorted([first[1], second[0], second[1]], key=lambda name: standings[name]["number"])]


def test_each_round_played_pays_its_best(client: FlaskClient) -> None:
    made = create(client, players=names(4), rounds=3, deals_per_round=4,
                  prizes=[{"place": "round_best", "amount": 500}, {"place": "round_best", "label": "a sausage"}])
    round_tables(client, made)
    sheet(client, made, 1, 1, {"points": {"Player 1": 20, "Player 2": 20, "Player 3": -15, "Player 4": -25}})
    round_tables(client, made)
    sheet(client, made, 2, 1, {"points": {"Player 1": -5, "Player 2": -5, "Player 3": 30, "Player 4": -20}})
    answer = read(client, made)
    assert answer["prize_list"]["round_best"] == [
        {"round": 1, "points": 20, "numbers": [1, 2], "players": ["Player 1", "Player 2"], "amount": 250,
         "label": "a sausage"},
        {"round": 2, "points": 30, "numbers": [3], "players": ["Player 3"], "amount": 500, "label": "a sausage"}]
    standings = by_player(answer)
    assert standings["Player 3"]["prize"] == {"amount": 500, "label": "a sausage"}
    assert standings["Player 1"]["prize"] == {"amount": 250, "label": "a sausage"}
    assert "prize" not in standings["Player 4"]
    assert answer["prize_list"]["paid_out"] == 1000


# -- the prize list page --------------------------------------------------------------------------


def test_the_prize_list_shows_who_takes_what_the_fees_and_the_rounding(client: FlaskClient) -> None:
    made, first, _second = kohler_falls(client)
    page = client.get(f"/t/{made['id']}/prizes").get_data(as_text=True)
    assert "€28.02" in page and "Cup" in page and "a bottle of wine" in page
    assert "€9.33" in page and "shared by 3" in page
    assert "€80.08" in page and "8 participants registered" in page
    assert "5 cents left by rounding" in page
    assert "Best of each round" in page and "Round 1:" in page
    german = client.get(f"/t/{made['id']}/prizes", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "28,02\xa0€" in german and "5 Cent durch Rundung übrig" in german


def test_the_prize_list_pays_in_the_tournaments_currency(client: FlaskClient) -> None:
    made, _first, _second = kohler_falls(client, currency="USD")
    page = client.get(f"/t/{made['id']}/prizes").get_data(as_text=True)
    assert "$28.02" in page and "€" not in page


def test_a_tournament_without_prizes_prints_its_list_as_before(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=4)
    page = client.get(f"/t/{made['id']}/prizes").get_data(as_text=True)
    assert "Fees and payouts" not in page and '<th scope="col" class="prize">' not in page


# -- the paper sheet asks for the counts the tie-breaks use ------------------------------------------


def test_the_paper_sheet_asks_for_the_counts_the_tie_breaks_use(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=8, tie_breaks=["games_won", "lot"])
    first, _second = round_tables(client, made)
    path = f"/t/{made['id']}/rounds/1/tables/1/sheet"
    client.get(path + f"?key={made['edit_key']}")
    page = client.get(path).get_data(as_text=True)
    assert "Games won, as declarer or partner (for the tie-break)" in page
    assert "Solo games won (for the tie-break)" in page
    assert "Tout games won" not in page and "Solo games played" not in page
    numbers = read(client, made)["rounds"][0]["tables"][0]["numbers"]
    form = {f"points-{n}": v for n, v in zip(numbers, ["10", "10", "-10", "-10"])}
    refused = client.post(path, data={**form, f"games-won-{numbers[1]}": "many"})
    assert refused.status_code == 200 and 'id="games-won-{}-error"'.format(numbers[1]) in refused.get_data(as_text=True)
    kept = client.post(path, data={**form, f"games-won-{numbers[1]}": "4"})
    assert kept.status_code == 302
    sheet = read(client, made)["rounds"][0]["tables"][0]["sheet"]
    assert sheet["games_won"] == dict(zip(first, [0, 4, 0, 0]))
    assert [s["player"] for s in read(client, made)["standings"][:2]] == [first[1], first[0]]
    assert 'value="4"' in client.get(path).get_data(as_text=True)


def test_a_default_tournaments_sheet_asks_for_solos_won_alone(client: FlaskClient) -> None:
    made = create(client, players=names(8), rounds=2, deals_per_round=8)
    round_tables(client, made)
    path = f"/t/{made['id']}/rounds/1/tables/1/sheet"
    client.get(path + f"?key={made['edit_key']}")
    page = client.get(path).get_data(as_text=True)
    assert "Solo games won (for the tie-break)" in page and "Games won, as declarer" not in page
