package service_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestCheckRefusesHiddenBoards performs the attack of issue 11.3: a student
// sends the input of a hidden case to /check, as it is and disguised by the
// puzzle's symmetries, to read its optimum (the Flood-it answer). Each is
// refused with hidden_board; a sample, another board and an instructor are not.
func TestCheckRefusesHiddenBoards(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "h.db"), service.Config{})
	syncProblem(t, s, "flood", "floodit", "",
		judge.CaseSpec{Name: "sample", Input: "2\n0 0\n0 1\n", Sample: true},
		judge.CaseSpec{Name: "hidden", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"})
	syncProblem(t, s, "rot", "rotation", "", judge.CaseSpec{Name: "hidden", Input: rotationBoard})
	syncProblem(t, s, "may", "mayan", "", judge.CaseSpec{Name: "hidden", Input: mayanSample})
	waitReady(t, s, "flood")
	student := mustUser(t, s, "eve")
	admin := mustInstructor(t, s, "teacher")
	// The rotation board mirrored left to right, then its symbols 1 and 3 swapped.
	rotMirror := mirrorRotation(rotationBoard)
	hidden := []struct{ name, puzzle, board string }{
		{"flood-it as it is", "floodit", "3\n0 1 2\n1 1 2\n2 2 1\n0\n"},
		{"flood-it transposed and recoloured", "floodit", "3\n5 4 3\n4 4 3\n3 3 4\n"},
		// Issue 24: the last row and column copied keep every region and
		// neighbour, so the optimum is the hidden answer.
		{"flood-it padded", "floodit", "4\n0 1 2 2\n1 1 2 2\n2 2 1 1\n2 2 1 1\n"},
		{"flood-it padded twice and recoloured", "floodit", "5\n3 1 0 0 0\n1 1 0 0 0\n0 0 1 1 1\n0 0 1 1 1\n0 0 1 1 1\n"},
		// Issue 32: a row and a column of a new colour make another region
		// graph, and the optimum is the hidden one plus one.
		{"flood-it padded with a new colour", "floodit", "4\n0 1 2 3\n1 1 2 3\n2 2 1 3\n3 3 3 3\n"},
		{"flood-it framed by new colours, rotated", "floodit", "5\n4 4 4 4 4\n4 2 1 0 3\n4 2 1 1 3\n4 1 2 2 3\n4 3 3 3 3\n"},
		{"rotation as it is", "rotation", rotationBoard},
		{"rotation mirrored and relabelled", "rotation", rotMirror},
		{"mayan recoloured", "mayan", "3\n7 0\n9 7 0\n9 2 5 0\n2 7 0\n9 5 2 5 0\n"},
	}
	for _, tc := range hidden {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.Check(ctx, student, tc.puzzle, tc.board, "")
			if judge.ErrorCode(err) != judge.EHIDDENBOARD || !strings.Contains(judge.ErrorMessage(err), "submit your moves to the problem") {
				t.Fatalf("student Check(%q) = %+v, %v; want hidden_board", tc.board, res, err)
			}
			if res, err := s.Check(ctx, admin, tc.puzzle, tc.board, ""); err != nil || res.Optimal == 0 && tc.puzzle != "mayan" {
				t.Errorf("instructor Check(%q) = %+v, %v; want the optimum", tc.board, res, err)
			}
		})
	}
	for _, board := range []string{"2\n0 0\n0 1\n", "2\n3 3\n3 0\n", "3\n0 1 2\n1 1 2\n2 2 2\n", "4\n0 1 2 3\n1 1 2 3\n2 2 2 3\n3 3 3 3\n"} {
		if _, err := s.Check(ctx, student, "floodit", board, "1"); err != nil {
			t.Errorf("student Check(%q) = %v; a sample or an unrelated board is the student's to check", board, err)
		}
	}
}

// mirrorRotation mirrors a rotation board left to right (columns of the
// cross swap, rows reverse) and swaps symbols 1 and 3.
func mirrorRotation(board string) string {
	f := strings.Fields(board)
	// Squares (0-based) left-right mirrored: the columns 2 and 4 of the
	// 7x7 grid swap, and each row of seven reverses.
	perm := []int{1, 0, 3, 2, 10, 9, 8, 7, 6, 5, 4, 12, 11, 19, 18, 17, 16, 15, 14, 13, 21, 20, 23, 22}
	swap := map[string]string{"1": "3", "2": "2", "3": "1"}
	out := make([]string, len(perm))
	for i, p := range perm {
		out[i] = swap[f[p]]
	}
	return strings.Join(out, " ") + "\n"
}

// hardFloodit is a 30x30 board of 16 colours: no solver finishes it within
// a test's solve budget.
func hardFloodit(seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	return testutil.FlooditBoard(30, func(int, int) int { return rng.IntN(16) })
}

// TestCheckSizeLimits checks that a student's board beyond check_max_size or
// check_max_colors is refused naming the key, and an instructor's is not.
func TestCheckSizeLimits(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "l.db"), service.Config{CheckLimits: judge.Limits{MaxSize: 8, MaxColors: 6, MaxMoves: 5}, SolveTimeout: 200 * time.Millisecond})
	u := mustUser(t, s, "bob")
	for _, tc := range []struct{ puzzle, board, key string }{
		{"floodit", hardFloodit(1), "check_max_size"},
		{"floodit", "3\n0 1 2\n1 7 2\n2 2 1\n", "check_max_colors"},
		{"mayan", "7\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "check_max_moves"},
	} {
		_, err := s.Check(ctx, u, tc.puzzle, tc.board, "")
		if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.key) {
			t.Errorf("Check = %v, want invalid naming %s", err, tc.key)
		}
	}
}

// TestCheckStarvation performs the attack of issue 11.4: one student sends
// four hard boards at once, each able to hold a solver for the whole solve
// budget. Only one of them runs; the others are refused with a RetryError
// within CheckWait; another student's small board is checked at once; and
// when students hold every slot open to them, an instructor's case is
// still solved.
func TestCheckStarvation(t *testing.T) {
	ctx := context.Background()
	const wait = 300 * time.Millisecond
	s := newService(t, openDB(t, "s.db"), service.Config{Solvers: 3, CheckWait: wait, SolveTimeout: 4 * time.Second})
	mallory, alice, carol := mustUser(t, s, "mallory"), mustUser(t, s, "alice"), mustUser(t, s, "carol")

	var wg sync.WaitGroup
	errs := make([]error, 4)
	took := make([]time.Duration, 4)
	for i := range 4 {
		wg.Go(func() {
			start := time.Now()
			_, errs[i] = s.Check(ctx, mallory, "floodit", hardFloodit(uint64(i)), "")
			took[i] = time.Since(start)
		})
	}
	// Mallory's first solve holds a slot (100 ms of sleep here was once not
	// enough at load 20).
	waitFor(t, "mallory's solve", func() bool { return service.StudentSolves(s) == 1 })
	start := time.Now()
	res, err := s.Check(ctx, alice, "floodit", "4\n0 1 2 3\n1 1 2 3\n2 2 1 3\n3 3 3 0\n", "")
	if err != nil || res.Optimal == 0 {
		t.Fatalf("alice's small Check = %+v, %v", res, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("alice's 4x4 check took %s behind mallory's boards", d)
	}

	// carol takes the second student slot; a third student is told to come
	// back, while an instructor's new case is solved on the kept slot.
	carolDone := make(chan error, 1)
	go func() { _, err := s.Check(ctx, carol, "floodit", hardFloodit(9), ""); carolDone <- err }()
	waitFor(t, "carol's solve", func() bool { return service.StudentSolves(s) == 2 })
	_, err = s.Check(ctx, alice, "floodit", "4\n0 1 2 3\n1 1 2 3\n2 2 1 0\n3 3 3 0\n", "")
	var retry *judge.RetryError
	if judge.ErrorCode(err) != judge.EBUSY || !errors.As(err, &retry) || retry.After <= 0 {
		t.Errorf("a student's check with every student slot busy = %v, want busy with a retry time", err)
	}
	syncProblem(t, s, "flood", "floodit", "", judge.CaseSpec{Name: "one", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"})
	solved := time.Now()
	waitReady(t, s, "flood")
	if d := time.Since(solved); d > 2*time.Second {
		t.Errorf("the instructor's case waited %s for a solver", d)
	}

	wg.Wait()
	<-carolDone
	refused := 0
	for i, err := range errs {
		if err == nil {
			continue
		}
		if judge.ErrorCode(err) != judge.ERATELIMITED || !errors.As(err, &retry) {
			t.Errorf("mallory's check %d = %v, want rate_limited with a retry time", i, err)
			continue
		}
		if took[i] > wait+time.Second {
			t.Errorf("mallory's refused check %d took %s, want about %s", i, took[i], wait)
		}
		refused++
	}
	if refused != 3 {
		t.Errorf("%d of mallory's 4 concurrent checks were refused, want 3 (one solve per user)", refused)
	}
}
