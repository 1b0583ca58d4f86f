package store

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
)

// opener opens a second handle on the same database, as another process
// would.
type opener func(t *testing.T) *DB

// openerOf opens driver's database at dsn, closed when the test ends.
func openerOf(driver, dsn string) opener {
	return func(t *testing.T) *DB {
		d := mustOpen(t, driver, dsn)
		t.Cleanup(func() { d.Close() })
		return d
	}
}

// problemAndCases reads a problem and its cases, as a test's snapshot of
// what a failed write must leave as it was.
func problemAndCases(t *testing.T, d *DB, slug string) (judge.Problem, []judge.Case) {
	t.Helper()
	p, err := d.ProblemBySlug(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := d.Cases(context.Background(), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	return p, cases
}

// mustOpen opens driver's database at dsn or fails the test; the caller
// closes it (several tests close and open it again, as a restart).
func mustOpen(t *testing.T, driver, dsn string) *DB {
	t.Helper()
	d, err := Open(driver, dsn, nil)
	if err != nil {
		t.Fatalf("Open(%s, %q): %v", driver, dsn, err)
	}
	return d
}

// sqliteOpener opens a fresh SQLite file at synchronous=normal: at full
// (the default, which TestSQLitePragmas checks) every commit of these
// tests waited for an fsync, seconds in all on a busy shared disk, and the
// tests read back what they wrote either way.
func sqliteOpener(t *testing.T) opener {
	path := filepath.Join(t.TempDir(), "store.db")
	return func(t *testing.T) *DB {
		d, err := OpenWith("sqlite", path, nil, Options{Synchronous: "normal"})
		if err != nil {
			t.Fatalf("OpenWith(sqlite, %q): %v", path, err)
		}
		t.Cleanup(func() { d.Close() })
		return d
	}
}

func TestSQLite(t *testing.T) {
	runStoreTests(t, sqliteOpener)
}

// TestPostgres runs the same tests against the PostgreSQL server named by
// JUDGE_TEST_PG_DSN; its judge tables are dropped first.
func TestPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	runStoreTests(t, func(t *testing.T) opener {
		resetPostgres(t, dsn)
		return openerOf("postgres", dsn)
	})
}

func runStoreTests(t *testing.T, newOpener func(t *testing.T) opener) {
	for _, tc := range []struct {
		name string
		fn   func(t *testing.T, open opener)
	}{
		{"Users", testUsers},
		{"Problems", testProblems},
		{"Queue", testQueue},
		{"ConcurrentClaims", testConcurrentClaims},
		{"SyncRollback", testSyncRollback},
		{"ConcurrentSync", testConcurrentSync},
		{"ConcurrentInserts", testConcurrentInserts},
		{"FairQueue", testFairQueue},
		{"Turns", testTurns},
		{"CaseLeases", testCaseLeases},
		{"ClaimRenewals", testClaimRenewals},
		{"Authoring", testAuthoring},
		{"Answers", testAnswers},
		{"Generations", testGenerations},
		{"LoginBuckets", testLoginBuckets},
		{"CatalogueVersion", testCatalogueVersion},
		{"UnstorableText", testUnstorableText},
		{"Programs", testPrograms},
		{"Runs", testRuns},
		{"Similarity", testSimilarity},
		{"Waiting", testWaiting},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newOpener(t)) })
	}
}

func code(err error) string { return judge.ErrorCode(err) }

// syncProblem inserts p, or updates the problem with its slug, through a
// catalogue sync that changes nothing else.
func (d *DB) syncProblem(ctx context.Context, p judge.Problem) (judge.Problem, error) {
	out, _, err := d.SyncCatalogue(ctx, p.Slug, func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{Problem: &p}, nil
	})
	return out, err
}

// aliceAndFlood stores the student "alice" and the Flood-it problem
// "flood", without cases, that most tests of the queue start from.
func aliceAndFlood(t *testing.T, d *DB) (judge.User, judge.Problem) {
	t.Helper()
	ctx := context.Background()
	u, err := d.CreateUser(ctx, judge.User{Username: "alice", Role: judge.RoleStudent}, []byte("h"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	if err != nil {
		t.Fatal(err)
	}
	return u, p
}

// syncCase stores c through a catalogue sync that saves only c.
func (d *DB) syncCase(ctx context.Context, c judge.Case) (judge.Case, error) {
	p, err := d.ProblemByID(ctx, c.ProblemID)
	if err != nil {
		return judge.Case{}, err
	}
	_, saved, err := d.SyncCatalogue(ctx, p.Slug, func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{Save: []judge.Case{c}}, nil
	})
	if err != nil {
		return judge.Case{}, err
	}
	return saved[0], nil
}

func testUsers(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, err := d.CreateUser(ctx, judge.User{Username: "alice", Role: judge.RoleStudent}, []byte("hash"))
	if err != nil || u.ID == 0 || u.CreatedAt.IsZero() {
		t.Fatalf("CreateUser = %+v, %v", u, err)
	}
	if _, err := d.CreateUser(ctx, judge.User{Username: "alice", Role: judge.RoleStudent}, []byte("h")); code(err) != judge.ECONFLICT {
		t.Errorf("duplicate CreateUser = %v, want conflict", err)
	}
	if got, hash, err := d.UserByName(ctx, "alice"); err != nil || got.ID != u.ID || string(hash) != "hash" {
		t.Errorf("UserByName = %+v %q %v", got, hash, err)
	}
	if _, _, err := d.UserByName(ctx, "bob"); code(err) != judge.ENOTFOUND {
		t.Errorf("UserByName(bob) = %v, want not found", err)
	}
	if _, err := d.CreateToken(ctx, judge.Token{UserID: u.ID}, []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if got, _, err := d.TokenByHash(ctx, []byte{1, 2, 3}); err != nil || got.ID != u.ID {
		t.Errorf("TokenByHash = %+v, %v", got, err)
	}
	if _, _, err := d.TokenByHash(ctx, []byte{1, 2}); code(err) != judge.ENOTFOUND {
		t.Errorf("TokenByHash(unknown) = %v, want not found", err)
	}
	if err := d.DeleteToken(ctx, []byte{1, 2, 3}); err != nil {
		t.Errorf("DeleteToken = %v", err)
	}
	if _, _, err := d.TokenByHash(ctx, []byte{1, 2, 3}); code(err) != judge.ENOTFOUND {
		t.Errorf("TokenByHash(deleted) = %v, want not found", err)
	}
	if err := d.DeleteToken(ctx, []byte{1, 2, 3}); code(err) != judge.ENOTFOUND {
		t.Errorf("DeleteToken(deleted) = %v, want not found", err)
	}
	if _, err := d.CreateToken(ctx, judge.Token{UserID: 999}, []byte{9}); err == nil {
		t.Errorf("a token of no user was stored: foreign keys are off")
	}
	if n, err := d.CountUsers(ctx); n != 1 || err != nil {
		t.Errorf("CountUsers = %d, %v", n, err)
	}
}

func testProblems(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	p, err := d.syncProblem(ctx, judge.Problem{Slug: "flood", Title: "Flood", Puzzle: "floodit", Limits: judge.Limits{MaxSize: 8}})
	if err != nil || p.ID == 0 {
		t.Fatalf("syncProblem = %+v, %v", p, err)
	}
	p.Title = "Flood-it"
	if q, err := d.syncProblem(ctx, p); err != nil || q.ID != p.ID || q.Title != "Flood-it" || q.Limits.MaxSize != 8 {
		t.Errorf("syncProblem(update) = %+v, %v", q, err)
	}
	if _, err := d.ProblemBySlug(ctx, "nope"); code(err) != judge.ENOTFOUND {
		t.Errorf("ProblemBySlug(nope) = %v", err)
	}
	if _, err := d.ProblemByID(ctx, 999); code(err) != judge.ENOTFOUND {
		t.Errorf("ProblemByID(999) = %v", err)
	}
	var ids []int64
	for _, in := range []string{"a", "b", "c"} {
		c, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: in, Input: in})
		if err != nil || c.Status != judge.CaseSolving || c.Position != len(ids)+1 {
			t.Fatalf("AddCase(%s) = %+v, %v", in, c, err)
		}
		ids = append(ids, c.ID)
	}
	sol := judge.Solution{Answer: "3\n", Moves: "1 2 1", Optimal: 3, Solvable: true, Version: "v1"}
	if err := d.FinishCase(ctx, ids[0], "a", judge.CaseReady, sol, "", nil); err != nil {
		t.Fatal(err)
	}
	if err := d.FinishCase(ctx, ids[1], "changed meanwhile", judge.CaseReady, sol, "", nil); code(err) != judge.ENOTFOUND {
		t.Errorf("FinishCase of an edited case = %v, want not found", err)
	}
	if err := d.FinishCase(ctx, ids[2], "c", judge.CaseFailed, judge.Solution{}, "gave up", nil); err != nil {
		t.Fatal(err)
	}
	cases, err := d.Cases(ctx, p.ID)
	if err != nil || len(cases) != 3 || cases[0].Expected != sol || cases[0].Status != judge.CaseReady ||
		cases[1].Status != judge.CaseSolving || cases[2].SolveError != "gave up" {
		t.Errorf("Cases = %+v, %v", cases, err)
	}
	cases[0].Input = "a2"
	if c, err := d.syncCase(ctx, cases[0]); err != nil || c.Status != judge.CaseSolving || c.Expected != (judge.Solution{}) {
		t.Errorf("syncCase(new input) = %+v, %v", c, err)
	}
	// The origin of a case is stored, added or updated.
	shipped, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "shipped", Input: "s", Shipped: true})
	if err != nil || !shipped.Shipped {
		t.Fatalf("AddCase(shipped) = %+v, %v", shipped, err)
	}
	shipped.Shipped = false
	if c, err := d.syncCase(ctx, shipped); err != nil || c.Shipped {
		t.Errorf("syncCase(not shipped) = %+v, %v", c, err)
	}
	if err := d.DeleteCase(ctx, shipped.ID); err != nil {
		t.Fatal(err)
	}
	if solving, err := d.CasesByStatus(ctx, judge.CaseSolving); err != nil || len(solving) != 2 {
		t.Errorf("CasesByStatus(solving) = %d, %v", len(solving), err)
	}
	if err := d.SetCaseProgress(ctx, ids[1], "depth 3"); err != nil {
		t.Fatal(err)
	}
	if c, _ := d.CaseByID(ctx, ids[1]); c.Progress != "depth 3" {
		t.Errorf("progress = %q", c.Progress)
	}
	if err := d.MarkSolving(ctx, ids[2]); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteCase(ctx, ids[1]); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteCase(ctx, ids[1]); code(err) != judge.ENOTFOUND {
		t.Errorf("second DeleteCase = %v, want not found", err)
	}
	if _, err := d.CaseByID(ctx, ids[1]); code(err) != judge.ENOTFOUND {
		t.Errorf("CaseByID(deleted) = %v", err)
	}
	if list, err := d.Problems(ctx); err != nil || len(list) != 1 || list[0].Cases != 2 {
		t.Errorf("Problems = %+v, %v", list, err)
	}
}

func testQueue(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, p := aliceAndFlood(t, d)
	c, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	other, _ := d.syncProblem(ctx, judge.Problem{Slug: "other", Puzzle: "mayan"})
	for _, tc := range []struct {
		slug   string
		caseID int64
		id     int64
		ok     bool
		code   string
	}{
		{"flood", c.ID, p.ID, true, ""},
		{"flood", 0, p.ID, false, ""},
		{"other", c.ID, other.ID, false, ""},
		{"nope", c.ID, 0, false, judge.ENOTFOUND},
	} {
		mp, mc, ok, err := d.MoveTarget(ctx, tc.slug, tc.caseID)
		if mp.ID != tc.id || ok != tc.ok || code(err) != tc.code || (ok && mc.ID != tc.caseID) {
			t.Errorf("MoveTarget(%s, %d) = %d, case %d, %v, %v; want %d, %v, %q", tc.slug, tc.caseID, mp.ID, mc.ID, ok, err, tc.id, tc.ok, tc.code)
		}
	}
	var ids []int64
	for i := range 5 {
		s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: c.ID, Payload: string(rune('a' + i))})
		if err != nil || s.Status != judge.StatusPending {
			t.Fatalf("CreateSubmission = %+v, %v", s, err)
		}
		ids = append(ids, s.ID)
	}
	if n, _ := d.QueueLength(ctx); n != 5 {
		t.Errorf("QueueLength = %d, want 5", n)
	}
	claims, err := d.Claim(ctx, 3)
	if err != nil || len(claims) != 3 || claims[0].ID != ids[0] || claims[2].ID != ids[2] || claims[0].Status != judge.StatusJudging || claims[0].Payload != "a" {
		t.Fatalf("Claim(3) = %+v, %v; want the 3 oldest", claims, err)
	}
	results := []judge.CaseResult{{CaseID: c.ID, CaseName: "1", Position: 1, Verdict: judge.Accepted, Score: 100, Used: 3, Optimal: 3}}
	judged := func(cl judge.Claim, v judge.Verdict) judge.Judged {
		return judge.Judged{ID: cl.ID, Token: cl.Token, Verdict: v, Score: 100, JudgedAt: time.Now(), Results: results, Rejudge: cl.Verdict != ""}
	}
	written, err := d.Finish(ctx, []judge.Judged{judged(claims[0], judge.Accepted), judged(claims[1], judge.Accepted)})
	if err != nil || len(written) != 2 {
		t.Fatalf("Finish = %v, %v", written, err)
	}
	s, err := d.Submission(ctx, ids[0])
	if err != nil || s.Status != judge.StatusDone || s.Verdict != judge.Accepted || len(s.Results) != 1 || s.Results[0] != results[0] || s.Username != "alice" || s.ProblemSlug != "flood" {
		t.Errorf("Submission = %+v, %v", s, err)
	}
	// A case's score is 0..100 in the domain and a fraction in the table,
	// as it always was there, so that older rows read the same.
	var stored float64
	if err := d.db.Raw("SELECT score FROM case_results WHERE submission_id = ?", ids[0]).Scan(&stored).Error; err != nil || stored != 1 {
		t.Errorf("stored case score = %v, %v; want the fraction 1", stored, err)
	}
	// Requeue keeps the results; the judging claim 2 becomes stale.
	if n, err := d.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID, Reason: "why not"}); n != 5 || err != nil {
		t.Errorf("RequeueFor = %d, %v; want 5", n, err)
	}
	if s, _ := d.Submission(ctx, ids[0]); s.Status != judge.StatusPending || s.Verdict != judge.Accepted || len(s.Results) != 1 {
		t.Errorf("requeued submission = %+v, want pending with its old results", s)
	}
	if written, _ := d.Finish(ctx, []judge.Judged{judged(claims[2], judge.Invalid)}); len(written) != 0 {
		t.Errorf("a stale claim was written")
	}
	again, _ := d.Claim(ctx, 10)
	if len(again) != 5 || again[0].Token <= claims[0].Token {
		t.Fatalf("Claim after requeue = %+v", again)
	}
	if written, _ := d.Finish(ctx, []judge.Judged{judged(again[0], judge.WrongAnswer)}); !written[ids[0]] {
		t.Errorf("a current claim was not written")
	}
	if s, _ := d.Submission(ctx, ids[0]); s.Verdict != judge.WrongAnswer || len(s.Results) != 1 || !s.Changed {
		t.Errorf("rejudged submission = %+v, want one set of results, changed", s)
	}
	// The earlier judging is kept, with the reason of the rejudge.
	if h, err := d.History(ctx, ids[0]); err != nil || len(h) != 1 || h[0].Verdict != judge.Accepted || h[0].NewVerdict != judge.WrongAnswer ||
		h[0].Reason != "why not" || h[0].JudgedAt == nil || h[0].Score != 100 {
		t.Errorf("History = %+v, %v; want accepted -> wrong_answer, why not", h, err)
	}
	if err := d.MarkSeen(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if s, _ := d.Submission(ctx, ids[0]); s.Changed {
		t.Errorf("MarkSeen left the submission changed")
	}
	// Release takes back a current claim, not a stale one.
	if err := d.Release(ctx, []judge.Claim{again[1], claims[2]}); err != nil {
		t.Fatal(err)
	}
	if s, _ := d.Submission(ctx, again[1].ID); s.Status != judge.StatusPending {
		t.Errorf("released submission is %s, want pending", s.Status)
	}
	if again, _ := d.Claim(ctx, 1); len(again) != 1 || again[0].ID != ids[1] {
		t.Fatalf("Claim after release = %+v", again)
	}
	// Only claims made before the cut-off are taken back.
	if n, err := d.ResetJudging(ctx, time.Now().Add(-time.Minute)); n != 0 || err != nil {
		t.Errorf("ResetJudging(a minute ago) = %d, %v; want 0", n, err)
	}
	if n, err := d.ResetJudging(ctx, time.Now().Add(time.Second)); n != 4 || err != nil {
		t.Errorf("ResetJudging(now) = %d, %v; want 4", n, err)
	}
	if list, total, err := d.Submissions(ctx, judge.SubmissionFilter{UserID: u.ID, Limit: 2, Offset: 1}); err != nil || total != 5 || len(list) != 2 || list[0].ID != ids[3] {
		t.Errorf("Submissions = %+v, %d, %v", list, total, err)
	}
	if _, total, _ := d.Submissions(ctx, judge.SubmissionFilter{Username: "alice", ProblemSlug: "flood", Verdict: judge.WrongAnswer}); total != 1 {
		t.Errorf("Submissions(wrong_answer) total = %d, want 1", total)
	}
	// Submission 2 keeps its accepted while it waits to be judged again:
	// the case's best is 1.
	if ub, err := d.UserBests(ctx, u.ID, 0); err != nil || len(ub.Answers) != 0 || len(ub.Boards) != 1 || ub.Boards[0].Best != 100 || ub.Boards[0].Kind != judge.KindMoves || ub.Boards[0].Last != ids[1] {
		t.Errorf("UserBests = %+v, %v", ub, err)
	}
	// A check is stored judged, with no problem.
	now := time.Now()
	chk, err := d.CreateJudged(ctx, judge.Submission{UserID: u.ID, Kind: judge.KindCheck, Puzzle: "floodit", Board: "b", Payload: "1", Status: judge.StatusDone, Verdict: judge.Accepted, Score: 100, JudgedAt: &now}, results)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := d.Submission(ctx, chk.ID); err != nil || s.ProblemID != 0 || s.ProblemSlug != "" || s.Puzzle != "floodit" || len(s.Results) != 1 {
		t.Errorf("check = %+v, %v", s, err)
	}
	if _, err := d.Submission(ctx, 999); code(err) != judge.ENOTFOUND {
		t.Errorf("Submission(999) = %v", err)
	}
	// Deleting a case keeps the results that name it.
	if err := d.DeleteCase(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if s, _ := d.Submission(ctx, ids[0]); len(s.Results) != 1 || s.Results[0].CaseName != "1" {
		t.Errorf("results after the case was deleted = %+v", s.Results)
	}
}

// testConcurrentClaims claims from two handles at once: every submission is
// claimed by exactly one claimer, and nothing fails.
func testConcurrentClaims(t *testing.T, open opener) {
	ctx := context.Background()
	handles := []*DB{open(t), open(t)}
	d := handles[0]
	u, p := aliceAndFlood(t, d)
	const n = 300
	var mu sync.Mutex
	var claimed []int64
	var wg sync.WaitGroup
	// The claimers stop only once the producer is done and the queue is
	// empty: a slow producer (a remote server, the race detector) must not
	// make them give up early.
	var produced atomic.Bool
	wg.Go(func() {
		defer produced.Store(true)
		for range n {
			if _, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "0"}); err != nil {
				t.Errorf("CreateSubmission: %v", err)
				return
			}
		}
	})
	for i := range 4 {
		h := handles[i%2]
		wg.Go(func() {
			for {
				last := produced.Load()
				cs, err := h.Claim(ctx, 7)
				if err != nil {
					t.Errorf("Claim: %v", err)
					return
				}
				if len(cs) == 0 {
					if last {
						return
					}
					time.Sleep(time.Millisecond)
					continue
				}
				js := make([]judge.Judged, len(cs))
				mu.Lock()
				for k, c := range cs {
					claimed = append(claimed, c.ID)
					js[k] = judge.Judged{ID: c.ID, Token: c.Token, Verdict: judge.Accepted, JudgedAt: time.Now()}
				}
				mu.Unlock()
				if w, err := h.Finish(ctx, js); err != nil || len(w) != len(cs) {
					t.Errorf("Finish = %d of %d, %v", len(w), len(cs), err)
				}
			}
		})
	}
	wg.Wait()
	slices.Sort(claimed)
	if len(claimed) != n || len(slices.Compact(claimed)) != n {
		t.Errorf("%d claims of %d submissions", len(claimed), n)
	}
}

func TestSQLitePragmas(t *testing.T) {
	d := mustOpen(t, "sqlite", filepath.Join(t.TempDir(), "store.db")) // the defaults
	defer d.Close()
	for pragma, want := range map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000", "synchronous": "2"} {
		var got string
		if err := d.db.Raw("PRAGMA " + pragma).Scan(&got).Error; err != nil || got != want {
			t.Errorf("PRAGMA %s = %q, %v; want %q", pragma, got, err, want)
		}
	}
	for _, tc := range []struct{ synchronous, want string }{{"full", "2"}, {"normal", "1"}} {
		d, err := OpenWith("sqlite", filepath.Join(t.TempDir(), "s.db"), nil, Options{Synchronous: tc.synchronous})
		if err != nil {
			t.Fatal(err)
		}
		var got string
		if err := d.db.Raw("PRAGMA synchronous").Scan(&got).Error; err != nil || got != tc.want {
			t.Errorf("synchronous %s: PRAGMA synchronous = %q, %v; want %q", tc.synchronous, got, err, tc.want)
		}
		d.Close()
	}
	if _, err := OpenWith("sqlite", filepath.Join(t.TempDir(), "s.db"), nil, Options{Synchronous: "off"}); err == nil {
		t.Errorf("OpenWith(synchronous off) succeeded")
	}
	if _, err := Open("oracle", "x", nil); err == nil {
		t.Errorf("Open(oracle) succeeded")
	}
	if _, err := Open("sqlite", "", nil); err == nil {
		t.Errorf("Open(sqlite, \"\") succeeded")
	}
	// An in-memory database lives in one connection: a second one would be
	// another, empty database.
	m := mustOpen(t, "sqlite", ":memory:")
	defer m.Close()
	ctx := context.Background()
	u, err := m.CreateUser(ctx, judge.User{Username: "alice", Role: judge.RoleStudent}, []byte("h"))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := m.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	if _, err := m.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer}); err != nil {
		t.Errorf("CreateSubmission in memory: %v", err)
	}
	if n, err := m.QueueLength(ctx); n != 1 || err != nil {
		t.Errorf("QueueLength in memory = %d, %v", n, err)
	}
}

// TestMigrateShipped opens a database written before cases knew their
// origin: the column is added, every old case reads as not shipped (the
// catalogue sync adopts them by name), and cases are still written.
func TestMigrateShipped(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	d := mustOpen(t, "sqlite", path)
	p, err := d.syncProblem(ctx, judge.Problem{Slug: "flood", Title: "Flood", Puzzle: "floodit"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "01", Input: "a", Shipped: true}); err != nil {
		t.Fatal(err)
	}
	if err := d.db.Exec("ALTER TABLE cases DROP COLUMN shipped").Error; err != nil {
		t.Fatal(err)
	}
	d.Close()
	d = mustOpen(t, "sqlite", path) // an old database
	defer d.Close()
	if _, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "02", Input: "b", Shipped: true}); err != nil {
		t.Fatal(err)
	}
	cases, err := d.Cases(ctx, p.ID)
	if err != nil || len(cases) != 2 || cases[0].Shipped || !cases[1].Shipped {
		t.Errorf("Cases = %+v, %v; want the old case not shipped, the new one shipped", cases, err)
	}
}

// TestMigrateKindsAndLimits opens a database written before problems had
// kinds and program limits: the columns are added, and every old problem
// takes all three kinds under the default program limits.
func TestMigrateKindsAndLimits(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	d := mustOpen(t, "sqlite", path)
	p, err := d.syncProblem(ctx, judge.Problem{Slug: "flood", Title: "Flood", Puzzle: "floodit", Limits: judge.Limits{MaxSize: 8}})
	if err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"kinds", "time_limit", "memory_mi_b", "output_mi_b", "code_ki_b", "compilation_time", "compilation_memory_mi_b", "ac_to_time_limit"} {
		if err := d.db.Exec("ALTER TABLE problems DROP COLUMN " + col).Error; err != nil {
			t.Fatalf("drop %s: %v", col, err)
		}
	}
	d.Close()
	d = mustOpen(t, "sqlite", path) // an old database
	defer d.Close()
	got, err := d.ProblemBySlug(ctx, "flood")
	if err != nil {
		t.Fatal(err)
	}
	want := judge.Limits{MaxSize: 8}.WithProgramDefaults()
	if got.ID != p.ID || !slices.Equal(got.Kinds, judge.ProblemKinds) || got.Limits != want {
		t.Errorf("old problem after migration: kinds %v limits %+v, want %v %+v", got.Kinds, got.Limits, judge.ProblemKinds, want)
	}
	// The raw columns hold the defaults, not zeros that only the mapper hides.
	var row problemRow
	if err := d.db.Take(&row, p.ID).Error; err != nil || row.Kinds != "answer,moves,program" || row.TimeLimit != 2 || row.MemoryMiB != 256 || row.ACToTimeLimit != 2 {
		t.Errorf("migrated row %+v, %v", row, err)
	}
	// And a problem with kinds and limits of its own reads them back.
	own := judge.Problem{Slug: "timed", Title: "T", Puzzle: "floodit", Kinds: []judge.Kind{judge.KindProgram},
		Limits: judge.Limits{TimeLimit: 1, MemoryMiB: 64, OutputMiB: 1, CodeKiB: 64, CompilationTime: 30, CompilationMemoryMiB: 1024, ACToTimeLimit: 3}}
	if _, err := d.syncProblem(ctx, own); err != nil {
		t.Fatal(err)
	}
	got, err = d.ProblemBySlug(ctx, "timed")
	if err != nil || !slices.Equal(got.Kinds, own.Kinds) || got.Limits != own.Limits {
		t.Errorf("ProblemBySlug = %v %+v, %v; want %v %+v", got.Kinds, got.Limits, err, own.Kinds, own.Limits)
	}
}
