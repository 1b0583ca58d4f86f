package service

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

var errPlain = errors.New("disk on fire")

func fmtWrap(err error) error { return fmt.Errorf("wrapped: %w", err) }

// seedOutputs adds every file of testdata/outputs as a seed.
func seedOutputs(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "outputs", "*"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
}

// FuzzJudge feeds arbitrary text as answer output and as move text to every
// puzzle's checkers: they must never panic, give one result per case (plus
// one for surplus output), keep scores in 0..100 and messages short.
func FuzzJudge(f *testing.F) {
	seedOutputs(f)
	problems := map[string]*problemData{}
	for _, p := range []struct {
		pz     judge.Puzzle
		inputs []string
	}{
		{puzzles.Floodit{}, []string{"2\n0 0\n0 0\n", "3\n0 1 2\n1 1 2\n2 2 1\n"}},
		{puzzles.Rotation{}, []string{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", "1 1 1 1 1 1 1 1 3 3 3 3 3 3 3 3 2 2 2 2 2 2 2 2\n"}},
		{puzzles.Mayan{}, []string{"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "1\n1 1 0\n0\n0\n0\n0\n"}},
	} {
		problems[p.pz.Name()] = ready(f, p.pz, "", p.inputs...)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for name, d := range problems {
			results := judgeAnswer(judge.Submission{Kind: judge.KindAnswer, Payload: text}, d)
			if n := len(results); n != len(d.cases) {
				t.Fatalf("%s: judgeAnswer(%q) gave %d results for %d cases", name, text, n, len(d.cases))
			}
			for _, c := range d.cases {
				results = append(results, judgeMoves(judge.Submission{Kind: judge.KindMoves, CaseID: c.ID, Payload: text}, d)...)
			}
			for _, r := range results {
				if r.Score < 0 || r.Score > 100 || (r.Verdict == judge.Accepted) != (r.Score == 100) || r.Score > 0 && r.Verdict != judge.Suboptimal && r.Verdict != judge.Accepted {
					t.Fatalf("%s: text %q: score %v with verdict %s", name, text, r.Score, r.Verdict)
				}
				if len(r.Message) > 300 {
					t.Fatalf("%s: text %q: message of %d bytes", name, text, len(r.Message))
				}
				if !slices.Contains([]judge.Verdict{judge.Accepted, judge.Suboptimal, judge.NotSolved, judge.Invalid, judge.WrongAnswer, judge.JudgeError}, r.Verdict) {
					t.Fatalf("%s: text %q: unknown verdict %q", name, text, r.Verdict)
				}
			}
		}
	})
}
