package floodit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pad returns b with its last row and column copied once more: every
// region and every neighbour stays, so the optimum stays.
func pad(b Board) Board {
	n := b.N()
	rows := make([][]int, n+1)
	for r := range rows {
		rows[r] = make([]int, n+1)
		for c := range rows[r] {
			rows[r][c] = b.At(min(r, n-1), min(c, n-1))
		}
	}
	out, err := NewBoard(rows)
	if err != nil {
		panic(err)
	}
	return out
}

// TestGraphKeyOfPaddedBoards performs issue 24's sidestep of the hidden-
// board guard: the shipped boards, and random ones, padded with copies of
// their last row and column, keep their key.
func TestGraphKeyOfPaddedBoards(t *testing.T) {
	files, _ := filepath.Glob("../../problems/floodit/tests/*.in")
	if len(files) == 0 {
		t.Fatal("no shipped Flood-it boards found")
	}
	var boards []Board
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseCase(string(text))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		boards = append(boards, b)
	}
	rng := rand.New(rand.NewPCG(24, 1))
	for range 200 {
		n, k := 2+rng.IntN(8), 2+rng.IntN(5)
		rows := make([][]int, n)
		for r := range rows {
			rows[r] = make([]int, n)
			for c := range rows[r] {
				rows[r][c] = rng.IntN(k)
			}
		}
		b, _ := NewBoard(rows)
		boards = append(boards, b)
	}
	for _, b := range boards {
		key := GraphKey(b)
		p := pad(b)
		for range 2 {
			if got := GraphKey(p); got != key {
				t.Fatalf("GraphKey of\n%s= %s, but padded to\n%s it is %s", Format(b), key, Format(p), got)
			}
			p = pad(p)
		}
	}
}

// TestGraphKeyKeepsTheOptimum checks on every 3x3 board of 3 colours that
// boards sharing a key share their optimum (the guard refuses no board
// whose answer it would not give away), and that a recoloured or
// transposed board keeps its key.
func TestGraphKeyKeepsTheOptimum(t *testing.T) {
	optimum := map[string]int{} // key -> optimum
	boardOf := map[string]string{}
	keys := map[string]bool{}
	for code := range 19683 {
		rows, x := make([][]int, 3), code
		for r := range rows {
			rows[r] = make([]int, 3)
			for c := range rows[r] {
				rows[r][c], x = x%3, x/3
			}
		}
		b, _ := NewBoard(rows)
		key := GraphKey(b)
		keys[key] = true
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if o, ok := optimum[key]; ok && o != s.Len() {
			t.Fatalf("boards\n%sand\n%sshare the key %s but their optima are %d and %d", boardOf[key], Format(b), key, o, s.Len())
		}
		optimum[key], boardOf[key] = s.Len(), Format(b)
		tr := make([][]int, 3)
		for r := range tr {
			tr[r] = []int{(rows[0][r] + 1) % 3, (rows[1][r] + 1) % 3, (rows[2][r] + 1) % 3}
		}
		img, _ := NewBoard(tr)
		if got := GraphKey(img); got != key {
			t.Fatalf("the transposed, recoloured image of\n%shas key %s, want %s", Format(b), got, key)
		}
	}
	if len(keys) < 100 {
		t.Errorf("only %d keys for 19,683 boards: the key says too little", len(keys))
	}
	t.Logf("%d region-graph keys for the 19,683 3x3 boards of 3 colours", len(keys))
}

// BenchmarkGraphKey measures the key of a random 30x30 board of 16
// colours, the engine's largest.
func BenchmarkGraphKey(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var sb strings.Builder
	fmt.Fprintln(&sb, 30)
	for range 30 {
		for c := range 30 {
			if c > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprint(&sb, rng.IntN(16))
		}
		sb.WriteByte('\n')
	}
	board, err := ParseCase(sb.String())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		GraphKey(board)
	}
}
