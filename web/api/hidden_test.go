package api

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestHiddenOptimumNotLeaked submits, as a student, answers and moves on the
// hidden cases of the test catalogue and reads the results back through
// GET /submissions/{id} and GET /submissions. The optimum of a hidden case,
// in the optimal field or in a message, appears only when the student's
// answer solved the puzzle (accepted, or a Rotation answer that reaches a
// solved centre); moves that solve it read solved, without the optimum,
// since the problem takes answers and is in no assignment (issue 24, item
// 2); instructors see what the judge stored.
func TestHiddenOptimumNotLeaked(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	tok := e.student("sam")
	flood, rot := apiProblems[0], apiProblems[1]
	fHidden, rHidden := flood.cases[2], rot.cases[1]
	fRef, rRef := solveRef(t, "floodit", fHidden.Input), solveRef(t, "rotation", rHidden.Input)
	if fRef.optimal < 2 || rRef.optimal < 2 {
		t.Fatalf("the hidden cases are too easy to tell leaks: %+v %+v", fRef, rRef)
	}
	fIDs, rIDs := e.caseIDs("flood"), e.caseIDs("rot")
	fMoves := strings.Fields(fRef.moves)
	fSamples := solveRef(t, "floodit", flood.cases[0].Input).answer + solveRef(t, "floodit", flood.cases[1].Input).answer
	rSample := solveRef(t, "rotation", rot.cases[0].Input).answer
	rCentre := strings.Fields(rRef.answer)[len(strings.Fields(rRef.answer))-1]
	// The first move of the reference played twice is legal but wastes it.
	rLonger := rRef.moves[:1] + inverse(rRef.moves[:1]) + rRef.moves

	for _, tc := range []struct {
		name   string
		slug   string
		body   submitRequest
		want   judge.Verdict
		solved bool // the student's text solved the hidden case
	}{
		{"flood answer right", "flood", submitRequest{Kind: judge.KindAnswer, Output: fSamples + fRef.answer}, judge.Accepted, true},
		{"flood answer one more", "flood", submitRequest{Kind: judge.KindAnswer, Output: fSamples + strconv.Itoa(fRef.optimal+1)}, judge.WrongAnswer, false},
		{"flood answer one less", "flood", submitRequest{Kind: judge.KindAnswer, Output: fSamples + strconv.Itoa(fRef.optimal-1)}, judge.WrongAnswer, false},
		{"flood answer garbage", "flood", submitRequest{Kind: judge.KindAnswer, Output: fSamples + "x"}, judge.Invalid, false},
		{"flood answer missing", "flood", submitRequest{Kind: judge.KindAnswer, Output: fSamples}, judge.WrongAnswer, false},
		{"flood moves optimal", "flood", submitRequest{Kind: judge.KindMoves, Case: fIDs[2], Moves: fRef.moves}, judge.Solved, false},
		{"flood moves unfinished", "flood", submitRequest{Kind: judge.KindMoves, Case: fIDs[2], Moves: strings.Join(fMoves[:len(fMoves)-1], " ")}, judge.NotSolved, false},
		{"flood moves bad colour", "flood", submitRequest{Kind: judge.KindMoves, Case: fIDs[2], Moves: "x"}, judge.Invalid, false},
		{"rotation answer right", "rot", submitRequest{Kind: judge.KindAnswer, Output: rSample + rRef.answer}, judge.Accepted, true},
		{"rotation answer longer", "rot", submitRequest{Kind: judge.KindAnswer, Output: rSample + rLonger + "\n" + rCentre + "\n"}, judge.WrongAnswer, true},
		{"rotation answer unsolved", "rot", submitRequest{Kind: judge.KindAnswer, Output: rSample + rRef.moves[:len(rRef.moves)-1] + "\n" + rCentre + "\n"}, judge.WrongAnswer, false},
		{"rotation answer no moves", "rot", submitRequest{Kind: judge.KindAnswer, Output: rSample + "No moves needed\n" + rCentre + "\n"}, judge.WrongAnswer, false},
		{"rotation answer bad letter", "rot", submitRequest{Kind: judge.KindAnswer, Output: rSample + "Z\n1\n"}, judge.Invalid, false},
		{"rotation moves longer", "rot", submitRequest{Kind: judge.KindMoves, Case: rIDs[1], Moves: rLonger}, judge.Solved, false},
		{"rotation moves unfinished", "rot", submitRequest{Kind: judge.KindMoves, Case: rIDs[1], Moves: rRef.moves[:len(rRef.moves)-1]}, judge.NotSolved, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := e.with(t)
			optimum := fRef.optimal
			hidden := fIDs[2]
			if tc.slug == "rot" {
				optimum, hidden = rRef.optimal, rIDs[1]
			}
			id := e.submit(tok, tc.slug, tc.body)
			sub := e.result(tok, id)
			row, ok := resultOf(sub, hidden)
			if !ok {
				t.Fatalf("no row for the hidden case in %+v", sub.Cases)
			}
			if row.Verdict != tc.want {
				t.Fatalf("hidden case verdict %s (%s), want %s", row.Verdict, row.Message, tc.want)
			}
			if tc.solved && row.Optimal != optimum {
				t.Errorf("solved: optimal = %d, want %d", row.Optimal, optimum)
			}
			if !tc.solved {
				if row.Optimal != 0 {
					t.Errorf("not solved, yet optimal = %d shown (message %q)", row.Optimal, row.Message)
				}
				// Solved says the moves the student sent: here as many as the optimum.
				if mentions(row.Message, optimum) && !(row.Verdict == judge.Solved && row.Used == optimum) {
					t.Errorf("not solved, yet the message %q mentions the optimum %d", row.Message, optimum)
				}
			}
			// The list never carries case rows.
			var list []submissionJSON
			e.do("GET", "/api/v1/submissions", tok, nil).want(t, 200, "").json(t, &list)
			for _, s := range list {
				if len(s.Cases) != 0 {
					t.Errorf("the list shows case rows: %+v", s)
				}
			}
		})
	}
}

func resultOf(sub submissionJSON, caseID int64) (resultJSON, bool) {
	for _, r := range sub.Cases {
		if r.Case == caseID {
			return r, true
		}
	}
	return resultJSON{}, false
}

// positions are the numbers of a message that say where, not how many.
var positions = regexp.MustCompile(`(line|lines|column|move) \d+(-\d+)?`)

// mentions reports whether the message holds n as a whole number, apart
// from line, column and move numbers.
func mentions(msg string, n int) bool {
	msg = positions.ReplaceAllString(msg, "")
	return regexp.MustCompile(`(^|\D)` + strconv.Itoa(n) + `(\D|$)`).MatchString(msg)
}

// inverse turns a Rotation move into the one that undoes it.
func inverse(m string) string {
	return map[string]string{"A": "F", "F": "A", "B": "E", "E": "B", "C": "H", "H": "C", "D": "G", "G": "D"}[m]
}

// TestCaseProgressHidden checks that the progress of a running solve, whose
// depth bound is a lower bound of the optimum, is shown only to those who
// may read the expected answer.
func TestCaseProgressHidden(t *testing.T) {
	cs := judge.Case{ID: 3, Name: "hidden", Status: judge.CaseSolving, Progress: "depth 12, 1.2M nodes"}
	student := judge.User{ID: 7, Username: "sam", Role: judge.RoleStudent}
	instructor := judge.User{ID: 1, Username: "admin", Role: judge.RoleInstructor}
	if got := toCaseJSON(judge.RedactCase(student, cs)); got.Progress != "" {
		t.Errorf("a student sees the progress %q of a hidden case", got.Progress)
	}
	if got := toCaseJSON(judge.RedactCase(instructor, cs)); got.Progress != cs.Progress {
		t.Errorf("an instructor sees the progress %q, want %q", got.Progress, cs.Progress)
	}
}
