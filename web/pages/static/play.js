// The play and replay pages. No rule of any puzzle is written here: every
// move is sent to the server (GET /play/move, the engine's replay, as POST
// /api/v1/replay), which answers the board after the move as the engines
// compute it together with its picture, and every board of a replay is
// drawn by the server (GET /play/board). This script only keeps the list of
// moves and shows what the server said.
"use strict";

(function () {
  var board = document.getElementById("play-board");
  var status = document.getElementById("play-status");

  // The words this script writes are the page's, in its language: the
  // block #play-msgs holds them, {name} standing for a value, and a
  // message with plural forms as name_one and name_other.
  var msgBlock = document.getElementById("play-msgs");
  var msgs = msgBlock ? JSON.parse(msgBlock.textContent) : {};
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;

  // words is the message name with its {values} filled in; with a count
  // n, the plural form of the page's language for n.
  function words(name, values, n) {
    var s = msgs[name];
    if (n !== undefined) {
      s = msgs[name + "_" + (plurals ? plurals.select(n) : "other")] || msgs[name + "_other"];
    }
    if (s === undefined) { return name; }
    return s.replace(/\{(\w+)\}/g, function (all, k) { return values && k in values ? String(values[k]) : all; });
  }

  // draw shows the picture of a board (canonical text) in el; a refusal
  // is JSON {error: {code, message}}, whose message it passes on.
  function draw(el, puzzle, text, id) {
    var url = "/play/board?puzzle=" + encodeURIComponent(puzzle) + "&id=" + encodeURIComponent(id || "play") +
      "&board=" + encodeURIComponent(text);
    return fetch(url).then(function (r) {
      if (r.ok) { return r.text(); }
      return r.json().catch(function () { return null; }).then(function (res) {
        var e = new Error(res && res.error ? words("draw_refused", { message: res.error.message }) : words("draw_failed"));
        e.answered = true;
        throw e;
      });
    }).then(function (svg) { el.innerHTML = svg; });
  }

  function say(text) { status.textContent = text; }

  // failed shows why a request failed: the server's own refusal as it is,
  // anything else (no answer, not JSON) as the server not answering.
  function failed(e) { say(e.answered ? e.message : words("no_answer", { message: e.message })); }

  var play = document.getElementById("play");
  if (play) { setUpPlay(play); }
  var replay = document.getElementById("replay");
  if (replay) { setUpReplay(replay); }

  function setUpPlay(root) {
    var puzzle = root.dataset.puzzle, start = root.dataset.board, sep = root.dataset.sep;
    var moves = [], undone = [], selected = "";
    var text = document.getElementById("play-text");
    var hidden = document.getElementById("play-moves");
    var count = document.getElementById("play-count");
    var pick = document.getElementById("play-block");
    var seq = 0;

    document.querySelectorAll("button.swatch").forEach(function (b) {
      b.style.background = b.dataset.fill;
      b.style.color = b.dataset.ink;
    });

    // The time of the last click or key press, to measure click-to-picture
    // (kept in data-latency and data-latencies, read by the browser test).
    var pressedAt = null;
    ["pointerup", "click", "keydown"].forEach(function (type) {
      window.addEventListener(type, function () { pressedAt = performance.now(); }, true);
    });

    // update sends the whole move list to the server (GET /play/move: the
    // engine's replay and the new board's picture in one answer) and shows it.
    function update(what) {
      var mine = ++seq, t0 = pressedAt === null ? performance.now() : pressedAt;
      pressedAt = null;
      var url = "/play/move?puzzle=" + encodeURIComponent(puzzle) + "&board=" + encodeURIComponent(start) +
        "&moves=" + encodeURIComponent(moves.join(sep));
      text.value = moves.join(sep);
      if (hidden) { hidden.value = text.value; }
      count.textContent = moves.length;
      return fetch(url)
        .then(function (r) { return r.json(); })
        .then(function (res) {
          if (mine !== seq) { return; }
          if (res.error) { say(res.error.message); return; }
          var last = res.step;
          if (last && !last.legal) {
            moves.pop();
            text.value = moves.join(sep);
            if (hidden) { hidden.value = text.value; }
            count.textContent = moves.length;
            say(words("not_a_move", { message: last.message }));
            return;
          }
          board.innerHTML = res.picture;
          var ms = Math.round(performance.now() - t0);
          root.dataset.latency = ms;
          root.dataset.latencies = (root.dataset.latencies ? root.dataset.latencies + " " : "") + ms;
          var msg = last ? words("said", { what: what, message: last.message }) : words("said_plain", { what: what });
          if (res.final.solved) { msg = words("solved", { said: msg, n: res.final.moves }, res.final.moves); }
          say(msg);
          root.dataset.solved = res.final.solved ? "yes" : "no";
          fillBlocks();
        })
        .catch(failed);
    }

    function move(m) {
      if (!m) { return; }
      root.querySelectorAll("button.hinted").forEach(function (h) { h.classList.remove("hinted"); });
      moves.push(m);
      undone = [];
      update(words("move", { n: moves.length, move: m }));
    }

    // Mayan: the blocks of the board's picture, selectable from a list too.
    function fillBlocks() {
      if (!pick) { return; }
      pick.innerHTML = "";
      board.querySelectorAll("[data-block]").forEach(function (g) {
        var o = document.createElement("option");
        o.value = g.dataset.block;
        var t = g.querySelector("title");
        o.textContent = t ? t.textContent : g.dataset.block;
        pick.appendChild(o);
      });
      if (selected && pick.querySelector('option[value="' + selected + '"]')) { pick.value = selected; } else { selected = pick.value; }
      mark();
    }
    function mark() {
      board.querySelectorAll("[data-block]").forEach(function (g) {
        g.classList.toggle("selected", g.dataset.block === selected);
      });
    }
    function slide(dir) {
      if (pick) { selected = pick.value; }
      var g = board.querySelector('[data-block="' + selected + '"]');
      if (g) { move(dir < 0 ? g.dataset.left : g.dataset.right); }
    }
    if (pick) {
      pick.addEventListener("change", function () { selected = pick.value; mark(); });
      document.getElementById("play-left").addEventListener("click", function () { slide(-1); });
      document.getElementById("play-right").addEventListener("click", function () { slide(1); });
      fillBlocks();
    }

    root.querySelectorAll("button[data-move]").forEach(function (b) {
      b.addEventListener("click", function () { move(b.dataset.move); });
    });

    // A click on the board: a block selects it, a part of the picture that
    // names its move (data-move: a tile beside the blank) plays that move,
    // a square or a letter plays the button that shows the same number or
    // letter.
    var downX = null;
    board.addEventListener("pointerdown", function (ev) {
      var g = ev.target.closest("[data-block]");
      if (g) { selected = g.dataset.block; if (pick) { pick.value = selected; } mark(); downX = ev.clientX; }
    });
    board.addEventListener("pointerup", function (ev) {
      if (downX !== null && Math.abs(ev.clientX - downX) > 15) { slide(ev.clientX - downX); }
      downX = null;
    });
    board.addEventListener("click", function (ev) {
      if (ev.target.closest("[data-block]")) { return; }
      var named = ev.target.closest("[data-move]");
      if (named && board.contains(named)) { move(named.dataset.move); return; }
      var cell = ev.target.closest("g.cell") || ev.target.closest("text.move");
      if (!cell) { return; }
      var label = (cell.querySelector("text") || cell).textContent.trim();
      var b = root.querySelector('button[data-move="' + label + '"]');
      if (b) { b.click(); }
    });

    document.getElementById("play-undo").addEventListener("click", function () {
      if (moves.length) { undone.push(moves.pop()); update(words("undone", { n: moves.length }, moves.length)); }
    });
    document.getElementById("play-redo").addEventListener("click", function () {
      if (undone.length) { moves.push(undone.pop()); update(words("redone", { n: moves.length })); }
    });
    document.getElementById("play-reset").addEventListener("click", function () {
      if (moves.length) { undone = moves.reverse(); moves = []; update(words("reset")); }
    });

    // Hint: the server names the next move of an optimal continuation
    // (counted, and only when the instructor turned hints on).
    var hintButton = document.getElementById("play-hint");
    if (hintButton) {
      hintButton.addEventListener("click", function () {
        var form = new URLSearchParams({ csrf: hintButton.dataset.csrf, moves: moves.join(sep) });
        fetch(hintButton.dataset.url, { method: "POST", body: form })
          .then(function (r) { return r.json(); })
          .then(function (res) {
            if (res.error) { say(words("no_hint", { message: res.error.message })); return; }
            say(words("hint", { move: res.move }));
            document.getElementById("play-hints").textContent = res.hints;
            root.querySelectorAll("button.hinted").forEach(function (h) { h.classList.remove("hinted"); });
            var b = root.querySelector('button[data-move="' + res.move + '"]');
            if (b) { b.classList.add("hinted"); b.focus(); }
          })
          .catch(failed);
      });
    }

    document.addEventListener("keydown", function (ev) {
      if (ev.target.closest("textarea, input, select") && ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") { return; }
      if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === "z") { ev.preventDefault(); document.getElementById("play-undo").click(); return; }
      if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === "y") { ev.preventDefault(); document.getElementById("play-redo").click(); return; }
      if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
      if (pick && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
        if (ev.target === pick) { ev.preventDefault(); }
        slide(ev.key === "ArrowLeft" ? -1 : 1);
        return;
      }
      var b = root.querySelector('button[data-key="' + ev.key.toLowerCase() + '"]');
      if (b) { ev.preventDefault(); b.click(); }
    });
  }

  // The replay page holds one page of the steps (data.steps, from
  // data.from, of data.total); the others are asked for as the player
  // scrubs (GET data.url&from=&limit=), and the list shows the page of the
  // step shown.
  function setUpReplay(root) {
    var data = JSON.parse(document.getElementById("replay-data").textContent);
    var scrub = document.getElementById("replay-scrub");
    var rounds = document.getElementById("replay-rounds");
    var list = document.getElementById("replay-steps");
    var total = data.total, size = data.page, steps = {}, listed = data.from;
    var at = 0, timer = null, seq = 0;

    function keep(from, page) { page.forEach(function (s, k) { steps[from + k] = s; }); }
    keep(data.from, data.steps);

    // load makes sure the step of index i (0-based) is here.
    function load(i) {
      if (steps[i]) { return Promise.resolve(); }
      var from = Math.floor(i / size) * size;
      return fetch(data.url + "&from=" + from + "&limit=" + size)
        .then(function (r) { return r.json(); })
        .then(function (res) {
          if (res.error) { throw new Error(res.error.message); }
          keep(res.from, res.steps);
        });
    }

    // list shows the page of steps that holds index i.
    function listPage(i) {
      var from = Math.floor(i / size) * size;
      if (from === listed) { return; }
      listed = from;
      list.innerHTML = "";
      list.start = from + 1;
      for (var k = from; k < Math.min(from + size, total) && steps[k]; k++) {
        var li = document.createElement("li"), code = document.createElement("code");
        li.dataset.step = k + 1;
        code.textContent = steps[k].move;
        li.appendChild(code);
        if (!steps[k].legal) {
          var why = document.createElement("strong");
          why.textContent = steps[k].message;
          li.className = "bad";
          li.append(" ", why);
        }
        list.appendChild(li);
      }
    }

    function mark() {
      list.querySelectorAll("li").forEach(function (li) { li.classList.toggle("current", +li.dataset.step === at); });
    }

    function show(i) {
      at = Math.max(0, Math.min(i, total));
      scrub.value = at;
      var mine = ++seq;
      rounds.innerHTML = "";
      if (at === 0) {
        mark();
        say(words("start"));
        return draw(board, data.puzzle, data.board);
      }
      return load(at - 1).then(function () {
        if (mine !== seq) { return; }
        listPage(at - 1);
        mark();
        var s = steps[at - 1];
        say(s.legal ? words("said", { what: words("move", { n: at, move: s.move }), message: s.message }) : words("not_a_move", { message: s.message }));
        if (s.rounds && s.rounds.length > 1) {
          s.rounds.forEach(function (r, k) {
            var f = document.createElement("figure");
            var cap = document.createElement("figcaption");
            cap.textContent = k === 0 ? words("round_first") : words("round", { n: k });
            rounds.appendChild(f);
            draw(f, data.puzzle, r, "round" + k).then(function () { f.appendChild(cap); });
          });
        }
        return draw(board, data.puzzle, s.board);
      }).catch(failed);
    }
    function stop() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("replay-play").textContent = words("play"); }

    document.getElementById("replay-back").addEventListener("click", function () { stop(); show(at - 1); });
    document.getElementById("replay-next").addEventListener("click", function () { stop(); show(at + 1); });
    scrub.addEventListener("input", function () { stop(); show(+scrub.value); });
    document.getElementById("replay-play").addEventListener("click", function (ev) {
      if (timer) { stop(); return; }
      if (at >= total) { show(0); }
      ev.target.textContent = words("pause");
      timer = setInterval(function () {
        if (at >= total) { stop(); return; }
        show(at + 1);
      }, 700);
    });
    list.addEventListener("click", function (ev) {
      var li = ev.target.closest("li");
      if (li) { stop(); show(+li.dataset.step); }
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.target.closest("input, textarea, select")) { return; }
      if (ev.key === "ArrowLeft") { stop(); show(at - 1); }
      if (ev.key === "ArrowRight") { stop(); show(at + 1); }
    });
    // Open at the failing move, which is what the student came to see.
    if (data.bad > 0) { show(data.bad); }
  }
})();
