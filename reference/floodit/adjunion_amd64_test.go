package floodit

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
	"unsafe"

	"puzzlejudge/internal/testutil"
)

// TestAdjUnionBMI checks the assembly neighbour union against the Go loop
// on random three-word region graphs and sets.
func TestAdjUnionBMI(t *testing.T) {
	if !useBMI {
		t.Skip("the CPU has no BMI1")
	}
	rng := newRand(17)
	for i := range 200 {
		b := randomBoard(rng, 4+i%11, 3+i%6)
		l := label(b)
		if l.r > 192 {
			continue
		}
		checkAdjUnion(t, b, newGraph[[3]uint64](l), rng, 20)
	}
}

// checkAdjUnion checks adjUnionBMI against the Go loop on n random sets
// of g's regions.
func checkAdjUnion(t *testing.T, b Board, g *graph[[3]uint64], rng *rand.Rand, n int) {
	t.Helper()
	for range n {
		var s [3]uint64
		for range rng.IntN(g.r + 1) {
			setBit(&s, rng.IntN(g.r))
		}
		useBMI = false
		w0, w1, w2 := g.adjUnion3(s[0], s[1], s[2])
		useBMI = true
		if o0, o1, o2 := adjUnionBMI(g.adj3, s[0], s[1], s[2]); o0 != w0 || o1 != w1 || o2 != w2 {
			t.Fatalf("board %q, set %x: assembly %x %x %x, Go %x %x %x", Format(b), s, o0, o1, o2, w0, w1, w2)
		}
	}
}

// TestLayersBMI checks the struct offsets that layersBMI writes the layer
// steps at; TestLayers3 checks what it computes against layers. Here the Go
// layers3, which this CPU does not run, is checked against layers too.
func TestLayersBMI(t *testing.T) {
	if !useLayersBMI {
		t.Skip("the CPU has no BMI1 or POPCNT")
	}
	var tail snapshots[[3]uint64]
	if s, n := unsafe.Sizeof(tail.s[0]), unsafe.Offsetof(tail.n); s != 64 || n != 256 {
		t.Fatalf("snapshots: a snapshot of %d bytes, n at %d; layersBMI assumes 64, 256", s, n)
	}
	if c, d := unsafe.Offsetof(tail.s[0].cols), unsafe.Offsetof(tail.s[0].dist); c != 48 || d != 56 {
		t.Fatalf("snapshot: cols at %d, dist at %d; layersBMI assumes 48, 56", c, d)
	}
	// Where layersBMI finds the lookahead cache's slot to fetch.
	if c, d := unsafe.Offsetof(tail.cache), unsafe.Offsetof(tail.depth); c != 264 || d != 272 {
		t.Fatalf("snapshots: cache at %d, depth at %d; layersBMI assumes 264, 272", c, d)
	}
	var ec exactCache[[3]uint64]
	if m, e, z := unsafe.Offsetof(ec.mask), unsafe.Offsetof(ec.entries), unsafe.Sizeof(ec.entries[0]); m != 0 || e != 16 || z != 32 {
		t.Fatalf("exactCache: mask at %d, entries at %d, an entry of %d bytes; layersBMI assumes 0, 16, 32", m, e, z)
	}
	useLayersBMI = false
	defer func() { useLayersBMI = true }()
	rng := newRand(23)
	for i := range 300 {
		b := randomBoard(rng, 4+i%11, 3+i%8)
		if l := label(b); l.r <= 192 {
			checkLayers(t, b, newGraph[[3]uint64](l), rng)
		}
	}
}

// TestChildLayersBMI checks childLayersBMI, the lookahead's child and its
// layer recursion in one call, against child and the general layers: the
// same bound and the same recorded layer steps, and -1 exactly when the
// move opens no new region, for every colour of states along random games.
func TestChildLayersBMI(t *testing.T) {
	if !useLayersBMI {
		t.Skip("the CPU has no BMI1 or POPCNT")
	}
	defer func() { generalLayers = false }()
	rng := newRand(41)
	checked, closed := 0, 0
	for i := range 200 {
		b := randomBoard(rng, 4+i%11, 3+i%8)
		l := label(b)
		if l.r > 192 {
			continue
		}
		g := newGraph[[3]uint64](l)
		var fl [3]uint64
		setBit(&fl, 0)
		fr, rem := g.adj[0], g.outside(fl)
		for rem != 0 {
			sn := snapshot[[3]uint64]{flooded: fl, frontier: fr, cols: rem}
			for k := range g.colors {
				if !intersects(&g.cmask[k], &fr) {
					continue
				}
				cf, cn, fresh, crem := g.child(fl, fr, rem, k)
				full := g.layers(cf, cn, crem, 1000, nil)
				for _, limit := range []int{full - 2, full - 1, full, full + 1} {
					var want, got snapshots[[3]uint64]
					h := -1
					if !empty(&fresh) {
						generalLayers = true
						h = g.layers(cf, cn, crem, limit, &want)
						generalLayers = false
					}
					got.n = 0
					if hb := childLayersBMI(g.cm3, g.adj3, unsafe.Pointer(&got), unsafe.Pointer(&sn), uint64(k), 0, 0, 0, 0, sn.cols, limit); hb != h || (h >= 0 && got != want) {
						t.Fatalf("board %q, colour %d, limit %d: childLayersBMI = %d %+v, child and layers = %d %+v", Format(b), k, limit, hb, got, h, want)
					}
					checked++
					if h < 0 {
						closed++
					}
				}
			}
			cand, _ := g.candidates(&fl, &fr, rem)
			k := bits.TrailingZeros32(cand)
			for range rng.IntN(bits.OnesCount32(cand)) {
				cand &= cand - 1
				k = bits.TrailingZeros32(cand)
			}
			fl, fr, _, rem = g.child(fl, fr, rem, k)
		}
	}
	if checked == 0 || closed == 0 {
		t.Fatalf("%d children checked, %d of them opening nothing: the test covers too little", checked, closed)
	}
}

// TestSolveWithoutBMI checks that the solver gives the same moves and
// searches the same nodes with the assembly as with the Go code it
// replaces (the Go code runs on CPUs without BMI1 and off amd64).
func TestSolveWithoutBMI(t *testing.T) {
	if !useLayersBMI || !useBMI {
		t.Skip("the CPU has no BMI1 or POPCNT")
	}
	defer func() { useBMI, useLayersBMI = true, true }()
	rng := newRand(29)
	count := 150
	if testutil.Quick() {
		count = 40
	}
	for i := range count {
		b := randomBoard(rng, 6+i%9, 3+i%6)
		if i%5 == 4 {
			// Many colours (up to MaxColors) on small boards.
			b = randomBoard(rng, 5+i%4, 9+i%8)
		}
		sameSearch(t, b, "BMI", func(on bool) { useBMI, useLayersBMI = on, on })
	}
}

// TestLayersBMI4 checks the struct offsets that layersBMI4 writes the layer
// steps at, and the four-word assembly union against the Go loop on boards
// of 193-256 regions (checkLayersOnSets and TestLayers3 check layersBMI4's
// results against layers).
func TestLayersBMI4(t *testing.T) {
	if !useLayersBMI || !useBMI {
		t.Skip("the CPU has no BMI1 or POPCNT")
	}
	var tail snapshots[[4]uint64]
	if s, n := unsafe.Sizeof(tail.s[0]), unsafe.Offsetof(tail.n); s != 80 || n != 320 {
		t.Fatalf("snapshots: a snapshot of %d bytes, n at %d; layersBMI4 assumes 80, 320", s, n)
	}
	if c, d := unsafe.Offsetof(tail.s[0].cols), unsafe.Offsetof(tail.s[0].dist); c != 64 || d != 72 {
		t.Fatalf("snapshot: cols at %d, dist at %d; layersBMI4 assumes 64, 72", c, d)
	}
	defer setAsm(true)
	rng := newRand(31)
	for i := range 60 {
		b := boardWithRegions(rng, 16+i%3, 3+i%12, 193+rng.IntN(64))
		l := label(b)
		if l.r <= 192 || l.r > 256 {
			continue
		}
		g := newGraph[[4]uint64](l)
		for range 30 {
			s := randomSet(g, rng)
			setAsm(false)
			w0, w1, w2, w3 := g.adjUnion4(s[0], s[1], s[2], s[3])
			setAsm(true)
			if o0, o1, o2, o3 := adjUnionBMI4(g.adj4, s[0], s[1], s[2], s[3]); o0 != w0 || o1 != w1 || o2 != w2 || o3 != w3 {
				t.Fatalf("board %q, set %x: assembly %x %x %x %x, Go %x %x %x %x", Format(b), s, o0, o1, o2, o3, w0, w1, w2, w3)
			}
		}
		checkLayersOnSets(t, b, g, rng, 20)
	}
}

// TestSolveWithoutBMI4 is TestSolveWithoutBMI on boards of four-word sets
// (193-256 regions): the same moves and nodes with the assembly and
// without.
func TestSolveWithoutBMI4(t *testing.T) {
	if !useLayersBMI || !useBMI {
		t.Skip("the CPU has no BMI1 or POPCNT")
	}
	defer setAsm(true)
	rng := newRand(37)
	count := 12
	if testutil.Quick() {
		count = 4
	}
	for i := range count {
		b := boardWithRegions(rng, 16, 3+i%3, 200+rng.IntN(50))
		if r := label(b).r; r <= 192 || r > 256 {
			t.Fatalf("board %q: %d regions, want 193-256", Format(b), r)
		}
		sameSearch(t, b, "BMI", func(on bool) { setAsm(on) })
	}
}

// TestColourTable checks that with the AVX-512 switch of colourTable on
// (boards of at most eight colours) layersBMI and layersBMI4 compute what
// they compute with it off (the completing test by word, the completed
// colours' unions by row): the value and the recorded layer steps, on
// random sets of boards of three- and four-word sets of 2-10 colours.
func TestColourTable(t *testing.T) {
	if !useAVX512 || !useLayersBMI || !useBMI {
		t.Skip("the CPU has no AVX-512F, BMI1 or POPCNT")
	}
	rng := newRand(41)
	for i := range 120 {
		colors := 2 + i%9 // 2-10: the switch is off above 8
		if i%2 == 0 {
			b := randomBoard(rng, 6+i%9, colors)
			if l := label(b); l.r <= 192 {
				g := newGraph[[3]uint64](l)
				compareAVX(t, b, g, rng, &(*[3*MaxColors + 3*8 + 1]uint64)(unsafe.Pointer(g.cm3))[3*MaxColors+3*8])
			}
		} else {
			b := boardWithRegions(rng, 16+i%3, colors, 193+rng.IntN(64))
			if l := label(b); l.r > 192 && l.r <= 256 {
				g := newGraph[[4]uint64](l)
				compareAVX(t, b, g, rng, &(*[4*MaxColors + 4*8 + 1]uint64)(unsafe.Pointer(g.cm4))[4*MaxColors+4*8])
			}
		}
	}
}

// compareAVX checks layers on random sets of g with the AVX-512 switch avx
// on and off; the switch must be on exactly for boards of at most eight
// colours.
func compareAVX[B bitset](t *testing.T, b Board, g *graph[B], rng *rand.Rand, avx *uint64) {
	t.Helper()
	if g.colors <= 8 != (*avx == 1) {
		t.Fatalf("board %q of %d colours: AVX-512 switch %d", Format(b), g.colors, *avx)
	}
	on := *avx
	defer func() { *avx = on }()
	if on == 1 && g.colors >= 2 {
		// The assembly reads the masks by word (just below the switch)
		// when the switch is on: with them cleared every colour looks
		// done, and the start's bound drops to the colours left.
		var start B
		setBit(&start, 0)
		fr, rem := g.adj[0], g.outside(start)
		byWord := unsafe.Slice((*uint64)(unsafe.Add(unsafe.Pointer(avx), -8*8*len(start))), 8*len(start))
		saved := append([]uint64{}, byWord...)
		clear(byWord)
		h := g.layers(start, fr, rem, 1000, nil)
		copy(byWord, saved)
		if want := bits.OnesCount32(rem); h != want {
			t.Fatalf("board %q: with the masks by word cleared the bound is %d, want %d (the switch or the table is not where the assembly reads them)", Format(b), h, want)
		}
	}
	for range 20 {
		fl := randomSet(g, rng)
		fr := g.neighboursOf(fl)
		for i := range len(fr) {
			fr[i] &^= fl[i]
		}
		rem := g.outside(fl)
		full := g.layers(fl, fr, rem, 1000, nil)
		for _, limit := range []int{full - 1, full, 1000} {
			var with, without snapshots[B]
			*avx = on
			h1 := g.layers(fl, fr, rem, limit, &with)
			*avx = 0
			h0 := g.layers(fl, fr, rem, limit, &without)
			if h1 != h0 || with != without {
				t.Fatalf("board %q, set %x, limit %d: with AVX-512 %d %+v, without %d %+v", Format(b), fl, limit, h1, with, h0, without)
			}
		}
	}
}

// TestUnionList checks the assembly's unions through packed region lists
// (unionList) against its loops over each word's bits, which CPUs without
// AVX-512 VBMI2 run: the unions alone on random sets of three- and
// four-word graphs (empty, sparse and full words), then whole solves, whose
// moves and node counts must not change.
func TestUnionList(t *testing.T) {
	if unionList == 0 || !useLayersBMI || !useBMI {
		t.Skip("the CPU has no AVX-512 VBMI2, BMI1 or POPCNT")
	}
	defer func() { unionList = 1 }()
	rng := newRand(41)
	for i := range 60 {
		regions := 20 + rng.IntN(172)
		if i%3 == 2 {
			regions = 193 + rng.IntN(64)
		}
		b := boardWithRegions(rng, 16, 3+i%4, regions)
		l := label(b)
		for range 20 {
			var s [4]uint64
			density := rng.IntN(4) // none, a few, half, all
			for r := range l.r {
				if density == 3 || density == 2 && rng.IntN(2) == 0 || density == 1 && rng.IntN(16) == 0 {
					setBit(&s, r)
				}
			}
			if l.r <= 192 {
				g := newGraph[[3]uint64](l)
				unionList = 1
				o0, o1, o2 := adjUnionBMI(g.adj3, s[0], s[1], s[2])
				unionList = 0
				w0, w1, w2 := adjUnionBMI(g.adj3, s[0], s[1], s[2])
				if o0 != w0 || o1 != w1 || o2 != w2 {
					t.Fatalf("board %q, set %x: listed %x %x %x, by words %x %x %x", Format(b), s, o0, o1, o2, w0, w1, w2)
				}
				continue
			}
			if l.r > 256 {
				continue
			}
			g := newGraph[[4]uint64](l)
			unionList = 1
			o0, o1, o2, o3 := adjUnionBMI4(g.adj4, s[0], s[1], s[2], s[3])
			unionList = 0
			w0, w1, w2, w3 := adjUnionBMI4(g.adj4, s[0], s[1], s[2], s[3])
			if o0 != w0 || o1 != w1 || o2 != w2 || o3 != w3 {
				t.Fatalf("board %q, set %x: listed %x %x %x %x, by words %x %x %x %x", Format(b), s, o0, o1, o2, o3, w0, w1, w2, w3)
			}
		}
	}
	count := 40
	if testutil.Quick() {
		count = 12
	}
	for i := range count {
		b := randomBoard(rng, 6+i%9, 3+i%6)
		if i%4 == 3 {
			b = boardWithRegions(rng, 16, 3+i%3, 200+rng.IntN(50))
		}
		sameSearch(t, b, "the listed unions", func(on bool) { unionList = uint8(b2i(on)) })
	}
}

// sameSearch solves b with a setting on, then off (set switches it), and
// fails unless both solves give the same moves after the same number of
// nodes; what names the setting in the message.
func sameSearch(t *testing.T, b Board, what string, set func(on bool)) {
	t.Helper()
	set(true)
	want, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatal(err)
	}
	set(false)
	got, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.MovesText() != want.MovesText() || got.Nodes != want.Nodes {
		t.Fatalf("board %q: without %s %q in %d nodes, with it %q in %d", Format(b), what, got.MovesText(), got.Nodes, want.MovesText(), want.Nodes)
	}
}

// TestFullThreeWordGraph checks the unions and the layer recursion of a
// graph of exactly 192 regions, the most a three-word set holds, and the
// assembly's rows (rows32): aligned, row 192 zero, as it pads its lists
// with the number 192 (PAD3).
func TestFullThreeWordGraph(t *testing.T) {
	if !useBMI || !useLayersBMI {
		t.Skip("the CPU has no BMI1")
	}
	// A 14x14 board of three colours, each cell its own region (196), then
	// cells merged into a neighbour's colour until 192 regions are left.
	rows := make([][]int, 14)
	for r := range rows {
		rows[r] = make([]int, 14)
		for c := range rows[r] {
			rows[r][c] = (r + 2*c) % 3
		}
	}
	rng := newRand(5)
	var l labels
	var b Board
	for {
		var err error
		b, err = NewBoard(rows)
		if err != nil {
			t.Fatal(err)
		}
		l = label(b)
		if l.r == 192 {
			break
		}
		if l.r < 192 {
			t.Fatalf("merged past 192 regions: %d", l.r)
		}
		r, c := rng.IntN(13), rng.IntN(14)
		rows[r+1][c] = rows[r][c]
		if b2, _ := NewBoard(rows); label(b2).r < 192 {
			rows[r+1][c] = (r + 1 + 2*c) % 3
		}
	}
	g := newGraph[[3]uint64](l)
	if uintptr(unsafe.Pointer(g.adj3))%64 != 0 || g.adj3[192] != ([4]uint64{}) {
		t.Fatalf("the assembly's rows start at %p, row 192 is %x: want a 64-byte boundary and zero", g.adj3, g.adj3[192])
	}
	for i := range g.adj3 {
		var want [4]uint64
		if i < l.r {
			copy(want[:], g.adj[i][:])
		}
		if g.adj3[i] != want {
			t.Fatalf("row %d is %x, want %x", i, g.adj3[i], want)
		}
	}
	checkAdjUnion(t, b, g, rng, 500)
	checkLayersOnSets(t, b, g, rng, 300)
}
