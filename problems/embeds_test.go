package problems

import (
	"testing"

	"puzzlejudge/judge/puzzles"
)

// TestShippedSamplesHoldNoHiddenBoard: /check refuses a student's board
// that holds a hidden board (Puzzle.Embeds, issue 32), so no sample of the
// shipped catalogue may hold one, or a student could not check the boards
// the problems show them. It once did: the 2x2 board of four colours is in
// a sample, which is why Embeds skips cores that small.
func TestShippedSamplesHoldNoHiddenBoard(t *testing.T) {
	ps, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		pz, err := puzzles.Lookup(p.Problem.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range ps {
			if q.Problem.Puzzle != p.Problem.Puzzle {
				continue
			}
			for _, s := range p.Cases {
				if !s.Sample {
					continue
				}
				for _, h := range q.Cases {
					if !h.Sample && pz.Embeds(s.Input, h.Input) {
						t.Errorf("sample %s of %s holds hidden board %s of %s: /check refuses it to students", s.Name, p.Problem.Slug, h.Name, q.Problem.Slug)
					}
				}
			}
		}
	}
}
