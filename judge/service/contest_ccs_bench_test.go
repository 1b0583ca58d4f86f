package service_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"

	"golang.org/x/crypto/bcrypt"
)

// ccsBench is a contest at the scale on SQLite: 500 contestants,
// 10 problems, 20,000 judged submissions over its 5 hours (one in ten
// accepted), seeded with one SQL transaction (the benchmark is of the
// Contest API, not of submitting).
func ccsBench(b *testing.B) (*service.Service, *sql.DB, int64) {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "ccs.db")
	db, err := store.Open("sqlite", path, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	s := service.NewService(db, service.Config{BcryptCost: bcrypt.MinCost}, nil)
	if err := s.Start(ctx); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close(context.Background()) })
	var problems []judge.ContestProblem
	for p := 0; p < 10; p++ {
		slug := fmt.Sprintf("flood-%d", p)
		syncProblem(b, s, slug, "floodit", "", benchBoards(1, 4)...)
		pr, err := db.ProblemBySlug(ctx, slug)
		if err != nil {
			b.Fatal(err)
		}
		problems = append(problems, judge.ContestProblem{ProblemID: pr.ID, Label: string(rune('A' + p))})
	}
	var users []int64
	for u := 0; u < 500; u++ {
		usr, err := db.CreateUser(ctx, judge.User{Username: fmt.Sprintf("team%03d", u), Role: judge.RoleStudent}, []byte("x"))
		if err != nil {
			b.Fatal(err)
		}
		users = append(users, usr.ID)
	}
	start := time.Now().Add(-6 * time.Hour).UTC().Truncate(time.Second)
	c, err := db.CreateContest(ctx, judge.Contest{Title: "Bench", Problems: problems, StartTime: start, Duration: 5 * time.Hour,
		Freeze: time.Hour, Scoring: judge.ScoringICPC, Everyone: true, Public: true})
	if err != nil {
		b.Fatal(err)
	}
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { raw.Close() })
	tx, err := raw.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 20000; i++ {
		at := start.Add(time.Duration(i) * 5 * time.Hour / 20000)
		verdict := judge.WrongAnswer
		if i%10 == 0 {
			verdict = judge.Accepted
		}
		_, err := tx.Exec(`INSERT INTO submissions (user_id, problem_id, kind, case_id, puzzle, board, payload, status, priority, verdict, score,
			claim_token, created_at, judged_at, contest_id) VALUES (?, ?, 'answer', 0, '', '', '1', 'done', 0, ?, 0, 0, ?, ?, ?)`,
			users[i%500], problems[(i/500)%10].ProblemID, string(verdict), at, at.Add(time.Second), c.ID)
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	return s, raw, c.ID
}

// BenchmarkCCSFeedSync is one sync of the contest's event feed: with
// nothing changed (what an open feed's poll costs, once a second, shared by
// all open feeds), and after one verdict changed (a rejudge: the
// submission's objects rebuilt and two events appended).
func BenchmarkCCSFeedSync(b *testing.B) {
	s, raw, id := ccsBench(b)
	ctx := context.Background()
	if err := s.SyncFeed(ctx, id, time.Now()); err != nil {
		b.Fatal(err)
	}
	b.Run("unchanged", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		for b.Loop() {
			if err := s.SyncFeed(ctx, id, time.Now()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-verdict", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		n := 0
		for b.Loop() {
			b.StopTimer()
			n++
			if _, err := raw.Exec(`UPDATE submissions SET verdict = ?, judged_at = ? WHERE id = ?`,
				[]string{"time_limit", "wrong_answer"}[n%2], time.Now().UTC(), 1+n%20000); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if err := s.SyncFeed(ctx, id, time.Now()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCCSScoreboard is one GET of the Contest API's scoreboard as the
// public reads it (frozen), without HTTP: the objects are built (cached)
// with the store's read of the contest's submissions.
func BenchmarkCCSScoreboard(b *testing.B) {
	s, _, id := ccsBench(b)
	ctx := context.Background()
	defer reportCPU(b, cpuTime())
	for b.Loop() {
		if _, board, err := s.CCSScoreboard(ctx, judge.User{}, id); err != nil || len(board.Rows) != 500 {
			b.Fatalf("%d rows, %v", len(board.Rows), err)
		}
	}
}

// reportCPU reports the CPU time since start per iteration of b.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
