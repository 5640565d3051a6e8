"""The presets page: the house rules this phone saved."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.labels import family_label
from scorer.web.lists.forms import choice
from scorer.web.presets.forms import DeletePresetForm, PresetForm

bp = Blueprint("presets", __name__)
bp.after_app_request(access.send_owner_cookie)


@bp.route("/presets", methods=["GET", "POST"])
def presets() -> Any:
    """This phone's saved house-rule presets: list them, save one from a list's rules."""
    form = PresetForm()
    known = access.known_lists()
    lists = services.recent_lists(known, finished=False) + services.recent_lists(known, finished=True)
    form.list_id.choices = [choice(r.id, f"{r.title} ({family_label(r.family_name)})") for r in lists]
    if request.method == "POST" and form.validate_on_submit():
        row = services.get_list(form.list_id.data)
        try:
            services.save_preset(form.name.data, row.rules, owner=access.claim_preset_owner())
        except ScoringError as error:
            form.name.errors = [*form.name.errors, i18n.reason(error)]
        else:
            flash(_("The rules are saved as the preset %(name)s.", name=form.name.data.strip()))
            return redirect(url_for("presets.presets"))
    return render_template(
        "presets/presets.html", form=form, presets=services.presets(owner=access.preset_owner()),
        has_lists=bool(lists),
    )


@bp.route("/presets/<int:preset_id>/delete", methods=["GET", "POST"])
def delete_preset(preset_id: int) -> Any:
    """Delete a preset of this phone, after asking."""
    owner = access.preset_owner()
    preset = services.get_preset(preset_id, owner=owner)
    if preset is None:
        abort(404)
    form = DeletePresetForm()
    if form.validate_on_submit():
        services.delete_preset(preset_id, owner=owner)
        flash(_("The preset is deleted."))
        return redirect(url_for("presets.presets"))
    return render_template("presets/delete_preset.html", preset=preset, form=form)
