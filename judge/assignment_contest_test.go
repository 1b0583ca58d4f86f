package judge

import (
	"testing"
	"time"
)

func TestFollowContest(t *testing.T) {
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	lu := t0.Add(48 * time.Hour)
	a := Assignment{ID: 4, Title: "Exam", OpensAt: t0.Add(-time.Hour), DueAt: t0.Add(24 * time.Hour), LateUntil: &lu, LateFactor: 0.5,
		Problems: []AssignmentProblem{{ProblemID: 1, Slug: "a", Weight: 2}, {ProblemID: 9, Slug: "gone", Weight: 5}}}
	c := Contest{ID: 7, StartTime: t0, Duration: 5 * time.Hour,
		Problems: []ContestProblem{{ProblemID: 2, Slug: "b", Title: "B", Label: "A", Draft: true}, {ProblemID: 1, Slug: "a", Title: "A", Label: "B"}}}
	got := a.FollowContest(c)
	if got.ContestID != 7 || !got.OpensAt.Equal(t0) || !got.DueAt.Equal(t0.Add(5*time.Hour)) || got.LateUntil != nil || got.LateFactor != 0 {
		t.Errorf("FollowContest window = %+v, want the contest's, no late period", got)
	}
	want := []AssignmentProblem{{ProblemID: 2, Slug: "b", Title: "B", Weight: 1, Draft: true}, {ProblemID: 1, Slug: "a", Title: "A", Weight: 2}}
	if len(got.Problems) != len(want) {
		t.Fatalf("FollowContest problems = %+v, want %+v", got.Problems, want)
	}
	for i := range want {
		if got.Problems[i] != want[i] {
			t.Errorf("FollowContest problems[%d] = %+v, want %+v", i, got.Problems[i], want[i])
		}
	}
}

func TestContestGrade(t *testing.T) {
	tests := []struct {
		scoring Scoring
		cell    ProblemCell
		want    float64
	}{
		{ScoringICPC, ProblemCell{Solved: true, Tries: 3, Score: 1}, 100},
		{ScoringICPC, ProblemCell{Tries: 3}, 0},
		{ScoringIOI, ProblemCell{Score: 62.5, Tries: 2}, 62.5},
		{ScoringIOI, ProblemCell{Solved: true, Score: 100}, 100},
		{ScoringIOI, ProblemCell{}, 0},
	}
	for _, tc := range tests {
		if got := ContestGrade(tc.scoring, tc.cell); got != tc.want {
			t.Errorf("ContestGrade(%s, %+v) = %g, want %g", tc.scoring, tc.cell, got, tc.want)
		}
	}
}
