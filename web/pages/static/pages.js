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

// Tables with class "sortable" sort by a column when its title is clicked:
// numbers by the cells' data-value, text by their content.
document.querySelectorAll("table.sortable").forEach(function (table) {
  var heads = table.querySelectorAll("thead th");
  heads.forEach(function (th, col) {
    if (!th.dataset.sort) {
      return;
    }
    th.addEventListener("click", function (ev) {
      if (ev.target.tagName === "A") {
        return; // the drill-down link
      }
      var asc = th.getAttribute("aria-sort") !== "ascending";
      heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      var body = table.tBodies[0];
      var rows = Array.prototype.filter.call(body.rows, function (r) { return r.dataset.student !== undefined; });
      rows.sort(function (a, b) {
        var x = a.cells[col], y = b.cells[col], d;
        if (th.dataset.sort === "num") {
          d = parseFloat(x.dataset.value || "0") - parseFloat(y.dataset.value || "0");
        } else {
          d = x.textContent.trim().localeCompare(y.textContent.trim());
        }
        return asc ? d : -d;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});

// An input with data-filter="TABLE-ID" hides, as one types, the rows of that
// table whose student does not contain the text (the form filters on the
// server without JavaScript).
document.querySelectorAll("input[data-filter]").forEach(function (input) {
  var table = document.getElementById(input.dataset.filter);
  if (!table) {
    return;
  }
  input.addEventListener("input", function () {
    var q = input.value.trim().toLowerCase();
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
      if (r.dataset.student !== undefined) {
        r.hidden = q !== "" && r.dataset.student.toLowerCase().indexOf(q) < 0;
      }
    });
  });
});

// A code block or a table that scrolls sideways (a table does on a phone)
// can be reached and scrolled with the keyboard.
document.querySelectorAll("pre, table.list").forEach(function (pre) {
  if (pre.scrollWidth > pre.clientWidth && !pre.hasAttribute("tabindex")) {
    pre.setAttribute("tabindex", "0");
  }
});

// Choosing a program's file selects the language its extension names (the
// first that does, as the server guesses it); the server guesses it too
// when the language is left to the extension, so the form works without
// this.
document.querySelectorAll("input[type=file][data-language]").forEach(function (input) {
  var select = document.getElementById(input.dataset.language);
  if (!select) {
    return;
  }
  input.addEventListener("change", function () {
    var name = input.files.length ? input.files[0].name.toLowerCase() : "";
    var dot = name.lastIndexOf(".");
    if (dot < 0) {
      return;
    }
    var ext = name.slice(dot);
    var match = Array.prototype.find.call(select.options, function (o) {
      return (o.dataset.extensions || "").split(" ").indexOf(ext) >= 0;
    });
    if (match) {
      select.value = match.value;
    }
  });
});

// A live scoreboard (data-live) fetches its table every 750 ms with the ETag
// it was drawn at: the server answers 304 until the board changes, then the
// new table, which replaces the old one without a reload.
document.querySelectorAll("[data-live]").forEach(function (el) {
  var etag = el.dataset.etag || "";
  var busy = false;
  window.setInterval(function () {
    if (busy || document.hidden) {
      return;
    }
    busy = true;
    fetch(el.dataset.live, { credentials: "same-origin", headers: etag ? { "If-None-Match": etag } : {} })
      .then(function (r) {
        if (r.status !== 200) {
          return null;
        }
        etag = r.headers.get("ETag") || "";
        return r.text();
      })
      .then(function (html) {
        if (html !== null) {
          el.innerHTML = html;
        }
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }, 750); // a verdict shows within a second
});

// A contest's clock (data-countdown, an RFC 3339 time) counts down each
// second, in the words of data-clock ("%s" stands for the time left).
document.querySelectorAll("[data-countdown]").forEach(function (el) {
  var to = Date.parse(el.dataset.countdown);
  if (isNaN(to)) {
    return;
  }
  var tick = function () {
    var s = Math.max(0, Math.floor((to - Date.now()) / 1000));
    var hms = Math.floor(s / 3600) + ":" + String(Math.floor(s / 60) % 60).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
    el.textContent = (el.dataset.clock || "%s").replace("%s", hms); // the page's words, in its language
  };
  tick();
  window.setInterval(tick, 1000);
});
