"""Rate limits: how many lists one client may make, however it makes them.

One budget per client covers the API, the new-list form, import and group
import; only lists actually made draw on it, one for each (a group import
draws one for every list it makes, and is refused whole when they would not
all fit). The client is the address the request came from, or behind
trusted proxies the one they name (PROXY_COUNT, ProxyFix). Counts live
where RATELIMIT_STORAGE_URI says: per worker process in memory by default,
or shared by every worker and machine in e.g. Redis.

A tournament's lists are paid from a budget of their own
(TOURNAMENT_LIST_LIMIT), when the tournament is made and when late
participants add tables (:func:`charge_tournament_lists`): its draws then
cost nothing, so an organiser's draw never locks the venue's shared address
out of making lists, and no client makes lists through tournaments beyond it.
"""

from __future__ import annotations

from flask import Response, current_app, g, has_request_context, request
from flask_limiter.util import get_remote_address
from limits import parse
from werkzeug.exceptions import TooManyRequests

from scorer.web.extensions import limiter

#: The scope a client's tournament lists are counted under, apart from the list budget.
_TOURNAMENT_SCOPE = "tournament-lists"


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


def tournament_list_limit() -> str:
    """How many lists of tournaments one client may pay for, from the config (Flask-Limiter's notation)."""
    return str(current_app.config["TOURNAMENT_LIST_LIMIT"])


class TooManyTournamentLists(TooManyRequests):
    """The client's tournament budget cannot pay for the lists asked: a 429, as the list budget answers."""


def charge_tournament_lists(count: int) -> None:
    """Pay for ``count`` lists of a tournament from this client's tournament budget, or refuse (429).

    Called before the tournament's rows are committed: a refusal rolls them
    back, so nothing is made and nothing is paid. The client is named as the
    list budget names it (its address, behind trusted proxies the one they
    name).
    """
    # Outside a request (a command run on the host) there is no client to count.
    if count <= 0 or not has_request_context() or not (limiter.enabled and limiter.initialized):
        return
    item = parse(tournament_list_limit())
    who = (_TOURNAMENT_SCOPE, get_remote_address())
    strategy = limiter.limiter
    # Tested first: a fixed window counts a refused hit too, and would refuse what fits after it.
    if strategy.test(item, *who, cost=count) and strategy.hit(item, *who, cost=count):
        return
    raise TooManyTournamentLists(description=str(item))
