package service_test

import (
	"context"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// BenchmarkSubmissionsWithheld lists a page of 50 of a student's move
// submissions on the hidden board of a problem that takes answers, as the
// student (every row withheld: one read of the assignments a call, the
// problem from its cache) and as an instructor (nothing withheld), to show
// what withholding the optima costs a list.
func BenchmarkSubmissionsWithheld(b *testing.B) {
	ctx := context.Background()
	s := newService(b, openDB(b, "w.db"), service.Config{})
	syncProblem(b, s, "flood", "floodit", "", flooditCases...)
	hidden := waitReady(b, s, "flood")[1]
	st := mustUser(b, s, "stu")
	var last judge.Submission
	for range 50 {
		last = submit(b, s, st, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: hidden.ID, Payload: "1 2 1 1"})
	}
	waitDone(b, s, last.ID)
	for _, who := range []struct {
		name string
		v    judge.User
	}{{"student", st}, {"instructor", staff}} {
		b.Run(who.name, func(b *testing.B) {
			for b.Loop() {
				subs, _, err := s.Submissions(ctx, who.v, judge.SubmissionFilter{UserID: st.ID, Limit: 50})
				if err != nil || len(subs) != 50 {
					b.Fatalf("Submissions = %d, %v", len(subs), err)
				}
			}
		})
	}
}
