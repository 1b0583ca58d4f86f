package service_test

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
)

// packedText reports whether s holds a character of the CJK block pack.py
// writes: text of its output.
func packedText(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// hiddenCatalogue is every message a student may read on a hidden board of
// a program (judge.HideRunDetails), as text.
func hiddenCatalogue() map[string]bool {
	out := map[string]bool{}
	for _, id := range []judge.MessageID{"correct", "hidden_wrong_answer", "hidden_invalid", "hidden_time_limit", "hidden_memory_limit",
		"hidden_output_limit", "hidden_runtime_error", "hidden_judge_error", "hidden_board",
		"no_reference", "reference_failed", "case_removed", "internal_error", "program_sandbox_failed"} {
		out[judge.M(id).Text()] = true
	}
	return out
}

// TestHiddenBoardsTellNoOutput submits the packing program of issue 32 (a
// real Python program that prints "0 " and its input packed into CJK
// characters) and a program that exits with status 3, and reads them as
// their author: on the hidden board the message is the catalogue's, with
// no text of the output, no exit status and no moves used; on the sample
// the full message stays; an instructor reads every message in full.
func TestHiddenBoardsTellNoOutput(t *testing.T) {
	s, alice := programService(t)
	if !hasLanguage(s, "python3") {
		if sandboxtest.Required() {
			t.Fatal("python3 is not offered by the sandbox")
		}
		t.Skip("python3 is not installed")
	}
	ctx := context.Background()
	catalogue := hiddenCatalogue()
	for _, tc := range []struct {
		file    string
		verdict judge.Verdict
		full    func(msg string) bool // what the full message says
	}{
		{"pack.py", judge.Invalid, packedText},
		{"exit3.py", judge.RuntimeError, func(msg string) bool { return strings.Contains(msg, "exit status 3") }},
	} {
		t.Run(tc.file, func(t *testing.T) {
			id := submit(t, s, alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "python3", Payload: source(t, tc.file)}).ID
			full := waitDone(t, s, id) // as an instructor
			mine, err := s.Submission(ctx, alice, id)
			if err != nil {
				t.Fatal(err)
			}
			if mine.Verdict != tc.verdict || len(mine.Results) != len(flooditCases) {
				t.Fatalf("%s = %s with %d boards (%+v), want %s on %d", tc.file, mine.Verdict, len(mine.Results), mine.Results, tc.verdict, len(flooditCases))
			}
			for i, r := range mine.Results {
				sample := flooditCases[i].Sample
				if f := full.Results[i]; !tc.full(f.Message) {
					t.Errorf("board %d as an instructor reads %q; want the full message", r.Position, f.Message)
				}
				if r.CPUMs != full.Results[i].CPUMs || r.WallMs != full.Results[i].WallMs || r.MemoryKiB != full.Results[i].MemoryKiB || r.Verdict != full.Results[i].Verdict {
					t.Errorf("board %d: the student reads %s %d/%d ms %d KiB, the instructor %s %d/%d ms %d KiB; want the same verdict and figures", r.Position,
						r.Verdict, r.CPUMs, r.WallMs, r.MemoryKiB, full.Results[i].Verdict, full.Results[i].CPUMs, full.Results[i].WallMs, full.Results[i].MemoryKiB)
				}
				if sample {
					if !tc.full(r.Message) {
						t.Errorf("sample board %d reads %q to its author; want the full message", r.Position, r.Message)
					}
					continue
				}
				if packedText(r.Message) || packedText(r.MessageArgs) || !catalogue[r.Message] || r.Used != 0 || r.Optimal != 0 {
					t.Errorf("hidden board %d reads %q (id %q, args %q, used %d, optimal %d) to its author; want a message of the catalogue, nothing of the output",
						r.Position, r.Message, r.MessageID, r.MessageArgs, r.Used, r.Optimal)
				}
				if got, ok := judge.ParseMsg(r.MessageID, r.MessageArgs); !ok || got.Text() != r.Message {
					t.Errorf("hidden board %d: id %q args %q say %q, the message %q; want them to agree (the pages render the id)", r.Position, r.MessageID, r.MessageArgs, got.Text(), r.Message)
				}
			}
		})
	}
}
