// Deals entered without reception wait on this phone (IndexedDB), in the
// order entered, each with its own Idempotency-Key, and go to the server
// through the JSON API when the signal returns: in order, one at a time, a
// lost answer sent again with the same key (the server stores it once). A
// deal the server refuses stays here with its reason, and holds back the
// deals after it, until the person fixes or drops it.
// A change of players or rules made on the settings page while deals wait
// (settings.js) waits in the same queue behind them (`kind: "change"`; a
// record without a kind is a deal, as every record was before changes could
// wait), and goes to the API's changes after them, to count from the deal
// after them; refused, it holds back what follows, as a deal does.
// What the deal form does with them is in offline_form.js, what the list page
// shows of them in waiting_rows.js: both reach this store through
// window.scorerOffline, and hear what happens here through its `on`.
"use strict";
(function () {
  const data = document.querySelector("[data-offline]");
  if (!data || !window.indexedDB || !window.Promise) return;
  const texts = Object.assign({}, data.dataset); // list.js may swap the element
  const list = texts.list;
  // What the other parts share: the deal form (none once deal.js shows the list in its
  // place, list:swapped), this list's kept records in order once read, and the refused
  // deal the form is fixing.
  const at = { form: document.querySelector("form[data-deal-form]"), waiting: null, fixing: null };
  const heard = { loaded: [], shown: [], sent: [] };
  const tell = (what) => heard[what].forEach((listener) => listener());
  const banner = document.createElement("p");
  banner.className = "net";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  document.body.insertBefore(banner, document.querySelector("main"));
  let note = ""; // what the last sync did
  let syncing = false;
  let retry = null;
  let pause = 2000;
  const isChange = (record) => record.kind === "change";
  const dealsOf = (records) => records.filter((record) => !isChange(record));

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }

  // -- the store: one object store of deals, ordered by `seq` -------------------------

  let opened = null;
  function store(mode, work) {
    opened = opened || new Promise(function (resolve, reject) {
      const request = indexedDB.open("scorer-offline", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore("deals", { keyPath: "seq", autoIncrement: true })
          .createIndex("list", "list");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened.then((db) => new Promise(function (resolve, reject) {
      const tx = db.transaction("deals", mode);
      const result = work(tx.objectStore("deals"));
      tx.oncomplete = () => resolve(result.result);
      tx.onerror = () => reject(tx.error);
    }));
  }
  function load() {
    return store("readonly", (deals) => deals.index("list").getAll(list)).then(function (found) {
      at.waiting = found.sort((a, b) => a.seq - b.seq);
      return at.waiting;
    });
  }
  const keep = (record) => store("readwrite", (deals) => deals.put(record));
  const drop = (seq) => store("readwrite", (deals) => deals.delete(seq));

  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // -- what the phone shows --------------------------------------------------------------

  function show() {
    const count = at.waiting ? at.waiting.length : 0;
    const refused = at.waiting && at.waiting.find((record) => record.state === "refused");
    let text = note;
    banner.className = "net";
    if (!navigator.onLine) {
      text = texts.textOffline + (count ? " " + fill(texts.textWaiting, { count: count }) : "");
    } else if (refused) {
      text = fill(isChange(refused) ? texts.textRefusedChange : texts.textRefused, { reason: refused.reason });
      banner.classList.add("is-refused");
    } else if (syncing) {
      text = fill(texts.textSyncing, { count: count });
    } else if (count) {
      text = fill(texts.textWaiting, { count: count });
    } else if (note) {
      banner.classList.add("is-synced");
    }
    banner.textContent = text;
    banner.hidden = !text;
    tell("shown");
  }

  function numbers(first, last) {
    return first === last ? String(first) : first + "–" + last;
  }

  // -- sending, in order -----------------------------------------------------------------

  function later() {
    window.clearTimeout(retry);
    retry = window.setTimeout(sync, pause);
    pause = Math.min(pause * 2, 30000);
  }

  function sync() {
    if (syncing || !navigator.onLine || !texts.keyUrl) return Promise.resolve();
    syncing = true;
    const run = () => send().catch(later);
    return (navigator.locks ? navigator.locks.request("scorer-sync-" + list, run) : run())
      .finally(function () { syncing = false; show(); });
  }

  async function send() {
    const records = await load(); // another tab may have sent some meanwhile
    if (!records.length || records[0].state === "refused") return;
    show();
    const live = document.querySelector("[data-offline]") || data;
    let known = parseInt(live.dataset.deals, 10) || 0; // the deals this page shows
    const answer = await fetch(texts.keyUrl, { cache: "no-store", credentials: "same-origin" });
    if (answer.status === 403) {
      note = texts.textNoKey;
      return;
    }
    if (!answer.ok) throw new Error(answer.status);
    const key = (await answer.json()).key;
    const stored = [];
    const others = [];
    let already = false;
    let changed = null; // the deal the change sent counts from
    // A deal stored as No. `number`: the deals before it that this page does not show came from others.
    function counted(number) {
      if (number > known + 1) others.push(numbers(known + 1, number - 1));
      known = Math.max(known, number);
      stored.push(number);
    }
    for (const record of records) {
      if (record.state === "refused") break;
      const change = isChange(record);
      const response = await fetch(change ? texts.changesUrl : texts.apiUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-Edit-Key": key, "Idempotency-Key": record.key },
        body: JSON.stringify(change ? record.change : record.deal),
      });
      let answer = null;
      try {
        answer = await response.json();
      } catch (error) {
        // Not JSON: the status says enough.
      }
      if (response.status === 201 && change) {
        changed = answer && answer.from;
        await drop(record.seq);
      } else if (response.status === 201) {
        counted(answer.number);
        await drop(record.seq);
      } else if (!change && response.status === 422 && answer && answer.key === "Idempotency-Key") {
        // Its key stored a deal already: the form's own request, whose answer was lost
        // (deal.js), reached the server; the server keeps it once, and names it (`deal`).
        if (Number.isInteger(answer.deal)) counted(answer.deal);
        already = true;
        await drop(record.seq);
      } else if (response.status >= 500 || response.status === 429) {
        throw new Error(response.status); // the same key again, later
      } else {
        // The reason in the phone's language (the API's `message`), else its English `error`.
        const reason = answer && (answer.message || answer.error) || response.statusText || String(response.status);
        record.state = "refused";
        record.reason = reason;
        await keep(record);
        break;
      }
    }
    pause = 2000;
    await load();
    tell("sent");
    if (stored.length || changed) {
      note = stored.length ? fill(texts.textSynced, { numbers: numbers(stored[0], stored[stored.length - 1]) }) : "";
      if (others.length) note += " " + fill(texts.textOthers, { numbers: others.join(", ") });
      if (changed) note = (note + " " + fill(texts.textChangeSynced, { number: changed })).trim();
    }
    if (stored.length || already || changed) document.dispatchEvent(new Event("list:stale"));
  }

  // deal.js showed the list in place of the form: from now on this is a list page.
  function swapped() {
    if (at.form && !at.form.isConnected) {
      at.form = null;
      at.fixing = null;
    }
    show();
  }

  // -- while offline, what needs the server says so ---------------------------------------

  function needsReception(event) {
    if (navigator.onLine || at.form) return;
    if (event.type === "submit") {
      event.preventDefault();
      say(texts.textReception);
      return;
    }
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.origin !== window.location.origin || link.hash && link.pathname === location.pathname) return;
    event.preventDefault();
    // A page kept by the service worker opens; anything else needs the server.
    (window.caches ? caches.match(link.href.split("#")[0]) : Promise.resolve(null)).then(function (kept) {
      if (kept && !link.hasAttribute("download")) window.location.assign(link.href);
      else say(texts.textReception);
    });
  }

  function say(text) {
    banner.textContent = text;
    banner.hidden = false;
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("button[data-drop]");
    if (button) {
      const asked = "change" in button.dataset ? texts.textConfirmDropChange : texts.textConfirmDrop;
      if (window.confirm(asked)) drop(Number(button.dataset.drop)).then(load).then(show).then(sync);
      return;
    }
    needsReception(event);
  }, true);
  document.addEventListener("submit", needsReception, true);
  document.addEventListener("list:swapped", swapped);
  window.addEventListener("online", function () { show(); sync(); });
  window.addEventListener("offline", show);

  // The settings page kept a change behind the deals that wait (settings.js): the list says so, once.
  function queuedNote() {
    let said = null;
    try {
      said = sessionStorage.getItem("scorer-queued-" + list);
      sessionStorage.removeItem("scorer-queued-" + list);
    } catch (error) {
      return;
    }
    const main = document.querySelector("main");
    if (!said || at.form || !main) return;
    const shown = document.createElement("p");
    shown.className = "flash flash-message";
    shown.setAttribute("role", "status");
    shown.dataset.queued = "";
    shown.textContent = said;
    main.prepend(shown);
  }
  queuedNote();

  // For offline_form.js and waiting_rows.js, loaded after this file.
  window.scorerOffline = {
    at: at, texts: texts, list: list, fill: fill, isChange: isChange, dealsOf: dealsOf,
    load: load, keep: keep, newKey: newKey, say: say,
    // Hear when the records are read first ("loaded"), when the phone shows them ("shown"),
    // when a sync is done ("sent").
    on: (what, listener) => heard[what].push(listener),
  };

  // Once every part has said what it listens to (the deferred scripts run before this event).
  function start() {
    load().then(function () {
      tell("loaded");
      show();
      return sync();
    }).catch(function () {
      // No storage (a private window): the app works online as before.
    });
  }
  if (document.readyState === "loading" || document.readyState === "interactive") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
