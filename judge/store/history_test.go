package store

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testAnswers: what bound answers, rejudges with history and progress need
// of the store: deleted cases kept for judging, answers that keep their case
// ids and per-case outputs, requeues by case, and the best results.
func testAnswers(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, p := aliceAndFlood(t, d)
	var cs []judge.Case
	for _, name := range []string{"a", "b", "c"} {
		c, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: name, Input: name})
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	ids := []int64{cs[0].ID, cs[1].ID, cs[2].ID}
	whole, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1\n2\n3\n", InputVersion: "v1", CaseIDs: ids})
	if err != nil {
		t.Fatal(err)
	}
	outputs := []judge.CaseOutput{{CaseID: cs[0].ID, Name: "01-a", Output: "1\n"}, {CaseID: cs[2].ID, Name: "03-c", Output: "3\n"}}
	perCase, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Outputs: outputs, InputVersion: "v1", CaseIDs: ids[:2]})
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: cs[2].ID, Payload: "1"})
	claims, err := d.Claim(ctx, 10)
	if err != nil || len(claims) != 3 {
		t.Fatalf("Claim = %d, %v", len(claims), err)
	}
	if c := claims[0]; c.InputVersion != "v1" || !slices.Equal(c.CaseIDs, ids) || c.Outputs != nil || c.Payload != "1\n2\n3\n" {
		t.Errorf("claimed whole answer = %+v", c)
	}
	if c := claims[1]; c.Payload != "" || !slices.Equal(c.Outputs, outputs) || !slices.Equal(c.CaseIDs, ids[:2]) {
		t.Errorf("claimed per-case answer = %+v", c)
	}
	res := func(c judge.Case, v judge.Verdict, score float64) judge.CaseResult {
		return judge.CaseResult{CaseID: c.ID, CaseName: c.Name, Position: c.Position, Verdict: v, Score: 100 * score}
	}
	now := time.Now()
	_, err = d.Finish(ctx, []judge.Judged{
		{ID: whole.ID, Token: claims[0].Token, Verdict: judge.WrongAnswer, Score: 50, JudgedAt: now,
			Results: []judge.CaseResult{res(cs[0], judge.Accepted, 1), res(cs[1], judge.WrongAnswer, 0), res(cs[2], judge.Accepted, 1)}},
		{ID: perCase.ID, Token: claims[1].Token, Verdict: judge.JudgeError, Score: 100, JudgedAt: now,
			Results: []judge.CaseResult{res(cs[0], judge.Accepted, 1), res(cs[1], judge.JudgeError, 0)}},
		{ID: moves.ID, Token: claims[2].Token, Verdict: judge.Suboptimal, Score: 50, JudgedAt: now,
			Results: []judge.CaseResult{res(cs[2], judge.Suboptimal, 0.5)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Submission(ctx, perCase.ID); !slices.Equal(got.Outputs, outputs) || got.Changed {
		t.Errorf("per-case answer read back = %+v", got)
	}

	// Progress: the answers, and the best per case and kind.
	ub, err := d.UserBests(ctx, u.ID, p.ID)
	if err != nil || len(ub.Answers) != 2 {
		t.Fatalf("UserBests = %+v, %v", ub, err)
	}
	best := map[[2]int64]float64{}
	for _, b := range ub.Boards {
		k := int64(0)
		if b.Kind == judge.KindMoves {
			k = 1
		}
		best[[2]int64{b.CaseID, k}] = b.Best
	}
	if len(best) != 4 || best[[2]int64{cs[0].ID, 0}] != 100 || best[[2]int64{cs[1].ID, 0}] != 0 || best[[2]int64{cs[2].ID, 1}] != 50 {
		t.Errorf("UserBests boards = %+v (judge_error results left out)", ub.Boards)
	}

	// A deleted case leaves the problem, not the judging.
	if err := d.DeleteCase(ctx, cs[2].ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Cases(ctx, p.ID); len(got) != 2 {
		t.Errorf("Cases after a deletion = %d, want 2", len(got))
	}
	if _, err := d.CaseByID(ctx, cs[2].ID); code(err) != judge.ENOTFOUND {
		t.Errorf("CaseByID of a deleted case = %v", err)
	}
	all, err := d.CasesForJudging(ctx, p.ID)
	if err != nil || len(all) != 3 || !all[2].Deleted || all[0].Deleted || all[2].Input != "c" {
		t.Errorf("CasesForJudging = %+v, %v", all, err)
	}
	if list, _ := d.Problems(ctx); len(list) != 1 || list[0].Cases != 2 {
		t.Errorf("Problems counts %+v", list)
	}
	if _, _, ok, _ := d.MoveTarget(ctx, "flood", cs[2].ID); ok {
		t.Errorf("MoveTarget takes a deleted case")
	}
	if ub, _ := d.UserBests(ctx, u.ID, 0); len(ub.Boards) != 2 {
		t.Errorf("UserBests counts a deleted case: %+v", ub.Boards)
	}

	deleted := judge.M("rejudge_deleted", "Board", judge.M("board_n", "Position", 3))
	// Requeues: the answers holding the deleted case, not the moves for it.
	if n, err := d.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID, CaseID: cs[2].ID, AnswersOnly: true}.Saying(deleted)); n != 1 || err != nil {
		t.Errorf("RequeueFor(deleted c, answers) = %d, %v; want 1", n, err)
	}
	if n, err := d.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID, OnlyErrors: true, Reason: "ready"}); n != 0 || err != nil {
		t.Errorf("RequeueFor(errors) = %d, %v; want 0 (case b is not ready)", n, err)
	}
	if err := d.FinishCase(ctx, cs[1].ID, "b", judge.CaseReady, judge.Solution{Answer: "2\n"}, "", nil); err != nil {
		t.Fatal(err)
	}
	if n, err := d.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID, OnlyErrors: true, Reason: "ready"}); n != 1 || err != nil {
		t.Errorf("RequeueFor(errors) = %d, %v; want 1", n, err)
	}
	claims, _ = d.Claim(ctx, 10)
	if len(claims) != 2 {
		t.Fatalf("Claim after the requeues = %d", len(claims))
	}
	_, err = d.Finish(ctx, []judge.Judged{
		{ID: whole.ID, Token: claims[0].Token, Verdict: judge.WrongAnswer, Score: 50, JudgedAt: now.Add(time.Second), Rejudge: claims[0].Verdict != "",
			Results: []judge.CaseResult{res(cs[0], judge.Accepted, 1), res(cs[1], judge.WrongAnswer, 0)}},
		{ID: perCase.ID, Token: claims[1].Token, Verdict: judge.Accepted, Score: 100, JudgedAt: now.Add(time.Second), Rejudge: claims[1].Verdict != "",
			Results: []judge.CaseResult{res(cs[0], judge.Accepted, 1), res(cs[1], judge.Accepted, 1)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Submission(ctx, whole.ID); got.Changed {
		t.Errorf("a rejudge with the same verdict and score marked the answer changed")
	}
	if h, _ := d.History(ctx, whole.ID); len(h) != 1 || h[0].Reason != "board 3 was deleted" || h[0].Changed() {
		t.Errorf("History of the whole answer = %+v", h)
	} else if m, ok := h[0].ReasonMsg(); !ok || m.ID != "rejudge_deleted" || h[0].ReasonArgs != deleted.ArgsJSON() {
		t.Errorf("History of the whole answer keeps the reason's message as %q %q, want rejudge_deleted %s", h[0].ReasonID, h[0].ReasonArgs, deleted.ArgsJSON())
	}
	if got, _ := d.Submission(ctx, perCase.ID); !got.Changed {
		t.Errorf("a rejudge from judge_error to accepted left the answer unmarked")
	}
	// A reason without a message (as rows stored before reasons had ids)
	// has none.
	if h, _ := d.History(ctx, perCase.ID); len(h) != 1 || h[0].Reason != "ready" || h[0].ReasonID != "" || h[0].Verdict != judge.JudgeError || h[0].NewVerdict != judge.Accepted {
		t.Errorf("History of the per-case answer = %+v", h)
	}
	if h, _ := d.History(ctx, moves.ID); len(h) != 0 {
		t.Errorf("the moves for the deleted case were rejudged: %+v", h)
	}

	// FinishCase queues its rejudge in its own transaction: not at all when
	// the case changed meanwhile, both answers holding case a when it did not.
	again := &judge.Requeue{ProblemID: p.ID, CaseID: cs[0].ID, Reason: "new answer for a"}
	if err := d.FinishCase(ctx, cs[0].ID, "a changed", judge.CaseReady, judge.Solution{Answer: "9\n"}, "", again); code(err) != judge.ENOTFOUND {
		t.Errorf("FinishCase(changed input) = %v, want not found", err)
	}
	for _, id := range []int64{whole.ID, perCase.ID} {
		if got, _ := d.Submission(ctx, id); got.Status != judge.StatusDone {
			t.Errorf("submission %d after a FinishCase that found the case changed: %s, want done", id, got.Status)
		}
	}
	if err := d.FinishCase(ctx, cs[0].ID, "a", judge.CaseReady, judge.Solution{Answer: "9\n"}, "", again); err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{whole.ID, perCase.ID} {
		if got, _ := d.Submission(ctx, id); got.Status != judge.StatusPending {
			t.Errorf("submission %d after FinishCase with its rejudge: %s, want pending", id, got.Status)
		}
	}
}

// TestLegacyAnswersBound: an answer stored without its cases (before they
// were recorded) is bound at the next start to the cases it was last judged
// against, the current ones.
func TestLegacyAnswersBound(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "legacy.db")
	d := mustOpen(t, "sqlite", path)
	u, p := aliceAndFlood(t, d)
	var cases []judge.Case
	for _, name := range []string{"a", "b"} {
		c, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: name, Input: name})
		cases = append(cases, c)
	}
	legacy, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1\n2\n"})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	d = mustOpen(t, "sqlite", path)
	defer d.Close()
	got, err := d.Submission(ctx, legacy.ID)
	if err != nil || !slices.Equal(got.CaseIDs, []int64{cases[0].ID, cases[1].ID}) || got.InputVersion != judge.InputVersion(cases) {
		t.Errorf("legacy answer after a restart = %+v, %v; want bound to cases %d, %d", got, err, cases[0].ID, cases[1].ID)
	}
}
