package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCasesAdd(t *testing.T) {
	js := startJudge(t)
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_PASSWORD": adminPassword})
	admin.want(exitOK, "login", "admin")

	board := writeFile(t, "checkerboard.in", "3\n0 1 0\n1 0 1\n0 1 0\n")
	r := admin.want(exitOK, "cases", "add", "flood", board, "--sample")
	if !strings.Contains(r.stdout, "checkerboard added to flood") {
		t.Errorf("cases add printed %q", r.stdout)
	}
	found := false
	for _, c := range js.problem("flood").Cases {
		found = found || (c.Name == "checkerboard" && c.Sample)
	}
	if !found {
		t.Errorf("the case is not in the problem: %+v", js.problem("flood").Cases)
	}
	admin.want(exitOK, "cases", "add", "--name", "named", "flood", board)

	bad := writeFile(t, "bad.in", "2\n0 0\n0 z\n")
	r = admin.want(exitUsage, "cases", "add", "flood", bad)
	if !strings.Contains(r.stderr, "bad.in: line 3, column 3") {
		t.Errorf("a board that does not parse said %q, want the file, line and column", r.stderr)
	}
	admin.want(exitUsage, "cases", "add", "flood")
	admin.want(exitUsage, "cases")

	student := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	r = student.want(exitUsage, "cases", "add", "flood", board)
	if !strings.Contains(r.stderr, "403") {
		t.Errorf("a student's cases add said %q, want the 403", r.stderr)
	}
}

func TestGrades(t *testing.T) {
	js := startJudge(t)
	adminToken := js.token("admin", adminPassword)
	if !js.hasRoute("GET", "/assignments/1/grades.csv", adminToken) {
		t.Skip("GET /assignments/{id}/grades.csv is not on this server yet (branch courses)")
	}
	now := time.Now().UTC().Truncate(time.Second) // the API takes whole seconds
	st, body := js.api("POST", "/assignments", adminToken, map[string]any{"title": "Week 1",
		"problems": []map[string]any{{"slug": "flood", "weight": 1}},
		"opens_at": now.Add(-time.Hour), "due_at": now.Add(time.Hour)})
	var a struct{ ID int64 }
	if st != 201 || json.Unmarshal(body, &a) != nil {
		t.Fatalf("POST /assignments = %d: %s", st, body)
	}
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": adminToken})
	out := filepath.Join(t.TempDir(), "grades.csv")
	admin.want(exitOK, "grades", strconv.FormatInt(a.ID, 10), "-o", out)
	if data, err := os.ReadFile(out); err != nil || !strings.Contains(string(data), ",") {
		t.Errorf("grades wrote %q (%v), want a CSV", data, err)
	}
	if r := admin.want(exitOK, "grades", strconv.FormatInt(a.ID, 10)); !strings.Contains(r.stdout, ",") {
		t.Errorf("grades on stdout = %q", r.stdout)
	}
	admin.want(exitUsage, "grades", "999999")
	student := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	student.want(exitUsage, "grades", strconv.FormatInt(a.ID, 10))
}

// A server's own failure is exit 3, whatever the command; so is a server
// that cannot be reached and a rate limit.
func TestServerErrors(t *testing.T) {
	statuses := map[string]int{"/api/v1/problems": 500, "/api/v1/submissions/1": 502, "/api/v1/check": 429, "/api/v1/problems/flood": 503}
	stub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(statuses[r.URL.Path])
		w.Write([]byte(`{"error":{"code":"internal","message":"internal error"}}`))
	}))
	defer stub.Close()
	pj := newPJ(t, map[string]string{"PJ_SERVER": stub.URL, "PJ_TOKEN": "t"})
	pj.want(exitServer, "problems")
	pj.want(exitServer, "status", "1", "--wait")
	r := pj.want(exitServer, "check", "floodit", writeFile(t, "b.txt", "1\n0\n"), "1")
	if !strings.Contains(r.stderr, "retry after 7 s") {
		t.Errorf("a rate limit said %q, want Retry-After", r.stderr)
	}
	if r := pj.want(exitServer, "show", "flood"); !strings.Contains(r.stderr, "retry after 7 s") {
		t.Errorf("an unavailable server said %q, want Retry-After", r.stderr)
	}
	pj.want(exitServer, "problems", "--server", "http://127.0.0.1:1")
}

// The server's own rate limit names the wait in its message; pj adds the
// Retry-After only to a message that does not, so the wait shows once.
func TestRateLimitSaysTheWaitOnce(t *testing.T) {
	stub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"error":{"code":"rate_limited","message":"too many submissions: at most 6 per minute, try again in 7 s"}}`))
	}))
	defer stub.Close()
	pj := newPJ(t, map[string]string{"PJ_SERVER": stub.URL, "PJ_TOKEN": "t"})
	r := pj.want(exitServer, "check", "floodit", writeFile(t, "b.txt", "1\n0\n"), "1")
	if n := strings.Count(r.stderr, "7 s"); n != 1 {
		t.Errorf("a rate limit said %q: the wait %d times, want once", r.stderr, n)
	}
}

func TestUsage(t *testing.T) {
	pj := newPJ(t, nil)
	for _, args := range [][]string{{"frobnicate"}, {"problems", "--nope"}, {"problems", "extra"}, {"show"}, {"moves", "a", "b"}} {
		r := pj.run("", args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "--help") {
			t.Errorf("pj %v = %d, %q; want exit 2 and a pointer to --help", args, r.code, r.stderr)
		}
	}
	r := pj.want(exitOK, "--help")
	if !strings.Contains(r.stdout, "Exit status") {
		t.Errorf("pj --help lacks the exit statuses:\n%s", r.stdout)
	}
	pj.want(exitOK)
}
