"""The pages: home, new list, the list, settling up, export and import."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, g, redirect, render_template, request, session, url_for

from scorer.web.app import LANGUAGES, select_locale
from scorer.web import services

bp = Blueprint("pages", __name__)


@bp.app_context_processor
def language() -> dict[str, Any]:
    """Give every template the current language code."""
    return {"current_lang": select_locale()}


@bp.get("/lang/<lang>")
def set_language(lang: str) -> Any:
    """Switch the language and go back where the switch was tapped."""
    if lang in LANGUAGES:
        session["lang"] = lang
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/"):
        target = "/"
    return redirect(target)


@bp.get("/")
def home() -> Any:
    """Open lists, most recent first; finished lists; New list."""
    return render_template("home.html", open_lists=services.recent_lists(finished=False),
                           finished_lists=services.recent_lists(finished=True))


@bp.get("/l/<list_id>")
def show_list(list_id: str) -> Any:
    """The list, like the paper block."""
    state = services.list_state(services.get_list(list_id))
    return render_template("list.html", state=state)
