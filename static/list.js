// The list page follows deals entered on other phones. Every few seconds it
// asks whether the list changed (a 304 costs almost nothing); when it did, it
// fetches the page again and swaps in the new content, without a reload, so
// the scroll position and an open panel stay put. It rests while hidden or
// without reception. A long list's chart waits on the settle-up page; opening
// its panel brings it here. The deal form turns into the list after a save
// (deal.js): following starts then.
"use strict";
(function () {
  const every = 4000;
  if (!window.fetch || !window.DOMParser) return;
  let follow = null;
  let url = "";
  let etag = "";
  let busy = false;

  function fromPage(main) {
    follow = main.querySelector(".follow[data-changes-url]");
    if (!follow) return false;
    url = follow.dataset.changesUrl;
    etag = '"' + follow.dataset.etag + '"';
    return true;
  }

  // Asked for in the background: the server leaves the messages waiting for the
  // next page alone (scorer/web/undo.py), as "Deal 2 undone." may be on its way
  // to the page the phone is opening.
  async function page(address) {
    const response = await fetch(address, { cache: "no-cache", headers: { "X-Scorer-Background": "1" } });
    if (!response.ok) return null;
    return new DOMParser().parseFromString(await response.text(), "text/html");
  }

  async function refresh() {
    const fresh = await page(follow.dataset.pageUrl || window.location.pathname);
    const main = document.querySelector("main");
    const next = fresh && fresh.querySelector("main");
    if (!main || !next) return;
    const open = Array.from(main.querySelectorAll("details[open]"), (d) => d.className);
    // The messages on screen stay (a deal another phone saved does not take away
    // this phone's "Deal 2 undone." and its Restore button).
    const messages = Array.from(main.querySelectorAll(':scope > [class*="flash-"]'));
    main.replaceChildren(...next.childNodes);
    main.prepend(...messages);
    open.forEach((name) => {
      const panel = name && main.querySelector("details." + name.split(" ").join("."));
      if (panel) panel.open = true;
    });
    fromPage(main);
    document.dispatchEvent(new Event("list:swapped"));
  }

  async function look() {
    if (!follow || document.hidden || busy || !navigator.onLine) return;
    busy = true;
    try {
      const response = await fetch(url, { headers: { "If-None-Match": etag }, cache: "no-cache" });
      const tag = response.headers.get("ETag");
      if (response.status === 200 && tag && tag !== etag) {
        await refresh();
      }
    } catch (error) {
      // No reception: try again at the next tick.
    } finally {
      busy = false;
    }
  }

  // A panel left out of the page (a long list's chart, the statistics after a save):
  // from the page that has it, once the panel opens.
  document.addEventListener("toggle", async function (event) {
    const panel = event.target;
    if (!panel.open || !panel.dataset || !panel.dataset.lazy) return;
    const address = panel.dataset.lazy;
    delete panel.dataset.lazy;
    try {
      const fresh = await page(address);
      const kind = "." + panel.className.split(" ").join(".");
      const found = fresh && fresh.querySelector(kind + " figure, " + kind + " .table-wrap");
      const link = panel.querySelector("summary ~ p");
      if (found && link) link.replaceWith(document.adoptNode(found));
    } catch (error) {
      panel.dataset.lazy = address; // No reception: the link stays, and the next opening tries again.
    }
  }, true);

  let started = false;
  function start() {
    const main = document.querySelector("main");
    if (started || !main || !fromPage(main)) return;
    started = true;
    window.setInterval(look, every);
    document.addEventListener("visibilitychange", look);
    // Deals sent after a time without reception (offline.js), or the signal back.
    document.addEventListener("list:stale", look);
    window.addEventListener("online", look);
  }
  start();
  document.addEventListener("list:swapped", start);
})();
