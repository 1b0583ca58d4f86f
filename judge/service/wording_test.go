package service_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// Messages count in good English: "1 case", "the 1 move is legal", "1 block
// is left", and a move text "has" its bytes.
func TestMessagesAgreeInNumber(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "wording.db"), service.Config{})
	staff := mustInstructor(t, s, "ines")
	u := mustUser(t, s, "alice")

	newProblem(t, s, staff, "one", "floodit")
	if _, err := s.AddCase(ctx, staff, "one", judge.CaseSpec{Name: "a", Input: "2\n0 1\n1 1\n"}); err != nil {
		t.Fatal(err)
	}
	rotation := "rotation"
	_, err := s.UpdateProblem(ctx, staff, "one", judge.ProblemPatch{Puzzle: &rotation})
	if msg := judge.ErrorMessage(err); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(msg, "the problem has 1 case of puzzle floodit") {
		t.Errorf("changing the puzzle of a problem with one case = %v", err)
	}

	for _, tc := range []struct{ puzzle, board, moves, msg string }{
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 2\n", "1", "the 1 move is legal, but the board is not flooded"},
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 2\n", "1 1", "all 2 moves are legal, but the board is not flooded"},
		{"rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", "B", "the 1 move is legal, but the centre is not solved"},
		{"mayan", "1\n1 0\n1 0\n2 0\n1 0\n0\n", "2 0 1", "the 1 move is legal, but 1 block is left (1 move allowed)"},
	} {
		r, err := s.Check(ctx, u, tc.puzzle, tc.board, tc.moves)
		if err != nil || !strings.Contains(r.Message, tc.msg) {
			t.Errorf("Check(%s, %q) = %q, %v; want %q", tc.puzzle, tc.moves, r.Message, err, tc.msg)
		}
	}

	_, err = s.ReplayMoves(ctx, "floodit", "2\n0 1\n1 1\n", strings.Repeat("1 ", judge.MaxReplayMoveBytes))
	if msg := judge.ErrorMessage(err); !strings.Contains(msg, "the move text has more than 4096 bytes") {
		t.Errorf("a long move text = %v", err)
	}
}
