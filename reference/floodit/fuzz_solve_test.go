package floodit

import (
	"context"
	"math/bits"
	"testing"
	"time"
)

// fuzzBoard decodes a board of side 1-7 with 1-16 colours from data: the
// first byte is the side, the second the colour count, the third the shape
// (cells from the bytes, horizontal or vertical stripes, every cell a
// colour of its own as far as the colours go, a checkerboard with noise),
// the rest the cells, reused cyclically.
func fuzzBoard(data []byte) Board {
	at := func(i int) int {
		if len(data) == 0 {
			return 0
		}
		return int(data[i%len(data)])
	}
	n, k, shape := 1+at(0)%7, 1+at(1)%16, at(2)%5
	rows := make([][]int, n)
	for r := range rows {
		rows[r] = make([]int, n)
		for c := range rows[r] {
			var v int
			switch shape {
			case 0:
				v = at(3 + r*n + c)
			case 1:
				v = at(3 + r)
			case 2:
				v = at(3 + c)
			case 3:
				v = r*n + c + at(3)
			case 4:
				v = (r + c) % 2 * at(3)
				if x := at(4 + r*n + c); x%5 == 0 {
					v = x / 5
				}
			}
			rows[r][c] = v % k
		}
	}
	b, err := NewBoard(rows)
	if err != nil {
		panic(err)
	}
	return b
}

// regionBFS returns the optimal number of moves of b by breadth-first
// search over the flooded sets of its region graph, written here apart
// from the solver's own code (regions, bounds, tables); -1 when more than
// maxStates sets are met. Boards of up to 64 regions.
func regionBFS(b Board, maxStates int) int {
	n := b.N()
	id := make([]int, n*n)
	for i := range id {
		id[i] = -1
	}
	var color []int
	for s := range id {
		if id[s] >= 0 {
			continue
		}
		r := len(color)
		color = append(color, b.At(s/n, s%n))
		id[s] = r
		for stack := []int{s}; len(stack) > 0; {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			pr, pc := p/n, p%n
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				qr, qc := pr+d[0], pc+d[1]
				if qr < 0 || qc < 0 || qr >= n || qc >= n {
					continue
				}
				if q := qr*n + qc; id[q] < 0 && b.At(qr, qc) == color[r] {
					id[q] = r
					stack = append(stack, q)
				}
			}
		}
	}
	regions := len(color)
	if regions > 64 {
		panic("regionBFS: more than 64 regions")
	}
	adj := make([]uint64, regions)
	cmask := make([]uint64, b.Colors())
	for p := range id {
		cmask[color[id[p]]] |= 1 << id[p]
		if p%n+1 < n && id[p+1] != id[p] {
			adj[id[p]] |= 1 << id[p+1]
			adj[id[p+1]] |= 1 << id[p]
		}
		if p+n < n*n && id[p+n] != id[p] {
			adj[id[p]] |= 1 << id[p+n]
			adj[id[p+n]] |= 1 << id[p]
		}
	}
	all := uint64(1)<<regions - 1
	if regions == 64 {
		all = ^uint64(0)
	}
	start := uint64(1) << id[0]
	if start == all {
		return 0
	}
	seen := map[uint64]bool{start: true}
	layer := []uint64{start}
	for depth := 1; len(layer) > 0; depth++ {
		var next []uint64
		for _, f := range layer {
			var nb uint64
			for w := f; w != 0; w &= w - 1 {
				nb |= adj[bits.TrailingZeros64(w)]
			}
			for _, m := range cmask {
				g := f | nb&m
				if g == f || seen[g] {
					continue
				}
				if g == all {
					return depth
				}
				if len(seen) >= maxStates {
					return -1
				}
				seen[g] = true
				next = append(next, g)
			}
		}
		layer = next
	}
	panic("regionBFS: the board cannot be flooded")
}

// checkSolveVariants solves b with the solver as shipped and checks the
// answer: it floods the board, it has the length of want (when want >= 0),
// and the other code paths agree: without the assembly and with the
// general layer recursion the same moves in the same nodes; without the
// refuted-move cut (the older search), with the beam at once and with
// wider bitsets the same length.
func checkSolveVariants(t *testing.T, b Board, want int) Solution {
	t.Helper()
	// A deadline, so that a search that does not end fails with its board.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sol, err := Solve(ctx, b, nil)
	if err != nil {
		t.Fatalf("board %q: %v", Format(b), err)
	}
	if want >= 0 && sol.Len() != want {
		t.Fatalf("board %q: Solve gives %d moves (%q), brute force %d", Format(b), sol.Len(), sol.MovesText(), want)
	}
	if r := Replay(b, sol.MovesText()); !r.Solved || r.BadIndex != 0 || r.Used != sol.Len() {
		t.Fatalf("board %q: moves %q replay to %+v", Format(b), sol.MovesText(), r)
	}
	same := func(what string, got Solution, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("board %q %s: %v", Format(b), what, err)
		}
		if got.MovesText() != sol.MovesText() || got.Nodes != sol.Nodes {
			t.Fatalf("board %q %s: %q in %d nodes, as shipped %q in %d", Format(b), what, got.MovesText(), got.Nodes, sol.MovesText(), sol.Nodes)
		}
	}
	if setAsm(true) {
		setAsm(false)
		got, err := Solve(ctx, b, nil)
		setAsm(true)
		same("without the assembly", got, err)
	}
	generalLayers = true
	got, err := Solve(ctx, b, nil)
	generalLayers = false
	same("with the general layers", got, err)

	refutedPrune = false
	old, err := Solve(ctx, b, nil)
	refutedPrune = true
	if err != nil || old.Len() != sol.Len() {
		t.Fatalf("board %q: without the refuted-move cut %d moves (%v), with it %d", Format(b), old.Len(), err, sol.Len())
	}
	l := label(b)
	lengths := map[string]int{}
	if l.r <= 192 {
		m, _, err := solveWith[[3]uint64](l, ctx.Done(), nil, 0)
		lengths["three words, beam at once"] = len(m) + b2i(err != nil)*1000
	}
	if l.r <= 256 {
		m, _, err := solveWith[[4]uint64](l, ctx.Done(), nil, beamAfter)
		lengths["four words"] = len(m) + b2i(err != nil)*1000
	}
	m, _, err := solveWith[[8]uint64](l, ctx.Done(), nil, beamAfter)
	lengths["eight words"] = len(m) + b2i(err != nil)*1000
	for what, n := range lengths {
		if n != sol.Len() {
			t.Fatalf("board %q: %d moves with %s, %d as shipped", Format(b), n, what, sol.Len())
		}
	}
	return sol
}

// FuzzSolve checks Solve on small boards against a breadth-first search
// over the flooded sets, and the solver's code paths against each other
// (see checkSolveVariants).
func FuzzSolve(f *testing.F) {
	f.Add([]byte{0})                                  // one cell
	f.Add([]byte{6, 0, 0})                            // 7x7, one colour
	f.Add([]byte{3, 15, 3, 0})                        // 4x4, every cell its own colour
	f.Add([]byte{6, 15, 3, 5})                        // 7x7, 16 colours in a cycle
	f.Add([]byte{6, 5, 1, 0, 1, 2, 3, 4, 5, 0})       // horizontal stripes
	f.Add([]byte{5, 2, 2, 2, 1, 0, 2, 1, 0, 1})       // vertical stripes
	f.Add([]byte{6, 1, 4, 1, 7, 3, 10, 2, 9, 15, 44}) // checkerboard with noise
	f.Add([]byte{6, 5, 0, 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5})
	f.Add([]byte{6, 7, 0, 2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6, 0, 2, 8, 7, 4, 7, 1, 3, 5, 2, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		b := fuzzBoard(data)
		opt := regionBFS(b, 50000)
		checkSolveVariants(t, b, opt)
		checkBoundBelow(t, b, opt)
		// And the board after a move or two the bytes choose.
		for i := 0; i < 2 && i < len(data); i++ {
			b = Flood(b, int(data[len(data)-1-i])%b.Colors())
			checkBoundBelow(t, b, regionBFS(b, 50000))
		}
	})
}

// checkBoundBelow checks that the bound (the lookahead included) at b's
// start, asked with every limit up to one above the optimum opt, is at
// most opt (a value above the limit is a lower bound too), and the same
// with and without the assembly; opt < 0 checks only that both agree.
func checkBoundBelow(t *testing.T, b Board, opt int) {
	t.Helper()
	g := newGraph[[3]uint64](label(b))
	var fl [3]uint64
	setBit(&fl, 0)
	fr, rem := g.adj[0], g.outside(fl)
	for limit := 0; limit <= max(opt+1, 3); limit++ {
		h := g.bound(fl, fr, rem, limit)
		if opt >= 0 && h > opt {
			t.Fatalf("board %q: bound %d at limit %d, above the optimum %d", Format(b), h, limit, opt)
		}
		if setAsm(true) {
			setAsm(false)
			h2 := g.bound(fl, fr, rem, limit)
			setAsm(true)
			if h2 != h {
				t.Fatalf("board %q: bound %d at limit %d with the assembly, %d without", Format(b), h, limit, h2)
			}
		}
	}
}

// TestRegionBFS checks FuzzSolve's breadth-first search over flooded sets
// against the one over whole boards (bruteForce), and the decoder's shapes.
func TestRegionBFS(t *testing.T) {
	rng := newRand(1722)
	for i := range 200 {
		b := randomBoard(rng, 1+i%5, 1+i%6)
		if got, want := regionBFS(b, 1<<20), bruteForce(b); got != want {
			t.Fatalf("board %q: regionBFS %d, bruteForce %d", Format(b), got, want)
		}
	}
	for _, tc := range []struct {
		data  []byte
		board string
	}{
		{nil, "1\n0\n"},
		{[]byte{2, 3, 1, 1, 2, 3}, "3\n1 1 1\n2 2 2\n3 3 3\n"},
		{[]byte{1, 15, 2, 5, 6}, "2\n5 6\n5 6\n"},
		{[]byte{1, 15, 3, 0}, "2\n0 1\n2 3\n"},
		{[]byte{2, 0, 0, 9, 9}, "3\n0 0 0\n0 0 0\n0 0 0\n"},
	} {
		if got := Format(fuzzBoard(tc.data)); got != tc.board {
			t.Errorf("fuzzBoard(%v) = %q, want %q", tc.data, got, tc.board)
		}
	}
}
