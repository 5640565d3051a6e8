// The deal form's side of the deals that wait on this phone (offline.js keeps
// and sends them): a deal saved without reception is kept as a list-file deal,
// with the form's fields to fix it by; the form of the next deal shows the number
// and dealer moved on past the deals that wait, and a refused deal comes back into
// the form to be fixed (#fix-<seq>).
"use strict";
(function () {
  const o = window.scorerOffline;
  if (!o || !o.at.form) return;
  const at = o.at;

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
    const picked = at.form.querySelector("input[name=game]:checked");
    const game = picked ? picked.value : "";
    const deal = { game: game };
    const points = {};
    const blanks = [];
    let defenders = false;
    at.form.querySelectorAll("input, select").forEach(function (element) {
      const name = element.name;
      const value = element.value.trim();
      if (!name || name === "game" || element.type === "hidden" || !wanted(element, game)) return;
      if (element.type === "checkbox") {
        if (name === "defenders") defenders = element.checked;
        else if (name.endsWith(".no") || name === "zero_took_trick") return; // a "no" said out loud: the deal leaves the key out
        else if (name.startsWith("no_trick.")) {
          if (element.checked) (deal.no_trick = deal.no_trick || []).push(name.slice(9));
        } else if (element.checked) deal[name] = true;
        else if (name === "won" && at.form.querySelector("input[name=\"won.no\"]:checked")) deal.won = false; // lost, said out loud
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
    at.form.querySelectorAll("input:checked, input[type=text], select").forEach(function (element) {
      if (!wanted(element, game) || element.value.trim() === "" || element.value === "0") return;
      const label = element.closest("label") || at.form.querySelector("label[for=\"" + element.id + "\"]");
      const span = label && label.querySelector("span");
      const words = (span ? span.firstChild.textContent : label ? label.textContent : "").trim();
      if (element.type === "checkbox" || element.type === "radio") parts.push(words);
      else if (element.name === "points") parts.push(element.value.trim());
      else if (element.name !== "bid" || element.selectedIndex > 0) parts.push(words + " " + element.value.trim());
    });
    return parts.join(" · ");
  }

  function fields() {
    return Array.from(new FormData(at.form)).filter((pair) => ["csrf_token", "token", "action", "waiting"].indexOf(pair[0]) < 0);
  }

  // The live preview's last answer (deal.js) and the fields it scored, the deals waiting
  // before it with them: a deal kept with exactly those fields keeps its payouts, and
  // the list counts them in its totals, provisional. Any other deal is not counted.
  let previewed = null;
  function scored(data) {
    return JSON.stringify(Array.from(data).filter((pair) => ["csrf_token", "token", "action"].indexOf(pair[0]) < 0));
  }
  function payoutsOf(answer) {
    const paid = answer && !answer.error && answer.payouts;
    if (!paid || typeof paid !== "object" || !Object.values(paid).every(Number.isInteger)) return null;
    return paid;
  }
  at.form.addEventListener("deal:previewed", function (event) {
    const paid = payoutsOf(event.detail.answer);
    previewed = paid ? { fields: scored(event.detail.sent), payouts: paid } : null;
  });

  function refill(pairs) {
    at.form.querySelectorAll("input[type=checkbox]").forEach((box) => { box.checked = false; });
    pairs.forEach(function (pair) {
      at.form.querySelectorAll("[name=\"" + CSS.escape(pair[0]) + "\"]").forEach(function (element) {
        if (element.type === "radio" || element.type === "checkbox") element.checked = element.value === pair[1];
        else element.value = pair[1];
      });
    });
    at.form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function hold(event) {
    if (event.submitter && event.submitter.name === "action") return; // the no-script preview
    const offline = !navigator.onLine;
    if (!offline && !at.fixing && at.waiting && !at.waiting.length) {
      spend(at.form.elements.token && at.form.elements.token.value);
      return; // the server takes it now
    }
    event.preventDefault();
    if (!at.waiting) {
      o.load().then(() => at.form.requestSubmit(event.submitter));
      return;
    }
    const deal = dealOf();
    if (!deal.game) {
      o.say(o.texts.textChoose);
      return;
    }
    // What the form never assumes (a partner or "Alone", Schwarz at 120) waits for its tap here too.
    const unsaid = Array.from(at.form.querySelectorAll("[data-must-answer]")).find(function (element) {
      if (element.closest("[hidden]")) return false;
      return element.matches("fieldset") ? !element.querySelector("input:checked") : true;
    });
    if (unsaid) {
      o.say(unsaid.matches("fieldset") ? unsaid.dataset.mustAnswer : unsaid.textContent);
      return;
    }
    queue(deal, o.newKey());
  }

  // Keep the deal on the phone, under this key, and open the list (the copy the service worker keeps).
  function queue(deal, key) {
    const record = { list: o.list, kind: "deal", key: key, deal: deal, fields: fields(), summary: summaryOf(deal.game), state: "waiting", at: Date.now() };
    if (at.fixing) record.seq = at.fixing.seq; // its place in the order
    if (previewed && previewed.fields === scored(new FormData(at.form))) record.payouts = previewed.payouts;
    return o.keep(record).then(() => window.location.assign(o.texts.listUrl));
  }

  // deal.js's save got no answer (no signal, though the phone says online, or too slow):
  // the deal waits here under the form's own token, the key the server stored it with if
  // the request reached it, so that it is stored once (send: a 422 on the key).
  // A form the service worker kept may carry a token an earlier page of this phone sent:
  // the server stored that deal under it already, so this one gets a key of its own.
  function unsent(event) {
    const token = at.form.elements.token && at.form.elements.token.value;
    const deal = dealOf();
    if (!deal.game) return; // deal.js sends the form the old way
    event.preventDefault();
    queue(deal, token && !spent(token) ? token : o.newKey())
      .catch(() => HTMLFormElement.prototype.submit.call(at.form));
  }

  // The form tokens this phone sent, each with the page that sent it (the last hundred).
  const thisPage = o.newKey();
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

  // -- the new deal's number and dealer: the server's, moved on past the deals that wait --

  // The form shows the number and who deals after the stored deals; each deal waiting before this one
  // moves the deal on a seat, as the server will. With five at the table the dealer sits
  // out: the one shown sits in again, and the new dealer's fields go to them. The deals
  // waiting go with the form to the live preview (a hidden field, never saved: a form
  // with deals waiting is kept on the phone), which scores the new deal after them.
  // How many deals wait before the one the form enters (or fixes).
  // Deals only: a change waiting among them moves the number on by none.
  function waitingBefore() {
    return o.dealsOf(at.fixing ? at.waiting.slice(0, Math.max(at.waiting.findIndex((record) => record.seq === at.fixing.seq), 0))
      : at.waiting).length;
  }

  // The deals the live preview scores the form's deal after: those still waiting before it.
  function carryWaiting() {
    const carried = at.form && at.form.querySelector("input[name=waiting]");
    if (carried) carried.value = JSON.stringify(o.dealsOf(at.waiting).slice(0, waitingBefore()).map((record) => record.deal));
  }

  function dealerAfterWaiting() {
    const seats = JSON.parse(o.texts.players || "[]");
    const shown = o.texts.dealer;
    const before = waitingBefore();
    if (!at.form || before <= 0) return;
    // A change waiting before the deal may seat others: who deals it is the server's to say.
    const upTo = at.fixing ? at.waiting.findIndex((record) => record.seq === at.fixing.seq) : at.waiting.length;
    const reseated = at.waiting.slice(0, upTo).some(o.isChange);
    const carried = document.createElement("input");
    carried.type = "hidden";
    carried.name = "waiting";
    at.form.append(carried);
    carryWaiting();
    if (seats.indexOf(shown) < 0) return;
    const dealer = seats[(seats.indexOf(shown) + before) % seats.length];
    const heading = document.querySelector("main h1");
    const number = parseInt(o.texts.number, 10) + before;
    if (heading && number) {
      const was = heading.textContent;
      heading.textContent = o.fill(o.texts.textHeading, { number: number });
      document.title = document.title.replace(was, heading.textContent);
    }
    if (reseated) return;
    const sitsOut = "sitsOut" in o.texts;
    // How many sit a deal out: the dealer, then the players after, clockwise.
    const count = parseInt(o.texts.sitsOut, 10) || 1;
    const outOf = function (from) {
      const seat = seats.indexOf(from);
      return seats.map((_who, step) => seats[(seat + step) % seats.length]).slice(0, count);
    };
    const out = outOf(dealer);
    const joined = o.fill(o.texts.textNamesAnd || "{names}, {last}", { names: out.slice(0, -1).join(", "), last: out[out.length - 1] });
    const outWords = count > 1 ? o.fill(o.texts.textSitOut, { names: joined }) : o.texts.textSitsOut;
    const line = document.querySelector(".deal-dealer");
    if (line) line.textContent = o.fill(o.texts.textDealer, { dealer: dealer }) + (sitsOut ? " · " + outWords : "");
    if (!sitsOut || dealer === shown) return;
    const shownOut = outOf(shown);
    // Active on the page, out now; and out on the page, active now: as many of each.
    const leaving = out.filter((who) => shownOut.indexOf(who) < 0);
    const joining = shownOut.filter((who) => out.indexOf(who) < 0);
    // Who to tap (declarer, partner, offender, a tie's loser): everyone, those out not tappable.
    at.form.querySelectorAll(".choices.players input[type=radio]").forEach(function (input) {
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
        said.textContent = input.value === dealer ? o.texts.textDealsOut : o.texts.textOut;
        choice.querySelector("span").append(" ", said);
      }
    });
    // The fields of the players in the deal (card points, no trick): those of the
    // players who now sit out become those of the players who now play.
    at.form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "radio") return;
      leaving.forEach(function (who, place) {
        const prefix = input.name.slice(0, input.name.length - who.length);
        if (!/^[a-z_]+\.$/.test(prefix) || input.name !== prefix + who) return;
        input.name = prefix + joining[place];
        const label = at.form.querySelector("label[for=\"" + input.id + "\"]");
        if (label) label.textContent = joining[place];
        const span = input.matches(".choice > input") && input.nextElementSibling;
        if (span && span.firstChild.textContent === who) span.firstChild.textContent = joining[place];
      });
    });
    at.form.dispatchEvent(new Event("change", { bubbles: true }));
  }
  at.form.addEventListener("submit", hold);
  at.form.addEventListener("deal:unsent", unsent);
  // The deals read: the refused deal asked for comes back into the form, and the number and dealer move on.
  o.on("loaded", function () {
    const asked = /^#fix-(\d+)$/.exec(window.location.hash);
    at.fixing = asked && at.form ? at.waiting.find((record) => record.seq === Number(asked[1]) && !o.isChange(record)) || null : null;
    dealerAfterWaiting();
    if (at.fixing) refill(at.fixing.fields);
  });
  o.on("sent", carryWaiting); // those sent are the server's now
})();
