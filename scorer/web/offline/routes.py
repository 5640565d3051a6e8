"""What a phone needs to keep a list without reception and sync it later.

The service worker keeps the pages of the lists the phone opened; deals
entered offline wait on the phone and go through the JSON API when the
signal returns, which needs the edit key: the page asks for it here, and
only a phone that holds edit rights gets it.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask import Blueprint, current_app, jsonify, url_for
from flask_babel import gettext as _

from scorer.web import access, services

bp = Blueprint("offline", __name__)

#: Never kept by a browser or a proxy: the answer is the list's edit key.
NO_STORE = "no-store, private"


@bp.get("/sw.js")
def service_worker() -> Any:
    """The service worker, from the site's root so that its scope covers every page."""
    response = current_app.send_static_file("sw.js")
    # A changed worker must reach the phone at its next visit.
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Any:
    """The web app manifest: a phone may install the app on its home screen."""
    icon = url_for("static", filename="icon.svg")
    response = jsonify(
        name=_("Schafkopf list"),
        short_name=_("Schafkopf"),
        start_url=url_for("lists.home"),
        scope="/",
        display="standalone",
        background_color="#fbfaf6",
        theme_color="#1f5f3a",
        icons=[
            {"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": icon, "sizes": "any", "type": "image/svg+xml"},
        ],
    )
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/l/<list_id>/edit-key")
def edit_key(list_id: str) -> Any:
    """The list's edit key, for sending the deals kept offline; only with edit rights."""
    row = services.get_list(list_id)
    key = access.edit_key(row)
    if key is None:
        response = jsonify(error="this needs the list's edit link")
        response.status_code = 403
    else:
        response = jsonify(key=key)
    response.headers["Cache-Control"] = NO_STORE
    return response


@bp.app_template_global("server_time")
def server_time() -> str:
    """Now, in UTC, for a page to say how fresh its totals are."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
