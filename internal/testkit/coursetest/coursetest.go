// Package coursetest fills a database with a course for the benchmarks of
// grading: students, problems, an assignment and judged submissions, written
// straight through the store so that a large course takes seconds to build.
package coursetest

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/problems"
)

// Size is the shape of a course.
type Size struct {
	Students, Problems, SubmissionsEach int
}

// Issue13 is the course of issue 13's performance goal: 300 students, 6
// problems, 20 submissions by each student to each problem (36,000).
var Issue13 = Size{Students: 300, Problems: 6, SubmissionsEach: 20}

// board is the problem every problem of a course copies (its puzzle, its
// cases: one sample, two graded boards), kept as data in the shipped
// catalogue's layout. The submissions populate stores fit it (an answer of
// three lines, a colour sequence) but are never judged.
//
//go:embed catalogue
var catalogue embed.FS

func board() (problems.Problem, error) {
	sub, err := fs.Sub(catalogue, "catalogue")
	if err != nil {
		return problems.Problem{}, err
	}
	ps, err := problems.Load(sub)
	if err != nil {
		return problems.Problem{}, err
	}
	return ps[0], nil
}

// New opens a SQLite file in tb's temporary folder and fills it with a
// course of size through a service that is not started (nothing judges the
// stored submissions again); it returns the service, the assignment and
// its instructor. The test's cleanup closes the database.
func New(tb testing.TB, size Size) (*service.Service, judge.Assignment, judge.User) {
	tb.Helper()
	// synchronous=normal only makes the inserts of the fixture quicker;
	// the reads a benchmark measures do not sync.
	db, err := store.OpenWith("sqlite", filepath.Join(tb.TempDir(), "course.db"), nil, store.Options{Synchronous: "normal"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	svc := service.NewService(db, service.Config{}, nil)
	a, prof, err := populate(context.Background(), db, svc, size)
	if err != nil {
		tb.Fatal(err)
	}
	return svc, a, prof
}

// populate fills db, through svc (which must not be started, so that no
// worker judges the stored submissions again), with a course of size: an
// instructor "prof", students "s000"..., the problems "p1"..., and one
// assignment holding them, open from an hour before now to a day after.
// Half the submissions are answers and half moves on a graded board, with
// scores drawn from a fixed seed.
func populate(ctx context.Context, db *store.DB, svc *service.Service, size Size) (judge.Assignment, judge.User, error) {
	hash := []byte("$2a$04$not.a.real.hash.only.for.the.benchmark.of.grades.xx")
	users := []judge.NewUser{{User: judge.User{Username: "prof", Role: judge.RoleInstructor}, PasswordHash: hash}}
	for i := range size.Students {
		users = append(users, judge.NewUser{User: judge.User{Username: fmt.Sprintf("s%03d", i), Role: judge.RoleStudent}, PasswordHash: hash})
	}
	made, err := db.CreateUsers(ctx, users)
	if err != nil {
		return judge.Assignment{}, judge.User{}, err
	}
	prof := made[0]
	b, err := board()
	if err != nil {
		return judge.Assignment{}, judge.User{}, err
	}
	var specs []judge.AssignmentProblemSpec
	graded := map[string][]int64{}
	for p := range size.Problems {
		slug := fmt.Sprintf("p%d", p+1)
		if err := svc.SyncProblem(ctx, judge.Problem{Slug: slug, Title: slug, Puzzle: b.Problem.Puzzle, Statement: b.Problem.Statement}, b.Cases); err != nil {
			return judge.Assignment{}, judge.User{}, err
		}
		_, cases, err := svc.Problem(ctx, prof, slug)
		if err != nil {
			return judge.Assignment{}, judge.User{}, err
		}
		graded[slug] = []int64{cases[1].ID, cases[2].ID}
		w := float64(p + 1)
		specs = append(specs, judge.AssignmentProblemSpec{Slug: slug, Weight: &w})
	}
	now := time.Now().UTC()
	a, err := svc.CreateAssignment(ctx, prof, judge.AssignmentSpec{
		Title: "Benchmark", Problems: specs, OpensAt: now.Add(-time.Hour), DueAt: now.Add(24 * time.Hour),
	})
	if err != nil {
		return judge.Assignment{}, judge.User{}, err
	}
	rng := rand.New(rand.NewPCG(13, 13))
	verdicts := []judge.Verdict{judge.Accepted, judge.Suboptimal, judge.WrongAnswer, judge.NotSolved, judge.Invalid}
	judged := now
	for _, u := range made[1:] {
		for _, ap := range a.Problems {
			for k := range size.SubmissionsEach {
				v := verdicts[rng.IntN(len(verdicts))]
				score := 0.0
				switch v {
				case judge.Accepted:
					score = 100
				case judge.Suboptimal, judge.WrongAnswer:
					score = float64(rng.IntN(99) + 1)
				}
				sub := judge.Submission{UserID: u.ID, ProblemID: ap.ProblemID, Kind: judge.KindAnswer, Payload: "0\n3\n7\n",
					Status: judge.StatusDone, Verdict: v, Score: score, JudgedAt: &judged}
				if k%2 == 1 {
					sub.Kind, sub.CaseID, sub.Payload = judge.KindMoves, graded[ap.Slug][rng.IntN(2)], "1 2 1"
				}
				if _, err := db.CreateJudged(ctx, sub, []judge.CaseResult{{CaseID: sub.CaseID, Position: 1, Verdict: v, Score: score}}); err != nil {
					return judge.Assignment{}, judge.User{}, err
				}
			}
		}
	}
	return a, prof, nil
}
