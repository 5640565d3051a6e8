"""The service worker keeps a group's page for its editor without the group's edit key in it.

The edit link shows on the page the server sends, never in the copy kept for
offline: the key must not outlive the phone's cookies in the Cache Storage.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Phone
from tests.e2e.test_group_offline import cellar_phone, wait_until_kept  # noqa: F401  (a fixture)
from tests.e2e.test_group_presets import group_with_a_list
from tests.web.conftest import FOUR

#: Every entry of every cache the page's origin holds, as (address, body).
KEPT_BODIES = """async () => {
    const kept = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            kept.push([request.url, await (await cache.match(request)).text()]);
        }
    }
    return kept;
}"""


def kept_page(page: Page, path: str) -> str:
    """The body the worker keeps for this path ("" while it keeps none)."""
    return str(page.evaluate(
        "async (path) => { const r = await caches.match(path); return r ? r.text() : ''; }", path))


def test_the_kept_group_page_holds_no_edit_key_and_still_opens_offline_for_its_editor(
    cellar_phone: Phone,
) -> None:
    phone = cellar_phone
    group = group_with_a_list(phone)
    key, path = group["edit_key"], f"/g/{group['id']}"
    page = phone.open(group["edit_url"])
    # The page the server sends shows its editor the edit link, key and all.
    expect(page.locator(f"section.share a[href$='?key={key}']")).to_have_count(1)
    wait_until_kept(page, {path})

    # Opened again under the worker's control: the fresh page is shown and kept anew.
    added = page.request.post(
        f"{phone.base_url}/api/groups/{group['id']}/lists",
        data={"title": "Zweite Runde", "rules": {"preset": "bavarian"}, "players": FOUR},
        headers={"X-Edit-Key": key},
    )
    assert added.status == 201, added.text()
    page.reload()
    expect(page.locator("ul.lists li")).to_have_count(2)
    expect(page.locator(f"section.share a[href$='?key={key}']")).to_have_count(1)
    for _ in range(100):
        if "Zweite Runde" in kept_page(page, path):
            break
        page.wait_for_timeout(100)
    assert "Zweite Runde" in kept_page(page, path)

    kept = page.evaluate(KEPT_BODIES)
    assert any(url.endswith(path) for url, _body in kept)
    assert [url for url, body in kept if key in url or key in body] == []
    assert "New list for this group" in kept_page(page, path)

    phone.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("Stammtisch Ochsen")
    expect(page.locator("html")).to_have_attribute("data-kept", "")
    expect(page.locator("ul.lists li")).to_have_count(2)
    # Still the editor's page: a new list for the group starts from it.
    expect(page.get_by_role("link", name="New list for this group")).to_be_visible()
    expect(page.locator("a[href*='key=']")).to_have_count(0)
    expect(page.locator("section.share")).to_contain_text("Open this page with reception to see the edit link.")
    assert key not in page.content()
    phone.context.set_offline(False)
