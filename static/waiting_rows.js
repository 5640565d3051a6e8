// The list page's side of the deals that wait on this phone (offline.js keeps and
// sends them): each is a row of the table where it will be stored, above the
// newest stored deal, marked waiting (or refused, with Fix and Drop). The phone
// cannot score a deal without the server: a deal the live preview scored while
// typing, its fields unchanged since (offline_form.js keeps its payouts), shows
// them in its row and counts in the totals; any other says it is not in the
// totals yet. The totals say they are provisional. The count of deals and the
// next dealer count the deals that wait, marked provisional, with who deals, leads
// and sits out at each seat further on as the server says (data-dealers-after). Once stored, the
// page the server sends (list.js) has none of the marks.
"use strict";
(function () {
  const o = window.scorerOffline;
  if (!o) return;
  const texts = o.texts;
  const lang = document.documentElement.lang || undefined;

  function when(iso) {
    const then = new Date(iso);
    if (isNaN(then)) return "";
    const time = { hour: "2-digit", minute: "2-digit" };
    if (then.toDateString() === new Date().toDateString()) return then.toLocaleTimeString(lang, time);
    return then.toLocaleString(lang, Object.assign({ day: "numeric", month: "short" }, time));
  }

  function short(name) {
    return name.length <= 4 ? name : name.slice(0, 3) + ".";
  }

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  // The totals as of the last sync (with the waiting deals the preview scored: ``counted``), said while offline.
  function staleNote(counted) {
    const totals = document.querySelector("section.totals");
    let stale = document.querySelector("[data-stale]");
    if (totals && !navigator.onLine) {
      const live = document.querySelector("[data-offline]");
      if (!stale) {
        stale = element("p", "muted stale");
        stale.dataset.stale = "";
        totals.appendChild(stale);
      }
      stale.textContent = fill(counted ? "textStaleCounted" : "textStale", { time: when(live && live.dataset.syncedAt) });
    } else if (stale && navigator.onLine) {
      stale.remove();
    }
  }

  function fill(name, values) {
    return o.fill(texts[name], values);
  }

  // The buttons of a refused record: drop it, and fix a deal in the form.
  function actions(record) {
    const box = element("span", "actions");
    if (!o.isChange(record)) {
      const fix = element("a", "button", texts.textFix);
      fix.href = texts.dealUrl + "#fix-" + record.seq;
      box.append(fix);
    }
    const gone = element("button", "danger", texts.textDrop);
    gone.type = "button";
    gone.dataset.drop = record.seq;
    // A change is made again on the settings page, with the deals it now follows.
    if (o.isChange(record)) gone.dataset.change = "";
    box.append(gone);
    return box;
  }

  // An amount as the server writes it (scorer/web/lists/table.py): a sign, a minus, not a
  // hyphen; a thousand and more grouped as in the page's language; nothing paid, a dash.
  function signed(amount, zero) {
    const size = Math.abs(amount);
    const said = size < 1000 ? String(size) : size.toLocaleString(lang);
    return amount > 0 ? "+" + said : amount < 0 ? "\u2212" + said : zero;
  }

  // An amount the server wrote, read back: digits, and a minus before them.
  function amountOf(text) {
    const size = parseInt(text.replace(/[^0-9]/g, ""), 10) || 0;
    return /^\s*[\u2212-]/.test(text) ? -size : size;
  }

  // What a waiting deal pays each player, as the live preview said: counted only with a
  // column for each player it pays (a change waiting before it may seat others).
  function paidBy(record, players) {
    const paid = record.payouts;
    if (o.isChange(record) || !paid || typeof paid !== "object") return null;
    const names = Object.keys(paid);
    const fits = names.every((who) => Number.isInteger(paid[who]) && (paid[who] === 0 || players.indexOf(who) >= 0));
    return fits && names.length ? paid : null;
  }

  // One record as a row group: its number and dealer (a deal), what it is, what it pays (if the
  // preview said), then its state.
  function row(record, number, dealer, players, paid) {
    const columns = players.length;
    const group = element("tbody", "waiting" + (record.state === "refused" ? " refused" : ""));
    group.dataset.waitingRow = "";
    const top = element("tr");
    const head = element("th", "num");
    head.scope = "rowgroup";
    head.rowSpan = paid ? 3 : 2;
    head.id = "waiting-" + record.seq;
    if (number) head.append(element("span", "row-number", String(number)));
    if (dealer) {
      const who = element("span", "dealer", short(dealer));
      who.title = dealer;
      head.append(who);
    }
    const game = element("td", "game");
    game.colSpan = columns;
    game.setAttribute("headers", head.id);
    game.append(element("span", "game-name what", o.isChange(record) ? texts.textChangeRow + ": " + record.summary : record.summary));
    top.append(head, game);
    group.append(top);
    if (paid) {
      const pays = element("tr");
      players.forEach(function (who) {
        const amount = paid[who] || 0;
        pays.append(element("td", "pay" + (amount > 0 ? " plus" : amount < 0 ? " minus" : ""), signed(amount, "\u2013")));
      });
      group.append(pays);
    }
    const bottom = element("tr");
    const state = element("td", "state");
    state.colSpan = columns;
    state.setAttribute("headers", head.id);
    if (record.state === "refused") {
      state.append(element("span", "said", fill("textItemRefused", { reason: record.reason })), actions(record));
    } else {
      const counted = paid ? texts.textCounted : texts.textNotCounted;
      state.append(element("span", "said", texts.textItemWaiting + (o.isChange(record) ? "" : " · " + counted + " · " + texts.textNotScored)));
    }
    bottom.append(state);
    group.append(bottom);
    return group;
  }

  // A word in a line of the page that counts the deals that wait: gone again when none does.
  function mark(line, text) {
    if (!line) return;
    let said = line.querySelector(":scope > [data-provisional]");
    if (!text) {
      if (said) said.remove();
      return;
    }
    if (!said) {
      said = element("span", "provisional");
      said.dataset.provisional = "";
      line.append(said);
    }
    said.textContent = text;
  }

  function rows() {
    if (o.at.form) return;
    const table = document.querySelector("table.block");
    if (!table || !o.at.waiting) {
      staleNote(false);
      return;
    }
    table.querySelectorAll("tbody[data-waiting-row]").forEach((group) => group.remove());
    const records = o.at.waiting;
    const deals = o.dealsOf(records).length;
    const live = document.querySelector("[data-offline]");
    const stored = parseInt(live && live.dataset.deals, 10) || 0;
    const line = document.querySelector(".status .next-deal");
    const after = JSON.parse(line && line.dataset.dealersAfter || "[]");
    const players = Array.from(table.querySelectorAll("thead th.pay abbr"), (abbr) => abbr.title);
    const sums = {};
    let count = 0;
    let reseated = false; // a change waiting before a deal may seat others: the server says who deals
    const groups = records.map(function (record) {
      if (o.isChange(record)) {
        reseated = true;
        return row(record, 0, "", players, null);
      }
      const dealer = !reseated && after.length ? after[count % after.length].dealer : "";
      const paid = record.state === "refused" ? null : paidBy(record, players);
      if (paid) Object.keys(paid).forEach((who) => { sums[who] = (sums[who] || 0) + paid[who]; });
      count += 1;
      return row(record, stored + count, dealer, players, paid);
    });
    // The newest first, above the newest deal stored.
    const first = table.querySelector("tbody");
    groups.reverse().forEach((group) => table.insertBefore(group, first || table.tFoot));
    const wrap = table.closest(".table-wrap");
    const none = document.querySelector("[data-no-deal]");
    if (wrap && !stored) wrap.hidden = !groups.length;
    if (none) none.hidden = groups.length > 0;
    provisional(records.length > 0, deals, after, reseated, line);
    recount(table, players, sums);
    staleNote(Object.keys(sums).length > 0);
  }

  // One total shown: the server's amount (kept the first time), plus what the waiting deals pay.
  function add(cell, extra, zero, signs) {
    if (!cell) return;
    if (cell.dataset.stored === undefined) cell.dataset.stored = cell.textContent;
    const total = amountOf(cell.dataset.stored) + extra;
    cell.textContent = extra ? (signs ? signed(total, zero) : String(total)) : cell.dataset.stored;
    if (!signs) return;
    const line = cell.matches("td") ? cell : cell.closest("li");
    line.classList.toggle("plus", total > 0);
    line.classList.toggle("minus", total < 0);
  }

  // The totals, in the list above the table and in its foot: the server's, plus the payouts of the
  // deals waiting that the preview scored; the Stock takes what the players' payouts leave.
  function recount(table, players, sums) {
    document.querySelectorAll("section.totals .total-list li").forEach(function (line) {
      const who = line.querySelector(".who");
      const amount = line.querySelector(".amount");
      if (!line.classList.contains("pot")) add(amount, sums[who ? who.textContent.trim() : ""] || 0, "0", true);
      else add(amount, -Object.values(sums).reduce((a, b) => a + b, 0), "0", false);
    });
    table.querySelectorAll("tfoot td.pay").forEach((cell, at) => add(cell, sums[players[at]] || 0, "0", true));
  }

  // The count of deals, the next dealer and the totals: provisional while records wait.
  function provisional(any, deals, after, reseated, line) {
    const word = " (" + texts.textProvisional + ")";
    mark(document.querySelector(".status .progress"),
      deals ? " " + fill(deals === 1 ? "textWaitingOne" : "textWaitingMany", { count: deals }) + word : "");
    if (line) {
      const seat = !reseated && after.length ? after[deals % after.length] : null;
      const next = seat ? o.fill(line.dataset.textNext, seat) + (seat.out ? " " + seat.out : "") : "";
      // The server's own line is kept: the one after the deals that wait shows in its place.
      if (!line.dataset.stored) line.dataset.stored = line.firstChild ? line.firstChild.textContent : "";
      if (line.firstChild) line.firstChild.textContent = any && next ? next : line.dataset.stored;
      mark(line, any ? word : "");
    }
    mark(document.querySelector("#totals-heading"), any ? word : "");
    // The money is the server's, of the stored deals: hidden while the points count the waiting ones too.
    document.querySelectorAll("section.totals .money").forEach((money) => { money.hidden = any; });
    const foot = document.querySelector("table.block tfoot");
    if (foot) foot.classList.toggle("is-provisional", any);
  }

  // Whenever the phone shows the queue: read, sent, on or off line, a new page swapped in (offline.js).
  o.on("shown", rows);
})();
