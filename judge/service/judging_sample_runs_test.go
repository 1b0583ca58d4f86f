package service_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestSampleRunsShowOutput runs a real C++ program that prints 5 and tells
// its stderr the board's size: on the sample board its author and an
// instructor read its output, its stderr and the reference answer; on the
// hidden board nobody reads any of the three, the instructor included.
func TestSampleRunsShowOutput(t *testing.T) {
	s, alice := programService(t)
	ctx := context.Background()
	id := submit(t, s, alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "cpp", Payload: source(t, "talk.cpp")}).ID
	staffView := waitDone(t, s, id)
	mine, err := s.Submission(ctx, alice, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		who string
		sub judge.Submission
	}{{"author", mine}, {"instructor", staffView}} {
		if len(v.sub.Results) != len(flooditCases) {
			t.Fatalf("%s reads %d results, want %d", v.who, len(v.sub.Results), len(flooditCases))
		}
		for i, r := range v.sub.Results {
			spec := flooditCases[i]
			if !spec.Sample {
				if r.Run != nil {
					t.Errorf("%s reads the hidden board %d's run: %+v; want none", v.who, r.Position, *r.Run)
				}
				continue
			}
			if r.Run == nil {
				t.Fatalf("%s reads no run on sample board %d", v.who, r.Position)
			}
			if r.Run.Output != "5\n" || r.Run.Stderr != "size 2\n" || r.Run.Expected != "0\n" {
				t.Errorf("%s reads sample board %d as output %q, stderr %q, expected %q; want \"5\\n\", \"size 2\\n\", \"0\\n\"", v.who, r.Position, r.Run.Output, r.Run.Stderr, r.Run.Expected)
			}
		}
	}
}

// TestSampleRunsCut checks judge.CutText, which keeps 4 KiB of a run's
// texts: at a character's boundary, valid UTF-8, no NUL.
func TestSampleRunsCut(t *testing.T) {
	long := strings.Repeat("é", judge.MaxRunShown) // 2 bytes each
	if got := judge.CutText(long, judge.MaxRunShown); len(got) != judge.MaxRunShown || !strings.HasSuffix(got, "é") {
		t.Errorf("CutText of %d bytes = %d bytes ending %q; want %d bytes of whole characters", len(long), len(got), got[len(got)-2:], judge.MaxRunShown)
	}
	if got := judge.CutText("a\x00b\xff", 10); got != "ab\uFFFD" {
		t.Errorf("CutText = %q, want %q", got, "ab\uFFFD")
	}
}
