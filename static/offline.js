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
"use strict";
(function () {
  const data = document.querySelector("[data-offline]");
  if (!data || !window.indexedDB || !window.Promise) return;
  const texts = Object.assign({}, data.dataset); // list.js may swap the element
  const list = texts.list;
  // The deal form; none once deal.js shows the list in its place (list:swapped).
  let form = document.querySelector("form[data-deal-form]");
  const lang = document.documentElement.lang || undefined;
  const banner = document.createElement("p");
  banner.className = "net";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  document.body.insertBefore(banner, document.querySelector("main"));
  let waiting = null; // this list's kept deals, in order, once read
  let note = ""; // what the last sync did
  let syncing = false;
  let retry = null;
  let pause = 2000;
  let fixing = null; // the refused deal the form is fixing
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
      waiting = found.sort((a, b) => a.seq - b.seq);
      return waiting;
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
    const count = waiting ? waiting.length : 0;
    const refused = waiting && waiting.find((record) => record.state === "refused");
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
    if (!form) showList();
  }

  function showList() {
    const section = document.querySelector("[data-waiting]");
    const totals = document.querySelector("section.totals");
    let stale = document.querySelector("[data-stale]");
    if (totals && !navigator.onLine && !stale) {
      const live = document.querySelector("[data-offline]") || data;
      stale = document.createElement("p");
      stale.className = "muted stale";
      stale.dataset.stale = "";
      stale.textContent = fill(texts.textStale, { time: when(live.dataset.syncedAt) });
      totals.appendChild(stale);
    } else if (stale && navigator.onLine) {
      stale.remove();
    }
    if (!section || !waiting) return;
    const items = waiting.map(function (record) {
      const item = document.createElement("li");
      const what = document.createElement("span");
      const state = document.createElement("span");
      what.className = "what";
      what.textContent = record.summary;
      state.className = "state";
      item.append(what, state);
      if (record.state !== "refused") {
        state.textContent = texts.textItemWaiting;
        return item;
      }
      item.className = "refused";
      state.textContent = fill(texts.textItemRefused, { reason: record.reason });
      const gone = document.createElement("button");
      gone.type = "button";
      gone.className = "danger";
      gone.dataset.drop = record.seq;
      gone.textContent = texts.textDrop;
      if (isChange(record)) {
        // A change is made again on the settings page, with the deals it now follows.
        gone.dataset.change = "";
        item.append(gone);
        return item;
      }
      const fix = document.createElement("a");
      fix.className = "button";
      fix.href = texts.dealUrl + "#fix-" + record.seq;
      fix.textContent = texts.textFix;
      item.append(fix, gone);
      return item;
    });
    section.querySelector("ol").replaceChildren(...items);
    section.hidden = !items.length;
  }

  function when(iso) {
    const then = new Date(iso);
    if (isNaN(then)) return "";
    const time = { hour: "2-digit", minute: "2-digit" };
    if (then.toDateString() === new Date().toDateString()) return then.toLocaleTimeString(lang, time);
    return then.toLocaleString(lang, Object.assign({ day: "numeric", month: "short" }, time));
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
    carryWaiting(); // those sent are the server's now
    if (stored.length || changed) {
      note = stored.length ? fill(texts.textSynced, { numbers: numbers(stored[0], stored[stored.length - 1]) }) : "";
      if (others.length) note += " " + fill(texts.textOthers, { numbers: others.join(", ") });
      if (changed) note = (note + " " + fill(texts.textChangeSynced, { number: changed })).trim();
    }
    if (stored.length || already || changed) document.dispatchEvent(new Event("list:stale"));
  }

  // -- the deal form: keep the deal when the server cannot take it now ------------------

  function wanted(element, game) {
    const box = element.closest("[data-games]");
    return !element.disabled && (!box || box.dataset.games.split(" ").indexOf(game) >= 0);
  }

  function whole(text) {
    return /^[0-9]{1,4}$/.test(text) ? parseInt(text, 10) : text;
  }

  // The form as a list-file deal: what scorer/web/deals/form.py makes of it.
  // Whatever is wrong, the server says on sync, and the deal waits to be fixed.
  function dealOf() {
    const picked = form.querySelector("input[name=game]:checked");
    const game = picked ? picked.value : "";
    const deal = { game: game };
    const points = {};
    const blanks = [];
    let defenders = false;
    form.querySelectorAll("input, select").forEach(function (element) {
      const name = element.name;
      const value = element.value.trim();
      if (!name || name === "game" || element.type === "hidden" || !wanted(element, game)) return;
      if (element.type === "checkbox") {
        if (name === "defenders") defenders = element.checked;
        else if (name.startsWith("no_trick.")) {
          if (element.checked) (deal.no_trick = deal.no_trick || []).push(name.slice(9));
        } else if (element.checked || name === "won") deal[name] = element.checked;
      } else if (element.type === "radio" && !element.checked) {
        return;
      } else if (name.startsWith("points.")) {
        if (value === "") blanks.push(name.slice(7));
        else points[name.slice(7)] = whole(value);
      } else if (["laufende", "doubles", "blitz", "bid"].indexOf(name) >= 0) {
        const lowest = name === "bid" && element.options ? element.options[0].value : null;
        if (value !== "0" && value !== lowest) deal[name] = whole(value);
      } else if (value !== "") {
        deal[name] = name === "points" ? whole(value) : value;
      }
    });
    if (defenders && typeof deal.points === "number") deal.points = 120 - deal.points;
    if (Object.keys(points).length || blanks.length) {
      const sum = Object.values(points).reduce((a, b) => a + (typeof b === "number" ? b : 0), 0);
      if (blanks.length === 1) points[blanks[0]] = 120 - sum;
      deal.points = points;
    }
    return deal;
  }

  // One line that says what the deal is: the taps and numbers, as the form shows them.
  function summaryOf(game) {
    const parts = [];
    form.querySelectorAll("input:checked, input[type=text], select").forEach(function (element) {
      if (!wanted(element, game) || element.value.trim() === "" || element.value === "0") return;
      const label = element.closest("label") || form.querySelector("label[for=\"" + element.id + "\"]");
      const span = label && label.querySelector("span");
      const words = (span ? span.firstChild.textContent : label ? label.textContent : "").trim();
      if (element.type === "checkbox" || element.type === "radio") parts.push(words);
      else if (element.name === "points") parts.push(element.value.trim());
      else if (element.name !== "bid" || element.selectedIndex > 0) parts.push(words + " " + element.value.trim());
    });
    return parts.join(" · ");
  }

  function fields() {
    return Array.from(new FormData(form)).filter((pair) => ["csrf_token", "token", "action", "waiting"].indexOf(pair[0]) < 0);
  }

  function refill(pairs) {
    form.querySelectorAll("input[type=checkbox]").forEach((box) => { box.checked = false; });
    pairs.forEach(function (pair) {
      form.querySelectorAll("[name=\"" + CSS.escape(pair[0]) + "\"]").forEach(function (element) {
        if (element.type === "radio" || element.type === "checkbox") element.checked = element.value === pair[1];
        else element.value = pair[1];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function hold(event) {
    if (event.submitter && event.submitter.name === "action") return; // the no-script preview
    const offline = !navigator.onLine;
    if (!offline && !fixing && waiting && !waiting.length) {
      spend(form.elements.token && form.elements.token.value);
      return; // the server takes it now
    }
    event.preventDefault();
    if (!waiting) {
      load().then(() => form.requestSubmit(event.submitter));
      return;
    }
    const deal = dealOf();
    if (!deal.game) {
      say(texts.textChoose);
      return;
    }
    queue(deal, newKey());
  }

  // Keep the deal on the phone, under this key, and open the list (the copy the service worker keeps).
  function queue(deal, key) {
    const record = { list: list, kind: "deal", key: key, deal: deal, fields: fields(), summary: summaryOf(deal.game), state: "waiting", at: Date.now() };
    if (fixing) record.seq = fixing.seq; // its place in the order
    return keep(record).then(() => window.location.assign(texts.listUrl));
  }

  // deal.js's save got no answer (no signal, though the phone says online, or too slow):
  // the deal waits here under the form's own token, the key the server stored it with if
  // the request reached it, so that it is stored once (send: a 422 on the key).
  // A form the service worker kept may carry a token an earlier page of this phone sent:
  // the server stored that deal under it already, so this one gets a key of its own.
  function unsent(event) {
    const token = form.elements.token && form.elements.token.value;
    const deal = dealOf();
    if (!deal.game) return; // deal.js sends the form the old way
    event.preventDefault();
    queue(deal, token && !spent(token) ? token : newKey())
      .catch(() => HTMLFormElement.prototype.submit.call(form));
  }

  // The form tokens this phone sent, each with the page that sent it (the last hundred).
  const thisPage = newKey();
  function sentTokens() {
    try {
      return JSON.parse(localStorage.getItem("scorer-sent-tokens") || "[]");
    } catch (error) {
      return [];
    }
  }
  function spent(token) {
    return sentTokens().some((pair) => pair[0] === token && pair[1] !== thisPage);
  }
  function spend(token) {
    if (!token || sentTokens().some((pair) => pair[0] === token)) return;
    try {
      localStorage.setItem("scorer-sent-tokens", JSON.stringify(sentTokens().concat([[token, thisPage]]).slice(-100)));
    } catch (error) {
      // No storage: a kept form's token may be refused as sent before; the list says why.
    }
  }

  // deal.js showed the list in place of the form: from now on this is a list page.
  function swapped() {
    if (form && !form.isConnected) {
      form = null;
      fixing = null;
    }
    show();
  }

  // -- the new deal's number and dealer: the server's, moved on past the deals that wait --

  // The form shows the number and who deals after the stored deals; each deal waiting before this one
  // moves the deal on a seat, as the server will. With five at the table the dealer sits
  // out: the one shown sits in again, and the new dealer's fields go to them. The deals
  // waiting go with the form to the live preview (a hidden field, never saved: a form
  // with deals waiting is kept on the phone), which scores the new deal after them.
  // How many deals wait before the one the form enters (or fixes).
  // Deals only: a change waiting among them moves the number on by none.
  function waitingBefore() {
    return dealsOf(fixing ? waiting.slice(0, Math.max(waiting.findIndex((record) => record.seq === fixing.seq), 0))
      : waiting).length;
  }

  // The deals the live preview scores the form's deal after: those still waiting before it.
  function carryWaiting() {
    const carried = form && form.querySelector("input[name=waiting]");
    if (carried) carried.value = JSON.stringify(dealsOf(waiting).slice(0, waitingBefore()).map((record) => record.deal));
  }

  function dealerAfterWaiting() {
    const seats = JSON.parse(texts.players || "[]");
    const shown = texts.dealer;
    const before = waitingBefore();
    if (!form || before <= 0) return;
    // A change waiting before the deal may seat others: who deals it is the server's to say.
    const upTo = fixing ? waiting.findIndex((record) => record.seq === fixing.seq) : waiting.length;
    const reseated = waiting.slice(0, upTo).some(isChange);
    const carried = document.createElement("input");
    carried.type = "hidden";
    carried.name = "waiting";
    form.append(carried);
    carryWaiting();
    if (seats.indexOf(shown) < 0) return;
    const dealer = seats[(seats.indexOf(shown) + before) % seats.length];
    const heading = document.querySelector("main h1");
    const number = parseInt(texts.number, 10) + before;
    if (heading && number) {
      const was = heading.textContent;
      heading.textContent = fill(texts.textHeading, { number: number });
      document.title = document.title.replace(was, heading.textContent);
    }
    if (reseated) return;
    const sitsOut = "sitsOut" in texts;
    // How many sit a deal out: the dealer, then the players after, clockwise.
    const count = parseInt(texts.sitsOut, 10) || 1;
    const outOf = function (from) {
      const seat = seats.indexOf(from);
      return seats.map((_who, step) => seats[(seat + step) % seats.length]).slice(0, count);
    };
    const out = outOf(dealer);
    const joined = fill(texts.textNamesAnd || "{names}, {last}", { names: out.slice(0, -1).join(", "), last: out[out.length - 1] });
    const outWords = count > 1 ? fill(texts.textSitOut, { names: joined }) : texts.textSitsOut;
    const line = document.querySelector(".deal-dealer");
    if (line) line.textContent = fill(texts.textDealer, { dealer: dealer }) + (sitsOut ? " · " + outWords : "");
    if (!sitsOut || dealer === shown) return;
    const shownOut = outOf(shown);
    // Active on the page, out now; and out on the page, active now: as many of each.
    const leaving = out.filter((who) => shownOut.indexOf(who) < 0);
    const joining = shownOut.filter((who) => out.indexOf(who) < 0);
    // Who to tap (declarer, partner, offender, a tie's loser): everyone, those out not tappable.
    form.querySelectorAll(".choices.players input[type=radio]").forEach(function (input) {
      if (!input.value) return;
      const choice = input.closest(".choice");
      const isOut = out.indexOf(input.value) >= 0;
      choice.classList.toggle("is-out", isOut);
      input.disabled = isOut;
      input.checked = input.checked && !isOut;
      const note = choice.querySelector("small");
      if (note) note.remove();
      if (isOut) {
        const said = document.createElement("small");
        said.textContent = input.value === dealer ? texts.textDealsOut : texts.textOut;
        choice.querySelector("span").append(" ", said);
      }
    });
    // The fields of the players in the deal (card points, no trick): those of the
    // players who now sit out become those of the players who now play.
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "radio") return;
      leaving.forEach(function (who, at) {
        const prefix = input.name.slice(0, input.name.length - who.length);
        if (!/^[a-z_]+\.$/.test(prefix) || input.name !== prefix + who) return;
        input.name = prefix + joining[at];
        const label = form.querySelector("label[for=\"" + input.id + "\"]");
        if (label) label.textContent = joining[at];
        const span = input.matches(".choice > input") && input.nextElementSibling;
        if (span && span.firstChild.textContent === who) span.firstChild.textContent = joining[at];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // -- while offline, what needs the server says so ---------------------------------------

  function needsReception(event) {
    if (navigator.onLine || form) return;
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
  if (form) {
    form.addEventListener("submit", hold);
    form.addEventListener("deal:unsent", unsent);
  }

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
    if (!said || form || !main) return;
    const shown = document.createElement("p");
    shown.className = "flash flash-message";
    shown.setAttribute("role", "status");
    shown.dataset.queued = "";
    shown.textContent = said;
    main.prepend(shown);
  }
  queuedNote();

  load().then(function () {
    const asked = /^#fix-(\d+)$/.exec(window.location.hash);
    fixing = asked && form ? waiting.find((record) => record.seq === Number(asked[1]) && !isChange(record)) || null : null;
    dealerAfterWaiting();
    if (fixing) refill(fixing.fields);
    show();
    return sync();
  }).catch(function () {
    // No storage (a private window): the app works online as before.
  });
})();
