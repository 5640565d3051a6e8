"""Gunicorn's settings for serving the table app (docs/deploying.md).

``scorer serve`` runs gunicorn with them; by hand it is

    gunicorn -c python:scorer.web.gunicorn_conf "scorer:create_app()"

Every setting can be overridden on the command line or with GUNICORN_CMD_ARGS.
"""

import os
from typing import Any

from scorer.web.hidden_keys import hide_keys_in_logs

bind = os.environ.get("SCORER_BIND", "127.0.0.1:8000")
# Threads per worker: a phone waiting on its reception holds a thread, not a process.
worker_class = "gthread"
workers = int(os.environ.get("SCORER_WORKERS", "2"))
threads = int(os.environ.get("SCORER_THREADS", "4"))
timeout = 30
graceful_timeout = 10
keepalive = 5
# Behind a reverse proxy on the same machine, trust its X-Forwarded-* headers.
forwarded_allow_ips = "127.0.0.1"
accesslog = os.environ.get("SCORER_ACCESS_LOG", "-")
# The default format logs the request line and the Referer, and an edit link
# carries its key in the query (/l/ID?key=...): log the path without the
# query string (%(U)s) and no Referer, so no key ever reaches the log.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(a)s" %(M)sms'
# Gunicorn's control socket (in $HOME/.gunicorn, one path for every gunicorn of
# a user) is not used by the app: two servers on one machine would take it
# from each other.
control_socket_disable = True


def on_starting(server: Any) -> None:
    """Hide edit keys in what gunicorn logs and the app logs, in the master and so in every worker.

    A request gunicorn cannot read or answer is logged with its query
    (scorer/web/hidden_keys.py); behind nginx none carries a key, but gunicorn
    reached some other way must not write one either.
    """
    hide_keys_in_logs()
