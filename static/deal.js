// The deal form: show only what the chosen game takes, fill the last Ramsch
// or least player up to 120, and preview the payouts live. The form works
// without this script; the server ignores fields the game does not take.
"use strict";

(function () {
  const form = document.querySelector("form[data-deal-form]");
  if (!form) {
    return;
  }
  const texts = form.dataset;
  const trumps = readJson(texts.trumps);
  const laufendeFrom = readJson(texts.laufendeFrom);
  // Per game whose card points are a team's by seat (the hand played "über Kreuz"): the
  // label, and the label with the other team's points.
  const pointsLabels = readJson(texts.pointsLabels);
  const previewBox = form.querySelector("[data-preview]");
  const previewMessage = form.querySelector("[data-preview-message]");
  const pointsInput = form.querySelector("input[name=points]");
  const defenders = form.querySelector("input[name=defenders]");
  const pointsLabel = form.querySelector("[data-points-label]");
  const pointsHint = form.querySelector("[data-points-hint]");
  const pointsHintText = pointsHint ? pointsHint.textContent : "";
  const playerInputs = Array.from(form.querySelectorAll("input[data-player-points]"));
  const pointsSum = form.querySelector("[data-points-sum]");
  const laufende = form.querySelector("select[data-laufende]");
  const lineMessage = form.querySelector("[data-line-message]");
  const lineCells = Array.from(form.querySelectorAll("[data-line-payout]"));
  const explainedLines = Array.from(form.querySelectorAll("[data-preview-explained], [data-line-explained]"));
  const partnerField = form.querySelector("#field-partner");
  const suitFields = Array.from(form.querySelectorAll("[data-suit-field]"));
  // Per game: the card points at which Schwarz is answered, never assumed.
  const schwarzAsked = readJson(texts.schwarzAsked);
  const schwarzAsks = Array.from(form.querySelectorAll("[data-schwarz-ask]"));
  let timer = null;
  let asked = 0;

  function readJson(text) {
    try {
      return JSON.parse(text || "{}");
    } catch (error) {
      return {};
    }
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return key in values ? String(values[key]) : whole;
    });
  }

  function whole(text) {
    return /^[0-9]{1,3}$/.test(text.trim()) ? parseInt(text.trim(), 10) : null;
  }

  function chosen(name) {
    const input = form.querySelector("input[name=\"" + name + "\"]:checked");
    return input ? input.value : "";
  }

  // Only the fields of the chosen game; with no game yet, only the games.
  function showFields() {
    const game = chosen("game");
    form.querySelectorAll("[data-games]").forEach(function (element) {
      element.hidden = !game || element.dataset.games.split(" ").indexOf(game) < 0;
    });
    if (laufende) {
      const most = trumps[game] || 0;
      const from = laufendeFrom[game] || 1;
      Array.from(laufende.options).forEach(function (option) {
        const count = parseInt(option.value, 10);
        const off = count !== 0 && (count > most || count < from);
        option.disabled = off;
        option.hidden = off;
      });
      if (laufende.selectedOptions.length && laufende.selectedOptions[0].disabled) {
        laufende.value = "0";
      }
    }
  }

  // The declarer cannot be their own partner.
  function guardPartner() {
    const declarer = chosen("declarer");
    form.querySelectorAll("input[name=partner]").forEach(function (input) {
      const out = input.closest(".choice").classList.contains("is-out");
      input.disabled = out || (declarer !== "" && input.value === declarer);
      if (input.disabled && input.checked) {
        input.checked = false;
      }
    });
  }

  function showPoints() {
    if (!pointsInput || !defenders) {
      return;
    }
    const own = pointsLabels[chosen("game")];
    if (own) {
      pointsLabel.textContent = own[defenders.checked ? 1 : 0];
    } else {
      pointsLabel.textContent = defenders.checked ? texts.textDefenders : texts.textDeclaring;
    }
    const typed = whole(pointsInput.value);
    if (defenders.checked && typed !== null && typed <= 120) {
      pointsHint.textContent = fill(texts.textMakes, { points: 120 - typed });
    } else {
      pointsHint.textContent = defenders.checked ? "" : pointsHintText;
    }
  }

  // Where a side may have taken every trick (a Tout with 120 is won only so), Schwarz is
  // answered: its box or the one that says no, never both. The box that says no shows
  // only at those points; hidden, it is not ticked, so it never says what is not seen.
  function askSchwarz(event) {
    const yes = form.querySelector("input[name=schwarz]");
    const no = form.querySelector("input[name=\"schwarz.no\"]");
    if (!yes || !pointsInput) {
      return;
    }
    const typed = whole(pointsInput.value);
    const side = typed !== null && defenders && defenders.checked ? 120 - typed : typed;
    const asked = (schwarzAsked[chosen("game")] || []).indexOf(side) >= 0;
    if (no) {
      const box = no.closest("[data-said-no]");
      box.hidden = box.hidden || !asked;
      if (!asked) {
        no.checked = false;
      }
    }
    const answered = yes.checked || (no && no.checked);
    schwarzAsks.forEach(function (ask) {
      if (!ask.hidden) {
        ask.textContent = fill(ask.dataset.mustAnswer, { points: side });
      }
      ask.hidden = ask.hidden || !asked || answered;
    });
  }

  // Exactly one empty field: it shows what makes 120 (the server fills it in).
  function showPlayerPoints() {
    if (!playerInputs.length) {
      return;
    }
    let total = 0;
    const empty = [];
    playerInputs.forEach(function (input) {
      input.placeholder = "";
      const points = whole(input.value);
      if (input.value.trim() === "") {
        empty.push(input);
      } else if (points !== null) {
        total += points;
      }
    });
    if (empty.length === 1 && total <= 120) {
      const input = empty[0];
      const label = form.querySelector("label[for=\"" + input.id + "\"]");
      input.placeholder = String(120 - total);
      pointsSum.textContent = fill(texts.textFill, {
        player: label ? label.textContent : "",
        points: 120 - total,
      });
    } else {
      pointsSum.textContent = fill(texts.textSum, { points: total });
    }
  }

  function showPayouts(payouts, message) {
    // The line in the Save bar: the amounts, or what stops them.
    lineCells.forEach(function (cell) {
      const amount = payouts ? payouts[cell.dataset.linePayout] : undefined;
      cell.hidden = Boolean(message);
      cell.classList.remove("plus", "minus");
      cell.querySelector("b").textContent = signed(amount);
      if (typeof amount === "number" && amount !== 0) {
        cell.classList.add(amount > 0 ? "plus" : "minus");
      }
    });
    if (lineMessage) {
      lineMessage.hidden = !message;
      lineMessage.textContent = message || "";
    }
    form.querySelectorAll("[data-payout]").forEach(function (cell) {
      const amount = payouts ? payouts[cell.dataset.payout] : undefined;
      cell.classList.remove("plus", "minus");
      if (typeof amount !== "number") {
        cell.textContent = "–";
      } else if (amount > 0) {
        cell.textContent = "+" + amount;
        cell.classList.add("plus");
      } else if (amount < 0) {
        cell.textContent = "−" + -amount;
        cell.classList.add("minus");
      } else {
        cell.textContent = "0";
      }
    });
  }

  // Why it pays that, in one line: in the card, and beside Save (clamped there by deal.css).
  function showExplained(text) {
    explainedLines.forEach(function (line) {
      line.textContent = text || "";
      line.hidden = !text;
      line.title = text || "";
    });
  }

  function preview() {
    if (!navigator.onLine && texts.textOffline) {
      // No reception: only the server scores (offline.js keeps the deal).
      previewBox.classList.remove("is-stale");
      showPayouts(null);
      showExplained("");
      previewMessage.textContent = texts.textOffline;
      return;
    }
    if (!chosen("game") || !window.fetch) {
      return;
    }
    const mine = ++asked;
    const body = new FormData(form);
    body.delete("action");
    previewBox.classList.add("is-stale");
    window.postForJson(texts.previewUrl, body).then(function (answer) {
      if (mine !== asked) {
        return;
      }
      previewBox.classList.remove("is-stale");
      // The answer and the fields it scored: offline_form.js keeps the payouts with a deal kept on the phone.
      form.dispatchEvent(new CustomEvent("deal:previewed", { detail: { sent: body, answer: answer } }));
      if (answer.error) {
        showPayouts(null, answer.error);
        showExplained("");
        previewMessage.textContent = answer.error;
      } else {
        showPayouts(answer.payouts, "");
        showExplained(answer.explained);
        previewMessage.textContent = answer.note || "";
      }
    }).catch(function () {
      if (mine === asked) {
        previewMessage.textContent = texts.textFailed;
      }
    });
  }

  function signed(amount) {
    if (typeof amount !== "number") {
      return "–";
    }
    return amount > 0 ? "+" + amount : amount < 0 ? "−" + -amount : "0";
  }

  function shown(element) {
    return Boolean(element) && !element.closest("[hidden]");
  }

  // Bring a field into sight above the Save bar (its scroll-margin clears the bar).
  function reach(element) {
    const box = element.closest(".deal-field") || element;
    box.scrollIntoView({ block: "nearest" });
  }

  // The partner chosen (the declarer, in a game without one), or the suit (where
  // the rules need it: then it comes first), the card points come next: the field
  // takes the focus, so the number is typed at once. An optional suit stays in
  // sight above the points.
  function toPoints(event) {
    const name = event.target.name;
    const suitNeeded = suitFields.some(function (field) {
      return shown(field) && !field.querySelector("input[value=\"\"]");
    });
    const byPartner = name === "partner";
    const byDeclarer = name === "declarer" && !shown(partnerField) && !suitNeeded;
    const bySuit = Boolean(event.target.closest("[data-suit-field]"));
    if ((byPartner || byDeclarer || bySuit) && shown(pointsInput) && pointsInput.value.trim() === "") {
      pointsInput.focus({ preventScroll: true });
      reach(pointsInput);
    }
  }

  // A yes/no said out loud (Schwarz, a Bettel won): its box and the one that says no
  // are never both ticked.
  function sayOnce(event) {
    const target = event && event.target;
    if (!target || !target.checked || target.type !== "checkbox") {
      return;
    }
    const key = target.name.endsWith(".no") ? target.name.slice(0, -3) : target.name;
    const other = form.querySelector("input[name=\"" + (key === target.name ? key + ".no" : key) + "\"]");
    if (other && form.querySelector("[data-said-no=\"" + key + "\"]")) {
      other.checked = false;
    }
  }

  function changed(event) {
    sayOnce(event);
    showFields();
    guardPartner();
    showPoints();
    showPlayerPoints();
    askSchwarz(event);
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 250);
  }

  form.querySelectorAll("[data-nojs-preview]").forEach(function (button) {
    button.hidden = true;
  });
  form.addEventListener("change", changed);
  form.addEventListener("change", toPoints);
  form.addEventListener("input", changed);
  window.addEventListener("online", preview);
  window.addEventListener("offline", preview);

  // A save sent in one request (deal_save.js) wants no preview any more: one asked for (leaving
  // the points field for Save) is not sent, and one on its way is not shown.
  form.addEventListener("deal:saving", function () {
    window.clearTimeout(timer);
    asked += 1;
  });

  showFields();
  guardPartner();
  showPoints();
  showPlayerPoints();
  askSchwarz(null);
  if (chosen("game") || !navigator.onLine) {
    preview();
  }
})();
