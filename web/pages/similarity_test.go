package pages

import (
	"context"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/similaritytest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/tools/similarity"
)

// newSimilarityPagesEnv is newPagesEnvConfig that also hands back the
// database, to store programs and reports as the runner would have.
// Its runner looks for reports every poll (and when one is asked here).
func newSimilarityPagesEnv(t *testing.T, engine similarity.Engine, poll time.Duration) (*pagesEnv, *store.DB) {
	t.Helper()
	cfg := service.Config{RegistrationOpen: true, PollInterval: 10 * time.Millisecond,
		Similarity: service.SimilarityConfig{Engine: engine, Poll: poll}}
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: pagesAdminPassword, Catalogue: pagesFixtures()})
	server := New(svc, logger, Options{})
	srv := httptest.NewServer(webtest.Engine(server.Register))
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, svc: svc, srv: srv, server: server}, db
}

// storeProgramAs stores a judged program of a student on flood.
func storeProgramAs(t *testing.T, db *store.DB, username, source string) judge.Submission {
	t.Helper()
	ctx := context.Background()
	u, _, err := db.UserByName(ctx, username)
	if err != nil {
		t.Fatal(err)
	}
	p, err := db.ProblemBySlug(ctx, "flood")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	s, err := db.CreateJudged(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Payload: source,
		Language: "cpp", Status: judge.StatusDone, Verdict: judge.WrongAnswer, CreatedAt: now, JudgedAt: &now}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The report page lists the pairs with their bars and links, and the pair
// page shows both sources side by side, the lines of each fragment in the
// fragment's colour on both sides; students are refused. The report is
// stored as the runner stores one (this one is asleep), so that no Dolos
// is needed.
func TestSimilarityPages(t *testing.T) {
	e, db := newSimilarityPagesEnv(t, similarity.Engine{Dir: t.TempDir()}, time.Hour)
	ctx := context.Background()
	student := e.browser()
	student.register("stu", "stu-pass-123")
	for _, name := range []string{"ann", "ben"} {
		if _, err := e.svc.Register(ctx, name, name+"-pass-123", judge.RoleStudent); err != nil {
			t.Fatal(err)
		}
	}
	left := storeProgramAs(t, db, "ann", "#include <cstdio>\nint main() {\n  int a = 1;\n  int b = 2;\n  printf(\"%d\", a + b);\n}\n")
	right := storeProgramAs(t, db, "ben", "// mine\n#include <cstdio>\nint main() {\n  int x = 1;\n  int y = 2;\n  printf(\"%d\", x + y);\n}\n")
	p, _ := db.ProblemBySlug(ctx, "flood")
	id, err := db.CreateSimilarity(ctx, judge.SimilarityReport{Scope: judge.SimScopeProblem, ScopeID: p.ID, Title: "flood", RequestedBy: "admin", CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	c, ok, err := db.ClaimSimilarity(ctx, time.Now())
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	prog := func(s judge.Submission, user string) judge.SimilarityProgram {
		return judge.SimilarityProgram{Submission: s.ID, UserID: s.UserID, User: user, Language: "cpp", Problem: "flood"}
	}
	pair := judge.SimilarityPair{Left: prog(left, "ann"), Right: prog(right, "ben"), Similarity: 0.875, LongestFragment: 30, Overlap: 40,
		Fragments: []judge.SimilarityFragment{
			{Left: judge.LineRange{Start: 1, End: 3}, Right: judge.LineRange{Start: 2, End: 4}},
			{Left: judge.LineRange{Start: 5, End: 6}, Right: judge.LineRange{Start: 6, End: 7}},
		}}
	if err := db.FinishSimilarity(ctx, id, c.Token, judge.SimDone, "", 2, []judge.SimilarityPair{pair}); err != nil {
		t.Fatal(err)
	}

	admin := e.browser()
	admin.login("admin", pagesAdminPassword)
	path := "/similarity/" + strconv.FormatInt(id, 10)
	r := admin.get(path).want(t, 200, `<meter min="0" max="1"`, `value="0.875"`, "87.5%", ">ann<", ">ben<", path+"/pairs.csv", "side by side", `<a href="/problems/flood">flood</a>`)
	noTemplateError(t, r)
	link := regexp.MustCompile(`href="(` + path + `/pairs/\d+)"`).FindStringSubmatch(r.body)
	if link == nil {
		t.Fatalf("the report page links no pair:\n%s", r.body)
	}
	pp := admin.get(link[1]).want(t, 200, "ann and ben, side by side", "lines 1–3", "lines 6–7", "87.5% similar")
	noTemplateError(t, pp)
	// Fragment 1 is lines 1-3 left and 2-4 right, in colour 0; fragment 2
	// lines 5-6 and 6-7, in colour 1; the other lines have none.
	for _, want := range []struct {
		side   string
		line   int
		colour string
	}{
		{"l", 1, "sim-f0"}, {"l", 3, "sim-f0"}, {"l", 4, ""}, {"l", 5, "sim-f1"}, {"l", 6, "sim-f1"},
		{"r", 1, ""}, {"r", 2, "sim-f0"}, {"r", 4, "sim-f0"}, {"r", 5, ""}, {"r", 6, "sim-f1"}, {"r", 7, "sim-f1"},
	} {
		class := "line"
		if want.colour != "" {
			class += " " + want.colour
		}
		if !strings.Contains(pp.body, `<span class="`+class+`" id="`+want.side+strconv.Itoa(want.line)+`"`) {
			t.Errorf("line %s%d is not marked %q", want.side, want.line, want.colour)
		}
	}
	if !strings.Contains(pp.body, "printf") || !strings.Contains(pp.body, "// mine") || !strings.Contains(pp.body, `class="ln">7<`) {
		t.Errorf("the pair page lacks the sources:\n%s", pp.body)
	}
	csv := admin.get(path+"/pairs.csv").want(t, 200, "rank,problem,left_submission", ",ann,cpp,", "0.8750")
	if ct := csv.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Errorf("CSV content type %q", ct)
	}
	list := admin.get("/similarity?scope=problem&id=flood").want(t, 200, path, "flood", "tools/similarity/install")
	if !strings.Contains(list.body, `disabled`) {
		t.Error("the list offers a report where Dolos cannot run")
	}

	for _, p := range []string{path, link[1], path + "/pairs.csv", "/similarity", "/similarity?scope=problem&id=flood"} {
		student.get(p).want(t, 403)
	}
	student.post("/similarity", url.Values{"scope": {"problem"}, "id": {"flood"}}).want(t, 403)

	// The assignment's and the contest's pages link their reports.
	a, err := e.svc.CreateAssignment(ctx, webtest.Staff, judge.AssignmentSpec{Title: "week 1", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}},
		OpensAt: time.Now().Add(-time.Hour), DueAt: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	admin.get("/assignments/"+strconv.FormatInt(a.ID, 10)).want(t, 200, `href="/similarity?scope=assignment&amp;id=`+strconv.FormatInt(a.ID, 10)+`"`)
	admin.get("/similarity?scope=assignment&id="+strconv.FormatInt(a.ID, 10)).want(t, 200, "No report yet.")
	cs, err := e.svc.CreateContest(ctx, webtest.Staff, judge.ContestSpec{Title: "cup", Problems: []judge.ContestProblemSpec{{Slug: "flood"}},
		StartTime: time.Now().Add(-time.Hour), Duration: 2 * time.Hour, Scoring: judge.ScoringICPC})
	if err != nil {
		t.Fatal(err)
	}
	admin.get("/contests/"+strconv.FormatInt(cs.ID, 10)).want(t, 200, `href="/similarity?scope=contest&amp;id=`+strconv.FormatInt(cs.ID, 10)+`"`)
}

// On real Dolos: the instructor asks from the list page's form, the report
// page reloads until done, the copy's pair is first, and its page shows
// the fragments side by side.
func TestSimilarityPagesAsk(t *testing.T) {
	e, db := newSimilarityPagesEnv(t, similaritytest.Engine(t), 20*time.Millisecond)
	for _, p := range similaritytest.CopySet() {
		if _, err := e.svc.Register(context.Background(), p.User, p.User+"-pass-123", judge.RoleStudent); err != nil {
			t.Fatal(err)
		}
		storeProgramAs(t, db, p.User, p.Source)
	}
	admin := e.browser()
	admin.login("admin", pagesAdminPassword)
	admin.get("/similarity?scope=problem&id=flood").want(t, 200, "Compare the programs")
	path := admin.post("/similarity", url.Values{"scope": {"problem"}, "id": {"flood"}}).redirectTo(t, "/similarity/")
	r := admin.waitDone(path)
	r.want(t, 200, "10 pairs")
	first := regexp.MustCompile(`(?s)<tbody>.*?<tr>.*?>(\w+)</a></td>\s*<td><a [^>]*>(\w+)</a>.*?href="(/similarity/\d+/pairs/\d+)"`).FindStringSubmatch(r.body)
	if first == nil || first[1] != "ada" || first[2] != "eve" {
		t.Fatalf("the first pair is not ada's and eve's:\n%s", r.body)
	}
	pp := admin.get(first[3]).want(t, 200, "ada and eve, side by side", `class="line sim-f0" id="l`, `class="line sim-f0" id="r`, "flood", "fill")
	noTemplateError(t, pp)
}
