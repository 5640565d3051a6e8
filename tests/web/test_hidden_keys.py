"""Edit keys are hidden in what gunicorn and the app log: messages, arguments, tracebacks."""

from __future__ import annotations

import logging
import sys

from gunicorn.glogging import SafeAtoms

import pytest
from scorer.web.hidden_keys import HideKeys

# What the logs hide does not depend on the database: make test's SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass


def written(record: logging.LogRecord) -> str:
    """The record as a handler writes it, after the filter."""
    assert HideKeys().filter(record)
    return logging.Formatter("%(message)s").format(record)


def record(msg: str, args: object = None, exc_info: object = None) -> logging.LogRecord:
    return logging.LogRecord("gunicorn.error", logging.ERROR, __file__, 1, msg, args, exc_info)  # type: ignore[arg-type]


def test_a_key_in_the_message_or_its_arguments_is_hidden() -> None:
    assert written(record("Error handling request %s", ("/l/ID?deals=all&key=Secret1",))) == (
        "Error handling request /l/ID?deals=all&key=[hidden]")
    assert written(record("Invalid HTTP request line: 'GET /g/ID?key=Secret2'")) == (
        "Invalid HTTP request line: 'GET /g/ID?key=[hidden]'")


def test_gunicorn_s_access_atoms_keep_their_kind_with_the_keys_hidden() -> None:
    atoms = SafeAtoms({"r": "GET /t/ID?key=Secret3 HTTP/1.1", "q": "key=Secret3",
                       "{cookie}i": "edit_key=Secret3; session=x"})
    line = written(record('"%(r)s" %(q)s %({Cookie}i)s %({X-Missing}i)s', atoms))
    assert line == '"GET /t/ID?key=[hidden] HTTP/1.1" key=[hidden] edit_key=[hidden]; session=x -'


def test_a_traceback_naming_a_key_is_written_without_it() -> None:
    try:
        raise ValueError("cannot read /l/ID?key=Secret4")
    except ValueError:
        text = written(record("Error handling request", None, sys.exc_info()))
    assert "ValueError: cannot read /l/ID?key=[hidden]" in text and "Secret4" not in text
