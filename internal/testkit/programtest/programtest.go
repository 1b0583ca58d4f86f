// Package programtest judges programs on a shipped problem's boards in the
// real sandbox, as the judge runs a student's program: each board alone on
// standard input under the problem's limits, the output judged by the
// problem's checker. The tests of the catalogue's own programs and of the
// seeds' programs share it.
package programtest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/sandbox"
	"puzzlejudge/problems"
)

// Bench judges programs on one problem's boards.
type Bench struct {
	runner sandbox.Runner
	p      problems.Problem
	pz     judge.Puzzle
	cases  []string
	refs   []judge.Solution
	// scale multiplies the problem's CPU limit (ScaleTime); 1 by default.
	scale float64
}

func NewBench(t *testing.T, r sandbox.Runner, p problems.Problem) *Bench {
	pz, err := puzzles.Lookup(p.Problem.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	b := &Bench{runner: r, p: p, pz: pz, scale: 1}
	for _, c := range p.Cases {
		ref, err := pz.Solve(context.Background(), c.Input, nil)
		if err != nil {
			t.Fatalf("case %s: %v", c.Name, err)
		}
		b.cases = append(b.cases, c.Input)
		b.refs = append(b.refs, ref)
	}
	return b
}

// ScaleTime multiplies the problem's CPU limit by f (Slowdown's figure) in
// the runs that want every board within the limits (Judge with accepted,
// JudgeEach): a program the limits accept on the machine they were set on is
// then accepted on a slower one too. The runs that look for a board out of
// the limits (Judge with time_limit, FirstFailure) keep the problem's own
// limit, which a slower machine only makes surer to turn the program away;
// scaling it as well would let the calibration's own noise (2.2x and 2.4x
// minutes apart on one machine) carry a slow program under it. The judge
// itself keeps the limits as the problem says; an operator on a slower
// machine raises the languages' time_factor (docs/CONFIGURATION.md).
func (b *Bench) ScaleTime(f float64) *Bench {
	b.scale = f
	return b
}

// limits are the run limits of the problem's boards. The CPU limit is the
// problem's, times ScaleTime's factor when scaled; the wall-clock limit is
// far above the judge's 2 x CPU + 1 s (judge/sandbox tests that one),
// because this test's programs share the machine with every other
// package's tests: a program that waited for a core would otherwise be cut
// by the clock while its CPU time is the problem's to judge.
func (b *Bench) limits(scaled bool) sandbox.Limits {
	l := b.p.Problem.Limits
	cpu := time.Duration(l.TimeLimit * float64(time.Second))
	if scaled {
		cpu = time.Duration(b.scale * float64(cpu))
	}
	return sandbox.Limits{
		CPU:    cpu,
		Wall:   10*cpu + 10*time.Second,
		Memory: int64(l.MemoryMiB) * sandbox.MiB,
		Output: int64(l.OutputMiB) * sandbox.MiB,
	}
}

// compile compiles the program at path in the language its extension names.
func (b *Bench) compile(t *testing.T, path string) (*sandbox.Artifact, string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := sandbox.ByExtension(b.runner.Languages(), path)
	if !ok {
		t.Fatalf("%s: no language has its extension", path)
	}
	lang := l.ID
	c, err := b.runner.Compile(context.Background(), lang, src, sandbox.CompileLimits{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if !c.OK() {
		t.Fatalf("compile error:\n%s", c.Output)
	}
	return c.Artifact, lang
}

// runs runs the program at path on the boards in order until each returns
// false, logs a line per board and returns the CPU time of the slowest board
// and the program's language. A hunt looks for a board out of the limits:
// it starts from the last board, where the shipped problems keep their
// hardest, and runs under the problem's own CPU limit (ScaleTime).
func (b *Bench) runs(t *testing.T, path string, hunt bool, each func(name string, v judge.Verdict, msg string) bool) (time.Duration, string) {
	t.Helper()
	a, lang := b.compile(t, path)
	var worst time.Duration
	var report []string
	defer func() { t.Logf("%s\n%s", filepath.Base(path), strings.Join(report, "\n")) }()
	order := make([]int, len(b.cases))
	for k := range order {
		order[k] = k
		if hunt {
			order[k] = len(order) - 1 - k
		}
	}
	for _, i := range order {
		v, msg, res := b.board(context.Background(), t, a, i, b.limits(!hunt))
		worst = max(worst, res.CPU)
		name := b.p.Cases[i].Name
		report = append(report, fmt.Sprintf("  %-32s %-12s %6.0f ms %7d KiB %s", name, v, float64(res.CPU)/float64(time.Millisecond), res.MemoryKiB, msg))
		if !each(name, v, msg) {
			break
		}
	}
	return worst, lang
}

// Judge runs the program at path as the folder it is in says: with want
// accepted every board must be accepted; with time_limit the program must be
// right on every board until one runs out of time (the runs stop there, and
// start from the last board, where the shipped problems keep their hardest).
func (b *Bench) Judge(t *testing.T, path string, want judge.Verdict) (time.Duration, string) {
	timedOut := false
	worst, lang := b.runs(t, path, want == judge.TimeLimit, func(name string, v judge.Verdict, msg string) bool {
		switch {
		case v == want && want == judge.TimeLimit:
			timedOut = true
			return false
		case v != judge.Accepted:
			t.Errorf("board %s: %s, %s; want %s", name, v, msg, want)
		}
		return true
	})
	if want == judge.TimeLimit && !timedOut {
		t.Errorf("no board ran out of time (slowest %v): the limit no longer turns this program away", worst)
	}
	return worst, lang
}

// JudgeEach runs the program on every board and wants the verdict wantOf
// gives each board's name.
func (b *Bench) JudgeEach(t *testing.T, path string, wantOf func(name string) judge.Verdict) {
	b.runs(t, path, false, func(name string, v judge.Verdict, msg string) bool {
		if want := wantOf(name); v != want {
			t.Errorf("board %s: %s, %s; want %s", name, v, msg, want)
		}
		return true
	})
}

// FirstFailure runs the program, from the last board, until a board is not
// accepted and returns that board's verdict (accepted when every board is).
func (b *Bench) FirstFailure(t *testing.T, path string) judge.Verdict {
	got := judge.Accepted
	b.runs(t, path, true, func(name string, v judge.Verdict, msg string) bool {
		got = v
		return v == judge.Accepted
	})
	return got
}

// board runs the program on board i and judges its output with the
// problem's checker, as an answer's case is judged.
func (b *Bench) board(ctx context.Context, t *testing.T, a *sandbox.Artifact, i int, lim sandbox.Limits) (judge.Verdict, string, sandbox.RunResult) {
	in := b.pz.JudgeInput([]string{b.cases[i]})
	res, err := b.runner.Run(ctx, a, []byte(in), lim)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if res.Status != sandbox.StatusOK {
		return judge.Verdict(res.Status), res.Message, res
	}
	answers, surplus := b.pz.SplitAnswers([]string{b.cases[i]}, string(res.Stdout))
	if len(answers) == 0 {
		return judge.WrongAnswer, "no answer printed", res
	}
	if len(surplus) > 0 {
		return judge.WrongAnswer, fmt.Sprintf("line %d: more output after the answer", surplus[0].No), res
	}
	r := b.pz.CheckAnswer(b.cases[i], b.refs[i], answers[0], b.p.Problem.Checker)
	return r.Verdict, r.Message, res
}
