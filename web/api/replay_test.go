package api

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

func TestReplay(t *testing.T) {
	e := newAPIEnv(t, Options{})
	tests := []struct {
		name                 string
		body                 any
		steps, legal, moves  int
		solved, lastIllegal  bool
		lastBoard, lastMatch string
	}{
		{"floodit solved", replayRequest{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n", "1 2 1"}, 3, 3, 3, true, false, "3\n1 1 1\n1 1 1\n1 1 1\n", ""},
		{"floodit bad move", replayRequest{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n0\n", "1,x"}, 2, 1, 1, false, true, "3\n1 1 2\n1 1 2\n2 2 1\n", "move 2"},
		{"rotation", replayRequest{"rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "AC"}, 2, 2, 2, true, false, "", ""},
		{"mayan", replayRequest{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "2 1 1\n3 1 1\n3 0 1"}, 3, 3, 3, true, false, "", ""},
		{"no moves", replayRequest{"rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ""}, 0, 0, 0, false, false, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var r replayJSON
			e.with(t).do("POST", "/api/v1/replay", "", tc.body).want(t, 200, "").json(t, &r)
			if len(r.Steps) != tc.steps || r.Final.Moves != tc.moves || r.Final.Solved != tc.solved {
				t.Fatalf("replay = %+v, want %d steps, final {%v %d}", r, tc.steps, tc.solved, tc.moves)
			}
			if tc.steps == 0 {
				if r.Steps == nil {
					t.Errorf("steps is null, want []")
				}
				return
			}
			last := r.Steps[len(r.Steps)-1]
			if last.Legal == tc.lastIllegal {
				t.Errorf("last step legal = %v", last.Legal)
			}
			if tc.lastBoard != "" && last.Board != tc.lastBoard {
				t.Errorf("last board = %q, want %q", last.Board, tc.lastBoard)
			}
			if tc.lastMatch != "" && (len(last.Message) < len(tc.lastMatch) || last.Message[:len(tc.lastMatch)] != tc.lastMatch) {
				t.Errorf("last message = %q, want it to start with %q", last.Message, tc.lastMatch)
			}
		})
	}
	t.Run("mayan rounds", func(t *testing.T) {
		var r replayJSON
		e.with(t).do("POST", "/api/v1/replay", "", replayRequest{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "2 1 1\n3 1 1\n3 0 1"}).want(t, 200, "").json(t, &r)
		for i, s := range r.Steps {
			if len(s.Rounds) == 0 || s.Rounds[len(s.Rounds)-1] != s.Board {
				t.Errorf("step %d rounds %q do not end with its board %q", i+1, s.Rounds, s.Board)
			}
		}
	})
	for _, bad := range []any{
		replayRequest{"chess", "x", ""},
		replayRequest{"floodit", "3\n0 1\n", "1"},
		"{",
	} {
		e.do("POST", "/api/v1/replay", "", bad).want(t, 400, "invalid")
	}
}

func TestReplayRateLimitPerAddress(t *testing.T) {
	e := newAPIEnv(t, Options{Replays: httpx.NewRateLimiter(2)})
	body := replayRequest{"floodit", "2\n0 1\n1 0\n", "1"}
	from := func(addr string) response {
		req := e.request("POST", "/api/v1/replay", body)
		req.RemoteAddr = addr + ":1234"
		return e.serve(req)
	}
	from("192.0.2.1").want(t, 200, "")
	from("192.0.2.1").want(t, 200, "")
	r := from("192.0.2.1").want(t, http.StatusTooManyRequests, "rate_limited")
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	from("192.0.2.2").want(t, 200, "")
}

func TestSubmissionReplay(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ann, bob := e.student("ann"), e.student("bob")
	e.waitReady()
	flood := e.caseIDs("flood")
	id := e.submit(ann, "flood", map[string]any{"kind": "moves", "case": flood[1], "moves": "1 9"})
	e.result(ann, id)
	path := "/api/v1/submissions/" + itoa64(id) + "/replay"

	var r replayJSON
	e.do("GET", path, ann, nil).want(t, 200, "").json(t, &r)
	if r.Puzzle != "floodit" || r.Board != "3\n0 1 2\n1 1 2\n2 2 1\n" || len(r.Steps) != 2 || r.Steps[1].Legal || r.Final.Moves != 1 {
		t.Errorf("moves replay = %+v", r)
	}
	e.do("GET", path, e.admin, nil).want(t, 200, "")
	e.do("GET", path, bob, nil).want(t, 403, "forbidden")
	e.do("GET", path, "", nil).want(t, 401, "")
	e.do("GET", "/api/v1/submissions/999999/replay", ann, nil).want(t, 404, "not_found")

	rot := e.submit(ann, "rot", map[string]any{"kind": "answer", "output": "AC\n2\nHH\n3\n"})
	var a answerReplayJSON
	e.do("GET", "/api/v1/submissions/"+itoa64(rot)+"/replay", ann, nil).want(t, 200, "").json(t, &a)
	if a.Puzzle != "rotation" || len(a.Cases) != 2 || a.Cases[0].Name != "01-sample-1" || len(a.Cases[0].Steps) != 2 || !a.Cases[0].Final.Solved || a.Cases[1].Board == "" {
		t.Errorf("answer replay = %+v", a)
	}
	maya := e.submit(ann, "maya", map[string]any{"kind": "answer", "output": "2 1 1\n3 1 1\n3 0 1\n"})
	e.do("GET", "/api/v1/submissions/"+itoa64(maya)+"/replay", ann, nil).want(t, 200, "").json(t, &a)
	if len(a.Cases) != 1 || !a.Cases[0].Final.Solved || len(a.Cases[0].Steps[2].Rounds) < 2 {
		t.Errorf("mayan answer replay = %+v", a)
	}
	num := e.submit(ann, "flood", map[string]any{"kind": "answer", "output": "0\n3\n6\n"})
	e.do("GET", "/api/v1/submissions/"+itoa64(num)+"/replay", ann, nil).want(t, 400, "invalid")
}

// BenchmarkReplayHandler measures one click of the play page on the server:
// POST /replay of the 18 optimal moves of the longest shipped 8x8 Flood-it
// board, through the real Gin engine (JSON in, every step's board out).
func BenchmarkReplayHandler(b *testing.B) {
	e := newAPIEnv(b, Options{Replays: httpx.NewRateLimiter(0)})
	body := replayRequest{"floodit", "8\n5 3 0 4 5 0 0 3\n3 2 5 0 2 5 2 4\n4 5 1 2 4 2 3 2\n3 0 5 1 2 3 0 4\n5 4 0 2 1 0 1 3\n3 5 1 5 4 3 4 2\n5 4 5 0 5 4 3 0\n5 1 0 3 5 3 2 4\n",
		"3 0 4 5 0 2 4 2 1 4 5 3 2 0 1 3 4 5"}
	for b.Loop() {
		if r := e.serve(e.request("POST", "/api/v1/replay", body)); r.status != 200 {
			b.Fatalf("status %d: %s", r.status, r.body)
		}
	}
}

func TestReplayTooLong(t *testing.T) {
	e := newAPIEnv(t, Options{})
	moves := strings.Repeat("1 ", 3000)
	e.do("POST", "/api/v1/replay", "", replayRequest{"floodit", "2\n0 1\n1 0\n", moves}).want(t, 400, "invalid")
}

// TestSubmissionReplayPages reads a long replay a page at a time: every
// step once, in order, total and next telling where the rest is.
func TestSubmissionReplayPages(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ann := e.student("ann")
	e.waitReady()
	rot := e.caseIDs("rot")
	moves := strings.Repeat("AF", 260) // 520 legal moves
	id := e.submit(ann, "rot", map[string]any{"kind": "moves", "case": rot[0], "moves": moves})
	e.result(ann, id)
	path := "/api/v1/submissions/" + itoa64(id) + "/replay"

	var all strings.Builder
	pages := 0
	for from := 0; ; pages++ {
		var r replayJSON
		e.do("GET", path+"?from="+strconv.Itoa(from), ann, nil).want(t, 200, "").json(t, &r)
		if r.Total == nil || *r.Total != 520 || r.From == nil || *r.From != from || r.Final.Moves != 520 || r.Puzzle != "rotation" || r.Board == "" {
			t.Fatalf("page from %d: total %v from %v final %+v", from, r.Total, r.From, r.Final)
		}
		if len(r.Steps) > judge.DefaultReplayPage {
			t.Fatalf("page from %d has %d steps, over the default %d", from, len(r.Steps), judge.DefaultReplayPage)
		}
		for _, s := range r.Steps {
			all.WriteString(s.Move)
		}
		if r.Next == nil {
			break
		}
		if *r.Next != from+len(r.Steps) {
			t.Fatalf("next = %d after %d steps from %d", *r.Next, len(r.Steps), from)
		}
		from = *r.Next
	}
	if all.String() != moves || pages != 2 {
		t.Errorf("the pages hold %d moves in %d pages, want the 520 moves in 3", all.Len(), pages+1)
	}

	var r replayJSON
	e.do("GET", path+"?from=510&limit=1000", ann, nil).want(t, 200, "").json(t, &r)
	if len(r.Steps) != 10 || r.Next != nil || r.Steps[9].Move != "F" {
		t.Errorf("the last page: %d steps, next %v", len(r.Steps), r.Next)
	}
	e.do("GET", path+"?from=9999", ann, nil).want(t, 200, "").json(t, &r)
	if len(r.Steps) != 0 || r.Next != nil || *r.Total != 520 {
		t.Errorf("past the end: %d steps, next %v", len(r.Steps), r.Next)
	}
	for _, bad := range []string{"?limit=0", "?limit=1001", "?from=-1", "?limit=x"} {
		e.do("GET", path+bad, ann, nil).want(t, 400, "invalid")
	}

	// An answer: the page applies to each case.
	ans := e.submit(ann, "rot", map[string]any{"kind": "answer", "output": "AC\n2\nHH\n3\n"})
	var a answerReplayJSON
	e.do("GET", "/api/v1/submissions/"+itoa64(ans)+"/replay?from=1&limit=1", ann, nil).want(t, 200, "").json(t, &a)
	if len(a.Cases) != 2 || len(a.Cases[0].Steps) != 1 || a.Cases[0].Steps[0].Move != "C" || *a.Cases[0].Total != 2 || a.Cases[0].Next != nil || !a.Cases[0].Final.Solved {
		t.Errorf("answer page = %+v", a)
	}
}

// board returns an n x n Flood-it board whose cells cycle through colors.
func floodBoard(n, colors int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(n) + "\n")
	for r := range n {
		for c := range n {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa((r*7 + c*3) % colors))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// floodMoves is count moves that cycle through colors, each legal.
func floodMoves(count, colors int) string {
	moves := make([]string, count)
	for i := range moves {
		moves[i] = strconv.Itoa(1 + i%(colors-1))
	}
	return strings.Join(moves, " ")
}

// TestPublicReplayIsBounded performs issue 24's replay attack: an
// anonymous 6.3 KB request (30x30, 16 colours, 2,048 moves) answered 4.65
// MB. The board is now refused beyond what students play, and the largest
// board they may send gives a page of steps, not the whole replay.
func TestPublicReplayIsBounded(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{CheckLimits: judge.Limits{MaxSize: 8, MaxColors: 10, MaxMoves: 5}})
	// The shipped Flood-it's limits; the test catalogue's problem has none.
	e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"limits": map[string]int{"max_size": 8, "max_colors": 6}}).want(t, 200, "")
	attack := replayRequest{"floodit", floodBoard(30, 16), floodMoves(2048, 10)}
	res := e.do("POST", "/api/v1/replay", "", attack)
	if res.status != 400 {
		t.Fatalf("the attack: status %d with %d bytes, want 400", res.status, len(res.body))
	}
	msg := res.want(t, 400, "invalid").errorMessage(t)
	if !strings.Contains(msg, "check_max_size") {
		t.Errorf("the refusal %q does not name the key", msg)
	}

	largest := replayRequest{"floodit", floodBoard(8, 6), floodMoves(2048, 6)}
	res = e.do("POST", "/api/v1/replay", "", largest).want(t, 200, "")
	var r replayJSON
	res.json(t, &r)
	if len(r.Steps) != judge.DefaultReplayPage || r.Total == nil || *r.Total != 2048 || r.Next == nil || *r.Next != judge.DefaultReplayPage {
		t.Fatalf("replay of 2,048 moves: %d steps, total %v, next %v; want a page of %d of 2048", len(r.Steps), r.Total, r.Next, judge.DefaultReplayPage)
	}
	if len(res.body) > 64<<10 {
		t.Errorf("the answer is %d bytes for a %d-byte request", len(res.body), len(attack.Moves)+len(largest.Board))
	}
	t.Logf("the largest public replay: %d bytes answered for a %d-byte move text (a page of %d of %d steps)", len(res.body), len(largest.Moves), len(r.Steps), *r.Total)
	var last replayJSON
	e.do("POST", "/api/v1/replay?from=2000&limit=1000", "", largest).want(t, 200, "").json(t, &last)
	if len(last.Steps) != 48 || last.Next != nil || *last.From != 2000 {
		t.Errorf("the last page: %d steps from %v, next %v; want 48 from 2000 and no next", len(last.Steps), last.From, last.Next)
	}
	e.do("POST", "/api/v1/replay?limit=1001", "", largest).want(t, 400, "invalid")
}

// TestSubmissionReplayRateLimit performs issue 24's replay loop: a
// submission's replay was recomputed on every call, without a limit (24 ms
// of CPU a call for 10,000 moves). It shares the public replays' budget per
// address, and a moves submission's replay is kept between its pages.
func TestSubmissionReplayRateLimit(t *testing.T) {
	e := newAPIEnv(t, Options{Replays: httpx.NewRateLimiter(3)})
	ann := e.student("ann")
	e.waitReady()
	id := e.submit(ann, "rot", map[string]any{"kind": "moves", "case": e.caseIDs("rot")[0], "moves": strings.Repeat("AF", 260)})
	e.result(ann, id)
	path := "/api/v1/submissions/" + itoa64(id) + "/replay"
	var first, again replayJSON
	e.do("GET", path, ann, nil).want(t, 200, "").json(t, &first)
	e.do("GET", path, ann, nil).want(t, 200, "").json(t, &again)
	if *first.Total != 520 || *again.Total != 520 || again.Steps[199].Board != first.Steps[199].Board {
		t.Fatalf("the kept replay differs: %d and %d steps", *first.Total, *again.Total)
	}
	e.do("POST", "/api/v1/replay", "", replayRequest{"floodit", "2\n0 1\n1 0\n", "1"}).want(t, 200, "")
	res := e.do("GET", path, ann, nil).want(t, 429, "rate_limited")
	if res.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

// TestMayanClearedTooEarlyIsNotSolved performs issue 24's first bug as the
// user met it: on a board of n = 2 one move clears it, and the public
// replay said "solved"; the judge calls it not_solved (exactly n moves).
func TestMayanClearedTooEarlyIsNotSolved(t *testing.T) {
	e := newAPIEnv(t, Options{})
	var r replayJSON
	e.do("POST", "/api/v1/replay", "", `{"puzzle":"mayan","board":"2\n2 2 0\n0\n2 0\n0\n0\n","moves":"0 0 1"}`).want(t, 200, "").json(t, &r)
	if r.Final.Solved || r.Final.Moves != 1 {
		t.Errorf("final = %+v, want not solved after 1 move", r.Final)
	}
	if len(r.Steps) != 1 || !strings.Contains(r.Steps[0].Message, "exactly 2 moves") {
		t.Errorf("steps = %+v, want the one step to say the board needs exactly 2 moves", r.Steps)
	}
	// A board cleared in exactly its n moves is solved.
	e.do("POST", "/api/v1/replay", "", replayRequest{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "2 1 1\n3 1 1\n3 0 1"}).want(t, 200, "").json(t, &r)
	if !r.Final.Solved || r.Final.Moves != 3 {
		t.Errorf("cleared in exactly 3 moves: final = %+v, want solved", r.Final)
	}
}
