// Package problems is the shipped catalogue: one folder per problem with its
// problem.yaml, statement.md and tests/, embedded in the binary and loaded
// (and checked against the engines) at start.
package problems

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

//go:embed */problem.yaml */statement.md */statement.zh.md */tests/*
var files embed.FS

// Problem is one problem of the catalogue as the judge stores it, with its
// cases in order and, beside each case, the expected output shipped in its
// .ans file ("" when there is none).
type Problem struct {
	Problem judge.Problem
	Cases   []judge.CaseSpec
	Answers []string
}

// Shipped loads the catalogue embedded in the binary.
func Shipped() ([]Problem, error) {
	return Load(files)
}

// Syncer stores a problem of the catalogue and reads it back whole (hidden
// cases' names and boards included); *service.Service is one.
type Syncer interface {
	SyncProblem(ctx context.Context, p judge.Problem, cases []judge.CaseSpec) error
	CatalogueProblem(ctx context.Context, slug string) (judge.Problem, []judge.Case, error)
}

// Sync stores every problem through s. A problem whose stored copy already
// matches the catalogue is skipped without a write, as a fast path:
// SyncProblem would change nothing either (it keeps the boards instructors
// added and writes only what differs), but it reads more to find that out.
func Sync(ctx context.Context, s Syncer, ps []Problem) error {
	for _, p := range ps {
		stored, cases, err := s.CatalogueProblem(ctx, p.Problem.Slug)
		switch {
		case err == nil && upToDate(p, stored, cases):
			continue
		case err != nil && judge.ErrorCode(err) != judge.ENOTFOUND:
			return fmt.Errorf("sync problem %s: %w", p.Problem.Slug, err)
		}
		if err := s.SyncProblem(ctx, p.Problem, p.Cases); err != nil {
			return fmt.Errorf("sync problem %s: %w", p.Problem.Slug, err)
		}
	}
	return nil
}

// upToDate reports whether the stored problem is the shipped one, field for
// field: its first cases are the shipped cases in catalogue order, and every
// case after them is an instructor's (a shipped case left there was removed
// from the catalogue). A problem stored before the judge kept the catalogue's
// hash, or detached from it by an instructor's edit, goes to SyncProblem,
// which stores the hash, or leaves the edit alone.
func upToDate(p Problem, stored judge.Problem, cases []judge.Case) bool {
	want := p.Problem
	if !stored.Shipped() || stored.Detached || stored.Title != want.Title || stored.Puzzle != want.Puzzle || stored.Statement != want.Statement || stored.StatementZH != want.StatementZH || stored.TitleZH != want.TitleZH ||
		stored.Checker != want.Checker || !slices.Equal(stored.Kinds, want.Kinds) || stored.Limits != want.Limits || len(cases) < len(p.Cases) {
		return false
	}
	for i, spec := range p.Cases {
		c := cases[i]
		if !c.Shipped || c.Position != i+1 || c.Name != spec.Name || c.Sample != spec.Sample || c.Input != spec.Input {
			return false
		}
	}
	for _, c := range cases[len(p.Cases):] {
		if c.Shipped {
			return false
		}
	}
	return true
}

// manifest is problem.yaml.
type manifest struct {
	Slug  string `yaml:"slug"`
	Title string `yaml:"title"`
	// TitleZH is the title in Simplified Chinese; every shipped problem
	// has one (TestShippedTitlesZH).
	TitleZH string `yaml:"title_zh"`
	Puzzle  string `yaml:"puzzle"`
	Checker string `yaml:"checker"`
	// Kinds left out is all three; an empty list is refused.
	Kinds  []judge.Kind `yaml:"kinds"`
	Limits struct {
		MaxSize   int `yaml:"max_size"`
		MaxColors int `yaml:"max_colors"`
		MaxMoves  int `yaml:"max_moves"`
		// The program limits, in the names of the Kattis format; 0 (left
		// out) is judge.DefaultProgramLimits'.
		TimeLimit         float64 `yaml:"time_limit"`
		Memory            int     `yaml:"memory"`
		Output            int     `yaml:"output"`
		Code              int     `yaml:"code"`
		CompilationTime   float64 `yaml:"compilation_time"`
		CompilationMemory int     `yaml:"compilation_memory"`
		TimeMultipliers   struct {
			ACToTimeLimit float64 `yaml:"ac_to_time_limit"`
		} `yaml:"time_multipliers"`
	} `yaml:"limits"`
}

// limits returns the manifest's limits with the defaults of those left out.
func (m manifest) limits() judge.Limits {
	l := m.Limits
	return judge.Limits{
		MaxSize: l.MaxSize, MaxColors: l.MaxColors, MaxMoves: l.MaxMoves,
		TimeLimit: l.TimeLimit, MemoryMiB: l.Memory, OutputMiB: l.Output, CodeKiB: l.Code,
		CompilationTime: l.CompilationTime, CompilationMemoryMiB: l.CompilationMemory,
		ACToTimeLimit: l.TimeMultipliers.ACToTimeLimit,
	}.WithProgramDefaults()
}

var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Load reads every problem folder at the root of fsys, in name order, and
// checks it: a known puzzle and checker, a slug equal to the folder name, a
// statement, at least one case, and every case parsing with its engine.
func Load(fsys fs.FS) ([]Problem, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []Problem
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		p, err := loadProblem(fsys, e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, errors.New("problems: no problem folder found")
	}
	return out, nil
}

func loadProblem(fsys fs.FS, dir string) (Problem, error) {
	fail := func(file string, err error) (Problem, error) {
		return Problem{}, fmt.Errorf("problems/%s: %w", path.Join(dir, file), err)
	}
	raw, err := fs.ReadFile(fsys, path.Join(dir, "problem.yaml"))
	if err != nil {
		return fail("problem.yaml", cause(err))
	}
	var m manifest
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&m); err != nil && !errors.Is(err, io.EOF) {
		return fail("problem.yaml", err)
	}
	if err := m.check(dir); err != nil {
		return fail("problem.yaml", err)
	}
	kinds, err := judge.NormalizeKinds(m.Kinds)
	if err != nil {
		return fail("problem.yaml", at(raw, []string{"kinds"}, err))
	}
	limits := m.limits()
	if key, err := limits.Check(); err != nil {
		return fail("problem.yaml", at(raw, append([]string{"limits"}, strings.Split(key, ".")...), err))
	}
	statement, err := fs.ReadFile(fsys, path.Join(dir, "statement.md"))
	if err != nil {
		return fail("statement.md", cause(err))
	}
	if strings.TrimSpace(string(statement)) == "" {
		return fail("statement.md", errors.New("empty statement"))
	}
	// The Chinese statement is optional; when it is there it is not empty.
	statementZH, err := fs.ReadFile(fsys, path.Join(dir, "statement.zh.md"))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		statementZH = nil
	case err != nil:
		return fail("statement.zh.md", cause(err))
	case strings.TrimSpace(string(statementZH)) == "":
		return fail("statement.zh.md", errors.New("empty statement"))
	}
	pz, err := puzzles.Lookup(m.Puzzle)
	if err != nil {
		return Problem{}, err
	}
	checker, err := checkerOf(pz, m.Checker)
	if err != nil {
		return fail("problem.yaml", err)
	}
	p := Problem{Problem: judge.Problem{
		Slug: m.Slug, Title: m.Title, Puzzle: m.Puzzle, Statement: string(statement), StatementZH: string(statementZH), TitleZH: m.TitleZH, Checker: checker,
		Kinds: kinds, Limits: limits,
	}}
	if err := loadCases(fsys, dir, pz, &p); err != nil {
		return Problem{}, err
	}
	return p, nil
}

// at is err's message behind the line and column of the key at path in
// the YAML text raw (of the nearest key on the path found).
func at(raw []byte, path []string, err error) error {
	msg := judge.ErrorMessage(err)
	var doc yaml.Node
	if yaml.Unmarshal(raw, &doc) != nil || len(doc.Content) == 0 {
		return errors.New(msg)
	}
	n, pos := doc.Content[0], (*yaml.Node)(nil)
	for _, key := range path {
		next := (*yaml.Node)(nil)
		for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				pos, next = n.Content[i], n.Content[i+1]
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	if pos == nil {
		return errors.New(msg)
	}
	return fmt.Errorf("line %d, column %d: %s", pos.Line, pos.Column, msg)
}

// check validates the manifest of the problem in folder dir.
func (m manifest) check(dir string) error {
	switch {
	case m.Slug != dir:
		return fmt.Errorf("slug %q differs from the folder name %q", m.Slug, dir)
	case !slugPattern.MatchString(m.Slug):
		return fmt.Errorf("slug %q: use lowercase letters, digits and dashes", m.Slug)
	case strings.TrimSpace(m.Title) == "":
		return errors.New("title is empty")
	case !slices.Contains(puzzles.PuzzleNames(), m.Puzzle):
		return fmt.Errorf("puzzle %q is not one of %s", m.Puzzle, strings.Join(puzzles.PuzzleNames(), ", "))
	}
	return nil
}

// checkerOf returns the Problem.Checker of a manifest's checker: "" for
// exact (or none), otherwise one the puzzle itself offers, so that a puzzle's
// checkers are known from its adapter alone.
func checkerOf(pz judge.Puzzle, name string) (string, error) {
	switch {
	case name == "" || name == judge.CheckerExact:
		return "", nil
	case slices.Contains(pz.Checkers(), name):
		return name, nil
	}
	return "", fmt.Errorf("checker %q is not one of %s for puzzle %s", name, strings.Join(append([]string{judge.CheckerExact}, pz.Checkers()...), ", "), pz.Name())
}

// loadCases reads tests/*.in in lexical order, with the .ans beside each.
// A file that is neither, or an .ans without its .in, is refused: it is a
// misspelt case that would otherwise be silently left out.
func loadCases(fsys fs.FS, dir string, pz judge.Puzzle, p *Problem) error {
	testDir := path.Join(dir, "tests")
	entries, err := fs.ReadDir(fsys, testDir)
	if err != nil {
		return fmt.Errorf("problems/%s: %w", testDir, cause(err))
	}
	names := map[string]bool{}
	var ins []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir():
			return fmt.Errorf("problems/%s/%s: unexpected folder", testDir, name)
		case strings.HasSuffix(name, ".in"):
			ins = append(ins, strings.TrimSuffix(name, ".in"))
			names[strings.TrimSuffix(name, ".in")] = true
		case strings.HasSuffix(name, ".ans"):
		default:
			return fmt.Errorf("problems/%s/%s: not a case (want NN-name.in and NN-name.ans)", testDir, name)
		}
	}
	for _, e := range entries {
		if base, ok := strings.CutSuffix(e.Name(), ".ans"); ok && !names[base] {
			return fmt.Errorf("problems/%s/%s: no %s.in beside it", testDir, e.Name(), base)
		}
	}
	if len(ins) == 0 {
		return fmt.Errorf("problems/%s: no case (*.in)", testDir)
	}
	sort.Strings(ins)
	for _, name := range ins {
		file := path.Join(testDir, name+".in")
		raw, err := fs.ReadFile(fsys, file)
		if err != nil {
			return fmt.Errorf("problems/%s: %w", file, err)
		}
		// The canonical text (the engine's Format) is what the judge stores.
		input, err := pz.ParseCase(string(raw))
		if err != nil {
			return fmt.Errorf("problems/%s: %s", file, judge.ErrorMessage(err))
		}
		ans, err := fs.ReadFile(fsys, path.Join(testDir, name+".ans"))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("problems/%s.ans: %w", path.Join(testDir, name), err)
		}
		p.Cases = append(p.Cases, judge.CaseSpec{Name: name, Input: input, Sample: strings.Contains(name, "sample")})
		p.Answers = append(p.Answers, string(ans))
	}
	return nil
}

// cause strips the path from an *fs.PathError, since messages name the file already.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
