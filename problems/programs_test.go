//go:build linux

package problems_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/sandbox"
	"puzzlejudge/problems"
)

// TestMain serves the sandbox's containers: each one runs this test binary
// again as its init process.
func TestMain(m *testing.M) {
	sandbox.Init()
	os.Exit(m.Run())
}

// The folders of a problem's submissions/ that this test knows, with the
// verdict every program in them must get (Kattis's layout).
var expected = map[string]judge.Verdict{
	"accepted":            judge.Accepted,
	"time_limit_exceeded": judge.TimeLimit,
}

// TestShippedPrograms compiles every program in a shipped problem's
// submissions/ folders and runs it on every board of the problem in the
// sandbox, under the problem's limits, as a student's program is judged. An
// accepted program must be accepted on every board; a time_limit_exceeded one
// must run out of time on some board (it stops at the first). The problem's
// time limit must also leave the room its ac_to_time_limit promises over the
// slowest board of its slowest accepted C++ program: the test fails when a
// limit no longer separates the programs.
func TestShippedPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every shipped program on every board (minutes)")
	}
	runner := programRunner(t)
	ps, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		dir := filepath.Join(p.Problem.Slug, "submissions")
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		t.Run(p.Problem.Slug, func(t *testing.T) {
			b := newBench(t, runner, p)
			var mu sync.Mutex
			var slowest time.Duration
			var slowestName string
			// The group returns when all its programs, run in parallel within
			// the sandbox's slots, are judged.
			t.Run("programs", func(t *testing.T) {
				for _, folder := range []string{"accepted", "time_limit_exceeded"} {
					names, _ := filepath.Glob(filepath.Join(dir, folder, "*"))
					for _, path := range names {
						name := folder + "/" + filepath.Base(path)
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							worst, lang := b.judge(t, path, expected[folder])
							mu.Lock()
							defer mu.Unlock()
							if folder == "accepted" && (lang == "cpp" || lang == "c") && worst > slowest {
								slowest, slowestName = worst, name
							}
						})
					}
				}
			})
			limit := time.Duration(p.Problem.Limits.TimeLimit * float64(time.Second))
			ac := p.Problem.Limits.ACToTimeLimit
			t.Logf("time limit %v; slowest accepted C/C++ board %v (%s); x%.1f = %v", limit, slowest, slowestName, ac, time.Duration(ac*float64(slowest)))
			if time.Duration(ac*float64(slowest)) > limit {
				t.Errorf("time_limit %v < ac_to_time_limit %.1f x %v (%s): the limit no longer leaves the room it promises", limit, ac, slowest, slowestName)
			}
		})
	}
}

// bench judges programs on one problem's boards.
type bench struct {
	runner sandbox.Runner
	p      problems.Problem
	pz     judge.Puzzle
	cases  []string
	refs   []judge.Solution
}

func newBench(t *testing.T, r sandbox.Runner, p problems.Problem) *bench {
	pz, err := puzzles.Lookup(p.Problem.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	b := &bench{runner: r, p: p, pz: pz}
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

// limits are the run limits of the problem's boards. The CPU limit is the
// problem's; the wall-clock limit is far above the judge's 2 x CPU + 1 s
// (judge/sandbox tests that one), because this test's programs share the
// machine with every other package's tests: a program that waited for a
// core would otherwise be cut by the clock while its CPU time is the
// problem's to judge.
func (b *bench) limits() sandbox.Limits {
	l := b.p.Problem.Limits
	cpu := time.Duration(l.TimeLimit * float64(time.Second))
	return sandbox.Limits{
		CPU:    cpu,
		Wall:   10*cpu + 10*time.Second,
		Memory: int64(l.MemoryMiB) * sandbox.MiB,
		Output: int64(l.OutputMiB) * sandbox.MiB,
	}
}

// compile compiles the program at path in the language its extension names.
func (b *bench) compile(t *testing.T, path string) (*sandbox.Artifact, string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lang := languageOf(b.runner, path)
	if lang == "" {
		t.Fatalf("%s: no language has its extension", path)
	}
	c, err := b.runner.Compile(context.Background(), lang, src, sandbox.CompileLimits{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if !c.OK() {
		t.Fatalf("compile error:\n%s", c.Output)
	}
	return c.Artifact, lang
}

// runs runs the program at path on the boards in order (from the last when
// backwards) until each returns false, logs a line per board and returns the
// CPU time of the slowest board and the program's language.
func (b *bench) runs(t *testing.T, path string, backwards bool, each func(name string, v judge.Verdict, msg string) bool) (time.Duration, string) {
	t.Helper()
	a, lang := b.compile(t, path)
	var worst time.Duration
	var report []string
	defer func() { t.Logf("%s\n%s", filepath.Base(path), strings.Join(report, "\n")) }()
	order := make([]int, len(b.cases))
	for k := range order {
		order[k] = k
		if backwards {
			order[k] = len(order) - 1 - k
		}
	}
	for _, i := range order {
		v, msg, res := b.board(context.Background(), t, a, i)
		worst = max(worst, res.CPU)
		name := b.p.Cases[i].Name
		report = append(report, fmt.Sprintf("  %-32s %-12s %6.0f ms %7d KiB %s", name, v, float64(res.CPU)/float64(time.Millisecond), res.MemoryKiB, msg))
		if !each(name, v, msg) {
			break
		}
	}
	return worst, lang
}

// judge runs the program at path as the folder it is in says: with want
// accepted every board must be accepted; with time_limit the program must be
// right on every board until one runs out of time (the runs stop there, and
// start from the last board, where the shipped problems keep their hardest).
func (b *bench) judge(t *testing.T, path string, want judge.Verdict) (time.Duration, string) {
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

// judgeEach runs the program on every board and wants the verdict wantOf
// gives each board's name.
func (b *bench) judgeEach(t *testing.T, path string, wantOf func(name string) judge.Verdict) {
	b.runs(t, path, false, func(name string, v judge.Verdict, msg string) bool {
		if want := wantOf(name); v != want {
			t.Errorf("board %s: %s, %s; want %s", name, v, msg, want)
		}
		return true
	})
}

// firstFailure runs the program, from the last board, until a board is not
// accepted and returns that board's verdict (accepted when every board is).
func (b *bench) firstFailure(t *testing.T, path string) judge.Verdict {
	got := judge.Accepted
	b.runs(t, path, true, func(name string, v judge.Verdict, msg string) bool {
		got = v
		return v == judge.Accepted
	})
	return got
}

// board runs the program on board i and judges its output with the
// problem's checker, as an answer's case is judged.
func (b *bench) board(ctx context.Context, t *testing.T, a *sandbox.Artifact, i int) (judge.Verdict, string, sandbox.RunResult) {
	in := b.pz.JudgeInput([]string{b.cases[i]})
	res, err := b.runner.Run(ctx, a, []byte(in), b.limits())
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

func languageOf(r sandbox.Runner, path string) string {
	ext := filepath.Ext(path)
	for _, l := range r.Languages() {
		if slices.Contains(l.Extensions, ext) {
			return l.ID
		}
	}
	return ""
}

var shared struct {
	once   sync.Once
	runner sandbox.Runner
	err    error
}

// programRunner returns the embedded sandbox the tests share. Where the host
// cannot run it the test is skipped with the reason, unless the sandbox is
// required (CI): then it fails.
func programRunner(t *testing.T) sandbox.Runner {
	t.Helper()
	if raceEnabled {
		t.Skip("the race runtime cannot serve as the sandbox's container init (judge/sandbox's tests cover the race case)")
	}
	shared.once.Do(func() {
		shared.runner, shared.err = sandbox.NewEmbedded(context.Background(), sandbox.EmbeddedConfig{Config: sandbox.Config{Parallel: 2}})
	})
	var unavailable *sandbox.UnavailableError
	if errors.As(shared.err, &unavailable) && os.Getenv("PUZZLEJUDGE_REQUIRE_SANDBOX") == "" && os.Getenv("CI") == "" {
		t.Skip(shared.err)
	}
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.runner
}
