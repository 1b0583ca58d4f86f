package service_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/similaritytest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/tools/similarity"
)

// addProgram stores a judged program of u for the problem, as a worker
// would have left it (the verdict does not matter to a report).
func addProgram(t testing.TB, db *store.DB, u judge.User, slug, language, source string, verdict judge.Verdict, at time.Time) judge.Submission {
	t.Helper()
	p, err := db.ProblemBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := db.CreateJudged(context.Background(), judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram,
		Payload: source, Language: language, Status: judge.StatusDone, Verdict: verdict, CreatedAt: at, JudgedAt: &at}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// waitReport waits until a report has ended, and returns it whole.
func waitReport(t testing.TB, s *service.Service, v judge.User, id int64) judge.SimilarityReport {
	t.Helper()
	var r judge.SimilarityReport
	waitFor(t, "the similarity report to end", func() bool {
		var err error
		if r, err = s.SimilarityReport(context.Background(), v, id, 0, 0); err != nil {
			t.Fatal(err)
		}
		return r.Status == judge.SimDone || r.Status == judge.SimFailed
	})
	return r
}

// copySet stores the five programs of similaritytest.CopySet on flood,
// each by its student, after an older program of ada's that differs.
func copySet(t testing.TB, s *service.Service, db *store.DB) map[string]judge.Submission {
	t.Helper()
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	at := time.Now().Add(-time.Hour)
	subs := map[string]judge.Submission{}
	for i, p := range similaritytest.CopySet() {
		u := mustUser(t, s, p.User)
		if p.User == "ada" {
			addProgram(t, db, u, "flood", "cpp", "int main() { return 0; }\n", judge.CompileError, at)
		}
		verdict := []judge.Verdict{judge.Accepted, judge.WrongAnswer, judge.TimeLimit}[i%3]
		subs[p.User] = addProgram(t, db, u, "flood", "cpp", p.Source, verdict, at.Add(time.Duration(i+1)*time.Minute))
	}
	return subs
}

// The done: five students' C++ programs, one a renamed and laid
// out anew copy of another; the copy's pair ranks first, at least 0.7,
// at least 0.15 above the next, with its fragments.
func TestSimilarityFindsTheCopy(t *testing.T) {
	engine := similaritytest.Engine(t)
	db := openDB(t, "sim.db")
	s := newService(t, db, service.Config{Similarity: service.SimilarityConfig{Engine: engine}})
	boss := mustInstructor(t, s, "boss")
	subs := copySet(t, s, db)

	asked, err := s.AskSimilarity(context.Background(), boss, judge.SimScopeProblem, "flood", judge.SimilarityOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if asked.Status != judge.SimPending || asked.ID == 0 {
		t.Fatalf("AskSimilarity = %+v, want a pending report with an id", asked)
	}
	r := waitReport(t, s, boss, asked.ID)
	if r.Status != judge.SimDone {
		t.Fatalf("report %s: %s", r.Status, r.Reason)
	}
	if len(r.Pairs) != 10 || r.PairCount != 10 || r.Programs != 5 {
		t.Fatalf("%d pairs (count %d) of %d programs, want 10 of 5 (each student's last)", len(r.Pairs), r.PairCount, r.Programs)
	}
	top, next := r.Pairs[0], r.Pairs[1]
	if top.Left.Submission != subs["ada"].ID || top.Right.Submission != subs["eve"].ID || top.Left.User != "ada" || top.Right.User != "eve" {
		t.Errorf("first pair %s (%d) - %s (%d), want ada's and eve's last", top.Left.User, top.Left.Submission, top.Right.User, top.Right.Submission)
	}
	if top.Similarity < 0.7 || top.Similarity-next.Similarity < 0.15 {
		t.Errorf("the copy's similarity %.3f, the next pair's %.3f: want >= 0.7 and 0.15 ahead", top.Similarity, next.Similarity)
	}
	if top.Rank != 1 || next.Rank != 2 || top.Left.Language != "cpp" || top.Left.Problem != "flood" {
		t.Errorf("first pairs %+v, %+v: want ranks 1, 2 of flood in cpp", top, next)
	}
	if len(top.Fragments) == 0 || top.LongestFragment == 0 || top.Overlap == 0 {
		t.Fatalf("the copy has no fragments: %+v", top)
	}
	for i := 1; i < len(r.Pairs); i++ {
		if r.Pairs[i].Similarity > r.Pairs[i-1].Similarity {
			t.Errorf("pair %d (%.3f) above pair %d (%.3f): want most similar first", i+1, r.Pairs[i].Similarity, i, r.Pairs[i-1].Similarity)
		}
	}
	pair, err := s.SimilarityPair(context.Background(), boss, r.ID, top.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pair.Left, "flood(") || !strings.Contains(pair.Right, "fill(") {
		t.Errorf("the pair's sources are not ada's and eve's: %.40q, %.40q", pair.Left, pair.Right)
	}

	// Every program, ada's first one too: 6 programs, 15 pairs less ada's
	// own pair.
	all, err := s.AskSimilarity(context.Background(), boss, judge.SimScopeProblem, "flood", judge.SimilarityOptions{AllSubmissions: true})
	if err != nil {
		t.Fatal(err)
	}
	if r := waitReport(t, s, boss, all.ID); r.Status != judge.SimDone || len(r.Pairs) != 14 || r.Programs != 6 || !r.Options.AllSubmissions {
		t.Errorf("all_submissions: %s with %d pairs of %d programs (%s), want done with 14 of 6", r.Status, len(r.Pairs), r.Programs, r.Reason)
	}
}

// Programs are compared within their problem and language only; a
// language Dolos does not read is left out, and the report says so.
func TestSimilarityGroupsByProblemAndLanguage(t *testing.T) {
	engine := similaritytest.Engine(t)
	db := openDB(t, "sim.db")
	s := newService(t, db, service.Config{Similarity: service.SimilarityConfig{Engine: engine}})
	boss := mustInstructor(t, s, "boss")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	syncProblem(t, s, "flood2", "floodit", "", flooditCases...)
	py := "n = int(input())\nprint(n * n)\n"
	cpp := similaritytest.CopySet()[0].Source
	at := time.Now().Add(-time.Hour)
	for _, name := range []string{"ann", "ben", "cat"} {
		u := mustUser(t, s, name)
		addProgram(t, db, u, "flood", "cpp", cpp, judge.Accepted, at)
		addProgram(t, db, u, "flood", "python3", py, judge.Accepted, at)
		addProgram(t, db, u, "flood2", "cpp98", cpp, judge.Accepted, at)
		addProgram(t, db, u, "flood2", "brainfuck", "+++.", judge.Accepted, at)
	}
	asked, err := s.AskSimilarity(context.Background(), boss, judge.SimScopeProblem, "flood", judge.SimilarityOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := waitReport(t, s, boss, asked.ID)
	if r.Status != judge.SimDone || len(r.Pairs) != 6 {
		t.Fatalf("flood: %s with %d pairs (%s), want 3 cpp and 3 python3 pairs", r.Status, len(r.Pairs), r.Reason)
	}
	for _, p := range r.Pairs {
		if p.Left.Language != p.Right.Language || p.Left.Problem != "flood" {
			t.Errorf("pair %s/%s (%s) - %s/%s (%s): want one problem and language", p.Left.Problem, p.Left.Language, p.Left.User, p.Right.Problem, p.Right.Language, p.Right.User)
		}
	}
	asked, err = s.AskSimilarity(context.Background(), boss, judge.SimScopeProblem, "flood2", judge.SimilarityOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r = waitReport(t, s, boss, asked.ID)
	if r.Status != judge.SimDone || len(r.Pairs) != 3 || !strings.Contains(r.Reason, "3 programs in brainfuck") {
		t.Errorf("flood2: %s with %d pairs, reason %q: want 3 pairs and the brainfuck programs named", r.Status, len(r.Pairs), r.Reason)
	}
}

// Students may neither ask for a report nor read one.
func TestSimilarityStudentsRefused(t *testing.T) {
	db := openDB(t, "sim.db")
	s := newService(t, db, service.Config{})
	ann := mustUser(t, s, "ann")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	id, err := db.CreateSimilarity(context.Background(), judge.SimilarityReport{Scope: judge.SimScopeProblem, Title: "flood", CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"ask": func() error {
			_, err := s.AskSimilarity(context.Background(), ann, judge.SimScopeProblem, "flood", judge.SimilarityOptions{})
			return err
		},
		"read": func() error { _, err := s.SimilarityReport(context.Background(), ann, id, 0, 0); return err },
		"list": func() error { _, err := s.SimilarityReports(context.Background(), ann, "", ""); return err },
		"pair": func() error { _, err := s.SimilarityPair(context.Background(), ann, id, 1); return err },
	} {
		if err := call(); judge.ErrorCode(err) != judge.EFORBIDDEN {
			t.Errorf("%s as a student: %v, want forbidden", name, err)
		}
	}
}

// Without Dolos a report is refused with the reason (503), and one left
// pending (asked where Dolos ran) fails with it instead of waiting forever.
func TestSimilarityUnavailable(t *testing.T) {
	db := openDB(t, "sim.db")
	engine := similarity.Engine{Dir: t.TempDir()}
	s := newServiceLog(t, db, service.Config{Similarity: service.SimilarityConfig{Engine: engine, Poll: 10 * time.Millisecond}}, nil)
	boss := mustInstructor(t, s, "boss")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	ok, reason := s.SimilarityState()
	if ok || !strings.Contains(reason, "tools/similarity/install") {
		t.Errorf("SimilarityState() = %v, %q: want the reason and the fix", ok, reason)
	}
	_, err := s.AskSimilarity(context.Background(), boss, judge.SimScopeProblem, "flood", judge.SimilarityOptions{})
	if judge.ErrorCode(err) != judge.EUNAVAILABLE || !strings.Contains(judge.ErrorMessage(err), reason) {
		t.Errorf("AskSimilarity without Dolos: %v, want unavailable saying %q", err, reason)
	}
	id, err := db.CreateSimilarity(context.Background(), judge.SimilarityReport{Scope: judge.SimScopeProblem, ScopeID: 1, Title: "flood", CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	r := waitReport(t, s, boss, id)
	if r.Status != judge.SimFailed || !strings.Contains(r.Reason, "Dolos cannot run") {
		t.Errorf("a pending report without Dolos: %s %q, want failed with the reason", r.Status, r.Reason)
	}
	if _, err := s.AskSimilarity(context.Background(), boss, judge.SimScopeAssignment, "12", judge.SimilarityOptions{}); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("a report on a missing assignment: %v, want not found before unavailable", err)
	}
}

// With similarity.auto, an assignment that closed and a contest that ended
// each get one automatic report; a running one gets none.
func TestSimilarityAutomatic(t *testing.T) {
	db := openDB(t, "sim.db")
	engine := similarity.Engine{Dir: t.TempDir()} // the reports fail: their start is what is tested
	s := newServiceLog(t, db, service.Config{Similarity: service.SimilarityConfig{Engine: engine, Auto: true,
		AutoEvery: 10 * time.Millisecond, Poll: 10 * time.Millisecond}}, nil)
	boss := mustInstructor(t, s, "boss")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	ctx := context.Background()
	now := time.Now()
	closed, err := s.CreateAssignment(ctx, boss, judge.AssignmentSpec{Title: "closed", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}},
		OpensAt: now.Add(-48 * time.Hour), DueAt: now.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	open, err := s.CreateAssignment(ctx, boss, judge.AssignmentSpec{Title: "open", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}},
		OpensAt: now.Add(-48 * time.Hour), DueAt: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	ended, err := s.CreateContest(ctx, boss, judge.ContestSpec{Title: "ended", Problems: []judge.ContestProblemSpec{{Slug: "flood"}},
		StartTime: now.Add(-3 * time.Hour), Duration: time.Hour, Scoring: judge.ScoringICPC})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the automatic reports", func() bool {
		rs, err := s.SimilarityReports(ctx, boss, "", "")
		if err != nil {
			t.Fatal(err)
		}
		return len(rs) >= 2
	})
	time.Sleep(100 * time.Millisecond) // ten more looks: still one each
	for _, tc := range []struct {
		scope string
		id    int64
		want  int
	}{
		{judge.SimScopeAssignment, closed.ID, 1}, {judge.SimScopeAssignment, open.ID, 0}, {judge.SimScopeContest, ended.ID, 1},
	} {
		rs, err := s.SimilarityReports(ctx, boss, tc.scope, strconv.FormatInt(tc.id, 10))
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != tc.want || (tc.want == 1 && !rs[0].Automatic) {
			t.Errorf("%s %d: %d reports (%+v), want %d automatic", tc.scope, tc.id, len(rs), rs, tc.want)
		}
	}
}

// An assignment's report reads the programs sent from its opening to its
// last deadline; a contest's, those sent in the contest.
func TestSimilarityScopes(t *testing.T) {
	engine := similaritytest.Engine(t)
	db := openDB(t, "sim.db")
	s := newService(t, db, service.Config{Similarity: service.SimilarityConfig{Engine: engine}})
	boss := mustInstructor(t, s, "boss")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	ctx := context.Background()
	now := time.Now()
	a, err := s.CreateAssignment(ctx, boss, judge.AssignmentSpec{Title: "week", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}},
		OpensAt: now.Add(-2 * time.Hour), DueAt: now.Add(-30 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.CreateContest(ctx, boss, judge.ContestSpec{Title: "cup", Problems: []judge.ContestProblemSpec{{Slug: "flood"}},
		StartTime: now.Add(-2 * time.Hour), Duration: 3 * time.Hour, Scoring: judge.ScoringICPC})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := db.ProblemBySlug(ctx, "flood")
	set := similaritytest.CopySet()
	in := map[string][]string{} // the users each report should compare
	for i, when := range []struct {
		at      time.Duration
		contest bool
	}{{-3 * time.Hour, false}, {-time.Hour, false}, {-50 * time.Minute, false}, {-40 * time.Minute, true}, {-20 * time.Minute, true}} {
		u := mustUser(t, s, set[i].User)
		sub := judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Payload: set[i].Source, Language: "cpp",
			Status: judge.StatusDone, Verdict: judge.Accepted, CreatedAt: now.Add(when.at)}
		if when.contest {
			sub.ContestID = c.ID
			in["contest"] = append(in["contest"], set[i].User)
		}
		if when.at > -2*time.Hour && when.at < -30*time.Minute {
			in["assignment"] = append(in["assignment"], set[i].User)
		}
		if _, err := db.CreateJudged(ctx, sub, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ scope, ref string }{
		{judge.SimScopeAssignment, strconv.FormatInt(a.ID, 10)}, {judge.SimScopeContest, strconv.FormatInt(c.ID, 10)},
	} {
		asked, err := s.AskSimilarity(ctx, boss, tc.scope, tc.ref, judge.SimilarityOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r := waitReport(t, s, boss, asked.ID)
		want := in[tc.scope]
		var got []string
		for _, pair := range r.Pairs {
			got = append(got, pair.Left.User, pair.Right.User)
		}
		n := len(want)
		if r.Status != judge.SimDone || r.Programs != n || len(r.Pairs) != n*(n-1)/2 || !sameSet(got, want) {
			t.Errorf("%s report: %s, %d programs, pairs of %v (%s); want the programs of %v", tc.scope, r.Status, r.Programs, got, r.Reason, want)
		}
	}
}

// sameSet reports whether got holds exactly the names of want, repeated or not.
func sameSet(got, want []string) bool {
	seen := map[string]bool{}
	for _, g := range got {
		seen[g] = true
	}
	for _, w := range want {
		if !seen[w] {
			return false
		}
	}
	return len(seen) == len(want)
}

// The reports left running by a crash are taken over when the server
// starts again (one process: at once, every one of them), not left running
// until their leases run out.
func TestSimilarityTakesOverACrash(t *testing.T) {
	db := openDB(t, "sim.db")
	ctx := context.Background()
	var ids []int64
	for range 2 {
		id, err := db.CreateSimilarity(ctx, judge.SimilarityReport{Scope: judge.SimScopeProblem, ScopeID: 1, Title: "flood", CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		c, ok, err := db.ClaimSimilarity(ctx, time.Now().Add(-time.Hour))
		if !ok || err != nil || c.ID != id {
			t.Fatalf("the crashed runner's claim: %+v %v %v", c, ok, err)
		}
		ids = append(ids, id)
	}
	engine := similarity.Engine{Dir: t.TempDir()}
	s := newServiceLog(t, db, service.Config{Similarity: service.SimilarityConfig{Engine: engine, Poll: 10 * time.Millisecond}}, nil)
	boss := mustInstructor(t, s, "boss")
	for _, id := range ids {
		if r := waitReport(t, s, boss, id); r.Status != judge.SimFailed || !strings.Contains(r.Reason, "Dolos cannot run") {
			t.Errorf("report %d left running: %s %q, want taken over (and failed here, without Dolos)", id, r.Status, r.Reason)
		}
	}
}
