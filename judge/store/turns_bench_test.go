package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// oldestFirst and oldestFirstPostgres are the claims before issue 32
// (oldest first across everyone), kept as the reference of
// BenchmarkClaimLane.
const (
	oldestFirst = `UPDATE submissions SET status = 'judging', claim_token = claim_token + 1, claimed_at = ?
WHERE status = 'pending' AND id IN (SELECT id FROM submissions WHERE status = 'pending' ORDER BY priority, id LIMIT ?)
RETURNING id, claim_token`
	oldestFirstPostgres = `WITH picked AS MATERIALIZED (
	SELECT id FROM submissions WHERE status = 'pending' ORDER BY priority, id LIMIT ? FOR UPDATE SKIP LOCKED)
UPDATE submissions AS s SET status = 'judging', claim_token = s.claim_token + 1, claimed_at = ?
FROM picked WHERE s.id = picked.id AND s.status = 'pending' RETURNING s.id, s.claim_token`
)

// BenchmarkClaimLane claims a batch of 64 answers, users in turn, from a
// backlog of pending submissions of 1 or 100 users, and releases it: the
// cost of the turns (each user's first 64 ranked) at the sizes of a
// rejudge; order=oldest is the claim of before. Only the claim is timed.
// The figures are in docs/PERFORMANCE.md ("Turns").
//
//	go test ./judge/store -run '^$' -bench ClaimLane -benchtime 100x
func BenchmarkClaimLane(b *testing.B) {
	drivers := map[string]string{"sqlite": ""}
	if dsn := os.Getenv("JUDGE_TEST_PG_DSN"); dsn != "" {
		drivers["postgres"] = dsn
	}
	for driver, dsn := range drivers {
		for _, size := range []struct {
			order          string
			backlog, users int
		}{{"turns", 1000, 1}, {"turns", 1000, 100}, {"turns", 20000, 1}, {"turns", 20000, 100}, {"oldest", 20000, 100}} {
			b.Run(fmt.Sprintf("%s/order=%s/backlog=%d/users=%d", driver, size.order, size.backlog, size.users), func(b *testing.B) {
				ctx := context.Background()
				if driver == "sqlite" {
					dsn = filepath.Join(b.TempDir(), "bench.db")
				} else {
					resetPostgres(b, dsn)
				}
				d, err := OpenWith(driver, dsn, nil, Options{Synchronous: "normal"})
				if err != nil {
					b.Fatal(err)
				}
				defer d.Close()
				p, err := d.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
				if err != nil {
					b.Fatal(err)
				}
				c, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
				if err != nil {
					b.Fatal(err)
				}
				users := make([]judge.User, size.users)
				for i := range users {
					if users[i], err = d.CreateUser(ctx, judge.User{Username: fmt.Sprintf("u%d", i), Role: judge.RoleStudent}, []byte("h")); err != nil {
						b.Fatal(err)
					}
				}
				for i := range size.backlog {
					if _, err := d.CreateSubmission(ctx, judge.Submission{UserID: users[i%len(users)].ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: c.ID, Payload: "1"}); err != nil {
						b.Fatal(err)
					}
				}
				b.ResetTimer()
				for b.Loop() {
					var claims []judge.Claim
					var err error
					if size.order == "oldest" {
						var rows []submissionRow
						if d.postgres {
							err = d.db.Raw(oldestFirstPostgres, 64, time.Now().UTC()).Scan(&rows).Error
						} else {
							err = d.db.Raw(oldestFirst, time.Now().UTC(), 64).Scan(&rows).Error
						}
						for _, r := range rows {
							claims = append(claims, judge.Claim{Submission: judge.Submission{ID: r.ID}, Token: r.ClaimToken})
						}
					} else {
						claims, err = d.ClaimLane(ctx, judge.LaneAnswers, 64, 0)
					}
					if err != nil || len(claims) != 64 {
						b.Fatalf("ClaimLane = %d, %v; want 64", len(claims), err)
					}
					b.StopTimer()
					if err := d.Release(ctx, claims); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
			})
		}
	}
}
