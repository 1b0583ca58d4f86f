package rotation

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"puzzlejudge/internal/testutil"
)

func TestSolveSamples(t *testing.T) {
	tests := []struct{ name, board, want string }{
		{"sample 1", sample1, "AC\n2\n"},
		{"sample 2", sample2, "DDHH\n2\n"},
		{"solved", "3 3 3 3 3 3 1 1 1 3 3 1 1 3 3 1 1 1 3 3 3 3 2 2", "No moves needed\n1\n"},
		{"all ones", "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", "No moves needed\n1\n"},
		// Nine 1s, seven 2s, eight 3s: 1 and 3 both qualify, 1 wins.
		{"nine ones", "1 1 3 2 3 1 2 3 1 2 2 1 3 1 2 3 1 3 3 2 2 3 1 1", "AECCEGAAE\n1\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustParse(t, tc.board)
			for name, solve := range map[string]func(context.Context, Board, Progress) (Solution, error){"Solve": Solve, "solveIDA": solveIDA} {
				s, err := solve(context.Background(), b, nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got := s.Answer(); got != tc.want {
					t.Errorf("%s(%s).Answer() = %q, want %q", name, tc.board, got, tc.want)
				}
				if r := Replay(b, s.MovesText()); !r.Solved || r.Used != s.Len() || r.Final.CentreSymbol() != s.Symbol {
					t.Errorf("%s: Replay of %q: %+v", name, s.MovesText(), r)
				}
			}
		})
	}
}

func TestSolveUnsolvableAnswer(t *testing.T) {
	// Unreachable from a valid board (24 squares, 3 symbols: one symbol has
	// at least 8), but the text must still say so.
	if got := (Solution{}).Answer(); got != Unsolvable {
		t.Errorf("Answer of an unsolvable solution = %q, want %q", got, Unsolvable)
	}
}

func TestSolveRejectsInvalidBoard(t *testing.T) {
	var b Board
	if _, err := Solve(context.Background(), b, nil); err == nil {
		t.Errorf("Solve(zero board) succeeded, want an error")
	}
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := mustParse(t, sample1)
	if _, err := Solve(ctx, b, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve(cancelled) error %v, want context.Canceled", err)
	}
	if _, err := solveIDA(ctx, mustParse(t, "1 1 3 2 3 1 2 3 1 2 2 1 3 1 2 3 1 3 3 2 2 3 1 1"), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("solveIDA(cancelled) error %v, want context.Canceled", err)
	}
}

func TestSolveProgress(t *testing.T) {
	var bound int
	calls := 0
	_, err := Solve(context.Background(), mustParse(t, sample2), func(b int, nodes int64) { bound, calls = b, calls+1 })
	if err != nil || calls == 0 || bound != 4 {
		t.Errorf("Solve(sample 2) progress: %d calls, last bound %d, err %v; want bound 4", calls, bound, err)
	}
}

// TestSolveAgainstBruteForce compares Solve with a search that knows nothing:
// every move string in breadth-first order (by length, then A..H), up to 6
// moves, on classic, wide, scrambled and very wide boards (one symbol on 12
// to 23 squares). Solve must return the first string that solves the board, or need
// more than 6 moves when none does.
func TestSolveAgainstBruteForce(t *testing.T) {
	n := 60
	if testutil.Quick() {
		n = 10
	}
	boards := testBoards(6, n)
	r := rand.New(rand.NewPCG(6, 2286))
	for range n {
		boards = append(boards, veryWide(r))
	}
	for i, b := range boards {
		want, found := bruteForce(b, 6)
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("Solve(%s): %v", Format(b), err)
		}
		switch {
		case found && (s.MovesText() != want || s.Len() != len(want)):
			t.Errorf("board %d %s: Solve = %q, brute force %q", i, Format(b), s.MovesText(), want)
		case !found && s.Len() <= 6:
			t.Errorf("board %d %s: Solve = %q, brute force finds nothing within 6 moves", i, Format(b), s.MovesText())
		}
	}
}

// bruteForce returns the first move string, in order of length then letters,
// of at most maxLen moves that solves b.
func bruteForce(b Board, maxLen int) (string, bool) {
	for l := 0; l <= maxLen; l++ {
		if s, ok := firstMoves(b, l, func(b Board, left int) (bool, bool) { return left == 0 && b.Solved(), left == 0 }); ok {
			return s, true
		}
	}
	return "", false
}

// firstMoves returns the first string of exactly l moves, in letter order,
// at whose end stop says done; stop may also end a branch early (cut),
// with the board reached and the moves left.
func firstMoves(b Board, l int, stop func(b Board, left int) (done, cut bool)) (string, bool) {
	path := make([]byte, 0, l)
	var dfs func(b Board, left int) bool
	dfs = func(b Board, left int) bool {
		if done, cut := stop(b, left); done || cut {
			return done
		}
		for m := byte('A'); m <= 'H'; m++ {
			path = append(path, m)
			if dfs(b.Apply(Move(m)), left-1) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	ok := dfs(b, l)
	return string(path), ok
}

// TestSolveAgainstIDA compares the table-driven solver with the classic
// IDA* on random boards, classic and wide.
func TestSolveAgainstIDA(t *testing.T) {
	n := 100
	if testutil.Quick() {
		n = 15
	}
	for i, b := range testBoards(7, n) {
		fast, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("Solve(%s): %v", Format(b), err)
		}
		slow, err := solveIDA(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("solveIDA(%s): %v", Format(b), err)
		}
		if fast.Answer() != slow.Answer() {
			t.Errorf("board %d %s: Solve %q, IDA* %q", i, Format(b), fast.Answer(), slow.Answer())
		}
	}
}
