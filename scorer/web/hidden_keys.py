"""Keep edit keys out of gunicorn's logs and the app's: ``key=...`` is written ``key=[hidden]``.

Behind nginx (deploy/nginx.conf) no address with a key reaches gunicorn, and
its access log leaves queries out (scorer/web/gunicorn_conf.py). What is
left: a request gunicorn cannot read or answer is logged with its request
line or its address, query and all (``Invalid HTTP request line: 'GET
/l/ID?key=...'``, ``Error handling request /l/ID?key=...``), as a client
reaching gunicorn itself may send it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

#: ``key=`` and what follows up to the next separator: an edit link's
#: ``?key=K`` and ``&key=K``, the ``edit_key=K`` cookie, whatever the case.
_KEY = re.compile(r"(key=)[^&\s\"';,]+", re.IGNORECASE)
HIDDEN = r"\1[hidden]"


def hide(value: Any) -> Any:
    """The value with every key in it hidden, if it is text; else the value as it is."""
    return _KEY.sub(HIDDEN, value) if isinstance(value, str) else value


class HideKeys(logging.Filter):
    """Hide the keys in a record's message, its arguments and its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = hide(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide(arg) for arg in record.args)
        elif isinstance(record.args, dict):  # gunicorn's access log: its atoms by name
            for name, value in record.args.items():  # in place: gunicorn's own dict answers "-" for the missing
                record.args[name] = hide(value)
        if record.exc_info and not record.exc_text:
            # Rendered here, so the traceback written is the one with the keys hidden.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        record.exc_text = hide(record.exc_text)
        return True


#: The loggers gunicorn writes its error and access logs with, and the app's own.
LOGGERS = ("gunicorn.error", "gunicorn.access", "scorer")


def hide_keys_in_logs(names: tuple[str, ...] = LOGGERS) -> None:
    """Give each logger named the filter, once."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, HideKeys) for existing in logger.filters):
            logger.addFilter(HideKeys())
