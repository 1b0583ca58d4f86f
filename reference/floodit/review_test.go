package floodit

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
)

// boardWithRegions returns a random n x n board with colours 0..colors-1
// (colors >= 3) whose region graph has exactly target regions: a colouring
// in which no two neighbouring cells share a colour (n*n regions), then
// random recolourings, each kept when it brings the count no farther from
// target.
func boardWithRegions(rng *rand.Rand, n, colors, target int) Board {
	rows := make([][]int, n)
	for r := range rows {
		rows[r] = make([]int, n)
		for c := range rows[r] {
			for {
				v := rng.IntN(colors)
				if (r == 0 || rows[r-1][c] != v) && (c == 0 || rows[r][c-1] != v) {
					rows[r][c] = v
					break
				}
			}
		}
	}
	count := func() int {
		b, err := NewBoard(rows)
		if err != nil {
			panic(err)
		}
		return label(b).r
	}
	dist := func(r int) int { return max(r-target, target-r) }
	for r := count(); r != target; {
		y, x := rng.IntN(n), rng.IntN(n)
		old, v := rows[y][x], rng.IntN(colors)
		if rng.IntN(2) == 0 {
			// A neighbour's colour: merges regions.
			ny, nx := y, x
			switch rng.IntN(4) {
			case 0:
				ny = max(y-1, 0)
			case 1:
				ny = min(y+1, n-1)
			case 2:
				nx = max(x-1, 0)
			default:
				nx = min(x+1, n-1)
			}
			v = rows[ny][nx]
		}
		rows[y][x] = v
		if r2 := count(); dist(r2) <= dist(r) {
			r = r2
		} else {
			rows[y][x] = old
		}
	}
	b, err := NewBoard(rows)
	if err != nil {
		panic(err)
	}
	return b
}

// edgeBits are the region numbers at the words' edges of the bitsets.
var edgeBits = []int{0, 1, 62, 63, 64, 65, 126, 127, 128, 129, 190, 191, 192}

// randomSet returns a set of g's regions holding region 0: half the time
// a connected one grown from region 0, else an arbitrary one that holds
// some of the regions at the words' edges.
func randomSet[B bitset](g *graph[B], rng *rand.Rand) B {
	var s B
	setBit(&s, 0)
	if rng.IntN(2) == 0 {
		for range rng.IntN(g.r) {
			nb := g.neighboursOf(s)
			var cand []int
			for i := range g.r {
				if nb[i>>6]>>(i&63)&1 != 0 && s[i>>6]>>(i&63)&1 == 0 {
					cand = append(cand, i)
				}
			}
			if len(cand) == 0 {
				break
			}
			setBit(&s, cand[rng.IntN(len(cand))])
		}
		return s
	}
	for _, i := range edgeBits {
		if i < g.r && rng.IntN(2) == 0 {
			setBit(&s, i)
		}
	}
	for range rng.IntN(g.r) {
		setBit(&s, rng.IntN(g.r))
	}
	return s
}

// checkLayersOnSets compares, on random sets of g's regions, the layer
// recursion for B's size (layers3, which is layersBMI where the CPU has
// it, or layers4) with the general one, values and recorded layer steps,
// and the whole bound, lookaheads included, with and without the
// assembly.
func checkLayersOnSets[B bitset](t *testing.T, b Board, g *graph[B], rng *rand.Rand, sets int) {
	t.Helper()
	for range sets {
		fl := randomSet(g, rng)
		fr := g.neighboursOf(fl)
		for i := range len(fr) {
			fr[i] &^= fl[i]
		}
		rem := g.outside(fl)
		generalLayers = true
		full := g.layers(fl, fr, rem, 1000, nil)
		generalLayers = false
		for _, limit := range []int{full - 2, full - 1, full, full + 1} {
			var want snapshots[B]
			generalLayers = true
			hl := g.layers(fl, fr, rem, limit, &want)
			generalLayers = false
			// The scalar code in assembly and in Go.
			for _, asm := range []bool{true, false} {
				on := setAsm(asm)
				var got snapshots[B]
				h3 := g.layers(fl, fr, rem, limit, &got)
				setAsm(true)
				if h3 != hl || got != want {
					t.Fatalf("board %q, set %x: layers for %d words (assembly %v) = %d %+v, general layers = %d %+v", Format(b), fl, len(fl), on, h3, got, hl, want)
				}
			}
			if rem == 0 {
				continue
			}
			on := setAsm(true)
			h := g.bound(fl, fr, rem, limit)
			if on {
				setAsm(false)
				if h2 := g.bound(fl, fr, rem, limit); h2 != h {
					t.Fatalf("board %q, set %x, limit %d: bound %d with the assembly, %d without", Format(b), fl, limit, h, h2)
				}
				setAsm(true)
			}
			generalLayers = true
			h2 := g.bound(fl, fr, rem, limit)
			generalLayers = false
			if h2 != h {
				t.Fatalf("board %q, set %x, limit %d: bound %d, %d with the general layers", Format(b), fl, limit, h, h2)
			}
		}
	}
}

// TestRegionCountEdges checks the three-word code (the assembly where the
// CPU has it) against the general code on boards of 63-65, 127-129 and
// 191-192 regions, and the four-word code on 193 regions, with up to 16
// colours: the neighbour union on sets at the words' edges, the layer
// recursion and the bound on random sets, and Solve's code paths against
// each other (checkSolveVariants) on boards that solve quickly.
func TestRegionCountEdges(t *testing.T) {
	rng := newRand(1717)
	cases := []struct{ n, regions int }{
		{9, 63}, {9, 64}, {10, 65}, {12, 127}, {12, 128}, {12, 129},
		{14, 191}, {14, 192}, {14, 193}, {15, 193}, {16, 192},
	}
	sets := 40
	if testutil.Quick() {
		sets = 10
	}
	for i, tc := range cases {
		for _, colors := range []int{3, 4, 6, 16} {
			b := boardWithRegions(rng, tc.n, colors, tc.regions)
			l := label(b)
			if l.r != tc.regions {
				t.Fatalf("board %q has %d regions, want %d", Format(b), l.r, tc.regions)
			}
			if w := (l.r + 63) / 64; w <= 3 {
				g := newGraph[[3]uint64](l)
				if setAsm(true) {
					for _, s := range edgeUnionSets(g, rng) {
						setAsm(false)
						w0, w1, w2 := g.adjUnion3(s[0], s[1], s[2])
						setAsm(true)
						if o0, o1, o2 := adjUnionBMI(g.adj3, s[0], s[1], s[2]); o0 != w0 || o1 != w1 || o2 != w2 {
							t.Fatalf("board %q, set %x: assembly %x %x %x, Go %x %x %x", Format(b), s, o0, o1, o2, w0, w1, w2)
						}
					}
				}
				checkLayersOnSets(t, b, g, rng, sets)
			} else {
				checkLayersOnSets(t, b, newGraph[[4]uint64](l), rng, sets)
			}
			checkLayersOnSets(t, b, newGraph[[8]uint64](l), rng, sets/4)
			// Few colours solve in milliseconds on these boards; the
			// others take seconds, so they are solved with FLOODIT_LONG
			// only (16 colours on 14x14 takes minutes: not even then).
			if colors <= 3 || (colors <= 4 && i%3 == 0) || reviewLong && (colors <= 6 || tc.regions < 100) {
				checkSolveVariants(t, b, -1)
			}
		}
	}
}

// edgeUnionSets returns sets of g's regions for the neighbour union: each
// region at the words' edges alone, all of them, every region, and random
// sets.
func edgeUnionSets(g *graph[[3]uint64], rng *rand.Rand) [][3]uint64 {
	var out [][3]uint64
	var edges [3]uint64
	for _, i := range edgeBits {
		if i < g.r {
			var s [3]uint64
			setBit(&s, i)
			setBit(&edges, i)
			out = append(out, s)
		}
	}
	out = append(out, edges, g.all)
	for range 30 {
		var s [3]uint64
		for range rng.IntN(g.r + 1) {
			setBit(&s, rng.IntN(g.r))
		}
		out = append(out, s)
	}
	return out
}

// reviewLong turns on the long checks (FLOODIT_LONG=1): they take minutes.
var reviewLong = os.Getenv("FLOODIT_LONG") != ""

// reviewCount returns the number of boards for a check: the variable env
// when set, else def (short of it with -short).
func reviewCount(env string, def, short int) int {
	if n, err := strconv.Atoi(os.Getenv(env)); err == nil && n > 0 {
		return n
	}
	if testutil.Quick() {
		return short
	}
	return def
}

// idaNoBeam is solveWith without the beams: IDA* rounds from the bound up
// to the first that finds a path, so that every round that should find
// one runs (with a beam's upper bound, a round cut wrongly could be hidden
// by the beam's path). It returns the moves and the nodes.
func idaNoBeam[B bitset](t *testing.T, l labels, done <-chan struct{}) ([]Move, int64) {
	return idaNoBeamThen[B](t, l, done, nil)
}

// idaNoBeamThen is idaNoBeam that hands the search, its table and lookahead
// cache still filled, to then (when not nil) before it ends.
func idaNoBeamThen[B bitset](t *testing.T, l labels, done <-chan struct{}, then func(*search[B])) ([]Move, int64) {
	t.Helper()
	s, flooded, frontier, rem := newSearch[B](l, done, nil)
	defer putTable(s.tt)
	if then != nil {
		defer then(s)
	}
	s.limit = s.g.bound(flooded, frontier, rem, s.g.r)
	for {
		switch r := s.dfs(0, flooded, frontier, rem, s.limit, 0); r {
		case foundPath:
			return append([]Move{}, s.path[:s.solved]...), s.nodes
		case cancelled:
			t.Fatal("cancelled")
		default:
			if r <= s.limit {
				t.Fatalf("a round at limit %d returned %d", s.limit, r)
			}
			s.limit = r
		}
	}
}

// TestRefutedPruneRounds checks the refuted-move cut with the
// transposition table across IDA* rounds on random medium boards (8x8 to
// 12x12, 4 to 8 colours) and harder ones (12x12 to 14x14, 6 to 8 colours,
// where the cut acts most): the search without the beams finds, with the
// cut and without it (the older search), paths of the same length, equal
// to Solve's, that flood the board. FLOODIT_BOARDS and FLOODIT_HARD_BOARDS
// set the numbers of boards.
func TestRefutedPruneRounds(t *testing.T) {
	t.Run("medium", func(t *testing.T) {
		checkRefutedPruneRounds(t, newRand(1718), reviewCount("FLOODIT_BOARDS", 300, 40), 8, 5, 4, 5)
	})
	t.Run("hard", func(t *testing.T) {
		checkRefutedPruneRounds(t, newRand(1720), reviewCount("FLOODIT_HARD_BOARDS", 30, 6), 12, 3, 6, 3)
	})
}

// checkRefutedPruneRounds is TestRefutedPruneRounds on count boards of side
// n0 to n0+nk-1 with c0 to c0+ck-1 colours.
func checkRefutedPruneRounds(t *testing.T, rng *rand.Rand, count, n0, nk, c0, ck int) {
	var with, without int64
	for i := range count {
		n, colors := n0+i%nk, c0+(i/nk)%ck
		b := randomBoard(rng, n, colors)
		l := label(b)
		if l.r > 192 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		sol, err := Solve(ctx, b, nil)
		if err != nil {
			t.Fatalf("board %q: %v", Format(b), err)
		}
		on, nOn := idaNoBeam[[3]uint64](t, l, ctx.Done())
		refutedPrune = false
		off, nOff := idaNoBeam[[3]uint64](t, l, ctx.Done())
		refutedPrune = true
		cancel()
		if len(on) != len(off) || len(on) != sol.Len() {
			t.Fatalf("board %q: without the beams %d moves with the cut, %d without it; Solve %d", Format(b), len(on), len(off), sol.Len())
		}
		if r := Replay(b, Solution{Moves: on}.MovesText()); !r.Solved || r.Used != len(on) {
			t.Fatalf("board %q: moves %v do not flood", Format(b), on)
		}
		with += nOn
		without += nOff
	}
	t.Logf("%d boards; nodes without the beams: %d with the cut, %d without", count, with, without)
}

// TestSolveCancelWide checks cancellation and progress on boards beyond a
// quick solve for every bitset size (three words with the assembly, four,
// eight and fifteen): Solve returns context.Canceled promptly after the
// cancel at several moments of the search (the beams, the rounds), and
// Progress reports bounds that never fall and node counts that never fall.
// Whether a cancel at 2 ms comes before the first report depends on the
// machine, so that Progress is called at all is checked without a clock:
// a Progress that cancels at its first call must see a bound, and the solve
// must end cancelled. The wall-clock allowance is a liveness bound, not a
// goal (a solve that stopped polling its context runs for minutes on these
// boards): the latencies measured were 0.1-180 ms at load average 3-6 on two
// cores, most under 15 ms; a loaded machine stretches them.
func TestSolveCancelWide(t *testing.T) {
	rng := newRand(1719)
	boards := []Board{
		boardWithRegions(rng, 14, 16, 192),
		boardWithRegions(rng, 14, 16, 193),
		randomBoard(rng, 20, 16),
		randomBoard(rng, 30, 12),
	}
	afters := []time.Duration{2 * time.Millisecond, 40 * time.Millisecond, 150 * time.Millisecond}
	if testutil.Quick() {
		afters = afters[1:2]
	}
	for _, b := range boards {
		for _, after := range afters {
			ctx, cancel := context.WithCancel(context.Background())
			cancelled := make(chan time.Time, 1)
			timer := time.AfterFunc(after, func() {
				cancelled <- time.Now()
				cancel()
			})
			bound, nodes := -1, int64(-1)
			_, err := Solve(ctx, b, func(bd int, n int64) {
				if bd < bound || n < nodes {
					t.Errorf("board %dx%d: progress (%d, %d) after (%d, %d)", b.N(), b.N(), bd, n, bound, nodes)
				}
				bound, nodes = bd, n
			})
			end := time.Now()
			timer.Stop()
			cancel()
			if err == nil {
				t.Fatalf("board %q solved within %v: pick a harder one", Format(b), after)
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("board %dx%d cancelled after %v: err %v", b.N(), b.N(), after, err)
			}
			if took := end.Sub(<-cancelled); took > cancelAllowance {
				t.Errorf("board %dx%d (%d regions) cancelled after %v: Solve returned %v later", b.N(), b.N(), label(b).r, after, took)
			}
		}
		checkFirstProgress(t, b)
	}
}

// cancelAllowance is how long a cancelled Solve may take to return in the
// cancellation tests: far above the milliseconds it takes (docs/PERFORMANCE.md),
// far below the minutes a solve that stopped polling its context would run.
const cancelAllowance = 5 * time.Second

// checkFirstProgress solves b with a Progress that cancels the solve at its
// first call: the call must carry a bound of at least 1 (b is not solved at
// the start), and Solve must return context.Canceled. No clock is involved:
// the search reports its first bound before the first beam, which looks at
// the context before its first level.
func checkFirstProgress(t *testing.T, b Board) {
	t.Helper()
	// The timeout ends the solve of a search that never reports.
	ctx, cancel := context.WithTimeout(context.Background(), cancelAllowance)
	defer cancel()
	calls, first := 0, 0
	_, err := Solve(ctx, b, func(bd int, _ int64) {
		if calls == 0 {
			first = bd
			cancel()
		}
		calls++
	})
	if calls == 0 || first < 1 {
		t.Errorf("board %dx%d: Progress called %d times, first bound %d", b.N(), b.N(), calls, first)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("board %dx%d cancelled at the first Progress: err %v, want context.Canceled", b.N(), b.N(), err)
	}
}

// TestSolveConcurrent checks that solves running at once (the judge's
// workers do) share nothing: the same moves and nodes as one at a time, on
// every bitset size.
func TestSolveConcurrent(t *testing.T) {
	rng := newRand(1721)
	var boards []Board
	for i := range 16 {
		switch i % 4 {
		case 0:
			boards = append(boards, randomBoard(rng, 14, 6))
		case 1:
			boards = append(boards, randomBoard(rng, 8, 16))
		case 2:
			boards = append(boards, boardWithRegions(rng, 14, 3, 193))
		default:
			boards = append(boards, randomBoard(rng, 24, 3))
		}
	}
	want := make([]Solution, len(boards))
	for i, b := range boards {
		sol, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = sol
	}
	got := make([]Solution, len(boards))
	errs := make(chan error, len(boards))
	for w := range 4 {
		go func() {
			for i := w; i < len(boards); i += 4 {
				sol, err := Solve(context.Background(), boards[i], nil)
				got[i] = sol
				errs <- err
			}
		}()
	}
	for range boards {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for i := range boards {
		if got[i].MovesText() != want[i].MovesText() || got[i].Nodes != want[i].Nodes {
			t.Fatalf("board %q: %q in %d nodes at once, %q in %d alone", Format(boards[i]), got[i].MovesText(), got[i].Nodes, want[i].MovesText(), want[i].Nodes)
		}
	}
}

// TestTableGenerationWrap checks the pooled table when its generation
// counter wraps (a server reaches it after 65,535 solves of one bitset
// size): the entries of every older solve are gone, in the table and in
// the lookahead cache.
func TestTableGenerationWrap(t *testing.T) {
	tb := getTable[[4]uint64]()
	set := [4]uint64{1, 2, 3, 4}
	tb.raise(&set, 7)
	e := tb.exact.entry(tb.exact.slot(&set, 2), &set, 2)
	e.over = 5
	if lb, ok := tb.get(&set); !ok || lb != 7 {
		t.Fatalf("get after raise = %d, %v", lb, ok)
	}
	tb.grow() // the large slots too
	tb.raise(&set, 9)
	tb.gen = 1<<16 - 1
	tb.exact.gen = tb.gen
	tb.raise(&set, 11)
	tb.exact.entry(tb.exact.slot(&set, 2), &set, 2).over = 6
	putTable(tb)
	again := getTable[[4]uint64]()
	defer putTable(again)
	if again != tb {
		t.Skip("the pool gave another table")
	}
	if again.gen != 1 || again.exact.gen != 1 {
		t.Fatalf("after the wrap: generations %d and %d, want 1", again.gen, again.exact.gen)
	}
	if lb, ok := again.get(&set); ok {
		t.Fatalf("after the wrap the table still knows the set: %d", lb)
	}
	again.grow()
	if lb, ok := again.get(&set); ok {
		t.Fatalf("after the wrap the large table still knows the set: %d", lb)
	}
	if e := again.exact.entry(again.exact.slot(&set, 2), &set, 2); e.over != -1 {
		t.Fatalf("after the wrap the lookahead cache still knows the set: over %d", e.over)
	}
}

// TestTableBoundsTrue checks what the search leaves in its transposition
// table and its lookahead cache against the exact distances (a
// breadth-first search over the region graph's sets): every bound learnt,
// with the refuted-move cut's F+1 values among them, is at most the true
// number of moves still needed, and every budget the cache records as
// exceeded is below it. A wrong cut or lookahead that happened not to
// change the answer's length shows here.
func TestTableBoundsTrue(t *testing.T) {
	rng := newRand(1723)
	count := reviewCount("FLOODIT_TABLE_BOARDS", 100, 30)
	var entries, cached int
	for i := range count {
		b := randomBoard(rng, 4+i%4, 3+(i/4)%4)
		l := label(b)
		idaNoBeamThen[[3]uint64](t, l, nil, func(s *search[[3]uint64]) {
			dist := map[[3]uint64]int{}
			hstar := func(set [3]uint64) int {
				d, ok := dist[set]
				if !ok {
					d = setDistance(s.g, set)
					dist[set] = d
				}
				return d
			}
			for _, e := range s.tt.entries {
				if e.gen != s.tt.gen {
					continue
				}
				entries++
				if h := hstar(e.key); int(e.lb) > h {
					t.Fatalf("board %q: the table says %d moves from %x, it takes %d", Format(b), e.lb, e.key, h)
				}
			}
			for _, e := range s.tt.exact.entries {
				if e.gen != s.tt.exact.gen || e.over < 0 {
					continue
				}
				cached++
				if h := hstar(e.key); int(e.over) >= h {
					t.Fatalf("board %q: the lookahead cache says more than %d moves from %x, it takes %d", Format(b), e.over, e.key, h)
				}
			}
		})
	}
	if entries < count || cached < count/10 {
		t.Fatalf("too little checked: %d table entries and %d cache entries on %d boards", entries, cached, count)
	}
	t.Logf("%d boards: %d table entries, %d lookahead cache entries checked", count, entries, cached)
}

// setDistance returns the fewest moves that flood every region of g from
// the set s, by breadth-first search over sets (moves as in bound.go:
// s + c = s with the regions of colour c beside it).
func setDistance(g *graph[[3]uint64], s [3]uint64) int {
	if s == g.all {
		return 0
	}
	seen := map[[3]uint64]bool{s: true}
	layer := [][3]uint64{s}
	for depth := 1; ; depth++ {
		var next [][3]uint64
		for _, f := range layer {
			nb := g.neighboursOf(f)
			for c := range g.colors {
				var x [3]uint64
				for i := range x {
					x[i] = f[i] | nb[i]&g.cmask[c][i]
				}
				if x == g.all {
					return depth
				}
				if !seen[x] {
					seen[x] = true
					next = append(next, x)
				}
			}
		}
		layer = next
	}
}
