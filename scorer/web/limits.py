"""Rate limits: how many lists one client may make, however it makes them.

One budget per client covers the API, the new-list form, import and group
import; only lists actually made draw on it, one for each (a group import
draws one for every list it makes, and is refused whole when they would not
all fit). The client is the address the request came from, or behind
trusted proxies the one they name (PROXY_COUNT, ProxyFix). Counts live
where RATELIMIT_STORAGE_URI says: per worker process in memory by default,
or shared by every worker and machine in e.g. Redis.
"""

from __future__ import annotations

from flask import Response, current_app, g, request

from scorer.web.extensions import limiter


def list_creation_limit() -> str:
    """How many lists one client may make, from the config (Flask-Limiter's notation)."""
    return str(current_app.config["LIST_CREATION_LIMIT"])


def lists_made() -> int:
    """How many lists this request makes: one, unless the view said otherwise (``made_lists``).

    Asked before the view too, when it has said nothing yet: a client with
    no list left in its budget is refused before any work is done.
    """
    return int(g.get("lists_made", 1))


def made_lists(count: int) -> None:
    """Say how many lists this request made, for the budget (a group import makes several)."""
    g.lists_made = count


def lists_left() -> int | None:
    """How many more lists this client may make now; None when no limit applies to the view."""
    left = [limit.remaining for limit in limiter.current_limits]
    return min(left) if left else None


def made_a_list(response: Response) -> bool:
    """Tell whether the answer says a list was made: 201 from the API, a redirect from a page.

    A refused list file or a form with errors costs nothing; nor does a form
    sent again that made no list (``made_lists(0)``).
    """
    if lists_made() < 1:
        return False
    if request.blueprint == "api":
        return response.status_code == 201
    return response.status_code in (302, 303)


#: The decorator for every view that makes a list; they share one budget.
limit_list_creation = limiter.shared_limit(
    list_creation_limit, scope="list-creation", methods=["POST"], deduct_when=made_a_list,
    cost=lists_made,
)
