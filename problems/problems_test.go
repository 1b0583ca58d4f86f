package problems

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// answerOf solves one case with the registered puzzle's reference solver
// and returns the classic expected output.
func answerOf(ctx context.Context, puzzle, input string) (string, error) {
	pz, err := puzzles.Lookup(puzzle)
	if err != nil {
		return "", err
	}
	c, err := pz.ParseCase(input)
	if err != nil {
		return "", err
	}
	s, err := pz.Solve(ctx, c, nil)
	if err != nil {
		return "", err
	}
	return s.Answer, nil
}

func TestShippedCatalogue(t *testing.T) {
	ps, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for _, p := range ps {
		slugs = append(slugs, p.Problem.Slug)
		samples := 0
		for i, c := range p.Cases {
			if c.Sample {
				samples++
			}
			if p.Answers[i] == "" {
				t.Errorf("%s/%s has no .ans", p.Problem.Slug, c.Name)
			}
		}
		// The program-only problems need few hidden boards: each is one
		// that a search without pruning cannot finish in time.
		hidden := 10
		if !p.Problem.TakesAnswers() {
			hidden = 5
		}
		if samples == 0 || len(p.Cases)-samples < hidden {
			t.Errorf("%s: %d samples and %d other cases, want at least 1 and %d", p.Problem.Slug, samples, len(p.Cases)-samples, hidden)
		}
		if p.Problem.Title == "" || !strings.Contains(p.Problem.Statement, "```") {
			t.Errorf("%s: title %q, statement without a fenced sample", p.Problem.Slug, p.Problem.Title)
		}
		// Every shipped problem is written in Chinese too (issue 26), with
		// the same samples.
		if !strings.Contains(p.Problem.StatementZH, "```") || strings.Count(p.Problem.StatementZH, "```") != strings.Count(p.Problem.Statement, "```") {
			t.Errorf("%s: statement.zh.md missing, or its fenced blocks differ from statement.md's", p.Problem.Slug)
		}
	}
	// Every folder holding a problem.yaml is a shipped problem, in order.
	manifests, err := fs.Glob(files, "*/problem.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range manifests {
		want = append(want, path.Dir(m))
	}
	if len(want) < 3 || !reflect.DeepEqual(slugs, want) {
		t.Errorf("shipped problems %v, want the folders %v", slugs, want)
	}
}

// TestShippedKindsAndLimits pins what the course relies on: the three base
// problems take every kind, with time limits wide enough for the seeds'
// textbook programs (measured on branch programs), and the timed ones take
// programs only.
func TestShippedKindsAndLimits(t *testing.T) {
	ps, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	all := []judge.Kind{judge.KindAnswer, judge.KindMoves, judge.KindProgram}
	want := map[string]struct {
		kinds     []judge.Kind
		time, ac  float64
		memory    int
		outputMiB int
		codeKiB   int
	}{
		"floodit":         {all, 7, 3, 256, 8, 128},
		"rotation":        {all, 24, 3, 256, 8, 128},
		"mayan":           {all, 9, 3, 256, 8, 128},
		"floodit-timed":   {[]judge.Kind{judge.KindProgram}, 0.9, 2, 256, 1, 64},
		"rotation-timed":  {[]judge.Kind{judge.KindProgram}, 2, 2, 256, 1, 64},
		"mayan-timed":     {[]judge.Kind{judge.KindProgram}, 1.5, 3, 256, 1, 64},
		"fifteen":         {all, 1, 3, 256, 8, 128},
		"fifteen-optimal": {[]judge.Kind{judge.KindMoves, judge.KindProgram}, 3.2, 2.5, 256, 8, 128},
	}
	for _, p := range ps {
		w, ok := want[p.Problem.Slug]
		if !ok {
			t.Errorf("%s: not pinned here", p.Problem.Slug)
			continue
		}
		l := p.Problem.Limits
		if !reflect.DeepEqual(p.Problem.Kinds, w.kinds) || l.TimeLimit != w.time || l.ACToTimeLimit != w.ac ||
			l.MemoryMiB != w.memory || l.OutputMiB != w.outputMiB || l.CodeKiB != w.codeKiB || l.CompilationTime != 60 || l.CompilationMemoryMiB != 2048 {
			t.Errorf("%s: kinds %v limits %+v, want %+v", p.Problem.Slug, p.Problem.Kinds, l, w)
		}
	}
}

// TestShippedAnswers solves every shipped case with the reference solver and
// compares with the .ans beside it, so that neither drifts from the other.
func TestShippedAnswers(t *testing.T) {
	ps, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		for i, c := range p.Cases {
			t.Run(p.Problem.Slug+"/"+c.Name, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				start := time.Now()
				got, err := answerOf(ctx, p.Problem.Puzzle, c.Input)
				if err != nil {
					t.Fatalf("solve: %v", err)
				}
				if got != p.Answers[i] {
					t.Errorf("solver answers %q, %s.ans says %q", got, c.Name, p.Answers[i])
				}
				if d := time.Since(start); d > 10*time.Second {
					t.Logf("slow case: %s", d)
				}
			})
		}
	}
}

// goodFS is a minimal valid catalogue of one problem.
func goodFS() fstest.MapFS {
	return fstest.MapFS{
		"flood/problem.yaml":          {Data: []byte("slug: flood\ntitle: Flood\npuzzle: floodit\nchecker: exact\nlimits:\n  max_size: 8\n  max_colors: 6\n  max_moves: 0\n")},
		"flood/statement.md":          {Data: []byte("# Flood\n")},
		"flood/statement.zh.md":       {Data: []byte("# 染色\n")},
		"flood/tests/02-big.in":       {Data: []byte("3\n0  1 2\n1 1 2\n2 2 1\n0\n")},
		"flood/tests/02-big.ans":      {Data: []byte("3\n")},
		"flood/tests/01-sample-1.in":  {Data: []byte("2\n0 0\n0 0\n")},
		"flood/tests/01-sample-1.ans": {Data: []byte("0\n")},
		"maya/problem.yaml": {Data: []byte("slug: maya\ntitle: Mayan\npuzzle: mayan\nchecker: any-valid\nkinds: [program, moves]\n" +
			"limits:\n  time_limit: 1.5\n  memory: 512\n  output: 2\n  code: 64\n  compilation_time: 30\n  compilation_memory: 1024\n  time_multipliers:\n    ac_to_time_limit: 3\n")},
		"maya/statement.md":             {Data: []byte("Clear the board.\n")},
		"maya/tests/01-sample.in":       {Data: []byte("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n")},
		"README.md":                     {Data: []byte("not a problem")},
		"flood/tests/03-no-answer-x.in": {Data: []byte("2\n0 1\n1 0\n")},
	}
}

func TestLoad(t *testing.T) {
	ps, err := Load(goodFS())
	if err != nil {
		t.Fatal(err)
	}
	all := []judge.Kind{judge.KindAnswer, judge.KindMoves, judge.KindProgram}
	want := []Problem{
		{
			Problem: judge.Problem{Slug: "flood", Title: "Flood", Puzzle: "floodit", Statement: "# Flood\n", StatementZH: "# 染色\n", Kinds: all,
				Limits: judge.Limits{MaxSize: 8, MaxColors: 6}.WithProgramDefaults()},
			Cases: []judge.CaseSpec{
				{Name: "01-sample-1", Input: "2\n0 0\n0 0\n", Sample: true},
				{Name: "02-big", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"},
				{Name: "03-no-answer-x", Input: "2\n0 1\n1 0\n"},
			},
			Answers: []string{"0\n", "3\n", ""},
		},
		{
			Problem: judge.Problem{Slug: "maya", Title: "Mayan", Puzzle: "mayan", Statement: "Clear the board.\n", Checker: judge.CheckerAnyValid,
				Kinds: []judge.Kind{judge.KindMoves, judge.KindProgram}, Limits: judge.Limits{
					TimeLimit: 1.5, MemoryMiB: 512, OutputMiB: 2, CodeKiB: 64, CompilationTime: 30, CompilationMemoryMiB: 1024, ACToTimeLimit: 3}},
			Cases:   []judge.CaseSpec{{Name: "01-sample", Input: "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", Sample: true}},
			Answers: []string{""},
		},
	}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("Load =\n%+v\nwant\n%+v", ps, want)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(fs fstest.MapFS)
		want   string
		wantIn string // file named in the message
	}{
		{"no problem.yaml", func(fs fstest.MapFS) { delete(fs, "flood/problem.yaml") }, "not exist", "flood/problem.yaml"},
		{"empty Chinese statement", func(fs fstest.MapFS) { fs["flood/statement.zh.md"].Data = []byte(" \n") }, "empty", "flood/statement.zh.md"},
		{"bad yaml", func(fs fstest.MapFS) { fs["flood/problem.yaml"].Data = []byte("slug: [") }, "yaml", "flood/problem.yaml"},
		{"unknown key", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nchecker: exact\nlimts: {}\n")
		}, "limts", "flood/problem.yaml"},
		{"slug differs", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flod\ntitle: F\npuzzle: floodit\n")
		}, "folder name", "flood/problem.yaml"},
		{"no title", func(fs fstest.MapFS) { fs["flood/problem.yaml"].Data = []byte("slug: flood\npuzzle: floodit\n") }, "title", "flood/problem.yaml"},
		{"unknown puzzle", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: chess\n")
		}, "chess", "flood/problem.yaml"},
		{"unknown checker", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nchecker: lenient\n")
		}, "lenient", "flood/problem.yaml"},
		{"checker of another puzzle", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nchecker: any-valid\n")
		}, "not one of exact for puzzle floodit", "flood/problem.yaml"},
		{"negative limit", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nlimits:\n  max_size: -1\n")
		}, "negative", "flood/problem.yaml"},
		{"no kinds", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nkinds: []\n")
		}, "line 4, column 1: kinds: a problem takes at least one", "flood/problem.yaml"},
		{"unknown kind", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nkinds: [answer, check]\n")
		}, `line 4, column 1: kinds: "check" is not one of answer, moves, program`, "flood/problem.yaml"},
		{"kind twice", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nkinds: [moves, moves]\n")
		}, `"moves" is given twice`, "flood/problem.yaml"},
		{"kinds not a list", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nkinds: answer\n")
		}, "line 4", "flood/problem.yaml"},
		{"negative time limit", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nlimits:\n  max_size: 8\n  time_limit: -1\n")
		}, "line 6, column 3: limits.time_limit: -1 is out of range", "flood/problem.yaml"},
		{"huge memory", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nlimits:\n  memory: 100000\n")
		}, "line 5, column 3: limits.memory: 100000 is out of range (more than 0, at most 4096 MiB)", "flood/problem.yaml"},
		{"nan time limit", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nlimits:\n  time_limit: .nan\n")
		}, "limits.time_limit: NaN is out of range", "flood/problem.yaml"},
		{"zero multiplier", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 0.5\n")
		}, "line 6, column 5: limits.time_multipliers.ac_to_time_limit: 0.5", "flood/problem.yaml"},
		{"unknown limit", func(fs fstest.MapFS) {
			fs["flood/problem.yaml"].Data = []byte("slug: flood\ntitle: F\npuzzle: floodit\nlimits:\n  time_limt: 2\n")
		}, "time_limt", "flood/problem.yaml"},
		{"no statement", func(fs fstest.MapFS) { delete(fs, "flood/statement.md") }, "not exist", "flood/statement.md"},
		{"empty statement", func(fs fstest.MapFS) { fs["flood/statement.md"].Data = []byte(" \n") }, "empty", "flood/statement.md"},
		{"case does not parse", func(fs fstest.MapFS) { fs["flood/tests/02-big.in"].Data = []byte("3\n0 1 2\n1 x 2\n2 2 1\n0\n") }, "line 3, column 3", "flood/tests/02-big.in"},
		{"two cases in one file", func(fs fstest.MapFS) { fs["flood/tests/02-big.in"].Data = []byte("2\n0 0\n0 0\n2\n0 1\n1 0\n0\n") }, "", "flood/tests/02-big.in"},
		{"stray answer", func(fs fstest.MapFS) { fs["flood/tests/04-lost.ans"] = &fstest.MapFile{Data: []byte("1\n")} }, "no 04-lost.in", "flood/tests/04-lost.ans"},
		{"misspelt case", func(fs fstest.MapFS) { fs["flood/tests/04-typo.IN"] = &fstest.MapFile{Data: []byte("1\n")} }, "not a case", "flood/tests/04-typo.IN"},
		{"no tests folder", func(m fstest.MapFS) { delete(m, "maya/tests/01-sample.in") }, "not exist", "maya/tests"},
		{"no cases", func(m fstest.MapFS) {
			delete(m, "maya/tests/01-sample.in")
			m["maya/tests"] = &fstest.MapFile{Mode: fs.ModeDir | 0o755}
		}, "no case", "maya/tests"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := goodFS()
			tc.edit(fsys)
			_, err := Load(fsys)
			if err == nil {
				t.Fatal("Load succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "problems/"+tc.wantIn) {
				t.Errorf("Load error %q, want one naming problems/%s and %q", err, tc.wantIn, tc.want)
			}
		})
	}
	if _, err := Load(fstest.MapFS{"README.md": {Data: []byte("x")}}); err == nil {
		t.Error("Load of a catalogue without problems succeeded")
	}
}

// recorder is a Syncer over an in-memory store that remembers what it was
// asked to synchronise.
type recorder struct {
	stored map[string]Problem
	extra  map[string][]judge.Case // cases added after the shipped ones
	slugs  []string
	// failWrite and failRead name a problem whose write or read fails.
	failWrite, failRead string
}

func (r *recorder) SyncProblem(ctx context.Context, p judge.Problem, cases []judge.CaseSpec) error {
	if p.Slug == r.failWrite {
		return errors.New("disk full")
	}
	r.slugs = append(r.slugs, p.Slug)
	p.CatalogueHash = "synced" // as service.Service.SyncProblem records it
	r.stored[p.Slug] = Problem{Problem: p, Cases: cases}
	return nil
}

func (r *recorder) CatalogueProblem(ctx context.Context, slug string) (judge.Problem, []judge.Case, error) {
	if slug == r.failRead {
		return judge.Problem{}, nil, errors.New("database is locked")
	}
	p, ok := r.stored[slug]
	if !ok {
		return judge.Problem{}, nil, judge.Errorf(judge.ENOTFOUND, "problem %s not found", slug)
	}
	var cases []judge.Case
	for i, c := range p.Cases {
		cases = append(cases, judge.Case{ID: int64(i + 1), Position: i + 1, Name: c.Name, Sample: c.Sample, Input: c.Input, Shipped: true})
	}
	return p.Problem, append(cases, r.extra[slug]...), nil
}

func TestSync(t *testing.T) {
	ps, err := Load(goodFS())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := &recorder{stored: map[string]Problem{}, extra: map[string][]judge.Case{}}
	sync := func() []string {
		t.Helper()
		r.slugs = nil
		if err := Sync(ctx, r, ps); err != nil {
			t.Fatal(err)
		}
		return r.slugs
	}
	if got, want := sync(), []string{"flood", "maya"}; !reflect.DeepEqual(got, want) {
		t.Errorf("first sync stored %v, want %v", got, want)
	}
	if got := sync(); got != nil {
		t.Errorf("unchanged restart synchronised %v, want nothing", got)
	}
	// A board an instructor added after the shipped ones is no reason to sync.
	r.extra["flood"] = []judge.Case{{ID: 99, Position: 4, Name: "added", Input: "2\n0 1\n1 0\n"}}
	if got := sync(); got != nil {
		t.Errorf("restart with an added board synchronised %v, want nothing", got)
	}
	// A shipped board still stored after the shipped ones was removed from
	// the catalogue: that is a reason.
	r.extra["flood"] = []judge.Case{{ID: 98, Position: 4, Name: "04-gone", Input: "2\n0 1\n1 0\n", Shipped: true}}
	if got, want := sync(), []string{"flood"}; !reflect.DeepEqual(got, want) {
		t.Errorf("restart after a removed board synchronised %v, want %v", got, want)
	}
	r.extra["flood"] = nil
	// An edited board, statement or limit is.
	edited := ps[0]
	edited.Cases = append([]judge.CaseSpec(nil), ps[0].Cases...)
	edited.Cases[1].Input = "2\n1 1\n1 1\n"
	r.stored["flood"] = edited
	retitled := ps[1]
	retitled.Problem.Title = "Old title"
	r.stored["maya"] = retitled
	if got, want := sync(), []string{"flood", "maya"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sync after edits stored %v, want %v", got, want)
	}

	for _, r := range []*recorder{{failWrite: "maya"}, {failRead: "maya"}} {
		r.stored = map[string]Problem{}
		if err := Sync(ctx, r, ps); err == nil || !strings.Contains(err.Error(), "maya") {
			t.Errorf("Sync error = %v, want one naming maya", err)
		}
	}
}

// TestShippedTitlesZH: every shipped problem has a Chinese title (title_zh
// in its problem.yaml), for the zh pages to show wherever a title appears.
func TestShippedTitlesZH(t *testing.T) {
	ps, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		zh := p.Problem.TitleZH
		if !strings.ContainsFunc(zh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			t.Errorf("problems/%s/problem.yaml: title_zh %q, want a Chinese title", p.Problem.Slug, zh)
		}
		if got := p.Problem.TitleIn("zh-CN"); got != zh {
			t.Errorf("%s: TitleIn(zh-CN) = %q, want %q", p.Problem.Slug, got, zh)
		}
		if got := p.Problem.TitleIn("en"); got != p.Problem.Title {
			t.Errorf("%s: TitleIn(en) = %q, want %q", p.Problem.Slug, got, p.Problem.Title)
		}
	}
}

// TestShippedStatementsZHNameBoards: where an English statement names a
// hidden board as the pages and the API do ("board 7"), the Chinese one
// names it as the Chinese pages do ("棋盘 7", label_board), not in English
// only.
func TestShippedStatementsZHNameBoards(t *testing.T) {
	ps, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if strings.Contains(p.Problem.Statement, "`board 7`") && !strings.Contains(p.Problem.StatementZH, "棋盘 7") {
			t.Errorf("problems/%s/statement.zh.md names hidden boards only in English (board 7), not 棋盘 7", p.Problem.Slug)
		}
	}
}
