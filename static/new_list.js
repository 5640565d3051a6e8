// New list: name the seats in the first-dealer choice as the names are typed;
// show "after how many" only for an end that takes a count, with the hint for
// that end; show a house rule's own settings only while it is played; set a usual
// tariff in one tap.
"use strict";
(function () {
  var form = document.querySelector("form.new-list");
  if (!form) { return; }

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  var select = form.querySelector("select[name=first_dealer]");
  var inputs = form.querySelectorAll("input[data-seat]");
  if (select) {
    var original = {};
    each(select.options, function (option) {
      original[option.value] = option.textContent;
    });
    var update = function () {
      each(inputs, function (input) {
        var option = select.querySelector('option[value="' + input.dataset.seat + '"]');
        if (!option) { return; }
        var name = input.value.trim();
        option.textContent = name ? original[option.value] + ": " + name : original[option.value];
      });
    };
    each(inputs, function (input) { input.addEventListener("input", update); });
    update();
  }

  var kind = form.querySelector("select[name=ends_kind]");
  var count = form.querySelector("[data-ends-count]");
  if (kind && count) {
    var countInput = count.querySelector("input");
    var showEnd = function () {
      var open = kind.value === "open";
      count.hidden = open && !count.classList.contains("has-error");
      var described = [];
      each(count.querySelectorAll("[data-end-hint]"), function (hint) {
        hint.hidden = hint.dataset.endHint !== kind.value;
        if (!hint.hidden) { described.push(hint.id); }
      });
      each(count.querySelectorAll(".field-error"), function (error) { described.unshift(error.id); });
      if (countInput) { countInput.setAttribute("aria-describedby", described.join(" ")); }
    };
    kind.addEventListener("change", showEnd);
    showEnd();
  }

  // A usual tariff ("20/50") fills the whole tariff in one tap and says every amount it set;
  // the button whose numbers the fields hold shows as pressed.
  var sets = form.querySelector("[data-tariff-sets]");
  if (sets) {
    var setButtons = sets.querySelectorAll("button[data-tariffs]");
    var tariffsOf = function (button) { return JSON.parse(button.dataset.tariffs); };
    var said = sets.querySelector("[data-tariff-said]");
    var setWords = said.dataset.setWords;
    var markSets = function () {
      var pressed = null;
      each(setButtons, function (button) {
        var values = tariffsOf(button);
        var held = Object.keys(values).every(function (name) {
          var input = form.elements.namedItem(name);
          return input && input.value.trim() === String(values[name]);
        });
        button.setAttribute("aria-pressed", held ? "true" : "false");
        if (held) { pressed = button; }
      });
      said.textContent = pressed ? setWords.replace("%s", pressed.dataset.said) : "";
    };
    each(setButtons, function (button) {
      button.addEventListener("click", function () {
        var values = tariffsOf(button);
        Object.keys(values).forEach(function (name) {
          var input = form.elements.namedItem(name);
          if (input) { input.value = values[name]; }
        });
        markSets();
      });
    });
    form.addEventListener("input", function (event) {
      if (event.target.name && event.target.name.indexOf("tariff_") === 0) { markSets(); }
    });
    sets.hidden = false;
    markSets();
  }

  each(form.querySelectorAll("fieldset[data-group]"), function (group) {
    var box = group.querySelector("input[name=\"" + group.dataset.group + "\"]");
    var fields = group.querySelector("[data-group-fields]");
    if (!box || !fields) { return; }
    var showGroup = function () { fields.hidden = !box.checked; };
    box.addEventListener("change", showGroup);
    showGroup();
  });
})();
