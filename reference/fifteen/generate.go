package fifteen

import (
	"context"
	"fmt"
	"math/rand/v2"
)

// randomWalk returns b after n random moves, none undoing the one before.
func randomWalk(rng *rand.Rand, b Board, n int) Board {
	var last Move
	for i := 0; i < n; {
		m := [4]Move{Down, Left, Right, Up}[rng.IntN(4)]
		if m == last.Inverse() && last != 0 {
			continue
		}
		if next, _, ok := b.Apply(m); ok {
			b, last = next, m
			i++
		}
	}
	return b
}

// MaxGenerateTries bounds the boards one Generate call solves.
const MaxGenerateTries = 1000

// Generate returns a board of the given width (3 or 4) whose optimal
// solution has exactly length moves, with that solution: it walks
// randomly from the goal and solves where it lands, walking further each
// time the board came out too near (a walk of k moves ends at most k
// moves from the goal, and at a distance of k's parity). The boards depend
// only on rng, which the caller seeds. Lengths past what random walks reach
// easily (about 60 on 4x4, 31 is the most on 3x3) take many tries or fail:
// the error says so, and ctx bounds the time.
func Generate(ctx context.Context, rng *rand.Rand, width, length int) (Board, Solution, error) {
	maxLen := map[int]int{3: 31, 4: 80}[width]
	if maxLen == 0 {
		return Board{}, Solution{}, errWidth(width)
	}
	if length < 0 || length > maxLen {
		return Board{}, Solution{}, fmt.Errorf("fifteen: no %dx%d board needs %d moves (0..%d)", width, width, length, maxLen)
	}
	walk := length
	for range MaxGenerateTries {
		b := randomWalk(rng, Goal(width), walk)
		s, err := Solve(ctx, b, nil)
		if err != nil {
			return Board{}, Solution{}, err
		}
		switch {
		case s.Len() == length:
			return b, s, nil
		case s.Len() < length && walk < 50*length:
			walk += 2 // keeps the parity of length
		}
	}
	return Board{}, Solution{}, fmt.Errorf("fifteen: no %dx%d board of %d moves found in %d tries", width, width, length, MaxGenerateTries)
}
