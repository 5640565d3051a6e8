"""The command line scores a list file from a file or standard input, and refuses garbage in one line."""

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLAYERS = ["Anna", "Bene", "Chris", "Dora"]

FORMAT_EXAMPLE = """{
  "rules": {"preset": "bavarian", "tariffs": {"sauspiel": 10, "solo": 50}},
  "players": ["Anna", "Bene", "Chris", "Dora"],
  "first_dealer": "Dora",
  "deals": [
    {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    {"game": "solo", "declarer": "Bene", "suit": "hearts", "points": 95, "laufende": 3, "contra": true},
    {"game": "wenz", "declarer": "Chris", "points": 40, "doubles": 1},
    {"game": "ramsch", "points": {"Anna": 30, "Bene": 0, "Chris": 40, "Dora": 50}},
    {"game": "passed"}
  ]
}
"""

# Worked by hand from RULES.md: sauspiel at tariff 10; solo (50 + schneider 10
# + 3 Laufende x 5) x 2 for contra = 150; wenz lost 40 x 2 for one double = 80;
# Ramsch lost by Dora with Bene a virgin.
EXPECTED_PAYOUTS = [
    {"Anna": 10, "Bene": -10, "Chris": 10, "Dora": -10},
    {"Anna": -150, "Bene": 450, "Chris": -150, "Dora": -150},
    {"Anna": 80, "Bene": 80, "Chris": -240, "Dora": 80},
    {"Anna": 10, "Bene": 20, "Chris": 10, "Dora": -40},
    {"Anna": 0, "Bene": 0, "Chris": 0, "Dora": 0},
]
EXPECTED_TOTALS = {"Anna": -50, "Bene": 540, "Chris": -370, "Dora": -120}


def run(*arguments, stdin=b""):
    return subprocess.run(
        [sys.executable, "-m", "scorer", *arguments],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


def score_text(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return run("score", "-", stdin=data)


def assert_scored_format_example(finished):
    assert finished.returncode == 0, finished.stderr
    assert finished.stderr == b""
    result = json.loads(finished.stdout)
    assert [deal["payouts"] for deal in result["deals"]] == EXPECTED_PAYOUTS
    assert [deal["dealer"] for deal in result["deals"]] == ["Dora", "Anna", "Bene", "Chris", "Dora"]
    assert result["totals"] == EXPECTED_TOTALS
    balances = dict(result["totals"])
    assert len(result["settlement"]) <= len(PLAYERS) - 1
    for transfer in result["settlement"]:
        assert set(transfer) == {"from", "to", "amount"}
        assert isinstance(transfer["amount"], int) and transfer["amount"] > 0
        balances[transfer["from"]] += transfer["amount"]
        balances[transfer["to"]] -= transfer["amount"]
    assert balances == {name: 0 for name in PLAYERS}


def assert_refused_in_one_line(finished):
    stderr = finished.stderr.decode("utf-8", errors="replace")
    assert finished.returncode == 2, stderr
    assert finished.stdout == b""
    assert "Traceback" not in stderr
    lines = stderr.strip("\n").split("\n")
    assert len(lines) == 1, stderr
    assert lines[0].strip()
    return lines[0]


def test_the_format_example_is_scored_from_a_file(tmp_path):
    path = tmp_path / "list.json"
    path.write_text(FORMAT_EXAMPLE, encoding="utf-8")
    assert_scored_format_example(run("score", str(path)))


def test_the_format_example_is_scored_from_standard_input():
    assert_scored_format_example(score_text(FORMAT_EXAMPLE))


def test_the_output_is_one_json_object_with_every_player_in_every_payout():
    finished = score_text(FORMAT_EXAMPLE)
    result = json.loads(finished.stdout)
    assert isinstance(result, dict)
    for deal in result["deals"]:
        assert set(deal["payouts"]) == set(PLAYERS)
    assert set(result["totals"]) == set(PLAYERS)


def test_the_format_cli_example_scores_one_partner_game():
    document = {
        "rules": {"preset": "bavarian"},
        "players": PLAYERS,
        "deals": [{"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72}],
    }
    result = json.loads(score_text(json.dumps(document)).stdout)
    assert result["deals"][0]["dealer"] == "Dora"
    assert result["deals"][0]["payouts"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}
    assert result["totals"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}


def test_a_five_player_list_names_the_sitting_out_dealer_with_zero():
    document = {
        "rules": {"preset": "bavarian"},
        "players": PLAYERS + ["Emil"],
        "deals": [{"game": "solo", "declarer": "Anna", "points": 72}],
    }
    result = json.loads(score_text(json.dumps(document)).stdout)
    assert result["deals"][0]["payouts"] == {"Anna": 120, "Bene": -40, "Chris": -40, "Dora": -40, "Emil": 0}
    assert result["totals"]["Emil"] == 0


def test_the_sheepshead_list_carries_its_classic_tally():
    document = {
        "rules": {"preset": "sheepshead3"},
        "players": ["Anna", "Bene", "Chris"],
        "deals": [
            {"game": "pick", "declarer": "Anna", "points": 95},
            {"game": "least", "points": {"Anna": 50, "Bene": 0, "Chris": 70}},
        ],
    }
    result = json.loads(score_text(json.dumps(document)).stdout)
    assert result["totals"] == {"Anna": 8 - 4, "Bene": -4 + 8, "Chris": -4 - 4}
    assert result["tally"]["classic"] == {"Anna": 4, "Bene": 4, "Chris": 0}


def test_the_german_list_carries_each_teams_strokes_and_heads():
    document = {
        "rules": {"preset": "german"},
        "players": PLAYERS,
        "deals": [
            {"game": "normal", "declarer": "Bene", "points": 120, "schwarz": True},
            {"game": "normal", "declarer": "Dora", "points": 61},
            {"game": "normal", "declarer": "Anna", "points": 20},
        ],
    }
    result = json.loads(score_text(json.dumps(document)).stdout)
    assert result["totals"] == {"Anna": -90 - 10 - 40, "Bene": 90 + 10 + 40, "Chris": -140, "Dora": 140}
    teams = result["tally"]["teams"]
    assert [(t["players"], t["strokes"], t["heads"]) for t in teams] == [
        (["Anna", "Chris"], 0, 0),
        (["Bene", "Dora"], 1 + 4, 1),
    ]


def test_a_broken_deal_on_the_command_line_names_its_number_and_key():
    document = json.loads(FORMAT_EXAMPLE)
    document["deals"][2]["points"] = 121
    line = assert_refused_in_one_line(score_text(json.dumps(document)))
    assert line.startswith("deal 3: points: ")
    assert "121" in line


def test_a_broken_deal_in_a_file_is_refused_like_on_standard_input(tmp_path):
    document = json.loads(FORMAT_EXAMPLE)
    document["deals"][1]["re"] = True
    document["deals"][1]["contra"] = False
    path = tmp_path / "list.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    line = assert_refused_in_one_line(run("score", str(path)))
    assert line.startswith("deal 2: re: ")


def deep_document(depth):
    return '{"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": ' + "[" * depth + "]" * depth + "}"


def huge_points_document(digits):
    return (
        '{"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": '
        '[{"game": "solo", "declarer": "Anna", "points": 1' + "0" * digits + "}]}"
    )


GARBAGE = [
    pytest.param(b"this is not JSON", id="not-json"),
    pytest.param(b"{\"rules\": ", id="truncated-json"),
    pytest.param(b"[]", id="json-array"),
    pytest.param(b"[1, 2, 3]", id="json-array-of-numbers"),
    pytest.param(b"\"a list\"", id="json-string"),
    pytest.param(b"42", id="json-number"),
    pytest.param(b"null", id="json-null"),
    pytest.param(b"{}", id="empty-object"),
    pytest.param(b"", id="empty-input"),
    pytest.param(b"   \n  ", id="blank-input"),
    pytest.param(huge_points_document(5000).encode(), id="points-of-5000-digits"),
    pytest.param(huge_points_document(100000).encode(), id="points-of-100000-digits"),
    pytest.param(
        ('{"rules": {"preset": "bavarian", "point_value": 1' + "0" * 5000 + '}, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": []}').encode(),
        id="point-value-of-5000-digits",
    ),
    pytest.param(
        ('{"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": [{"game": "solo", "declarer": "Anna", "points": 1e999}]}').encode(),
        id="points-beyond-float",
    ),
    pytest.param(
        ('{"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": [{"game": "solo", "declarer": "Anna", "points": NaN}]}').encode(),
        id="points-nan",
    ),
    pytest.param(("[" * 100000 + "]" * 100000).encode(), id="deeply-nested-arrays"),
    pytest.param(deep_document(100000).encode(), id="deeply-nested-deals"),
    pytest.param(("{\"a\": " * 50000 + "1" + "}" * 50000).encode(), id="deeply-nested-objects"),
    pytest.param(b"\xff\xfe\x00{", id="invalid-utf8-bytes"),
    pytest.param(
        b'{"rules": {"preset": "bavarian"}, "players": ["Anna", "Bene", "Chris", "D\xc3\x28ra"], "deals": []}',
        id="invalid-utf8-in-a-name",
    ),
    pytest.param(
        b'{"rules": {"preset": "bavarian"}, "rules": {"preset": "german"}, "players": ["Anna", "Bene", "Chris", "Dora"], "deals": []}',
        id="duplicate-keys",
    ),
    pytest.param(b"\x00\x01\x02", id="control-bytes"),
]


@pytest.mark.parametrize("data", GARBAGE)
def test_garbage_on_standard_input_is_refused_in_one_line_with_status_two(data):
    assert_refused_in_one_line(score_text(data))


@pytest.mark.parametrize("data", GARBAGE[:3] + GARBAGE[-4:-1])
def test_garbage_in_a_file_is_refused_in_one_line_with_status_two(tmp_path, data):
    path = tmp_path / "garbage.json"
    path.write_bytes(data)
    assert_refused_in_one_line(run("score", str(path)))


def test_a_missing_file_is_refused_in_one_line_with_status_two(tmp_path):
    line = assert_refused_in_one_line(run("score", str(tmp_path / "no-such-list.json")))
    assert "no-such-list.json" in line


def test_a_directory_instead_of_a_file_is_refused_in_one_line_with_status_two(tmp_path):
    assert_refused_in_one_line(run("score", str(tmp_path)))


def test_a_name_with_a_line_break_still_gives_a_one_line_message():
    document = {
        "rules": {"preset": "sheepshead3"}, "players": ["A", "C", "D"],
        "deals": [{"game": "least", "points": {"A\nB": 0, "C": 60, "D": 60}}],
    }
    result = subprocess.run(
        [sys.executable, "-m", "scorer", "score", "-"], input=json.dumps(document).encode(),
        capture_output=True, check=False,
    )
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode() == (
        "deal 1: points: \"A\\nB\" holds the character '\\n', which is not allowed here\n"
    )


def test_a_change_that_sets_nothing_is_refused_naming_its_deal(tmp_path):
    document = {"rules": {"preset": "bavarian"}, "players": PLAYERS,
                "deals": [{"game": "passed"}, {"game": "passed"}], "changes": [{"from": 2}]}
    path = tmp_path / "list.json"
    path.write_text(json.dumps(document))
    finished = run("score", str(path))
    assert_refused_in_one_line(finished)
    assert finished.stderr.decode() == (
        "deal 2: changes: this change sets nothing: give it players, rules or first_dealer\n")


@pytest.mark.parametrize("currency", ["USD", "points"])
def test_a_list_exported_with_its_currency_scores_as_without_it(currency):
    document = {"rules": {"preset": "sheepshead"}, "players": ["Anna", "Bene", "Chris", "Dora", "Emil"],
                "deals": [{"game": "pick", "declarer": "Anna", "partner": "Chris", "points": 70}]}
    plain = run("score", "-", stdin=json.dumps(document).encode())
    kept = run("score", "-", stdin=json.dumps({**document, "currency": currency}).encode())
    assert plain.returncode == kept.returncode == 0, kept.stderr
    assert kept.stdout == plain.stdout
