package fifteen

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// dataDir returns where the shared 15-puzzle data lives: $FIFTEEN_DATA if
// set, else the first shared/data/fifteen found going up from this package
// (the main checkout /work/main and the worktrees /work/wt/NAME both sit
// below /work, next to /work/shared).
func dataDir() string {
	if d := os.Getenv("FIFTEEN_DATA"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return filepath.Join("shared", "data", "fifteen")
	}
	for {
		d := filepath.Join(dir, "shared", "data", "fifteen")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return d
		}
		dir = parent
	}
}

// korfInstance is one of Korf's 100 boards, turned to UVA's goal.
type korfInstance struct {
	number, optimal int
	board           Board
}

// fromKorf turns a board of Korf's goal (blank top-left, tile t in cell t)
// into one of UVA's (blank bottom-right, tile t in cell t-1): cell k becomes
// cell 15-k (the board turned half a turn) and tile t becomes 16-t. Moves
// map one to one (a move is also turned half a turn: L for R, U for D), so
// optimal lengths are kept.
func fromKorf(cells [16]int) Board {
	b := Board{Width: 4}
	for k, t := range cells {
		if t != 0 {
			t = 16 - t
		}
		b.Cells[15-k] = uint8(t)
	}
	return b
}

// loadKorf reads korf100.txt (see its README) or skips when it is absent.
func loadKorf(tb testing.TB) []korfInstance {
	tb.Helper()
	f, err := os.Open(filepath.Join(dataDir(), "korf100.txt"))
	if err != nil {
		tb.Skipf("Korf's instances not available: %v", err)
	}
	defer f.Close()
	var out []korfInstance
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != 18 {
			tb.Fatalf("korf100.txt line %d: %d fields, want 18", line, len(fields))
		}
		var v [18]int
		for i, s := range fields {
			if v[i], err = strconv.Atoi(s); err != nil {
				tb.Fatalf("korf100.txt line %d: %v", line, err)
			}
		}
		var cells [16]int
		copy(cells[:], v[2:])
		in := korfInstance{number: v[0], optimal: v[1], board: fromKorf(cells)}
		if err := in.board.Validate(); err != nil {
			tb.Fatalf("korf100.txt line %d: %v", line, err)
		}
		out = append(out, in)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) != 100 {
		tb.Fatalf("korf100.txt: %d instances, want 100", len(out))
	}
	return out
}
