// A tournament's pages to read (templates/tournaments/).
// - A board (#board[data-board]: the projector's standings, a participant's table and place)
//   asks for itself again every few seconds with the entity tag it has (every 1.5 s on a wide
//   screen, 5 s on a phone); a 304 means nothing changed, a 200 brings the new board.
// - On the projector, standings with more rows than the screen holds are shown a page at a
//   time, each for data-page-seconds, saying "page 2 of 3": the hall sees every row by itself.
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
  var pageLabel = document.getElementById("board-page");
  var tag = board.dataset.tag;
  // A wide screen (the projector) follows closely; a phone asks less often.
  var wide = window.matchMedia("(min-width: 60rem)").matches;
  var seconds = Number(wide ? board.dataset.seconds : board.dataset.phoneSeconds) || 5;
  var lang = document.documentElement.lang || undefined;
  var page = 0;

  function updated() {
    if (!stamp) return;
    var now = new Date();
    stamp.dateTime = now.toISOString();
    stamp.textContent = now.toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }

  // Show the rows of the current page of each standings table; answers how many pages there are.
  // Only a wide screen pages (the projector): a phone scrolls, as any page.
  function paginate() {
    var tables = board.querySelectorAll("table.standings");
    var pages = 1;
    tables.forEach(function (table) {
      var rows = Array.prototype.slice.call(table.tBodies[0] ? table.tBodies[0].rows : []);
      rows.forEach(function (row) { row.hidden = false; });
      if (!pageLabel || !wide || !rows.length) return;
      var top = rows[0].getBoundingClientRect().top + window.scrollY;
      var height = rows[0].getBoundingClientRect().height || 1;
      var room = window.innerHeight - top - 8;
      var per = Math.max(1, Math.floor(room / height));
      if (per >= rows.length) return;
      var count = Math.ceil(rows.length / per);
      pages = Math.max(pages, count);
      var shown = page % count;
      rows.forEach(function (row, index) { row.hidden = Math.floor(index / per) !== shown; });
    });
    if (pageLabel) {
      pageLabel.hidden = pages < 2;
      pageLabel.textContent = pages < 2 ? "" : (board.dataset.pageWords || "{page} / {pages}")
        .replace("{page}", String(page % pages + 1)).replace("{pages}", String(pages));
    }
    return pages;
  }

  function turn() {
    page += 1;
    if (paginate() < 2) page = 0;
    window.setTimeout(turn, (Number(board.dataset.pageSeconds) || 8) * 1000);
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
          paginate();
          updated();
        });
      })
      .catch(function () { /* offline a moment: the board stays, its time says how old it is */ })
      .then(function () { window.setTimeout(ask, seconds * 1000); });
  }

  updated();
  if (pageLabel) {
    paginate();
    window.setTimeout(turn, (Number(board.dataset.pageSeconds) || 8) * 1000);
  }
  window.setTimeout(ask, seconds * 1000);
})();
