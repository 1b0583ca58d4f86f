package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"puzzlejudge/reference/floodit"
)

// runFloodit answers a Flood-it input: the minimum number of moves of each
// case, one per line, or with -moves one optimal sequence of colours per
// line. Boards may exceed the classic limits (up to 30x30, colours 0..15).
// Every case is parsed before the first is solved, so a malformed input
// writes nothing.
func runFloodit(ctx context.Context, input string, opts options, stdout io.Writer) error {
	boards, err := floodit.ParseCases(input)
	if err != nil {
		return inputError{err}
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i, b := range boards {
		sol, err := floodit.Solve(ctx, b, nil)
		if err != nil {
			return fmt.Errorf("case %d: %w", i+1, err)
		}
		if opts.Moves {
			fmt.Fprintln(w, sol.MovesText())
		} else {
			io.WriteString(w, sol.Answer())
		}
		// Show each answer as soon as it is known: later cases may be slow.
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}
