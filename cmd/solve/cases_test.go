package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// textsOnly is a puzzle seen through judge.Puzzle alone, without its
// CaseSolvers: the command then goes through ParseCases and Solve.
type textsOnly struct{ judge.Puzzle }

// TestSolveAllWithoutCaseSolvers solves the shipped cases of each puzzle
// in one input through the engine's CaseSolvers and through the canonical
// texts, and wants the same output, and the same error for a bad input.
func TestSolveAllWithoutCaseSolvers(t *testing.T) {
	for _, name := range []string{"floodit", "rotation", "mayan"} {
		pz, err := puzzles.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := pz.(judge.CaseSolvers); !ok {
			t.Fatalf("%s has no CaseSolvers", name)
		}
		var texts []string
		for _, c := range shippedCases(t, name) {
			text, err := pz.ParseCase(c.input)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, text)
		}
		input := pz.JudgeInput(texts)
		for _, moves := range []bool{false, true} {
			opts := options{Moves: moves, Jobs: 2}
			var own, plain bytes.Buffer
			errOwn := solveAll(context.Background(), pz, input, opts, &own)
			errPlain := solveAll(context.Background(), textsOnly{pz}, input, opts, &plain)
			if errOwn != nil || errPlain != nil || own.Len() == 0 || own.String() != plain.String() {
				t.Errorf("%s, moves %v: CaseSolvers %q, %v; texts %q, %v", name, moves, own.String(), errOwn, plain.String(), errPlain)
			}
		}
		bad := strings.Replace(input, "\n", "\nx\n", 1)
		errOwn := solveAll(context.Background(), pz, bad, options{Jobs: 1}, new(bytes.Buffer))
		errPlain := solveAll(context.Background(), textsOnly{pz}, bad, options{Jobs: 1}, new(bytes.Buffer))
		if errOwn == nil || errPlain == nil || errOwn.Error() != errPlain.Error() {
			t.Errorf("%s, a bad input: CaseSolvers %v; texts %v", name, errOwn, errPlain)
		}
	}
}
