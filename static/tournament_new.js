// The new-tournament page: the sample of what a game pays, asked of the server (the engine scores
// it) a moment after the organiser stops typing, and the refusals of a custom system beside their
// fields. Without this script "Show sample" sends the form for the same answer.
"use strict";

(function () {
  const form = document.querySelector("form[data-new-tournament]");
  const region = form && form.querySelector("#system-sample");
  if (!region || !window.fetch || !window.FormData) {
    return;
  }
  const button = form.querySelector("[data-sample-button]");
  const WAIT = 300;
  let timer = null;
  let asked = 0;
  if (button) {
    // Gone, not hidden: as the form's first submit button it would take the Enter of a field.
    button.remove();
  }

  function asksSample(element) {
    const name = element && element.name ? element.name : "";
    return name === "scoring" || name.indexOf("system-") === 0;
  }

  function showErrors(errors) {
    form.querySelectorAll("[data-system-error]").forEach(function (message) {
      const box = message.closest(".has-error");
      if (box) {
        box.classList.remove("has-error");
      }
      message.remove();
    });
    form.querySelectorAll(".custom-system [aria-invalid]").forEach(function (input) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    });
    Object.keys(errors || {}).forEach(function (id) {
      const input = document.getElementById(id);
      const box = input && input.closest(".field");
      if (!box) {
        return;
      }
      const message = document.createElement("p");
      message.className = "field-error";
      message.id = id + "-error";
      message.setAttribute("data-system-error", "");
      message.textContent = errors[id].join(" ");
      box.appendChild(message);
      box.classList.add("has-error");
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", message.id);
    });
  }

  function ask() {
    const mine = ++asked;
    const body = new FormData(form);
    // Only the scoring counts: the participants' file stays on the phone.
    body.delete("upload");
    body.delete("players");
    region.setAttribute("aria-busy", "true");
    window.postForJson(region.dataset.sampleUrl, body).then(function (answer) {
      if (mine !== asked) {
        return;
      }
      region.innerHTML = answer.html;
      showErrors(answer.errors);
      region.removeAttribute("aria-busy");
    }).catch(function () {
      if (mine === asked) {
        region.textContent = region.dataset.textFailed;
        region.removeAttribute("aria-busy");
      }
    });
  }

  function later(event) {
    if (!asksSample(event.target)) {
      return;
    }
    window.clearTimeout(timer);
    timer = window.setTimeout(ask, WAIT);
  }

  form.addEventListener("input", later);
  form.addEventListener("change", later);
})();
