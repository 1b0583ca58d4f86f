package store

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testSimilarity: a report is claimed by one of several processes, its
// lease taken over only once stale, its pairs stored in rank order with
// their fragments, a write under a lost claim refused; the candidates are
// the students' programs of the scope; an automatic report is stored once.
func testSimilarity(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	p, _ := a.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	ann, _ := a.CreateUser(ctx, judge.User{Username: "ann", Role: judge.RoleStudent}, []byte("x"))
	ben, _ := a.CreateUser(ctx, judge.User{Username: "ben", Role: judge.RoleStudent}, []byte("x"))
	boss, _ := a.CreateUser(ctx, judge.User{Username: "boss", Role: judge.RoleInstructor}, []byte("x"))
	at := time.Now().UTC().Add(-time.Hour)
	var subs []judge.Submission
	for i, u := range []judge.User{ann, ben, boss, ann} {
		s, err := a.CreateJudged(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Payload: "int main(){}//" + u.Username,
			Language: "cpp", Status: judge.StatusDone, Verdict: judge.WrongAnswer, CreatedAt: at.Add(time.Duration(i) * time.Minute)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s)
	}
	if _, err := a.CreateJudged(ctx, judge.Submission{UserID: ann.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1\n",
		Status: judge.StatusDone, Verdict: judge.Accepted, CreatedAt: at}, nil); err != nil {
		t.Fatal(err)
	}
	cands, err := b.SimilarityCandidates(ctx, judge.SimilaritySelect{ProblemIDs: []int64{p.ID}})
	if err != nil || len(cands) != 3 || cands[0].Submission != subs[0].ID || cands[2].Submission != subs[3].ID || cands[0].User != "ann" || cands[0].Problem != "flood" {
		t.Fatalf("candidates %+v %v: want the students' three programs, oldest first", cands, err)
	}
	from, to := at.Add(30*time.Second), at.Add(150*time.Second)
	if cands, _ := b.SimilarityCandidates(ctx, judge.SimilaritySelect{ProblemIDs: []int64{p.ID}, From: &from, To: &to}); len(cands) != 1 || cands[0].Submission != subs[1].ID {
		t.Errorf("candidates within [%s, %s): %+v, want ben's", from, to, cands)
	}
	src, err := b.SimilaritySources(ctx, []int64{subs[0].ID, subs[1].ID})
	if err != nil || src[subs[1].ID] != "int main(){}//ben" || len(src) != 2 {
		t.Errorf("sources %v %v", src, err)
	}

	id, err := a.CreateSimilarity(ctx, judge.SimilarityReport{Scope: judge.SimScopeProblem, ScopeID: p.ID, Title: "flood",
		Options: judge.SimilarityOptions{AllSubmissions: true}, RequestedBy: "boss", CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Minute)
	var won atomic.Int32
	var claim atomic.Value
	var wg sync.WaitGroup
	for i := range 8 {
		d := []*DB{a, b}[i%2]
		wg.Go(func() {
			c, ok, err := d.ClaimSimilarity(ctx, past)
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
				claim.Store(c)
			}
		})
	}
	wg.Wait()
	if n := won.Load(); n != 1 {
		t.Fatalf("%d of 8 concurrent claims won, want 1", n)
	}
	c := claim.Load().(judge.SimilarityClaim)
	if c.ID != id || c.Status != judge.SimRunning || !c.Options.AllSubmissions || c.StartedAt == nil {
		t.Errorf("claim %+v", c)
	}
	if err := b.SimilarityProgress(ctx, id, c.Token, "group 1 of 1"); err != nil {
		t.Fatal(err)
	}
	// The lease was renewed: not stale a minute ago; stale for a later cut.
	if _, ok, _ := b.ClaimSimilarity(ctx, past); ok {
		t.Fatal("a running report with a fresh lease was claimed again")
	}
	taken, ok, err := b.ClaimSimilarity(ctx, time.Now().Add(time.Minute))
	if err != nil || !ok || taken.Token == c.Token {
		t.Fatalf("taking over a stale lease: %+v %v %v", taken, ok, err)
	}
	if err := a.SimilarityProgress(ctx, id, c.Token, "late"); code(err) != judge.ECONFLICT {
		t.Errorf("progress under a lost claim: %v, want conflict", err)
	}
	if err := a.FinishSimilarity(ctx, id, c.Token, judge.SimDone, "", 2, nil); code(err) != judge.ECONFLICT {
		t.Errorf("finish under a lost claim: %v, want conflict", err)
	}
	pairs := []judge.SimilarityPair{
		{Left: prog(subs[0], "ann"), Right: prog(subs[1], "ben"), Similarity: 0.9, LongestFragment: 40, Overlap: 80,
			Fragments: []judge.SimilarityFragment{{Left: judge.LineRange{Start: 1, End: 9}, Right: judge.LineRange{Start: 2, End: 12}}}},
		{Left: prog(subs[1], "ben"), Right: prog(subs[3], "ann"), Similarity: 0.1, Fragments: []judge.SimilarityFragment{}},
	}
	if err := b.FinishSimilarity(ctx, id, taken.Token, judge.SimDone, "1 program in brainfuck not compared", 3, pairs); err != nil {
		t.Fatal(err)
	}
	r, err := a.SimilarityReport(ctx, id)
	if err != nil || r.Status != judge.SimDone || r.PairCount != 2 || r.Programs != 3 || r.FinishedAt == nil || r.Reason == "" || r.Automatic {
		t.Fatalf("report %+v %v", r, err)
	}
	got, err := a.SimilarityPairs(ctx, id, 0, 0)
	if err != nil || len(got) != 2 || got[0].Rank != 1 || got[0].Left.User != "ann" || got[0].Right.Submission != subs[1].ID ||
		got[0].Similarity != 0.9 || len(got[0].Fragments) != 1 || got[0].Fragments[0].Right.End != 12 || got[0].Left.Problem != "flood" {
		t.Fatalf("pairs %+v %v", got, err)
	}
	if page, _ := a.SimilarityPairs(ctx, id, 1, 1); len(page) != 1 || page[0].Rank != 2 {
		t.Errorf("pairs from 1, 1 of them: %+v", page)
	}
	if one, err := b.SimilarityPair(ctx, id, got[1].ID); err != nil || one.Rank != 2 {
		t.Errorf("pair %d: %+v %v", got[1].ID, one, err)
	}
	if _, err := b.SimilarityPair(ctx, id+1, got[1].ID); code(err) != judge.ENOTFOUND {
		t.Errorf("a pair of another report: %v, want not found", err)
	}
	if _, ok, _ := a.ClaimSimilarity(ctx, time.Now().Add(time.Hour)); ok {
		t.Error("a done report was claimed")
	}

	auto := judge.SimilarityReport{Scope: judge.SimScopeContest, ScopeID: 4, Title: "Final", Automatic: true, CreatedAt: time.Now()}
	if _, err := a.CreateSimilarity(ctx, auto); err != nil {
		t.Fatal(err)
	}
	if _, err := b.CreateSimilarity(ctx, auto); code(err) != judge.ECONFLICT {
		t.Errorf("a second automatic report of a contest: %v, want conflict", err)
	}
	rs, err := b.SimilarityReports(ctx, judge.SimScopeContest, 4, 0)
	if err != nil || len(rs) != 1 || !rs[0].Automatic || rs[0].Status != judge.SimPending {
		t.Errorf("the contest's reports: %+v %v", rs, err)
	}
	if all, _ := b.SimilarityReports(ctx, "", 0, 0); len(all) != 2 || all[0].Scope != judge.SimScopeContest {
		t.Errorf("every report, newest first: %+v", all)
	}

	// A program counts whatever its status: one still pending is read too.
	p2, _ := a.syncProblem(ctx, judge.Problem{Slug: "flood2", Puzzle: "floodit"})
	pending, err := a.CreateSubmission(ctx, judge.Submission{UserID: ben.ID, ProblemID: p2.ID, Kind: judge.KindProgram, Payload: "int main(){}",
		Language: "cpp", Status: judge.StatusPending, CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if cands, err := b.SimilarityCandidates(ctx, judge.SimilaritySelect{ProblemIDs: []int64{p2.ID}}); err != nil || len(cands) != 1 || cands[0].Submission != pending.ID {
		t.Errorf("candidates of a problem with a pending program: %+v %v", cands, err)
	}
}

func prog(s judge.Submission, user string) judge.SimilarityProgram {
	return judge.SimilarityProgram{Submission: s.ID, UserID: s.UserID, User: user, Language: "cpp", Problem: "flood"}
}
