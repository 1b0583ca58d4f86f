package puzzles

import (
	"slices"
	"sort"
	"strings"

	"puzzlejudge/judge"
)

// checkLimitsUpTo is the shape of every adapter's CheckProblemLimits: a
// limit the puzzle has may go up to its engine's maximum (most, the
// puzzle's Info().Limits), and one it does not have (0 there) must stay 0.
func checkLimitsUpTo(puzzle string, l, most judge.Limits) error {
	for _, f := range []struct {
		name     string
		v, limit int
	}{{"max_size", l.MaxSize, most.MaxSize}, {"max_colors", l.MaxColors, most.MaxColors}, {"max_moves", l.MaxMoves, most.MaxMoves}} {
		switch {
		case f.limit == 0 && f.v != 0:
			return judge.Errorf(judge.EINVALID, "limits.%s: puzzle %s has no such limit; leave it 0", f.name, puzzle)
		case f.v > f.limit:
			return judge.Errorf(judge.EINVALID, "limits.%s: %d is above what the %s engine supports (%d)", f.name, f.v, puzzle, f.limit)
		}
	}
	return nil
}

// paramsError names the params a puzzle takes when a request gives others.
func paramsError(puzzle string, params map[string]int, takes ...string) error {
	var unknown []string
	for k := range params {
		if !slices.Contains(takes, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	if len(takes) == 0 {
		return judge.Errorf(judge.EINVALID, "params.%s: puzzle %s takes no params", unknown[0], puzzle)
	}
	return judge.Errorf(judge.EINVALID, "params.%s: puzzle %s takes %s", unknown[0], puzzle, strings.Join(takes, ", "))
}

// param returns params[name], or def when absent, checked to be in lo..hi.
func param(params map[string]int, name string, def, lo, hi int) (int, error) {
	v, ok := params[name]
	if !ok {
		if def == 0 {
			return 0, judge.Errorf(judge.EINVALID, "params.%s: required", name)
		}
		v = def
	}
	if v < lo || v > hi {
		return 0, judge.Errorf(judge.EINVALID, "params.%s: %d is outside %d..%d", name, v, lo, hi)
	}
	return v, nil
}
