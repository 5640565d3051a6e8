// Shared behaviour of the pages; each page's own lives beside it.
"use strict";
// Send a form's fields and read the JSON answer (a preview, a sample): the page's own
// scripts ask through this, with the form's CSRF token; an answer that is not 2xx fails.
window.postForJson = function (url, body) {
  return window.fetch(url, {
    method: "POST",
    body: body,
    credentials: "same-origin",
    headers: { Accept: "application/json", "X-CSRFToken": body.get("csrf_token") || "" },
  }).then(function (response) {
    if (!response.ok) {
      throw new Error(String(response.status));
    }
    return response.json();
  });
};
(function () {
  // A tapped button that sends a form shows that it is working and takes no
  // second tap while the answer is on its way over a slow connection. (A
  // second send would store nothing twice anyway: forms carry one-time tokens.)
  document.addEventListener("submit", function (event) {
    const button = event.submitter;
    if (!button || event.defaultPrevented) return;
    button.setAttribute("aria-busy", "true");
    window.setTimeout(function () { button.disabled = true; }, 0);
  });
  // Coming back with the browser's back button shows the page as it was left.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("button[aria-busy]").forEach(function (button) {
      button.removeAttribute("aria-busy");
      button.disabled = false;
    });
  });
  // The service worker keeps the pages of the lists opened here (static/sw.js);
  // the page that installed it was loaded without it, so it asks to be kept.
  const script = document.querySelector("script[data-sw]");
  const worker = script && script.dataset.sw;
  if (!worker || !navigator.serviceWorker) return;
  const fresh = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register(worker).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    if (fresh && registration.active) registration.active.postMessage({ keep: location.pathname });
  }).catch(function () {
    // No worker (a private window, an old browser): the app works online.
  });
})();
