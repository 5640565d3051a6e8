// The list page follows deals entered on other phones: it asks every few
// seconds whether the list changed (a 304 costs almost nothing) and reloads
// when it did. It pauses while the page is hidden.
"use strict";
(function () {
  const follow = document.querySelector(".follow[data-changes-url]");
  if (!follow || !window.fetch) return;
  const url = follow.dataset.changesUrl;
  let etag = '"' + follow.dataset.etag + '"';
  const every = 4000;

  async function look() {
    if (document.hidden) return;
    try {
      const response = await fetch(url, { headers: { "If-None-Match": etag }, cache: "no-cache" });
      if (response.status === 200) {
        const fresh = response.headers.get("ETag");
        if (fresh && fresh !== etag) {
          etag = fresh;
          window.location.reload();
        }
      }
    } catch (error) {
      // No reception: try again at the next tick.
    }
  }
  window.setInterval(look, every);
  document.addEventListener("visibilitychange", look);
})();
