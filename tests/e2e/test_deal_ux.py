"""At the table, on a 360 x 740 phone,
in English and German: undo from the message, deleting a played deal, errors and
the preview in sight of Save, a shorter new-list form, a share page that copies,
shares and keeps the edit link apart.

The German pages show the words already translated; words the catalog does not
have yet are English, so the German runs find things by their
roles and names in the page, not by their words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import (
    NARROW, SCREENSHOTS, Hand, LiveServer, Phone, create_list_by_api, new_phone, own_preset, page_width,
    stored,
)
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

FOUR = ["Anna", "Bene", "Chris", "Dora"]
#: The phone: 360 x 740 CSS px.
HEIGHT = 740
LANGUAGES = ("en", "de")


@pytest.fixture
def small_phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """A 360 x 740 phone that may copy to its clipboard; no console error, no foreign request."""
    phone = new_phone(browser, live_server, width=NARROW)
    phone.page.set_viewport_size({"width": NARROW, "height": HEIGHT})
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


def speak(phone: Phone, lang: str, path: str) -> Page:
    """Open a page of the app in a language (the switch remembers it)."""
    phone.open(f"/lang/{lang}?next={quote(path, safe='/')}")
    return phone.page


def radio(page: Page, name: str, value: str) -> Locator:
    """One of the deal form's big choice buttons, by its field and value (any language)."""
    return page.locator(f'input[name="{name}"][value="{value}"]')


def in_sight(page: Page, locator: Locator) -> None:
    """The element is inside the viewport and not under the sticky Save bar."""
    expect(locator).to_be_in_viewport()
    box = locator.bounding_box()
    bar = page.locator(".deal-actions").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] + box["height"] <= bar["y"] + 1, f"under the Save bar: {box} / bar {bar}"


def screen(page: Page, name: str) -> None:
    """Save the screen as the phone shows it (not the whole page: the Save bar sticks)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def empty_list(phone: Phone, lang: str, path: str) -> tuple[str, Page]:
    """A fresh four-player Bavarian list, and one of its pages (``{id}``) in a language."""
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    return list_id, speak(phone, lang, path.format(id=list_id))


def flash_button(page: Page) -> Locator:
    """The button the message on top of the page carries."""
    return page.locator(".flash-undo button")


# -- 5: undo from the message -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_saved_deal_is_undone_and_restored_from_its_message(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR,
                                         "deals": [{"game": "wenz", "declarer": "Bene", "points": 80}]})
    page = speak(phone, lang, f"/l/{list_id}/deals/new")
    hand = Hand(page)
    hand.tap(radio(page, "game", "sauspiel"))
    hand.tap(radio(page, "declarer", "Anna"))
    hand.tap(radio(page, "partner", "Chris"))
    hand.fill(page.locator("#points"), "72")
    hand.tap(page.locator(".deal-actions button.primary"))
    # Saved: the message says so at the top, with its button in sight.
    expect(page.locator(".flash-undo [role=status]")).to_contain_text("2")
    expect(flash_button(page)).to_be_in_viewport()
    assert len(stored(phone, list_id)["deals"]) == 2
    phone.screenshot(f"deal-ux-saved-with-undo-{lang}")

    flash_button(page).tap()
    expect(page.locator(".flash-undo [role=status]")).to_contain_text("2")
    assert [d["game"] for d in stored(phone, list_id)["deals"]] == ["wenz"]
    phone.screenshot(f"deal-ux-undone-with-restore-{lang}")
    flash_button(page).tap()
    expect(page.locator("table.block tbody.deal")).to_have_count(2)
    assert [d["game"] for d in stored(phone, list_id)["deals"]] == ["wenz", "sauspiel"]


def test_undo_last_deal_is_undone_in_one_tap_and_the_deleted_deals_look_like_a_panel(
    small_phone: Phone,
) -> None:
    phone = small_phone
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": [
        {"game": "wenz", "declarer": "Bene", "points": 80},
        {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
    ]})
    page = phone.page
    page.get_by_role("button", name="Undo last deal").tap()
    expect(page.get_by_role("status").first).to_have_text("Deal 2 undone.")
    restore = flash_button(page)
    expect(restore).to_have_text("Restore")
    expect(restore).to_be_in_viewport()
    # The deal waits in the panel of deleted deals: a heading to tap, then its Restore.
    panel = page.locator("details.card.deleted")
    expect(panel.get_by_role("heading", name="1 deleted deal")).to_be_visible()
    panel.locator("summary").tap()
    expect(panel.get_by_text("Restore puts a deal back in its place")).to_be_visible()
    expect(panel.get_by_role("button", name="Restore")).to_be_visible()
    phone.screenshot("deal-ux-undo-last-and-deleted-panel")
    restore.tap()
    expect(page.get_by_role("status").first).to_have_text("The deal is back in the list.")
    assert len(stored(phone, list_id)["deals"]) == 2


def test_the_phone_s_own_fetches_leave_the_undo_message_to_the_page_it_opens(small_phone: Phone) -> None:
    """The list page following the list (list.js) and the service worker keeping it for the
    cellar fetch pages in the background. One answered between an Undo and the page it leads
    to took "Deal 2 undone." and its Restore button into a page nobody sees."""
    phone = small_phone
    made = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian"}, "players": FOUR, "deals": [
            {"game": "wenz", "declarer": "Bene", "points": 80},
            {"game": "sauspiel", "declarer": "Anna", "partner": "Chris", "points": 72},
        ]}).json()
    list_id = made["id"]
    page = phone.open(made["edit_url"])
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    undo = page.locator('form[action$="/undo"]')
    fields = {name: undo.locator(f'input[name="{name}"]').input_value() for name in ("csrf_token", "last")}
    # The Undo is answered; the page it leads to is not asked for yet.
    answer = page.request.post(f"{phone.base_url}/l/{list_id}/undo", form=fields, max_redirects=0)
    assert answer.status in (302, 303)
    # Meanwhile list.js sees the list change and swaps in the page again, and the worker
    # keeps the list and its new-deal form (now for deal 2) for a time without reception.
    expect(page.locator("table.block tbody.deal")).to_have_count(1, timeout=10_000)
    page.evaluate("(path) => navigator.serviceWorker.controller.postMessage({keep: path})", f"/l/{list_id}")
    page.wait_for_function("""(id) => caches.match('/l/' + id + '/deals/new')
        .then((r) => r ? r.text() : '').then((text) => text.includes('<title>Deal 2 '))""", arg=list_id)
    page.evaluate("(id) => caches.open('scorer-pages-1').then((cache) => cache.delete('/l/' + id))", list_id)
    page.reload()
    expect(page.get_by_role("status").first).to_have_text("Deal 2 undone.")
    expect(flash_button(page)).to_have_text("Restore")
    # The copy kept for the cellar has no message: its Restore would need the server.
    kept = page.evaluate_handle("""(id) => new Promise((resolve) => {
        const look = () => caches.match('/l/' + id).then((r) => r ? r.text().then(resolve) : setTimeout(look, 50));
        look();
    })""", list_id).json_value()
    assert "Deal 2 undone." not in kept and "wenz" in kept.lower()
    # Another phone saves a deal: the list follows it, and the message stays on screen.
    added = page.request.post(f"{phone.base_url}/api/lists/{list_id}/deals",
                              data={"game": "wenz", "declarer": "Chris", "points": 61},
                              headers={"X-Edit-Key": made["edit_key"]})
    assert added.status == 201, added.text()
    expect(page.locator("table.block tbody.deal")).to_have_count(2, timeout=10_000)
    expect(flash_button(page)).to_have_text("Restore")
    flash_button(page).tap()
    expect(page.get_by_role("status").first).to_have_text("The deal is back in the list.")
    assert len(stored(phone, list_id)["deals"]) == 3


# -- 6: deleting a deal that was played ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deleting_a_played_deal_in_the_middle_keeps_the_later_dealers(small_phone: Phone, lang: str) -> None:
    phone = small_phone
    deals = [{"game": "wenz", "declarer": who, "points": 70} for who in ("Anna", "Bene", "Chris", "Dora", "Anna")]
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR, "deals": deals})
    before = [d["dealer"] for d in stored(phone, list_id)["deals"]]
    assert before == ["Dora", "Anna", "Bene", "Chris", "Dora"]
    page = speak(phone, lang, f"/l/{list_id}/deals/2/delete")
    keep = page.locator('button[name="dealers"][value="keep"]')
    follow = page.locator('button[name="dealers"][value="follow"]')
    expect(keep).to_be_visible()
    expect(follow).to_be_visible()
    # Each answer says whom it makes the dealer of the next deal.
    expect(page.locator(".delete-choice", has=keep)).to_contain_text("Bene")
    expect(page.locator(".delete-choice", has=follow)).to_contain_text("Anna")
    assert page_width(page) <= NARROW
    phone.screenshot(f"deal-ux-delete-asks-{lang}")
    keep.tap()
    expect(flash_button(page)).to_be_visible()
    assert [d["dealer"] for d in stored(phone, list_id)["deals"]] == ["Dora", "Bene", "Chris", "Dora"]
    phone.screenshot(f"deal-ux-deleted-dealers-kept-{lang}")
    # Its Undo brings the deal back, and every dealer is as it was.
    flash_button(page).tap()
    expect(page.locator("table.block tbody.deal")).to_have_count(5)
    assert [d["dealer"] for d in stored(phone, list_id)["deals"]] == before


# -- 9: errors, focus and the preview in sight of Save -------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_save_brings_the_field_into_sight_above_the_save_bar_and_focuses_it(
    small_phone: Phone, lang: str,
) -> None:
    phone = small_phone
    list_id, page = empty_list(phone, lang, "/l/{id}/deals/new")
    radio(page, "game", "sauspiel").tap()
    radio(page, "declarer", "Anna").tap()
    page.locator("#points").fill("72")
    page.locator("#points").blur()
    with page.expect_navigation():
        page.locator(".deal-actions button.primary").tap()
    partner = page.locator("#field-partner")
    expect(partner.locator(".field-error")).to_be_visible()
    in_sight(page, partner.locator(".field-error"))
    expect(partner.locator("input:focus")).to_have_count(1)
    expect(page.locator("#deal-errors a[href='#field-partner']")).to_have_count(1)
    screen(page, f"deal-ux-refused-save-{lang}")
    assert stored(phone, list_id)["deals"] == []


def test_without_scripts_a_refused_save_opens_on_its_errors_linked_to_the_fields(
    browser: Browser, live_server: LiveServer,
) -> None:
    context = browser.new_context(viewport={"width": NARROW, "height": HEIGHT}, java_script_enabled=False,
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        page = context.new_page()
        answer = page.request.post(live_server.url + "/api/lists",
                                   data={"rules": {"preset": "bavarian"}, "players": FOUR}).json()
        page.goto(live_server.url + answer["edit_url"])
        page.goto(f"{live_server.url}/l/{answer['id']}/deals/new")
        radio(page, "game", "sauspiel").check()
        radio(page, "declarer", "Anna").check()
        page.locator("#points").fill("130")
        with page.expect_navigation():
            page.get_by_role("button", name="Save", exact=True).click()
        summary = page.locator("#deal-errors")
        expect(summary).to_be_in_viewport()
        expect(summary.get_by_role("link")).to_have_count(2)
        screen(page, "deal-ux-refused-save-no-script")
        summary.get_by_role("link", name="130 is more than the 120 in the pack.").click()
        box = page.locator("#field-points").bounding_box()
        assert box is not None and 0 <= box["y"] < HEIGHT / 2, box
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_partner_hands_the_focus_to_the_points_and_the_preview_stays_beside_save(
    small_phone: Phone, lang: str,
) -> None:
    phone = small_phone
    list_id, page = empty_list(phone, lang, "/l/{id}")
    hand = Hand(page)
    hand.tap(page.locator(f'a[href="/l/{list_id}/deals/new"]').first)
    hand.tap(radio(page, "game", "sauspiel"))
    hand.tap(radio(page, "declarer", "Anna"))
    hand.tap(radio(page, "partner", "Chris"))
    points = page.locator("#points")
    expect(points).to_be_focused()
    in_sight(page, points)
    page.keyboard.type("72")  # no tap on the field: it has the focus already
    hand.actions.append("type 72")
    line = page.locator("[data-preview-line]")
    expect(line.locator('[data-line-payout="Anna"] b')).to_have_text("+20")
    expect(line.locator('[data-line-payout="Bene"] b')).to_have_text("\u221220")
    expect(line).to_be_in_viewport()
    save = page.locator(".deal-actions button.primary")
    expect(save).to_be_in_viewport()
    # One line, and Save whole on the screen below it.
    line_box, save_box = line.bounding_box(), save.bounding_box()
    assert line_box is not None and save_box is not None
    assert line_box["height"] < 30 and line_box["y"] + line_box["height"] <= save_box["y"]
    assert save_box["y"] + save_box["height"] <= HEIGHT
    in_sight(page, points)
    screen(page, f"deal-ux-preview-beside-save-{lang}")
    hand.tap(save)
    expect(flash_button(page)).to_be_visible()
    assert hand.count <= 6, "\n".join(hand.actions)
    assert stored(phone, list_id)["deals"][0]["payouts"] == {"Anna": 20, "Bene": -20, "Chris": 20, "Dora": -20}


def test_in_a_game_without_partner_the_declarer_hands_the_focus_to_the_points(small_phone: Phone) -> None:
    _list_id, page = empty_list(small_phone, "en", "/l/{id}/deals/new")
    radio(page, "game", "wenz").tap()
    radio(page, "declarer", "Bene").tap()
    expect(page.locator("#points")).to_be_focused()
    # With points typed already, choosing again leaves the focus alone.
    page.keyboard.type("80")
    radio(page, "declarer", "Chris").tap()
    expect(page.locator("#points")).not_to_be_focused()
    expect(page.locator('[data-line-payout="Chris"] b')).to_have_text(re.compile(r"^\+\d+$"))


# -- 13: the new-list form ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_list_form_folds_the_tariffs_and_asks_after_how_many_only_when_it_counts(
    small_phone: Phone, lang: str,
) -> None:
    phone = small_phone
    page = speak(phone, lang, "/new?family=bavarian")
    tariffs = page.locator("details.section").first
    expect(tariffs).not_to_have_attribute("open", "")
    expect(page.locator("input[name=tariff_sauspiel]")).to_be_hidden()
    count = page.locator("input[name=ends_count]")
    expect(count).to_be_hidden()
    # The form itself (the family and preset buttons above it vary with the presets saved).
    # Budget: about five screens; the usual tariffs' line says their whole convention (a line more).
    height = page.locator("form.new-list").bounding_box()["height"]  # type: ignore[index]
    assert height < 1830, f"the new-list form is {height} px long"
    assert page_width(page) <= NARROW
    phone.screenshot(f"deal-ux-new-list-{lang}")

    page.locator("select[name=ends_kind]").select_option("deals")
    expect(count).to_be_visible()
    expect(page.locator("[data-end-hint=deals]")).to_be_visible()
    expect(page.locator("[data-end-hint=open]")).to_be_hidden()

    # The classic three-hand game: the classic target has its own hint.
    page = speak(phone, lang, "/new?family=sheepshead3")
    page.locator("select[name=ends_kind]").select_option("classic")
    expect(page.locator("input[name=ends_count]")).to_be_visible()
    expect(page.locator("[data-end-hint=classic]")).to_be_visible()
    expect(page.locator("[data-end-hint=deals]")).to_be_hidden()
    described = page.locator("input[name=ends_count]").get_attribute("aria-describedby") or ""
    assert described.split() == ["ends_count-hint-classic"], described
    phone.screenshot(f"deal-ux-new-list-classic-{lang}")


def test_a_rule_group_s_settings_show_only_while_it_is_played(small_phone: Phone) -> None:
    page = small_phone.open("/new?family=bavarian")
    group = page.locator("fieldset[data-group=bock]")
    page.locator("details.section", has=group).locator("summary").tap()
    fields = group.locator("[data-group-fields]")
    expect(fields).to_be_hidden()
    group.locator("input[name=bock]").check()
    expect(fields).to_be_visible()


def test_the_new_list_form_offers_no_preset_of_another_family(small_phone: Phone, live_server: LiveServer) -> None:
    own_preset(small_phone, live_server, "Bavarian Friday (e2e)", {"preset": "bavarian", "stock": {}})
    page = small_phone.open("/new?family=sheepshead")
    expect(page.get_by_role("link", name="Bavarian Friday (e2e)")).to_have_count(0)
    page = small_phone.open("/new?family=bavarian")
    expect(page.get_by_role("link", name="Bavarian Friday (e2e)")).to_have_count(1)


# -- 14: the share page -------------------------------------------------------------------------

#: The phone's share sheet, stood in for: it keeps what it was handed.
FAKE_SHARE = "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_share_page_copies_and_shares_and_keeps_the_edit_link_folded_and_red(
    small_phone: Phone, lang: str,
) -> None:
    phone = small_phone
    phone.context.add_init_script(FAKE_SHARE)
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR, "title": "Freitag"})
    page = speak(phone, lang, f"/l/{list_id}/share")
    view = page.locator("section.share")
    view_link = view.locator(".link a").get_attribute("href") or ""
    assert view_link.endswith(f"/l/{list_id}")

    view.locator("[data-copy]").tap()
    expect(view.get_by_role("status")).not_to_be_empty()
    assert page.evaluate("navigator.clipboard.readText()") == view_link
    view.locator("[data-share-url]").tap()
    assert page.evaluate("window.shared") == {"title": "Freitag", "url": view_link}

    # The edit link is folded: its code is out of sight until asked for.
    edit = page.locator("details.share-edit")
    expect(edit).not_to_have_attribute("open", "")
    expect(edit.locator("img.qr-edit")).to_be_hidden()
    phone.screenshot(f"deal-ux-share-{lang}")
    edit.locator("summary").tap()
    image = edit.locator("img.qr-edit")
    expect(image).to_be_visible()
    expect(edit.locator(".share-warning")).to_be_visible()
    frame = image.evaluate("(img) => getComputedStyle(img).borderTopColor")
    assert frame == "rgb(163, 38, 42)", frame
    # Drawn once asked for (it loads lazily), and drawn in full.
    image.evaluate("(img) => img.decode()")
    assert image.evaluate("(img) => img.complete && img.naturalWidth > 0")
    edit_link = edit.locator(".link a").get_attribute("href") or ""
    assert "key=" in edit_link
    edit.locator("[data-copy]").tap()
    expect(edit.get_by_role("status")).not_to_be_empty()
    assert page.evaluate("navigator.clipboard.readText()") == edit_link
    assert page_width(page) <= NARROW
    phone.screenshot(f"deal-ux-share-edit-open-{lang}")


def test_without_the_web_share_api_only_copy_shows(small_phone: Phone) -> None:
    phone = small_phone
    phone.context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    list_id = create_list_by_api(phone, {"rules": {"preset": "bavarian"}, "players": FOUR})
    page = phone.open(f"/l/{list_id}/share")
    view = page.locator("section.share")
    expect(view.locator("[data-copy]")).to_be_visible()
    expect(view.locator("[data-share-url]")).to_be_hidden()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"panel": "2 deleted deals", "first": "Deal 1 · Wenz · Bene", "third": "Deal 2 · Solo · Franz"}),
    ("de", {"panel": "2 gelöschte Spiele", "first": "Spiel 1 · Wenz · Bene", "third": "Spiel 2 · Solo · Franz"}),
])
def test_each_deleted_deal_says_the_number_it_takes_back(small_phone: Phone, lang: str, words: dict[str, str]) -> None:
    phone = small_phone
    players = ["Anna", "Bene", "Franz", "Dora"]
    made = phone.page.request.post(phone.base_url + "/api/lists", data={
        "rules": {"preset": "bavarian"}, "players": players, "deals": [
            {"game": "wenz", "declarer": "Bene", "points": 80},
            {"game": "sauspiel", "declarer": "Anna", "partner": "Dora", "points": 72},
            {"game": "solo", "declarer": "Franz", "points": 70},
        ]}).json()
    key = {"X-Edit-Key": made["edit_key"]}
    api = phone.base_url + f"/api/lists/{made['id']}/deals"
    deals = phone.page.request.get(phone.base_url + f"/api/lists/{made['id']}").json()["deals"]
    # The third goes first, then the first: the panel shows the last deleted first, each with
    # the number it takes back (the Solo comes back second while the Wenz is still gone).
    for number in (3, 1):
        assert phone.page.request.delete(f"{api}/{number}", headers=key).ok
    assert len(deals) == 3
    phone.open(f"/lang/{lang}?next={quote(made['edit_url'], safe='/?=&')}")
    page = phone.page
    panel = page.locator("details.card.deleted")
    panel.get_by_role("heading", name=words["panel"]).tap()
    items = panel.locator("li")
    expect(items.nth(0)).to_contain_text(words["first"])
    expect(items.nth(1)).to_contain_text(words["third"])
    phone.screenshot(f"deal-ux-deleted-numbers-{lang}")
