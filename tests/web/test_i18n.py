"""German and English: the pages, the engine's errors, and the German catalog."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorer.engine import N_, ScoringError
from scorer.web import i18n

# The language of a page and of the catalog does not depend on the database: make test's SQLite pass runs it.
pytestmark = pytest.mark.sqlite_pass

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorer" / "translations"
PO = TRANSLATIONS / "de" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
#: The Bavarian words of the game, German in both languages.
GAME_WORDS = ("Sauspiel", "Wenz", "Solo", "Ramsch", "Laufende", "Kontra", "Schwarz")


@pytest.fixture(scope="session", autouse=True)
def compiled_catalog() -> None:
    """The .mo file the app reads; `make` builds it, this only when missing or stale."""
    if MO.exists() and MO.stat().st_mtime >= PO.stat().st_mtime:
        return
    with PO.open("rb") as source:
        catalog = read_po(source, locale="de")
    with MO.open("wb") as target:
        write_mo(target, catalog)


def text(response: Any) -> str:
    """The page's text, entities resolved."""
    return html.unescape(response.get_data(as_text=True))


def hold_key(client: FlaskClient, listing: dict[str, Any]) -> None:
    """Let this phone hold the list's edit key, as opening the edit link does."""
    with client.session_transaction() as session:
        keys = dict(session.get("edit_keys", {}))
        keys[listing["id"]] = listing["edit_key"]
        session["edit_keys"] = keys


def new_deal(client: FlaskClient, listing: dict[str, Any], headers: dict[str, str],
             **fields: str) -> Any:
    """Post the deal form with a one-time token."""
    fields.setdefault("token", "token-" + "-".join(sorted(fields.values())))
    return client.post(f"/l/{listing['id']}/deals/new", data=fields, headers=headers)


def errors_of(response: Any) -> str:
    """The text around the deal form's error messages."""
    return " ".join(re.findall(r'class="[^"]*error[^"]*"[^>]*>([^<]*)<', text(response)))


# -- the pages -------------------------------------------------------------------------


def test_the_home_page_speaks_the_browsers_german(client: FlaskClient) -> None:
    page = text(client.get("/", headers=GERMAN))
    assert '<html lang="de">' in page
    assert "Neue Liste" in page
    assert "New list" not in page


def test_the_home_page_speaks_english_by_default(client: FlaskClient) -> None:
    page = text(client.get("/"))
    assert "New list" in page
    assert "Neue Liste" not in page


def test_the_language_switch_wins_over_the_browser(client: FlaskClient) -> None:
    response = client.get("/lang/de?next=/", headers=ENGLISH)
    assert response.status_code == 302
    assert "Neue Liste" in text(client.get("/", headers=ENGLISH))
    client.get("/lang/en?next=/", headers=GERMAN)
    assert "New list" in text(client.get("/", headers=GERMAN))


def test_a_list_page_in_german(client: FlaskClient, created: dict[str, Any]) -> None:
    hold_key(client, created)
    page = text(client.get(f"/l/{created['id']}", headers=GERMAN))
    assert "Neues Spiel" in page
    assert "Abrechnen" in page
    assert "New deal" not in page


def test_the_new_list_page_in_german_keeps_the_game_words(client: FlaskClient) -> None:
    page = text(client.get("/new", headers=GERMAN))
    assert "Hausregeln" in page
    assert "Spieler" in page
    for word in ("Sauspiel", "Wenz", "Ramsch", "Laufende", "Schneider"):
        assert word in page, word


def test_the_game_words_stay_german_in_english(client: FlaskClient, created: dict[str, Any]) -> None:
    hold_key(client, created)
    page = text(client.get(f"/l/{created['id']}/deals/new", headers=ENGLISH))
    assert "Declarer" in page
    for word in GAME_WORDS:
        assert word in page, word
    for english in ("Sow game", "Contra</", "Runners"):
        assert english not in page


# -- the engine's errors ----------------------------------------------------------------


def test_the_deal_form_shows_the_engines_reason_in_german(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    hold_key(client, created)
    response = new_deal(client, created, GERMAN, game="sauspiel", declarer="Anna",
                        partner="Chris", points="100", schwarz="1")
    assert response.status_code == 200  # the form again, not a redirect
    shown = errors_of(response)
    assert "Bei 100 Augen war niemand schwarz" in shown
    assert "nobody was schwarz" not in shown


def test_the_deal_form_shows_the_engines_reason_in_english(
    client: FlaskClient, created: dict[str, Any]
) -> None:
    hold_key(client, created)
    response = new_deal(client, created, ENGLISH, game="sauspiel", declarer="Anna",
                        partner="Anna", points="70")
    assert response.status_code == 200  # the form again, not a redirect
    assert "Anna is the declarer; the partner holds the called ace" in errors_of(response)


def test_too_many_points_are_refused_in_german(client: FlaskClient, created: dict[str, Any]) -> None:
    hold_key(client, created)
    response = new_deal(client, created, GERMAN, game="sauspiel", declarer="Anna",
                        partner="Chris", points="130")
    assert response.status_code == 200  # the form again, not a redirect
    assert "130 sind mehr als die 120 Augen im Blatt" in errors_of(response)


def test_the_preview_answers_in_german(client: FlaskClient, created: dict[str, Any]) -> None:
    hold_key(client, created)
    response = client.post(
        f"/l/{created['id']}/deals/preview", headers=GERMAN,
        data={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": "70",
              "re": "1"},
    )
    assert response.status_code == 200
    assert "Re gibt es nur auf ein Kontra" in response.get_json()["error"]


def test_the_json_api_keeps_english(client: FlaskClient, created: dict[str, Any]) -> None:
    response = client.post(
        f"/api/lists/{created['id']}/deals", headers={**GERMAN, "X-Edit-Key": created["edit_key"]},
        json={"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 130},
    )
    assert response.status_code == 422
    assert response.get_json()["error"] == "deal 1: points: 130 is more than the 120 in the pack"


def test_a_message_names_the_deal_in_the_pages_language(app: Flask) -> None:
    error = ScoringError(
        "points", N_("%(points)s is more than the 120 in the pack"), deal=3, points=130
    )
    with app.test_request_context("/", headers=GERMAN):
        assert i18n.message(error) == "Spiel 3: points: 130 sind mehr als die 120 Augen im Blatt"
        assert i18n.reason(error) == "130 sind mehr als die 120 Augen im Blatt"
    with app.test_request_context("/", headers=ENGLISH):
        assert i18n.message(error) == error.message
        assert i18n.reason(error) == error.reason


def test_a_reason_without_a_template_is_shown_as_it_stands(app: Flask) -> None:
    error = ScoringError("rules.tariffs.wenz", "is 100% not a tariff")
    with app.test_request_context("/", headers=GERMAN):
        assert i18n.reason(error) == "is 100% not a tariff"
        assert i18n.message(error) == "rules.tariffs.wenz: is 100% not a tariff"


def test_the_engine_keeps_its_template_and_params() -> None:
    error = ScoringError("players", N_("%(name)s is named twice; names must differ"), name="Anna")
    assert error.template == "%(name)s is named twice; names must differ"
    assert error.params == {"name": "Anna"}
    assert error.reason == "Anna is named twice; names must differ"
    assert str(error) == error.message == "players: Anna is named twice; names must differ"
    placed = error.in_deal(4)
    assert (placed.deal, placed.template, placed.params) == (4, error.template, error.params)
    assert placed.message == "deal 4: players: Anna is named twice; names must differ"


# -- the catalog ---------------------------------------------------------------------------


def german_catalog() -> Any:
    with PO.open("rb") as source:
        return read_po(source, locale="de")


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\(\w+\)[sd]", text))


def test_every_message_has_a_german_translation_and_none_is_fuzzy() -> None:
    catalog = german_catalog()
    assert not catalog.fuzzy
    messages = [m for m in catalog if m.id]
    assert len(messages) > 250
    for message in messages:
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), message.id
        if isinstance(message.id, tuple):
            assert len(strings) == catalog.num_plurals, message.id
            assert all(placeholders(s) == placeholders(message.id[1]) for s in strings), message.id
        else:
            assert placeholders(strings[0]) == placeholders(message.id), message.id


def test_the_catalog_holds_every_marked_string() -> None:
    """Every string marked in the code (engine templates too) is in the German catalog.

    When this fails: extract, update and translate (see babel.cfg).
    """
    keywords = {**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None, "N_": None, "N_plural": (1, 2)}
    marked = set()
    for folder, method in (("scorer", "python"), ("templates", "jinja2")):
        pattern = "**.py" if method == "python" else "**.html"
        for filename, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / folder), [(pattern, method)], keywords=keywords
        ):
            marked.add((filename, message if isinstance(message, str) else message[0]))
    assert any(name.startswith("engine") for name, _ in marked)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in german_catalog() if m.id}
    missing = sorted(f"{name}: {message!r}" for name, message in marked if message not in ids)
    assert not missing, missing
