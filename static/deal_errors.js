// A deal the server refused: every reason stands in the summary at the top, each
// linked to its field. The first field with an error comes into sight and takes
// the focus; a tapped link focuses its field. The page works without this script.
"use strict";

(function () {
  const form = document.querySelector("form[data-deal-form]");
  if (!form) {
    return;
  }

  // Bring a field into sight above the Save bar (its scroll-margin clears the bar).
  function reach(element) {
    const box = element.closest(".deal-field") || element;
    box.scrollIntoView({ block: "nearest" });
  }

  function showFirstError() {
    const summary = document.querySelector("[data-error-summary]");
    if (!summary) {
      return;
    }
    const message = form.querySelector(".field-error");
    const box = message ? message.closest(".deal-field") : null;
    const target = box && !box.hidden
      ? box.querySelector("input[aria-invalid=true], input[type=text], select, input:checked, input:not([disabled])")
      : null;
    if (target) {
      target.focus({ preventScroll: true });
      reach(target);
    } else {
      summary.focus();
    }
  }

  // The summary's links (no script needed) go to a field; with the script they focus it too.
  document.querySelectorAll("[data-error-link]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      const box = document.getElementById(link.getAttribute("href").slice(1));
      const target = box && box.querySelector("input[type=text], select, input:checked, input:not([disabled])");
      if (target) {
        event.preventDefault();
        target.focus({ preventScroll: true });
        reach(target);
      }
    });
  });

  showFirstError();
})();
