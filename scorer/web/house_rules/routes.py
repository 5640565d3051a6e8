"""The saved house rules page: the house rules this phone saved."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorer.engine import ScoringError
from scorer.web import access, i18n, services
from scorer.web.house_rules.forms import DeleteHouseRulesForm, SaveHouseRulesForm
from scorer.web.labels import family_label
from scorer.web.lists.forms import choice

bp = Blueprint("house_rules", __name__)
bp.after_app_request(access.send_owner_cookie)


@bp.route("/presets", methods=["GET", "POST"])
def saved() -> Any:
    """List this phone's saved house rules; save a list's rules as new ones."""
    form = SaveHouseRulesForm()
    known = access.known_lists()
    lists = services.recent_lists(known, finished=False) + services.recent_lists(known, finished=True)
    form.list_id.choices = [choice(r.id, f"{r.title} ({family_label(r.family_name)})") for r in lists]
    if request.method == "POST" and form.validate_on_submit():
        row = services.get_list(form.list_id.data)
        try:
            services.save_house_rules(form.name.data, row.rules, owner=access.claim_house_rules_owner())
        except ScoringError as error:
            form.name.errors = [*form.name.errors, i18n.reason(error)]
        else:
            flash(_("The rules are saved as the house rules %(name)s.", name=form.name.data.strip()))
            return redirect(url_for("house_rules.saved"))
    return render_template(
        "house_rules/saved.html", form=form,
        saved=services.all_house_rules(owner=access.house_rules_owner()), has_lists=bool(lists),
    )


@bp.route("/presets/<int:house_rules_id>/delete", methods=["GET", "POST"])
def delete(house_rules_id: int) -> Any:
    """Delete saved house rules of this phone, after asking."""
    owner = access.house_rules_owner()
    saved = services.get_house_rules(house_rules_id, owner=owner)
    if saved is None:
        abort(404)
    form = DeleteHouseRulesForm()
    if form.validate_on_submit():
        services.delete_house_rules(house_rules_id, owner=owner)
        flash(_("The house rules are deleted."))
        return redirect(url_for("house_rules.saved"))
    return render_template("house_rules/delete.html", saved=saved, form=form)
