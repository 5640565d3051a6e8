"""Saved house rules belong to the phone that saved them; deleting one asks first."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorer.web.extensions import db
from scorer.web.models import SavedHouseRulesRow
from tests.web.conftest import bavarian_list


def save(client: FlaskClient, name: str, **rules: Any) -> int:
    """Save the rules of a new list of this phone as a preset; its id."""
    made = client.post("/api/lists", json=bavarian_list(**rules)).get_json()
    client.get(made["url"])
    answer = client.post("/presets", data={"action": "save", "list_id": made["id"], "name": name})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    page = client.get("/presets").get_data(as_text=True)
    return int(page.split("/new?preset=")[1].split('"')[0])


def stored(app: Flask) -> list[tuple[str, dict[str, Any]]]:
    with app.app_context():
        return [(p.name, p.rules["tariffs"]) for p in db.session.scalars(db.select(SavedHouseRulesRow).order_by(SavedHouseRulesRow.id))]


def test_another_phone_cannot_see_use_change_or_delete_a_preset(app: Flask) -> None:
    mine, other = app.test_client(), app.test_client()
    preset_id = save(mine, "Stammtisch", tariffs={"sauspiel": 15})
    assert "Stammtisch" in mine.get("/presets").get_data(as_text=True)
    assert "Stammtisch" in mine.get("/new").get_data(as_text=True)

    assert "Stammtisch" not in other.get("/presets").get_data(as_text=True)
    assert "Stammtisch" not in other.get("/new").get_data(as_text=True)
    assert other.get(f"/new?preset={preset_id}").status_code == 404
    assert other.get(f"/presets/{preset_id}/delete").status_code == 404
    assert other.post(f"/presets/{preset_id}/delete", data={"confirm": "y"}).status_code == 404
    assert other.post("/presets", data={"action": "delete", "preset_id": str(preset_id)}).status_code < 500
    save(other, "Stammtisch", tariffs={"sauspiel": 50})  # its own, under the same name

    assert stored(app)[0] == ("Stammtisch", {**stored(app)[0][1], "sauspiel": 15})
    assert len(stored(app)) == 2
    page = mine.get(f"/new?preset={preset_id}").get_data(as_text=True)
    assert 'value="15"' in page


def test_deleting_a_preset_asks_first_and_works_without_javascript(app: Flask, client: FlaskClient) -> None:
    preset_id = save(client, "Wirtshaus")
    page = client.get("/presets").get_data(as_text=True)
    assert f"/presets/{preset_id}/delete" in page
    asked = client.get(f"/presets/{preset_id}/delete")
    assert asked.status_code == 200
    form = asked.get_data(as_text=True)
    assert "Wirtshaus" in form and 'name="confirm"' in form and "<script" not in form.split("<main")[1]
    unconfirmed = client.post(f"/presets/{preset_id}/delete", data={})
    assert unconfirmed.status_code == 200 and len(stored(app)) == 1
    deleted = client.post(f"/presets/{preset_id}/delete", data={"confirm": "y"}, follow_redirects=True)
    assert "The house rules are deleted" in deleted.get_data(as_text=True)
    assert stored(app) == []


def test_the_phone_is_known_by_a_signed_lasting_cookie_that_cannot_be_forged(app: Flask) -> None:
    mine, forger = app.test_client(), app.test_client()
    made = mine.post("/api/lists", json=bavarian_list()).get_json()
    mine.get(made["url"])
    answer = mine.post("/presets", data={"action": "save", "list_id": made["id"], "name": "Mine"})
    cookie = next(value for value in answer.headers.getlist("Set-Cookie") if value.startswith("preset_owner="))
    assert "HttpOnly" in cookie and "Max-Age=" in cookie and "Secure" in cookie
    value = cookie.split(";")[0].split("=", 1)[1]
    with app.app_context():
        (preset,) = db.session.scalars(db.select(SavedHouseRulesRow))
        assert preset.owner_hash and value.split(".")[0] not in preset.owner_hash
    forger.set_cookie("preset_owner", value.split(".")[0] + ".forged")
    assert "Mine" not in forger.get("/presets").get_data(as_text=True)
    forger.set_cookie("preset_owner", value)  # the whole cookie, copied off the phone, is the phone
    assert "Mine" in forger.get("/presets").get_data(as_text=True)
