package main

import (
	"context"

	"puzzlejudge/reference/floodit"
)

// runFloodit answers a Flood-it input: the minimum number of moves of each
// case, one per line, or with -moves one optimal sequence of colours per
// line. Boards may exceed the classic limits (up to 30x30, colours 0..15).
var runFloodit = engine[floodit.Board, floodit.Solution]{
	parse: floodit.ParseCases,
	solve: func(ctx context.Context, b floodit.Board) (floodit.Solution, error) {
		return floodit.Solve(ctx, b, nil)
	},
	unit: "case",
}.run
