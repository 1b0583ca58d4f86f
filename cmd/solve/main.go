// Command solve is the reference solver as a command: it reads a classic
// judge input on stdin and writes the expected output on stdout.
//
//	go run ./cmd/solve -puzzle floodit < input
//	go run ./cmd/solve -puzzle floodit -moves < input
//	go run ./cmd/solve -puzzle floodit -j 2 < input
//	go run ./cmd/solve -puzzle fifteen -tables /tmp/tables < input
//
// The expected output is the classic one: for Flood-it the minimum number of
// moves per case; for the Rotation Game the lexicographically smallest
// shortest move string (or "No moves needed") and the centre symbol; for
// the Mayan puzzle the n moves of the smallest solution, or "-1". With
// -moves each case gets one optimal move sequence instead (the same lines
// for Mayan). -j solves several cases at once, keeping the input's order.
// The 15-puzzle's tables are kept between runs in -tables, by default
// puzzlejudge in the user's cache folder (os.UserCacheDir).
//
// Input that does not parse is reported on stderr with its line and column,
// with exit status 2 and nothing on stdout.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// maxInput bounds the input read from stdin.
const maxInput = 16 << 20

// options are the command-line choices the solving loop receives.
type options struct {
	Moves bool // write one move sequence per case instead of the expected output
	Jobs  int  // cases solved at once
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
	names := puzzles.PuzzleNames()
	puzzle := fs.String("puzzle", "", "the puzzle: "+strings.Join(names, ", "))
	moves := fs.Bool("moves", false, "print one optimal move sequence per case instead of the expected output")
	timeout := fs.Duration("timeout", 0, "give up after this long (0: no limit)")
	jobs := fs.Int("j", runtime.NumCPU(), "solve this many cases at once (the output keeps the input's order)")
	tables := fs.String("tables", defaultTableDir(), "keep the solvers' tables (the 15-puzzle's, seconds to build) in this folder between runs; empty: build them at every run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "solve: unexpected argument %q (the input is read from stdin)\n", fs.Arg(0))
		return 2
	}
	puzzles.SetTableDir(*tables)
	pz, err := puzzles.Lookup(*puzzle)
	if err != nil {
		fmt.Fprintf(stderr, "solve: unknown puzzle %q; -puzzle is one of: %s\n", *puzzle, strings.Join(names, ", "))
		return 2
	}
	if *jobs < 1 {
		fmt.Fprintf(stderr, "solve: -j %d: want at least 1\n", *jobs)
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
	// One leading byte order mark (Windows Notepad writes one) is dropped,
	// as the judge drops it from what students send; a second is an error.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	start := time.Now()
	err = solveAll(ctx, pz, string(data), options{Moves: *moves, Jobs: *jobs}, stdout)
	var ie inputError
	switch {
	case errors.As(err, &ie):
		fmt.Fprintf(stderr, "solve: %s\n", judge.ErrorMessage(ie.err))
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "solve: %v after %v\n", err, time.Since(start).Round(time.Millisecond))
		return 1
	}
	return 0
}

// defaultTableDir is puzzlejudge in the user's cache folder, or "" (no
// tables kept) when there is none, as for a user without a home.
func defaultTableDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "puzzlejudge")
}
