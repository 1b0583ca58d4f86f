// Package kattis reads and writes problems as Kattis problem packages
// (format version 2023-07-draft): problem.yaml, statement/problem.en.md,
// data/sample and data/secret with an .in and an .ans per case. The judge's
// own settings (puzzle, checker, limits, case names) are in a puzzlejudge
// section of problem.yaml, so that a package the judge wrote is read back
// exactly. Packages are untrusted: Read bounds what it unpacks and refuses
// paths that leave the package, links, and archives that expand too much.
package kattis

import (
	"archive/zip"
	"bytes"
	"crypto/sha1"
	"fmt"
	"io"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"puzzlejudge/judge"
)

// FormatVersion is the problem_format_version written and read.
const FormatVersion = "2023-07-draft"

// Package is a problem as a package holds it. Answers holds each case's
// expected output ("" when unknown): written as .ans files, ignored when
// read, since the judge solves every case itself.
type Package struct {
	Problem judge.Problem
	Cases   []judge.CaseSpec
	Answers []string
	// Programs are the problem's own programs, submissions/<folder>/<name>.
	Programs []judge.ProgramFile
}

// FromCases returns the package of a stored problem: the expected output of
// every case whose solution is ready.
func FromCases(p judge.Problem, cases []judge.Case) Package {
	pkg := Package{Problem: p}
	for _, c := range cases {
		pkg.Cases = append(pkg.Cases, judge.CaseSpec{Name: c.Name, Input: c.Input, Sample: c.Sample})
		ans := ""
		if c.Status == judge.CaseReady {
			ans = c.Expected.Answer
		}
		pkg.Answers = append(pkg.Answers, ans)
	}
	return pkg
}

// manifest is problem.yaml: the Kattis keys the judge uses, and its own
// section.
type manifest struct {
	ProblemFormatVersion string `yaml:"problem_format_version"`
	Type                 string `yaml:"type"`
	Name                 any    `yaml:"name"`
	UUID                 string `yaml:"uuid"`
	// Limits are the Kattis limits, the program ones of judge.Limits.
	Limits      *programLimits `yaml:"limits,omitempty"`
	PuzzleJudge *section       `yaml:"puzzlejudge,omitempty"`
}

// programLimits is problem.yaml's limits in the Kattis names; a key left
// out (0) is the judge's default.
type programLimits struct {
	TimeMultipliers *struct {
		ACToTimeLimit float64 `yaml:"ac_to_time_limit,omitempty"`
	} `yaml:"time_multipliers,omitempty"`
	TimeLimit         float64 `yaml:"time_limit,omitempty"`
	Memory            int     `yaml:"memory,omitempty"`
	Output            int     `yaml:"output,omitempty"`
	Code              int     `yaml:"code,omitempty"`
	CompilationTime   float64 `yaml:"compilation_time,omitempty"`
	CompilationMemory int     `yaml:"compilation_memory,omitempty"`
}

func programLimitsOf(l judge.Limits) *programLimits {
	l = l.WithProgramDefaults()
	pl := &programLimits{TimeLimit: l.TimeLimit, Memory: l.MemoryMiB, Output: l.OutputMiB, Code: l.CodeKiB,
		CompilationTime: l.CompilationTime, CompilationMemory: l.CompilationMemoryMiB}
	pl.TimeMultipliers = &struct {
		ACToTimeLimit float64 `yaml:"ac_to_time_limit,omitempty"`
	}{l.ACToTimeLimit}
	return pl
}

// set copies the limits a package gives into l.
func (pl *programLimits) set(l *judge.Limits) {
	if pl == nil {
		return
	}
	l.TimeLimit, l.MemoryMiB, l.OutputMiB, l.CodeKiB = pl.TimeLimit, pl.Memory, pl.Output, pl.Code
	l.CompilationTime, l.CompilationMemoryMiB = pl.CompilationTime, pl.CompilationMemory
	if pl.TimeMultipliers != nil {
		l.ACToTimeLimit = pl.TimeMultipliers.ACToTimeLimit
	}
}

// section is the puzzlejudge section of problem.yaml.
type section struct {
	Slug      string       `yaml:"slug"`
	Puzzle    string       `yaml:"puzzle"`
	Checker   string       `yaml:"checker"`
	Published bool         `yaml:"published"`
	Kinds     []judge.Kind `yaml:"kinds,omitempty"`
	Limits    limitsYAML   `yaml:"limits"`
	// Cases lists the test cases in the judge's order with their names;
	// a test case is its path under data/ without extension.
	Cases []caseYAML `yaml:"cases"`
}

type limitsYAML struct {
	MaxSize   int `yaml:"max_size"`
	MaxColors int `yaml:"max_colors"`
	MaxMoves  int `yaml:"max_moves"`
}

type caseYAML struct {
	File string `yaml:"file"`
	Name string `yaml:"name"`
}

// modified is the time stamp of every entry, so that the same problem
// always gives the same bytes.
var modified = time.Date(2023, 7, 1, 0, 0, 0, 0, time.UTC)

// Write writes the package as a zip archive of the folder <slug>/.
func Write(w io.Writer, pkg Package) error {
	p := pkg.Problem
	checker := p.Checker
	if checker == "" {
		checker = judge.CheckerExact
	}
	sec := &section{Slug: p.Slug, Puzzle: p.Puzzle, Checker: checker, Published: !p.Draft, Kinds: p.Kinds,
		Limits: limitsYAML{MaxSize: p.Limits.MaxSize, MaxColors: p.Limits.MaxColors, MaxMoves: p.Limits.MaxMoves}}
	width := max(2, len(fmt.Sprint(len(pkg.Cases))))
	files := make([]string, len(pkg.Cases))
	for i, c := range pkg.Cases {
		dir := "secret"
		if c.Sample {
			dir = "sample"
		}
		files[i] = fmt.Sprintf("%s/%0*d-%s", dir, width, i+1, fileWord(c.Name))
		sec.Cases = append(sec.Cases, caseYAML{File: files[i], Name: c.Name})
	}
	m := manifest{ProblemFormatVersion: FormatVersion, Type: packageType(p), Name: p.Title, UUID: uuidOf(p.Slug),
		Limits: programLimitsOf(p.Limits), PuzzleJudge: sec}
	if p.TitleZH != "" {
		// The Kattis format names a problem per language: {en: ..., zh: ...}.
		m.Name = map[string]string{"en": p.Title, "zh": p.TitleZH}
	}
	var yml bytes.Buffer
	enc := yaml.NewEncoder(&yml)
	enc.SetIndent(2)
	if err := enc.Encode(m); err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	put := func(name, text string) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: p.Slug + "/" + name, Method: zip.Deflate, Modified: modified})
		if err != nil {
			return err
		}
		_, err = io.WriteString(f, text)
		return err
	}
	if err := put("problem.yaml", yml.String()); err != nil {
		return err
	}
	if err := put("statement/problem.en.md", p.Statement); err != nil {
		return err
	}
	if p.StatementZH != "" {
		if err := put("statement/problem.zh.md", p.StatementZH); err != nil {
			return err
		}
	}
	for i, c := range pkg.Cases {
		if err := put("data/"+files[i]+".in", c.Input); err != nil {
			return err
		}
		ans := ""
		if i < len(pkg.Answers) {
			ans = pkg.Answers[i]
		}
		if err := put("data/"+files[i]+".ans", ans); err != nil {
			return err
		}
	}
	for _, f := range pkg.Programs {
		if err := put("submissions/"+f.Folder+"/"+f.Name, f.Source); err != nil {
			return err
		}
	}
	return zw.Close()
}

// packageType is the Kattis type of the problem: pass-fail for one that
// judges programs only, submit-answer for one that takes answers.
func packageType(p judge.Problem) string {
	if p.Takes(judge.KindProgram) && !p.Takes(judge.KindAnswer) {
		return "pass-fail"
	}
	return "submit-answer"
}

// fileWord turns a case name into a file name part: lowercase letters,
// digits and dashes, at most 40 of them (the real name is in problem.yaml).
func fileWord(name string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if sb.Len() >= 40 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sb.WriteRune(r)
			dash = false
		} else if !dash && sb.Len() > 0 {
			sb.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimSuffix(sb.String(), "-")
	if s == "" {
		return "case"
	}
	return s
}

// uuidOf derives a stable UUID (version 5 form) from the slug, so that
// exporting a problem twice gives the same package.
func uuidOf(slug string) string {
	h := sha1.Sum([]byte("puzzlejudge problem " + slug))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}
