package fifteen

import "context"

// step is one move of the blank from a cell: the move and the blank's new
// cell.
type step struct {
	move Move
	to   int
}

// stepsFrom lists, per width and per cell of the blank, the legal moves in
// the order D, L, R, U: the order of the answers (see Solve).
var stepsFrom = func() (s [5][MaxCells][]step) {
	for _, w := range []int{3, 4} {
		for c := 0; c < w*w; c++ {
			r, col := c/w, c%w
			if r < w-1 {
				s[w][c] = append(s[w][c], step{Down, c + w})
			}
			if col > 0 {
				s[w][c] = append(s[w][c], step{Left, c - 1})
			}
			if col < w-1 {
				s[w][c] = append(s[w][c], step{Right, c + 1})
			}
			if r > 0 {
				s[w][c] = append(s[w][c], step{Up, c - w})
			}
		}
	}
	return s
}()

// stepsAfter is stepsFrom without the move back: per width, cell of the
// blank and the cell it came from plus one (0 at the start, no cell), the
// moves that do not undo the last one, in the same order, so that a node
// neither looks up nor tests the move back. With path written in place:
// BenchmarkKorf100Search 1.84-1.98 -> 1.58-1.79 s of CPU (medians 1.92 and
// 1.63), faster in 6 pairs of 6.
var stepsAfter = func() (a [5][MaxCells][MaxCells + 1][]step) {
	for _, w := range []int{3, 4} {
		for c := 0; c < w*w; c++ {
			a[w][c][0] = stepsFrom[w][c]
			for prev := 0; prev < w*w; prev++ {
				for _, st := range stepsFrom[w][c] {
					if st.to != prev {
						a[w][c][prev+1] = append(a[w][c][prev+1], st)
					}
				}
			}
		}
	}
	return a
}()

// checkEvery is how many nodes go between two looks at ctx (a power of 2):
// some milliseconds of search.
const checkEvery = 1 << 15

// reportEvery is how many nodes go between two calls of Progress.
const reportEvery = 1 << 20

// search is one IDA* solve. It keeps the board, the database index of each
// group on the board and on its mirror image, and the value looked up at
// each: a move changes one group of each, so a node costs one look-up, and
// a second (the mirror's) only when the first does not prune it.
type search struct {
	ctx      context.Context
	h        *heuristic
	steps    *[MaxCells][MaxCells + 1][]step
	progress Progress

	cells     [MaxCells]uint8
	idx, ridx [4]uint32 // database index of each group, on the board and mirrored
	val, rval [4]int    // the database values at idx and ridx

	// path holds the current path's moves by depth, written in place
	// (no append and truncate per node); a path is at most 80 moves on 4x4
	// and 31 on 3x3, the longest optima, and the depth is masked to the
	// array for the bounds check.
	path  [128]Move
	bound int
	next  int // smallest f = g + h seen above bound
	nodes int64
	err   error
	// solved is the length of the solution found.
	solved int
}

func newSearch(ctx context.Context, h *heuristic, b Board, p Progress) *search {
	s := &search{ctx: ctx, h: h, steps: &stepsAfter[b.Width], progress: p, cells: b.Cells}
	for c := 0; c < b.Len(); c++ {
		if t := b.Cells[c]; t != 0 {
			s.idx[h.group[t]] += h.term[t][c]
			s.ridx[h.rgroup[t]] += h.rterm[t][c]
		}
	}
	for g, t := range h.tables {
		s.val[g], s.rval[g] = int(t[s.idx[g]]), int(t[s.ridx[g]])
	}
	return s
}

// run deepens the bound until an iteration finds the goal. The length of
// every solution has the parity of the blank's distance to its corner (each
// move changes both), so bounds of the other parity are skipped.
func (s *search) run() ([]Move, error) {
	blank := -1
	w := s.h.width
	for c := 0; c < w*w; c++ {
		if s.cells[c] == 0 {
			blank = c
		}
	}
	parity := (w - 1 - blank/w + w - 1 - blank%w) % 2
	hs, rs := 0, 0
	for g := range s.h.tables {
		hs += s.val[g]
		rs += s.rval[g]
	}
	s.bound = max(hs, rs)
	for {
		if s.bound%2 != parity {
			s.bound++
		}
		if s.progress != nil {
			s.progress(s.bound, s.nodes)
		}
		s.next = 1 << 30
		if s.dfs(0, blank, -1, hs, rs) {
			if s.err != nil {
				return nil, s.err
			}
			return append([]Move(nil), s.path[:s.solved]...), nil
		}
		s.bound = s.next
	}
}

// dfs searches below the position reached in g moves with the blank on
// cell blank, having come from cell prev, where the databases sum to hs on
// the board and rs on its mirror image; it reports whether it found the
// goal (or must stop: s.err is set then), with the moves in s.path[:s.solved].
func (s *search) dfs(g, blank, prev, hs, rs int) bool {
	h := s.h
	steps := s.steps[blank][prev+1]
	// The children's look-ups go first, all of them, so that the memory
	// fetches (the tables are larger than the caches) overlap instead of
	// waiting for each other.
	var vals [4]int
	for j, st := range steps {
		t := s.cells[st.to]
		gi := h.group[t]
		vals[j] = int(h.tables[gi][s.idx[gi]+h.term[t][blank]-h.term[t][st.to]])
	}
	for j, st := range steps {
		to := st.to
		s.nodes++
		if s.nodes&(checkEvery-1) == 0 {
			if s.nodes&(reportEvery-1) == 0 && s.progress != nil {
				s.progress(s.bound, s.nodes)
			}
			if err := s.ctx.Err(); err != nil {
				s.err = err
				return true
			}
		}
		// The tile on cell to slides to cell blank.
		t := s.cells[to]
		gi := h.group[t]
		v := vals[j]
		hs2 := hs - s.val[gi] + v
		if f := g + 1 + hs2; f > s.bound {
			s.next = min(s.next, f)
			continue
		}
		ri := h.rgroup[t]
		rd := h.rterm[t][blank] - h.rterm[t][to]
		s.ridx[ri] += rd
		rv := int(h.tables[ri][s.ridx[ri]])
		rs2 := rs - s.rval[ri] + rv
		if f := g + 1 + rs2; f > s.bound {
			s.next = min(s.next, f)
			s.ridx[ri] -= rd
			continue
		}
		if hs2 == 0 {
			s.path[g&127], s.solved = st.move, g+1
			return true
		}
		d := h.term[t][blank] - h.term[t][to]
		s.idx[gi] += d
		oldV, oldRV := s.val[gi], s.rval[ri]
		s.val[gi], s.rval[ri] = v, rv
		s.cells[blank], s.cells[to] = t, 0
		s.path[g&127] = st.move
		if s.dfs(g+1, to, blank, hs2, rs2) {
			return true
		}
		s.cells[to], s.cells[blank] = t, 0
		s.val[gi], s.rval[ri] = oldV, oldRV
		s.idx[gi] -= d
		s.ridx[ri] -= rd
	}
	return false
}
