"""The JSON API: the list file over HTTP (FORMAT.md's table)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from scorer.engine import ScoringError
from scorer.web import services
from scorer.web.conditional import unless_unchanged
from scorer.web.extensions import limiter
from scorer.web.services import Conflict, NotAllowed, NotFound

bp = Blueprint("api", __name__, url_prefix="/api")

F = TypeVar("F", bound=Callable[..., Any])


class BadBody(ValueError):
    """The request body is not the JSON object the route needs."""


def answers_json(view: F) -> F:
    """Turn the services' errors into JSON answers with a status code."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return view(*args, **kwargs)
        except BadBody as error:
            return jsonify(error=str(error)), 400
        except NotAllowed as error:
            return jsonify(error=str(error)), 403
        except NotFound as error:
            return jsonify(error=str(error)), 404
        except Conflict as error:
            return jsonify(error=str(error)), 409
        except ScoringError as error:
            return jsonify(error=error.message, deal=error.deal, key=error.key), 422

    return wrapper  # type: ignore[return-value]


def json_object() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise BadBody("send a JSON object as the body")
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise BadBody(f"the body is not valid JSON: {error}") from None
    if not isinstance(body, dict):
        raise BadBody("the body must be a JSON object")
    return body


def scored(result: Any) -> dict[str, Any]:
    """A scored deal as the API answers it."""
    return {
        "number": result.number, "dealer": result.dealer, "payouts": dict(result.payouts),
        "breakdown": result.breakdown.to_dict(),
    }


def _editable(list_id: str) -> services.ScoreListRow:
    row = services.get_list(list_id)
    services.require_key(row, request.headers.get("X-Edit-Key"))
    return row


def list_creation_limit() -> str:
    """How many lists one client may create, from the config."""
    return str(current_app.config["LIST_CREATION_LIMIT"])


@bp.post("/lists")
@limiter.limit(list_creation_limit)
@answers_json
def create_list() -> Any:
    """Store a list file as a new list."""
    row, key = services.create_list(json_object())
    return jsonify(
        id=row.id,
        url=url_for("lists.show_list", list_id=row.id),
        edit_url=url_for("lists.show_list", list_id=row.id, key=key),
        edit_key=key,
    ), 201


@bp.get("/lists/<list_id>")
@answers_json
def read_list(list_id: str) -> Any:
    """The list file with defaults, each deal scored, totals and settlement.

    Answers 304 to a client that already has this revision (If-None-Match).
    """
    row = services.get_list(list_id)
    return unless_unchanged(row, lambda: jsonify(services.api_document(services.list_state(row))))


@bp.post("/lists/<list_id>/deals")
@answers_json
def add_deal(list_id: str) -> Any:
    """Add a deal; a repeated Idempotency-Key stores it once."""
    row = _editable(list_id)
    key = request.headers.get("Idempotency-Key", "").strip() or None
    result, _created = services.add_deal(row, json_object(), idempotency_key=key)
    return jsonify(scored(result)), 201


@bp.put("/lists/<list_id>/deals/<int:number>")
@answers_json
def edit_deal(list_id: str, number: int) -> Any:
    """Replace deal N; later deals keep their order."""
    row = _editable(list_id)
    result = services.update_deal(row, number, json_object(), version=if_match_version())
    return jsonify(scored(result))


def if_match_version() -> int | None:
    """The deal version an edit starts from (If-Match: "3"), if the client sent one."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    try:
        return int(header.removeprefix("W/").strip('"'))
    except ValueError:
        raise BadBody('If-Match must be the deal\'s version, like "3"') from None


@bp.delete("/lists/<list_id>/deals/<int:number>")
@answers_json
def delete_deal(list_id: str, number: int) -> Any:
    """Delete deal N; later deals move up and follow the rotation."""
    row = _editable(list_id)
    seen = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"') or None
    services.delete_deal(row, number, seen=seen)
    return Response(status=204)


@bp.post("/lists/<list_id>/preview")
@answers_json
def preview(list_id: str) -> Any:
    """Score a deal as it would be added (or replace ``?number=N``), keeping nothing."""
    row = services.get_list(list_id)
    number = request.args.get("number", type=int)
    return jsonify(scored(services.preview_deal(row, json_object(), number=number)))
