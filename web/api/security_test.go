package api

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// TestCheckHiddenBoardOverHTTP performs the attack of issue 11.3 through
// the engine: POST /check with the input of a hidden case, transposed and
// recoloured, is 403 hidden_board for a student; an instructor gets the
// optimum.
func TestCheckHiddenBoardOverHTTP(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("eve")
	// The hidden case is 4x4 "0 1 2 3 / 1 2 3 4 / ..." (symmetric): its
	// colours shifted by one and the board transposed.
	board := "4\n1 2 3 4\n2 3 4 5\n3 4 5 0\n4 5 0 1\n"
	r := e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "floodit", "board": board, "moves": "1"}).want(t, 403, judge.EHIDDENBOARD)
	if !strings.Contains(r.errorMessage(t), "submit your moves to the problem") {
		t.Errorf("hidden_board message %q does not say what to do", r.errorMessage(t))
	}
	var out struct{ Optimal int }
	e.do("POST", "/api/v1/check", e.admin, map[string]any{"puzzle": "floodit", "board": board, "moves": "1"}).want(t, 200, "").json(t, &out)
	if out.Optimal == 0 {
		t.Error("an instructor's check of a hidden board has no optimum")
	}
}

// bigBoard is an n x n Flood-it board of k colours.
func bigBoard(n, k int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 3))
	return testutil.FlooditBoard(n, func(int, int) int { return rng.IntN(k) })
}

// TestCheckStarvationOverHTTP performs the attack of issue 11.4 through the
// engine: one student's 30x30 board is 400 naming check_max_size; with the
// cap lifted, four concurrent hard boards run one at a time (the others
// 429 with Retry-After, within seconds), and another student's 4x4 is
// answered at once.
func TestCheckStarvationOverHTTP(t *testing.T) {
	capped := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, CheckLimits: judge.Limits{MaxSize: 8, MaxColors: 10}})
	mallory := capped.student("mallory")
	msg := capped.do("POST", "/api/v1/check", mallory, map[string]any{"puzzle": "floodit", "board": bigBoard(30, 16, 1)}).
		want(t, 400, judge.EINVALID).errorMessage(t)
	if !strings.Contains(msg, "check_max_size") {
		t.Errorf("30x30 refused with %q, which does not name check_max_size", msg)
	}

	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Solvers: 3, CheckWait: 500 * time.Millisecond, SolveTimeout: 4 * time.Second})
	mallory, alice := e.student("mallory"), e.student("alice")
	var wg sync.WaitGroup
	results := make([]response, 4)
	for i := range 4 {
		wg.Go(func() {
			results[i] = e.do("POST", "/api/v1/check", mallory, map[string]any{"puzzle": "floodit", "board": bigBoard(30, 16, uint64(i))})
		})
	}
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	e.do("POST", "/api/v1/check", alice, map[string]any{"puzzle": "floodit", "board": "4\n0 1 2 3\n1 1 2 3\n2 2 1 3\n3 3 3 0\n"}).want(t, 200, "")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("alice's 4x4 waited %s behind mallory's boards", d)
	}
	wg.Wait()
	refused := 0
	for _, r := range results {
		if r.status == 429 {
			r.want(t, 429, httpx.ERATELIMITED)
			if r.header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
			refused++
		}
	}
	if refused != 3 {
		t.Errorf("%d of 4 concurrent checks refused, want 3", refused)
	}
}

// TestRegistrationSpam performs the attack of issue 11.5 through the
// engine: accounts from one address beyond the per-address rate get 429;
// without the course code registration is 403; a case variant of a taken
// name is 409.
func TestRegistrationSpam(t *testing.T) {
	regs := httpx.NewAddrLimiter(10)
	frozen := time.Now() // bcrypt under the race detector is slow enough for a refill
	regs.Now = func() time.Time { return frozen }
	e := newAPIEnvWith(t, Options{Registrations: regs}, service.Config{RegistrationOpen: true, RegistrationCode: "cs101"})
	e.do("POST", "/api/v1/register", "", map[string]string{"username": "nocode", "password": "password123"}).want(t, 403, judge.EREGISTRATIONCODE)
	e.do("POST", "/api/v1/register", "", map[string]string{"username": "Admin", "password": "password123", "code": "cs101"}).want(t, 409, judge.ECONFLICT)
	created := 2 // the two refusals took their attempts too
	for i := 0; created < 10; i++ {
		e.do("POST", "/api/v1/register", "", map[string]string{"username": fmt.Sprintf("bot%d", i), "password": "password123", "code": "cs101"}).want(t, 201, "")
		created++
	}
	r := e.do("POST", "/api/v1/register", "", map[string]string{"username": "bot99", "password": "password123", "code": "cs101"}).want(t, 429, httpx.ERATELIMITED)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	req := e.request("POST", "/api/v1/register", map[string]string{"username": "human", "password": "password123", "code": "cs101"})
	req.RemoteAddr = "203.0.113.9:5000"
	e.serve(req).want(t, 201, "")
}

// TestTokenLifecycle checks the token API of issue 11.7: named tokens,
// GET /tokens without secrets, DELETE /tokens/{id} of one's own only.
func TestTokenLifecycle(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.student("tess")
	var tok struct{ Token string }
	e.do("POST", "/api/v1/tokens", "", map[string]string{"username": "tess", "password": "pass-tess", "name": "ci runner"}).want(t, 201, "").json(t, &tok)
	var list []map[string]any
	r := e.do("GET", "/api/v1/tokens", tok.Token, nil).want(t, 200, "")
	r.json(t, &list)
	if len(list) != 2 || list[0]["name"] != "ci runner" || list[0]["expires_at"] == nil || list[0]["created_at"] == nil {
		t.Fatalf("GET /tokens = %s", r.body)
	}
	if strings.Contains(string(r.body), tok.Token) {
		t.Error("GET /tokens shows a token's secret")
	}
	other := list[1]["id"].(float64)
	e.do("DELETE", fmt.Sprintf("/api/v1/tokens/%d", int64(other)), e.admin, nil).want(t, 404, judge.ENOTFOUND)
	e.do("DELETE", fmt.Sprintf("/api/v1/tokens/%d", int64(other)), tok.Token, nil).want(t, 204, "")
	e.do("GET", "/api/v1/tokens", tok.Token, nil).want(t, 200, "").json(t, &list)
	if len(list) != 1 {
		t.Errorf("after revoking one, %d tokens are listed", len(list))
	}
	e.do("GET", "/api/v1/tokens", "", nil).want(t, 401, judge.EUNAUTHORIZED)
}

// TestTrailingBytesRefused checks issue 11.7: bytes after the JSON object
// were accepted silently; white space still is.
func TestTrailingBytesRefused(t *testing.T) {
	e := newAPIEnv(t, Options{})
	for _, body := range []string{
		`{"username":"ann","password":"password123"} x`,
		`{"username":"ann","password":"password123"}{"username":"bob"}`,
		`{"username":"ann","password":"password123"}]`,
	} {
		msg := e.do("POST", "/api/v1/register", "", body).want(t, 400, judge.EINVALID).errorMessage(t)
		if !strings.Contains(msg, "after the JSON object") {
			t.Errorf("%q refused with %q", body, msg)
		}
	}
	e.do("POST", "/api/v1/register", "", "{\"username\":\"ann\",\"password\":\"password123\"} \n\t").want(t, 201, "")
}

// TestShippedCaseDeleteRefused checks issue 11.7 through the engine:
// deleting a shipped board answered 204 and the board came back at the next
// start; it is 409 with the reason.
func TestShippedCaseDeleteRefused(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ids := e.caseIDs("flood")
	msg := e.do("DELETE", fmt.Sprintf("/api/v1/problems/flood/cases/%d", ids[0]), e.admin, nil).want(t, 409, judge.ECONFLICT).errorMessage(t)
	if !strings.Contains(msg, "shipped") {
		t.Errorf("refusal %q does not say why", msg)
	}
}

// TestMovesAndCheckTimesOverHTTP checks two items of issue 11.7 through the
// engine: a megabyte of moves is 400 and nothing is stored; a /check is
// stored judged no earlier than created.
func TestMovesAndCheckTimesOverHTTP(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("moe")
	ids := e.caseIDs("flood")
	huge := strings.Repeat("1 ", 500_000)
	e.do("POST", "/api/v1/problems/flood/submissions", student, map[string]any{"kind": "moves", "case": ids[1], "moves": huge}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "floodit", "board": "2\n0 1\n1 1\n", "moves": huge}).want(t, 400, judge.EINVALID)
	var subs []submissionJSON
	e.do("GET", "/api/v1/submissions", student, nil).want(t, 200, "").json(t, &subs)
	if len(subs) != 0 {
		t.Fatalf("%d submissions stored from refused moves", len(subs))
	}
	var out struct{ Submission int64 }
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "floodit", "board": "2\n0 1\n1 1\n", "moves": "1"}).want(t, 200, "").json(t, &out)
	var sub submissionJSON
	e.do("GET", fmt.Sprintf("/api/v1/submissions/%d", out.Submission), student, nil).want(t, 200, "").json(t, &sub)
	if sub.JudgedAt == nil || sub.JudgedAt.Before(sub.CreatedAt) {
		t.Errorf("check created %v, judged %v: judged before created", sub.CreatedAt, sub.JudgedAt)
	}
}
