package main

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"puzzlejudge/problems"
	"puzzlejudge/reference/floodit"
)

// TestEndToEnd runs the real server on a free port and a temporary database
// and walks the API as a student, an instructor and a script would, then
// restarts the server and checks that nothing was lost.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("solves the whole shipped catalogue")
	}
	dir := t.TempDir()
	config := writeConfig(t, dir)
	srv := startServer(t, config)
	adminPW := adminPassword(t, srv.log.String())
	// The solvers' tables are kept beside the database.
	if want := fmt.Sprintf("msg=\"solver tables\" dir=%s", filepath.Join(dir, "data", "tables")); !strings.Contains(srv.log.String(), want) {
		t.Errorf("the log does not say %q", want)
	}
	admin := srv.login("admin", adminPW)

	catalogue, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	srv.expect(200, "GET", "/healthz", "", nil, nil)

	// Accounts.
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "stella", "password": "stella-pw"}, nil)
	srv.expect(409, "POST", "/api/v1/register", "", map[string]string{"username": "stella", "password": "x-pw-long"}, nil)
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "other", "password": "other-pw"}, nil)
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "script", "password": "script-pw"}, nil)
	srv.expect(401, "POST", "/api/v1/tokens", "", map[string]string{"username": "stella", "password": "nope"}, nil)
	student, other, script := srv.login("stella", "stella-pw"), srv.login("other", "other-pw"), srv.login("script", "script-pw")

	var list []struct {
		Slug  string
		Cases int
	}
	srv.expect(200, "GET", "/api/v1/problems", "", nil, &list)
	if len(list) != len(catalogue) {
		t.Fatalf("%d problems served, %d shipped", len(list), len(catalogue))
	}
	for _, p := range catalogue {
		srv.waitReady(admin, p.Problem.Slug, 5*time.Minute)
	}

	verdicts := map[string]bool{}
	for _, p := range catalogue {
		slug, puzzle := p.Problem.Slug, p.Problem.Puzzle
		t.Run(slug, func(t *testing.T) {
			srv := srv.with(t)
			// The judge input lists every case, in order.
			status, input := srv.raw("GET", "/api/v1/problems/"+slug+"/input", "", nil)
			if status != 200 || len(input) == 0 {
				t.Fatalf("input: %d %q", status, input)
			}
			if !p.Problem.TakesAnswers() {
				// A program-only problem refuses answers (and its hidden
				// boards are secret): its programs are judged elsewhere.
				if status, body := srv.raw("POST", "/api/v1/problems/"+slug+"/submissions", student, map[string]any{"kind": "answer", "output": strings.Join(p.Answers, "")}); status != 403 {
					t.Errorf("an answer to %s: %d %s, want 403", slug, status, body)
				}
				return
			}

			// Right and wrong answers, computed from the shipped .ans files.
			right := strings.Join(p.Answers, "")
			if sub := srv.submit(student, slug, map[string]any{"kind": "answer", "output": right}); sub.Verdict != "accepted" || sub.Score != 100 || len(sub.Cases) != len(p.Cases) {
				t.Errorf("right answer: %+v", sub)
			}
			wrong := append([]string(nil), p.Answers...)
			k := wrongIndex(puzzle, wrong)
			wrong[k] = wrongAnswer(puzzle, wrong[k])
			sub := srv.submit(student, slug, map[string]any{"kind": "answer", "output": strings.Join(wrong, "")})
			if sub.Verdict != "wrong_answer" || sub.Cases[k].Verdict != "wrong_answer" {
				t.Errorf("wrong answer on case %d: %+v", k+1, sub)
			}
			if sub := srv.submit(student, slug, map[string]any{"kind": "answer", "output": "garbage\n"}); sub.Verdict == "accepted" {
				t.Errorf("garbage accepted: %+v", sub)
			}

			// Moves: each verdict on a case that needs a few moves.
			c, in := srv.deepCase(slug, puzzle)
			ref := solve(t, puzzle, in)
			for _, m := range moveTests(t, puzzle, in, ref) {
				sub := srv.submit(student, slug, map[string]any{"kind": "moves", "case": c, "moves": m.moves})
				if sub.Verdict != m.verdict || len(sub.Cases) != 1 {
					t.Errorf("moves %q: %+v, want %s", m.moves, sub, m.verdict)
					continue
				}
				verdicts[sub.Verdict] = true
				if (m.verdict == "accepted" || m.verdict == "suboptimal") && sub.Cases[0].Optimal != ref.optimal {
					t.Errorf("moves %q: optimum %d, want %d", m.moves, sub.Cases[0].Optimal, ref.optimal)
				}
			}

			// The script checks one inline board through /check.
			var chk struct {
				Verdict string
				Used    int
				Optimal int
			}
			srv.expect(200, "POST", "/api/v1/check", script, map[string]any{"puzzle": puzzle, "board": in, "moves": ref.moves}, &chk)
			if chk.Verdict != "accepted" || chk.Used != ref.optimal || chk.Optimal != ref.optimal {
				t.Errorf("check: %+v, want accepted in %d", chk, ref.optimal)
			}
		})
	}
	for _, v := range []string{"accepted", "suboptimal", "not_solved", "invalid"} {
		if !verdicts[v] {
			t.Errorf("no move submission got %s", v)
		}
	}
	var bad struct {
		Error struct{ Code, Message string }
	}
	srv.expect(400, "POST", "/api/v1/check", script, map[string]any{"puzzle": "floodit", "board": "2\n0 1\n1 z\n", "moves": "1"}, &bad)
	if !strings.Contains(bad.Error.Message, "line 3, column 3") {
		t.Errorf("bad board message %q", bad.Error.Message)
	}

	// The instructor adds a board; it is solved in the background.
	board := "3\n0 1 0\n1 0 1\n0 1 0\n"
	var added struct {
		ID     int64
		Status string
	}
	srv.expect(201, "POST", "/api/v1/problems/floodit/cases", admin, map[string]any{"input": board, "name": "checkerboard"}, &added)
	srv.waitReady(admin, "floodit", time.Minute)
	ref := solve(t, "floodit", board)
	var detail caseDetail
	srv.expect(200, "GET", fmt.Sprintf("/api/v1/problems/floodit/cases/%d", added.ID), admin, nil, &detail)
	if detail.Expected == nil || detail.Expected.Optimal != ref.optimal {
		t.Errorf("added case: %+v, want optimum %d", detail, ref.optimal)
	}
	// A hidden board of a problem graded by answers, in no assignment: the
	// student reads solved, not the optimum (issue 24, item 2).
	if sub := srv.submit(student, "floodit", map[string]any{"kind": "moves", "case": added.ID, "moves": ref.moves}); sub.Verdict != "solved" || sub.Cases[0].Optimal != 0 {
		t.Errorf("moves on the added board: %+v, want solved without the optimum", sub)
	}
	srv.expect(400, "POST", "/api/v1/problems/floodit/cases", admin, map[string]any{"input": "3\n0 1 0\n1 0\n0 1 0\n"}, nil)

	// Permissions.
	srv.expect(200, "GET", fmt.Sprintf("/api/v1/problems/floodit/cases/%d", added.ID), student, nil, &detail)
	if detail.Expected != nil {
		t.Error("a student sees a hidden case's expected answer")
	}
	srv.expect(403, "POST", "/api/v1/problems/floodit/cases", student, map[string]any{"input": board}, nil)
	srv.expect(403, "DELETE", fmt.Sprintf("/api/v1/problems/floodit/cases/%d", added.ID), student, nil, nil)
	srv.expect(403, "POST", "/api/v1/problems/floodit/rejudge", student, nil, nil)
	srv.expect(401, "POST", "/api/v1/problems/floodit/submissions", "", map[string]any{"kind": "answer", "output": "1\n"}, nil)
	srv.expect(401, "GET", "/api/v1/submissions", "bogus", nil, nil)
	var mine []submission
	srv.expect(200, "GET", "/api/v1/submissions?limit=500", student, nil, &mine)
	srv.expect(403, "GET", fmt.Sprintf("/api/v1/submissions/%d", mine[0].ID), other, nil, nil)
	var theirs []submission
	srv.expect(200, "GET", "/api/v1/submissions", other, nil, &theirs)
	if len(theirs) != 0 {
		t.Errorf("another student sees %d submissions", len(theirs))
	}
	var queued struct{ Queued int }
	srv.expect(202, "POST", "/api/v1/problems/rotation/rejudge", admin, nil, &queued)
	if queued.Queued == 0 {
		t.Error("rejudge queued nothing")
	}
	if status, _ := srv.raw("GET", "/metrics", "", nil); status != 401 {
		t.Errorf("/metrics without a token: %d, want 401", status)
	}
	status, metrics := srv.raw("GET", "/metrics", admin, nil)
	if status != 200 || !strings.Contains(string(metrics), `puzzlejudge_submissions_judged_total{verdict="accepted"}`) {
		t.Errorf("/metrics: %d without judged submissions", status)
	}

	// Restart: everything is still there, and nothing is created twice.
	before := srv.snapshot(admin)
	srv.stop()
	srv = startServer(t, config)
	if strings.Contains(srv.log.String(), "password=") {
		t.Error("the restarted server printed an admin password again")
	}
	srv.expect(200, "GET", "/api/v1/submissions", student, nil, nil) // the old token still works
	srv.login("admin", adminPW)
	for _, p := range catalogue {
		srv.waitReady(admin, p.Problem.Slug, 2*time.Minute)
	}
	// Wait for the rejudge to settle, then compare.
	for _, s := range before.subs {
		srv.await(admin, s.ID)
	}
	if after := srv.snapshot(admin); !reflect.DeepEqual(after, before) {
		t.Errorf("after restart:\n%+v\nbefore:\n%+v", after, before)
	}
}

// with returns a copy of s whose helpers report to t.
func (s *server) with(t *testing.T) *server {
	c := *s
	c.t = t
	return &c
}

// snapshot is what must survive a restart.
type snapshot struct {
	problems []string
	cases    map[string][]problemCase
	subs     []submission
}

func (s *server) snapshot(admin string) snapshot {
	s.t.Helper()
	var snap snapshot
	var list []struct{ Slug string }
	s.expect(200, "GET", "/api/v1/problems", "", nil, &list)
	snap.cases = map[string][]problemCase{}
	for _, p := range list {
		snap.problems = append(snap.problems, p.Slug)
		snap.cases[p.Slug] = s.cases(p.Slug)
	}
	s.expect(200, "GET", "/api/v1/submissions?limit=500", admin, nil, &snap.subs)
	for i := range snap.subs {
		snap.subs[i] = s.await(admin, snap.subs[i].ID)
	}
	return snap
}

// deepCase returns the id and input of the first case of slug whose optimum
// is at least 2 moves, so that every move verdict can be produced on it.
func (s *server) deepCase(slug, puzzle string) (int64, string) {
	s.t.Helper()
	for _, c := range s.cases(slug) {
		var d caseDetail
		s.expect(200, "GET", fmt.Sprintf("/api/v1/problems/%s/cases/%d", slug, c.ID), "", nil, &d)
		if r := solve(s.t, puzzle, d.Input); r.optimal >= 2 && r.optimal <= 12 {
			return c.ID, d.Input
		}
	}
	s.t.Fatalf("%s has no case with an optimum of 2 to 12 moves", slug)
	return 0, ""
}

type moveTest struct{ moves, verdict string }

// moveTests returns move texts for in with the verdict each must get.
func moveTests(t *testing.T, puzzle, in string, ref reference) []moveTest {
	first := strings.SplitN(strings.TrimSpace(ref.moves), "\n", 2)[0]
	switch puzzle {
	case "rotation":
		return []moveTest{
			{ref.moves, "accepted"},
			{"AF" + ref.moves, "suboptimal"}, // A then F: the same line up and back down
			{ref.moves[:1], "not_solved"},
			{"A Q", "invalid"},
		}
	case "floodit":
		return []moveTest{
			{ref.moves, "accepted"},
			{floodSuboptimal(t, in, ref), "suboptimal"},
			{strings.Fields(ref.moves)[0], "not_solved"},
			{"1 99", "invalid"},
		}
	case "fifteen":
		return []moveTest{
			{ref.moves, "accepted"},
			{ref.moves + "LR", "suboptimal"}, // the sorted board's blank is bottom right: left and back
			{ref.moves[:1], "not_solved"},
			{"L X", "invalid"},
		}
	default: // mayan: exactly n moves are asked for
		return []moveTest{
			{ref.moves, "accepted"},
			{first + "\n", "not_solved"},
			{"9 9 1\n", "invalid"},
		}
	}
}

// floodSuboptimal returns a flooding sequence one move longer than optimal:
// a first move after which the board still needs the full optimum, then an
// optimal finish.
func floodSuboptimal(t *testing.T, in string, ref reference) string {
	b, err := floodit.ParseCase(in)
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < b.Colors(); c++ {
		if c == b.Color() {
			continue
		}
		rest := solve(t, "floodit", floodit.Format(floodit.Flood(b, c)))
		if 1+rest.optimal > ref.optimal {
			return fmt.Sprintf("%d %s", c, rest.moves)
		}
	}
	t.Fatalf("no wasted first move on %q", in)
	return ""
}

// wrongIndex picks the case whose answer wrongAnswer changes: the first one
// that has a solution (an unsolvable Mayan case's "-1" has no wrong twin).
func wrongIndex(puzzle string, answers []string) int {
	for i, a := range answers {
		if puzzle != "mayan" || a != "-1\n" {
			return i
		}
	}
	return 0
}

// wrongAnswer turns a right answer into a well-formed wrong one.
func wrongAnswer(puzzle, right string) string {
	switch puzzle {
	case "floodit":
		var n int
		fmt.Sscan(right, &n)
		return fmt.Sprintf("%d\n", n+1)
	case "rotation":
		lines := strings.Split(strings.TrimSpace(right), "\n")
		var sym int
		fmt.Sscan(lines[len(lines)-1], &sym)
		lines[len(lines)-1] = fmt.Sprint(sym%3 + 1)
		return strings.Join(lines, "\n") + "\n"
	case "fifteen":
		if strings.HasPrefix(right, "This") {
			return "L\n"
		}
		return "This puzzle is not solvable.\n"
	default:
		return "-1\n"
	}
}
