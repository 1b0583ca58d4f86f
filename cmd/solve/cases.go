package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
)

// solution is what every engine's Solve returns.
type solution interface {
	Answer() string
	MovesText() string
}

// engine is one puzzle's parser and solver, as cmd/solve uses them.
type engine[B any, S solution] struct {
	parse func(input string) ([]B, error)
	solve func(ctx context.Context, b B) (S, error)
	// unit names a case in error messages ("case", or "instance" for Mayan).
	unit string
	// answerIsMoves is set where the expected output already is the moves,
	// so -moves prints the answer unchanged (Mayan: its "-1" included).
	answerIsMoves bool
}

// run parses the whole input before solving the first case, so a malformed
// input writes nothing, then writes each case's expected output (or, with
// -moves, its move sequence on one line) as soon as it is known: later cases
// may be slow.
func (e engine[B, S]) run(ctx context.Context, input string, opts options, stdout io.Writer) error {
	boards, err := e.parse(input)
	if err != nil {
		return inputError{err}
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i, b := range boards {
		sol, err := e.solve(ctx, b)
		if err != nil {
			return fmt.Errorf("%s %d: %w", e.unit, i+1, err)
		}
		if opts.Moves && !e.answerIsMoves {
			fmt.Fprintln(w, sol.MovesText())
		} else {
			io.WriteString(w, sol.Answer())
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}
