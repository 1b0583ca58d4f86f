package mayan

import "math/rand/v2"

// MaxBlocks is the number of cells of the board.
const MaxBlocks = Width * Height

// buildTries bounds the random attempts of one backward step.
const buildTries = 200

// Build returns a board of n moves, colours 1..colors and exactly blocks
// blocks that can be cleared in exactly n moves: it plays n moves backwards
// from the empty board. A backward step puts back a run of three to five
// blocks of one colour (a step whose forward move makes them vanish) or none
// (a forward move that only drags a block), then undoes the drag of one
// block; every step is checked by playing it forwards with Apply, so the
// moves it records are a solution. The first backward step always puts a
// run back, so that the board is not empty before the last move.
//
// Random boards are almost never solvable; built ones always are, though the
// lexicographically smallest solution that Solve finds may differ from the
// one built. ok is false when the random choices led nowhere (a step found
// no legal move back); the caller draws again from rng.
func Build(rng *rand.Rand, n, colors, blocks int) (b Board, ok bool) {
	if n < 1 || n > MaxMoves || colors < 1 || colors > MaxColor || blocks < 3 || blocks > min(5*n, MaxBlocks) {
		return Board{}, false
	}
	groups := runSizes(rng, n, blocks)
	for step := range n {
		next, ok := backStep(rng, b, colors, groups[step])
		if !ok {
			return Board{}, false
		}
		b = next
	}
	b.N = n
	return b, true
}

// runSizes splits blocks into the runs put back by the n backward steps: a
// size of 3 to 5 per clearing step, 0 for a step that only drags. The first
// step clears; the others are shuffled.
func runSizes(rng *rand.Rand, n, blocks int) []int {
	runs := (blocks + 4) / 5 // fewest runs of at most five
	if rest := n - runs; rest > 0 {
		// More clearing steps when blocks allow: boards with more runs
		// than drags are the interesting ones.
		runs += rng.IntN(min(rest, blocks/3-runs) + 1)
	}
	sizes := make([]int, runs)
	left := blocks
	for i := range sizes {
		sizes[i] = 3
		left -= 3
	}
	for left > 0 {
		i := rng.IntN(runs)
		if sizes[i] < 5 {
			sizes[i]++
			left--
		}
	}
	out := make([]int, n)
	copy(out, sizes)
	rng.Shuffle(n-1, func(i, j int) { out[i+1], out[j+1] = out[j+1], out[i+1] })
	return out
}

// backStep returns a stable board from which one legal move leads to b,
// with a run of size blocks put back first (none when size is 0).
func backStep(rng *rand.Rand, b Board, colors, size int) (Board, bool) {
	for range buildTries {
		mid := b
		if size > 0 && !putRun(rng, &mid, colors, size) {
			continue
		}
		prev, m, ok := undrag(rng, mid)
		if !ok {
			continue
		}
		if _, any := runs(&prev.cols); any {
			continue
		}
		prev.N, b.N = 0, 0
		if prev.Check(m) != "" {
			continue
		}
		if next, _, _ := prev.Apply(m); next == b {
			return prev, true
		}
	}
	return Board{}, false
}

// putRun inserts size blocks of one colour in a line: up a column, or
// across a row at a height every column of the line reaches.
func putRun(rng *rand.Rand, b *Board, colors, size int) bool {
	v := 1 + rng.IntN(colors)
	if rng.IntN(2) == 0 {
		x := rng.IntN(Width)
		h := height(b.cols[x])
		if h+size > Height {
			return false
		}
		y := rng.IntN(h + 1)
		for range size {
			b.cols[x] = insertCell(b.cols[x], y, v)
		}
		return true
	}
	x0 := rng.IntN(Width - size + 1)
	low := Height
	for x := x0; x < x0+size; x++ {
		low = min(low, height(b.cols[x]))
	}
	if low >= Height {
		return false
	}
	y := rng.IntN(low + 1)
	for x := x0; x < x0+size; x++ {
		if height(b.cols[x]) >= Height {
			return false
		}
		b.cols[x] = insertCell(b.cols[x], y, v)
	}
	return true
}

// undrag undoes a random drag: it swaps two neighbouring blocks back, or
// takes the top block of a column back to where it was dragged from.
func undrag(rng *rand.Rand, b Board) (Board, Move, bool) {
	t := rng.IntN(Width)
	if rng.IntN(2) == 0 {
		// A swap of (t,y) and (t+1,y); the forward move drags the left one.
		if t+1 >= Width {
			return b, Move{}, false
		}
		h := min(height(b.cols[t]), height(b.cols[t+1]))
		if h == 0 {
			return b, Move{}, false
		}
		y := rng.IntN(h)
		u, w := cell(b.cols[t], y), cell(b.cols[t+1], y)
		b.cols[t] = setCell(b.cols[t], y, w)
		b.cols[t+1] = setCell(b.cols[t+1], y, u)
		return b, Move{X: t, Y: y, G: 1}, true
	}
	// The block on top of column t came from column x = t±1, row y, where
	// the cell of column t was empty: y is at least the height of t without it.
	h := height(b.cols[t])
	if h == 0 {
		return b, Move{}, false
	}
	g := 1 - 2*rng.IntN(2) // the forward direction, from x to t
	x := t - g
	if x < 0 || x >= Width {
		return b, Move{}, false
	}
	hx := height(b.cols[x])
	if hx >= Height || hx < h-1 {
		return b, Move{}, false
	}
	y := h - 1 + rng.IntN(hx-(h-1)+1)
	v := cell(b.cols[t], h-1)
	b.cols[t] = removeCell(b.cols[t], h-1)
	b.cols[x] = insertCell(b.cols[x], y, v)
	return b, Move{X: x, Y: y, G: g}, true
}

// insertCell returns the column with a block of colour v put at row y, the
// blocks from y up rising by one.
func insertCell(c uint32, y, v int) uint32 {
	s := 4 * uint(y)
	low := c & (1<<s - 1)
	return low | uint32(v)<<s | (c>>s)<<(s+4)
}

// Random returns a stable board of n moves with exactly blocks blocks of
// colours 1..colors, stacked at random: almost never solvable, which makes
// it a board whose answer is -1. ok is false when the draw failed to avoid a
// run; the caller draws again.
func Random(rng *rand.Rand, n, colors, blocks int) (b Board, ok bool) {
	if n < 1 || n > MaxMoves || colors < 1 || colors > MaxColor || blocks < 1 || blocks > MaxBlocks {
		return Board{}, false
	}
	b.N = n
	for range blocks {
		x := rng.IntN(Width)
		for height(b.cols[x]) >= Height {
			x = (x + 1) % Width
		}
		b.cols[x] = push(b.cols[x], 1+rng.IntN(colors))
	}
	if _, any := runs(&b.cols); any {
		return Board{}, false
	}
	return b, true
}
