// The settings page of a list while deals entered on this phone wait to be sent
// (offline.js keeps them in IndexedDB until the server has them): a change made
// here counts from the next deal the server stores, so it would count for them
// too (new seats, a tariff, a renamed player their deals still name). The page
// says how many wait, and where to send them first. It reads the store and
// never makes it: a phone that never kept a deal has none.
"use strict";
(function () {
  const note = document.querySelector("[data-waiting-list]");
  if (!note || !window.indexedDB) return;
  const request = indexedDB.open("scorer-offline", 1);
  request.onupgradeneeded = function () {
    request.transaction.abort(); // no store yet: nothing waits, and offline.js makes it
  };
  request.onerror = function (event) {
    event.preventDefault();
  };
  request.onsuccess = function () {
    const db = request.result;
    const count = db.transaction("deals", "readonly").objectStore("deals").index("list").count(note.dataset.waitingList);
    count.onsuccess = function () {
      const waiting = count.result;
      if (waiting > 0) {
        const text = waiting === 1 ? note.dataset.textOne : note.dataset.textMany;
        note.textContent = text.replace("{count}", String(waiting));
        note.hidden = false;
      }
      db.close();
    };
  };
})();
