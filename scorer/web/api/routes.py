"""The JSON API: the list file over HTTP (FORMAT.md's table), and groups of lists."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.engine.document import no_duplicate_keys
from scorer.web import i18n, services
from scorer.web.api import list_read
from scorer.web.conditional import if_match_tags, list_unless_unchanged
from scorer.web.limits import limit_list_creation
from scorer.web.services import Conflict, NotAllowed, NotFound
from scorer.web.services.table_scope import TableNotAllowed, Work

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
        except (BadBody, services.BadIdempotencyKey) as error:
            return jsonify(error=str(error)), 400
        except TableNotAllowed as error:  # said to a player too, as a refused deal is
            return jsonify(error=str(error), message=_(error.reason)), 403
        except NotAllowed as error:
            return jsonify(error=str(error)), 403
        except NotFound as error:
            return jsonify(error=str(error)), 404
        except Conflict as error:
            return jsonify(error=str(error)), 409
        except ScoringError as error:
            # `error` stays English; `message` says it in the request's language
            # (the session's, else Accept-Language), for a phone that shows it.
            return jsonify(error=error.message, deal=error.deal, key=error.key,
                           message=i18n.message(error)), 422

    return cast(F, wrapper)


#: The deepest a body may nest arrays and objects: a list file nests 4 deep. Deeper,
#: a body the parser took could still overflow the stack of what reads it after
#: (the Idempotency-Key's fingerprint encodes the body again, deeper in the stack).
MAX_DEPTH = 32


def json_object() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise BadBody("send a JSON object as the body")
    try:
        body = json.loads(raw, object_pairs_hook=no_duplicate_keys)
    except ScoringError as error:  # a key given twice: which one counts is anyone's guess
        raise BadBody(f"the body is not valid JSON for this API: {error.reason}") from None
    except (ValueError, RecursionError) as error:
        raise BadBody(f"the body is not valid JSON: {error}") from None
    if not isinstance(body, dict):
        raise BadBody("the body must be a JSON object")
    if not nested_within(body, MAX_DEPTH):
        raise BadBody(f"the body nests arrays and objects more than {MAX_DEPTH} deep")
    return body


def nested_within(value: Any, most: int) -> bool:
    """Tell whether a JSON value nests arrays and objects at most ``most`` deep (without recursing)."""
    waiting: list[tuple[Any, int]] = [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if depth > most:
            return False
        inner = item.values() if isinstance(item, dict) else item
        waiting.extend((child, depth + 1) for child in inner if isinstance(child, (dict, list)))
    return True


def scored(result: Any) -> dict[str, Any]:
    """A scored deal as the API answers it: as the command line prints it, less the game."""
    answer: dict[str, Any] = result.to_dict()
    del answer["game"]
    return answer


def made(endpoint: str, arg: str, ident: str, key: str) -> dict[str, str]:
    """The id, links and edit key of something just made, as every create answers them."""
    values: dict[str, Any] = {arg: ident}
    return {
        "id": ident,
        "url": url_for(endpoint, **values),
        "edit_url": url_for(endpoint, **values, key=key),
        "edit_key": key,
    }


def _edit_key() -> str | None:
    return request.headers.get("X-Edit-Key")


def _idempotency_key() -> str | None:
    return request.headers.get("Idempotency-Key", "").strip() or None


def _body_of_change(list_id: str, work: Work) -> dict[str, Any]:
    """The JSON object of a change to a list (``work``); a bad one is refused once the list and its key are found.

    So that a missing list or edit key says so first.
    """
    try:
        return json_object()
    except BadBody:
        services.list_to_change(list_id, _edit_key(), work=work)
        raise


@bp.post("/lists")
@limit_list_creation
@answers_json
def create_list() -> Any:
    """Store a list file as a new list."""
    row, key = services.create_list(json_object())
    return jsonify(made("lists.show_list", "list_id", row.id, key)), 201


@bp.get("/lists/<list_id>")
@answers_json
def read_list(list_id: str) -> Any:
    """The list file with defaults, each deal scored, totals and settlement.

    Answers 304 to a client that already has this revision (If-None-Match).
    """
    return list_unless_unchanged(list_id, list_read.answer)


@bp.post("/lists/<list_id>/deals")
@answers_json
def add_deal(list_id: str) -> Any:
    """Add a deal; a repeated Idempotency-Key stores it once."""
    data = _body_of_change(list_id, Work.DEALS)
    # Found and locked in one round trip: every phone adding to the list waits on each one.
    row = services.list_to_change(list_id, _edit_key(), work=Work.DEALS, lock=True)
    result, _created = services.add_deal(row, data, idempotency_key=_idempotency_key())
    return jsonify(scored(result)), 201


@bp.post("/lists/<list_id>/changes")
@answers_json
def add_change(list_id: str) -> Any:
    """Seat players, or change house rules, from deal ``from`` on; a repeated Idempotency-Key applies it once.

    ``from`` must be the list's next deal: 409 with ``next``, its number, otherwise.
    """
    data = _body_of_change(list_id, Work.LIST)
    # Found and locked in one round trip: every phone changing the list waits on each one.
    row = services.list_to_change(list_id, _edit_key(), work=Work.LIST, lock=True)
    try:
        answer, _applied = services.change_from(row, data, idempotency_key=_idempotency_key())
    except services.NotNextDeal as error:
        return jsonify(error=str(error), next=error.next_number, message=_(
            "The change was made for deal %(wanted)s, but the list's next deal is %(next)s: "
            "deals are missing before it, or another phone added some.",
            wanted=error.wanted, next=error.next_number)), 409
    return jsonify(answer), 201


@bp.put("/lists/<list_id>/deals/<int:number>")
@answers_json
def edit_deal(list_id: str, number: int) -> Any:
    """Replace deal N; later deals keep their order."""
    row = services.list_to_change(list_id, _edit_key(), work=Work.DEALS)
    result = services.update_deal(row, number, json_object(), version=if_match_version())
    return jsonify(scored(result))


def if_match_version() -> int | None:
    """The deal version an edit starts from (If-Match: "3"), if the client sent one."""
    tags = if_match_tags()
    if tags is None:
        return None
    if len(tags) != 1 or not next(iter(tags)).isdigit():
        raise BadBody('If-Match must be the deal\'s version, like "3"')
    return int(next(iter(tags)))


@bp.delete("/lists/<list_id>/deals/<int:number>")
@answers_json
def delete_deal(list_id: str, number: int) -> Any:
    """Delete deal N; later deals move up and follow the rotation (``?keep_dealers=1``: keep theirs)."""
    row = services.list_to_change(list_id, _edit_key(), work=Work.DEALS)
    keep = request.args.get("keep_dealers", "") in ("1", "true")
    tags = if_match_tags()
    # A table's list is tagged with its round's state as well (read_list): the list's part counts.
    seen = None if tags is None else {tag.partition(".")[0] for tag in tags}
    services.delete_deal(row, number, seen=seen, keep_dealers=keep)
    return Response(status=204)


@bp.post("/lists/<list_id>/preview")
@answers_json
def preview(list_id: str) -> Any:
    """Score a deal as it would be added (or replace ``?number=N``), keeping nothing."""
    row = services.get_list(list_id)
    number = request.args.get("number", type=int)
    return jsonify(scored(services.preview_deal(row, json_object(), number=number)))


# -- groups ---------------------------------------------------------------------------------


def _editable_group(group_id: str) -> services.GroupRow:
    group = services.get_group(group_id)
    services.require_group_key(group, request.headers.get("X-Edit-Key"))
    return group


@bp.post("/groups")
@limit_list_creation
@answers_json
def create_group() -> Any:
    """Make a group from its name and players."""
    group, key = services.create_group(json_object())
    return jsonify(made("groups.show_group", "group_id", group.id, key)), 201


def _day(name: str) -> Any:
    value = request.args.get(name)
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BadBody(f"{name} must be a date like 2026-01-31") from None


@bp.get("/groups/<group_id>")
@answers_json
def read_group(group_id: str) -> Any:
    """The group: its players, every list, and the season (?from=&to=, this year by default)."""
    group = services.get_group(group_id)
    first, last = services.this_year()
    start, end = _day("from") or first, _day("to") or last
    rows = services.group_lists(group)
    season = services.season(group, start=start, end=end, rows=rows)
    counts = services.deal_counts([row.id for row in rows])
    return jsonify(
        id=group.id, name=group.name, players=list(group.players),
        url=url_for("groups.show_group", group_id=group.id),
        lists=[
            {"id": row.id, "url": url_for("lists.show_list", list_id=row.id), "title": row.title,
             "created_at": row.created_at.isoformat(), "finished": row.finished_at is not None,
             "deals": counts.get(row.id, 0)}
            for row in rows
        ],
        season={
            "from": start.isoformat(), "to": end.isoformat(),
            "lists": [row.id for row, _summary in season.lists], "currency": season.currency,
            "standings": [
                {"player": s.player, "lists": s.lists, "units": s.units, "money": s.money,
                 "average": s.average}
                for s in season.standings
            ],
        },
        # The group's saved house rules are its editors' only.
        **({"presets": [_house_rules(p) for p in services.all_house_rules(owner=None, group=group)]}
           if _holds_group_key(group) else {}),
    )


def _holds_group_key(group: services.GroupRow) -> bool:
    try:
        services.require_group_key(group, request.headers.get("X-Edit-Key"))
    except NotAllowed:
        return False
    return True


def _house_rules(saved: Any) -> dict[str, Any]:
    return {"id": saved.id, "name": saved.name, "rules": saved.rules}


@bp.post("/groups/<group_id>/presets")
@answers_json
def save_group_house_rules(group_id: str) -> Any:
    """Save (or replace, by name) house rules of the group: ``{"name": ..., "rules": {...}}``."""
    group = _editable_group(group_id)
    body = json_object()
    saved = services.save_house_rules(body.get("name"), body.get("rules"), group=group)
    return jsonify(_house_rules(saved)), 201


@bp.delete("/groups/<group_id>/presets/<int:house_rules_id>")
@answers_json
def delete_group_house_rules(group_id: str, house_rules_id: int) -> Any:
    """Delete house rules of the group; lists started with them keep their own."""
    group = _editable_group(group_id)
    services.delete_house_rules(house_rules_id, owner=None, group=group)
    return "", 204


@bp.delete("/groups/<group_id>/lists/<list_id>")
@answers_json
def remove_group_list(group_id: str, list_id: str) -> Any:
    """Take a list out of the group: it keeps its deals, the season no longer counts it."""
    group = _editable_group(group_id)
    row = services.get_list(list_id)
    services.remove_from_group(group, row)
    return jsonify(id=row.id, url=url_for("lists.show_list", list_id=row.id), group=None)


@bp.post("/groups/<group_id>/lists")
@limit_list_creation
@answers_json
def add_group_list(group_id: str) -> Any:
    """Start a list in the group (a list file), or add one (its id and edit key)."""
    group = _editable_group(group_id)
    body = json_object()
    if "players" not in body and "id" in body:
        row = services.list_to_change(
            str(body["id"]), body.get("edit_key") if isinstance(body.get("edit_key"), str) else None,
            work=Work.LIST)
        services.add_to_group(group, row)
        return jsonify(id=row.id, url=url_for("lists.show_list", list_id=row.id), group=group.id)
    row, key = services.create_group_list(group, body)
    return jsonify(made("lists.show_list", "list_id", row.id, key)), 201
