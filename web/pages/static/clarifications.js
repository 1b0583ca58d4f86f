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
  // The count in the page's words: data-plural-one and data-plural-other
  // are the catalogue's plural forms, {n} standing for the number. (Not
  // data-one: html/template reads an attribute named on* as a script and
  // quotes the text, which then showed as "1 unread" with its quotes.)
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function unreadText(n) {
    var form = plurals && plurals.select(n) === "one" ? count.dataset.pluralOne : count.dataset.pluralOther;
    return (form || "{n}").replace("{n}", String(n));
  }
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
    count.textContent = unreadText(unread);
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
