// The clarification page fetches its list again every few seconds (with
// its ETag, so an unchanged list costs a 304) and shows new messages and
// the unread count without a reload. A reply being typed is kept: the list
// is not replaced while a reply form has focus or text.
(function () {
  "use strict";
  var box = document.getElementById("clarifications");
  var count = document.getElementById("unread");
  if (!box || !box.dataset.poll) {
    return;
  }
  var title = document.title;
  var etag = "";
  function busy() {
    var fields = box.querySelectorAll("textarea");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value !== "" || fields[i] === document.activeElement) {
        return true;
      }
    }
    return false;
  }
  function show(unread) {
    count.dataset.count = unread;
    count.textContent = unread + " unread";
    document.title = (unread > 0 ? "(" + unread + ") " : "") + title;
  }
  function poll() {
    if (busy()) {
      return;
    }
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(box.dataset.poll, { headers: headers, credentials: "same-origin" }).then(function (r) {
      if (r.status !== 200) {
        return;
      }
      etag = r.headers.get("ETag") || "";
      var unread = r.headers.get("X-Unread");
      return r.text().then(function (html) {
        if (!busy()) {
          box.innerHTML = html;
          show(unread === null ? 0 : Number(unread));
        }
      });
    }).catch(function () {});
  }
  show(Number(count.dataset.count || 0));
  setInterval(poll, Number(box.dataset.every || 3000));
})();
