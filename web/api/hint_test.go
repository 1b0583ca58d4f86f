package api

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

func TestHints(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("hana")
	e.waitReady()
	flood := e.caseIDs("flood")
	hint := func(token string, id int64, moves string) response {
		return e.do("POST", "/api/v1/problems/flood/cases/"+itoa64(id)+"/hint", token, hintRequest{moves})
	}

	hint(student, flood[1], "").want(t, 403, "forbidden") // off by default
	e.do("PATCH", "/api/v1/problems/flood", student, map[string]any{"hints": true}).want(t, 403, "forbidden")
	var on struct{ Hints bool }
	e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"hints": true}).want(t, 200, "").json(t, &on)
	if !on.Hints {
		t.Fatalf("PATCH hints=true answered %+v", on)
	}

	// Following the hints from the start floods sample 2 in its optimum,
	// each hinted move lowering the optimum by exactly one.
	board := "3\n0 1 2\n1 1 2\n2 2 1\n"
	var moves []string
	for k := 3; k > 0; k-- {
		var h struct{ Move string }
		hint(student, flood[1], strings.Join(moves, " ")).want(t, 200, "").json(t, &h)
		moves = append(moves, h.Move)
		var r replayJSON
		e.do("POST", "/api/v1/replay", "", replayRequest{"floodit", board, strings.Join(moves, " ")}).want(t, 200, "").json(t, &r)
		after := solveRef(t, "floodit", r.Steps[len(r.Steps)-1].Board)
		if got := strings.TrimSpace(after.answer); got != itoa64(int64(k-1)) {
			t.Fatalf("after hint %q the optimum is %s, want %d", h.Move, got, k-1)
		}
	}
	hint(student, flood[1], strings.Join(moves, " ")).want(t, 400, "invalid") // already flooded
	hint(student, flood[2], "").want(t, 403, "forbidden")                     // hidden board
	hint("", flood[1], "").want(t, 401, "")

	n, err := e.svc.HintCount(context.Background(), staff(), userID(t, e, "hana"), "flood")
	if err != nil || n != 3 {
		t.Errorf("HintCount = %d, %v; want 3 (the hints given, not the refused)", n, err)
	}

	e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"hints": false}).want(t, 200, "")
	hint(student, flood[1], "").want(t, 403, "forbidden")

	// The count beside the student's result, for instructors and the
	// student; on another problem, none taken.
	id := e.submit(student, "flood", map[string]any{"kind": "moves", "case": flood[1], "moves": strings.Join(moves, " ")})
	e.result(student, id)
	for _, token := range []string{student, e.admin} {
		if s := e.result(token, id); s.Hints == nil || *s.Hints != 3 {
			t.Errorf("submission %d read back with hints %v, want 3", id, s.Hints)
		}
	}
	other := e.submit(student, "rot", map[string]any{"kind": "answer", "output": "AC\n2\nHH\n3\n"})
	if s := e.result(student, other); s.Hints == nil || *s.Hints != 0 {
		t.Errorf("a submission to a problem without hints taken: hints %v, want 0", s.Hints)
	}
	e.do("GET", "/api/v1/submissions/"+itoa64(id), e.student("hugo"), nil).want(t, 403, "forbidden")
}

func staff() judge.User {
	return judge.User{ID: 1 << 40, Username: "staff", Role: judge.RoleInstructor}
}

// userID returns the id of a user, read back through the service.
func userID(t *testing.T, e *apiEnv, name string) int64 {
	t.Helper()
	u, err := e.svc.Authenticate(context.Background(), name, "pass-"+name)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestHintsShareTheSolverPool performs issue 24's hint flood: hints are
// reference solves, and used to run beside the pool, any number at once.
// They now take a solver as /check does: a student whose check is being
// solved gets 429 for a hint, and with the students' solver taken another
// student gets 503 busy, both with Retry-After.
func TestHintsShareTheSolverPool(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Solvers: 2, CheckWait: 300 * time.Millisecond, SolveTimeout: 3 * time.Second})
	mallory, alice := e.student("mallory"), e.student("alice")
	e.waitReady()
	e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"hints": true}).want(t, 200, "")
	sample := e.caseIDs("flood")[1]
	hint := func(token string) response {
		return e.do("POST", "/api/v1/problems/flood/cases/"+itoa64(sample)+"/hint", token, hintRequest{""})
	}
	hint(alice).want(t, 200, "") // nothing else running: a hint is given

	rng := rand.New(rand.NewPCG(24, 4))
	hard := testutil.FlooditBoard(30, func(int, int) int { return rng.IntN(16) })
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.do("POST", "/api/v1/check", mallory, map[string]string{"puzzle": "floodit", "board": hard, "moves": "1"})
	}()
	time.Sleep(200 * time.Millisecond) // mallory's solve holds the students' solver
	for _, tc := range []struct {
		who, token, code string
		status           int
	}{{"mallory", mallory, "rate_limited", 429}, {"alice", alice, "busy", 503}} {
		res := hint(tc.token)
		res.want(t, tc.status, tc.code)
		if res.header.Get("Retry-After") == "" {
			t.Errorf("%s's refused hint has no Retry-After", tc.who)
		}
	}
	<-done
	hint(alice).want(t, 200, "")
}
