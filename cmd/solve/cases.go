package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"puzzlejudge/judge"
)

// solved is one case's outcome, handed from a solving goroutine to the writer.
type solved struct {
	sol judge.Solution
	err error
}

// solveAll parses the whole input before solving the first case, so that a
// malformed input writes nothing, then solves the cases on up to jobs
// goroutines and writes each case's expected output (or, with -moves, its
// move sequence) in input order as soon as it and every case before it are
// known: later cases may be slow. The first failure in input order ends the
// run; the cases after it are cancelled.
func solveAll(ctx context.Context, pz judge.Puzzle, input string, opts options, stdout io.Writer) error {
	solvers, err := caseSolvers(pz, input)
	if err != nil {
		return inputError{err}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	results := make([]chan solved, len(solvers))
	for i := range results {
		results[i] = make(chan solved, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(opts.Jobs, len(solvers))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				sol, err := solvers[i](ctx)
				results[i] <- solved{sol, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range solvers {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer wg.Wait()

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	unit := pz.Info().Unit
	for i := range solvers {
		var r solved
		select {
		case r = <-results[i]:
		case <-ctx.Done():
			return fmt.Errorf("%s %d: %w", unit, i+1, ctx.Err())
		}
		if r.err != nil {
			return fmt.Errorf("%s %d: %w", unit, i+1, r.err)
		}
		io.WriteString(w, output(r.sol, opts.Moves))
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// caseSolvers returns a solve per case of input: the engine's own, over
// the boards it parsed, when pz has them (judge.CaseSolvers), else Solve
// over each case's canonical text.
func caseSolvers(pz judge.Puzzle, input string) ([]func(context.Context) (judge.Solution, error), error) {
	if cs, ok := pz.(judge.CaseSolvers); ok {
		return cs.CaseSolvers(input)
	}
	cases, err := pz.ParseCases(input)
	if err != nil {
		return nil, err
	}
	out := make([]func(context.Context) (judge.Solution, error), len(cases))
	for i, c := range cases {
		out[i] = func(ctx context.Context) (judge.Solution, error) { return pz.Solve(ctx, c, nil) }
	}
	return out, nil
}

// output is what the command prints for one solved case: its expected
// output, or with moves its move sequence ending in a newline. A case with
// no solution prints its expected output either way (Mayan's "-1"); where
// the moves are the expected output (Mayan), both are the same lines.
func output(sol judge.Solution, moves bool) string {
	if !moves || !sol.Solvable {
		return sol.Answer
	}
	if !strings.HasSuffix(sol.Moves, "\n") {
		return sol.Moves + "\n"
	}
	return sol.Moves
}
