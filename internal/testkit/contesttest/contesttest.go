// Package contesttest fills a database with a running contest for the
// benchmarks of its board: contestants, problems and judged submissions,
// written straight through the store so that issue 25's contest (500
// contestants, 10 problems, 20,000 submissions) takes seconds to build.
package contesttest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// Size is the shape of a contest.
type Size struct {
	Contestants, Problems, Submissions int
}

// Issue25 is the contest of issue 25's performance goal.
var Issue25 = Size{Contestants: 500, Problems: 10, Submissions: 20000}

// Contest is a filled database with its service (not started) and what a
// benchmark needs of it.
type Contest struct {
	Svc         *service.Service
	DB          *store.DB
	Contest     judge.Contest
	Jury        judge.User
	Contestants []judge.User
	// Submissions are the ids of the contest's submissions, in the order
	// they were made, with the verdict each has.
	Submissions []int64
	Verdicts    []judge.Verdict
}

// New opens a SQLite file in tb's temporary folder and fills it with a
// contest of size that started two hours before now and runs five hours
// (a freeze of one hour), its submissions spread over the first two hours:
// a fifth accepted, the rest wrong answers, time limits and compile errors,
// from a fixed seed. The test's cleanup closes the database.
func New(tb testing.TB, size Size) *Contest {
	tb.Helper()
	// synchronous=normal only makes the inserts of the fixture quicker.
	db, err := store.OpenWith("sqlite", filepath.Join(tb.TempDir(), "contest.db"), nil, store.Options{Synchronous: "normal"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	c := &Contest{DB: db, Svc: service.NewService(db, service.Config{}, nil)}
	if err := c.populate(context.Background(), size); err != nil {
		tb.Fatal(err)
	}
	return c
}

func (c *Contest) populate(ctx context.Context, size Size) error {
	hash := []byte("$2a$04$not.a.real.hash.only.for.the.benchmark.of.boards.xx")
	users := []judge.NewUser{{User: judge.User{Username: "jury", Role: judge.RoleInstructor}, PasswordHash: hash}}
	for i := range size.Contestants {
		users = append(users, judge.NewUser{User: judge.User{Username: fmt.Sprintf("team%03d", i), Role: judge.RoleStudent}, PasswordHash: hash})
	}
	made, err := c.DB.CreateUsers(ctx, users)
	if err != nil {
		return err
	}
	c.Jury, c.Contestants = made[0], made[1:]
	var specs []judge.ContestProblemSpec
	for p := range size.Problems {
		slug := fmt.Sprintf("c%d", p+1)
		// Any puzzle: the problems have no boards, nothing is judged.
		puzzle := puzzles.PuzzleNames()[0]
		if err := c.Svc.SyncProblem(ctx, judge.Problem{Slug: slug, Title: slug, Puzzle: puzzle, Statement: "."}, nil); err != nil {
			return err
		}
		specs = append(specs, judge.ContestProblemSpec{Slug: slug})
	}
	start := time.Now().UTC().Add(-2 * time.Hour).Truncate(time.Second)
	if c.Contest, err = c.Svc.CreateContest(ctx, c.Jury, judge.ContestSpec{Title: "Benchmark", Problems: specs, StartTime: start,
		Duration: 5 * time.Hour, Freeze: time.Hour, Scoring: judge.ScoringICPC}); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(25, 25))
	verdicts := []judge.Verdict{judge.Accepted, judge.WrongAnswer, judge.WrongAnswer, judge.TimeLimit, judge.CompileError}
	for i := range size.Submissions {
		u := c.Contestants[rng.IntN(len(c.Contestants))]
		p := c.Contest.Problems[rng.IntN(len(c.Contest.Problems))]
		v := verdicts[rng.IntN(len(verdicts))]
		at := start.Add(time.Duration(i) * 2 * time.Hour / time.Duration(size.Submissions))
		score := 0.0
		if v == judge.Accepted {
			score = 100
		}
		sub, err := c.DB.CreateJudged(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ProblemID, Kind: judge.KindAnswer, Payload: "1\n",
			Status: judge.StatusDone, Verdict: v, Score: score, JudgedAt: &at, CreatedAt: at, ContestID: c.Contest.ID},
			[]judge.CaseResult{{Position: 1, Verdict: v, Score: score}})
		if err != nil {
			return err
		}
		c.Submissions, c.Verdicts = append(c.Submissions, sub.ID), append(c.Verdicts, v)
	}
	return nil
}
