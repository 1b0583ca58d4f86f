package floodit

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"strconv"
)

// GraphKey returns a text that depends only on the region graph of b up to
// colour relabelling: which regions touch, which share a colour, and which
// holds the top-left cell. The game plays on that graph alone (a move
// merges the flooded region with its neighbours of one colour), so two
// boards with the same graph have the same optimum: a board padded by
// copying its last row and column, transposed or recoloured gets the key of
// the original.
//
// The key is the colour refinement (1-dimensional Weisfeiler-Leman) of the
// graph with a node per colour beside the regions, run until it is stable,
// every round's multiset of signatures hashed. Isomorphic graphs always get
// one key; two graphs that are not isomorphic may share one (refinement
// cannot tell some regular graphs apart), which only makes a guard keyed on
// it refuse more.
func GraphKey(b Board) string {
	l := label(b)
	g := regionGraph(l)
	h := sha256.New()
	// Start: the flooded region, the others, the colour nodes.
	cur := make([]int, len(g))
	for v := range cur {
		switch {
		case v == 0:
			cur[v] = 0
		case v < l.r:
			cur[v] = 1
		default:
			cur[v] = 2
		}
	}
	classes := countClasses(cur)
	sig := make([]string, len(g))
	for range len(g) + 1 {
		for v, adj := range g {
			ns := make([]int, len(adj))
			for i, u := range adj {
				ns[i] = cur[u]
			}
			slices.Sort(ns)
			sig[v] = signature(cur[v], ns)
		}
		counts := map[string]int{}
		for _, s := range sig {
			counts[s]++
		}
		distinct := slices.Sorted(maps.Keys(counts))
		for _, s := range distinct {
			h.Write([]byte(s))
			h.Write([]byte{'|', byte(counts[s]), byte(counts[s] >> 8)})
		}
		h.Write([]byte{'#'})
		next := make([]int, len(g))
		for v := range next {
			next[v], _ = slices.BinarySearch(distinct, sig[v])
		}
		cur = next
		if n := countClasses(cur); n == classes {
			break
		} else {
			classes = n
		}
	}
	return strconv.Itoa(l.r) + "r" + strconv.Itoa(len(g)-l.r) + "c:" + hex.EncodeToString(h.Sum(nil))[:32]
}

// regionGraph returns the adjacency lists of the regions of l (nodes
// 0..l.r-1) and of one node per colour present (after them), each region
// joined to the regions it touches and to its colour's node.
func regionGraph(l labels) [][]int {
	colorNode := map[uint8]int{}
	for _, c := range l.color {
		if _, ok := colorNode[c]; !ok {
			colorNode[c] = l.r + len(colorNode)
		}
	}
	sets := make([]map[int]bool, l.r+len(colorNode))
	for i := range sets {
		sets[i] = map[int]bool{}
	}
	for p, a := range l.cells {
		for _, q := range neighbours(p, l.n) {
			if q >= 0 && l.cells[q] != a {
				sets[a][l.cells[q]] = true
			}
		}
	}
	for a, c := range l.color {
		sets[a][colorNode[c]] = true
		sets[colorNode[c]][a] = true
	}
	g := make([][]int, len(sets))
	for v, s := range sets {
		for u := range s {
			g[v] = append(g[v], u)
		}
		slices.Sort(g[v])
	}
	return g
}

func signature(self int, ns []int) string {
	b := strconv.AppendInt(nil, int64(self), 10)
	b = append(b, ':')
	for i, n := range ns {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return string(b)
}

func countClasses(labels []int) int {
	seen := map[int]bool{}
	for _, x := range labels {
		seen[x] = true
	}
	return len(seen)
}
