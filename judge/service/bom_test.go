package service_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// bom is the UTF-8 byte order mark that Windows Notepad writes at the
// start of a file.
const bom = "\ufeff"

// One byte order mark at the very start of a board, a move text or an
// output is dropped before anything reads it, on every path where such a
// text enters; line and column numbers then count from what the user sees.
// A second mark, or one anywhere else, is still refused.
func TestByteOrderMark(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "bom.db"), service.Config{})
	u, cases := floodReady(t, s)

	for _, tc := range []struct {
		kind    judge.Kind
		caseID  int64
		payload string
		verdict judge.Verdict
	}{
		{judge.KindAnswer, 0, bom + "0\r\n3\r\n", judge.Accepted},
		{judge.KindMoves, cases[1].ID, bom + "1 2 1\r\n", judge.Accepted},
		{judge.KindMoves, cases[1].ID, "1 " + bom + "2 1", judge.Invalid},
	} {
		got := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: tc.kind, CaseID: tc.caseID, Payload: tc.payload}).ID)
		if got.Verdict != tc.verdict {
			t.Errorf("%s %q = %s %+v, want %s", tc.kind, tc.payload, got.Verdict, got.Results, tc.verdict)
		}
		if want := strings.TrimPrefix(tc.payload, bom); got.Payload != want {
			t.Errorf("%s %q stored as %q, want %q", tc.kind, tc.payload, got.Payload, want)
		}
	}

	in, err := s.Input(ctx, u, "flood") // the names of the student's input.zip
	if err != nil {
		t.Fatal(err)
	}
	bases := judge.CaseBases(in.Cases)
	outputs := map[string]string{bases[0]: bom + "0\n", bases[1]: bom + "3\n"}
	sub, err := s.SubmitOutputs(ctx, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer}, outputs)
	if err != nil {
		t.Fatal(err)
	}
	if got := waitDone(t, s, sub.ID); got.Verdict != judge.Accepted {
		t.Errorf("per-case outputs with a BOM = %s %+v, want accepted", got.Verdict, got.Results)
	}

	for _, tc := range []struct{ puzzle, board, moves string }{
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 2\n0\n", "1 2"},
		{"rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n", "AAFC"},
		{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "3 1 -1\n3 1 1\n3 0 1"},
	} {
		plain, err := s.Check(ctx, u, tc.puzzle, tc.board, tc.moves)
		if err != nil {
			t.Fatalf("Check(%s) = %v", tc.puzzle, err)
		}
		marked, err := s.Check(ctx, u, tc.puzzle, bom+tc.board, bom+tc.moves)
		if err != nil || marked.Verdict != plain.Verdict || marked.Used != plain.Used {
			t.Errorf("Check(%s) with BOMs = %+v, %v; want %+v", tc.puzzle, marked, err, plain)
		}
		r, err := s.ReplayMoves(ctx, tc.puzzle, bom+tc.board, bom+tc.moves)
		if err != nil || !r.Solved {
			t.Errorf("ReplayMoves(%s) with BOMs = %+v, %v; want solved", tc.puzzle, r, err)
		}
	}

	for _, tc := range []struct{ board, msg string }{
		{bom + "2\n0 x\n0 0\n", "line 2, column 3"},
		{bom + "x\n", "line 1, column 1"},
		{bom + bom + "2\n0 0\n0 0\n", "line 1, column 1"},
		{"2\n" + bom + "0 0\n0 0\n", "line 2, column 1"},
	} {
		_, err := s.Check(ctx, u, "floodit", tc.board, "0")
		if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.msg) {
			t.Errorf("Check(floodit, %q) = %v, want invalid at %q", tc.board, err, tc.msg)
		}
	}
}
