package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"puzzlejudge/reference/mayan"
)

// runMayan answers a Mayan puzzle input, one or more instances one after
// another: for each, the n moves "x y g" of the lexicographically smallest
// solution, one per line, or "-1". The moves are the answer for this
// puzzle, so -moves prints the same lines. Every instance is parsed before
// the first is solved, so a malformed input writes nothing.
func runMayan(ctx context.Context, input string, opts options, stdout io.Writer) error {
	boards, err := mayan.ParseCases(input)
	if err != nil {
		return inputError{err}
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i, b := range boards {
		sol, err := mayan.Solve(ctx, b, nil)
		if err != nil {
			return fmt.Errorf("instance %d: %w", i+1, err)
		}
		io.WriteString(w, sol.Answer())
		// Show each answer as soon as it is known: later instances may be slow.
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}
