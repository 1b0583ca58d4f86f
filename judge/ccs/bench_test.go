package ccs_test

import (
	"fmt"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
)

// benchContest is the scale: 500 contestants, 10 problems, 20,000
// judged submissions spread over a 5-hour contest, one in ten accepted.
func benchContest() ccs.CCSInput {
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	c := judge.Contest{ID: 1, Title: "Bench", StartTime: start, Duration: 5 * time.Hour, Freeze: time.Hour,
		Scoring: judge.ScoringICPC, Everyone: true, Public: true}
	for p := 0; p < 10; p++ {
		c.Problems = append(c.Problems, judge.ContestProblem{ProblemID: int64(100 + p), Slug: fmt.Sprintf("problem-%d", p), Title: "P", Label: string(rune('A' + p))})
	}
	in := ccs.CCSInput{Contest: c, Now: start.Add(6 * time.Hour)}
	for u := 0; u < 500; u++ {
		in.Teams = append(in.Teams, ccs.CCSTeam{Key: int64(-1000 - u), Name: fmt.Sprintf("user%d", u)})
	}
	var cs []judge.ContestSubmission
	for i := 0; i < 20000; i++ {
		at := start.Add(time.Duration(i) * (5 * time.Hour) / 20000)
		judged := at.Add(time.Second)
		v := judge.WrongAnswer
		if i%10 == 0 {
			v = judge.Accepted
		}
		s := judge.CCSSubmission{ID: int64(i + 1), UserID: int64(1000 + i%500), ProblemID: int64(100 + (i/500)%10), Language: "cpp",
			CreatedAt: at, Status: judge.StatusDone, Verdict: v, JudgedAt: &judged}
		in.Submissions = append(in.Submissions, s)
		cs = append(cs, judge.ContestSubmission{ID: s.ID, UserID: s.UserID, Username: fmt.Sprintf("user%d", i%500), ProblemID: s.ProblemID,
			CreatedAt: at, Status: s.Status, Verdict: v})
	}
	in.Live = judge.ComputeBoard(c, cs, in.Now, true)
	in.Frozen = judge.ComputeBoard(c, cs, in.Now, false)
	return in
}

// BenchmarkCCSObjects builds every Contest API object of the contest at
// the scale: what one sync of its event feed, and one answer of
// an endpoint, cost in CPU besides reading the store.
func BenchmarkCCSObjects(b *testing.B) {
	in := benchContest()
	b.ResetTimer()
	for b.Loop() {
		if objs := ccs.CCSObjects(in); len(objs) < 40000 {
			b.Fatalf("%d objects", len(objs))
		}
	}
}

// BenchmarkCCSObjectsCached is a build with the cache of the previous one,
// as a feed's sync and each endpoint's answer of the service are: nothing
// changed but the clock.
func BenchmarkCCSObjectsCached(b *testing.B) {
	in := benchContest()
	in.Cache = &ccs.CCSCache{}
	ccs.CCSObjects(in)
	b.ResetTimer()
	for b.Loop() {
		if objs := ccs.CCSObjects(in); len(objs) < 40000 {
			b.Fatalf("%d objects", len(objs))
		}
	}
}
