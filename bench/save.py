"""A save on a phone, in Chromium: requests and bytes from the tap on Save to the new totals.

Run: ``make bench`` or ``python bench/save.py [--saves N] [--deals N]``.

Serves the app with gunicorn on loopback (bench/server.py), opens a list's edit
link in Debian's Chromium (Playwright, a 360 px phone, the CPU slowed down 4x
through CDP's ``Emulation.setCPUThrottlingRate``) and enters Sauspiele. For
each save it counts, through CDP's network events, the requests the page
makes from the tap on Save until the message "Deal N saved." and the new
totals are on screen, and the bytes it receives for them (as sent,
compressed, headers included), and times the same span in the page. The same
again with scripts off shows the old way: the POST, the redirect and the whole
list page. Figures, not assertions (the goal: one request, at most 4 KiB).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import evening  # noqa: E402
from bench.server import Gunicorn  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
REQUESTS_GOAL = 1
BYTES_GOAL = 4 * 1024
THROTTLE = 4

#: Marks the tap on Save and the moment the saved deal's message is on screen.
WATCH_JS = """
() => {
  window.__save = {};
  document.addEventListener("click", () => { window.__save.tap = performance.now(); },
                            { capture: true, once: true });
  new MutationObserver(() => {
    if (!window.__save.done && document.querySelector(".flash-undo [role=status]")) {
      window.__save.done = performance.now();
    }
  }).observe(document.body, { childList: true, subtree: true });
}
"""


def make_list(url: str, deals: int) -> dict[str, Any]:
    """A Bavarian list of ``deals`` deals, stored through the API."""
    request = urllib.request.Request(
        url + "/api/lists", data=json.dumps(evening(deals)).encode(),
        headers={"Content-Type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return dict(json.loads(answer.read()))


class Network:
    """The page's requests and the bytes received for them, from CDP's network events."""

    def __init__(self, cdp: Any) -> None:
        self.requests: list[str] = []
        self.received = 0
        self.counting = False
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.loadingFinished", self._finished)

    def _sent(self, event: dict[str, Any]) -> None:
        if self.counting:
            self.requests.append(f"{event['request']['method']} {event['request']['url']}")
            self.ids[event["requestId"]] = len(self.requests) - 1

    def _finished(self, event: dict[str, Any]) -> None:
        if self.counting:
            size = int(event.get("encodedDataLength", 0))
            self.received += size
            if event["requestId"] in self.ids:
                self.requests[self.ids[event["requestId"]]] += f" ({size} bytes)"

    def start(self) -> None:
        """Count from now."""
        self.requests, self.received, self.counting = [], 0, True
        self.ids: dict[str, int] = {}

    def stop(self) -> tuple[list[str], int]:
        """Stop counting; the requests and bytes since ``start``."""
        self.counting = False
        return self.requests, self.received


def save_deals(browser: Any, base: str, made: dict[str, Any], saves: int, *, scripts: bool) -> list[dict[str, Any]]:
    """Enter ``saves`` Sauspiele on one phone; what each save cost."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True,
        has_touch=True, locale="en-GB", java_script_enabled=scripts,
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    network = Network(cdp)
    page.goto(base + made["edit_url"])
    figures = []
    for _ in range(saves):
        page.get_by_role("link", name="New deal", exact=True).click()
        page.wait_for_selector("form[data-deal-form]")
        page.get_by_role("group", name="Game", exact=True).get_by_role("radio", name="Sauspiel", exact=True).check()
        page.get_by_role("group", name="Declarer", exact=True).get_by_role("radio", name="Anna", exact=True).check()
        page.get_by_role("group", name="Partner (called ace)", exact=True).get_by_role(
            "radio", name="Chris", exact=True).check()
        page.locator("input[name=points]").fill("72")
        if scripts:  # the live preview has answered: nothing else is on its way
            page.wait_for_timeout(400)  # past the preview's pause after typing
            page.locator('[data-preview]:not(.is-stale) [data-payout="Anna"]').filter(has_text="+20").wait_for()
        if scripts:
            page.evaluate(WATCH_JS)
        network.start()
        page.get_by_role("button", name="Save", exact=True).click()
        page.wait_for_selector(".flash-undo [role=status]")
        page.wait_for_selector("section.totals")
        if not scripts:
            page.wait_for_load_state("load")
        requests, received = network.stop()
        spent = page.evaluate("window.__save ? window.__save.done - window.__save.tap : null") if scripts else None
        figures.append({"requests": requests, "bytes": received, "ms": spent})
    context.close()
    return figures


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--deals", type=int, default=40, help="deals in the list before the saves")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with Gunicorn() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
        )
        try:
            fetched = save_deals(browser, server.url, make_list(server.url, args.deals), args.saves, scripts=True)
            old_way = save_deals(browser, server.url, make_list(server.url, args.deals), args.saves, scripts=False)
        finally:
            browser.close()

    print(f"save: Chromium 360 px, CPU throttled {THROTTLE}x (CDP), a {args.deals}-deal list, "
          f"{args.saves} Sauspiele, gunicorn on loopback")
    most_requests = max(len(f["requests"]) for f in fetched)
    most_bytes = max(f["bytes"] for f in fetched)
    print(f"  {'requests per save':26} {most_requests:8d}       (goal {REQUESTS_GOAL}: "
          f"{'met' if most_requests <= REQUESTS_GOAL else 'MISSED'}; most of {args.saves})")
    for request in fetched[-1]["requests"]:
        print(f"  {'':26}   {request}")
    print(f"  {'bytes per save':26} {most_bytes / 1024:8.2f} KiB   (goal 4 KiB: "
          f"{'met' if most_bytes <= BYTES_GOAL else 'MISSED'}; as received, compressed, headers "
          f"included; most of {args.saves})")
    times = [f["ms"] for f in fetched if f["ms"] is not None]
    if times:
        print(f"  {'tap to new totals':26} {statistics.median(times):8.1f} ms (median of {len(times)}; "
              f"CPU {THROTTLE}x slower)")
    print(f"  {'without scripts (old way)':26} {max(len(f['requests']) for f in old_way):8d} requests, "
          f"{max(f['bytes'] for f in old_way) / 1024:.2f} KiB:")
    for request in old_way[-1]["requests"]:
        print(f"  {'':26}   {request}")


if __name__ == "__main__":
    main()
