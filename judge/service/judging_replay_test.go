package service_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/service"
)

// TestReplayMoves checks the steps of the three puzzles against the judge's
// own verdict: the last legal board solves exactly when the moves do, each
// step's board is canonical, and the bad move carries the judge's message.
func TestReplayMoves(t *testing.T) {
	s := newService(t, openDB(t, "r.db"), service.Config{})
	ctx := context.Background()
	tests := []struct {
		puzzle, board, moves string
		steps, legal         int
		solved               bool
		bad                  string
	}{
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n", "1 2 1", 3, 3, true, ""},
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n0\n", "1 9 2", 2, 1, false, `move 2 ("9"): no such colour`},
		{"rotation", rotationBoard, "AC", 2, 2, true, ""},
		{"rotation", rotationBoard, "A", 1, 1, false, ""},
		{"rotation", "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "DDHH", 4, 4, true, ""},
		{"rotation", rotationBoard, "AZ", 2, 1, false, "move 2"},
		{"mayan", mayanSample, "2 1 1\n3 1 1\n3 0 1\n", 3, 3, true, ""},
		{"mayan", mayanSample, "2 1 1\n0 5 1\n", 2, 1, false, "there is no block at (0,5)"},
	}
	for _, tc := range tests {
		t.Run(tc.puzzle+" "+tc.moves, func(t *testing.T) {
			r, err := s.ReplayMoves(ctx, tc.puzzle, tc.board, tc.moves)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Steps) != tc.steps || r.Moves != tc.legal || r.Solved != tc.solved {
				t.Fatalf("ReplayMoves(%q) = %d steps, %d legal, solved %v; want %d, %d, %v", tc.moves, len(r.Steps), r.Moves, r.Solved, tc.steps, tc.legal, tc.solved)
			}
			pz, _ := puzzles.Lookup(tc.puzzle)
			for i, st := range r.Steps {
				if c, err := pz.ParseCase(st.Board); err != nil || c != st.Board {
					t.Errorf("step %d board %q is not canonical (%v)", i+1, st.Board, err)
				}
				if st.Legal != (i < tc.legal) {
					t.Errorf("step %d legal = %v", i+1, st.Legal)
				}
				if tc.puzzle == "mayan" && st.Legal && (len(st.Rounds) < 1 || st.Rounds[len(st.Rounds)-1] != st.Board) {
					t.Errorf("step %d rounds %q do not end with the board", i+1, st.Rounds)
				}
			}
			if tc.bad != "" {
				last := r.Steps[len(r.Steps)-1]
				if !strings.Contains(last.Message, tc.bad) {
					t.Errorf("bad step message = %q, want it to contain %q", last.Message, tc.bad)
				}
				if prev := r.Steps[len(r.Steps)-2]; last.Board != prev.Board {
					t.Errorf("the bad step shows %q, want the board it was refused on %q", last.Board, prev.Board)
				}
			}
		})
	}
	if _, err := s.ReplayMoves(ctx, "chess", "x", ""); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("ReplayMoves(chess) error = %v, want invalid", err)
	}
	if _, err := s.ReplayMoves(ctx, "floodit", "3\n0 1\n", ""); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("ReplayMoves(bad board) error = %v, want invalid", err)
	}
}

// TestReplaySubmission checks who may replay a submission and the shapes of
// moves and answer replays.
func TestReplaySubmission(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "rs.db"), service.Config{})
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	syncProblem(t, s, "rot", "rotation", "", judge.CaseSpec{Name: "a", Input: rotationBoard}, judge.CaseSpec{Name: "b", Input: rotationDone})
	fc := waitReady(t, s, "flood")
	waitReady(t, s, "rot")

	moves := submit(t, s, alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: fc[1].ID, Payload: "1 8"})
	r, err := s.ReplaySubmission(ctx, alice, moves.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r.Replay == nil || len(r.Replay.Steps) != 2 || r.Replay.Steps[1].Legal || r.Start != fc[1].Input || r.Puzzle != "floodit" {
		t.Errorf("ReplaySubmission(moves) = %+v", r)
	}
	if _, err := s.ReplaySubmission(ctx, staff, moves.ID); err != nil {
		t.Errorf("ReplaySubmission by an instructor: %v", err)
	}
	if _, err := s.ReplaySubmission(ctx, bob, moves.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("ReplaySubmission by another student: %v, want forbidden", err)
	}

	answer := submit(t, s, alice, judge.Submission{ProblemSlug: "rot", Kind: judge.KindAnswer, Payload: "AC\n2\nNo moves needed\n3\n"})
	r, err = s.ReplaySubmission(ctx, alice, answer.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r.Replay != nil || len(r.Cases) != 2 || len(r.Cases[0].Steps) != 2 || len(r.Cases[1].Steps) != 0 || r.Cases[1].CaseName != "board 2" {
		t.Errorf("ReplaySubmission(answer) = %+v", r)
	}

	// The same answer sent per case (input.zip's names, a zip of .out
	// files): its moves are replayed too. It was "holds no moves", the
	// replay reading only a whole output, while the submission page
	// offered the replay.
	in, err := s.Input(ctx, alice, "rot")
	if err != nil {
		t.Fatal(err)
	}
	files := in.Files()
	perCase, err := s.SubmitOutputs(ctx, alice, judge.Submission{ProblemSlug: "rot", Kind: judge.KindAnswer, InputVersion: in.Version},
		map[string]string{files[0].Base: "AC\n2\n"})
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, s, perCase.ID)
	r, err = s.ReplaySubmission(ctx, alice, perCase.ID)
	if err != nil {
		t.Fatalf("ReplaySubmission(per-case answer): %v", err)
	}
	if r.Replay != nil || len(r.Cases) != 1 || len(r.Cases[0].Steps) != 2 || r.Cases[0].CaseName != "board 1" || r.Cases[0].Start != rotationBoard {
		t.Errorf("ReplaySubmission(per-case answer) = %+v", r)
	}

	numbers := submit(t, s, alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"})
	if _, err := s.ReplaySubmission(ctx, alice, numbers.ID); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("ReplaySubmission(Flood-it answer) error = %v, want invalid", err)
	}
}

// TestReplayAnswerAfterDelete replays a whole output after a case it
// answered was deleted: each case keeps the moves the judge gave it. The
// replay split the output over the current cases, so the case after the
// deleted one was shown replaying the deleted one's moves, while its
// verdict was judged on its own.
func TestReplayAnswerAfterDelete(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "rd.db"), service.Config{})
	alice := mustUser(t, s, "alice")
	syncProblem(t, s, "rot", "rotation", "", judge.CaseSpec{Name: "a", Input: rotationBoard})
	b, err := s.AddCase(ctx, staff, "rot", judge.CaseSpec{Name: "b", Input: rotationDone})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddCase(ctx, staff, "rot", judge.CaseSpec{Name: "c", Input: rotationBoard}); err != nil {
		t.Fatal(err)
	}
	waitReady(t, s, "rot")
	answer := submit(t, s, alice, judge.Submission{ProblemSlug: "rot", Kind: judge.KindAnswer, Payload: "AC\n2\nNo moves needed\n3\nAC\n2\n"})
	waitDone(t, s, answer.ID)
	if err := s.DeleteCase(ctx, staff, "rot", b.ID); err != nil {
		t.Fatal(err)
	}
	if got := waitDone(t, s, answer.ID); got.Verdict != judge.Accepted || len(got.Results) != 2 {
		t.Fatalf("after the delete: %s, %+v", got.Verdict, got.Results)
	}
	r, err := s.ReplaySubmission(ctx, alice, answer.ID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range r.Cases {
		names = append(names, c.CaseName)
	}
	// Hidden boards are named by position to their student: c is board 3.
	if len(r.Cases) != 2 || r.Cases[1].CaseName != "board 3" || len(r.Cases[1].Steps) != 2 || !r.Cases[1].Solved {
		t.Errorf("replay after deleting b: cases %v, the last %+v; want boards 1 and 3, 3 solved in 2 moves", names, r.Cases[len(r.Cases)-1])
	}
}

// TestHint follows hints from the start to the goal: each hinted move must
// lower the optimum by exactly one, so the chain takes optimum moves.
func TestHint(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "h.db"), service.Config{})
	tests := []struct{ puzzle, board, sep string }{
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n", " "},
		{"rotation", rotationBoard, ""},
		{"mayan", mayanSample, "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.puzzle, func(t *testing.T) {
			pz, _ := puzzles.Lookup(tc.puzzle)
			h := pz.(judge.Hinter)
			c, _ := pz.ParseCase(tc.board)
			ref, err := pz.Solve(ctx, c, nil)
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for k := ref.Optimal; k > 0; k-- {
				m, err := h.Hint(ctx, c, strings.Join(moves, tc.sep))
				if err != nil {
					t.Fatalf("Hint after %q: %v", moves, err)
				}
				moves = append(moves, m)
				r, _ := s.ReplayMoves(ctx, tc.puzzle, c, strings.Join(moves, tc.sep))
				if r.Moves != len(moves) {
					t.Fatalf("hinted move %q after %q is not legal", m, moves[:len(moves)-1])
				}
				if k > 1 && tc.puzzle != "mayan" {
					after, err := pz.Solve(ctx, r.Steps[len(r.Steps)-1].Board, nil)
					if err != nil || after.Optimal != k-1 {
						t.Fatalf("after hint %q the optimum is %d (%v), want %d", m, after.Optimal, err, k-1)
					}
				}
			}
			r, _ := s.ReplayMoves(ctx, tc.puzzle, c, strings.Join(moves, tc.sep))
			if !r.Solved {
				t.Errorf("following %d hints (%q) does not solve the board", ref.Optimal, moves)
			}
			if _, err := h.Hint(ctx, c, strings.Join(moves, tc.sep)); judge.ErrorCode(err) != judge.EINVALID {
				t.Errorf("Hint on a solved board: %v, want invalid", err)
			}
		})
	}
}

func TestReplayPage(t *testing.T) {
	r := judge.Replay{Steps: make([]judge.Step, 5)}
	for i := range r.Steps {
		r.Steps[i].Move = string(rune('a' + i))
	}
	moves := func(steps []judge.Step) string {
		var s string
		for _, st := range steps {
			s += st.Move
		}
		return s
	}
	for _, tc := range []struct {
		from, limit int
		want        string
		next        int
	}{
		{0, 2, "ab", 2}, {2, 2, "cd", 4}, {4, 2, "e", -1}, {0, 5, "abcde", -1},
		{0, 10, "abcde", -1}, {5, 2, "", -1}, {9, 2, "", -1}, {-3, 1, "a", 1}, {1, 0, "", 1},
	} {
		steps, next := r.Page(tc.from, tc.limit)
		if moves(steps) != tc.want || next != tc.next {
			t.Errorf("Page(%d, %d) = %q, %d; want %q, %d", tc.from, tc.limit, moves(steps), next, tc.want, tc.next)
		}
	}
}
