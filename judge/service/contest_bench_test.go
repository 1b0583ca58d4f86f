package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/contesttest"
	"puzzlejudge/judge"
)

// BenchmarkContestBoard measures issue 25's board: 500 contestants, 10
// problems, 20,000 judged submissions.
//
//	read:     a board request between two changes (the snapshot is reused)
//	verdict:  one verdict written (a rejudge that flips it), as the
//	          workers apply it, then the board read by the jury and by a
//	          contestant: the CPU a judged submission costs the board,
//	          with both snapshots made again; p99-ms is the 99th percentile
//	          of the read right after a verdict
//	apply:    one verdict applied to the board alone (no read follows)
//	load:     the board read again from the store (a restart, a contest edited)
//	catch-up: the store's part of a catch-up with several processes: the
//	          submissions made or judged in the last 11 s (rows/op: the
//	          fixture's last ones), asked once a second while the board is
//	          read
func BenchmarkContestBoard(b *testing.B) {
	c := contesttest.New(b, contesttest.Issue25)
	ctx := context.Background()
	id, team := c.Contest.ID, c.Contestants[0]
	if _, err := c.Svc.Scoreboard(ctx, c.Jury, id); err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			if _, err := c.Svc.Scoreboard(ctx, team, id); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("verdict", func(b *testing.B) {
		var reads []time.Duration
		i := 0
		for b.Loop() {
			k := i % len(c.Submissions)
			v := judge.Accepted
			if c.Verdicts[k] == judge.Accepted {
				v = judge.WrongAnswer
			}
			c.Verdicts[k] = v
			c.Svc.ApplyJudged([]judge.Judged{{ID: c.Submissions[k], Verdict: v, Score: map[bool]float64{true: 100}[v == judge.Accepted]}})
			t0 := time.Now()
			if _, err := c.Svc.Scoreboard(ctx, c.Jury, id); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			reads = append(reads, time.Since(t0))
			b.StartTimer()
			if _, err := c.Svc.Scoreboard(ctx, team, id); err != nil {
				b.Fatal(err)
			}
			i += 7919 // a prime: verdicts all over the board
		}
		slices.Sort(reads)
		b.ReportMetric(float64(reads[len(reads)*99/100])/1e6, "p99-ms")
	})
	b.Run("apply", func(b *testing.B) {
		i := 0
		for b.Loop() {
			k := i % len(c.Submissions)
			v := judge.Accepted
			if c.Verdicts[k] == judge.Accepted {
				v = judge.WrongAnswer
			}
			c.Verdicts[k] = v
			c.Svc.ApplyJudged([]judge.Judged{{ID: c.Submissions[k], Verdict: v}})
			i += 7919
		}
	})
	b.Run("catch-up", func(b *testing.B) {
		since := time.Now().Add(-11 * time.Second)
		for b.Loop() {
			subs, err := c.DB.ContestChanges(ctx, id, since)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(subs)), "rows/op")
		}
	})
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, err := c.Svc.UpdateContest(ctx, c.Jury, id, judge.ContestPatch{}); err != nil {
				b.Fatal(err)
			}
			if _, err := c.Svc.Scoreboard(ctx, c.Jury, id); err != nil {
				b.Fatal(err)
			}
		}
	})
}
