// "Run on my input" of the problem page (templates/_problem_run.html): the
// form is sent to POST /problems/{slug}/run and what the program did is
// shown in place, without leaving the page. The server compiles and runs;
// this script only sends the form and writes the answer. An empty source
// takes the program form's (the one being written there), with its
// language.
"use strict";

(function () {
  var form = document.getElementById("run-form");
  if (!form) { return; }
  var msgBlock = document.getElementById("run-msgs");
  var msgs = msgBlock ? JSON.parse(msgBlock.textContent) : {};
  function words(name, values) {
    var s = msgs[name];
    if (s === undefined) { return name; }
    return s.replace(/\{(\w+)\}/g, function (all, k) { return values && k in values ? String(values[k]) : all; });
  }
  function el(id) { return document.getElementById(id); }
  var result = el("run-result"), status = el("run-status"), figures = el("run-figures"), message = el("run-message");
  var button = form.querySelector("button[type=submit]");

  function show(block, pre, text) {
    el(pre).textContent = text;
    el(block).hidden = text === "";
  }

  function showAnswer(a) {
    status.textContent = words("status_" + a.status);
    status.className = "run-status " + (a.status === "ok" ? "v-accepted" : "v-" + a.status.replace(/_/g, "-"));
    figures.textContent = a.status === "compile_error" ? "" : words("figures", { cpu: a.cpu_ms, wall: a.wall_ms, memory: a.memory_kib });
    message.textContent = a.message || "";
    message.className = "";
    show("run-stdout-block", "run-stdout", a.stdout + (a.truncated ? "\n" + words("truncated") : ""));
    show("run-stderr-block", "run-stderr", a.stderr);
    show("run-compile", "run-compile-output", a.compile_output);
    el("run-nothing").hidden = a.status === "compile_error" || a.stdout !== "";
  }

  function showError(text) {
    status.textContent = words("refused");
    status.className = "run-status v-judge-error";
    figures.textContent = "";
    message.textContent = text;
    message.className = "error";
    ["run-stdout-block", "run-stderr-block", "run-compile", "run-nothing"].forEach(function (id) { el(id).hidden = true; });
  }

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var source = form.elements.source;
    var program = document.getElementById("program-form");
    if (source.value.trim() === "" && program && program.elements.source) {
      source.value = program.elements.source.value;
      var lang = program.elements.language;
      if (lang && lang.value) { form.elements.language.value = lang.value; }
    }
    result.hidden = false;
    status.textContent = words("running");
    status.className = "run-status v-pending";
    figures.textContent = message.textContent = "";
    button.disabled = true;
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) {
        return r.json().then(function (a) {
          if (r.ok) { showAnswer(a); } else { showError(a.error ? a.error.message : words("no_answer", { message: r.status })); }
        }, function () { showError(words("no_answer", { message: r.status })); });
      }, function (e) { showError(words("no_answer", { message: e.message })); })
      .then(function () { button.disabled = false; });
  });
})();
