"""Gunicorn settings for serving the table app (README, "Deploying").

    gunicorn -c gunicorn.conf.py "scorer:create_app()"

Every setting can be overridden on the command line or with GUNICORN_CMD_ARGS.
"""

import os

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
