package service

import (
	"testing"

	"puzzlejudge/judge"
)

// TestSolveOrder: samples are solved first, then the smallest boards, so
// that right after a start most submissions wait for little; a case
// scheduled again without its size keeps its rank.
func TestSolveOrder(t *testing.T) {
	s := NewService(nil, Config{}, nil)
	s.scheduleCase(judge.Case{ID: 1, Input: "12\n" + "big board"})
	s.scheduleCase(judge.Case{ID: 2, Input: "3\nsmall"})
	s.scheduleCase(judge.Case{ID: 3, Input: "12\n" + "big sample", Sample: true})
	s.scheduleSolve(4) // size unknown: last
	s.scheduleCase(judge.Case{ID: 5, Input: "3\nsmall"})
	var got []int64
	for {
		id, ok := s.nextSolve()
		if !ok {
			break
		}
		got = append(got, id)
	}
	want := []int64{3, 2, 5, 1, 4}
	if len(got) != len(want) {
		t.Fatalf("solve order %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("solve order %v, want %v", got, want)
		}
	}
}
