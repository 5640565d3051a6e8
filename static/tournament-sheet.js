// A table's paper sheet: keep the sum of the points in view as they are typed,
// and give each field a button that turns its sign (a phone's number pad may
// have no minus key).
"use strict";
(function () {
  var form = document.querySelector("form.sheet-form");
  if (!form) { return; }
  var sum = document.getElementById("sheet-sum");
  var fields = form.querySelectorAll("input[name^='points-']");

  function whole(text) {
    var clean = text.replace(/\s/g, "").replace(/^[\u2212\u2013]/, "-");
    return /^[-+]?\d+$/.test(clean) ? parseInt(clean, 10) : 0;
  }

  function update() {
    var total = 0;
    Array.prototype.forEach.call(fields, function (input) { total += whole(input.value); });
    sum.textContent = String(total);
  }

  Array.prototype.forEach.call(fields, function (input) { input.addEventListener("input", update); });
  Array.prototype.forEach.call(form.querySelectorAll("button.sheet-sign"), function (button) {
    var input = document.getElementById(button.dataset.for);
    button.hidden = false;
    button.addEventListener("click", function () {
      var value = input.value.trim();
      input.value = /^[-\u2212\u2013]/.test(value) ? value.replace(/^[-\u2212\u2013]\s*/, "") : "-" + value;
      update();
      input.focus();
    });
  });
  update();
})();
