// The list page follows deals entered on other phones. Every few seconds it
// asks whether the list changed (a 304 costs almost nothing); when it did, it
// fetches the page again and swaps in the new content, without a reload, so
// the scroll position and an open panel stay put. It rests while hidden or
// without reception.
"use strict";
(function () {
  const every = 4000;
  let follow = document.querySelector(".follow[data-changes-url]");
  if (!follow || !window.fetch || !window.DOMParser) return;
  const url = follow.dataset.changesUrl;
  let etag = '"' + follow.dataset.etag + '"';
  let busy = false;

  async function refresh() {
    const response = await fetch(window.location.pathname, { cache: "no-cache" });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const main = document.querySelector("main");
    const next = fresh.querySelector("main");
    if (!main || !next) return;
    const open = Array.from(main.querySelectorAll("details[open]"), (d) => d.className);
    main.replaceChildren(...next.childNodes);
    open.forEach((name) => {
      const panel = name && main.querySelector("details." + name.split(" ").join("."));
      if (panel) panel.open = true;
    });
    follow = main.querySelector(".follow[data-changes-url]") || follow;
    etag = '"' + follow.dataset.etag + '"';
    document.dispatchEvent(new Event("list:swapped"));
  }

  async function look() {
    if (document.hidden || busy || !navigator.onLine) return;
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
  window.setInterval(look, every);
  document.addEventListener("visibilitychange", look);
  // Deals sent after a time without reception (offline.js), or the signal back.
  document.addEventListener("list:stale", look);
  window.addEventListener("online", look);
})();
