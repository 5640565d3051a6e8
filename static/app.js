// Shared behaviour of the pages; each page's own lives beside it.
"use strict";
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
})();
