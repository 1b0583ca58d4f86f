package puzzles

import (
	"testing"

	"puzzlejudge/judge"
)

// TestInfoLimits: a puzzle's Info().Limits are what CheckProblemLimits
// takes: each limit up to its most, none where the most is 0 (Rotation has
// no board limits at all, so the problem form shows none).
func TestInfoLimits(t *testing.T) {
	want := map[string]judge.Limits{
		"floodit":  {MaxSize: 30, MaxColors: 16},
		"rotation": {},
		"mayan":    {MaxColors: 10, MaxMoves: 7},
		"fifteen":  {MaxSize: 4},
	}
	for _, name := range PuzzleNames() {
		pz, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		most := pz.Info().Limits
		if w, ok := want[name]; ok && most != w {
			t.Errorf("%s: Info().Limits = %+v, want %+v", name, most, w)
		}
		if err := pz.CheckProblemLimits(most); err != nil {
			t.Errorf("%s: CheckProblemLimits(its most %+v) = %v", name, most, err)
		}
		for _, l := range []struct {
			field string
			l     judge.Limits
		}{
			{"max_size", judge.Limits{MaxSize: most.MaxSize + 1}},
			{"max_colors", judge.Limits{MaxColors: most.MaxColors + 1}},
			{"max_moves", judge.Limits{MaxMoves: most.MaxMoves + 1}},
		} {
			if err := pz.CheckProblemLimits(l.l); judge.ErrorCode(err) != judge.EINVALID {
				t.Errorf("%s: CheckProblemLimits(%s one above its most) = %v, want invalid", name, l.field, err)
			}
		}
	}
}
