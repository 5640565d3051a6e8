// A tournament's pages to read (templates/tournaments/).
// - The projector's board (#board[data-board]) asks for itself again every few seconds with
//   the entity tag it has (every 1.5 s on a wide screen, 5 s on a phone); a 304 means
//   nothing changed, a 200 brings the new board.
// - A print button ([data-print]) shows once there is a script to print with.
(function () {
  "use strict";

  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });

  var board = document.getElementById("board");
  if (!board || !board.dataset.board) return;
  var stamp = document.getElementById("board-updated");
  var tag = board.dataset.tag;
  // A wide screen (the projector) follows closely; a phone asks less often.
  var wide = window.matchMedia("(min-width: 60rem)").matches;
  var seconds = Number(wide ? board.dataset.seconds : board.dataset.phoneSeconds) || 5;
  var lang = document.documentElement.lang || undefined;

  function updated() {
    var now = new Date();
    stamp.dateTime = now.toISOString();
    stamp.textContent = now.toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }

  function ask() {
    var headers = tag ? {"If-None-Match": '"' + tag + '"'} : {};
    fetch(board.dataset.board, {headers: headers, cache: "no-store", credentials: "same-origin"})
      .then(function (response) {
        if (response.status === 304) { updated(); return null; }
        if (!response.ok) return null;
        var etag = response.headers.get("ETag");
        return response.text().then(function (html) {
          if (etag) tag = etag.replace(/^W\//, "").replace(/"/g, "");
          board.innerHTML = html;
          updated();
        });
      })
      .catch(function () { /* offline a moment: the board stays, its time says how old it is */ })
      .then(function () { window.setTimeout(ask, seconds * 1000); });
  }

  updated();
  window.setTimeout(ask, seconds * 1000);
})();
