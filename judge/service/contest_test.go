package service_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// contestEnv is a course environment with a contest of flood (A) and
// flood2 (B), its answers right and wrong, and the store to compare the
// live board with the board computed from scratch.
type contestEnv struct {
	*courseEnv
	db           judge.Store
	right, wrong string
}

func newContestEnv(t *testing.T) *contestEnv {
	t.Helper()
	c := &clock{t: t0.Add(-time.Hour)}
	db := openDB(t, "contest.db")
	s := newService(t, db, service.Config{Clock: c.Now})
	e := &contestEnv{courseEnv: &courseEnv{s: s, clock: c, admin: mustInstructor(t, s, "prof"), board: map[string]int64{}}, db: db}
	for _, slug := range []string{"flood", "flood2"} {
		syncProblem(t, s, slug, "floodit", "", flooditCases...)
		cases := waitReady(t, s, slug)
		e.board[slug] = cases[1].ID
		e.right = cases[0].Expected.Answer + cases[1].Expected.Answer
	}
	e.wrong = "0\n99\n"
	return e
}

func (e *contestEnv) contest(t *testing.T, spec judge.ContestSpec) judge.Contest {
	t.Helper()
	if spec.Title == "" {
		spec.Title = "Weekly"
	}
	if spec.Problems == nil {
		spec.Problems = []judge.ContestProblemSpec{{Slug: "flood"}, {Slug: "flood2"}}
	}
	if spec.Scoring == "" {
		spec.Scoring = judge.ScoringICPC
	}
	if spec.StartTime.IsZero() {
		spec.StartTime = t0
	}
	if spec.Duration == 0 {
		spec.Duration = 5 * time.Hour
	}
	c, err := e.s.CreateContest(context.Background(), e.admin, spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// submitIn submits an answer in contest id at t0+at and waits for its verdict.
func (e *contestEnv) submitIn(t *testing.T, id int64, at time.Duration, u judge.User, slug, payload string) judge.Submission {
	t.Helper()
	e.clock.Set(t0.Add(at))
	out, err := e.s.Submit(context.Background(), u, judge.Submission{ProblemSlug: slug, Kind: judge.KindAnswer, Payload: payload, ContestID: id})
	if err != nil {
		t.Fatalf("Submit in contest %d at %v: %v", id, at, err)
	}
	return waitDone(t, e.s, out.ID)
}

// board returns the board v reads, and checks it against the board
// computed from the store's submissions.
func (e *contestEnv) scoreboard(t *testing.T, v judge.User, id int64) judge.Scoreboard {
	t.Helper()
	ctx := context.Background()
	// A verdict is stored a moment before its worker puts it on the
	// board (waitDone sees the store): give the board that moment.
	for deadline := time.Now().Add(10 * time.Second); !e.boardsAgree(v, id) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	got, err := e.s.Scoreboard(ctx, v, id)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := e.db.Contest(ctx, id)
	subs, _ := e.db.ContestSubmissions(ctx, id)
	want := judge.ComputeBoard(c, subs, e.clock.Now(), judge.CanSeeLiveBoard(v))
	if g, w := rowsText(got), rowsText(want); g != w {
		t.Errorf("live board:\n%s\nfrom scratch:\n%s", g, w)
	}
	return got
}

// boardsAgree reports whether the board v reads is the board computed
// from the store's submissions.
func (e *contestEnv) boardsAgree(v judge.User, id int64) bool {
	ctx := context.Background()
	got, err := e.s.Scoreboard(ctx, v, id)
	if err != nil {
		return false
	}
	c, _ := e.db.Contest(ctx, id)
	subs, _ := e.db.ContestSubmissions(ctx, id)
	return rowsText(got) == rowsText(judge.ComputeBoard(c, subs, e.clock.Now(), judge.CanSeeLiveBoard(v)))
}

func rowsText(b judge.Scoreboard) string {
	var sb strings.Builder
	for _, r := range b.Rows {
		sb.WriteString(r.User + " " + itoa(r.Rank) + " " + itoa(r.Solved) + " " + itoa(r.Penalty) + " |")
		for _, p := range r.Problems {
			sb.WriteString(" " + p.Label + ":" + itoa(p.Tries) + "/" + itoa(p.Minutes) + "/" + itoa(p.Pending))
			if p.Solved {
				sb.WriteString("+")
			}
			if p.First {
				sb.WriteString("*")
			}
		}
		sb.WriteString("\n")
	}
	if b.Frozen {
		sb.WriteString("frozen\n")
	}
	return sb.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestContestRunsFreezesAndUnfreezes(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice, bob, carol := mustUser(t, e.s, "alice"), mustUser(t, e.s, "bob"), mustUser(t, e.s, "carol")
	c := e.contest(t, judge.ContestSpec{Freeze: time.Hour, Participants: []string{"alice", "bob"}, Public: true})
	events, err := e.s.ContestEvents(ctx, e.admin, c.ID)
	if err != nil {
		t.Fatal(err)
	}

	// Before the start: 403 naming it.
	e.clock.Set(t0.Add(-time.Minute))
	_, err = e.s.Submit(ctx, alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: e.right, ContestID: c.ID})
	if judge.ErrorCode(err) != judge.EFORBIDDEN || !strings.Contains(judge.ErrorMessage(err), "starts at 2026-03-02T09:00:00Z") {
		t.Errorf("Submit before the start = %v, want forbidden naming the start", err)
	}
	// A non-participant: 403 saying so.
	e.clock.Set(t0.Add(time.Minute))
	_, err = e.s.Submit(ctx, carol, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: e.right, ContestID: c.ID})
	if judge.ErrorCode(err) != judge.EFORBIDDEN || !strings.Contains(judge.ErrorMessage(err), "do not take part") {
		t.Errorf("Submit by a non-participant = %v, want forbidden", err)
	}

	e.submitIn(t, c.ID, 10*time.Minute, alice, "flood", e.wrong)
	e.submitIn(t, c.ID, 25*time.Minute, alice, "flood", e.right)
	e.submitIn(t, c.ID, 30*time.Minute, bob, "flood2", e.right)
	e.submitIn(t, c.ID, 4*time.Hour+10*time.Minute, bob, "flood", e.right) // after the freeze
	e.clock.Set(t0.Add(4*time.Hour + 30*time.Minute))
	pub := e.scoreboard(t, carol, c.ID)
	if got, want := rowsText(pub), "bob 1 1 30 | A:0/0/1 B:1/30/0+*\nalice 2 1 45 | A:2/25/0+* B:0/0/0\nfrozen\n"; got != want {
		t.Errorf("the public's frozen board:\n%s\nwant:\n%s", got, want)
	}
	jury := e.scoreboard(t, e.admin, c.ID)
	if got, want := rowsText(jury), "bob 1 2 280 | A:1/250/0+ B:1/30/0+*\nalice 2 1 45 | A:2/25/0+* B:0/0/0\n"; got != want {
		t.Errorf("the jury's live board:\n%s\nwant:\n%s", got, want)
	}

	// After the end: practice, not counted, and the freeze holds.
	e.clock.Set(t0.Add(5 * time.Hour))
	late, err := e.s.Submit(ctx, alice, judge.Submission{ProblemSlug: "flood2", Kind: judge.KindAnswer, Payload: e.right, ContestID: c.ID})
	if err != nil || late.ContestID != 0 {
		t.Errorf("Submit at the end second = %+v, %v, want practice (contest 0)", late, err)
	}
	waitDone(t, e.s, late.ID)
	if got := e.scoreboard(t, alice, c.ID); !got.Frozen || rowsText(got) != rowsText(pub) {
		t.Errorf("after the end, alice's board:\n%s\nwant the frozen one", rowsText(got))
	}

	// A rejudge changes the board: bob's accepted answer is judged again
	// against an edited board (the answer stays right: flood2's cases are
	// kept), and the jury's board follows every verdict.
	if _, err := e.s.Rejudge(ctx, e.admin, "flood2"); err != nil {
		t.Fatal(err)
	}
	// The queue empties when the verdict is stored, a moment before the
	// worker puts it on the board: wait for both.
	waitFor(t, "the rejudge", func() bool {
		n, _ := e.s.QueueLength(ctx)
		return n == 0 && e.boardsAgree(e.admin, c.ID)
	})
	e.scoreboard(t, e.admin, c.ID)

	if _, err := e.s.UpdateContest(ctx, e.admin, c.ID, judge.ContestPatch{Unfreeze: true}); err != nil {
		t.Fatal(err)
	}
	if got := e.scoreboard(t, carol, c.ID); got.Frozen || rowsText(got) != rowsText(jury) {
		t.Errorf("unfrozen, the public's board:\n%s\nwant the jury's:\n%s", rowsText(got), rowsText(jury))
	}

	kinds := map[judge.ContestEventKind]int{}
	var last int64
	for len(events) > 0 {
		ev := <-events
		if ev.Version <= last {
			t.Errorf("event version %d after %d", ev.Version, last)
		}
		last = ev.Version
		kinds[ev.Kind]++
	}
	if kinds[judge.ContestSubmitted] != 4 || kinds[judge.ContestJudged] < 4 || kinds[judge.ContestChanged] != 1 {
		t.Errorf("events %v, want 4 submissions, at least 4 judgements (and the rejudge's), 1 change", kinds)
	}
}

// TestContestBoardRebuiltFromStore: a second service on the database reads
// the board of the running contest from the store.
func TestContestBoardRebuiltFromStore(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice := mustUser(t, e.s, "alice")
	c := e.contest(t, judge.ContestSpec{})
	e.submitIn(t, c.ID, 5*time.Minute, alice, "flood", e.wrong)
	e.submitIn(t, c.ID, 7*time.Minute, alice, "flood", e.right)
	first := rowsText(e.scoreboard(t, alice, c.ID))
	// A second service on the same database reads the board from the
	// store at Start, the contest running.
	s2 := newService(t, e.db, service.Config{Clock: e.clock.Now})
	got, err := s2.Scoreboard(ctx, alice, c.ID)
	if err != nil || rowsText(got) != first || first != "alice 1 1 27 | A:2/7/0+* B:0/0/0\n" {
		t.Errorf("board after a restart:\n%s(%v)\nbefore:\n%s", rowsText(got), err, first)
	}
}

func TestCreateContestRefusals(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice := mustUser(t, e.s, "alice")
	ok := judge.ContestSpec{Title: "W", StartTime: t0, Duration: time.Hour, Scoring: judge.ScoringICPC,
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}}}
	tests := []struct {
		name   string
		change func(*judge.ContestSpec)
		want   string
	}{
		{"no title", func(s *judge.ContestSpec) { s.Title = " " }, "title"},
		{"no start", func(s *judge.ContestSpec) { s.StartTime = time.Time{} }, "start_time"},
		{"no duration", func(s *judge.ContestSpec) { s.Duration = 0 }, "duration"},
		{"freeze too long", func(s *judge.ContestSpec) { s.Freeze = 2 * time.Hour }, "freeze"},
		{"scoring", func(s *judge.ContestSpec) { s.Scoring = "acm" }, "scoring"},
		{"no problems", func(s *judge.ContestSpec) { s.Problems = nil }, "problems"},
		{"unknown problem", func(s *judge.ContestSpec) { s.Problems = []judge.ContestProblemSpec{{Slug: "nope"}} }, "no problem \"nope\""},
		{"label twice", func(s *judge.ContestSpec) {
			s.Problems = []judge.ContestProblemSpec{{Slug: "flood", Label: "A"}, {Slug: "flood2", Label: "A"}}
		}, "given twice"},
		{"bad label", func(s *judge.ContestSpec) { s.Problems[0].Label = "A-1" }, "label"},
		{"unknown participant", func(s *judge.ContestSpec) { s.Participants = []string{"ghost"} }, "no user \"ghost\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := ok
			spec.Problems = append([]judge.ContestProblemSpec{}, ok.Problems...)
			tc.change(&spec)
			_, err := e.s.CreateContest(ctx, e.admin, spec)
			if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.want) {
				t.Errorf("CreateContest = %v, want invalid naming %q", err, tc.want)
			}
		})
	}
	if _, err := e.s.CreateContest(ctx, alice, ok); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("CreateContest by a student = %v, want forbidden", err)
	}
	c, err := e.s.CreateContest(ctx, e.admin, ok)
	if err != nil || !c.Everyone || c.Problems[0].Label != "A" {
		t.Fatalf("CreateContest = %+v, %v, want open to everyone, problem A", c, err)
	}
	if _, err := e.s.Scoreboard(ctx, judge.User{}, c.ID); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("a private board to the anonymous visitor = %v, want unauthorized", err)
	}
	if _, err := e.s.Submit(ctx, alice, judge.Submission{ProblemSlug: "flood2", Kind: judge.KindAnswer, Payload: e.right, ContestID: c.ID}); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("Submit of a problem not in the contest = %v, want invalid", err)
	}
}

func TestJoinContestWithCode(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice := mustUser(t, e.s, "alice")
	c := e.contest(t, judge.ContestSpec{RegistrationCode: "s3cret"})
	if c.Everyone {
		t.Fatal("a contest with a code is open to everyone")
	}
	if err := e.s.JoinContest(ctx, alice, c.ID, "wrong"); judge.ErrorCode(err) != judge.EREGISTRATIONCODE {
		t.Errorf("JoinContest with a wrong code = %v", err)
	}
	if _, err := e.s.Scoreboard(ctx, alice, c.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("the board before joining = %v, want forbidden", err)
	}
	if err := e.s.JoinContest(ctx, alice, c.ID, "s3cret"); err != nil {
		t.Fatal(err)
	}
	e.submitIn(t, c.ID, time.Minute, alice, "flood", e.right)
	if got := rowsText(e.scoreboard(t, alice, c.ID)); got != "alice 1 1 1 | A:1/1/0+* B:0/0/0\n" {
		t.Errorf("board after joining:\n%s", got)
	}
}

// TestContestRejudgeMovesTheBoard: a board of a problem changes under an
// accepted answer (the catalogue ships a new input for it); the answer is
// judged again, wrong now, and the board loses the solve without a reload,
// as the live board and the board computed from the store both say.
func TestContestRejudgeMovesTheBoard(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice, bob := mustUser(t, e.s, "alice"), mustUser(t, e.s, "bob")
	c := e.contest(t, judge.ContestSpec{})
	e.submitIn(t, c.ID, 10*time.Minute, alice, "flood", e.right)
	e.submitIn(t, c.ID, 20*time.Minute, bob, "flood", e.right)
	if got := rowsText(e.scoreboard(t, e.admin, c.ID)); got != "alice 1 1 10 | A:1/10/0+* B:0/0/0\nbob 2 1 20 | A:1/20/0+ B:0/0/0\n" {
		t.Fatalf("board before the rejudge:\n%s", got)
	}
	events, err := e.s.ContestEvents(ctx, e.admin, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The graded board "three" gets another input, whose optimum differs:
	// both answers were judged on it and are judged again.
	changed := []judge.CaseSpec{flooditCases[0], {Name: "three", Input: "3\n0 0 0\n0 0 0\n0 0 1\n"}}
	syncProblem(t, e.s, "flood", "floodit", "", changed...)
	waitReady(t, e.s, "flood")
	judged := 0
	for judged < 2 {
		select {
		case ev := <-events:
			if ev.Kind == judge.ContestJudged {
				judged++
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%d rejudges on the board after 30 s, want 2", judged)
		}
	}
	if got := rowsText(e.scoreboard(t, e.admin, c.ID)); got != "alice 1 0 0 | A:1/0/0 B:0/0/0\nbob 1 0 0 | A:1/0/0 B:0/0/0\n" {
		t.Errorf("board after the rejudge:\n%s", got)
	}
}

// TestContestMovesArePractice: moves are judged on one board, and a board
// is not the problem. Empty moves on a sample already flooded were
// accepted, and solved the problem for ICPC (an IOI board took one board's
// score as the problem's): moves naming a running contest are practice.
// A problem that takes only moves cannot be in a contest.
func TestContestMovesArePractice(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	bob := mustUser(t, e.s, "bob")
	c := e.contest(t, judge.ContestSpec{})
	sample := waitReady(t, e.s, "flood")[0]
	e.clock.Set(t0.Add(5 * time.Minute))
	out, err := e.s.Submit(ctx, bob, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: sample.ID, Payload: "", ContestID: c.ID})
	if err != nil || out.ContestID != 0 {
		t.Fatalf("moves naming contest %d = contest %d, %v, want practice", c.ID, out.ContestID, err)
	}
	if got := waitDone(t, e.s, out.ID); got.Verdict != judge.Accepted {
		t.Fatalf("the moves were judged %s, want accepted (as practice)", got.Verdict)
	}
	if got := rowsText(e.scoreboard(t, e.admin, c.ID)); got != "" {
		t.Errorf("the board after moves in the contest:\n%s", got)
	}

	p := judge.Problem{Slug: "movesonly", Title: "m", Puzzle: "floodit", Statement: "Solve it.", Kinds: []judge.Kind{judge.KindMoves}}
	if err := e.s.SyncProblem(ctx, p, flooditCases); err != nil {
		t.Fatal(err)
	}
	_, err = e.s.CreateContest(ctx, e.admin, judge.ContestSpec{Title: "M", StartTime: t0, Duration: time.Hour, Scoring: judge.ScoringIOI,
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}, {Slug: "movesonly"}}})
	if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(err.Error(), `problems[1]: problem "movesonly" takes only moves`) {
		t.Errorf("a contest of a moves-only problem = %v, want invalid naming problems[1]", err)
	}
}
