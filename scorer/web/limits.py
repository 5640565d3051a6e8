"""Rate limits: how many lists one client may make, however it makes them.

One budget per client covers the API, the new-list form and import; only
lists actually made draw on it. The client is the address the request came
from, or behind trusted proxies the one they name (PROXY_COUNT, ProxyFix).
Counts live where RATELIMIT_STORAGE_URI says: per worker process in memory
by default, or shared by every worker and machine in e.g. Redis.
"""

from __future__ import annotations

from flask import Response, current_app, request

from scorer.web.extensions import limiter


def list_creation_limit() -> str:
    """How many lists one client may make, from the config (Flask-Limiter's notation)."""
    return str(current_app.config["LIST_CREATION_LIMIT"])


def made_a_list(response: Response) -> bool:
    """Tell whether the answer says a list was made: 201 from the API, a redirect from a page.

    A refused list file or a form with errors costs nothing.
    """
    if request.blueprint == "api":
        return response.status_code == 201
    return response.status_code in (302, 303)


#: The decorator for every view that makes a list; they share one budget.
limit_list_creation = limiter.shared_limit(
    list_creation_limit, scope="list-creation", methods=["POST"], deduct_when=made_a_list,
)
