"""The presets page: a group's saved house rules."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.lists.forms import ActionForm, choice, family_label
from scorer.web.presets.forms import PresetForm

bp = Blueprint("presets", __name__)


@bp.route("/presets", methods=["GET", "POST"])
def presets() -> Any:
    """Saved house-rule presets: list, save from a list's rules, delete."""
    form = PresetForm()
    known = access.known_lists()
    lists = services.recent_lists(known, finished=False) + services.recent_lists(known, finished=True)
    form.list_id.choices = [choice(r.id, f"{r.title} ({family_label(r.preset)})") for r in lists]
    action = request.form.get("action")
    if request.method == "POST" and action == "delete":
        if ActionForm().validate_on_submit():
            preset_id = request.form.get("preset_id", type=int)
            if preset_id is None:
                abort(404)
            services.delete_preset(preset_id)
            flash(_("The preset is deleted."))
            return redirect(url_for("presets.presets"))
        abort(400)
    if request.method == "POST" and form.validate_on_submit():
        row = services.get_list(form.list_id.data)
        try:
            services.save_preset(form.name.data, row.rules)
        except ScoringError as error:
            form.name.errors = [*form.name.errors, i18n.reason(error)]
        else:
            flash(_("The rules are saved as the preset %(name)s.", name=form.name.data.strip()))
            return redirect(url_for("presets.presets"))
    return render_template(
        "presets/presets.html", form=form, presets=services.presets(), has_lists=bool(lists),
        action_form=ActionForm(),
    )
