// The share page: copy a link, or hand it to the phone's own share sheet
// (the Web Share API) where the phone has one. Without this script the
// links are there to copy by hand.
"use strict";
(function () {
  function copyByHand(text) {
    // Where the clipboard API is missing (plain http on a home network).
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch (error) {
      done = false;
    }
    area.remove();
    return done ? Promise.resolve() : Promise.reject(new Error("no copy"));
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return copyByHand(text); });
    }
    return copyByHand(text);
  }

  document.querySelectorAll("[data-share-buttons]").forEach(function (box) {
    const said = box.nextElementSibling;
    const copyButton = box.querySelector("[data-copy]");
    const shareButton = box.querySelector("[data-share-url]");
    box.hidden = false;
    copyButton.addEventListener("click", function () {
      copy(copyButton.dataset.copy).then(function () {
        said.textContent = box.dataset.textCopied;
      }, function () {
        said.textContent = box.dataset.textFailed;
      });
    });
    if (shareButton && typeof navigator.share === "function") {
      shareButton.hidden = false;
      shareButton.addEventListener("click", function () {
        navigator.share({ title: shareButton.dataset.shareTitle, url: shareButton.dataset.shareUrl })
          .catch(function () {
            // Closed without sharing: nothing to say.
          });
      });
    }
  });

  // A notice shown once (keep the edit link): its Done button folds it away.
  document.querySelectorAll("[data-dismissible]").forEach(function (box) {
    const done = box.querySelector("[data-dismiss]");
    if (!done) return;
    done.hidden = false;
    done.addEventListener("click", function () {
      box.hidden = true;
    });
  });
})();
