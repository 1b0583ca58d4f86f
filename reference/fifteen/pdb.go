package fifteen

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
)

// The solver's lower bound is Korf and Felner's additive disjoint pattern
// databases. The tiles are split into groups; the database of a group holds,
// for every placement of the group's tiles (the other tiles unnamed), the
// fewest moves of the group's own tiles that bring them home, the blank
// moving freely through the unnamed tiles. A move slides one tile, so it
// counts in one group only: the sum over the groups never overestimates.
// The goal is symmetric about the main diagonal (the blank sits in the
// corner on it), so the same databases looked up on the board mirrored about
// that diagonal give a second bound, and the solver takes the larger.
//
// A group's placement is indexed by its tiles' cells as hexadecimal digits
// (tile i of the group in digit i). The index space is sparse (16^6 =
// 16,777,216 slots for the 5,765,760 placements of six tiles) but a move
// changes one digit, so the search updates an index with one addition, and
// building needs no ranking of permutations.

// partitions holds the groups of tiles of each width, each group's tiles
// in the order of their digits in the index. The 4x4 one, 3-6-6, was chosen
// by measurement on Korf's instances (docs/PERFORMANCE.md, 15-puzzle): the
// left column's top three tiles, the 2x3 block right of them, and the six
// tiles around the blank's corner. Korf and Felner's own 6-6-3 (turned to
// UVA's goal: the two 3x2 blocks of the top three rows and the bottom row)
// searches 2.9 times as many nodes; its blocks are mirror images and could
// share one table, which halves the build, but on Korf's hundred the search
// loses more than the build saves.
var partitions = map[int][][]uint8{
	3: {{1, 2, 4, 5}, {3, 6, 7, 8}},
	4: {{1, 5, 9}, {2, 3, 4, 6, 7, 8}, {10, 11, 12, 13, 14, 15}},
}

// unreachedPDB marks a slot of a database that no placement holds.
const unreachedPDB = 0xFF

// unreachedTable returns a database of size slots, all unreached. The
// slots are set by doubling copies, at the speed of memmove rather than
// a byte at a time.
func unreachedTable(size int) []uint8 {
	table := make([]uint8, size)
	if size > 0 {
		table[0] = unreachedPDB
		for done := 1; done < size; done *= 2 {
			copy(table[done:], table[:done])
		}
	}
	return table
}

// heuristic is the pattern databases of one width and what the search
// needs to keep their indexes up to date: a tile on a cell adds a fixed
// term to the index of its group, on the board and on its mirror image
// about the main diagonal.
type heuristic struct {
	width  int
	tables [][]uint8 // per group, indexed as above
	// group[t] and term[t][c]: the group of tile t and what tile t on cell
	// c adds to its index; rgroup and rterm the same on the mirrored board.
	group, rgroup [MaxCells]int
	term, rterm   [MaxCells][MaxCells]uint32
}

// newHeuristic builds the databases of width (3 or 4) with the given
// groups. With more than one core they are built at once, in goroutines;
// on one core, one after the other in the same working memory, so that
// only one build's (100 MB for six tiles) is held at a time.
func newHeuristic(width int, groups [][]uint8) *heuristic {
	tables := make([][]uint8, len(groups))
	if runtime.GOMAXPROCS(0) > 1 {
		var wg sync.WaitGroup
		for g, tiles := range groups {
			wg.Go(func() { tables[g] = buildTable(width, tiles, new(scratch)) })
		}
		wg.Wait()
	} else {
		var sc scratch
		for g, tiles := range groups {
			tables[g] = buildTable(width, tiles, &sc)
		}
	}
	return newHeuristicFrom(width, groups, tables)
}

// newHeuristicFrom returns the heuristic of the given groups' databases,
// built or read from a file.
func newHeuristicFrom(width int, groups [][]uint8, tables [][]uint8) *heuristic {
	n := width * width
	h := &heuristic{width: width, tables: tables}
	for g, tiles := range groups {
		for i, t := range tiles {
			h.group[t] = g
			for c := 0; c < n; c++ {
				h.term[t][c] = uint32(c) << (4 * i)
			}
		}
	}
	// Tile t on cell c is, on the board mirrored about the diagonal, tile
	// t' on cell c', where t' belongs in the mirror of t's goal cell.
	for t := 1; t < n; t++ {
		mt := transpose(t-1, width) + 1
		h.rgroup[t] = h.group[mt]
		for c := 0; c < n; c++ {
			h.rterm[t][c] = h.term[mt][transpose(c, width)]
		}
	}
	return h
}

// transpose returns cell c mirrored about the main diagonal.
func transpose(c, width int) int { return c%width*width + c/width }

// buildTable computes the database of one group by a breadth-first search
// backwards from the goal, level by level in the group's moves. A state is a
// placement and the blank's cell; the blank's free moves are followed at
// once by flooding the blank's region (the cells it reaches without moving
// a group tile). Per placement, seen holds the blank cells of the regions
// expanded so far and front those reached at the current level, not yet
// expanded; a placement's distance is the level of its first expansion.
// Moves are reversible, so distances from the goal are distances to it.
//
// Each level is one sweep over the placements in index order. A move
// changes one digit of the index by a few units, so the successors of the
// sweep, though scattered, advance through memory in a couple of dozen
// orderly streams, which the caches follow: a queue of states in the order
// found, whose successors land anywhere, took three to four times as long.
func buildTable(width int, tiles []uint8, sc *scratch) []uint8 {
	n, k := width*width, len(tiles)
	size := 1 << (4 * k)
	table := unreachedTable(size)
	seen, front, next := sc.get(size)
	full := uint16(1<<n - 1)
	var firstCol, lastCol uint16
	for r := 0; r < width; r++ {
		firstCol |= 1 << (r * width)
		lastCol |= 1 << (r*width + width - 1)
	}
	// slide[d]: the change of a tile's cell when it slides left, right,
	// up or down (the lanes of moves below).
	slide := [4]int{-1, 1, -width, width}
	var start int
	for i, t := range tiles {
		start |= int(t-1) << (4 * i)
	}
	// dirty and ndirty have a bit per block of 64 placements whose front
	// may be set, so that a sweep skips the empty blocks (most of them: two
	// indexes in three are no placement, two tiles sharing a cell).
	blocks := (size + 63) / 64
	dirty := make([]uint64, (blocks+63)/64)
	ndirty := make([]uint64, len(dirty))
	front[start] = 1 << (n - 1)
	dirty[start/64/64] |= 1 << (start / 64 % 64)
	for level := uint8(0); ; level++ {
		any := false
		for w, word := range dirty {
			if word == 0 {
				continue
			}
			dirty[w] = 0
			for ; word != 0; word &= word - 1 {
				block := w*64 + bits.TrailingZeros64(word)
				for idx := block * 64; idx < block*64+64; idx++ {
					f := front[idx] &^ seen[idx]
					front[idx] = 0
					if f == 0 {
						continue
					}
					any = true
					// The group's cells, and the tile on each (for
					// the moves below).
					var occupied uint16
					var digit [16]uint8
					for i := 0; i < k; i++ {
						c := idx >> (4 * i) & 15
						occupied |= 1 << c
						digit[c] = uint8(i)
					}
					free := full &^ occupied
					region := f
					for {
						grown := (region | (region&^lastCol)<<1 | (region&^firstCol)>>1 | region<<width | region>>width) & free
						if grown == region {
							break
						}
						region = grown
					}
					// The first expansion gives the distance: levels
					// only grow (a min, not a branch).
					table[idx] = min(table[idx], level)
					seen[idx] |= region
					// Every group tile next to the region can slide into
					// it, leaving the blank where the tile was. The tiles
					// beside the region, per direction of the slide, are
					// one word of four sixteen-bit lanes, and digit names
					// the tile on a cell: one loop over the moves instead
					// of a loop per tile and per tile's free neighbours,
					// whose short loops' exits mispredicted
					// (BenchmarkBuildTables/4x4 3.48-3.73 -> 2.83-3.20 s of
					// CPU, 5 pairs; and 4% more with digit filled in the
					// loop above).
					moves := uint64(occupied&((region&^lastCol)<<1)) |
						uint64(occupied&((region&^firstCol)>>1))<<16 |
						uint64(occupied&(region<<width))<<32 |
						uint64(occupied&(region>>width))<<48
					for ; moves != 0; moves &= moves - 1 {
						b := bits.TrailingZeros64(moves)
						p := b & 15
						nidx := idx + slide[b>>4]<<(4*digit[p])
						// Successors already seen are left for the
						// sweep to drop: checking seen here too
						// cost a second memory fetch, more than the
						// sweep pays. Nor is the next front read
						// first to skip a successor already there:
						// the branch was a coin toss, and writing
						// every successor took 10-15% less CPU
						// (BenchmarkBuildTables/4x4, 7 pairs).
						next[nidx] |= uint16(1) << p
						ndirty[nidx>>12] |= 1 << (nidx >> 6 & 63)
					}
				}
			}
		}
		if !any {
			break
		}
		front, next = next, front
		dirty, ndirty = ndirty, dirty
	}
	return table
}

// scratch is the working memory of buildTable, kept from one build to the
// next so that builds in a row reuse it instead of asking the system for
// more before the garbage collector has returned the last.
type scratch struct {
	seen, front, next []uint16
}

// get returns the three arrays, of size elements each, all zero. A build
// leaves front and next zero (it ends when no front is left), so only seen
// needs clearing.
func (sc *scratch) get(size int) (seen, front, next []uint16) {
	if len(sc.seen) < size {
		sc.seen, sc.front, sc.next = make([]uint16, size), make([]uint16, size), make([]uint16, size)
	}
	clear(sc.seen[:size])
	return sc.seen[:size], sc.front[:size], sc.next[:size]
}

// lazyHeuristic builds the databases of one width at first use, once per
// process, whoever asks first.
type lazyHeuristic struct {
	once  sync.Once
	done  chan struct{}
	h     *heuristic
	width int
}

var heuristics = map[int]*lazyHeuristic{3: {width: 3}, 4: {width: 4}}

// get returns the databases, starting their build if no one has, and waits
// for them or for ctx. A cancelled wait leaves the build running, for the
// next caller.
func (l *lazyHeuristic) get(ctx context.Context) (*heuristic, error) {
	l.once.Do(func() {
		l.done = make(chan struct{})
		go func() {
			dir := ""
			if l.width == 4 { // 3x3 builds in milliseconds: no file
				dir = currentTableDir()
			}
			l.h, _, _ = loadHeuristic(dir, l.width, partitions[l.width])
			close(l.done)
		}()
	})
	select {
	case <-l.done:
		return l.h, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Prepare builds the pattern databases of boards of the given width (3 or
// 4), or reads them from the folder of SetTableDir, now rather than at the
// first Solve, for a server that would rather pay at start (2-3 s of CPU
// to build 4x4, about 50 ms to read it, 3 ms for 3x3;
// docs/PERFORMANCE.md). It returns when they are ready or ctx is done.
func Prepare(ctx context.Context, width int) error {
	l, ok := heuristics[width]
	if !ok {
		return errWidth(width)
	}
	_, err := l.get(ctx)
	return err
}
