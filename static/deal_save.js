// Saving a deal: the form sent in one request, the list shown in its place. Without this
// script (or fetch) the form is sent the old way and answered by a redirect to the list.
"use strict";

(function () {
  const form = document.querySelector("form[data-deal-form]");
  if (!form) {
    return;
  }
  const texts = form.dataset;

  // A tapped Save shows it is working and takes no second tap: app.js.

  // Save in one request: the answer is the list as it stands after the save,
  // shown in place of the form (list.js follows it from there). The address bar
  // then shows the list's address, in place of the form's (history.replaceState, no
  // new entry: as the form sent the old way is answered by a redirect to the list),
  // so a reload shows the list, not an empty form, and Back leaves the list as it
  // would after the old way; a new entry would put the form's address back under
  // Back while the page still showed the list. A refusal, or
  // an answer that is not the list, sends the form the old way: the page shows
  // every reason at its field, and the form's one-time token stores the deal once.
  // No answer (no signal, or none within SAVE_PATIENCE) keeps the deal on the phone
  // under that token (offline.js). A deal kept on the phone without reception
  // (offline.js) is not sent here.
  // The copy of the list the service worker keeps for a time without reception was
  // refreshed by the list page the old way loaded after each save. Saved in one
  // request, the list is refreshed there once this page is left or hidden, in the
  // background, not while the table waits for the totals.
  function keepForLater(url) {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || !url) {
      return;
    }
    let asked = false;
    function keep(happened) {
      if (!asked && (happened.type === "pagehide" || document.visibilityState === "hidden")) {
        asked = true;
        worker.postMessage({ keep: url });
      }
    }
    window.addEventListener("pagehide", keep);
    document.addEventListener("visibilitychange", keep);
  }

  // How long a save waits for its answer before the deal is kept on the phone (ms).
  const SAVE_PATIENCE = 10000;
  let sending = false;
  function save(event) {
    if (event.target !== form || event.defaultPrevented || !window.fetch) {
      return;
    }
    if (form.elements.version || (event.submitter && event.submitter.name === "action")) {
      return; // an edit, or the no-script preview: the old way
    }
    event.preventDefault();
    if (sending) {
      return; // a second tap (or Enter) while the first is on its way
    }
    sending = true;
    // Leaving the points field for Save asked for a preview: the saved deal needs none (deal.js).
    form.dispatchEvent(new Event("deal:saving"));
    // No answer in time (the phone says online, but there is no signal): given up, as lost.
    const stop = window.AbortController ? new AbortController() : null;
    const patience = stop ? window.setTimeout(function () { stop.abort(); },
      parseInt(texts.savePatience, 10) || SAVE_PATIENCE) : null;
    let answered = false; // the server said no, or answered something else than the list
    window.fetch(form.getAttribute("action"), {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: stop ? stop.signal : undefined,
    }).then(function (response) {
      if (!response.ok) {
        answered = true;
        window.clearTimeout(patience);
        throw new Error(String(response.status));
      }
      return response.json();
    }).then(function (answer) {
      const main = document.querySelector("main");
      window.clearTimeout(patience);
      if (!main || !answer.main) {
        answered = true;
        throw new Error("no list");
      }
      main.innerHTML = answer.main;
      document.title = answer.title;
      if (answer.url && window.history.replaceState) {
        window.history.replaceState(null, "", answer.url);
      }
      window.scrollTo(0, 0);
      // The message "Deal N saved." takes the focus: a screen reader says it, as after a new page.
      const said = main.querySelector(".flash [role=status]");
      if (said) {
        said.tabIndex = -1;
        said.focus({ preventScroll: true });
      }
      document.dispatchEvent(new Event("list:swapped"));
      keepForLater(answer.url);
    }).catch(function () {
      window.clearTimeout(patience);
      // No answer, or one cut off or not from the server (a Wi-Fi's login page): offline.js
      // keeps the deal under the form's token and sends it when the signal returns (stored
      // once, had the request reached the server). An answer that says no, or a phone
      // without offline.js: the form the old way.
      const unsent = new CustomEvent("deal:unsent", { cancelable: true });
      if (answered || form.dispatchEvent(unsent)) {
        HTMLFormElement.prototype.submit.call(form);
      }
    });
  }
  document.addEventListener("submit", save);
})();
