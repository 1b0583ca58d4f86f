package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"puzzlejudge/reference/rotation"
)

// runRotation answers a Rotation Game input (HDU 1667): for each case the
// lexicographically smallest shortest move string (or "No moves needed") and
// the centre symbol, or with -moves only the move string, one line per case
// (empty for a board already solved). Every case is parsed before the first
// is solved, so a malformed input writes nothing.
func runRotation(ctx context.Context, input string, opts options, stdout io.Writer) error {
	boards, err := rotation.ParseCases(input)
	if err != nil {
		return inputError{err}
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i, b := range boards {
		sol, err := rotation.Solve(ctx, b, nil)
		if err != nil {
			return fmt.Errorf("case %d: %w", i+1, err)
		}
		if opts.Moves {
			fmt.Fprintln(w, sol.MovesText())
		} else {
			io.WriteString(w, sol.Answer())
		}
	}
	return w.Flush()
}
