package main

import (
	"context"

	"puzzlejudge/reference/mayan"
)

// runMayan answers a Mayan puzzle input, one or more instances one after
// another: for each, the n moves "x y g" of the lexicographically smallest
// solution, one per line, or "-1". The moves are the answer for this
// puzzle, so -moves prints the same lines.
var runMayan = engine[mayan.Board, mayan.Solution]{
	parse: mayan.ParseCases,
	solve: func(ctx context.Context, b mayan.Board) (mayan.Solution, error) {
		return mayan.Solve(ctx, b, nil)
	},
	unit:          "instance",
	answerIsMoves: true,
}.run
