package main

import (
	"context"

	"puzzlejudge/reference/rotation"
)

// runRotation answers a Rotation Game input (HDU 1667): for each case the
// lexicographically smallest shortest move string (or "No moves needed") and
// the centre symbol, or with -moves only the move string, one line per case
// (empty for a board already solved).
var runRotation = engine[rotation.Board, rotation.Solution]{
	parse: rotation.ParseCases,
	solve: func(ctx context.Context, b rotation.Board) (rotation.Solution, error) {
		return rotation.Solve(ctx, b, nil)
	},
	unit: "case",
}.run
