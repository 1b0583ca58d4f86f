package judge_test

import (
	"context"
	"testing"

	"puzzlejudge/judge"
)

func TestServiceSmoke(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "j.db"), judge.Config{})
	u := mustUser(t, s, "alice")
	syncProblem(t, s, "flood", "floodit", "",
		judge.CaseSpec{Name: "1", Input: "2\n0 0\n0 0\n", Sample: true},
		judge.CaseSpec{Name: "2", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"})
	cases := waitReady(t, s, "flood")
	for _, c := range cases {
		t.Logf("%+v", c)
	}
	sub, err := s.Submit(ctx, judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\r\n3  \n\n"})
	if err != nil {
		t.Fatal(err)
	}
	got := waitDone(t, s, sub.ID)
	t.Logf("%+v", got)
	sub, err = s.Submit(ctx, judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[1].ID, Payload: "2 1 2 0"})
	if err != nil {
		t.Fatal(err)
	}
	got = waitDone(t, s, sub.ID)
	t.Logf("%+v", got)
}
