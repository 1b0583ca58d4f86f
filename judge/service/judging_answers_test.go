package service_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/service"
	"puzzlejudge/problems"
)

// TestAnswerKeepsItsCases: an accepted answer stays accepted with the same
// score when a board is added; an answer made for an older input version is
// refused; deleting a board rejudges only the submissions that hold it.
func TestAnswerKeepsItsCases(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "a.db"), service.Config{})
	u := mustUser(t, s, "alice")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	waitReady(t, s, "flood")
	v1, err := s.Input(ctx, staff, "flood")
	if err != nil {
		t.Fatal(err)
	}
	first := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n", InputVersion: v1.Version}).ID)
	if first.Verdict != judge.Accepted || first.Score != 100 || first.InputVersion != v1.Version || len(first.CaseIDs) != 2 {
		t.Fatalf("first answer = %+v", first)
	}

	added, err := s.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil {
		t.Fatal(err)
	}
	waitReady(t, s, "flood")
	v2, _ := s.Input(ctx, staff, "flood")
	if v2.Version == v1.Version || len(v2.Cases) != 3 {
		t.Fatalf("version after adding a board = %s (was %s), %d cases", v2.Version, v1.Version, len(v2.Cases))
	}
	waitFor(t, "the queue to empty", func() bool { n, _ := s.QueueLength(ctx); return n == 0 })
	if got, _ := s.Submission(ctx, staff, first.ID); got.Verdict != judge.Accepted || got.Score != 100 || len(got.Results) != 2 || len(got.History) != 0 || got.Changed {
		t.Errorf("after a board was added, the first answer = %+v", got)
	}

	_, err = s.Submit(ctx, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n", InputVersion: v1.Version})
	if judge.ErrorCode(err) != judge.ESTALEINPUT || !strings.Contains(judge.ErrorMessage(err), v2.Version) {
		t.Errorf("answer for the old version: %v, want %s naming %s", err, judge.ESTALEINPUT, v2.Version)
	}
	// Without a version, the current one is recorded.
	second := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n2\n"}).ID)
	if second.InputVersion != v2.Version || second.Verdict != judge.WrongAnswer || len(second.Results) != 3 {
		t.Fatalf("second answer = %+v", second)
	}
	moves := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: added.ID, Payload: "1"}).ID)

	// Deleting the added board: only the second answer held it.
	if err := s.DeleteCase(ctx, staff, "flood", added.ID); err != nil {
		t.Fatal(err)
	}
	v3, _ := s.Input(ctx, staff, "flood")
	if v3.Version != v1.Version {
		t.Errorf("version after the deletion = %s, want the first one %s (same cases again)", v3.Version, v1.Version)
	}
	got := waitVerdict(t, s, second.ID, judge.Accepted)
	if got.Score != 100 || len(got.Results) != 2 || len(got.History) != 1 || !got.Changed {
		t.Fatalf("after the deletion, the second answer = %+v", got)
	}
	h := got.History[0]
	if h.Verdict != judge.WrongAnswer || h.NewVerdict != judge.Accepted || h.Reason != "board 3 was deleted" || h.JudgedAt == nil || !h.Changed() {
		t.Errorf("history = %+v", h)
	}
	if err := s.SeenBy(ctx, got, judge.User{ID: u.ID + 1}); err != nil {
		t.Fatal(err)
	}
	if now, _ := s.Submission(ctx, staff, second.ID); !now.Changed {
		t.Errorf("another user's view cleared the change mark")
	}
	if err := s.SeenBy(ctx, got, u); err != nil {
		t.Fatal(err)
	}
	if now, _ := s.Submission(ctx, staff, second.ID); now.Changed {
		t.Errorf("the owner's view left the change mark")
	}
	for _, id := range []int64{first.ID, moves.ID} {
		if now, _ := s.Submission(ctx, staff, id); len(now.History) != 0 || now.Status != judge.StatusDone {
			t.Errorf("submission %d (an answer without the deleted board, or moves for it) was rejudged: %+v", id, now)
		}
	}
}

// TestOddSubmissions: the refusals of move submissions, and an answer with
// output after its last case.
func TestOddSubmissions(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "o.db"), service.Config{})
	u := mustUser(t, s, "alice")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	syncProblem(t, s, "maya", "mayan", "", judge.CaseSpec{Name: "sample", Input: mayanSample})
	flood := waitReady(t, s, "flood")
	maya := waitReady(t, s, "maya")
	for _, tc := range []struct {
		name, slug string
		caseID     int64
		moves, msg string
	}{
		{"empty", "flood", flood[1].ID, " \n", "the moves are empty"},
		{"other problem's case", "flood", maya[0].ID, "1", "problem flood has no case"},
		{"no such case", "flood", 999, "1", "problem flood has no case 999"},
		{"more than the board's n", "maya", maya[0].ID, "2 1 1\n3 1 1\n3 0 1\n0 0 1\n", "more than 3 moves: a move text for board 1 may hold at most 3 moves"},
		{"more than the engine reads", "flood", flood[1].ID, strings.Repeat("1 ", 10001), "more than 10000 moves"},
	} {
		_, err := s.Submit(ctx, u, judge.Submission{ProblemSlug: tc.slug, Kind: judge.KindMoves, CaseID: tc.caseID, Payload: tc.moves})
		if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.msg) {
			t.Errorf("%s: Submit = %v, want invalid with %q", tc.name, err, tc.msg)
		}
	}
	// No moves is the optimal answer on a board solved from the start.
	if got := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: flood[0].ID}).ID); got.Verdict != judge.Accepted {
		t.Errorf("no moves on a flat board = %s", got.Verdict)
	}
	// A check still takes empty moves.
	if res, err := s.Check(ctx, u, "floodit", "3\n0 1 0\n1 0 1\n0 1 0\n", ""); err != nil || res.Verdict != judge.NotSolved {
		t.Errorf("Check with no moves = %+v, %v", res, err)
	}
	// Output after the last case: that case is wrong, and the score says so.
	got := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n3\n"}).ID)
	if got.Verdict != judge.WrongAnswer || got.Score != 50 || !strings.Contains(got.Results[1].Message, "line 3: output after the answer of the last case") {
		t.Errorf("surplus answer = %s %v %+v", got.Verdict, got.Score, got.Results)
	}
}

// TestProgress: the best is the highest score, whatever its verdict, and
// moves count per board; moves that solved a hidden board count as solved,
// for 0, until the assignments of the problem have closed.
func TestProgress(t *testing.T) {
	ctx := context.Background()
	c := &clock{t: t0}
	s := newService(t, openDB(t, "p.db"), service.Config{Clock: c.Now})
	u := mustUser(t, s, "alice")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	cases := waitReady(t, s, "flood")
	best := func() judge.Best {
		t.Helper()
		all, err := s.Bests(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		return all["flood"]
	}
	if _, ok, boards, err := s.Standing(ctx, u, "flood"); ok || err != nil || boards[0].Status != judge.BoardUntried {
		t.Fatalf("Progress before any submission = %v, %+v, %v", ok, boards, err)
	}
	// Moves for the sample board only: not the whole problem.
	waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[0].ID}).ID)
	if b := best(); b.Verdict != judge.NotSolved || b.Score != 50 || b.Kind != judge.KindMoves || b.Solved != 1 || b.Boards != 2 {
		t.Errorf("best after moves for one board = %+v, want not_solved 50 (1 of 2 boards)", b)
	}
	// A wrong answer that scores higher is the best, whatever its verdict.
	wrong := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n4\n"}).ID)
	if b := best(); b.Verdict != judge.WrongAnswer || b.Score != 50 || b.SubmissionID != wrong.ID {
		t.Errorf("best after a wrong answer = %+v, want the latest of the two 50s", b)
	}
	waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[1].ID, Payload: "1 2 1 1"}).ID)
	// The problem takes answers and is in no assignment: the optimum of
	// its hidden board stays withheld.
	if b := best(); b.Verdict != judge.Solved || b.Score != 50 || b.Kind != judge.KindMoves || b.Solved != 2 || b.Withheld != 1 {
		t.Errorf("best after suboptimal moves for the hidden board = %+v, want solved 50, 2 boards solved, 1 withheld", b)
	}
	_, ok, boards, err := s.Standing(ctx, u, "flood")
	if err != nil || !ok || boards[0].Status != judge.BoardAccepted || boards[1].Status != judge.BoardSolved || boards[1].Score != 0 {
		t.Errorf("boards while withheld = %+v, %v", boards, err)
	}
	if _, err := s.CreateAssignment(ctx, staff, judge.AssignmentSpec{Title: "Week 1", OpensAt: t0, DueAt: t0.Add(time.Hour),
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}}}); err != nil {
		t.Fatal(err)
	}
	c.Set(t0.Add(time.Hour)) // the deadline itself: still withheld
	if b := best(); b.Verdict != judge.Solved {
		t.Errorf("best at the deadline = %+v, want solved", b)
	}
	c.Set(t0.Add(time.Hour + time.Second))
	if b := best(); b.Verdict != judge.Suboptimal || b.Score != 87.5 || b.Kind != judge.KindMoves || b.Withheld != 0 {
		t.Errorf("best after the deadline = %+v, want suboptimal 87.5", b)
	}
	_, ok, boards, err = s.Standing(ctx, u, "flood")
	if err != nil || !ok || boards[0].Status != judge.BoardAccepted || boards[1].Status != judge.BoardSuboptimal || boards[1].Score != 75 {
		t.Errorf("boards after the deadline = %+v, %v", boards, err)
	}
	added, err := s.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil {
		t.Fatal(err)
	}
	waitReady(t, s, "flood")
	waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: added.ID, Payload: "9"}).ID)
	if _, _, boards, _ := s.Standing(ctx, u, "flood"); len(boards) != 3 || boards[2].Status != judge.BoardTried {
		t.Errorf("boards after an invalid move on the added board = %+v", boards)
	}
}

// TestPerCaseFiles: every file of input.zip is one classic case, and an
// answer made of the reference outputs of each case, sent as a zip of .out
// files, is accepted for each shipped problem (the quick set: the first
// problem of each puzzle; the long set: all, the 15-puzzle's optimal
// boards too).
func TestPerCaseFiles(t *testing.T) {
	ctx := context.Background()
	catalogue, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if !testutil.Long {
		seen := map[string]bool{}
		catalogue = slices.DeleteFunc(catalogue, func(p problems.Problem) bool {
			dup := seen[p.Problem.Puzzle]
			seen[p.Problem.Puzzle] = true
			return dup
		})
	}
	s := newService(t, openDB(t, "f.db"), service.Config{Solvers: 3})
	if err := problems.Sync(ctx, s, catalogue); err != nil {
		t.Fatal(err)
	}
	u := mustUser(t, s, "alice")
	for _, p := range catalogue {
		slug := p.Problem.Slug
		t.Run(slug, func(t *testing.T) {
			cases := waitReady(t, s, slug)
			pz, _ := puzzles.Lookup(p.Problem.Puzzle)
			in, err := s.Input(ctx, u, slug) // as the API's input.zip reads it
			files, version := in.Files(), in.Version
			if !p.Problem.TakesAnswers() {
				// The hidden boards stay secret: input.zip holds the
				// samples, and answers are refused.
				var samples []string
				for _, c := range cases {
					if c.Sample {
						samples = append(samples, c.Name)
					}
				}
				var got []string
				for _, f := range files {
					got = append(got, f.Base)
				}
				if err != nil || !slices.Equal(got, samples) {
					t.Errorf("Input(%s).Files() = %v, %v; want the samples %v", slug, got, err, samples)
				}
				_, err := s.SubmitOutputs(ctx, u, judge.Submission{ProblemSlug: slug, Kind: judge.KindAnswer, InputVersion: version}, map[string]string{samples[0]: p.Answers[0]})
				var kinds []string
				for _, k := range p.Problem.Kinds {
					kinds = append(kinds, string(k))
				}
				want := "does not take answer submissions (its kinds: " + strings.Join(kinds, ", ") + ")"
				if judge.ErrorCode(err) != judge.EFORBIDDEN || !strings.Contains(judge.ErrorMessage(err), want) {
					t.Errorf("an answer to %s: %v, want forbidden saying %q", slug, err, want)
				}
				return
			}
			if err != nil || len(files) != len(cases) {
				t.Fatalf("Input(%s).Files() = %d files, %v", slug, len(files), err)
			}
			var zipped bytes.Buffer
			if err := judge.WriteInputZip(&zipped, files, time.Time{}); err != nil {
				t.Fatal(err)
			}
			zr, err := zip.NewReader(bytes.NewReader(zipped.Bytes()), int64(zipped.Len()))
			if err != nil || len(zr.File) != len(cases) {
				t.Fatalf("input.zip: %v, %d files", err, len(zr.File))
			}
			var answer bytes.Buffer
			zw := zip.NewWriter(&answer)
			for i, f := range zr.File {
				// Samples keep their names (which start with their NN-);
				// a student reads the others by position.
				want := cases[i].Name + ".in"
				if !cases[i].Sample {
					want = fmt.Sprintf("%02d-board-%d.in", cases[i].Position, cases[i].Position)
				}
				if f.Name != want {
					t.Errorf("file %d is %q, want %q", i, f.Name, want)
				}
				rc, _ := f.Open()
				var in bytes.Buffer
				in.ReadFrom(rc)
				rc.Close()
				got, err := pz.ParseCases(in.String())
				if err != nil || len(got) != 1 || got[0] != cases[i].Input {
					t.Errorf("%s does not parse as its one case: %d cases, %v", f.Name, len(got), err)
				}
				out, _ := zw.Create(strings.TrimSuffix(f.Name, ".in") + ".out")
				out.Write([]byte(p.Answers[i])) // the shipped reference output
			}
			zw.Close()
			outputs, err := judge.ReadOutputsZip(answer.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			perCase, err := s.SubmitOutputs(ctx, u, judge.Submission{ProblemSlug: slug, Kind: judge.KindAnswer, InputVersion: version}, outputs)
			if err != nil {
				t.Fatal(err)
			}
			got := waitDone(t, s, perCase.ID)
			if got.Verdict != judge.Accepted || got.Score != 100 || len(got.Outputs) != len(cases) || got.Payload != "" {
				t.Errorf("per-case reference outputs = %s %v, %d outputs; results %+v", got.Verdict, got.Score, len(got.Outputs), got.Results)
			}
			// One output missing, one under an unknown name.
			delete(outputs, strings.TrimSuffix(zr.File[1].Name, ".in"))
			partial, err := s.SubmitOutputs(ctx, u, judge.Submission{ProblemSlug: slug, Kind: judge.KindAnswer}, outputs)
			if err != nil {
				t.Fatal(err)
			}
			if got := waitDone(t, s, partial.ID); got.Results[1].Message != "no output for this case" || got.Results[0].Verdict != judge.Accepted {
				t.Errorf("a missing output: %+v", got.Results[:2])
			}
			outputs["99-nope"] = "1\n"
			if _, err := s.SubmitOutputs(ctx, u, judge.Submission{ProblemSlug: slug, Kind: judge.KindAnswer}, outputs); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), `"99-nope"`) {
				t.Errorf("an unknown name: %v", err)
			}
		})
	}
}
