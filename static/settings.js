// The settings pages of a list (the players, the house rules) while deals entered on this phone wait to be sent
// (offline.js keeps them in IndexedDB until the server has them). A change made
// here counts from the next deal the server stores: sent at once, it would count
// for those deals too. So while deals wait, the page says so, and the change
// waits behind them in the same queue, to count from the deal after them
// (`from`); offline.js sends it after them, through the API, with its own
// Idempotency-Key. Without deals waiting the form posts as it always did.
// Each page's form sends only its part of a change (data-change-form): the seats
// (players and who deals next) or the house rules; the API keeps the other part
// as it is in force when the change arrives.
// Without a network (navigator.onLine says so, or the page is the copy the service
// worker kept, sw.js: <html data-kept>) the change waits in the same queue even with
// nothing before it, and goes when reception returns; the page says so. The other
// forms (a rename, the list's currency) need the server: offline they say so rather than fail.
// The currency settles the whole list, so it never waits behind deals: it is sent at once.
// It reads the store and never makes it: a phone that never kept a deal has none
// (offline.js makes it on the list's page, which a phone opens before this one).
"use strict";
(function () {
  const note = document.querySelector("[data-waiting-list]");
  const form = document.querySelector("form[data-change-form]");
  if (!note || !window.indexedDB) return;
  const list = note.dataset.waitingList;
  const offline = () => !navigator.onLine || document.documentElement.hasAttribute("data-kept");
  // What needs reception says so here, as on the list (offline.js's banner).
  const banner = document.createElement("p");
  banner.className = "net";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  document.body.insertBefore(banner, document.querySelector("main"));
  let waiting = null; // this list's records in the store, in order, once read
  let db = null;

  function fill(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }
  const isChange = (record) => record.kind === "change"; // a record without a kind is a deal
  const deals = () => waiting.filter((record) => !isChange(record)).length;
  const from = () => (parseInt(form.dataset.stored, 10) || 0) + deals() + 1;

  const request = indexedDB.open("scorer-offline", 1);
  request.onupgradeneeded = function () {
    request.transaction.abort(); // no store yet: nothing waits, and offline.js makes it
  };
  request.onerror = function (event) {
    event.preventDefault();
  };
  request.onsuccess = function () {
    db = request.result;
    const found = db.transaction("deals", "readonly").objectStore("deals").index("list").getAll(list);
    found.onsuccess = function () {
      waiting = found.result.sort((a, b) => a.seq - b.seq);
      show();
    };
  };

  // The note above the forms: what waits on this phone, or that nothing can reach the server now.
  function show() {
    if (!waiting) return;
    if (!waiting.length) {
      note.textContent = form ? fill(note.dataset.textOffline, { number: from() }) : "";
      note.hidden = !offline() || !form;
      return;
    }
    const count = deals();
    const number = form ? from() : "";
    let text = count ? fill(count === 1 ? note.dataset.textOne : note.dataset.textMany,
      { count: count, number: number }) : "";
    if (waiting.some(isChange)) text = (text + " " + note.dataset.textChange).trim();
    if (count) text += " " + note.dataset.textRename; // what is sent at once (a rename, the currency) is never queued
    note.textContent = text;
    note.hidden = false;
    if (form) {
      form.querySelectorAll("[data-from-text]").forEach(function (element) {
        element.textContent = fill(element.dataset.fromText, { number: number });
      });
    }
  }
  window.addEventListener("online", show);
  window.addEventListener("offline", show);

  function say(text) {
    banner.textContent = text;
    banner.hidden = false;
  }

  // Offline, a form other than the change (a rename, the currency) and a link to a page the phone does not keep need the server.
  document.addEventListener("submit", function (event) {
    if (event.target === form || !offline()) return;
    event.preventDefault();
    say(note.dataset.textReception);
  }, true);
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a[href]");
    if (navigator.onLine || !link || link.origin !== window.location.origin) return;
    if (link.hash && link.pathname === location.pathname) return;
    event.preventDefault();
    (window.caches ? caches.match(link.href.split("#")[0]) : Promise.resolve(null)).then(function (kept) {
      if (kept && !link.hasAttribute("download")) window.location.assign(link.href);
      else say(note.dataset.textReception);
    });
  }, true);

  if (!form) return;

  // -- the change as the API takes it: what scorer/web/settings/forms.py makes of the fields --

  function field(name) {
    return form.elements.namedItem(name);
  }

  function valueOf(entry) {
    const element = field(entry.field);
    if (!element) return undefined;
    if (entry.kind === "flag" || entry.kind === "group") return element.checked;
    if (entry.kind === "list" || entry.kind === "games") {
      const boxes = element.length === undefined ? [element] : Array.from(element);
      return boxes.filter((box) => box.checked).map((box) => box.value);
    }
    const value = element.value.trim();
    if (entry.kind === "text") return value;
    if (value === "") return null;
    const number = /^-?[0-9]+$/.test(value) ? parseInt(value, 10) : value; // not a number: the server says so
    const spelled = entry.spelled || {};
    return typeof number === "number" && spelled[String(number)] !== undefined ? spelled[String(number)] : number;
  }

  function put(rules, path, value) {
    let place = rules;
    path.slice(0, -1).forEach(function (key) {
      if (!place[key] || typeof place[key] !== "object") place[key] = {};
      place = place[key];
    });
    place[path[path.length - 1]] = value;
  }

  function rulesOf() {
    const rules = {};
    const off = [];
    let games = null;
    JSON.parse(form.dataset.ruleFields || "[]").forEach(function (entry) {
      if (off.indexOf(entry.path[0]) >= 0) return; // a group switched off: its own fields do not count
      const value = valueOf(entry);
      if (value === undefined) return;
      if (entry.kind === "group") {
        if (!value) off.push(entry.path[0]);
        put(rules, entry.path, value ? {} : null);
      } else if (entry.kind === "games") {
        games = { entry: entry, chosen: value };
      } else {
        put(rules, entry.path, value);
      }
    });
    if (games) {
      // As the form has it: the games always played are, and a game switched on by its own rule too.
      const order = games.entry.order;
      const always = games.entry.always || [];
      const chosen = games.chosen.concat(order.filter((game) => always.indexOf(game) >= 0 || rules[game] === true));
      put(rules, games.entry.path, order.filter((game) => chosen.indexOf(game) >= 0));
    }
    return rules;
  }

  // The page names its fields with the form's prefix (change-player_1); the map names them whole.
  const prefix = form.dataset.fieldPrefix || "";

  function playerFields() {
    const fields = [];
    for (let seat = 1; field(prefix + "player_" + seat); seat += 1) fields.push(field(prefix + "player_" + seat));
    return fields;
  }

  // The seats form's change: who sits and, when chosen, who deals next; never a rule.
  function seatsOf() {
    const seats = playerFields().map((input) => input.value.trim());
    const change = { from: from(), players: seats.filter((who) => who) };
    const seat = field(prefix + "first_dealer") && field(prefix + "first_dealer").value;
    const dealer = /^[0-9]+$/.test(seat || "") ? seats[parseInt(seat, 10) - 1] : "";
    if (dealer) change.next_dealer = dealer;
    return change;
  }

  // The rules form's change: the rules only. A seats change waiting for the same deal keeps
  // its dealer: the API lets this change replace it, and a change that names no dealer
  // leaves the dealer to the rotation.
  function rulesChangeOf() {
    const change = { from: from(), rules: rulesOf() };
    const before = waiting.filter((record) => isChange(record) && record.change.from === change.from).pop();
    if (before && before.change.next_dealer) change.next_dealer = before.change.next_dealer;
    return change;
  }

  const changeOf = () => (form.dataset.changeForm === "rules" ? rulesChangeOf() : seatsOf());

  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // Keep the change behind the deals that wait, say so on the list, and open it.
  function queue(event) {
    const away = offline();
    if (!away && (!waiting || !waiting.length || !db)) return; // nothing waits: the form posts as always
    event.preventDefault();
    if (!waiting || !db) {
      say(note.dataset.textReception); // no store on this phone (or not read yet): the server must take it
      return;
    }
    const change = changeOf();
    const count = deals();
    const record = {
      list: list, kind: "change", key: newKey(), change: change, state: "waiting", at: Date.now(),
      summary: fill(form.dataset.textSummary, { number: change.from, names: (change.players || []).join(", ") }),
    };
    const tx = db.transaction("deals", "readwrite");
    tx.objectStore("deals").put(record);
    tx.oncomplete = function () {
      const said = count ? fill(count === 1 ? form.dataset.textQueuedOne : form.dataset.textQueuedMany,
        { count: count, number: change.from })
        : waiting.some(isChange) ? note.dataset.textChange : fill(form.dataset.textQueuedNone, { number: change.from });
      try {
        sessionStorage.setItem("scorer-queued-" + list, said);
      } catch (error) {
        // No storage: the list still shows the change among what waits.
      }
      window.location.assign(form.dataset.listUrl);
    };
    tx.onerror = function () {
      if (away) say(note.dataset.textReception); // nowhere to keep it, and no server to take it
      else HTMLFormElement.prototype.submit.call(form); // the phone cannot keep it: the server takes it as before
    };
  }

  form.addEventListener("submit", queue);
})();
