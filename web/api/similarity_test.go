package api

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/similaritytest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/tools/similarity"
	"puzzlejudge/web/httpx"
)

// newSimilarityEnv is newAPIEnvWith that also hands back the database, so
// that a test stores students' programs as workers would have judged them
// (no sandbox needed: a report reads programs whatever their verdict).
func newSimilarityEnv(t *testing.T, engine similarity.Engine) (*apiEnv, *store.DB) {
	t.Helper()
	cfg := service.Config{RegistrationOpen: true, Similarity: service.SimilarityConfig{Engine: engine, Poll: 20 * time.Millisecond}}
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: adminPassword, Catalogue: apiCatalogue()})
	srv := New(svc, logger, Options{})
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(httpx.LimitBodyExcept(httpx.MaxBodyBytes, map[string]int64{ImportPath: ImportMaxBody}))
	srv.Register(r)
	e := &apiEnv{t: t, handler: r, server: srv, svc: svc}
	e.admin = e.login("admin", adminPassword)
	return e, db
}

// storeProgram stores a judged C++ program of a student.
func storeProgram(t *testing.T, db *store.DB, username, slug, source string, at time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	u, _, err := db.UserByName(ctx, username)
	if err != nil {
		t.Fatal(err)
	}
	p, err := db.ProblemBySlug(ctx, slug)
	if err != nil {
		t.Fatal(err)
	}
	s, err := db.CreateJudged(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Payload: source,
		Language: "cpp", Status: judge.StatusDone, Verdict: judge.WrongAnswer, CreatedAt: at, JudgedAt: &at}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// The contract end to end on real Dolos: 202 with an id, then the
// report with every pair, the copy first, its fragments; the CSV; a pair
// with both sources; students refused everywhere.
func TestSimilarityReportAPI(t *testing.T) {
	e, db := newSimilarityEnv(t, similaritytest.Engine(t))
	var student string
	at := time.Now().Add(-time.Hour)
	for i, p := range similaritytest.CopySet() {
		tok := e.student(p.User)
		if student == "" {
			student = tok
		}
		storeProgram(t, db, p.User, "flood", p.Source, at.Add(time.Duration(i)*time.Minute))
	}

	var queued struct {
		ID     int64  `json:"id"`
		Status string `json:"status"`
	}
	res := e.do("POST", "/api/v1/problems/flood/similarity", e.admin, map[string]any{}).want(t, http.StatusAccepted, "")
	res.json(t, &queued)
	if queued.ID == 0 || queued.Status != "pending" || res.header.Get("Location") != "/api/v1/similarity/"+itoa64(queued.ID) {
		t.Fatalf("POST similarity: %s (Location %q), want 202 {id, status pending}", res.body, res.header.Get("Location"))
	}
	var r similarityReportPairsJSON
	deadline := time.Now().Add(60 * time.Second)
	for r.Status != "done" && r.Status != "failed" {
		if time.Now().After(deadline) {
			t.Fatalf("the report is still %s: %s", r.Status, r.Progress)
		}
		time.Sleep(50 * time.Millisecond)
		e.do("GET", "/api/v1/similarity/"+itoa64(queued.ID), e.admin, nil).want(t, http.StatusOK, "").json(t, &r)
	}
	if r.Status != "done" || len(r.Pairs) != 10 || r.Scope != "problem" || r.Title != "flood" || r.RequestedBy != "admin" {
		t.Fatalf("report %+v, want done with 10 pairs", r.SimilarityReport)
	}
	top := r.Pairs[0]
	if top.Left.User != "ada" || top.Right.User != "eve" || top.Left.Language != "cpp" || top.Similarity < 0.7 ||
		top.Similarity-r.Pairs[1].Similarity < 0.15 || len(top.Fragments) == 0 || top.Fragments[0].Left.Start < 1 {
		t.Errorf("first pair %+v, next similarity %.3f: want ada-eve, >= 0.7, 0.15 ahead, with fragments", top, r.Pairs[1].Similarity)
	}

	csv := e.do("GET", "/api/v1/similarity/"+itoa64(queued.ID)+"/pairs.csv", e.admin, nil).want(t, http.StatusOK, "")
	lines := strings.Split(strings.TrimSpace(string(csv.body)), "\r\n")
	if len(lines) != 11 || !strings.HasPrefix(lines[0], "rank,problem,left_submission,left_user") || !strings.HasPrefix(lines[1], "1,flood,") ||
		!strings.Contains(lines[1], ",ada,cpp,") || !strings.Contains(lines[1], ",eve,cpp,") {
		t.Errorf("CSV:\n%s", csv.body)
	}

	var pair similarityPairSourcesJSON
	e.do("GET", "/api/v1/similarity/"+itoa64(queued.ID)+"/pairs/"+itoa64(top.ID), e.admin, nil).want(t, http.StatusOK, "").json(t, &pair)
	if pair.Report != queued.ID || pair.Rank != 1 || !strings.Contains(pair.LeftSource, "flood(") || !strings.Contains(pair.RightSource, "fill(") {
		t.Errorf("pair: rank %d, sources %.30q / %.30q", pair.Rank, pair.LeftSource, pair.RightSource)
	}
	var list []similarityReportJSON
	e.do("GET", "/api/v1/similarity?scope=problem&id=flood", e.admin, nil).want(t, http.StatusOK, "").json(t, &list)
	if len(list) != 1 || list[0].ID != queued.ID || list[0].PairCount != 10 {
		t.Errorf("the problem's reports: %+v", list)
	}

	for _, req := range []struct{ method, path string }{
		{"POST", "/api/v1/problems/flood/similarity"},
		{"GET", "/api/v1/similarity/" + itoa64(queued.ID)},
		{"GET", "/api/v1/similarity/" + itoa64(queued.ID) + "/pairs.csv"},
		{"GET", "/api/v1/similarity/" + itoa64(queued.ID) + "/pairs/" + itoa64(top.ID)},
		{"GET", "/api/v1/similarity"},
	} {
		e.do(req.method, req.path, student, map[string]any{}).want(t, http.StatusForbidden, "forbidden")
		e.do(req.method, req.path, "", map[string]any{}).want(t, http.StatusUnauthorized, "")
	}
}

// Without Dolos a report is refused with 503 and the reason; the other
// scopes and the options are read as the contract says.
func TestSimilarityAPIUnavailable(t *testing.T) {
	e, _ := newSimilarityEnv(t, similarity.Engine{Dir: t.TempDir()})
	msg := e.do("POST", "/api/v1/problems/flood/similarity", e.admin, nil).want(t, http.StatusServiceUnavailable, "unavailable").errorMessage(t)
	if !strings.Contains(msg, "tools/similarity/install") {
		t.Errorf("503 says %q, want the reason and the fix", msg)
	}
	e.do("POST", "/api/v1/problems/nope/similarity", e.admin, nil).want(t, http.StatusNotFound, "not_found")
	e.do("POST", "/api/v1/assignments/99/similarity", e.admin, map[string]any{"all_submissions": true}).want(t, http.StatusNotFound, "not_found")
	e.do("POST", "/api/v1/contests/99/similarity", e.admin, map[string]any{}).want(t, http.StatusNotFound, "not_found")
	e.do("POST", "/api/v1/contests/x/similarity", e.admin, map[string]any{}).want(t, http.StatusNotFound, "not_found")
	e.do("POST", "/api/v1/problems/flood/similarity", e.admin, `{"all_submissions": "yes"}`).want(t, http.StatusBadRequest, "invalid")
	e.do("GET", "/api/v1/similarity/77", e.admin, nil).want(t, http.StatusNotFound, "not_found")
	e.do("GET", "/api/v1/similarity?scope=team", e.admin, nil).want(t, http.StatusBadRequest, "invalid")
	e.do("GET", "/api/v1/similarity/1?limit=-1", e.admin, nil).want(t, http.StatusBadRequest, "invalid")
}
