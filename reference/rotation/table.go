package rotation

import (
	"context"
	"math/bits"
	"sync"
)

// The fast solver rests on one fact: whether symbol s can fill the centre in
// k moves depends only on which squares hold s, not on the other symbols. So
// for a symbol on exactly eight squares the board reduces to a set of eight
// marked squares out of 24, one of C(24,8) = 735,471 arrangements, the same
// for every symbol. One breadth-first search from the arrangement whose marks
// fill the centre gives the exact number of moves of every arrangement (the
// moves are invertible, F undoing A and so on, so distances to and from the
// centre agree). The table holds one byte per arrangement, indexed by the
// combinatorial rank of the arrangement.

// arrangements is C(24,8), the number of sets of 8 squares.
const arrangements = 735471

// unreached marks an arrangement the search has not reached yet.
const unreached = 0xFF

// binom[n][k] is n choose k for n <= 24, k <= 8.
var binom = func() (c [Squares + 1][9]uint32) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= 8 && k <= n; k++ {
			c[n][k] = c[n-1][k-1]
			if k < n {
				c[n][k] += c[n-1][k]
			}
		}
	}
	return c
}()

// rankPart[k][before][v] is the part of the rank contributed by byte k of a
// mask whose value is v when `before` marks lie in the lower bytes: the rank
// of marks at squares p0 < p1 < ... < p7 is the sum of C(p_i, i+1), and a
// byte's marks are numbered after those below it. Three look-ups and two
// popcounts rank a mask.
var rankPart = func() (t [3][9][256]uint32) {
	for k := range t {
		for before := 0; before <= 8; before++ {
			for v := 0; v < 256; v++ {
				if before+bits.OnesCount8(uint8(v)) > 8 {
					continue // never looked up for an 8-square mask
				}
				i, sum := before, uint32(0)
				for j := 0; j < 8; j++ {
					if v&(1<<j) != 0 {
						i++
						sum += binom[8*k+j][i]
					}
				}
				t[k][before][v] = sum
			}
		}
	}
	return t
}()

// rank returns the index in 0..arrangements-1 of a mask of 8 squares.
func rank(m uint32) uint32 {
	b0, b1, b2 := uint8(m), uint8(m>>8), uint8(m>>16)
	n0 := bits.OnesCount8(b0)
	n1 := n0 + bits.OnesCount8(b1)
	return rankPart[0][0][b0] + rankPart[1][n0][b1] + rankPart[2][n1][b2]
}

// maskMove[m][k][v] is where the marks of byte k (value v) of a mask land
// after move m: the image of a mask is the OR of its three bytes' images.
var maskMove = func() (t [8][3][256]uint32) {
	for m := range t {
		var dest [Squares]int
		for i, from := range source[m] {
			dest[from] = i
		}
		for k := range t[m] {
			for v := 0; v < 256; v++ {
				var out uint32
				for j := 0; j < 8; j++ {
					if v&(1<<j) != 0 {
						out |= 1 << dest[8*k+j]
					}
				}
				t[m][k][v] = out
			}
		}
	}
	return t
}()

// moveMask returns the set of squares the marks of mask go to under move m
// (given as 0 for A .. 7 for H).
func moveMask(m int, mask uint32) uint32 {
	t := &maskMove[m]
	return t[0][uint8(mask)] | t[1][uint8(mask>>8)] | t[2][uint8(mask>>16)]
}

// buildTable runs the breadth-first search from the centre arrangement and
// returns the number of moves of every arrangement, by rank. It uses the
// table itself plus a queue of 4 bytes per arrangement while it runs.
func buildTable() []uint8 {
	dist := make([]uint8, arrangements)
	for i := range dist {
		dist[i] = unreached
	}
	queue := make([]uint32, 0, arrangements)
	queue = append(queue, centreMask)
	dist[rank(centreMask)] = 0
	for head := 0; head < len(queue); head++ {
		mask := queue[head]
		next := dist[rank(mask)] + 1
		for m := 0; m < 8; m++ {
			to := moveMask(m, mask)
			if r := rank(to); dist[r] == unreached {
				dist[r] = next
				queue = append(queue, to)
			}
		}
	}
	return dist
}

// table holds the distance table, built in the background by the first
// solve that needs it, once per process.
var table struct {
	once sync.Once
	done chan struct{}
	dist []uint8
}

func init() { table.done = make(chan struct{}) }

// distances returns the distance table, waiting for it to be built if need
// be. The build runs in its own goroutine so that a cancelled ctx returns at
// once while the build finishes for the next caller.
func distances(ctx context.Context) ([]uint8, error) {
	table.once.Do(func() {
		go func() {
			table.dist = buildTable()
			close(table.done)
		}()
	})
	select {
	case <-table.done: // a finished table wins over a cancelled ctx
		return table.dist, nil
	default:
	}
	select {
	case <-table.done:
		return table.dist, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
