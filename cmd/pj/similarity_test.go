package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/openapitest"
	"puzzlejudge/internal/testkit/similaritytest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/tools/similarity"
	"puzzlejudge/web"
	"puzzlejudge/web/api"
)

// startSimilarityJudge is startJudgeWith over Dolos's engine, with the
// five programs of similaritytest.CopySet stored on flood as judged ones.
func startSimilarityJudge(t *testing.T, engine similarity.Engine) *judgeServer {
	t.Helper()
	cfg := service.Config{RegistrationOpen: true, Similarity: service.SimilarityConfig{Engine: engine, Poll: 20 * time.Millisecond}}
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: adminPassword, Catalogue: testCatalogue()})
	srv := web.NewServer(svc, logger, nil, web.Options{Logins: db})
	validator := openapitest.MustNew(t, api.OpenAPIDocument())
	hs := httptest.NewServer(validator.Handler(t, srv.Router()))
	t.Cleanup(hs.Close)
	ctx := context.Background()
	p, err := db.ProblemBySlug(ctx, "flood")
	if err != nil {
		t.Fatal(err)
	}
	for _, prog := range similaritytest.CopySet() {
		u, err := svc.Register(ctx, prog.User, prog.User+"-pass-123", judge.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if _, err := db.CreateJudged(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Payload: prog.Source,
			Language: "cpp", Status: judge.StatusDone, Verdict: judge.Accepted, CreatedAt: now, JudgedAt: &now}, nil); err != nil {
			t.Fatal(err)
		}
	}
	return &judgeServer{t: t, URL: hs.URL, svc: svc}
}

// pj similarity asks a report, waits for it and prints the copy first;
// show and csv read it again.
func TestSimilarityCommand(t *testing.T) {
	js := startSimilarityJudge(t, similaritytest.Engine(t))
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)})
	r := admin.want(exitOK, "similarity", "problem", "flood", "--wait", "--limit", "3")
	m := regexp.MustCompile(`report (\d+) on problem flood: done, 5 programs, 10 pairs`).FindStringSubmatch(r.stdout)
	if m == nil || !regexp.MustCompile(`(?m)^1 +[01]\.\d{3} +ada \(\d+\) +eve \(\d+\) +flood +cpp`).MatchString(r.stdout) ||
		!strings.Contains(r.stdout, "7 more pairs") {
		t.Fatalf("pj similarity problem flood --wait printed:\n%s", r.stdout)
	}
	r = admin.want(exitOK, "similarity", "show", m[1], "--json", "--limit", "0")
	if strings.Count(r.stdout, `"rank"`) != 10 || !strings.Contains(r.stdout, `"status": "done"`) {
		t.Errorf("show --json printed:\n%s", r.stdout)
	}
	out := filepath.Join(t.TempDir(), "pairs.csv")
	admin.want(exitOK, "similarity", "csv", m[1], "-o", out)
	if data, err := os.ReadFile(out); err != nil || strings.Count(string(data), "\n") != 11 || !strings.Contains(string(data), ",ada,cpp,") {
		t.Errorf("csv wrote %q (%v)", data, err)
	}
	r = admin.want(exitOK, "similarity", "problem", "flood", "--all")
	if !regexp.MustCompile(`^report \d+ pending: pj similarity show \d+\n$`).MatchString(r.stdout) {
		t.Errorf("pj similarity problem flood --all printed %q", r.stdout)
	}
}

// Without Dolos the server's reason is printed (exit 3); students and bad
// arguments are refused.
func TestSimilarityCommandRefused(t *testing.T) {
	js := startSimilarityJudge(t, similarity.Engine{Dir: t.TempDir()})
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)})
	r := admin.want(exitServer, "similarity", "problem", "flood")
	if !strings.Contains(r.stderr, "tools/similarity/install") {
		t.Errorf("without Dolos pj said %q, want the server's reason", r.stderr)
	}
	admin.want(exitUsage, "similarity")
	admin.want(exitUsage, "similarity", "show", "x")
	admin.want(exitUsage, "similarity", "assignment", "99")
	student := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("zed")})
	if r := student.want(exitUsage, "similarity", "problem", "flood"); !strings.Contains(r.stderr, "403") {
		t.Errorf("a student's pj similarity said %q, want the 403", r.stderr)
	}
}
