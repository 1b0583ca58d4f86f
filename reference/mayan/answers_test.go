package mayan

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

// answerBoards returns the boards of TestSolveAnswersUnchanged: the 200
// full boards of the benchmark and 1,300 smaller ones with n = 3..5, about
// a third of them solvable. Brute force cannot check n = 4 or 5 in time,
// so their answers are pinned instead.
func answerBoards() []Board {
	bs := fullBoards(200)
	rng := rand.New(rand.NewPCG(99, 1234))
	for i := range 400 {
		bs = append(bs, denseBoard(rng, 3+i%3, 2+rng.IntN(4)))
	}
	for i := range 400 {
		bs = append(bs, tripleBoard(rng, 3+i%3, 2+rng.IntN(6)))
	}
	for i := range 400 {
		bs = append(bs, randomBoard(rng, 3+i%3, 2+rng.IntN(3), 1+rng.IntN(7)))
	}
	for i := range 100 {
		bs = append(bs, fullBoard(rng, 4+i%2, 2+rng.IntN(3)))
	}
	return bs
}

// TestSolveAnswersUnchanged solves the boards of answerBoards and compares
// every answer with testdata/answers.golden, written by the solver before
// the pruning of transfer.go and the changes after it: pruning must never
// change an answer. Rewrite it (-update) only for a deliberate change of
// the answers, with a new SolverVersion.
func TestSolveAnswersUnchanged(t *testing.T) {
	if testutil.Quick() {
		t.Skip("1,500 boards with up to five moves")
	}
	var sb strings.Builder
	for i, b := range answerBoards() {
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "%d %q n=%d: %s\n", i, columns(b), b.N, strings.ReplaceAll(s.Answer(), "\n", ";"))
	}
	const path = "testdata/answers.golden"
	want := testutil.Golden(t, path, sb.String(), *update, "-update")
	got, wantLines := strings.Split(sb.String(), "\n"), strings.Split(want, "\n")
	if len(got) != len(wantLines) {
		t.Fatalf("%d answers, %s holds %d", len(got), path, len(wantLines))
	}
	for i := range got {
		if got[i] != wantLines[i] {
			t.Errorf("answer changed:\n got %s\nwant %s", got[i], wantLines[i])
		}
	}
}
