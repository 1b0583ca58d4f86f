package pages

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

func TestPlayPage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	b := e.browser()

	b.get("/problems/flood").want(t, 200, fmt.Sprintf(`href="/problems/flood/play/%d"`, cases[1].ID))
	page := b.get(fmt.Sprintf("/problems/flood/play/%d", cases[1].ID)).want(t, 200,
		`id="play"`, `data-puzzle="floodit"`, `data-move="2"`, `data-key="2"`, `aria-live="polite"`, `/static/play.js`, "Log in</a> to submit")
	noTemplateError(t, page)
	if strings.Contains(page.body, "solved already") {
		t.Errorf("board 2 needs moves, yet the play page says it is solved already")
	}
	// Board 1 is flooded already: the page says so, not "Make your first move".
	solved := b.get(fmt.Sprintf("/problems/flood/play/%d", cases[0].ID)).want(t, 200, "This board is solved already: it needs no move.")
	if strings.Contains(solved.body, "Make your first move") {
		t.Errorf("a flooded board asks for a first move")
	}
	// Hidden boards are played too: their input is public.
	b.get(fmt.Sprintf("/problems/flood/play/%d", cases[2].ID)).want(t, 200, `id="play-board"`)
	b.get("/problems/flood/play/999999").want(t, 404)

	rot := e.waitCases("rot")
	b.get(fmt.Sprintf("/problems/rot/play/%d", rot[0].ID)).want(t, 200, `data-move="A"`, `data-key="h"`)
	maya := e.waitCases("maya")
	// Issue 24: the Mayan page says the board must be cleared in exactly n
	// moves, which is what the judge counts as solved.
	b.get(fmt.Sprintf("/problems/maya/play/%d", maya[0].ID)).want(t, 200, `data-blocks`, `id="play-block"`, `data-block="0 0"`,
		`id="play-goal"`, "Clear the board in exactly 3 moves")

	b.register("pia", "pia-password-1")
	b.get(fmt.Sprintf("/problems/flood/play/%d", cases[1].ID)).want(t, 200, `id="play-submit"`, `name="csrf"`, "Submit these moves")
}

func TestPlayBoardPicture(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	p := b.get("/play/board?puzzle=floodit&id=x&board="+url.QueryEscape("2\n0 1\n1 0\n")).want(t, 200, "<svg", `id="b-x-p1"`)
	if ct := p.header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Errorf("Content-Type %q", ct)
	}
	// Refusals are JSON {error: {code, message}} like every error of the
	// server, for play.js to show the message.
	for _, tc := range []struct {
		query  string
		status int
		code   string
	}{
		{"puzzle=floodit&board=2", 400, judge.EINVALID},
		{"puzzle=chess&board=x", 400, judge.EINVALID},
		{"puzzle=floodit&board=" + strings.Repeat("1", judge.MaxCaseBytes+1), 413, httpx.ETOOLARGE},
	} {
		r := b.get("/play/board?"+tc.query).want(t, tc.status)
		var body httpx.ErrorBody
		if err := json.Unmarshal([]byte(r.body), &body); err != nil || body.Error.Code != tc.code || body.Error.Message == "" {
			t.Errorf("/play/board?%.40s = %d %q, want JSON error %s with a message", tc.query, tc.status, r.body, tc.code)
		}
	}
}

// TestPlayMove checks the play page's one request a move: the engine's
// last step, the final state and the new board's picture in one answer.
func TestPlayMove(t *testing.T) {
	e := newPagesEnv(t, Options{Replays: httpx.NewRateLimiter(3)})
	b := e.browser()
	move := func(puzzle, board, moves string) string {
		return "/play/move?" + url.Values{"puzzle": {puzzle}, "board": {board}, "moves": {moves}}.Encode()
	}
	var r struct {
		Step *struct {
			Move, Message, Board string
			Legal                bool
		}
		Final struct {
			Solved bool
			Moves  int
		}
		Picture string
	}
	decode := func(p page) {
		t.Helper()
		r.Step = nil
		if err := json.Unmarshal([]byte(p.body), &r); err != nil {
			t.Fatalf("%v: %s", err, p.body)
		}
	}
	sample := "3\n0 1 2\n1 1 2\n2 2 1\n"
	p := b.get(move("floodit", sample, "1 2 1")).want(t, 200, `"picture":"\u003csvg`)
	if ct := p.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q", ct)
	}
	decode(p)
	if r.Step == nil || !r.Step.Legal || r.Step.Move != "1" || r.Step.Board != "3\n1 1 1\n1 1 1\n1 1 1\n" || !r.Final.Solved || r.Final.Moves != 3 {
		t.Errorf("answer = %+v", r)
	}
	// The picture is the last step's board: every square of colour 1.
	if want, _ := boardPicture(inEnglish, "floodit", "play", r.Step.Board); r.Picture != string(want) {
		t.Errorf("picture is not the board after the last move")
	}
	// No moves: no step, the starting board.
	decode(b.get(move("floodit", sample, "")).want(t, 200))
	if want, _ := boardPicture(inEnglish, "floodit", "play", sample); r.Step != nil || r.Final.Moves != 0 || r.Picture != string(want) {
		t.Errorf("no moves: %+v", r)
	}
	// An illegal last move: the step says why, the picture is the board it
	// was refused on.
	decode(b.get(move("floodit", sample, "1 9")).want(t, 200))
	if r.Step == nil || r.Step.Legal || !strings.Contains(r.Step.Message, "no such colour") || r.Final.Moves != 1 {
		t.Errorf("illegal move: %+v", r)
	}
	if p := b.get(move("chess", "x", "")).want(t, 429, `"code":"rate_limited"`); p.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	e2 := newPagesEnv(t, Options{})
	b2 := e2.browser()
	b2.get(move("chess", "x", "")).want(t, 400, `"code":"invalid"`)
	b2.get(move("floodit", "3\n0 1\n", "1")).want(t, 400, `"code":"invalid"`)
	b2.get(move("floodit", sample, strings.Repeat("1 ", 3000))).want(t, 400, `"code":"invalid"`)
}

func TestReplayPage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	b := e.browser()
	b.register("rea", "rea-password-1")
	form := url.Values{"kind": {"moves"}, "case": {fmt.Sprint(cases[1].ID)}, "moves": {"1 9"}}
	loc := b.post("/problems/flood/submissions", form).redirectTo(t, "/submissions/")
	b.waitDone(loc).want(t, 200, `href="`+loc+`/replay"`)
	page := b.get(loc+"/replay").want(t, 200, `id="replay-data"`, `class="bad"`, "no such colour", `id="replay-scrub"`)
	noTemplateError(t, page)

	other := e.browser()
	other.register("oto", "oto-password-1")
	other.get(loc+"/replay").want(t, 403)

	// A Rotation answer: one replay per board, chosen in a named nav.
	rot := e.waitCases("rot")
	answer := b.post("/problems/rot/submissions", url.Values{"kind": {"answer"}, "output": {"AC\n2\n"}}).redirectTo(t, "/submissions/")
	b.waitDone(answer).want(t, 200, `href="`+answer+`/replay"`)
	// Issue 24: ?case= is the case's id, as everywhere else, not an index.
	id := fmt.Sprint(rot[0].ID)
	b.get(answer+"/replay?case="+id).want(t, 200, `aria-label="Boards of this answer"`, `href="?case=`+id+`" aria-current="page">01-sample-1`,
		"<code>C</code>", `replay/steps?case=`+id)
}

// TestReplayPageSteps checks a long replay: the page holds one page of its
// steps, the one with the failing move, and the rest comes from
// /submissions/{id}/replay/steps a page at a time.
func TestReplayPageSteps(t *testing.T) {
	e := newPagesEnv(t, Options{})
	rot := e.waitCases("rot")
	b := e.browser()
	b.register("lon", "lon-password-1")
	submit := func(moves string) string {
		form := url.Values{"kind": {"moves"}, "case": {fmt.Sprint(rot[0].ID)}, "moves": {moves}}
		loc := b.post("/problems/rot/submissions", form).redirectTo(t, "/submissions/")
		b.waitDone(loc)
		return loc
	}
	long := submit(strings.Repeat("AF", 260))
	pg := b.get(long+"/replay").want(t, 200, `max="520"`, `start="1"`, `data-step="1"`, `data-step="200"`, `"total":520`)
	if strings.Contains(pg.body, `data-step="201"`) {
		t.Error("the replay page lists more than its first page of steps")
	}
	bad := submit(strings.Repeat("AF", 250) + "Z")
	pg = b.get(bad+"/replay").want(t, 200, `max="501"`, `start="401"`, `class="bad" data-step="501"`, `"bad":501`)
	if strings.Contains(pg.body, `data-step="400"`) {
		t.Error("the replay of a failing move lists more than the page of that move")
	}

	var r struct {
		Steps       []struct{ Move string }
		Total, From int
		Next        *int
	}
	read := func(p page) {
		t.Helper()
		r.Next = nil
		if err := json.Unmarshal([]byte(p.body), &r); err != nil {
			t.Fatalf("%v: %s", err, p.body)
		}
	}
	read(b.get(long+"/replay/steps?from=400").want(t, 200))
	if len(r.Steps) != 120 || r.Total != 520 || r.From != 400 || r.Next != nil || r.Steps[0].Move != "A" {
		t.Errorf("from 400: %d steps, total %d, from %d, next %v", len(r.Steps), r.Total, r.From, r.Next)
	}
	read(b.get(long+"/replay/steps?from=0&limit=5").want(t, 200))
	if len(r.Steps) != 5 || r.Next == nil || *r.Next != 5 {
		t.Errorf("the first 5: %d steps, next %v", len(r.Steps), r.Next)
	}
	b.get(long+"/replay/steps?limit=0").want(t, 400, `"code":"invalid"`)
	b.get(long+"/replay/steps?limit=1001").want(t, 400, `"code":"invalid"`)
	other := e.browser()
	other.register("oth", "oth-password-1")
	other.get(long+"/replay/steps").want(t, 403, `"code":"forbidden"`)
	e.browser().get(long+"/replay/steps").want(t, 401)
}

func TestPlayHints(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	play := fmt.Sprintf("/problems/flood/play/%d", cases[1].ID)

	s := e.browser()
	s.register("hal", "hal-password-1")
	page := s.get(play).want(t, 200)
	if strings.Contains(page.body, `id="play-hint"`) {
		t.Error("a Hint button while hints are off")
	}

	admin := e.browser()
	admin.login("admin", pagesAdminPassword)
	admin.get("/problems/flood/cases").want(t, 200, "Turn hints on")
	admin.post("/problems/flood/hints", url.Values{"hints": {"on"}}).redirectTo(t, "/problems/flood/cases")
	admin.get("/problems/flood/cases").want(t, 200, "Turn hints off")

	s.get(play).want(t, 200, `id="play-hint"`, `<span id="play-hints">0</span>`)
	s.post(play+"/hint", url.Values{"moves": {"1"}}).want(t, 200, `"move":"2"`, `"hints":1`)
	s.get(play).want(t, 200, `<span id="play-hints">1</span>`)
	s.post(fmt.Sprintf("/problems/flood/play/%d/hint", cases[2].ID), url.Values{"moves": {""}}).want(t, 403, "sample boards only")

	form := url.Values{"kind": {"moves"}, "case": {fmt.Sprint(cases[1].ID)}, "moves": {"1 2 1"}}
	loc := s.post("/problems/flood/submissions", form).redirectTo(t, "/submissions/")
	s.waitDone(loc)
	admin.get(loc).want(t, 200, "1 hint taken on this problem")
	s.get(loc).want(t, 200, "1 hint taken on this problem")
}

// TestAuditFixes checks the cheap findings of the accessibility audit.
func TestAuditFixes(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	b := e.browser()
	b.get("/").want(t, 200, `<meta name="description"`, `rel="icon" href="/static/favicon.svg"`, `<nav aria-label="Main">`)
	b.get("/static/favicon.svg").want(t, 200, "<svg")
	b.get("/static/pages.css").want(t, 200, "prefers-color-scheme: dark", ":focus-visible")

	// A board flooded from the start: no moves, optimum 0, shown as 0 / 0.
	b.register("zed", "zed-password-1")
	form := url.Values{"kind": {"moves"}, "case": {fmt.Sprint(cases[0].ID)}, "moves": {" "}}
	loc := b.post("/problems/flood/submissions", form).redirectTo(t, "/submissions/")
	b.waitDone(loc).want(t, 200, `<td class="num" data-label="Moves used / optimum">0 / 0</td>`)
	b.get("/submissions").want(t, 200, `aria-label="Pages of the list"`, "1 submission<")
}

func TestPagesCompressed(t *testing.T) {
	e := newPagesEnv(t, Options{})
	for _, path := range []string{"/", "/static/pages.css", "/static/play.js", "/problems/flood"} {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client then leaves the body compressed
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatalf("%s: Content-Encoding %q, body not gzip: %v", path, res.Header.Get("Content-Encoding"), err)
		}
		body, err := io.ReadAll(zr)
		res.Body.Close()
		if err != nil || res.Header.Get("Content-Encoding") != "gzip" || len(body) < 100 {
			t.Errorf("%s: %d bytes, encoding %q, %v", path, len(body), res.Header.Get("Content-Encoding"), err)
		}
	}
}

// TestEveryPuzzleCanBePlayed checks that each registered puzzle has a player
// on the pages and a step-by-step replay and hints in the judge, so that a
// new puzzle cannot silently lack its play page.
func TestEveryPuzzleCanBePlayed(t *testing.T) {
	for _, name := range puzzles.PuzzleNames() {
		if _, ok := players[name]; !ok {
			t.Errorf("puzzle %q has no player in web/pages (svg_%s.go)", name, name)
		}
		pz, _ := puzzles.Lookup(name)
		if _, ok := pz.(judge.Stepper); !ok {
			t.Errorf("puzzle %q is not a judge.Stepper", name)
		}
		if _, ok := pz.(judge.Hinter); !ok {
			t.Errorf("puzzle %q is not a judge.Hinter", name)
		}
	}
}

// BenchmarkPlayMove measures one click of the play page on the server:
// GET /play/move with the 18 optimal moves of the longest shipped 8x8
// Flood-it board, through the page routes (the engine's replay and the
// picture of the board after the last move, gzipped as a browser asks).
func BenchmarkPlayMove(b *testing.B) {
	svc := service.NewService(nil, service.Config{}, nil) // a replay reads no store
	engine := webtest.Engine(New(svc, nil, Options{}).Register)
	q := url.Values{"puzzle": {"floodit"}, "board": {"8\n5 3 0 4 5 0 0 3\n3 2 5 0 2 5 2 4\n4 5 1 2 4 2 3 2\n3 0 5 1 2 3 0 4\n5 4 0 2 1 0 1 3\n3 5 1 5 4 3 4 2\n5 4 5 0 5 4 3 0\n5 1 0 3 5 3 2 4\n"},
		"moves": {"3 0 4 5 0 2 4 2 1 4 5 3 2 0 1 3 4 5"}}
	for b.Loop() {
		req := httptest.NewRequest("GET", "/play/move?"+q.Encode(), nil)
		req.Header.Set("Accept-Encoding", "gzip")
		w := httptest.NewRecorder()
		engine.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
}
