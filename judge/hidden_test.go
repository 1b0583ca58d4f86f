package judge

import "testing"

// TestResultForHidesRuns: a program's result on a hidden board reads, to a
// student, its verdict, score and figures with the catalogue's message of
// its verdict; its own message (quoting the output, an exit status), its
// moves used and its optimum are gone. Samples, instructors, other kinds
// and the results that are not a board's (a compile) keep everything.
func TestResultForHidesRuns(t *testing.T) {
	student, teacher := User{ID: 1, Role: RoleStudent}, User{ID: 2, Role: RoleInstructor}
	extra := CaseResult{CaseID: 5, Position: 2, Verdict: Invalid, Used: 7, Optimal: 3, CPUMs: 12, WallMs: 30, MemoryKiB: 900}.
		With(M("floodit_answer_extra", "Found", `"縊丨倃傌"`))
	exit := CaseResult{CaseID: 5, Position: 2, Verdict: RuntimeError, CPUMs: 1}.With(M("run_exit_status", "Status", 3))
	noRef := CaseResult{CaseID: 5, Position: 2, Verdict: JudgeError}.With(M("no_reference"))
	compile := CaseResult{Position: 1, Verdict: CompileError}.With(M("compile_failed_first", "First", "main.cpp:1: error"))
	for _, tc := range []struct {
		name   string
		v      User
		k      Kind
		sample bool
		r      CaseResult
		want   string // the message read
		hidden bool   // used and optimal gone
	}{
		{"student, hidden, output quoted", student, KindProgram, false, extra, M("hidden_invalid").Text(), true},
		{"student, hidden, exit status", student, KindProgram, false, exit, M("hidden_runtime_error").Text(), true},
		{"student, hidden, the judge's own", student, KindProgram, false, noRef, noRef.Message, true},
		{"student, compile", student, KindProgram, false, compile, compile.Message, false},
		{"student, sample", student, KindProgram, true, extra, extra.Message, false},
		{"student, answers", student, KindAnswer, false, extra, extra.Message, false},
		{"instructor, hidden", teacher, KindProgram, false, extra, extra.Message, false},
	} {
		got := ResultFor(tc.v, tc.k, tc.sample, tc.r)
		if got.Message != tc.want || got.Verdict != tc.r.Verdict || got.CPUMs != tc.r.CPUMs || got.WallMs != tc.r.WallMs || got.MemoryKiB != tc.r.MemoryKiB {
			t.Errorf("%s: ResultFor = %s %q (%d/%d ms, %d KiB); want %s %q with the same figures", tc.name, got.Verdict, got.Message, got.CPUMs, got.WallMs, got.MemoryKiB, tc.r.Verdict, tc.want)
		}
		if m, ok := ParseMsg(got.MessageID, got.MessageArgs); !ok || m.Text() != got.Message {
			t.Errorf("%s: id %q args %q do not say %q", tc.name, got.MessageID, got.MessageArgs, got.Message)
		}
		if hid := got.Used == 0 && got.Optimal == 0; tc.hidden && !hid || !tc.hidden && (got.Used != tc.r.Used || got.Optimal != tc.r.Optimal) {
			t.Errorf("%s: used %d, optimal %d; want them gone: %t", tc.name, got.Used, got.Optimal, tc.hidden)
		}
	}
}
