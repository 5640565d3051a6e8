// The tournament's page for its organiser (templates/tournaments/tournament.html): a table's QR
// code is drawn by the server only when its fold is opened, so a page of a hundred tables
// fetches no code nobody looks at.
(function () {
  "use strict";

  document.querySelectorAll("details.qr-fold[data-qr]").forEach(function (fold) {
    fold.addEventListener("toggle", function () {
      if (!fold.open || fold.querySelector("img")) return;
      var img = document.createElement("img");
      img.className = "qr qr-edit table-qr";
      img.width = 200;
      img.height = 200;
      img.alt = fold.dataset.qrAlt || "";
      img.src = fold.dataset.qr;
      fold.appendChild(img);
    });
  });
})();
