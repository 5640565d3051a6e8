// New list: name the seats in the first-dealer choice as the names are typed.
"use strict";
(function () {
  var form = document.querySelector("form.new-list");
  if (!form) { return; }
  var select = form.querySelector("select[name=first_dealer]");
  var inputs = form.querySelectorAll("input[data-seat]");
  if (!select) { return; }
  var original = {};
  Array.prototype.forEach.call(select.options, function (option) {
    original[option.value] = option.textContent;
  });
  function update() {
    Array.prototype.forEach.call(inputs, function (input) {
      var option = select.querySelector('option[value="' + input.dataset.seat + '"]');
      if (!option) { return; }
      var name = input.value.trim();
      option.textContent = name ? original[option.value] + ": " + name : original[option.value];
    });
  }
  Array.prototype.forEach.call(inputs, function (input) {
    input.addEventListener("input", update);
  });
  update();
})();
