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
	"puzzlejudge/problems"
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
// shipped problem's checker: they must never panic, give one result per case (plus
// one for surplus output), keep scores in 0..100 and messages short.
func FuzzJudge(f *testing.F) {
	seedOutputs(f)
	// Every shipped problem, under its own checker, with its first
	// boards: each registered puzzle is fuzzed without a line here.
	shipped, err := problems.Shipped()
	if err != nil {
		f.Fatal(err)
	}
	byProblem := map[string]*problemData{}
	for _, p := range shipped {
		pz, err := puzzles.Lookup(p.Problem.Puzzle)
		if err != nil {
			f.Fatal(err)
		}
		var inputs []string
		for _, c := range p.Cases[:min(3, len(p.Cases))] {
			inputs = append(inputs, c.Input)
		}
		byProblem[p.Problem.Slug] = ready(f, pz, p.Problem.Checker, inputs...)
	}
	for _, name := range puzzles.PuzzleNames() {
		if !slices.ContainsFunc(shipped, func(p problems.Problem) bool { return p.Problem.Puzzle == name }) {
			f.Fatalf("no shipped problem of %s to fuzz", name)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		for name, d := range byProblem {
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
