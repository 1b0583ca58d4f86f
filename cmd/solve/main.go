// Command solve is the reference solver as a command: it reads a classic
// judge input on stdin and writes the expected output on stdout.
//
//	go run ./cmd/solve -puzzle floodit < input
//	go run ./cmd/solve -puzzle floodit -moves < input
//
// Input that does not parse is reported on stderr with its line and column,
// with exit status 2 and nothing on stdout.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"
)

// maxInput bounds the input read from stdin.
const maxInput = 16 << 20

// options are the command-line choices a puzzle's solver receives.
type options struct {
	Moves bool // write one move sequence per case instead of the expected output
}

// puzzleFunc solves every case of a classic judge input and writes the
// output. An input that does not parse is returned as an inputError.
type puzzleFunc func(ctx context.Context, input string, opts options, stdout io.Writer) error

// puzzles maps the -puzzle names to their solvers; each puzzle adds its line
// here and its function in its own file.
var puzzles = map[string]puzzleFunc{
	"floodit":  runFloodit,
	"mayan":    runMayan,
	"rotation": runRotation,
}

// inputError is an error in the user's input (exit status 2), as opposed to
// a failure of the solver (exit status 1).
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole command, with its environment passed in so that tests can
// call it. It returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	names := make([]string, 0, len(puzzles))
	for name := range puzzles {
		names = append(names, name)
	}
	slices.Sort(names)
	puzzle := fs.String("puzzle", "", "the puzzle: "+strings.Join(names, ", "))
	moves := fs.Bool("moves", false, "print one optimal move sequence per case instead of the expected output")
	timeout := fs.Duration("timeout", 0, "give up after this long (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "solve: unexpected argument %q (the input is read from stdin)\n", fs.Arg(0))
		return 2
	}
	solve, ok := puzzles[*puzzle]
	if !ok {
		fmt.Fprintf(stderr, "solve: unknown puzzle %q; -puzzle is one of: %s\n", *puzzle, strings.Join(names, ", "))
		return 2
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err != nil {
		fmt.Fprintf(stderr, "solve: reading the input: %v\n", err)
		return 1
	}
	if len(data) > maxInput {
		fmt.Fprintf(stderr, "solve: the input is larger than %d MiB\n", maxInput>>20)
		return 2
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	start := time.Now()
	err = solve(ctx, string(data), options{Moves: *moves}, stdout)
	var ie inputError
	switch {
	case errors.As(err, &ie):
		fmt.Fprintf(stderr, "solve: %v\n", ie.err)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "solve: %v after %v\n", err, time.Since(start).Round(time.Millisecond))
		return 1
	}
	return 0
}
