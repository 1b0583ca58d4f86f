// Small enhancements of the server-rendered pages; every page works without them.
"use strict";

// Forms with data-confirm ask before they are sent (deleting a board, rejudging).
document.querySelectorAll("form[data-confirm]").forEach(function (form) {
  form.addEventListener("submit", function (ev) {
    if (!window.confirm(form.dataset.confirm)) {
      ev.preventDefault();
    }
  });
});

// An element with data-reload="N" reloads the page every N seconds, but never
// while the user is typing into a form of the page, so nothing typed is lost.
document.querySelectorAll("[data-reload]").forEach(function (el) {
  var seconds = parseInt(el.dataset.reload, 10);
  if (!(seconds > 0)) {
    return;
  }
  window.setInterval(function () {
    var busy = Array.prototype.some.call(document.querySelectorAll("textarea, input[type=text], input:not([type])"), function (f) {
      return f.value !== "" || f === document.activeElement;
    });
    if (!busy) {
      window.location.reload();
    }
  }, seconds * 1000);
});
