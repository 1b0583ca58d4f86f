package mayan

import (
	"testing"

	"puzzlejudge/internal/testutil"
)

// TestTransferNeedMatchesBFS checks the table against a breadth-first
// search from every count vector that admits runs, over counts 0..15 (the
// most that transferCap transfers reach from a column of 7).
func TestTransferNeedMatchesBFS(t *testing.T) {
	if testutil.Quick() {
		t.Skip("a breadth-first search over a million vectors")
	}
	const size = 1 << (4 * Width)
	unpack := func(code uint32) (n [Width]int) {
		for z := range n {
			n[z] = int(code>>(4*uint(z))) & 15
		}
		return n
	}
	pack := func(n [Width]int) (code uint32) {
		for z, v := range n {
			code |= uint32(v) << (4 * uint(z))
		}
		return code
	}
	dist := make([]int8, size) // need+1; 0 while not reached
	var queue []uint32
	for code := range uint32(size) {
		if n := unpack(code); admitsRuns(&n) {
			dist[code] = 1
			queue = append(queue, code)
		}
	}
	for d := int8(1); d <= transferCap && len(queue) > 0; d++ {
		var next []uint32
		for _, code := range queue {
			n := unpack(code)
			for z := 0; z+1 < Width; z++ {
				for _, step := range [2][2]int{{z, z + 1}, {z + 1, z}} {
					if n[step[0]] == 0 || n[step[1]] == 15 {
						continue
					}
					m := n
					m[step[0]]--
					m[step[1]]++
					if c := pack(m); dist[c] == 0 {
						dist[c] = d + 1
						next = append(next, c)
					}
				}
			}
		}
		queue = next
	}
	transferOnce.Do(buildTransferNeed)
	for code := range uint32(len(transferNeed)) {
		var n [Width]int
		var lanes columnCounts
		for z := range n {
			n[z] = int(code>>(3*uint(z))) & 7
			lanes[z] = uint64(n[z]) * lane(4)
		}
		want := transferCap
		if d := dist[pack(n)]; d != 0 {
			want = int(d - 1)
		}
		if got := lanes.need(4); got != want {
			t.Fatalf("need(%v) = %d, want %d", n, got, want)
		}
		if stranded := lanes.strandedSet() != 0; stranded != (want > 0) {
			t.Fatalf("counts %v: stranded %v, but need %d", n, stranded, want)
		}
	}
}

func TestTooFar(t *testing.T) {
	tests := []struct {
		name string
		cols []string
		k    int
		want bool
	}{
		// Colour 1 needs its lone block two columns over (or the pair one
		// each way): one move cannot do it, two can.
		{"two transfers, one move", []string{"1", "", "", "1 1"}, 1, true},
		{"two transfers, two moves", []string{"1", "", "", "1 1"}, 2, false},
		// Each colour needs a lone block moved two columns: 6 transfers,
		// more than two moves make.
		{"three colours far, two moves", []string{"1 2 3", "", "", "1 2 3", "1 2 3"}, 2, true},
		{"three colours far, three moves", []string{"1 2 3", "", "", "1 2 3", "1 2 3"}, 3, false},
		// Each colour needs one transfer: 3 fit in two moves, not in one.
		{"three colours near, two moves", []string{"1 2 3", "", "1 2 3", "1 2 3"}, 2, false},
		{"three colours near, one move", []string{"1 2 3", "", "1 2 3", "1 2 3"}, 1, true},
		{"nothing stranded", []string{"1 2", "2 1", "1 2"}, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.k, tc.cols...)
			n := countColumns(&b.cols)
			if got := n.tooFar(n.strandedSet(), tc.k); got != tc.want {
				t.Errorf("tooFar(%q, %d) = %v, want %v", tc.cols, tc.k, got, tc.want)
			}
		})
	}
}
