"""``scorer serve``: what a host types to run the app in production.

It refuses to start without a good ``SECRET_KEY``, with the debugger, or
without a chosen database (scorer/web/serve_checks.py), brings the
database's schema up to date, then becomes gunicorn with the project's settings
(scorer/web/gunicorn_conf.py), so that signals from systemd or the shell
reach gunicorn itself.
"""

from __future__ import annotations

import os
import sys

from flask_migrate import upgrade

#: Gunicorn's settings, as a module gunicorn reads by name.
SETTINGS = "python:scorer.web.gunicorn_conf"
#: The app gunicorn serves, built in each worker.
APP = "scorer:create_app()"
EXIT_REFUSED = 2


def serve(gunicorn_args: list[str], *, migrate: bool = True) -> int:
    """Check the settings, migrate, then replace this process with gunicorn.

    Returns only when it refuses to start (the exit status).
    """
    from scorer.web.app import MissingSecretKey, SecretKeyTooShort, create_app
    from scorer.web.serve_checks import Refused, check

    try:
        app = create_app()
        check(app)
    except (MissingSecretKey, SecretKeyTooShort, Refused) as refusal:
        print(f"scorer serve: {refusal}", file=sys.stderr)
        return EXIT_REFUSED
    if migrate:
        with app.app_context():
            upgrade()
    command = [sys.executable, "-m", "gunicorn", "-c", SETTINGS, *gunicorn_args, APP]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, command)
    return 0  # not reached: execv does not return
