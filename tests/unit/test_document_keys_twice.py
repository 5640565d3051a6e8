"""parse_document reads a list file at once when it can tell that no key is given twice,
and refuses (or accepts) every text exactly as reading it with the hook would."""

import json

import pytest

from scorer.engine import ScoringError, parse_document
from scorer.engine.document import no_duplicate_keys

TEXTS = [
    '{"rules": {"preset": "bavarian"}, "players": ["A","B","C","D"], "deals": [{"game": "passed", "game": "passed"}]}',
    '{"rules": {"preset": "bavarian"}, "deals": [{"game": "ramsch", "points": {"A": 30, "A": 30, "B": 60}}]}',
    '{"rules": {"preset": "bavarian", "preset": "german"}, "players": ["A:B","B","C","D"], "deals": []}',
    '{"title": "x:y", "title": "z", "deals": []}',
    '{"title": "x{y", "a": 1, "a": 2}',
    '{"title": "x:y", "deals": [{"a": 1}]}',
    '{"title": "{:", "deals": [{"a": 1}]}',
    '{"deals": [[{"a": 1, "a": 2}]]}',
    '{"deals": [{"x": {"a": 1, "a": 2}}]}',
    '{"deals": [{"points": {"q": {"a": 1, "a": 2}}}]}',
    '{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": {"j": 1}}}}}}}}}}',
    '{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": {"j": 1, "j": 2}}}}}}}}}}',
    '[1, 2, {"a": 1}]',
    '{"a": 1,}',
    '{"a": 1, "a": 2, ',
    '{"\\u003a": 1, "k": "\\u007b"}',
    '{"\\u003a": 1, "\\u003a": 2}',
    '{"a" : 1, "b" :{"c":2, "c": 3}}',
    '{"a": ' + '{"b": ' * 3000 + '1' + '}' * 3000 + '}',
    '{"deals": [{"game": "x"}, 3, "s", null, {"points": 5}, {"points": {"A": 1}}]}',
]


def with_the_hook(text):
    """What parse_document said when it always read with the hook."""
    try:
        document = json.loads(text, object_pairs_hook=no_duplicate_keys)
    except json.JSONDecodeError as error:
        return "refused", f"is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
    except RecursionError:
        return "refused", "is nested too deeply"
    except ValueError as error:
        return "refused", f"is not valid JSON: {error}"
    return "read", document


@pytest.mark.parametrize("text", TEXTS)
def test_a_text_is_read_or_refused_as_the_hook_reads_it(text):
    kind, expected = with_the_hook(text)
    if kind == "read" and isinstance(expected, dict):
        assert parse_document(text) == expected
        return
    with pytest.raises(ScoringError) as error:
        parse_document(text)
    if kind == "refused":
        assert str(error.value) == f"list file: {expected}"
